"""What the sentence makers (``narration_battle``, ``narration_effects``) ask of the narrator: its
memory of the table and how it names players and cards. A Protocol, so those modules need nothing
from ``narration`` (which imports them) and the three no longer form an import cycle, even one
seen by the type checker alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class PublicCard:
    """A card the reader can see on the field: enough to write "the AI's Leader Kaido (6000 power)"."""

    name: str
    owner: int
    leader: bool
    power: int | None


@dataclass(frozen=True)
class BattleMemory:
    """The battle being narrated: who attacks whom, their powers when first seen (the attack's
    declaration, or the reader's view when the battle began in an earlier answer), the Counter
    power the target got, and what ended it."""

    attacker: int
    target: int
    attacker_power: int | None
    target_power: int | None
    counters: int = 0
    left_field: int | None = None
    attacker_won: bool | None = None
    target_ko: bool = False


class Voice(Protocol):
    cards: dict[int, PublicCard]
    names: dict[int, str]
    battle: BattleMemory | None
    active: int | None

    def who(self, player: int | None, capital: bool = True) -> str: ...
    def whose(self, player: int | None, capital: bool = False) -> str: ...
    def verb(self, player: int | None, verb: str) -> str: ...
    def power_of(self, iid: object) -> int | None: ...
    def shift_power(self, iid: object, amount: int) -> str: ...
    def phrase(self, iid: object, power: bool = True) -> str: ...
    def card_name(self, data: dict[str, Any], key: str = "card") -> str | None: ...
