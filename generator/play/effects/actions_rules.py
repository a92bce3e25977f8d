"""Action formulas for rule changes that read a number or a card where they apply (the nodes of
``model_actions_rules``): "cannot be K.O.'d in battle by <Slash> attribute cards", "your opponent
cannot attack any card other than the Character [X]", "Set the power of ... to 0", "Swap the base
power of the selected Characters", "Your opponent cannot activate a [Blocker] Character that has
2000 or less power", "you cannot play Character cards [with a base cost of 5 or more]" and "Choose
a cost and reveal 1 card from the top of your opponent's deck".
"""

from __future__ import annotations

import re
from collections.abc import Callable

from generator.play.effects import model as m_
from generator.play.effects.action_builders import A, Built, num, with_target
from generator.play.effects.grammar import Build, Context, Rule, Slots, duration, rule
from generator.play.effects.phrases import parse_filter


def _shield(t: m_.Target, m: Slots, ctx: Context) -> m_.BattleKOShield | None:
    """Only as a permanent effect, which is how every card prints it; the filter is of the card
    the protected one battles (its attacker: only the attacked card can be K.O.'d in battle,
    7-1-4-1-2)."""
    parsed = parse_filter(m["f"])
    if not ctx.static or parsed is None or parsed[2] or parsed[1] not in ("both", "leader", "character"):
        return None
    return m_.BattleKOShield(target=t, by=parsed[0])


def _timed(build: Callable[[Slots, m_.Duration], A]) -> Build[A]:
    """A rule change that lasts a stated time (no card prints these as permanent effects)."""

    def wrapped(m: Slots, ctx: Context) -> A | None:
        d = duration(m, ctx)
        return None if d is None or d == "continuous" else build(m, d)

    return wrapped


def _blocker_ban(m: Slots, d: m_.Duration) -> m_.BlockerBan:
    bound = int(m["n"])
    return m_.BlockerBan(
        max_power=bound if m["cmp"].lower() == "less" else None,
        min_power=bound if m["cmp"].lower() == "more" else None,
        duration=d,
    )


RULES: tuple[Rule[Built], ...] = (
    rule("{T} cannot be K.O.'d in battle by {F}", with_target(_shield)),
    Rule(
        re.compile(r"your opponent cannot attack any card other than the Character \[(?P<name>[^\]]+)\]", re.I),
        lambda m, c: m_.AttackLock(names=(m["name"],)) if c.static else None,
        "your opponent cannot attack any card other than the Character [X] (permanent)",
    ),
    rule(
        "Set the power of {T} to 0{D}",
        with_target(
            lambda t, m, c: (
                None if (d := duration(m, c)) in (None, "continuous") else m_.SetPowerZero(target=t, duration=d)
            )
        ),
    ),
    rule(
        "Swap the base power of the selected Characters with each other{D}",
        _timed(lambda m, d: m_.SwapBasePower(duration=d)),
    ),
    rule(
        "Your opponent cannot activate a [Blocker] Character that has {N} (?:power )?or (?P<cmp>less|more)"
        "(?: power)?{D}",
        _timed(_blocker_ban),
    ),
    rule(
        "you cannot play (?:any )?Character cards(?: on your field)?{D}",
        _timed(lambda m, d: m_.PlayBan(duration=d)),
    ),
    rule(
        "you cannot play Character cards with a base cost of {N} or more{D}",
        _timed(lambda m, d: m_.PlayBan(min_base_cost=num(m), duration=d)),
    ),
    rule(
        "Choose a cost and reveal 1 card from the top of your opponent's deck",
        lambda m, c: m_.ChooseCostReveal(),
    ),
)
