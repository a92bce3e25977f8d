"""The one table of sample inputs the invariant and snapshot tests share.

Every registered surface is answered for every path it enumerates over the synthetic catalog; a
path parameter it does not enumerate takes the samples below (by parameter name), and ``CASES``
adds query and case variants the files do not hold. A new surface with a parameter this table has
no sample for fails the invariant test, so it is checked the day it is registered.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

from generator.web.surface import Context, Surface

KNOWN_SKU = "op-op01-001-en"
VARIANT_SKU = "op-op01-001-en-p1"
DISPUTED_SKU = "op-op01-002-en"
UNMATCHED_HASH = "sha256:" + "0123456789abcdef" * 4

Case = tuple[dict[str, str], dict[str, str]]


def hash_of(ctx: Context, sku: str) -> str:
    return next(digest for digest, found in ctx.snapshot.hash_index.items() if found == sku)


# Values for path parameters a surface does not enumerate, by parameter name.
PARAM_SAMPLES: dict[str, Callable[[Context], list[str]]] = {
    "sku": lambda ctx: [KNOWN_SKU, VARIANT_SKU, "ptcg-tst1-tg01-en", "lor-1-1-fr"],
    "date": lambda ctx: ["2024-02-29", "1999-01-09"],
    "hash": lambda ctx: [
        hash_of(ctx, KNOWN_SKU),
        hash_of(ctx, VARIANT_SKU).removeprefix("sha256:").upper(),
        UNMATCHED_HASH,
    ],
    "game": lambda ctx: ["op", "OP"],
    "token": lambda ctx: ["ptcg", "Ptcg"],
    "code": lambda ctx: ["op-op01", "LOR-P1"],
    "set": lambda ctx: ["op01"],
    "id": lambda ctx: ["test-op-primary"],
    "content_hash": lambda ctx: ["0" * 64],
    "number": lambda ctx: ["001"],
    # the static search index's files: the context has none (a build writes them), so these are its 404s
    "file": lambda ctx: ["wasm.unknown.pagefind"],
    "folder": lambda ctx: ["fragment"],
    "username": lambda ctx: [public_username(ctx)],
}


def published_auction(ctx: Context) -> str:
    return ctx.platform.published_auctions()[0].auction_id if ctx.platform else "auc_none"


def public_username(ctx: Context) -> str:
    assert ctx.platform is not None
    return next(u.username for u in ctx.platform.rows("users") if ctx.platform.public_profile(u.username, ctx.now))


# Path parameter samples for one surface, where the name means something else elsewhere ({id}).
SURFACE_SAMPLES: dict[str, dict[str, Callable[[Context], list[str]]]] = {
    "auctions.detail": {"id": lambda ctx: [published_auction(ctx)]},
    "auctions.bids": {"id": lambda ctx: [published_auction(ctx)]},
}

# Extra (params, query) per surface id: query variants, case variants, unmatched and error paths.
CASES: dict[str, Callable[[Context], list[Case]]] = {
    "universal.card": lambda ctx: (
        [({"sku": KNOWN_SKU}, {"density": d}) for d in ("sparse", "normal", "saturated")]
        + [({"sku": VARIANT_SKU}, {"density": "saturated"})]
    ),
    "universal.sets": lambda ctx: [({"game": "Lor"}, {})],
    "prices.card": lambda ctx: [({"game": "OP", "set": "OP01", "number": "001"}, {})],
    "universal.game": lambda ctx: [({"token": "FAB"}, {})],
    "universal.set": lambda ctx: [({"code": "Ptcg-TST2"}, {})],
    "universal.temporal_card": lambda ctx: [({"date": "1999-01-09", "sku": "ptcg-tst1-1-en"}, {})],
    "federation.identify": lambda ctx: [({"hash": hash_of(ctx, "lor-1-1-fr").upper()}, {})],
    "federation.identify_at": lambda ctx: [({"date": "2020-05-05", "hash": hash_of(ctx, "fab-tfb-001-en-nr")}, {})],
    "search.cards": lambda ctx: [
        ({}, {"game": "op", "q": "OP01 001"}),
        ({}, {"game": "op", "q": "op01-001-ja"}),
        ({}, {"game": "op", "q": "001", "limit": "1"}),
        ({}, {"game": "ptcg", "q": "ptcg-tst1-tg01-en"}),
        ({}, {"game": "lor", "q": "1 1", "lang": "fr"}),
        ({}, {"game": "fab", "q": "nothing-here"}),
    ],
    "orientation.changelog": lambda ctx: [
        ({}, {"since": "2026-08-01", "impact": "breaking"}),
        ({}, {"kind": "endpoint-added"}),
        ({}, {"format": "atom"}),
        ({}, {"format": "md", "since": "2026-11-01"}),
    ],
    "clock.time": lambda ctx: [({}, {"my_time": "2026-03-14T15:09:20Z"})],
    "pages.prices_search": lambda ctx: [
        ({}, {"game": "op", "q": "OP01-001"}),
        ({}, {"game": "op", "q": ""}),
        ({}, {"q": "testmon captain"}),  # no game: every game
        ({}, {"game": "fab", "q": "captain"}),  # nothing: the hint and the all-games link
    ],
    "ledger.welcomes": lambda ctx: [({}, {"status": "arrived"}), ({}, {"kind": "agent", "status": "arrived"})],
    "ledger.gaps": lambda ctx: [({}, {"domain": "license"}), ({}, {"status": "named"})],
    "datasets.catalog": lambda ctx: [({}, {"format": "jsonld"})],
    "participation.calling_card": lambda ctx: [
        ({}, {"name": "Ada <Lovelace> & co", "night": "1"}),
        ({}, {"content_hash": "sha256:" + "ab" * 32, "format": "json"}),
    ],
    "coverage.coverage": lambda ctx: [({}, {"game": "op"}), ({}, {"source": "test-lor", "since": "2020-01-01"})],
    "sources.detail": lambda ctx: [({"id": "test-lor"}, {"window": w}) for w in ("1h", "90d")],
    "health.anticipated": lambda ctx: [({}, {"all": "true"})],
    "search.everything": lambda ctx: [
        ({}, {"game": "op", "q": "op01 1"}),
        ({}, {"game": "op", "q": "001"}),
        ({}, {"game": "fab", "q": "tfb001"}),
    ],
    "federation.by_upstream": lambda ctx: [
        ({}, {"upstream": "pricecharting"}),
        ({}, {"upstream": "test-ptcg", "id": "x1"}),
    ],
    "trust.bridge": lambda ctx: [
        ({}, {"a": f"u:{public_username(ctx)}", "b": "c:op-op01"}),
        ({}, {"a": f"u:{public_username(ctx)}", "b": "c:op-op01-001-en"}),
        ({}, {"a": f"u:{public_username(ctx)}", "b": "c:lor-1"}),
    ],
    "verify.chain": lambda ctx: [
        ({}, {"receipt": ctx.platform.rows("draws")[0].receipt_id if ctx.platform else "x"}),
        ({}, {"batch": "2"}),
        ({}, {"from": "1", "to": "3"}),
    ],
}

# Error answers pinned by the snapshot tests (their shape is checked by test_invariants' error cases).
ERROR_SAMPLES: dict[str, list[Case]] = {
    "universal.card": [({"sku": "op-op01-404-en"}, {})],
    "universal.sets": [({"game": "mtg"}, {})],
    "ontology.methodology": [({"id": "nope"}, {})],
    "universal.temporal_card": [({"date": "2024-02-30", "sku": KNOWN_SKU}, {})],
    "federation.identify": [({"hash": "nope"}, {})],
    "federation.by_upstream": [({}, {"upstream": "nope"})],
    "search.cards": [({}, {"q": "op01 001"}), ({}, {"game": "mtg", "q": "1"}), ({}, {"game": "op", "q": "  "})],
    "search.everything": [({}, {"game": "op", "q": "1", "limit": "0"})],
    "cards.everything": [({"sku": "op-op01-404-en"}, {})],
    "cards.evidence": [({"sku": "nope"}, {})],
    "prices.game": [({"game": "mtg"}, {})],
    "pages.prices_game": [({"game": "mtg"}, {})],
    "pages.prices_search": [({}, {"game": "zz", "q": "1"})],
    "orientation.guide": [({"slug": "no-such-guide"}, {})],
    "orientation.changelog": [({}, {"since": "2026-02-30"}), ({}, {"format": "rss"})],
    "clock.time": [({}, {"my_time": "yesterday"})],
    "ledger.gaps": [({}, {"domain": "vibes"})],
    "coverage.coverage": [({}, {"since": "yesterday"}), ({}, {"game": "mtg"})],
    "datasets.catalog": [({}, {"format": "xml"})],
    "participation.calling_card": [({}, {"content_hash": "xyz"})],
    "sources.detail": [({"id": "nope"}, {}), ({"id": "test-fab"}, {"window": "2w"})],
    "health.anticipated": [({}, {"all": "maybe"})],
    "prices.set": [({"game": "op", "set": "op99"}, {})],
    "prices.card": [({"game": "op", "set": "op01", "number": "999"}, {})],
    "auctions.public": [({"id": "auc_0000000000"}, {})],
    "trust.user": [({"username": "saltmarsh"}, {}), ({"username": "bramblewick"}, {}), ({"username": "nobody"}, {})],
    "trust.bridge": [({}, {"a": "tidepool", "b": "c:op-op01"}), ({}, {"a": "u:tidepool", "b": "c:mtg-zen"})],
    "verify.chain": [({}, {"batch": "0"}), ({}, {"receipt": "drw_missing"}), ({}, {"from": "9", "to": "1"})],
}


def _fill(surface: Surface, ctx: Context) -> list[dict[str, str]]:
    names = re.findall(r"\{(\w+)\}", surface.path)
    samples = {**PARAM_SAMPLES, **SURFACE_SAMPLES.get(surface.id, {})}
    missing = [n for n in names if n not in samples]
    assert not missing, f"{surface.id}: add sample values for {missing} to PARAM_SAMPLES (tests/surfaces/conftest.py)"
    columns = [samples[n](ctx) for n in names]
    width = max((len(c) for c in columns), default=1)
    return [{n: col[i % len(col)] for n, col in zip(names, columns)} for i in range(width)]


def surface_cases(surface: Surface, ctx: Context) -> list[Case]:
    """(params, query) pairs: everything the surface enumerates, else samples, plus its extra cases."""
    found: list[Case] = [(dict(p), {}) for p in surface.enumerate(ctx)] if surface.enumerate else []
    if not found and not any(p.required for p in surface.query_params):  # else CASES names the queries
        found = [(p, {}) for p in _fill(surface, ctx)]
    return found + CASES.get(surface.id, lambda ctx: [])(ctx)


def error_samples(surface: Surface) -> list[Case]:
    return ERROR_SAMPLES.get(surface.id, [])


@pytest.fixture(name="error_samples")
def error_samples_fixture() -> Callable[[Surface], list[Case]]:
    return error_samples


@pytest.fixture(name="surface_cases")
def surface_cases_fixture() -> Callable[[Surface, Context], list[Case]]:
    return surface_cases


@pytest.fixture(name="hash_of")
def hash_of_fixture() -> Callable[[Context, str], str]:
    return hash_of


@pytest.fixture(scope="module")
def served(small_app) -> Iterator[str]:
    """``small_app`` under uvicorn on a free loopback port, for a real browser: its base URL."""
    import socket
    import threading
    import time

    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(small_app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="session")
def indexed_ctx(ctx: Context) -> Context:
    """``ctx`` with the static search index a build with ``--search-index`` makes (small_dist has it)."""
    import dataclasses

    from generator.catalog.pagefind_bundle import pagefind_bundle
    from generator.catalog.static_search import static_records

    return dataclasses.replace(ctx, search_index=pagefind_bundle(static_records(ctx.snapshot)))
