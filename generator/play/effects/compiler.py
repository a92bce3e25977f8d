"""Compile a card's text into a ``CompiledCard``: segments -> effects -> costs, sentences, clauses.

The body of one effect is read in three layers, each with its own table:
  costs      what stands before the colon (``costs.parse_costs``);
  sentences  split at full stops; "If X, Y" guards its sentence (an opening one, the "Then,"
             sentences after it too), read when the effect resolves (lifted to the effect's
             conditions only for permanent and replacement effects, ``_VALID_WHILE``); "You may X.
             If you do, Y." is a ``may``;
  clauses    a sentence's actions joined by "and" / ", then" (``actions.ACTIONS``).

Honesty rule: an effect with any fragment the tables do not understand is left out of the card
entirely (a half-compiled effect would be a wrong card, not a weaker one) and the fragment goes to
``unparsed``; the card is ``complete`` only when nothing is unparsed. No I/O here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypedDict, Unpack

from generator.models.onepiece import OnePieceCard
from generator.play.effects import model as m_
from generator.play.effects import triggers
from generator.play.effects.actions import ACTIONS
from generator.play.effects.checks import Unparsed, check_delayed, check_memo
from generator.play.effects.conditions import parse_conditions
from generator.play.effects.costs import parse_costs
from generator.play.effects.grammar import DURATION_PHRASES, Context, match
from generator.play.effects.lexer import Segment, normalise, segment
from generator.play.effects.model_base import Keyword

_SENTENCE_END = re.compile(r"(?<=\.)\s+(?=[A-Z])(?![^\[]*\])")  # not inside a name: "[Dr. Hogback]"
_KEEP_WITH_PREVIOUS = re.compile(r"Then, (?:place|trash) the rest")
_CLAUSE_JOIN = re.compile(r",? and then |,? and |, then |, ")
_SUBJECT = re.compile(r"(this Character|this Leader|your Leader) (?=gains? |cannot |can )", re.I)
_VERB = re.compile(r"(K\.O\.|Rest|Return|Trash|Give|Set) (?=up to |\d+ )", re.I)
_MAY_PAY = re.compile(r"you may (?P<pay>[^.]+)\. If you do, (?P<then>.+)", re.I | re.S)
_COPY = re.compile(r"Activate this card's \[(?P<marker>[^\]]+)\] effect\.?", re.I)


_END_OF_TURN = re.compile(r"(?P<what>.+) at the end of this turn", re.I)


def _action(text: str, ctx: Context) -> tuple[m_.Action, ...] | None:
    """One clause; a rule may build two actions from one clause ("gains [Rush] and +1000").
    "<clause> at the end of this turn" waits for the End Phase (``AtEndOfTurn``)."""
    if later := _END_OF_TURN.fullmatch(text.strip()):
        inner = _action(later["what"], ctx)
        return None if inner is None else (m_.AtEndOfTurn(actions=inner),)
    built = match(ACTIONS, text, ctx)
    return None if built is None else built if isinstance(built, tuple) else (built,)


def _clauses(text: str, ctx: Context, subject: str = "") -> tuple[m_.Action, ...] | None:
    """A run of actions: the whole text as one action, else the first cut at a joining word
    where the head is an action and the tail is again a run of actions. A tail that opens with a
    verb takes the head's subject: "this Character cannot be K.O.'d and gains +1000 power"."""
    for candidate in (text, f"{subject} {text}") if subject else (text,):
        whole = _action(candidate, ctx)
        if whole is not None:
            return whole
    for cut in _CLAUSE_JOIN.finditer(text):
        head = _action(text[: cut.start()], ctx)
        said = _SUBJECT.match(text)
        rest = text[cut.end() :]
        tail = _clauses(rest, ctx, said.group(1) if said else "") if head else None
        if head is not None and tail is None and (may := re.match(r"you may ", rest)):
            chosen = _clauses(rest[may.end() :], ctx)  # "Draw 1 card and you may trash 1 card ..."
            tail = (m_.May(actions=chosen),) if chosen else None
        verb = _VERB.match(text)
        if head is not None and tail is None and verb and re.match(r"(?:up to |\d+ )", rest):
            tail = _action(f"{verb.group(1)} {rest}", ctx)  # "K.O. up to 1 ... and up to 1 ..."
        if head is not None and tail is not None:
            return (*head, *tail)
    return None


def _chosen(text: str, ctx: Context) -> tuple[m_.Action, ...] | None:
    """Actions, or "you may <actions>" as one ``may`` block."""
    if may := re.match(r"you may ", text, re.I):
        chosen = _clauses(text[may.end() :], ctx)
        return (m_.May(actions=chosen),) if chosen else None
    return _clauses(text, ctx)


def _guarded(text: str, ctx: Context) -> m_.If | None:
    """ "If <conditions>, [you may] <actions>" (try each comma as the end of the conditions), or
    the rarer "<actions> if <conditions>"."""
    if text.lower().startswith("if "):
        for comma in re.finditer(", ", text):
            conditions = parse_conditions(text[3 : comma.start()])
            actions = _chosen(text[comma.end() :], ctx) if conditions else None
            if conditions and actions:
                return m_.If(conditions=conditions, actions=actions)
    for cut in re.finditer(" if ", text):
        actions = _clauses(text[: cut.start()], ctx)
        conditions = parse_conditions(text[cut.end() :]) if actions else None
        if conditions and actions:
            return m_.If(conditions=conditions, actions=actions)
    return None


def _sentences(body: str) -> list[str]:
    parts: list[str] = []
    for part in _SENTENCE_END.split(body.strip()):
        if parts and _KEEP_WITH_PREVIOUS.match(part) and "look at" in parts[-1].lower():
            parts[-1] = f"{parts[-1]} {part}"
        else:
            parts.append(part)
    return [p[:-1] if p.endswith(".") else p for p in parts]


def _sentence(text: str, done: list[m_.Action], ctx: Context) -> list[m_.Action]:
    """Compile one sentence onto the actions so far (``done``); raise Unparsed when it fails.
    A text that opens "If X, A. Then, B." is all under X (official Q&A on OP06-116 and EB02-010:
    when X does not hold, B does not happen either); an "If" further in guards its own sentence
    ("Reveal ... If the revealed card is ..., A. Then, place the revealed card ..."), and a
    "Then," sentence with its own "if" stands alone."""
    then = text.startswith("Then, ")
    text = re.sub(r"^Then, ", "", text)
    if text.startswith("If you do, "):
        follow = _clauses(text[len("If you do, ") :], ctx)
        last = done[-1] if done else None
        if follow and isinstance(last, m_.If) and last.actions and isinstance(last.actions[-1], m_.May):
            may = last.actions[-1]  # "If X, you may Y. If you do, Z."
            grown = m_.May(actions=(*may.actions, *follow))
            return [*done[:-1], last.model_copy(update={"actions": (*last.actions[:-1], grown)})]
        if not follow or not isinstance(last, m_.May):
            raise Unparsed(text)
        return [*done[:-1], m_.May(actions=(*last.actions, *follow))]
    text = _additional(text, done)
    built = _guarded(text, ctx)
    if built is not None:
        return [*done, built]
    actions = _chosen(text, ctx)
    if actions is None:
        raise Unparsed(text)
    if then and len(done) == 1 and isinstance(done[0], m_.If):  # the text opened with "If X,"
        return [done[0].model_copy(update={"actions": (*done[0].actions, *actions)})]
    return [*done, *actions]


_ADDITIONAL = re.compile(r".* gains? an additional [+-]\d+ power")


def _additional(text: str, done: list[m_.Action]) -> str:
    """ "that card gains an additional +2000 power" says no duration: it is the one of the power
    the effect gave before ("... gains +2000 power during this battle. Then, ... an additional ...")."""
    if not _ADDITIONAL.fullmatch(text):
        return text
    given = [a for a in done if isinstance(a, m_.Power) and a.duration != "continuous"]
    return f"{text}{DURATION_PHRASES[given[-1].duration]}" if given else text


def _actions(body: str, ctx: Context) -> list[m_.Action]:
    if choose := re.fullmatch(
        r"(?P<head>.*?)(?P<who>your opponent )?chooses? one:\n"
        r"(?P<options>(?:[\u2022-] .*\n?)+)",
        body,
        re.I | re.S,
    ):
        options = tuple(tuple(_actions(o[2:].strip(), ctx)) for o in choose["options"].split("\n") if o.strip())
        pick = m_.ChooseOne(options=options, chooser="opponent" if choose["who"] else "you")
        head = choose["head"].strip().rstrip(",")
        if not head:
            return [pick]
        conditions = parse_conditions(head[3:]) if head.lower().startswith("if ") else None
        if conditions is None:
            raise Unparsed(head)
        return [m_.If(conditions=conditions, actions=(pick,))]
    done: list[m_.Action] = []
    for text in _sentences(body):
        done = _sentence(text, done, ctx)
    return done


def _split_costs(body: str) -> tuple[tuple[m_.Cost, ...], str, tuple[m_.Condition, ...]]:
    """Costs are what stands before the first colon outside brackets, unless that colon opens a
    "choose one" list; "If <conditions>, you may <costs>:" also gives the conditions."""
    depth = 0
    for i, ch in enumerate(body):
        depth += {"[": 1, "]": -1}.get(ch, 0)
        if ch == ":" and depth == 0:
            head = body[:i]
            if re.search(r"chooses? one$", head.rstrip(), re.I):
                return (), body, ()
            costs = parse_costs(head)
            if costs is None and (guard := re.fullmatch(r"If (?P<c>.+?), (?P<pay>you (?:may|can) .+)", head, re.I)):
                conditions = parse_conditions(guard["c"])  # "If your Leader is [X], you may ...: ..."
                costs = parse_costs(guard["pay"]) if conditions else None
                if costs is not None and conditions is not None:
                    return costs, body[i + 1 :].strip(), conditions
            if costs is None:
                raise Unparsed(head)
            return costs, body[i + 1 :].strip(), ()
    return (), body, ()


def compile_effect(seg: Segment, timing: m_.Timing) -> m_.Effect:
    """One segment at one timing. Raises Unparsed."""
    if timing == "static":
        special = _special(seg)
        if special is not None:
            return special
    return _effect(seg, timing, seg.body)


# Effects whose "If X, ..." is a condition of being valid at all (8-1-3-3-2: permanent effects;
# replacements apply only while it holds). Elsewhere "If X" is read when the effect resolves: the
# effect still activates and its cost may be paid, and nothing happens when X fails (8-3-2 names
# only [DON!! xX], [Your Turn] and [Opponent's Turn] as an effect's conditions; official Q&A on
# OP01-063, EB02-010).
_VALID_WHILE = ("static", "replacement", "rules")


class _Fields(TypedDict, total=False):
    """The ``Effect`` fields besides its timing and flags: only those a text sets are passed on."""

    costs: tuple[m_.Cost, ...]
    conditions: tuple[m_.Condition, ...]
    actions: tuple[m_.Action, ...]
    optional: bool
    replaces: m_.Replacement
    when: m_.When
    deck_rule: m_.DeckRule


class _Head(TypedDict, total=False):
    """What the head of an unmarked effect said (``_special``): its activation event or deck rule."""

    when: m_.When
    deck_rule: m_.DeckRule


def _effect(seg: Segment, timing: m_.Timing, body: str, **extra: Unpack[_Head]) -> m_.Effect:
    ctx = Context(static=timing == "static")
    costs, rest, guard = _split_costs(body)
    paid = _MAY_PAY.fullmatch(rest) if not costs and not guard else None
    if paid and _clauses(paid["pay"], ctx) is None and (spoken := parse_costs(f"you may {paid['pay']}")):
        costs, rest = spoken, paid["then"]  # "You may <cost words>. If you do, Y." reads as "You may <cost>: Y."
    actions = _actions(rest, ctx) if rest else []
    conditions: tuple[m_.Condition, ...] = ()
    optional = bool(costs)
    if len(actions) == 1 and isinstance(actions[0], m_.If) and timing in _VALID_WHILE:
        conditions, actions = actions[0].conditions, list(actions[0].actions)
    if len(actions) == 1 and isinstance(actions[0], m_.May) and not costs:
        optional, actions = True, list(actions[0].actions)
    if not actions:
        raise Unparsed(body or "(no effect text)")
    conditions = (*guard, *conditions)
    if any(isinstance(c, m_.RevealedIs) for c in conditions):  # it reads a card revealed first
        actions, conditions = [m_.If(conditions=conditions, actions=tuple(actions))], ()
    check_memo(body, actions)
    check_delayed(body, actions)
    return _with_flags(
        seg, timing, costs=costs, conditions=conditions, actions=tuple(actions), optional=optional, **extra
    )


def _with_flags(seg: Segment, timing: m_.Timing, **fields: Unpack[_Fields]) -> m_.Effect:
    return m_.Effect(
        timing=timing,
        your_turn="Your Turn" in seg.flags,
        opponents_turn="Opponent's Turn" in seg.flags,
        once_per_turn="Once Per Turn" in seg.flags,
        don_requirement=seg.don,
        **fields,
    )


def _special(seg: Segment) -> m_.Effect | None:
    """An unmarked segment whose head says when it applies: a replacement effect, a written
    activation event, the start of the turn, a deck-construction rule (``triggers``)."""
    body = seg.body
    if replaced := triggers.replacement(body, parse_conditions):
        conditions, replaces, instead, may = replaced
        costs, actions = _instead(instead)
        return _with_flags(
            seg, "replacement", costs=costs, conditions=conditions, actions=actions, optional=may, replaces=replaces
        )
    if event := triggers.when(body):
        when, rest = event
        return _effect(seg, "when", rest, when=when)
    if ":" in body and not body.lower().startswith("if "):  # "You may trash 1 card from your hand: When ..."
        head, _, tail = body.partition(": ")
        if (event := triggers.when(tail)) and parse_costs(head):
            when, rest = event
            return _effect(seg, "when", f"{head}: {rest}", when=when)
    if (start := triggers.start_of_turn(body)) is not None:
        return _effect(seg, "start_of_your_turn", start)
    if rule := triggers.deck_rule(body):
        deck_rule, rest = rule
        if rest:  # "... and at the start of the game, <effect>"
            game = re.fullmatch(r"at the start of the game, (?P<rest>.+)", rest, re.I)
            if not game:
                raise Unparsed(rest)
            return _effect(seg, "start_of_game", game["rest"], deck_rule=deck_rule)
        return _with_flags(seg, "rules", deck_rule=deck_rule)
    return None


def _instead(text: str) -> tuple[tuple[m_.Cost, ...], tuple[m_.Action, ...]]:
    """What a replacement does instead: costs ("trash 1 card from your hand"), actions ("give this
    Character -2000 power during this turn"), or a cost then actions ("trash this Character and
    draw 1 card"). Raises Unparsed."""
    ctx = Context()
    costs = parse_costs(f"you may {text}")
    if costs is not None:
        return costs, ()
    actions = _clauses(text, ctx)
    if actions is not None:
        return (), actions
    for cut in re.finditer(",? and ", text):
        head = parse_costs(f"you may {text[: cut.start()]}")
        tail = _clauses(text[cut.end() :], ctx) if head else None
        if head and tail:
            return head, tail
    raise Unparsed(text)


def _as_keyword(effect: m_.Effect) -> Keyword | None:
    """An unconditional "This Character gains [Blocker]." is the keyword itself."""
    if (
        effect.timing == "static"
        and len(effect.actions) == 1
        and not effect.conditions
        and not (effect.your_turn or effect.opponents_turn or effect.don_requirement)
    ):
        a = effect.actions[0]
        if isinstance(a, m_.GainKeyword) and a.target.who == "self_card":
            return a.keyword
    return None


def _copy_for_trigger(text: str, effects: list[m_.Effect]) -> m_.Effect | None:
    """ "[Trigger] Activate this card's [Main] effect." -> that effect, at the trigger timing."""
    m = _COPY.fullmatch(text.strip())
    if not m:
        return None
    wanted = {"Main": "main", "On Play": "on_play", "On K.O.": "on_ko", "Counter": "counter"}.get(m["marker"])
    source = next((e for e in effects if e.timing == wanted), None)
    return source.model_copy(update={"timing": "trigger"}) if source else None


@dataclass
class _Text:
    """What a card's text has compiled to so far, segment by segment (``compile_card``)."""

    keywords: set[Keyword] = field(default_factory=set)
    also_named: tuple[str, ...] = ()
    effects: list[m_.Effect] = field(default_factory=list)
    unparsed: list[str] = field(default_factory=list)
    trigger_segments: list[Segment] = field(default_factory=list)

    def read(self, seg: Segment) -> None:
        """One segment of the effect text: its keywords, then its effects at each of its timings
        (an unconditional "gains [Blocker]" is the keyword itself); a [Trigger] waits for
        ``trigger``, which may copy one of the effects."""
        self.keywords.update(seg.keywords)
        if not (seg.body or seg.timings or seg.flags or seg.don):
            return
        if "trigger" in seg.timings:
            self.trigger_segments.append(seg)
            return
        if not seg.timings and (names := triggers.also_named(seg.body)):
            self.also_named += names
            return
        try:
            compiled = [compile_effect(seg, t) for t in seg.timings or ("static",)]
        except Unparsed as err:
            self.unparsed.append(err.fragment)
            return
        for effect in compiled:
            kw = _as_keyword(effect)
            if kw:
                self.keywords.add(kw)
            else:
                self.effects.append(effect)

    def trigger(self) -> m_.Effect | None:
        """The [Trigger] effect, once every other effect is known (the last one that compiles)."""
        trigger = None
        for seg in self.trigger_segments:
            try:
                trigger = _copy_for_trigger(seg.body, self.effects) or compile_effect(seg, "trigger")
            except Unparsed as err:
                self.unparsed.append(err.fragment)
        return trigger


def compile_card(card: OnePieceCard) -> m_.CompiledCard:
    text = _Text()
    for seg in segment(card.effect or ""):
        text.read(seg)
    if card.trigger:
        text.trigger_segments.append(Segment(timings=("trigger",), body=normalise(card.trigger)))
    trigger = text.trigger()
    return m_.CompiledCard(
        card_id=card.card_id,
        keywords=tuple(sorted(text.keywords)),
        also_named=text.also_named,
        effects=tuple(text.effects),
        trigger=trigger,
        complete=not text.unparsed,
        unparsed=tuple(text.unparsed),
    )


def compile_all(
    cards: dict[str, OnePieceCard] | Iterable[OnePieceCard],
) -> dict[str, m_.CompiledCard]:
    values = cards.values() if isinstance(cards, dict) else cards
    return {card.card_id: compile_card(card) for card in values}
