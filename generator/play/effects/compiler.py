"""Compile a card's text into a ``CompiledCard``: segments -> effects -> costs, sentences, clauses.

The body of one effect is read in three layers, each with its own table:
  costs      what stands before the colon (``costs.parse_costs``);
  sentences  split at full stops; "Then," only orders them; "If X, Y" guards one sentence
             (lifted to the effect's conditions when it is the effect's only sentence, which is
             also how continuous effects are conditioned); "You may X. If you do, Y." is a ``may``;
  clauses    a sentence's actions joined by "and" / ", then" (``actions.ACTIONS``).

Honesty rule: an effect with any fragment the tables do not understand is left out of the card
entirely (a half-compiled effect would be a wrong card, not a weaker one) and the fragment goes to
``unparsed``; the card is ``complete`` only when nothing is unparsed. No I/O here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from generator.models.onepiece import OnePieceCard
from generator.play.effects import model as m_
from generator.play.effects.actions import ACTIONS
from generator.play.effects.conditions import parse_conditions
from generator.play.effects.costs import parse_costs
from generator.play.effects.grammar import Context, match
from generator.play.effects.lexer import Segment, normalise, segment
from generator.play.effects.model_base import Keyword


class Unparsed(Exception):
    """A fragment of text no table understands; carries the fragment for the report."""

    def __init__(self, fragment: str) -> None:
        super().__init__(fragment)
        self.fragment = fragment.strip()


_SENTENCE_END = re.compile(r"(?<=\.)\s+(?=[A-Z])")
_KEEP_WITH_PREVIOUS = re.compile(r"Then, (?:place|trash) the rest")
_CLAUSE_JOIN = re.compile(r",? and |, then |, ")
_SUBJECT = re.compile(r"(this Character|this Leader|your Leader) (?=gains? |cannot |can )", re.I)
_COPY = re.compile(r"Activate this card's \[(?P<marker>[^\]]+)\] effect\.?", re.I)


def _action(text: str, ctx: Context) -> tuple[m_.Action, ...] | None:
    """One clause; a rule may build two actions from one clause ("gains [Rush] and +1000")."""
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
        tail = _clauses(text[cut.end() :], ctx, said.group(1) if said else "") if head else None
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
        if parts and _KEEP_WITH_PREVIOUS.match(part):
            parts[-1] = f"{parts[-1]} {part}"
        else:
            parts.append(part)
    return [p[:-1] if p.endswith(".") else p for p in parts]


def _sentence(text: str, done: list[m_.Action], ctx: Context) -> list[m_.Action]:
    """Compile one sentence onto the actions so far (``done``); raise Unparsed when it fails."""
    text = re.sub(r"^Then, ", "", text)
    if text.startswith("If you do, "):
        follow = _clauses(text[len("If you do, ") :], ctx)
        if not follow or not done or not isinstance(done[-1], m_.May):
            raise Unparsed(text)
        return [*done[:-1], m_.May(actions=(*done[-1].actions, *follow))]
    built = _guarded(text, ctx)
    if built is not None:
        return [*done, built]
    actions = _chosen(text, ctx)
    if actions is None:
        raise Unparsed(text)
    return [*done, *actions]


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


def _split_costs(body: str) -> tuple[tuple[m_.Cost, ...], str]:
    """Costs are what stands before the first colon outside brackets, unless that colon opens a
    "choose one" list."""
    depth = 0
    for i, ch in enumerate(body):
        depth += {"[": 1, "]": -1}.get(ch, 0)
        if ch == ":" and depth == 0:
            head = body[:i]
            if re.search(r"chooses? one$", head.rstrip(), re.I):
                return (), body
            costs = parse_costs(head)
            if costs is None:
                raise Unparsed(head)
            return costs, body[i + 1 :].strip()
    return (), body


def compile_effect(seg: Segment, timing: m_.Timing) -> m_.Effect:
    """One segment at one timing. Raises Unparsed."""
    ctx = Context(static=timing == "static")
    costs, rest = _split_costs(seg.body)
    actions = _actions(rest, ctx) if rest else []
    conditions: tuple[m_.Condition, ...] = ()
    optional = bool(costs)
    if len(actions) == 1 and isinstance(actions[0], m_.If):
        conditions, actions = actions[0].conditions, list(actions[0].actions)
    if len(actions) == 1 and isinstance(actions[0], m_.May) and not costs:
        optional, actions = True, list(actions[0].actions)
    if not actions:
        raise Unparsed(seg.body or "(no effect text)")
    return m_.Effect(
        timing=timing,
        your_turn="Your Turn" in seg.flags,
        opponents_turn="Opponent's Turn" in seg.flags,
        once_per_turn="Once Per Turn" in seg.flags,
        don_requirement=seg.don,
        costs=costs,
        conditions=conditions,
        actions=tuple(actions),
        optional=optional,
    )


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


def compile_card(card: OnePieceCard) -> m_.CompiledCard:
    keywords: set[Keyword] = set()
    effects: list[m_.Effect] = []
    unparsed: list[str] = []
    trigger_segments: list[Segment] = []
    for seg in segment(card.effect or ""):
        keywords.update(seg.keywords)
        if not (seg.body or seg.timings or seg.flags or seg.don):
            continue
        if "trigger" in seg.timings:
            trigger_segments.append(seg)
            continue
        try:
            compiled = [compile_effect(seg, t) for t in seg.timings or ("static",)]
        except Unparsed as err:
            unparsed.append(err.fragment)
            continue
        for effect in compiled:
            kw = _as_keyword(effect)
            if kw:
                keywords.add(kw)
            else:
                effects.append(effect)
    if card.trigger:
        trigger_segments.append(Segment(timings=("trigger",), body=normalise(card.trigger)))
    trigger = None
    for seg in trigger_segments:
        try:
            trigger = _copy_for_trigger(seg.body, effects) or compile_effect(seg, "trigger")
        except Unparsed as err:
            unparsed.append(err.fragment)
    return m_.CompiledCard(
        card_id=card.card_id,
        keywords=tuple(sorted(keywords)),
        effects=tuple(effects),
        trigger=trigger,
        complete=not unparsed,
        unparsed=tuple(unparsed),
    )


def compile_all(
    cards: dict[str, OnePieceCard] | Iterable[OnePieceCard],
) -> dict[str, m_.CompiledCard]:
    values = cards.values() if isinstance(cards, dict) else cards
    return {card.card_id: compile_card(card) for card in values}
