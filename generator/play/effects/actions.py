"""The action formulas of One Piece card text, one rule per formula (see ``grammar``).

Order matters only where two formulas share words: the more specific one comes first (trashing
from hand before trashing a target on the field). A clause that fits no rule stays unparsed;
nothing here guesses. "Up to N" and "N" are kept apart where the difference is a choice the
player makes (drawing, trashing, adding Life).
"""

from __future__ import annotations

import re
from typing import Literal, cast

from generator.play.effects import model as m_
from generator.play.effects.grammar import DURATIONS, Context, Rule, duration, rule
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
    """A keyword gained with no duration lasts while the card stays on the field (3-1-6 ends it)."""
    t, d = parse_target(m["t"]), duration(m, ctx) or "continuous"
    keyword = cast(Keyword, m["k"])  # the pattern names only keywords
    return (
        None if t is None or d is None else m_.GainKeyword(target=t, keyword=keyword, duration=d)
    )  # the pattern names only keywords


def _second_cost(m: re.Match[str], ctx: Context):
    """The cost half of "gains +2000 power and +5 cost"."""
    t, d = parse_target(m["t"]), duration(m, ctx)
    return None if t is None or d is None else m_.CostChange(target=t, amount=int(m["p2"]), duration=d)


def _each_of(m: re.Match[str], ctx: Context):
    """ "Play up to 1 each of [A], [B], and [C] with a cost of 2 from your hand": one play per name."""
    names = re.findall(r"\[([^\]]+)\]", m["names"])
    if len(names) < 2 or re.sub(r"\[[^\]]+\]|,|and| ", "", m["names"]):
        return None
    cost = int(m["c"])
    return tuple(
        m_.PlayFrom(zone="hand", filter=m_.CardFilter(names=(n,), min_cost=cost, max_cost=cost), count=_n(m))
        for n in names
    )


_PER_ZONES: dict[str, tuple[Literal["trash", "hand", "rested_don"], m_.CardFilter]] = {
    "of your rested don!! cards": ("rested_don", m_.CardFilter()),
    "events in your trash": ("trash", m_.CardFilter(category="Event")),
    "cards in your trash": ("trash", m_.CardFilter()),
    "card in your trash": ("trash", m_.CardFilter()),
    "card in your hand": ("hand", m_.CardFilter()),
}


def _per_every(m: re.Match[str], ctx: Context):
    """ "This Character gains +1000 power for every 2 Events in your trash": a permanent effect
    whose amount follows the count (triggered effects with this formula are not compiled)."""
    t = parse_target(m["t"])
    if t is None or not ctx.static:
        return None
    zone, flt = _PER_ZONES[m["what"].lower()]
    per = m_.PerCount(zone=zone, step=int(m["step"] or 1), filter=flt)
    power = m_.Power(target=t, amount=int(m["p"]), duration="continuous", per=per)
    if not m["p2"]:
        return power
    return (power, m_.CostChange(target=t, amount=int(m["p2"]), duration="continuous", per=per))


def _characters_only(f: m_.CardFilter) -> m_.CardFilter:
    return f.model_copy(update={"category": None})


def _keyword_named(m: re.Match[str], ctx: Context, keyword: Keyword):
    """ "can attack Characters on the turn in which it is played" is [Rush: Character] (10-1-6)."""
    t, d = parse_target(m["t"]), duration(m, ctx) or "continuous"
    return None if t is None else m_.GainKeyword(target=t, keyword=keyword, duration=d)


def _both(first, second):
    """One clause, two effects on one target: "gains [Rush] and +1000 power"."""

    def build(m: re.Match[str], ctx: Context):
        a, b = first(m, ctx), second(m, ctx)
        return None if a is None or b is None else (a, b)

    return build


def _timed_only(build):
    def wrapped(m: re.Match[str], ctx: Context):
        built = build(m, ctx)
        return None if built is None or built.duration == "continuous" else built

    return wrapped


def _give_each(m: re.Match[str], ctx: Context):
    """ "Give your Leader and 1 Character up to 1 rested DON!! card each": DON!! go to your cards."""
    t = parse_target(m["t"])
    if t is not None and t.who == "any_character":
        t = t.model_copy(update={"who": "your_character"})
    return None if t is None else m_.GiveDon(target=t, n=_n(m), rested_only=True)


def _pair(build):
    """ "Your Leader and all of your Characters gain +1000 power": the same action on two
    targets, {T} and {T2}."""

    def both(m: re.Match[str], ctx: Context):
        first = build(m, ctx)
        second = build(_Swapped(m), ctx)
        return None if first is None or second is None else (first, second)

    return both


class _Swapped:
    """A match whose ``t`` group reads the ``t2`` group."""

    def __init__(self, m: re.Match[str]) -> None:
        self._m = m

    def __getitem__(self, key: str):
        return self._m["t2" if key == "t" else key]

    def groupdict(self) -> dict:
        return {**self._m.groupdict(), "t": self._m["t2"]}


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
        rest_to="trash" if m["rest"].startswith("trash") else "top_or_bottom" if "top or" in m["rest"] else "bottom",
    )


@_filter
def _play_from(f: m_.CardFilter, m: re.Match[str], ctx: Context):
    zone = cast(PlayZone, m["zone"].lower().replace(" or ", "_or_"))  # the pattern names only these zones
    return m_.PlayFrom(zone=zone, filter=f, count=_n(m), rested=bool(m["rested"]))


def _add_don(m: re.Match[str], ctx: Context):
    return m_.AddDon(n=_n(m), state="active" if "active" in m["how"] else "rested")


_LOOK = (
    "Look at {N} cards from the top of your deck(?:; reveal|(?: and|;) (?P<play>play)|"
    " and add) (?:a total of )?up to (?:a total of )?{N2} {F}"
    "(?:,? (?:and )?add (?:it|them) to your hand| to your hand)?"
    "(?P<rested> rested)?(?:. Then,| and)"
    " (?P<rest>place the rest at the bottom of your deck in any order|trash the rest"
    "|place the rest at the top or bottom of (?:the|your) deck in any order)"
)
_IN_ANY_ORDER = "(?: in any order)?"


def _revealed_to(to: str):
    @_filter
    def build(f: m_.CardFilter, m: re.Match[str], ctx: Context):
        rested = bool(m.groupdict().get("rested"))
        return m_.TakeRevealed(filter=f, count=_n(m), to=to, rested=rested)  # type: ignore[arg-type]

    return build


_POSITION = "(?P<pos>bottom|top|top or bottom)"
Position = Literal["bottom", "top", "top_or_bottom"]  # what _POSITION matches, with "_or_"
_REVEAL_RULES = (
    rule("Reveal {N} cards? from the top of your deck", lambda m, c: m_.RevealTop(n=_n(m))),
    rule("Reveal {N} cards? from the top of your Life cards", lambda m, c: m_.RevealTop(n=_n(m), source="life")),
    rule("play that card(?P<rested> rested)?", lambda m, c: m_.TakeRevealed(rested=bool(m["rested"]), up_to=False)),
    rule("play up to {N} {F}(?P<rested> rested)?", _revealed_to("play")),
    rule("add up to {N} {F} to your hand", _revealed_to("hand")),
    rule(
        f"place (?:the revealed card|the rest|it) at the {_POSITION} of (?:your|the) deck" + "(?: in any order)?",
        lambda m, c: m_.PlaceRevealed(position=cast(Position, m["pos"].lower().replace(" or ", "_or_"))),
    ),
    rule("shuffle your deck", lambda m, c: m_.Shuffle()),
)

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
    rule("Play up to {N} {F} from your (?P<zone>hand or trash|hand|trash|deck)(?P<rested> rested)?", _play_from),
    rule("Play this card", lambda m, c: m_.PlayThisCard()),
    rule("Add this (?:card|Character card) (?:from your trash )?to your hand", lambda m, c: m_.AddThisToHand()),
    rule(
        "Add up to {N} (?:of your )?{F} from your trash to your hand",
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
    rule(
        "Add {N} DON!! cards? from your DON!! deck and (?P<how>rest (?:it|them)|set (?:it|them) as active)",
        _add_don,
    ),
    rule(
        "add up to {N} additional DON!! cards? and (?P<how>rest (?:it|them)|set (?:it|them) as active)",
        _add_don,
    ),
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
    rule(
        "Set {T} and up to {N} of your DON!! cards as active",
        _target(lambda t, m, c: (m_.SetActive(target=t), m_.SetDonActive(n=_n(m)))),
    ),
    rule("Set {T} and {T2} as active", _pair(_target(lambda t, m, c: m_.SetActive(target=t)))),
    rule("Return {T} to (?:the owner's|your) hand", _target(lambda t, m, c: m_.ReturnToHand(target=t))),
    rule(
        "Return {T} to the (?P<pos>bottom|top) of the owner's deck",
        _target(lambda t, m, c: m_.ReturnToDeck(target=t, position=m["pos"].lower())),
    ),
    rule(
        "Place {T} at the (?P<pos>bottom|top) of the owner's deck",
        _target(lambda t, m, c: m_.ReturnToDeck(target=t, position=m["pos"].lower())),
    ),
    rule("Trash {T}", _target(lambda t, m, c: m_.TrashTarget(target=t))),
    # power, cost, keywords, statuses
    rule("Give {T} {P} power{D}", _timed(m_.Power)),
    rule("Give {P} power{D} to {T}", _timed(m_.Power)),
    rule(
        "Give up to {N} of your opponent's rested DON!! cards? to {T}",
        _target(lambda t, m, c: m_.GiveOpponentDon(target=t, n=_n(m)) if t.who == "opponent_character" else None),
    ),
    rule(
        "Give up to {N} DON!! cards? from your opponent's cost area to {T}",
        _target(
            lambda t, m, c: (
                m_.GiveOpponentDon(target=t, n=_n(m), rested_only=False) if t.who == "opponent_character" else None
            )
        ),
    ),
    rule("{T} and {T2} gains? {P} power{D}", _pair(_timed(m_.Power))),
    rule("Give {T} and {T2} up to {N} rested DON!! cards? each", _pair(_give_each)),
    rule("{T} gains? {P} power{D}", _timed(m_.Power)),
    rule("Give {T} {P} cost{D}", _timed(m_.CostChange)),
    rule("{T} gains? {P} cost{D}", _timed(m_.CostChange)),
    rule("{T}'s? base power becomes {N}{D}", _timed(m_.SetBasePower)),
    rule("{T} gains? an additional {P} power{D}", _timed(m_.Power)),
    Rule(
        re.compile(
            r"(?P<t>.+?) gains? (?P<p>[+-]\d+) power(?: and (?P<p2>[+-]\d+) cost)? for every (?:(?P<step>\d+) )?"
            r"(?P<what>of your rested DON!! cards|Events in your trash|cards? in your trash|card in your hand)",
            re.I,
        ),
        _per_every,
        "{T} gains {P} power for every N Events in your trash (permanent)",
    ),
    rule("{T} gains? [{K}]{D}", _keyword),
    rule("{T} gains? [{K}] and {P} power{D}", _both(_keyword, _timed(m_.Power))),
    rule("{T} gains? [{K}] and {P} cost{D}", _both(_keyword, _timed(m_.CostChange))),
    Rule(
        re.compile(
            r"(?P<t>.+?) gains? (?P<p>[+-]\d+) power and (?P<p2>[+-]\d+) cost(?P<d>"
            + "|".join(re.escape(d) for d in DURATIONS)
            + ")?",
            re.I,
        ),
        _both(_timed(m_.Power), _second_cost),
        "{T} gains {P} power and {P} cost{D}",
    ),
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
    # a negation lasts for a stated time; a permanent one is read by no engine path (see ``stats.negated``)
    rule("Negate the effects? of {T}{D}", _timed_only(_status("negated"))),
    rule("{T}'s effects? (?:is|are) negated{D}", _timed_only(_status("negated"))),
    rule("{T} cannot activate [Blocker]{D}", _status("cannot_block")),
    rule("Your opponent cannot activate [Blocker]{D}", _status("cannot_block", target=_ALL_OPPONENT_CHARACTERS)),
    rule(
        "{T} will not become active in your opponent's next Refresh Phase",
        _target(
            lambda t, m, c: m_.GainStatus(target=t, status="no_refresh", duration="until_end_of_opponents_next_turn")
        ),
    ),
    rule("{T} can also attack (?:your opponent's )?active Characters{D}", _status("can_attack_active")),
    # the revealed card ("memo" actions; the compiler checks a reveal comes first)
    *_REVEAL_RULES,
    # Life
    rule(
        "Add up to {N} {F} from your (?P<zone>hand or trash|hand|trash) to the top of your Life cards"
        " face-(?P<face>up|down)",
        _filter(
            lambda f, m, c: m_.CardsToLife(
                zone=m["zone"].lower().replace(" or ", "_or_"),
                filter=f,
                count=_n(m),
                face_up=m["face"].lower() == "up",
            )
        ),
    ),
    rule(
        "(?:Add|Place) {T} (?:to|at) the top(?P<tb> or bottom)? of (?:your opponent's|the owner's|their|your)"
        " Life cards face-(?P<face>up|down)",
        _target(
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
    rule("Select {T}", _target(lambda t, m, c: m_.Select(target=t))),
    rule(
        "Reveal up to {N} {F} from your hand and add it to the top of your Life cards face-(?P<face>up|down)",
        _filter(lambda f, m, c: m_.CardsToLife(zone="hand", filter=f, count=_n(m), face_up=m["face"] == "up")),
    ),
    rule(
        "look at all (?:of )?your Life cards; place {N} (?:card )?at the top of your deck and place the rest back"
        " in your Life area in any order",
        lambda m, c: (m_.LifeToDeckTop(n=_n(m)), m_.OrderLife()),
    ),
    Rule(
        re.compile(r"Play up to (?P<n>\d+) each of (?P<names>.+?) with a cost of (?P<c>\d+) from your hand", re.I),
        _each_of,
        "Play up to {N} each of [A], [B] and [C] with a cost of N from your hand",
    ),
    rule("Rest up to {N} of your opponent's cards", lambda m, c: m_.RestOpponentCards(n=_n(m))),
    rule(
        "Rest up to (?:a total of )?{N} of your opponent's DON!! cards or {F}",
        _filter(lambda f, m, c: m_.RestOpponentCards(n=_n(m), characters=_characters_only(f), others=False)),
    ),
    rule(
        "Rest up to (?:a total of )?{N} of your opponent's {F} or DON!! cards",
        _filter(lambda f, m, c: m_.RestOpponentCards(n=_n(m), characters=_characters_only(f), others=False)),
    ),
    rule(
        "{T} can attack Characters on the turn in which (?:it is|they are) played{D}",
        lambda m, c: _keyword_named(m, c, "Rush: Character"),
    ),
    rule(
        "Your opponent places {N} (?P<what>cards|Events?) from their trash at the bottom of their deck"
        "(?: in any order)?",
        lambda m, c: m_.OpponentMoves(
            source="trash",
            n=_n(m),
            to="deck_bottom",
            filter=m_.CardFilter(category="Event") if m["what"].startswith("Event") else m_.CardFilter(),
        ),
    ),
    rule(
        "Your opponent (?P<verb>returns|places) {N} of their (?P<state>active )?Characters (?:to the owner's hand|at"
        " the bottom of the owner's deck)",
        lambda m, c: m_.OpponentMoves(
            source="characters",
            n=_n(m),
            to="hand" if m["verb"] == "returns" else "deck_bottom",
            filter=m_.CardFilter(state="active") if m["state"] else m_.CardFilter(),
        ),
    ),
    rule("give this card in your hand {P} cost", lambda m, c: m_.HandCost(amount=int(m["p"])) if c.static else None),
)
