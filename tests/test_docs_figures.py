"""Figures in the docs that describe one build go stale with the next (issue 32: hosting.md said
"203,024 routes" of builds that wrote 311,757). A route count is stated by the build itself (its
summary line, ``_routes.json``), so the docs state none."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROUTE_COUNT = re.compile(r"\b\d{1,3}(?:,\d{3})+ routes\b(?!/)")  # "4,495 routes/s" is a rate, not a count


def test_no_doc_states_a_route_count() -> None:
    stated = {
        doc.relative_to(ROOT).as_posix(): ROUTE_COUNT.findall(doc.read_text())
        for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    }
    assert {doc: found for doc, found in stated.items() if found} == {}
