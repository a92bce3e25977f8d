"""The action formulas of the hidden and ordered zones: the revealed card (11-2), Life placement
and order, the deck's top, selection, and what an effect makes the opponent do with their cards
(rest them, trash from hand, move them). Their nodes are in ``model_actions_zones``.
"""

from __future__ import annotations

import re
from typing import Literal, cast

from generator.play.effects import model as m_
from generator.play.effects.action_builders import (
    Built,
    characters_only,
    keyword_named,
    num,
    with_filter,
    with_target,
)
from generator.play.effects.grammar import Build, Context, Rule, Slots, duration, rule
from generator.play.effects.model_actions import PlayZone
from generator.play.effects.phrases import parse_filter


def _each_of(m: Slots, ctx: Context) -> tuple[m_.PlayFrom, ...] | None:
    """ "Play up to 1 each of [A], [B], and [C] with a cost of 2 from your hand": one play per name."""
    names = re.findall(r"\[([^\]]+)\]", m["names"])
    if len(names) < 2 or re.sub(r"\[[^\]]+\]|,|and| ", "", m["names"]):
        return None
    cost = int(m["c"])
    return tuple(
        m_.PlayFrom(zone="hand", filter=m_.CardFilter(names=(n,), min_cost=cost, max_cost=cost), count=num(m))
        for n in names
    )


def _two_plays(m: Slots, ctx: Context) -> tuple[m_.PlayFrom, ...] | None:
    """ "Play up to 1 <A> and up to 1 <B> from your hand or trash": one play after the other."""
    zone = cast(PlayZone, m["zone"].lower().replace(" or ", "_or_"))  # the pattern names only these zones
    plays = []
    for n, said in ((m["n"], m["f"]), (m["n2"], m["f2"])):
        parsed = parse_filter(said)
        if parsed is None or parsed[2]:
            return None
        plays.append(m_.PlayFrom(zone=zone, filter=parsed[0], count=int(n)))
    return tuple(plays)


def _named_plays(m: Slots, ctx: Context) -> tuple[m_.PlayFrom, ...]:
    """ "play up to 1 [Absalom], up to 1 [Dr. Hogback], and up to 1 [Perona], with a cost of 4 or less
    from your trash": one play per name, the cost binding each."""
    items = re.findall(r"up to (\d+) \[([^\]]+)\]", m["items"])
    cost = int(m["c"])
    return tuple(
        m_.PlayFrom(
            zone=cast(PlayZone, m["zone"].lower()), filter=m_.CardFilter(names=(name,), max_cost=cost), count=int(n)
        )
        for n, name in items
    )


def _revealed_to(to: Literal["hand", "play"]) -> Build[m_.TakeRevealed]:
    @with_filter
    def build(f: m_.CardFilter, m: Slots, ctx: Context) -> m_.TakeRevealed:
        rested = bool(m.groupdict().get("rested"))
        return m_.TakeRevealed(filter=f, count=num(m), to=to, rested=rested)

    return build


_POSITION = "(?P<pos>bottom|top|top or bottom)"
Position = Literal["bottom", "top", "top_or_bottom"]  # what _POSITION matches, with "_or_"
LifeZone = Literal["hand", "trash", "hand_or_trash"]
_REVEAL_RULES = (
    rule("Reveal {N} cards? from the top of your deck", lambda m, c: m_.RevealTop(n=num(m))),
    rule("Reveal {N} cards? from the top of your Life cards", lambda m, c: m_.RevealTop(n=num(m), source="life")),
    rule("play that card(?P<rested> rested)?", lambda m, c: m_.TakeRevealed(rested=bool(m["rested"]), up_to=False)),
    rule("play up to {N} {F}(?P<rested> rested)?", _revealed_to("play")),
    rule("add up to {N} {F} to your hand", _revealed_to("hand")),
    rule(
        f"place (?:the revealed card|the rest|it) at the {_POSITION} of (?:your|the) deck" + "(?: in any order)?",
        lambda m, c: m_.PlaceRevealed(position=cast(Position, m["pos"].lower().replace(" or ", "_or_"))),
    ),
    rule("shuffle your deck", lambda m, c: m_.Shuffle()),
)


ZONES: tuple[Rule[Built], ...] = (
    # the revealed card ("memo" actions; the compiler checks a reveal comes first)
    *_REVEAL_RULES,
    # Life
    rule(
        "Add up to {N} {F} from your (?P<zone>hand or trash|hand|trash) to the top of your Life cards"
        " face-(?P<face>up|down)",
        with_filter(
            lambda f, m, c: m_.CardsToLife(
                zone=cast(LifeZone, m["zone"].lower().replace(" or ", "_or_")),  # the pattern names only these
                filter=f,
                count=num(m),
                face_up=m["face"].lower() == "up",
            )
        ),
    ),
    rule(
        "(?:Add|Place) {T} (?:to|at) the top(?P<tb> or bottom)? of (?:your opponent's|the owner's|their|your)"
        " Life cards face-(?P<face>up|down)",
        with_target(
            lambda t, m, c: m_.FieldToLife(
                target=t, position="top_or_bottom" if m["tb"] else "top", face_up=m["face"].lower() == "up"
            )
        ),
    ),
    rule("turn all of your Life cards face-(?P<face>up|down)", lambda m, c: m_.TurnAllLife(face_up=m["face"] == "up")),
    rule(
        "Look at up to 1 card from the top of your or your opponent's Life cards,? and place it at the top or"
        " bottom of the Life cards",
        lambda m, c: m_.LifeScry(),
    ),
    rule(
        "Look at all (?:of )?(?P<whose>your|your opponent's) Life cards and place them back in (?:your|their)"
        " Life area in any order",
        lambda m, c: m_.OrderLife(whose="you" if m["whose"].lower() == "your" else "opponent"),
    ),
    rule(
        "play this Character card from your trash(?P<rested> rested)?",
        lambda m, c: m_.PlayThisFromTrash(rested=bool(m["rested"])),
    ),
    rule("Select {T}", with_target(lambda t, m, c: m_.Select(target=t))),
    rule(
        "Reveal up to {N} {F} from your hand and add it to the top of your Life cards face-(?P<face>up|down)",
        with_filter(lambda f, m, c: m_.CardsToLife(zone="hand", filter=f, count=num(m), face_up=m["face"] == "up")),
    ),
    rule(
        "look at all (?:of )?your Life cards; place {N} (?:card )?at the top of your deck and place the rest back"
        " in your Life area in any order",
        lambda m, c: (m_.LifeToDeckTop(n=num(m)), m_.OrderLife()),
    ),
    Rule(
        re.compile(r"Play up to (?P<n>\d+) each of (?P<names>.+?) with a cost of (?P<c>\d+) from your hand", re.I),
        _each_of,
        "Play up to {N} each of [A], [B] and [C] with a cost of N from your hand",
    ),
    Rule(
        re.compile(
            r"Play up to (?P<n>\d+) (?P<f>.+?) and up to (?P<n2>\d+) (?P<f2>.+?) from your"
            r" (?P<zone>hand or trash|hand|trash)",
            re.I,
        ),
        _two_plays,
        "Play up to {N} {F} and up to {N} {F} from your hand or trash",
    ),
    Rule(
        re.compile(
            r"play (?P<items>up to \d+ \[[^\]]+\](?:,? (?:and )?up to \d+ \[[^\]]+\])+),? with a cost of"
            r" (?P<c>\d+) or less from your (?P<zone>hand|trash)",
            re.I,
        ),
        _named_plays,
        "play up to 1 [A], up to 1 [B], and up to 1 [C], with a cost of N or less from your trash",
    ),
    rule(
        "Give up to {N} each of your opponent's Leader and Character cards {P} power{D}",
        lambda m, c: (
            None
            if (d := duration(m, c)) is None
            else (
                m_.Power(
                    target=m_.Target(
                        who="opponent_leader_or_character", count=num(m), filter=m_.CardFilter(category="Leader")
                    ),
                    amount=int(m["p"]),
                    duration=d,
                ),
                m_.Power(target=m_.Target(who="opponent_character", count=num(m)), amount=int(m["p"]), duration=d),
            )
        ),
    ),
    rule("Rest up to {N} of your opponent's cards", lambda m, c: m_.RestOpponentCards(n=num(m))),
    rule(
        "Rest up to (?:a total of )?{N} of your opponent's DON!! cards or {F}",
        with_filter(lambda f, m, c: m_.RestOpponentCards(n=num(m), characters=characters_only(f), others=False)),
    ),
    rule(
        "Rest up to (?:a total of )?{N} of your opponent's {F} or DON!! cards",
        with_filter(lambda f, m, c: m_.RestOpponentCards(n=num(m), characters=characters_only(f), others=False)),
    ),
    rule(
        "{T} can attack Characters on the turn in which (?:it is|they are) played{D}",
        lambda m, c: keyword_named(m, c, "Rush: Character"),
    ),
    rule(
        "Your opponent places {N} (?P<what>cards|Events?) from their trash at the bottom of their deck"
        "(?: in any order)?",
        lambda m, c: m_.OpponentMoves(
            source="trash",
            n=num(m),
            to="deck_bottom",
            filter=m_.CardFilter(category="Event") if m["what"].startswith("Event") else m_.CardFilter(),
        ),
    ),
    rule(
        "Your opponent (?P<verb>returns|places) {N} of their (?P<state>active )?Characters (?:to the owner's hand|at"
        " the bottom of the owner's deck)",
        lambda m, c: m_.OpponentMoves(
            source="characters",
            n=num(m),
            to="hand" if m["verb"] == "returns" else "deck_bottom",
            filter=m_.CardFilter(state="active") if m["state"] else m_.CardFilter(),
        ),
    ),
    rule("Your Character cards are played rested", lambda m, c: m_.PlayedRested() if c.static else None),
    rule("give this card in your hand {P} cost", lambda m, c: m_.HandCost(amount=int(m["p"])) if c.static else None),
)
