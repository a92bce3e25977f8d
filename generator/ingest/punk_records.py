"""punk-records (vegapull scrape of the official card lists): the English, Asia English and Japanese
printings (the Asia English list is a release of its own: ``onepiece_common.ASIA``, docs/sku.md).

Quirks handled (SOURCE.txt): a Leader's Life is stored in ``cost``; ``<br>`` in effect text;
OP07-091_p1 appears twice (the sink quarantines the second); null ``block_number`` on a few rows;
Japanese pack titles carry the product code only inside 【...】.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import orjson

from generator.ingest import onepiece_common as op
from generator.ingest.sink import Sink
from generator.sku.standard import SkuError

# (folder, language, release): the release token marks a regional list of that language
LISTS = (("english", "en", None), ("english-asia", "en", op.ASIA), ("japanese", "ja", None))
_BRACKET = re.compile(r"【([^】]+)】")


def read(root: Path, sink: Sink) -> None:
    products: dict[str, list[tuple[list[str], str | None]]] = {}
    for folder, lang, release in LISTS:
        products[folder] = list(_packs(root / folder / "packs.json", sink).values())
        for path in sorted((root / folder / "data").glob("*.json")):
            try:
                rows = orjson.loads(path.read_bytes())
            except orjson.JSONDecodeError as exc:
                sink.quarantine("broken-file", f"{folder}/{path.name}", str(exc))
                continue
            for row in rows:
                sink.rows_read += 1
                _printing(row, lang, release, sink)
    # English titles first (the main list's, then Asia's); a Japanese title only where its name is
    # in Latin script (EB-04's)
    japanese = [(codes, op.latin_title(title)) for codes, title in products["japanese"]]
    set_names = op.set_names(products["english"], products["english-asia"], japanese)
    printed_sets = {p.sku.set for p in sink.printings}
    for code in sorted(printed_sets & set_names.keys()):
        sink.set(code, set_names[code])


def _packs(path: Path, sink: Sink) -> dict[str, tuple[list[str], str | None]]:
    try:
        packs = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError) as exc:
        sink.quarantine("broken-file", str(path.name), str(exc))
        return {}
    result = {}
    for pack_id, pack in packs.items():
        parts = pack.get("title_parts") or {}
        raw = pack.get("raw_title") or ""
        label = parts.get("label") or next(iter(_BRACKET.findall(raw)), "")
        title = op.product_title(_BRACKET.sub("", parts.get("title") or raw))
        if raw.lower().startswith("promotion card") or raw.startswith("プロモーションカード"):
            result[pack_id] = (["p"], title)
        elif label:
            result[pack_id] = (op.product_set_codes(label), title)
    return result


def _printing(row: dict[str, Any], lang: str, release: str | None, sink: Sink) -> None:
    image_id = row.get("id") or ""
    try:
        card_id, *_ = op.split_image_id(image_id)
    except SkuError as exc:
        sink.quarantine("bad-identifier", image_id or None, str(exc))
        return
    category = row.get("category")
    is_leader = str(category).lower() == "leader"
    cost = row.get("cost")
    effect, trigger = op.effect_and_trigger(row.get("effect"), row.get("trigger"))
    sink.printing(
        lambda: op.sku_for(image_id, lang, release),
        card_id,
        op.clean_name(row.get("name")),
        op.RARITY.get(str(row.get("rarity", "")).lower()),
        image_id,
        op.attrs(
            category=category,
            colors=row.get("colors"),
            cost=None if is_leader else cost,
            life=cost if is_leader else None,
            power=row.get("power"),
            counter=row.get("counter"),
            attributes=row.get("attributes"),
            types=row.get("types"),
            effect=effect,
            trigger=trigger,
            block=op.to_int(row.get("block_number")),
        ),
    )
