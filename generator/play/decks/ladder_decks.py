"""Decks for the ladder AI (and the human's starter deck): built, not hand-picked, and always legal.

Why built from data: the card pool grows with every set, and a hand-kept list would rot. The builder
takes only cards the engine can run in full (``compile_card(...).complete`` and nothing in the tree
the interpreter does not know, ``support.supported``), so the AI never plays a card that silently
does nothing, and a person facing it sees every card do what it says.

Why legal on any date: the candidates leave out block 1 cards (Standard rotation, effective
2026-04-01) and every card the ban list names (banned or restricted, whatever the date), so a deck
built today stays legal in Standard before and after rotation. ``build_deck`` still runs the real
deck validator (format ``standard``) and refuses to return a deck it rejects.

Deterministic: the same card pool, seed and level give the same deck (``random.Random`` seeded
with a string, which Python hashes with SHA-512, independent of ``PYTHONHASHSEED``).

Shape of a deck: 12 card numbers x4 and one x2 (50), picked along a curve (cheap, middle, big,
finishers, [Counter] Events) from the best-scoring candidates of the Leader's colours. The score
is a simple "stats for the cost" value (power over cost, Counter, keywords); it is a heuristic
for a practice opponent, not a claim about the competitive meta.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Any

from generator.models.onepiece import OnePieceCard
from generator.play.decks.request import DeckRequest
from generator.play.decks.rules import RulesData, load_rules
from generator.play.decks.validator import DeckResult, validate_deck
from generator.play.effects.compiler import compile_card
from generator.play.effects.model import CompiledCard
from generator.play.engine.state import Deck
from generator.play.engine.support import supported

NOTE = (
    "Built from fully-compiled cards: every card's text compiles completely and uses only "
    "effects the referee runs, so no card in this deck is a vanilla stand-in."
)
# (lowest cost, highest cost, how many card numbers) along the curve; Events are their own slot.
CURVE = ((0, 2, 4), (3, 4, 4), (5, 6, 2), (7, 99, 1))
COUNTER_EVENT_SLOTS = 1
SLOTS = 13  # 12 x4 + 1 x2 = 50
KEYWORD_VALUE = {
    "Blocker": 0.8,
    "Rush": 1.0,
    "Double Attack": 1.2,
    "Banish": 0.5,
    "Unblockable": 0.8,
    "Rush: Character": 0.4,
}


@dataclass(frozen=True)
class BuiltDeck:
    """A deck with the evidence that it is legal: the validator's verdict travels with it."""

    leader: str
    main: tuple[str, ...]  # sorted: a decklist, never an order
    note: str
    verdict: DeckResult

    def deck(self) -> Deck:
        return Deck(leader=self.leader, main=self.main)

    def describe(self) -> dict[str, Any]:
        """The deck as a response shows it: list, note, and the validator's verdict in brief."""
        counts: dict[str, int] = {}
        for cid in self.main:
            counts[cid] = counts.get(cid, 0) + 1
        return {
            "leader_id": self.leader,
            "main_deck_card_ids": list(self.main),
            "counts": counts,
            "note": self.note,
            "validation": {
                "valid": self.verdict.valid,
                "format": self.verdict.format,
                "checked_at_date": self.verdict.checked_at_date.isoformat(),
                "warnings": [w.code for w in self.verdict.warnings],
            },
        }


@lru_cache(maxsize=16384)
def engine_compiled(card: OnePieceCard) -> CompiledCard:
    """The card as the engine compiles it at set-up (memoised: compiling is the slow part)."""
    return supported(compile_card(card))


def runs_fully(card: OnePieceCard) -> bool:
    return engine_compiled(card).complete


def _eligible(card: OnePieceCard, rules: RulesData, listed: frozenset[str]) -> bool:
    block = rules.block_of(card.card_id, card.block)
    return (
        bool(card.colors)
        and block is not None
        and block >= rules.rotation.min_block
        and card.card_id not in listed
        and rules.construction_effect(card.card_id) is None
        and runs_fully(card)
    )


def _listed(rules: RulesData) -> frozenset[str]:
    return frozenset(b.card_id for b in rules.bans)


def _pool(cards: Mapping[str, OnePieceCard], rules: RulesData) -> list[OnePieceCard]:
    """Every eligible main-deck card, scored once."""
    listed = _listed(rules)
    return [
        c
        for c in cards.values()
        if c.category in ("Character", "Event") and _eligible(c, rules, listed) and score(c) > -9
    ]


def leaders(
    cards: Mapping[str, OnePieceCard], rules: RulesData, pool: list[OnePieceCard] | None = None
) -> tuple[str, ...]:
    """Leaders the AI may use: eligible, with Life, able to attack (an aggressor needs to), and
    with enough candidates in their colours for a varied deck. ``pool``: ``_pool``'s, if made."""
    listed = _listed(rules)
    by_colours = Counter(frozenset(p.colors) for p in (_pool(cards, rules) if pool is None else pool))
    return tuple(
        sorted(
            cid
            for cid, c in cards.items()
            if c.category == "Leader"
            and c.life
            and "cannot attack" not in (c.effect or "")
            and _eligible(c, rules, listed)
            and sum(n for colours, n in by_colours.items() if colours <= set(c.colors)) >= SLOTS + 10
        )
    )


def score(card: OnePieceCard) -> float:
    """Stats for the cost, in "card units": a vanilla 1000 power per cost point scores ~0."""
    comp = engine_compiled(card)
    if card.category == "Event":
        boost = sum(
            a.amount
            for e in comp.effects
            if e.timing == "counter" and not e.costs
            for a in e.actions
            if a.kind == "power"
            and a.amount > 0
            and a.target.who == "your_leader_or_character"
            and not a.target.filter.names
        )
        return boost / 1000 - (card.cost or 0) - 0.5 if boost else -9.0
    if card.category != "Character":
        return -9.0
    value = (card.power or 0) / 1000 - (card.cost or 0) - 1
    value += 0.8 * (card.counter or 0) / 1000
    value += sum(KEYWORD_VALUE.get(k, 0) for k in comp.keywords)
    value += 0.3 * min(2, len(comp.effects))
    if any(
        e.timing == "static" and a.kind == "status" and a.status == "cannot_attack"
        for e in comp.effects
        for a in e.actions
    ):
        value -= 3.0  # a body that may not attack is no use to an aggressor
    return value


def candidates(
    cards: Mapping[str, OnePieceCard], leader_id: str, rules: RulesData, pool: list[OnePieceCard] | None = None
) -> tuple[str, ...]:
    """Main-deck candidates for a Leader, best first (ties by card id, so the order is stable)."""
    colours = set(cards[leader_id].colors)
    pool = [c for c in (_pool(cards, rules) if pool is None else pool) if set(c.colors) <= colours]
    return tuple(c.card_id for c in sorted(pool, key=lambda c: (-score(c), c.card_id)))


def _pick(ids: list[str], n: int, rng: random.Random | None) -> list[str]:
    """The best ``n`` (no rng), or ``n`` drawn from the best ``2n`` (a seeded variation)."""
    if rng is None:
        return ids[:n]
    top = ids[: 2 * n]
    return rng.sample(top, min(n, len(top)))


def main_deck(
    cards: Mapping[str, OnePieceCard],
    leader_id: str,
    rules: RulesData,
    rng: random.Random | None = None,
    pool: list[OnePieceCard] | None = None,
) -> tuple[str, ...]:
    """Fifty card ids (sorted) along the curve; ``rng=None`` gives the Leader's "typical" deck,
    which the AI also uses as its prior over an unseen opponent deck."""
    ranked = candidates(cards, leader_id, rules, pool)
    events = [c for c in ranked if cards[c].category == "Event"]
    chosen = _pick(events, COUNTER_EVENT_SLOTS, rng)
    for low, high, n in CURVE:
        band = [
            c
            for c in ranked
            if cards[c].category == "Character" and low <= (cards[c].cost or 0) <= high and c not in chosen
        ]
        chosen += _pick(band, n, rng)
    chosen += [c for c in ranked if c not in chosen][: SLOTS - len(chosen)]
    chosen = chosen[:SLOTS]
    main = [c for c in chosen[:-1] for _ in range(4)] + [chosen[-1]] * 2
    return tuple(sorted(main))


def build_deck(
    cards: Mapping[str, OnePieceCard],
    seed: int,
    role: str = "ai",
    level: int = 0,
    on_date: date = date(2026, 4, 1),
    rules: RulesData | None = None,
) -> BuiltDeck:
    """A legal Standard deck for ``role`` ("ai" or "starter") from ``seed`` (and the AI level).

    Raises ``ValueError`` when the pool has no usable Leader or the validator rejects the deck
    (which would be a bug here, not a user error)."""
    rules = rules or load_rules()
    pool = _pool(cards, rules)  # once: a practice game's two decks were most of its start-up
    options = leaders(cards, rules, pool)
    if not options:
        raise ValueError("no Leader in the card pool can lead a fully-compiled deck")
    rng = random.Random(f"cardpantry-deck:{role}:{level}:{seed}")
    leader = options[rng.randrange(len(options))]
    main = main_deck(cards, leader, rules, rng, pool)
    verdict = validate_deck(
        DeckRequest(leader_id=leader, main_deck_card_ids=main, format="standard"), cards, rules, on_date
    )
    if not verdict.valid:
        raise ValueError(f"built deck for {leader} is not legal: {verdict.violations}")
    return BuiltDeck(leader=leader, main=main, note=NOTE, verdict=verdict)
