"""Status formulas said in other words than "{T} cannot ...": "None of your Characters can be K.O.'d
...", a negation that shares its duration with a second clause ("Negate the effect of up to 1 ...
and give that card -4000 power during this turn"), "will not become active in the next Refresh
Phase", the rule a player's own effects must keep ("you cannot add Life cards to your hand
using your own effects") or their attacks ("you cannot attack a Leader during this turn"), which
their Leader carries (see ``model_actions.Status``), and "This Character cannot attack a Leader on
the turn in which it is played" (read with the attack targets, ``battle.attack_targets``).

"None of X can be K.O.'d" is "all of X cannot be K.O.'d": like every "all of your Characters ..."
effect it applies to the cards on the field when it resolves.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.play.effects import model as m_
from generator.play.effects.action_builders import Built, status, timed_only, with_target
from generator.play.effects.grammar import Context, Rule, Slots, duration, rule
from generator.play.effects.model_actions import Status
from generator.play.effects.model_base import Duration
from generator.play.effects.phrases import parse_target

_KO_STATUS: dict[str, Status] = {
    "": "cannot_be_ko",
    " in battle": "cannot_be_ko_in_battle",
    " by effects": "cannot_be_ko_by_effects",
    " by your opponent's effects": "cannot_be_ko_by_opponent_effects",
}
_MEMO = m_.Target(who="memo", count=None, up_to=False)
_PLAYER = m_.Target(who="your_leader", up_to=False)  # a rule on the player, carried by their Leader


def _none_of(m: Slots, ctx: Context) -> m_.GainStatus | None:
    t, d = parse_target(f"all of {m['t']}"), duration(m, ctx)
    if t is None or d is None or not t.who.startswith("your"):
        return None
    return m_.GainStatus(target=t, status=_KO_STATUS[m["how"] or ""], duration=d)


def _negate_and(m: Slots, ctx: Context) -> tuple[m_.GainStatus, m_.Power | m_.GainStatus] | None:
    """The negation and the second clause both last the duration said once at the end; the second
    names the negated card ("that card", "that Character")."""
    t, d = parse_target(m["t"]), duration(m, ctx)
    if t is None or d is None or d == "continuous":
        return None
    negate = m_.GainStatus(target=t, status="negated", duration=d)
    if m["p"]:
        return negate, m_.Power(target=_MEMO, amount=int(m["p"]), duration=d)
    return negate, m_.GainStatus(target=_MEMO, status="cannot_attack", duration=d)


def _no_refresh(whose: str) -> Callable[[m_.Target, Slots, Context], m_.GainStatus | None]:
    """ "will not become active in the next Refresh Phase": the next one of the card's owner;
    "in your next Refresh Phase" only for your own cards."""

    def build(t: m_.Target, m: Slots, ctx: Context) -> m_.GainStatus | None:
        mine = t.who.startswith("your") or t.who in ("self_card", "memo")  # "the selected Character"
        if whose == "your" and not mine or whose == "the" and t.who != "opponent_character":
            return None
        last: Duration = "until_end_of_your_next_turn" if mine else "until_end_of_opponents_next_turn"
        return m_.GainStatus(target=t, status="no_refresh", duration=last)

    return build


STATUS: tuple[Rule[Built], ...] = (
    rule("None of {T} can be K.O.'d(?P<how> in battle| by effects| by your opponent's effects)?{D}", _none_of),
    rule(
        "Negate the effects? of {T} and (?:give that card {P} power|that Character cannot attack){D}",
        _negate_and,
    ),
    rule(
        "Negate the effects? of your opponent's Leader and all of their Characters{D}",
        lambda m, c: (
            None
            if (d := duration(m, c)) in (None, "continuous")
            else (
                m_.GainStatus(target=m_.Target(who="opponent_leader", up_to=False), status="negated", duration=d),
                m_.GainStatus(
                    target=m_.Target(who="opponent_character", count=None, up_to=False), status="negated", duration=d
                ),
            )
        ),
    ),
    rule("{T} will not become active in your next Refresh Phase", with_target(_no_refresh("your"))),
    rule("{T} will not become active in the next Refresh Phase", with_target(_no_refresh("the"))),
    rule(
        "{T} do not become active in your and your opponent's Refresh Phases",
        with_target(
            lambda t, m, c: (
                m_.GainStatus(target=t, status="no_refresh", duration="continuous")
                if c.static and t.count is None
                else None
            )
        ),
    ),
    rule(
        "you cannot add Life cards to your hand using your own effects{D}",
        status("no_life_to_hand", target=_PLAYER),
    ),
    rule("you cannot draw cards using your own effects{D}", status("no_effect_draw", target=_PLAYER)),
    rule(
        "you cannot attack a Leader{D}",
        timed_only(status("no_leader_attacks", target=_PLAYER)),
    ),
    rule(
        "{T} cannot attack a Leader on the turn in which it is played",
        with_target(
            lambda t, m, c: (
                m_.GainStatus(target=t, status="no_leader_attack_when_played", duration="continuous")
                if c.static and t.who == "self_card"
                else None
            )
        ),
    ),
    rule(
        "you cannot set DON!! cards as active using Character effects{D}",
        status("no_don_active_by_characters", target=_PLAYER),
    ),
)
