"""fab-cards (npm, 8.0.147): English printings, built by its author from the-fab-cube a year earlier.

The package ships its data only as a CommonJS bundle, so Node evaluates it and prints the ``cards``
export as JSON; without Node the source fails with a message saying so (the runner records that).
A card lists its printings without a per-printing rarity: the rarity is kept only when the card has
a single one, since guessing which printing is the Marvel would publish a wrong fact.
"""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import orjson

from generator.ingest import fab_common as fab
from generator.ingest.sink import Sink
from generator.sku.fab import Printing, Rejected, assign

NODE_SCRIPT = "console.log(JSON.stringify(require(process.argv[1]).cards))"
# fab-cards adds these for filtering; they are not on any card's type line, so the cube never has them.
FILTER_ONLY_TYPES = {"NotClassed", "Non-Attack"}
LEGAL_FORMATS = {"legal_blitz": "Blitz", "legal_cc": "Classic Constructed", "legal_commoner": "Commoner"}


def read(root: Path, sink: Sink) -> None:
    drafts: list[tuple[Printing, dict[str, Any], dict[str, Any]]] = []
    for card in load_cards(root / "dist" / "index.js"):
        for index, printing in enumerate(card.get("printings") or ()):
            sink.rows_read += 1
            drafts.append((_draft(card, printing, index), card, printing))
    set_names: dict[str, Counter[str | None]] = defaultdict(Counter)
    for (draft, card, printing), outcome in zip(drafts, assign([d for d, _, _ in drafts])):
        if isinstance(outcome, Rejected):
            sink.quarantine(outcome.reason, draft.upstream_id, outcome.detail)
            continue
        rarities = card.get("rarities") or []
        artists = card.get("artists") or []
        if sink.printing(
            outcome,
            draft.card_key,
            card.get("name"),
            rarities[0] if len(rarities) == 1 else None,
            draft.upstream_id,
            _card_attrs(card)
            | fab.printing_attrs(
                draft.edition, draft.foiling, draft.arts, draft.image, artists if len(artists) == 1 else None
            ),
        ):
            set_names[outcome.set][printing.get("set")] += 1
    for code in sorted(set_names):
        # A set code's printings name its release; "Promos" covers several codes, which is still true.
        name = min(set_names[code].items(), key=lambda item: (-item[1], item[0] or ""))[0]
        sink.set(code, name)


def load_cards(index_js: Path) -> list[dict[str, Any]]:
    """Evaluate the bundle with Node and return its ``cards`` export. Raises when that is impossible."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("fab-cards ships its data as a JavaScript bundle and Node.js (`node`) is not on PATH")
    if not index_js.is_file():
        raise FileNotFoundError(f"fab-cards bundle {index_js} does not exist")
    result = subprocess.run(
        [node, "-e", NODE_SCRIPT, str(index_js.resolve())], capture_output=True, timeout=120, check=False
    )
    if result.returncode != 0:
        tail = result.stderr.decode("utf-8", "replace").strip().splitlines()[-1:]
        raise RuntimeError(f"node could not evaluate {index_js.name}: {tail[0] if tail else result.returncode}")
    try:
        cards = orjson.loads(result.stdout)
    except orjson.JSONDecodeError as exc:
        raise RuntimeError(f"{index_js.name} does not export a JSON-able cards array: {exc}") from exc
    if not isinstance(cards, list):
        raise RuntimeError(f"{index_js.name} exports cards as {type(cards).__name__}, not an array")
    return cards


def _draft(card: dict[str, Any], printing: dict[str, Any], index: int) -> Printing:
    treatment = printing.get("treatment")
    arts = () if treatment is None else (fab.ART_CODES.get(treatment, treatment),)
    card_key = card.get("cardIdentifier") or ""
    return Printing(
        printing.get("identifier") or "",
        "en",
        fab.EDITION_LETTERS.get(printing.get("edition"), str(printing.get("edition"))),
        fab.FOILING_LETTERS.get(printing.get("foiling"), str(printing.get("foiling"))),
        arts,
        printing.get("image") or "",
        card_key,
        f"{card_key}/{index}",
    )


def _card_attrs(card: dict[str, Any]) -> dict[str, Any]:
    """The cube's keys, from fab-cards' names; what fab-cards does not carry (arcane, traits) is left out."""
    restricted = set(card.get("restrictedFormats") or ())
    return {
        "pitch": fab.stat(card.get("pitch")),
        "cost": fab.stat(card.get("specialCost", card.get("cost"))),
        "power": fab.stat(card.get("specialPower", card.get("power"))),
        "defense": fab.stat(card.get("specialDefense", card.get("defense"))),
        "health": fab.stat(card.get("life")),
        "intelligence": fab.stat(card.get("intellect")),
        "types": fab.sorted_words(
            word
            for key in ("talents", "classes", "types", "subtypes")
            for word in card.get(key) or ()
            if word not in FILTER_ONLY_TYPES
        ),
        "keywords": fab.sorted_words(card.get("keywords") or ()),
        "functional_text": card.get("functionalText") or None,
        "type_text": card.get("typeText") or None,
    } | {key: fmt not in restricted for key, fmt in LEGAL_FORMATS.items()}
