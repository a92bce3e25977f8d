"""The action formulas of One Piece card text, one rule per formula (see ``grammar``).

Order matters only where two formulas share words: the more specific one comes first (trashing
from hand before trashing a target on the field). A clause that fits no rule stays unparsed;
nothing here guesses.
"""

from __future__ import annotations

import re

from generator.play.effects import model as m_
from generator.play.effects.grammar import Context, Rule, duration, rule
from generator.play.effects.phrases import number, parse_filter, parse_target


def _target(build):
    """Wrap a builder so that it runs only when the {T} slot parses as a target."""
    def wrapped(m: re.Match[str], ctx: Context):
        t = parse_target(m["t"])
        return None if t is None else build(t, m, ctx)
    return wrapped


def _filter(build):
    """Wrap a builder so that it runs only when the {F} slot parses as a card filter."""
    def wrapped(m: re.Match[str], ctx: Context):
        parsed = parse_filter(m["f"])
        return None if parsed is None or parsed[2] else build(parsed[0], m, ctx)
    return wrapped


def _timed(node_type, **fixed):
    """A target + duration node (power, cost, keyword, status): None when the duration is
    missing in a triggered effect."""
    @_target
    def build(t, m, ctx):
        d = duration(m, ctx)
        groups = m.groupdict()
        extra = ({"amount": int(groups["p"])} if "p" in groups
                 else {"value": int(groups["n"])} if "n" in groups else {})
        return None if d is None else node_type(target=t, duration=d, **fixed, **extra)
    return build


def _keyword(m: re.Match[str], ctx: Context):
    t, d = parse_target(m["t"]), duration(m, ctx)
    if t is None or d is None:
        return None
    return m_.GainKeyword(target=t, keyword=m["k"], duration=d)


_ALL_OPPONENT_CHARACTERS = m_.Target(who="opponent_character", count=None, up_to=False)


def _both(first, second):
    """One sentence, two effects on one target: "gains [Rush] and +1000 power"."""
    def build(m: re.Match[str], ctx: Context):
        a, b = first(m, ctx), second(m, ctx)
        return None if a is None or b is None else (a, b)
    return build


def _status(status: str):
    return _timed(m_.GainStatus, status=status)


def _look_top(m: re.Match[str], ctx: Context):
    parsed = parse_filter(m["f"])
    if parsed is None or parsed[2]:
        return None
    rest = "trash" if m["rest"] == "trash the rest" else "bottom"
    to = "play" if m["verb"] else "hand"
    return m_.LookTop(n=int(m["n"]), filter=parsed[0], take=number(m["n2"]), to=to,
                      rested=bool(m["rested"]), rest_to=rest)


def _add_don(m: re.Match[str], ctx: Context):
    return m_.AddDon(n=number(m["n"]), state="active" if "active" in m["how"] else "rested")


def _play_from(m: re.Match[str], ctx: Context):
    parsed = parse_filter(m["f"])
    if parsed is None or parsed[2]:
        return None
    return m_.PlayFrom(zone=m["zone"].lower().replace(" or ", "_or_"), filter=parsed[0], count=number(m["n"]),
                       rested=bool(m["rested"]))


_LOOK = (r"Look at (?P<n>\d+) cards from the top of your deck(?:; reveal|(?: and|;) (?P<verb>play))"
         r" up to (?P<n2>\d+|a|an) (?P<f>.+?)(?:,? (?:and )?add (?:it|them) to your hand)?"
         r"(?P<rested> rested)?(?:\. Then,| and) (?P<rest>place the rest at the bottom of your deck in"
         r" any order|trash the rest)")

ACTIONS: tuple[Rule, ...] = (
    rule("Draw {N} cards?", lambda m, c: m_.Draw(n=number(m["n"]))),
    rule("Draw a card", lambda m, c: m_.Draw(n=1)),
    rule("Draw up to {N} cards?", lambda m, c: m_.Draw(n=number(m["n"]), up_to=True)),
    rule("K.O. {T}", _target(lambda t, m, c: m_.KO(target=t))),
    rule("Give {T} {P} power{D}", _timed(m_.Power)),
    rule("{T} gains? {P} power{D}", _timed(m_.Power)),
    rule("Give {T} {P} cost{D}", _timed(m_.CostChange)),
    rule("{T} gains? {P} cost{D}", _timed(m_.CostChange)),
    rule("{T} gains? [{K}]{D}", _keyword),
    rule("{T} gains? [{K}] and {P} power{D}", _both(_keyword, _timed(m_.Power))),
    rule("{T} gains? [{K}] and {P} cost{D}", _both(_keyword, _timed(m_.CostChange))),
    rule("{T}'s base power becomes {N}{D}", _timed(m_.SetBasePower)),
    rule("{T}' base power becomes {N}{D}", _timed(m_.SetBasePower)),
    rule("{T} cannot attack{D}", _status("cannot_attack")),
    rule("{T} cannot be K.O.'d{D}", _status("cannot_be_ko")),
    rule("{T} cannot be K.O.'d in battle{D}", _status("cannot_be_ko_in_battle")),
    rule("{T} cannot be K.O.'d by effects{D}", _status("cannot_be_ko_by_effects")),
    rule("{T} cannot be K.O.'d by your opponent's effects{D}",
         _status("cannot_be_ko_by_opponent_effects")),
    rule("Your opponent cannot activate [Blocker]{D}", lambda m, c: (d := duration(m, c)) and
         m_.GainStatus(target=_ALL_OPPONENT_CHARACTERS, status="cannot_block", duration=d)),
    rule("{T} cannot be rested{D}", _status("cannot_be_rested")),
    rule("{T} cannot activate [Blocker]{D}", _status("cannot_block")),
    rule("{T} will not become active in your opponent's next Refresh Phase",
         _target(lambda t, m, c: m_.GainStatus(target=t, status="no_refresh",
                                               duration="until_end_of_opponents_next_turn"))),
    rule("{T} can also attack active Characters{D}", _status("can_attack_active")),
    rule("{T} cannot be removed from the field by your opponent's effects{D}",
         _status("cannot_be_removed_by_opponent_effects")),
    rule("{T} can also attack your opponent's active Characters{D}", _status("can_attack_active")),
    rule("Rest {T}", _target(lambda t, m, c: m_.Rest(target=t))),
    rule("Set {T} as active", _target(lambda t, m, c: m_.SetActive(target=t))),
    rule("Return {T} to the owner's hand", _target(lambda t, m, c: m_.ReturnToHand(target=t))),
    rule("Return {T} to your hand", _target(lambda t, m, c: m_.ReturnToHand(target=t))),
    rule("Place {T} at the bottom of the owner's deck",
         _target(lambda t, m, c: m_.ReturnToDeck(target=t, position="bottom"))),
    rule("Place {T} at the top of the owner's deck",
         _target(lambda t, m, c: m_.ReturnToDeck(target=t, position="top"))),
    rule("Trash {N} cards? from your hand", lambda m, c: m_.TrashFromHand(n=number(m["n"]))),
    rule("Trash up to {N} cards? from your hand",
         lambda m, c: m_.TrashFromHand(n=number(m["n"]), up_to=True)),
    rule("Place {N} cards? from your hand at the bottom of your deck(?: in any order)?",
         lambda m, c: m_.HandToDeck(n=number(m["n"]))),
    rule("Place {N} cards? from your hand at the top or bottom of your deck(?: in any order)?",
         lambda m, c: m_.HandToDeck(n=number(m["n"]), position="top_or_bottom")),
    rule("Place {N} cards? from your hand at the top of your deck(?: in any order)?",
         lambda m, c: m_.HandToDeck(n=number(m["n"]), position="top")),
    rule("Your opponent places {N} cards? from their hand at the bottom of their deck(?: in any"
         " order)?", lambda m, c: m_.HandToDeck(whose="opponent", n=number(m["n"]))),
    rule("Look at {N} cards from the top of your deck and place them at the top or bottom of"
         " (?:the|your) deck in any order",
         lambda m, c: m_.LookTop(n=number(m["n"]), take=0, rest_to="top_or_bottom")),
    rule("Trash {N} cards? from the top of your deck", lambda m, c: m_.TrashFromDeck(n=number(m["n"]))),
    rule("Trash (?:up to )?{N} cards? from the top of your opponent's Life cards",
         lambda m, c: m_.TrashLife(whose="opponent", n=number(m["n"]))),
    rule("Trash {T}", _target(lambda t, m, c: m_.TrashTarget(target=t))),
    Rule(re.compile(r"Add up to (?P<n>\d+|a|an) DON!! cards? from your DON!! deck and "
                    r"(?P<how>rest (?:it|them)|set (?:it|them) as active)", re.I), _add_don,
         "Add up to {N} DON!! cards from your DON!! deck and rest it / set it as active"),
    Rule(re.compile(r"Add up to (?P<n>\d+|a|an) DON!! cards? as (?P<how>rested|active) from your"
                    r" DON!! deck", re.I), _add_don, "Add up to {N} DON!! cards as rested from..."),
    rule("Set up to {N} of your DON!! cards as active",
         lambda m, c: m_.SetDonActive(n=number(m["n"]))),
    rule("Rest up to {N} of your opponent's DON!! cards",
         lambda m, c: m_.RestOpponentDon(n=number(m["n"]))),
    rule("Your opponent returns {N} DON!! cards? from their field to their DON!! deck",
         lambda m, c: m_.OpponentReturnDon(n=number(m["n"]))),
    rule("Give up to {N} rested DON!! cards? to {T}", _target(
        lambda t, m, c: m_.GiveDon(target=t, n=number(m["n"]), rested_only=True))),
    rule("Give {T} up to {N} rested DON!! cards?", _target(
        lambda t, m, c: m_.GiveDon(target=t, n=number(m["n"]), rested_only=True))),
    Rule(re.compile(_LOOK, re.I), _look_top, "Look at N cards from the top of your deck; reveal..."),
    Rule(re.compile(r"Play up to (?P<n>\d+|a|an) (?P<f>.+?) from your (?P<zone>hand or trash|hand|trash)"
                    r"(?P<rested> rested)?", re.I), _play_from, "Play up to {N} {F} from your hand"),
    rule("Play this card", lambda m, c: m_.PlayThisCard()),
    rule("Add this card to your hand", lambda m, c: m_.AddThisToHand()),
    rule("Add up to {N} {F} from your trash to your hand", _filter(
        lambda f, m, c: m_.AddFromTrash(filter=f, count=number(m["n"])))),
    rule("Add (?:up to )?{N} cards? from the top of your deck to the top of your Life cards",
         lambda m, c: m_.AddLife(n=number(m["n"]))),
    rule("Add up to {N} cards? from the top of your deck to the top of your Life cards face-up",
         lambda m, c: m_.AddLife(n=number(m["n"]), face_up=True)),
    rule("Add up to {N} cards? from your hand to the top of your Life cards",
         lambda m, c: m_.AddLife(n=number(m["n"]), source="hand")),
    rule("Add up to {N} cards? from the top of your opponent's Life cards to the owner's hand",
         lambda m, c: m_.LifeToHand(whose="opponent", n=number(m["n"]))),
    rule("Add {N} cards? from the top of your Life cards to your hand",
         lambda m, c: m_.LifeToHand(n=number(m["n"]))),
    rule("Add {N} cards? from the top or bottom of your Life cards to your hand",
         lambda m, c: m_.LifeToHand(n=number(m["n"]), position="top_or_bottom")),
    rule("Your opponent trashes {N} cards? from their hand",
         lambda m, c: m_.OpponentDiscard(n=number(m["n"]))),
)
