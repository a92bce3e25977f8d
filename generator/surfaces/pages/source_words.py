"""Sources, their rights and their coverage in a reader's words (issue 39: pages printed
``paused: paused_pending_field_level_rights``, ``mit`` and ``live-probationary``).

The JSON keeps the spec's tokens; a page says what each one means.
"""

from __future__ import annotations

from typing import Any

from generator.surfaces.catalog.doors import RIGHTS

TIER_WORDS = {
    "cc0": "CC0",
    "CC0-1.0": "CC0 1.0",
    "cc-by": "CC BY",
    "cc-by-nc": "CC BY-NC",
    "cc-by-sa": "CC BY-SA",
    "mit": "MIT",
    "partner-redistributable": "partner, redistributable",
    "internal-only": "internal only",
    "proprietary": "proprietary",
    "NOASSERTION": "not recorded",
}
# The coverage matrix's cells (docs/catalog-reads.md), said as what they mean.
CELL_WORDS = {
    "live-confirmed": "live: observed, and its latest read was whole",
    "live-probationary": "live, on probation: observed, but its latest read was not whole (a partial run, "
    "quarantined rows) or its records are a sample",
    "anticipated": "anticipated: it serves this game, and nothing of it is observed here yet",
    "not-declared": "not declared for this game",
}
PAUSED_PENDING_RIGHTS = "paused until the reuse rights of each field are recorded"


def tier_words(tier: str) -> str:
    return TIER_WORDS.get(tier, tier)


def state_and_publication(state: str, publication: str) -> str:
    """``not observed: the platform's export holds no open offer here``; the publication alone where
    it starts with the state (``paused until ...``)."""
    return publication if publication.startswith(state) else f"{state}: {publication}"


def source_row(state: dict[str, Any]) -> list[str]:
    """One source state (``provenance.source_states``) as a table row: name, rights, state, what is published."""
    publication = state["publication"].replace(f"paused: {RIGHTS}", PAUSED_PENDING_RIGHTS)
    return [state["name"], tier_words(state["tier"]), state["state"].replace("_", " "), publication]
