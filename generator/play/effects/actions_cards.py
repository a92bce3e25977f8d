"""The action formulas that move cards between hand, deck, trash, Life and the DON!! areas.

Order matters only where two formulas share words: the more specific one comes first. Up to N
and N are kept apart where the difference is a choice the player makes (drawing, adding Life).
"""

from __future__ import annotations

import re
from typing import cast

from generator.play.effects import model as m_
from generator.play.effects.action_builders import (
    Built,
    num,
    with_filter,
    with_target,
)
from generator.play.effects.grammar import Context, Rule, Slots, rule
from generator.play.effects.model_actions import PlayZone
from generator.play.effects.phrases import number, parse_filter


@with_filter
def _look_top(f: m_.CardFilter, m: Slots, ctx: Context) -> m_.LookTop:
    return m_.LookTop(
        n=num(m),
        filter=f,
        take=number(m["n2"]),
        to="play" if m["play"] else "hand",
        rested=bool(m["rested"]),
        rest_to="trash" if m["rest"].startswith("trash") else "top_or_bottom" if "top or" in m["rest"] else "bottom",
    )


def _play_from(m: Slots, ctx: Context, said: str | None = None) -> m_.PlayFrom | None:
    parsed = parse_filter(m["f"] if said is None else said)
    if parsed is None or parsed[2]:
        return None
    f = parsed[0]
    if f.any_of and m.groupdict().get("of"):  # "of your yellow {X} type cards or [Sanji] with a cost of 5 or
        return None  # less": whether the cost binds both is not clear from the words
    zone = cast(PlayZone, m["zone"].lower().replace(" or ", "_or_"))  # the pattern names only these zones
    return m_.PlayFrom(zone=zone, filter=f, count=num(m), rested=bool(m.groupdict().get("rested")))


def _add_don(m: Slots, ctx: Context) -> m_.AddDon:
    return m_.AddDon(n=num(m), state="active" if "active" in m["how"] else "rested")


_LOOK = (
    "Look at {N} cards from the top of your deck(?:; reveal|(?: and|;) (?P<play>play)|"
    " and add) (?:a total of )?up to (?:a total of )?{N2} {F}"
    "(?:,? (?:and )?add (?:it|them) to your hand| to your hand)?"
    "(?P<rested> rested)?(?:. Then,| and)"
    " (?P<rest>place the rest at the bottom of your deck in any order|trash the rest"
    "|place the rest at the top or bottom of (?:the|your) deck in any order)"
)
_IN_ANY_ORDER = "(?: in any order)?"


CARDS: tuple[Rule[Built], ...] = (
    # cards and hands
    rule("Draw {N} cards?", lambda m, c: m_.Draw(n=num(m))),
    rule("Draw up to {N} cards?", lambda m, c: m_.Draw(n=num(m), up_to=True)),
    rule("Trash {N} cards? from your hand", lambda m, c: m_.TrashFromHand(n=num(m))),
    rule("Trash up to {N} cards? from your hand", lambda m, c: m_.TrashFromHand(n=num(m), up_to=True)),
    rule(
        "Your opponent (?P<verb>trashes|chooses) {N} cards? from their hand(?P<it> and trashes it)?",
        lambda m, c: m_.OpponentDiscard(n=num(m)) if (m["verb"].lower() == "chooses") == bool(m["it"]) else None,
    ),
    rule("Trash {N} cards? from your opponent's hand", lambda m, c: m_.TrashOpponentHand(n=num(m))),
    rule(
        "Draw cards so that you have {N} cards in your hand",
        lambda m, c: m_.DrawUntil(hand=num(m)),
    ),
    rule(
        "(?P<both>you and your opponent )?trash cards from your hands? until you (?:each )?have {N} cards in"
        " your hands?",
        lambda m, c: m_.TrashHandUntil(left=num(m), both=bool(m["both"])),
    ),
    rule("trash all cards from your hand", lambda m, c: m_.TrashHandUntil(left=0)),
    rule("Your opponent draws {N} cards?", lambda m, c: m_.Draw(n=num(m), whose="opponent")),
    rule(
        "(?P<who>Your opponent returns all cards in their|Return all cards in your) hand to (?:their|your) deck and"
        " shuffles? (?:their|your) deck",
        lambda m, c: m_.HandIntoDeck(whose="opponent" if m["who"].lower().startswith("your") else "you"),
    ),
    rule("draw cards equal to the number you returned to your deck", lambda m, c: m_.Draw(n=None)),
    rule(
        "place up to {N} cards? from your opponent's trash at the bottom of (?:the owner's|their) deck",
        lambda m, c: m_.TrashToDeck(count=num(m)),
    ),
    rule(
        "Place {N} cards? from your hand at the bottom of your deck" + _IN_ANY_ORDER,
        lambda m, c: m_.HandToDeck(n=num(m)),
    ),
    rule(
        "Place {N} cards? from your hand at the top or bottom of your deck" + _IN_ANY_ORDER,
        lambda m, c: m_.HandToDeck(n=num(m), position="top_or_bottom"),
    ),
    rule(
        "Place {N} cards? from your hand at the top of your deck" + _IN_ANY_ORDER,
        lambda m, c: m_.HandToDeck(n=num(m), position="top"),
    ),
    rule(
        "(?:Your opponent|they) (?:must )?places? {N} cards? from their hand at the bottom of their deck"
        + _IN_ANY_ORDER,
        lambda m, c: m_.HandToDeck(whose="opponent", n=num(m)),
    ),
    rule(_LOOK, _look_top),
    rule(
        "Look at {N} cards from the top of your deck and place them at the top or bottom of"
        " (?:the|your) deck in any order",
        lambda m, c: m_.LookTop(n=num(m), take=0, rest_to="top_or_bottom"),
    ),
    rule(
        "Look at {N} cards from the top of your deck and place them at the top of your deck in any order",
        lambda m, c: m_.LookTop(n=num(m), take=0, rest_to="top"),
    ),
    rule(
        "Look at {N} cards from the top of your deck(?: and return them to the top or bottom of the deck in any"
        " order|, reorganize them in any order and place them at the top or bottom of your deck)",
        lambda m, c: m_.LookTop(n=num(m), take=0, rest_to="top_or_bottom"),
    ),
    rule("Look at {N} cards? from the top of your opponent's deck", lambda m, c: m_.LookOpponentTop(n=num(m))),
    rule(
        "trash cards from the top of your Life cards until you have {N} Life cards?",
        lambda m, c: m_.TrashLifeUntil(left=num(m)),
    ),
    rule("Trash {N} cards? from the top of your deck", lambda m, c: m_.TrashFromDeck(n=num(m))),
    rule(
        "Play up to {N} (?P<of>of your )?{F} from your (?P<zone>hand or trash|hand|trash|deck)(?P<rested> rested)?",
        _play_from,
    ),
    Rule(  # "Play up to 1 {X} type Character card from your hand with a cost equal to or less than ..."
        re.compile(r"Play up to (?P<n>\d+) (?P<noun>.+?) from your (?P<zone>hand) (?P<with>with .+)", re.I),
        lambda m, c: _play_from(m, c, f"{m['noun']} {m['with']}"),
        "Play up to {N} {F} from your hand with ...",
    ),
    rule("Play this card", lambda m, c: m_.PlayThisCard()),
    rule("Add this (?:card|Character card) (?:from your trash )?to your hand", lambda m, c: m_.AddThisToHand()),
    rule(
        "Add up to {N} (?:of your )?{F} from your trash to your hand",
        with_filter(lambda f, m, c: m_.AddFromTrash(filter=f, count=num(m))),
    ),
    # Life
    rule(
        "Add {N} cards? from the top of your deck to the top of your Life cards",
        lambda m, c: m_.AddLife(n=num(m), up_to=False),
    ),
    rule(
        "Add up to {N} cards? from the top of your deck to the top of your Life cards",
        lambda m, c: m_.AddLife(n=num(m)),
    ),
    rule(
        "Add up to {N} cards? from the top of your deck to the top of your Life cards face-up",
        lambda m, c: m_.AddLife(n=num(m), face_up=True),
    ),
    rule(
        "Add up to {N} cards? from your hand to the top of your Life cards",
        lambda m, c: m_.AddLife(n=num(m), source="hand"),
    ),
    rule("Add {N} cards? from the top of your Life cards to your hand", lambda m, c: m_.LifeToHand(n=num(m))),
    rule(
        "Add {N} cards? from the top or bottom of your Life cards to your hand",
        lambda m, c: m_.LifeToHand(n=num(m), position="top_or_bottom"),
    ),
    rule(
        "your opponent adds {N} cards? from (?:the top of their Life cards|their Life area) to their hand",
        lambda m, c: m_.LifeToHand(whose="opponent", n=num(m)),
    ),
    rule(
        "Add up to {N} cards? from the top of your opponent's Life cards to the owner's hand",
        lambda m, c: m_.LifeToHand(whose="opponent", n=num(m)),
    ),
    rule(
        "Trash {N} cards? from the top of your Life cards",
        lambda m, c: m_.TrashLife(whose="you", n=num(m), up_to=False),
    ),
    rule(
        "Trash {N} cards? from the top of your opponent's Life cards",
        lambda m, c: m_.TrashLife(whose="opponent", n=num(m), up_to=False),
    ),
    rule(
        "Trash up to {N} cards? from the top of your opponent's Life cards",
        lambda m, c: m_.TrashLife(whose="opponent", n=num(m)),
    ),
    # DON!!
    rule(
        "Add up to {N} DON!! cards? from your DON!! deck and (?P<how>rest (?:it|them)|set (?:it|them) as active)",
        _add_don,
    ),
    rule("Add up to {N} DON!! cards? as (?P<how>rested|active) from your DON!! deck", _add_don),
    rule(
        "Add {N} DON!! cards? from your DON!! deck and (?P<how>rest (?:it|them)|set (?:it|them) as active)",
        _add_don,
    ),
    rule(
        "add up to {N} additional DON!! cards? and (?P<how>rest (?:it|them)|set (?:it|them) as active)",
        _add_don,
    ),
    rule("Set up to {N} of your DON!! cards as active", lambda m, c: m_.SetDonActive(n=num(m))),
    rule("Rest up to {N} of your opponent's DON!! cards", lambda m, c: m_.RestOpponentDon(n=num(m))),
    rule(
        "Your opponent returns {N} DON!! cards? from their field to their DON!! deck",
        lambda m, c: m_.OpponentReturnDon(n=num(m)),
    ),
    rule(
        "Give up to {N} rested DON!! cards? to {T}",
        with_target(lambda t, m, c: m_.GiveDon(target=t, n=num(m), rested_only=True)),
    ),
    rule(
        "Give {T} up to {N} rested DON!! cards?",
        with_target(lambda t, m, c: m_.GiveDon(target=t, n=num(m), rested_only=True)),
    ),
)
