"""One physical printing, one SKU: fab-cards' printings re-keyed onto the-fab-cube's where they meet.

Both Flesh and Blood adapters mint SKUs with one rule (:mod:`generator.sku.fab`), so a printing the two
upstreams describe alike merges in the catalog by SKU. Where they describe one printing differently
(fab-cards calls the World Championship heroes Gold Cold Foil where the cube says Cold Foil, lists one
art variation where the cube lists two, or has no image to tell a back face by), the rule alone gives
one physical card two SKUs. This step runs where both sources' rows meet (``generator.catalog.load``):
it pairs such rows by set slot and card, and gives fab-cards' row the cube's SKU, so the catalog merges
the two observations and records the differing edition, foiling, art or face as disagreements
(``derive.sql``) instead of publishing a second SKU. The cube's token wins (``docs/sku.md`` says why).

It also keys fab-cards' rows by the cube's card ids, so a card is counted once whichever source saw it:
fab-cards' own keys are slugs of names (``command-and-conquer-red``), the cube's are its Unique IDs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace

from generator.ingest.sink import PrintingRow, Sink

CUBE, CARDS = "the-fab-cube", "fab-cards"
Slot = tuple[str, str, str, str]  # set, number, language, the cube's card id


def pair_fab_sources(sinks: list[tuple[Sink, int]]) -> list[tuple[Sink, int]]:
    """``sinks`` with fab-cards' printings paired and keyed onto the cube's; as given when either is absent."""
    by_source = {sink.source_id: sink for sink, _ in sinks}
    cube, cards = by_source.get(CUBE), by_source.get(CARDS)
    if cube is None or cards is None or not cube.printings:
        return sinks
    paired = replace(cards, printings=pair(cube.printings, cards.printings))
    return [(paired if sink is cards else sink, priority) for sink, priority in sinks]


def pair(cube: Sequence[PrintingRow], cards: Sequence[PrintingRow]) -> list[PrintingRow]:
    """fab-cards' rows, in order: each one the cube has under another SKU takes the cube's SKU.

    Only rows no cube row shares a SKU with are candidates, against cube rows no fab-cards row shares
    one with; they pair within one set slot (set, number, language) and one card. Within that, two
    rows pair when each is the other's single closest (most printing facts in common: edition,
    foiling, face, art codes), repeated until no such pair is left: a slot and card with one row on
    each side always pairs; a tie is left unpaired rather than guessed."""
    card_ids = cube_card_ids(cube, cards)
    cube_skus, cards_skus = {row.sku for row in cube}, {row.sku for row in cards}
    unmatched: dict[Slot, list[int]] = defaultdict(list)
    for index, row in enumerate(cards):
        if row.sku not in cube_skus:
            unmatched[_slot(row, card_ids.get(row.card_key, row.card_key))].append(index)
    candidates: dict[Slot, list[PrintingRow]] = defaultdict(list)
    for row in cube:
        slot = _slot(row, row.card_key)
        if row.sku not in cards_skus and slot in unmatched:
            candidates[slot].append(row)
    partner: dict[int, PrintingRow] = {}
    for slot, indexes in unmatched.items():
        for left, right in mutual_closest([cards[i] for i in indexes], candidates.get(slot, [])):
            partner[indexes[left]] = candidates[slot][right]
    return [
        replace(row, sku=partner[index].sku, card_key=partner[index].card_key)
        if index in partner
        else replace(row, card_key=card_ids.get(row.card_key, row.card_key))
        for index, row in enumerate(cards)
    ]


def cube_card_ids(cube: Sequence[PrintingRow], cards: Sequence[PrintingRow]) -> dict[str, str]:
    """fab-cards' card key -> the cube's card id, where exactly one fits: by the printings the two carry
    under one SKU (the same physical card), else by English name and pitch (the cube's card identity)."""
    by_sku = {row.sku: row.card_key for row in cube}
    by_name: dict[tuple[str, object], set[str]] = defaultdict(set)
    for row in cube:
        if row.sku.lang == "en":
            by_name[(row.name, row.attrs.get("pitch"))].add(row.card_key)
    shared: dict[str, set[str]] = defaultdict(set)
    for row in cards:
        if row.sku in by_sku:
            shared[row.card_key].add(by_sku[row.sku])
    ids: dict[str, str] = {}
    for row in cards:
        found = shared.get(row.card_key, set())
        if len(found) != 1:
            found = by_name.get((row.name, row.attrs.get("pitch")), set())
        if len(found) == 1:
            ids[row.card_key] = next(iter(found))
    return ids


def mutual_closest(left: Sequence[PrintingRow], right: Sequence[PrintingRow]) -> list[tuple[int, int]]:
    """Index pairs (left, right) of rows that are each other's single closest, found round by round."""
    left_open, right_open = set(range(len(left))), set(range(len(right)))
    pairs: list[tuple[int, int]] = []
    while left_open and right_open:
        best_right = {i: _single_closest(left[i], {j: right[j] for j in right_open}) for i in left_open}
        best_left = {j: _single_closest(right[j], {i: left[i] for i in left_open}) for j in right_open}
        found = sorted((i, j) for i, j in best_right.items() if j is not None and best_left[j] == i)
        if not found:
            break
        pairs += found
        left_open -= {i for i, _ in found}
        right_open -= {j for _, j in found}
    return pairs


def _single_closest(row: PrintingRow, others: dict[int, PrintingRow]) -> int | None:
    scores = {index: len(_facts(row) & _facts(other)) for index, other in others.items()}
    top = max(scores.values())
    best = [index for index, score in scores.items() if score == top]
    return best[0] if len(best) == 1 else None


def _facts(row: PrintingRow) -> set[tuple[str, object]]:
    """What tells printings of one slot and card apart, as the adapters publish it (fab_common)."""
    attrs = row.attrs
    arts = {("art", code) for code in attrs.get("art_variations") or ()}
    return {("edition", attrs.get("edition")), ("foiling", attrs.get("foiling")), ("face", attrs.get("face"))} | arts


def _slot(row: PrintingRow, card_id: str) -> Slot:
    return (row.sku.set, row.sku.number, row.sku.lang, card_id)
