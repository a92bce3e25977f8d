"""How much of the real card pool the effect compiler understands, and what the grammar must cover.

Two reports, both pure functions of the cards (the CLI command ``effect-coverage`` prints them):
- ``effect_coverage``: per set, how many cards with text compile completely; the number that tells
  the rules engine how many cards it can play with their real effects.
- ``grammar_surface``: the vocabulary of the real texts (bracket markers, keywords, the four effect
  categories of rule 8-1-3, targeting phrases, compiled action kinds) with the number of cards using
  each, so the next grammar rule to write is the one that covers the most cards.

This module is a report over the compiler and the engine both (a card counts as complete only when
``engine.support.supported`` runs all of it), so it imports the engine; nothing in ``effects`` or
in ``engine`` imports it, and the rest of ``effects`` never imports the engine: the engine reads the
effect model, not the reverse.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import TypedDict

from generator.models.onepiece import OnePieceCard
from generator.play.effects.compiler import compile_card
from generator.play.effects.lexer import normalise, segment
from generator.play.effects.model import CompiledCard
from generator.play.engine.support import supported


class CoverageRow(TypedDict):
    set: str
    with_text: int
    complete: int
    partial: int
    percent: float


def set_code(card_id: str) -> str:
    """ "OP01-001" -> "OP01", "P-001" -> "P" (the SKU set token, upper-cased as printed)."""
    return card_id.split("-", 1)[0]


def _set_order(code: str) -> tuple[int, str, int]:
    """Boosters, then extra boosters, premium boosters, starter decks, promos; by number."""
    parts = re.fullmatch(r"([A-Z]+)(\d*)", code)
    prefix, number = parts.groups() if parts else (code, "")
    rank = {"OP": 0, "EB": 1, "PRB": 2, "ST": 3, "P": 4}.get(prefix, 5)
    return rank, prefix, int(number or 0)


def _row(code: str, compiled: list[CompiledCard]) -> CoverageRow:
    complete = sum(c.complete for c in compiled)
    total = len(compiled)
    return CoverageRow(
        set=code,
        with_text=total,
        complete=complete,
        partial=total - complete,
        percent=round(100 * complete / total, 1) if total else 0.0,
    )


def effect_coverage(cards: Iterable[OnePieceCard]) -> list[CoverageRow]:
    """One row per set for the cards that have effect or trigger text, then a ``total`` row. A card
    is complete when its whole text compiled and the rules engine can run every node of the tree
    (``engine.support.supported``): a text the engine would treat as vanilla does not count."""
    by_set: dict[str, list[CompiledCard]] = {}
    for card in cards:
        if card.effect or card.trigger:
            by_set.setdefault(set_code(card.card_id), []).append(supported(compile_card(card)))
    rows = [_row(code, by_set[code]) for code in sorted(by_set, key=_set_order)]
    everything = [c for compiled in by_set.values() for c in compiled]
    return [*rows, _row("total", everything)]


def format_coverage(rows: list[CoverageRow]) -> str:
    header = f"{'set':<8}{'with text':>10}{'complete':>10}{'partial':>9}{'percent':>9}"
    lines = [header, "-" * len(header)]
    for r in rows:
        if r["set"] == "total":
            lines.append("-" * len(header))
        lines.append(f"{r['set']:<8}{r['with_text']:>10}{r['complete']:>10}{r['partial']:>9}{r['percent']:>8.1f}%")
    return "\n".join(lines)


# Rule 8-1-3: auto, activate, permanent and replacement effects. A segment's markers say which.
_CATEGORY_BY_TIMING = {
    "activate_main": "activate",
    "main": "activate",
    "counter": "activate",
}
_REPLACEMENT = re.compile(r"\bwould be\b.*\binstead\b", re.I | re.S)
_TARGET_PHRASE = re.compile(
    r"\b(?:up to (?:a total of )?\d+|\d+|all) of (?:your opponent's|your) "
    r"(?:(?:rested|active|red|green|blue|purple|black|yellow|\{[^}]+\}(?: or \{[^}]+\})* type|"
    r"\[[^\]]+\]) )*(?:Leader or Character cards|Characters?|Leaders?|DON!! cards|Stages?|cards)"
    r"|\bthis (?:Character|Leader|Stage|card)\b|\byour opponent's Leader\b|\byour Leader\b",
    re.I,
)


def _category(timings: tuple[str, ...], body: str) -> str:
    if _REPLACEMENT.search(body):
        return "replacement"
    if not timings:
        return "permanent"
    return _CATEGORY_BY_TIMING.get(timings[0], "auto")


def _shape(phrase: str) -> str:
    """Collapse numbers, types and names so phrases of one shape count together."""
    phrase = re.sub(r"\{[^}]+\}(?: or \{[^}]+\})*", "{type}", phrase)
    phrase = re.sub(r"\[[^\]]+\]", "[name]", phrase)
    return re.sub(r"\d+", "N", phrase[0].lower() + phrase[1:])


def _kinds(node: object) -> Iterable[str]:
    """Every action kind in a compiled tree, nested ones (if / may / choose_one) included."""
    kind = getattr(node, "kind", None)
    if kind:
        yield kind
    for field in ("actions", "options"):
        for child in getattr(node, field, ()) or ():
            for leaf in child if isinstance(child, tuple) else (child,):
                yield from _kinds(leaf)


def grammar_surface(cards: Iterable[OnePieceCard]) -> dict[str, list[tuple[str, int]]]:
    """Per section, (item, number of cards using it), most used first."""
    counters: dict[str, Counter[str]] = {
        name: Counter() for name in ("markers", "keywords", "categories", "targets", "actions")
    }
    for card in cards:
        seen: dict[str, set[str]] = {name: set() for name in counters}
        texts = [card.effect or ""] + ([f"[Trigger] {card.trigger}"] if card.trigger else [])
        for text in texts:
            for seg in segment(text):
                seen["markers"].update(m for m in seg.markers if m not in seg.keywords)
                seen["keywords"].update(seg.keywords)
                if seg.body:
                    seen["categories"].add(_category(seg.timings, seg.body))
            seen["targets"].update(_shape(p) for p in _TARGET_PHRASE.findall(normalise(text)))
        compiled = compile_card(card)
        for effect in (*compiled.effects, *((compiled.trigger,) if compiled.trigger else ())):
            for action in effect.actions:
                seen["actions"].update(_kinds(action))
        for name, items in seen.items():
            counters[name].update(items)
    return {name: sorted(c.items(), key=lambda kv: (-kv[1], kv[0])) for name, c in counters.items()}


def format_surface(surface: dict[str, list[tuple[str, int]]], limit: int = 40) -> str:
    blocks = []
    for name, items in surface.items():
        lines = [f"{name} ({len(items)} distinct)"]
        lines += [f"  {count:>6}  {item}" for item, count in items[:limit]]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
