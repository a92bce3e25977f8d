"""The cost formulas: what stands before the colon of "[Activate: Main] ① You may rest this
Character: ...". The icon costs (① = rest one DON!!, "DON!! -1" = return one DON!! to the DON!!
deck) come first; then "You may" and one or more spoken costs joined by "and" or commas.

A cost is always the controller's choice to pay (the reminder text of both icons says "You may"),
so a parsed cost part makes its effect optional.
"""

from __future__ import annotations

import re
from typing import TypeVar

from generator.play.effects import model as m_
from generator.play.effects import model_costs as mc
from generator.play.effects.grammar import Build, Context, Rule, Slots, match, rule
from generator.play.effects.phrases import number, parse_filter, parse_target

_CIRCLED = {chr(0x2460 + i): i + 1 for i in range(10)}
_ICON = re.compile(rf"(?:(?P<circled>[{''.join(_CIRCLED)}])|DON!! -(?P<ret>\d+))[,\s]*")


OwnTarget = TypeVar("OwnTarget", m_.RestCards, m_.TrashCards, m_.ReturnCardsToHand, mc.PlaceCardsAtBottom, mc.KOCards)
Filtered = TypeVar("Filtered", m_.TrashFromHandCost, m_.PlaceFromTrash, m_.RevealFromHand)


def _own_target(node_type: type[OwnTarget]) -> Build[OwnTarget]:
    """Costs that pick your own cards: the phrase must name your cards ("2 of your {X} type
    Characters"), never the opponent's."""

    def build(m: Slots, ctx: Context) -> OwnTarget | None:
        t = parse_target(m["t"])
        return node_type(target=t) if t and t.who.startswith("your") else None

    return build


def _leader_or_stage(*either: m_.CardFilter) -> m_.RestCards:
    flt = m_.CardFilter(any_of=either) if either else m_.CardFilter()
    return m_.RestCards(target=m_.Target(who="your_leader_or_stage", count=1, up_to=False, filter=flt))


def _with_filter(node_type: type[Filtered]) -> Build[Filtered]:
    def build(m: Slots, ctx: Context) -> Filtered | None:
        parsed = parse_filter(m["f"])
        if parsed is None or parsed[2] or parsed[1] not in ("both", "character", "other"):
            return None
        return node_type(n=number(m["n"]), filter=parsed[0])

    return build


COSTS: tuple[Rule[m_.Cost], ...] = (
    rule("rest {N} of your DON!! cards", lambda m, c: m_.RestDon(n=number(m["n"]))),
    rule("trash {N} cards? from your hand", lambda m, c: m_.TrashFromHandCost(n=number(m["n"]))),
    rule("trash {N} {F} from your hand", _with_filter(m_.TrashFromHandCost)),
    rule("rest this (?:Character|Stage|Leader|card)", lambda m, c: m_.RestSelf()),
    rule("trash this (?:Character|Stage|card)", lambda m, c: m_.TrashSelf()),
    rule("return this Character to the owner's hand", lambda m, c: m_.ReturnSelf(to="hand")),
    rule(
        "place this (?:Character|Stage) at the bottom of the owner's deck", lambda m, c: m_.ReturnSelf(to="deck_bottom")
    ),
    rule("rest {T}", _own_target(m_.RestCards)),
    rule("trash {T}", _own_target(m_.TrashCards)),
    rule("return {T} to the owner's hand", _own_target(m_.ReturnCardsToHand)),
    rule(
        "add {N} cards? from the top of your Life cards to your hand", lambda m, c: m_.LifeToHandCost(n=number(m["n"]))
    ),
    rule(
        "add {N} cards? from the top or bottom of your Life cards to your hand",
        lambda m, c: m_.LifeToHandCost(n=number(m["n"]), position="top_or_bottom"),
    ),
    rule("trash {N} cards? from the top of your Life cards", lambda m, c: m_.TrashLifeCost(n=number(m["n"]))),
    rule(
        "trash {N} cards? from the top or bottom of your Life cards",
        lambda m, c: m_.TrashLifeCost(n=number(m["n"]), position="top_or_bottom"),
    ),
    rule("trash {N} cards? from the top of your deck", lambda m, c: m_.TrashFromDeckCost(n=number(m["n"]))),
    rule(
        "(?:place|return) {N} cards? from your trash (?:at|to) the bottom of your deck(?: in any order)?",
        lambda m, c: m_.PlaceFromTrash(n=number(m["n"])),
    ),
    rule("place {N} {F} from your trash at the bottom of your deck(?: in any order)?", _with_filter(m_.PlaceFromTrash)),
    rule("reveal {N} {F} from your hand", _with_filter(m_.RevealFromHand)),
    rule("rest {N} of your cards", lambda m, c: mc.RestAny(n=number(m["n"]))),
    rule("rest {N} of your (?:active )?DON!! cards?", lambda m, c: m_.RestDon(n=number(m["n"]))),
    rule(
        "give {N} of your opponent's rested DON!! cards? to 1 of your opponent's Characters",
        lambda m, c: mc.GiveOpponentDonCost(n=number(m["n"])),
    ),
    rule(
        "give {N} active DON!! cards? to {T}",
        lambda m, c: (
            mc.GiveDonCost(n=number(m["n"]), target=t)
            if (t := parse_target(m["t"])) and t.who.startswith("your") and t.count == 1 and not t.up_to
            else None
        ),
    ),
    rule(
        "turn {N} cards? from the top(?P<tb> or bottom)? of your Life cards face-(?P<face>up|down)",
        lambda m, c: mc.TurnLife(
            n=number(m["n"]),
            face_up=m["face"].lower() == "up",
            position="top_or_bottom" if m["tb"] else "top",
        ),
    ),
    rule(
        "turn {N} of your face-up Life cards face-down",
        lambda m, c: mc.TurnLife(n=number(m["n"]), face_up=False),
    ),
    rule(
        "give your (?:1 )?active Leader {P} power during this turn",
        lambda m, c: mc.LeaderPowerCost(amount=int(m["p"])),
    ),
    rule(
        "return {N} or more DON!! cards? from your field to your DON!! deck",
        lambda m, c: m_.ReturnDon(n=number(m["n"]), or_more=True),
    ),
    rule(
        "place {N} Stages? with a cost of {N2} at the bottom of the owner's deck",
        lambda m, c: mc.PlaceCardsAtBottom(
            target=m_.Target(
                who="your_stage",
                count=number(m["n"]),
                up_to=False,
                filter=m_.CardFilter(min_cost=number(m["n2"]), max_cost=number(m["n2"])),
            )
        ),
    ),
    rule(
        "return {N} DON!! cards? from your field to your DON!! deck",
        lambda m, c: m_.ReturnDon(n=number(m["n"])),
    ),
    rule("return {N} of your active DON!! cards to your DON!! deck", lambda m, c: mc.ReturnActiveDon(n=number(m["n"]))),
    rule("place {T} at the bottom of (?:the owner's|your) deck", _own_target(mc.PlaceCardsAtBottom)),
    rule("K.O. {T}", _own_target(mc.KOCards)),
    rule("rest your (?:1 )?Leader", lambda m, c: m_.RestCards(target=m_.Target(who="your_leader", up_to=False))),
    # "rest your Leader or 1 of your Stage cards", "... or 1 [Corrida Coliseum]", "rest 1 of your
    # [Fish-Man Island] or your [Shirahoshi] Leader": one of your Leader and Stage
    rule("rest your Leader or 1 of your Stage cards", lambda m, c: _leader_or_stage()),
    Rule(
        re.compile(r"rest your Leader or 1 \[(?P<stage>[^\]]+)\]", re.I),
        lambda m, c: _leader_or_stage(m_.CardFilter(category="Leader"), m_.CardFilter(names=(m["stage"],))),
        "rest your Leader or 1 [Stage]",
    ),
    Rule(
        re.compile(r"rest 1 of your \[(?P<stage>[^\]]+)\] or your \[(?P<leader>[^\]]+)\] Leader", re.I),
        lambda m, c: _leader_or_stage(
            m_.CardFilter(names=(m["stage"],)), m_.CardFilter(category="Leader", names=(m["leader"],))
        ),
        "rest 1 of your [Stage] or your [Name] Leader",
    ),
    rule("add {N} cards? from your Life area to your hand", lambda m, c: m_.LifeToHandCost(n=number(m["n"]))),
    rule(
        "place {N} cards? from your hand at the (?P<pos>bottom|top) of your deck(?: in any order)?",
        lambda m, c: mc.HandToDeckCost(n=number(m["n"]), position="top" if m["pos"].lower() == "top" else "bottom"),
    ),
)


def _spoken(text: str, verb: str = "") -> tuple[m_.Cost, ...] | None:
    """One or more spoken costs joined by " and " or ", ". A part without a verb of its own takes
    the previous part's: "rest 1 of your DON!! cards and this Character" rests both."""
    for candidate in (text, f"{verb} {text}") if verb else (text,):
        whole = match(COSTS, candidate, Context())
        if whole is not None:
            return (whole,)
    for sep in re.finditer(r",? and |, ", text):
        head_text = text[: sep.start()]
        head = _spoken(head_text, verb)
        if head is None or len(head) != 1:
            continue
        tail = _spoken(text[sep.end() :], head_text.split(" ", 1)[0])
        if tail is not None:
            return (*head, *tail)
    return None


def parse_costs(text: str) -> tuple[m_.Cost, ...] | None:
    """The costs before an effect's colon, or None when any part is not a known cost."""
    costs: list[m_.Cost] = []
    text = text.strip()
    while icon := _ICON.match(text):
        costs.append(m_.RestDon(n=_CIRCLED[icon["circled"]]) if icon["circled"] else m_.ReturnDon(n=int(icon["ret"])))
        text = text[icon.end() :]
    if text:
        said = re.fullmatch(r"(?:you may|you can) (?P<rest>.+)", text, re.I)
        spoken = _spoken(said["rest"]) if said else None
        if spoken is None:
            return None
        costs.extend(spoken)
    return tuple(costs) if costs else None
