"""The action formulas of One Piece card text, one rule per formula (see ``grammar``), gathered
from their families: cards between zones (``actions_cards``), cards on the field
(``actions_field``), rule changes that read a number or a card where they apply
(``actions_rules``), statuses said in other words (``actions_status``) and the rarer formulas
(``actions_zones``).

Order matters only where two formulas share words: the more specific one comes first (trashing
from hand before trashing a target on the field). A clause that fits no rule stays unparsed;
nothing here guesses.
"""

from __future__ import annotations

from generator.play.effects.action_builders import Built
from generator.play.effects.actions_cards import CARDS
from generator.play.effects.actions_field import FIELD
from generator.play.effects.actions_rules import RULES
from generator.play.effects.actions_status import STATUS
from generator.play.effects.actions_zones import ZONES
from generator.play.effects.grammar import Rule

ACTIONS: tuple[Rule[Built], ...] = (*CARDS, *RULES, *FIELD, *STATUS, *ZONES)
