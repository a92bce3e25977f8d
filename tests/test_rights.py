"""Rights over every file the build writes (issue 35, item 7): a document is NOASSERTION when it
carries upstream data, however it carries it.

The registry-wide invariants check the direct case (a document whose ``_meta`` names sources is
NOASSERTION). This scans the files themselves for the indirect ones: an upstream answer embedded
whole (an example's response, with its own ``_meta``), anything inside marked NOASSERTION, and card
text quoted in prose (the game-state schema's descriptions quote the card texts the engine reads).
The quoted-text scan needs real card texts, so it reads the real catalog and is skipped without
``CARDPANTRY_MIRROR``; it scans the synthetic build, whose authored documents are the same.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from generator.catalog import queries
from generator.write.manifest import MANIFEST

NOASSERTION = "NOASSERTION"
QUOTED = re.compile(r'"([^"\n]{20,}?)"|\u201c([^\u201d\n]{20,}?)\u201d')  # a quotation of 20 characters or more
SENTENCE = re.compile(r"(?<=[.!?])\s+|\n")
TEXT_KEYS = ("effect", "trigger", "functional_text", "text", "fullText", "flavorText", "flavor_text", "rules")


def documents(dist: Path) -> Iterator[tuple[str, Any]]:
    """Every JSON route's path and document."""
    routes = orjson.loads((dist / MANIFEST).read_bytes())["routes"]
    for path, route in routes.items():
        if route["type"].startswith("application/json"):
            yield path, orjson.loads((dist / route["file"]).read_bytes())


def declared(document: Any) -> str | None:
    """The licence a document declares for itself: its envelope's, else its own ``license`` member."""
    if not isinstance(document, dict):
        return None
    meta = document.get("_meta")
    if isinstance(meta, dict) and "license" in meta:
        return str(meta["license"])
    license = document.get("license")
    return license if isinstance(license, str) else None


def inner_upstream(value: Any, top: bool = True) -> list[str]:
    """Where a document carries an answer made of upstream data below its own top: a nested
    ``_meta`` naming sources or NOASSERTION (an embedded answer, as JSON or as JSON text). A nested
    ``license`` member alone is not one: a list of datasets states each one's licence."""
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if not top and key == "_meta" and isinstance(item, dict):
                if item.get("sources") or item.get("license") == NOASSERTION:
                    found.append(f"_meta (sources {item.get('sources')})")
            elif not (top and key == "_meta"):
                found += [f"{key}.{where}" for where in inner_upstream(item, top=False)]
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += [f"[{index}].{where}" for where in inner_upstream(item, top=False)]
    elif isinstance(value, str) and value.startswith("{") and not top:  # an embedded answer kept as text
        with contextlib.suppress(orjson.JSONDecodeError):
            found += inner_upstream(orjson.loads(value), top=False)
    return found


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def test_a_document_carrying_an_upstream_answer_or_noassertion_data_is_noassertion(small_dist: Path) -> None:
    """Before issue 35: 25 ``/api/v1/examples/*.json`` said CC0-1.0 with ``sources: []`` around an
    embedded answer whose own ``_meta`` says NOASSERTION."""
    wrong = {
        path: inner[:2]
        for path, document in documents(small_dist)
        if declared(document) != NOASSERTION and (inner := inner_upstream(document))
    }
    assert wrong == {}
    example = dict(documents(small_dist))["/api/v1/examples/universal.card"]
    assert example["_meta"]["license"] == NOASSERTION and example["_meta"]["sources"]


@pytest.fixture(scope="module")
def card_texts(real_ingest) -> tuple[str, set[str]]:
    """Every card text the real catalog publishes (lowercase, one blob) and its sentences of 30
    characters or more."""
    with queries.connect(real_ingest.catalog) as con:
        found = con.execute(
            "SELECT DISTINCT attrs->>k FROM printings, unnest(?) AS t(k) WHERE lang = 'en' AND attrs->>k IS NOT NULL",
            [list(TEXT_KEYS)],
        ).fetchall()
    texts = [text for (text,) in found if text]
    sentences = {s.strip() for text in texts for s in SENTENCE.split(text) if len(s.strip()) >= 30}
    return "\n".join(texts).lower(), sentences


@pytest.mark.real_data
def test_a_document_quoting_card_text_is_noassertion(small_dist: Path, card_texts) -> None:
    """Before issue 35: ``/api/v1/play/game-state-schema`` (CC0) quoted card texts in its descriptions
    ("Return all cards in your hand to your deck and shuffle your deck", ...)."""
    blob, sentences = card_texts
    wrong: dict[str, list[str]] = {}
    for path, document in documents(small_dist):
        if declared(document) == NOASSERTION:
            continue
        quoted = []
        for text in strings(document):
            spans = [a or b for a, b in QUOTED.findall(text)]
            quoted += [q for q in spans if q.lower() in blob]
            quoted += [s for s in sentences if s in text]
        if quoted:
            wrong[path] = sorted(set(quoted))[:3]
    assert wrong == {}
