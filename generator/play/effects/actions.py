"""The action formulas of One Piece card text, one rule per formula (see ``grammar``).

Order matters only where two formulas share words: the more specific one comes first (trashing
from hand before trashing a target on the field). A clause that fits no rule stays unparsed;
nothing here guesses. "Up to N" and "N" are kept apart where the difference is a choice the
player makes (drawing, trashing, adding Life).
"""

from __future__ import annotations

import re
from typing import cast

from generator.play.effects import model as m_
from generator.play.effects.grammar import Context, Rule, duration, rule
from generator.play.effects.model_actions import PlayZone
from generator.play.effects.model_base import Keyword
from generator.play.effects.phrases import number, parse_filter, parse_target

_ALL_OPPONENT_CHARACTERS = m_.Target(who="opponent_character", count=None, up_to=False)


def _n(m: re.Match[str]) -> int:
    return number(m["n"])


def _target(build):
    """Run the builder only when the {T} slot parses as a target."""

    def wrapped(m: re.Match[str], ctx: Context):
        t = parse_target(m["t"])
        return None if t is None else build(t, m, ctx)

    return wrapped


def _filter(build):
    """Run the builder only when the {F} slot parses as a card filter (of cards off the field,
    so "other than this Character" makes no sense there)."""

    def wrapped(m: re.Match[str], ctx: Context):
        parsed = parse_filter(m["f"])
        return None if parsed is None or parsed[2] else build(parsed[0], m, ctx)

    return wrapped


def _timed(node_type, target: m_.Target | None = None, **fixed):
    """A node with a target and a duration (power, cost, base power, status). The amount comes from
    {P} or {N}. None when a triggered effect gives no duration (see ``grammar.Context``)."""

    def build(m: re.Match[str], ctx: Context):
        t = target or parse_target(m["t"])
        d = duration(m, ctx)
        if t is None or d is None:
            return None
        groups = m.groupdict()
        amount = {"amount": int(groups["p"])} if "p" in groups else {"value": int(groups["n"])} if "n" in groups else {}
        return node_type(target=t, duration=d, **fixed, **amount)

    return build


def _keyword(m: re.Match[str], ctx: Context):
    t, d = parse_target(m["t"]), duration(m, ctx)
    keyword = cast(Keyword, m["k"])  # the pattern names only keywords
    return (
        None if t is None or d is None else m_.GainKeyword(target=t, keyword=keyword, duration=d)
    )  # the pattern names only keywords


def _both(first, second):
    """One clause, two effects on one target: "gains [Rush] and +1000 power"."""

    def build(m: re.Match[str], ctx: Context):
        a, b = first(m, ctx), second(m, ctx)
        return None if a is None or b is None else (a, b)

    return build


def _status(status: str, target: m_.Target | None = None):
    return _timed(m_.GainStatus, target=target, status=status)


@_filter
def _look_top(f: m_.CardFilter, m: re.Match[str], ctx: Context):
    return m_.LookTop(
        n=_n(m),
        filter=f,
        take=number(m["n2"]),
        to="play" if m["play"] else "hand",
        rested=bool(m["rested"]),
        rest_to="trash" if m["rest"].startswith("trash") else "bottom",
    )


@_filter
def _play_from(f: m_.CardFilter, m: re.Match[str], ctx: Context):
    zone = cast(PlayZone, m["zone"].lower().replace(" or ", "_or_"))  # the pattern names only these zones
    return m_.PlayFrom(zone=zone, filter=f, count=_n(m), rested=bool(m["rested"]))


def _add_don(m: re.Match[str], ctx: Context):
    return m_.AddDon(n=_n(m), state="active" if "active" in m["how"] else "rested")


_LOOK = (
    "Look at {N} cards from the top of your deck(?:; reveal|(?: and|;) (?P<play>play)|"
    " and add) up to {N2} {F}(?:,? (?:and )?add (?:it|them) to your hand| to your hand)?"
    "(?P<rested> rested)?(?:. Then,| and)"
    " (?P<rest>place the rest at the bottom of your deck in any order|trash the rest)"
)
_IN_ANY_ORDER = "(?: in any order)?"

ACTIONS: tuple[Rule, ...] = (
    # cards and hands
    rule("Draw {N} cards?", lambda m, c: m_.Draw(n=_n(m))),
    rule("Draw up to {N} cards?", lambda m, c: m_.Draw(n=_n(m), up_to=True)),
    rule("Trash {N} cards? from your hand", lambda m, c: m_.TrashFromHand(n=_n(m))),
    rule("Trash up to {N} cards? from your hand", lambda m, c: m_.TrashFromHand(n=_n(m), up_to=True)),
    rule("Your opponent trashes {N} cards? from their hand", lambda m, c: m_.OpponentDiscard(n=_n(m))),
    rule(
        "Place {N} cards? from your hand at the bottom of your deck" + _IN_ANY_ORDER,
        lambda m, c: m_.HandToDeck(n=_n(m)),
    ),
    rule(
        "Place {N} cards? from your hand at the top or bottom of your deck" + _IN_ANY_ORDER,
        lambda m, c: m_.HandToDeck(n=_n(m), position="top_or_bottom"),
    ),
    rule(
        "Place {N} cards? from your hand at the top of your deck" + _IN_ANY_ORDER,
        lambda m, c: m_.HandToDeck(n=_n(m), position="top"),
    ),
    rule(
        "Your opponent places {N} cards? from their hand at the bottom of their deck" + _IN_ANY_ORDER,
        lambda m, c: m_.HandToDeck(whose="opponent", n=_n(m)),
    ),
    rule(_LOOK, _look_top),
    rule(
        "Look at {N} cards from the top of your deck and place them at the top or bottom of"
        " (?:the|your) deck in any order",
        lambda m, c: m_.LookTop(n=_n(m), take=0, rest_to="top_or_bottom"),
    ),
    rule("Trash {N} cards? from the top of your deck", lambda m, c: m_.TrashFromDeck(n=_n(m))),
    rule("Play up to {N} {F} from your (?P<zone>hand or trash|hand|trash)(?P<rested> rested)?", _play_from),
    rule("Play this card", lambda m, c: m_.PlayThisCard()),
    rule("Add this card to your hand", lambda m, c: m_.AddThisToHand()),
    rule(
        "Add up to {N} {F} from your trash to your hand",
        _filter(lambda f, m, c: m_.AddFromTrash(filter=f, count=_n(m))),
    ),
    # Life
    rule(
        "Add {N} cards? from the top of your deck to the top of your Life cards",
        lambda m, c: m_.AddLife(n=_n(m), up_to=False),
    ),
    rule(
        "Add up to {N} cards? from the top of your deck to the top of your Life cards", lambda m, c: m_.AddLife(n=_n(m))
    ),
    rule(
        "Add up to {N} cards? from the top of your deck to the top of your Life cards face-up",
        lambda m, c: m_.AddLife(n=_n(m), face_up=True),
    ),
    rule(
        "Add up to {N} cards? from your hand to the top of your Life cards",
        lambda m, c: m_.AddLife(n=_n(m), source="hand"),
    ),
    rule("Add {N} cards? from the top of your Life cards to your hand", lambda m, c: m_.LifeToHand(n=_n(m))),
    rule(
        "Add {N} cards? from the top or bottom of your Life cards to your hand",
        lambda m, c: m_.LifeToHand(n=_n(m), position="top_or_bottom"),
    ),
    rule(
        "Add up to {N} cards? from the top of your opponent's Life cards to the owner's hand",
        lambda m, c: m_.LifeToHand(whose="opponent", n=_n(m)),
    ),
    rule(
        "Trash {N} cards? from the top of your Life cards", lambda m, c: m_.TrashLife(whose="you", n=_n(m), up_to=False)
    ),
    rule(
        "Trash {N} cards? from the top of your opponent's Life cards",
        lambda m, c: m_.TrashLife(whose="opponent", n=_n(m), up_to=False),
    ),
    rule(
        "Trash up to {N} cards? from the top of your opponent's Life cards",
        lambda m, c: m_.TrashLife(whose="opponent", n=_n(m)),
    ),
    # DON!!
    rule(
        "Add up to {N} DON!! cards? from your DON!! deck and (?P<how>rest (?:it|them)|set (?:it|them) as active)",
        _add_don,
    ),
    rule("Add up to {N} DON!! cards? as (?P<how>rested|active) from your DON!! deck", _add_don),
    rule("Set up to {N} of your DON!! cards as active", lambda m, c: m_.SetDonActive(n=_n(m))),
    rule("Rest up to {N} of your opponent's DON!! cards", lambda m, c: m_.RestOpponentDon(n=_n(m))),
    rule(
        "Your opponent returns {N} DON!! cards? from their field to their DON!! deck",
        lambda m, c: m_.OpponentReturnDon(n=_n(m)),
    ),
    rule(
        "Give up to {N} rested DON!! cards? to {T}",
        _target(lambda t, m, c: m_.GiveDon(target=t, n=_n(m), rested_only=True)),
    ),
    rule(
        "Give {T} up to {N} rested DON!! cards?",
        _target(lambda t, m, c: m_.GiveDon(target=t, n=_n(m), rested_only=True)),
    ),
    # cards on the field
    rule("K.O. {T}", _target(lambda t, m, c: m_.KO(target=t))),
    rule("Rest {T}", _target(lambda t, m, c: m_.Rest(target=t))),
    rule("Set {T} as active", _target(lambda t, m, c: m_.SetActive(target=t))),
    rule("Return {T} to (?:the owner's|your) hand", _target(lambda t, m, c: m_.ReturnToHand(target=t))),
    rule(
        "Place {T} at the (?P<pos>bottom|top) of the owner's deck",
        _target(lambda t, m, c: m_.ReturnToDeck(target=t, position=m["pos"].lower())),
    ),
    rule("Trash {T}", _target(lambda t, m, c: m_.TrashTarget(target=t))),
    # power, cost, keywords, statuses
    rule("Give {T} {P} power{D}", _timed(m_.Power)),
    rule("{T} gains? {P} power{D}", _timed(m_.Power)),
    rule("Give {T} {P} cost{D}", _timed(m_.CostChange)),
    rule("{T} gains? {P} cost{D}", _timed(m_.CostChange)),
    rule("{T}'s? base power becomes {N}{D}", _timed(m_.SetBasePower)),
    rule("{T} gains? [{K}]{D}", _keyword),
    rule("{T} gains? [{K}] and {P} power{D}", _both(_keyword, _timed(m_.Power))),
    rule("{T} gains? [{K}] and {P} cost{D}", _both(_keyword, _timed(m_.CostChange))),
    rule("{T} cannot attack{D}", _status("cannot_attack")),
    rule("{T} cannot be K.O.'d{D}", _status("cannot_be_ko")),
    rule("{T} cannot be K.O.'d in battle{D}", _status("cannot_be_ko_in_battle")),
    rule("{T} cannot be K.O.'d by effects{D}", _status("cannot_be_ko_by_effects")),
    rule("{T} cannot be K.O.'d by your opponent's effects{D}", _status("cannot_be_ko_by_opponent_effects")),
    rule(
        "{T} cannot be removed from the field by your opponent's effects{D}",
        _status("cannot_be_removed_by_opponent_effects"),
    ),
    rule("{T} cannot be rested{D}", _status("cannot_be_rested")),
    rule("{T} cannot activate [Blocker]{D}", _status("cannot_block")),
    rule("Your opponent cannot activate [Blocker]{D}", _status("cannot_block", target=_ALL_OPPONENT_CHARACTERS)),
    rule(
        "{T} will not become active in your opponent's next Refresh Phase",
        _target(
            lambda t, m, c: m_.GainStatus(target=t, status="no_refresh", duration="until_end_of_opponents_next_turn")
        ),
    ),
    rule("{T} can also attack (?:your opponent's )?active Characters{D}", _status("can_attack_active")),
)
