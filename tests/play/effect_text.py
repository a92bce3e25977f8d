"""Builders for effect-compiler tests: a made-up card around one text, and short names for the
effect trees it must compile to (``T`` a target, ``E`` an effect, ``SELF``, ``OPP1``, ``DRAW1``)."""

from __future__ import annotations

from generator.models.onepiece import OnePieceCard
from generator.play.effects import model as m


def card(effect: str | None, trigger: str | None = None, card_id: str = "TS01-001") -> OnePieceCard:
    return OnePieceCard(
        card_id=card_id,
        name="Test Pirate",
        category="Character",
        colors=("Red",),
        cost=3,
        power=4000,
        counter=1000,
        life=None,
        attributes=("Slash",),
        types=("Test Crew",),
        effect=effect,
        trigger=trigger,
        block=3,
        rarity="C",
        skus=(),
    )


def T(who: str, count: int | None = 1, up_to: bool = True, **flt) -> m.Target:
    return m.Target(who=who, count=count, up_to=up_to, filter=m.CardFilter(**flt))


SELF = m.Target(who="self_card", up_to=False)
OPP1 = T("opponent_character")
DRAW1 = m.Draw(n=1)


def E(timing: str, *actions, **fields) -> m.Effect:
    return m.Effect(timing=timing, actions=actions, **fields)
