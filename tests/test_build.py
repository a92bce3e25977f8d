"""generator.build.build over the synthetic catalog: the routes manifest, determinism, reuse, failure.

- the manifest lists every written route with its file, status, type and ETag, and each file exists;
- a static file is the very bytes ``respond`` gives for its path (so the app and a CDN agree), also
  when the app answers from the ``_data`` files instead of the catalog;
- two builds with one as-of are byte-identical; a rebuild hard-links what did not change;
- a failing build leaves the previous ``dist/`` untouched and no temporary folder behind.
"""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import time
from pathlib import Path

import brotli
import orjson
import pytest

from generator import build as build_module
from generator.build import build
from generator.catalog.pagefind_bundle import pagefind_bundle
from generator.catalog.snapshot import Snapshot
from generator.catalog.snapshot_files import FileSnapshot
from generator.catalog.static_search import static_records
from generator.catalog.tables import SNAPSHOT_TABLES
from generator.web.conditional import codings_for
from generator.web.envelope import etag, iso
from generator.web.respond import respond
from generator.web.surface import Context
from generator.write.dependencies import DEPENDENCIES
from generator.write.files import DoubleWrite, file_for, wait_for_retired
from generator.write.forked import ForkedFailed
from generator.write.manifest import MANIFEST
from generator.write.netlify import NETLIFY_HEADERS, NETLIFY_REDIRECTS

TWIN_SUFFIXES = (".gz", ".br")


def files_of(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def inodes_of(root: Path) -> dict[str, int]:
    return {p.relative_to(root).as_posix(): p.stat().st_ino for p in root.rglob("*") if p.is_file()}


def leftovers(parent: Path) -> list[str]:
    """Hidden folders beside the build once the swapped-out build's detached deleter is done."""
    assert wait_for_retired(parent / "dist")
    return sorted(p.name for p in parent.iterdir() if p.name.startswith("."))


@pytest.fixture(scope="module")
def manifest(small_dist: Path) -> dict:
    return orjson.loads((small_dist / MANIFEST).read_bytes())


def build_ctx(base: Context, manifest: dict, snapshot, as_of: dt.datetime) -> Context:
    """The context the build rendered with: its as-of, the X-Joy-Index it stamped, and the static
    search index made again from ``snapshot`` (so its files must come out byte for byte the same)."""
    joy = {int(h["X-Joy-Index"]) for h in manifest["header_sets"].values() if "X-Joy-Index" in h}
    assert len(joy) == 1
    from dataclasses import replace

    index = pagefind_bundle(static_records(snapshot))
    return replace(base, snapshot=snapshot, now=as_of, as_of=as_of, joy_index=joy.pop(), search_index=index)


# ------------------------------------------------------------------------------------------ manifest


def test_manifest_lists_every_written_route_with_an_existing_file(
    small_dist: Path, manifest: dict, synthetic_as_of: dt.datetime, ctx: Context
) -> None:
    surfaces = {s.id: s for s in ctx.surfaces}
    assert manifest["version"] == 1 and manifest["as_of"] == iso(synthetic_as_of)
    routes = manifest["routes"]
    assert routes
    for path, route in routes.items():
        assert {"file", "status", "type", "etag", "sha256", "headers", "twins", "surface"} <= set(route), path
        body = (small_dist / route["file"]).read_bytes()
        # 503: the example match needs a bigger card pool, or a paused door; 402 and 418: the playful doors;
        # 410: a retired SKU (content/retired_skus.yaml) whose successor the synthetic catalog lacks
        assert route["status"] in (200, 402, 418, 503) or (route["status"] == 410 and b"sku_retired" in body), path
        assert route["type"].split(";")[0] == surfaces[route["surface"]].media_type, path  # its declared type
        # strong for a file sent only plain; weak (one validator for plain, gzip and brotli) with twins
        assert route["etag"] == (f"W/{etag(body)}" if route["twins"] else etag(body))
        assert route["sha256"] == hashlib.sha256(body).hexdigest()
        assert route["file"] == file_for(path, route["type"])
        assert route["headers"] in manifest["header_sets"]
        assert route["twins"] == list(codings_for(route["type"], len(body)))
        for twin in route["twins"]:
            assert (small_dist / f"{route['file']}.{twin}").is_file()


def test_every_enumerated_path_is_a_route_and_every_file_belongs_to_one(
    small_dist: Path, manifest: dict, ctx: Context, synthetic_as_of: dt.datetime
) -> None:
    ctx = build_ctx(ctx, manifest, ctx.snapshot, synthetic_as_of)  # with the search index small_dist has
    expected = {s.concrete(p): s.id for s in ctx.surfaces if s.static for p in s.enumerate(ctx)}
    assert any(path.startswith("/pagefind/fragment/") for path in expected)
    assert {path: r["surface"] for path, r in manifest["routes"].items()} == expected
    cards = [p for p in expected if p.startswith("/api/v1/universal/card/")]
    assert len(cards) == 19 + len(ctx.content.retired.retired)  # the printings, and each retired SKU's 410
    served = {r["file"] for r in manifest["routes"].values()}
    served |= {f"{r['file']}.{t}" for r in manifest["routes"].values() for t in r["twins"]}
    data = set(manifest["data_files"])
    data |= {
        f"{rel}{suffix}"
        for rel in manifest["data_files"]
        for suffix in TWIN_SUFFIXES
        if (small_dist / f"{rel}{suffix}").exists()
    }
    others = set(files_of(small_dist)) - served - data
    assert MANIFEST in others
    assert all(_host_or_manifest(rel) for rel in others), others


def test_manifest_data_files_hash_their_bytes(small_dist: Path, manifest: dict) -> None:
    assert manifest["data_files"]
    for rel, digest in manifest["data_files"].items():
        assert rel.startswith("_data/")
        assert hashlib.sha256((small_dist / rel).read_bytes()).hexdigest() == digest


def test_twins_in_dist_decompress_to_their_file(small_dist: Path) -> None:
    checked = 0
    for path in small_dist.rglob("*.gz"):
        original = path.with_suffix("")
        assert gzip.decompress(path.read_bytes()) == original.read_bytes()
        br = original.with_name(original.name + ".br")
        if br.exists():  # brotli twins from 8 KiB
            assert brotli.decompress(br.read_bytes()) == original.read_bytes()
            checked += 1
    assert checked > 0
    for path in small_dist.rglob("*.br"):
        assert path.with_suffix(".gz").exists()  # never brotli without gzip


def _check_routes_against_respond(dist: Path, manifest: dict, context: Context) -> None:
    surfaces = {s.id: s for s in context.surfaces}
    for path, route in manifest["routes"].items():
        surface = surfaces[route["surface"]]
        params = surface.pattern.match(path).groupdict()
        rendered = respond(surface, context, params, {}, path)
        assert rendered.body == (dist / route["file"]).read_bytes(), path
        shared = {k: v.replace("<{path}>", f"<{path}>") for k, v in manifest["header_sets"][route["headers"]].items()}
        # the file's validator is the answer's, weakened when twins carry other codings of it
        opaque = route["etag"].removeprefix("W/")
        assert rendered.headers == {**shared, "Content-Type": route["type"], "ETag": opaque}, path


def test_static_files_are_what_respond_answers(
    small_dist: Path, manifest: dict, ctx: Context, synthetic_as_of: dt.datetime
) -> None:
    """A file and its manifest headers are exactly what the app computes for the path."""
    _check_routes_against_respond(small_dist, manifest, build_ctx(ctx, manifest, ctx.snapshot, synthetic_as_of))


def test_the_app_snapshot_answers_the_same_bytes_as_the_files(
    small_dist: Path, manifest: dict, ctx: Context, synthetic_as_of: dt.datetime
) -> None:
    """The app reopens dist/_data instead of the catalog: its answers must not differ from the files."""
    files = FileSnapshot(small_dist, ctx.site.encoding)
    _check_routes_against_respond(small_dist, manifest, build_ctx(ctx, manifest, files, synthetic_as_of))


def test_the_app_snapshot_holds_the_same_records(small_dist: Path, ctx: Context) -> None:
    files = FileSnapshot(small_dist, ctx.site.encoding)
    for table in SNAPSHOT_TABLES:  # every declared table reaches the app, none is forgotten
        if table.model is not None:
            assert files.records[table.name] == ctx.snapshot.records[table.name], table.name
    assert files.games() == ctx.snapshot.games()
    assert files.sources() == ctx.snapshot.sources()
    for game in ctx.snapshot.games():
        assert files.sets_of_game(game.game) == ctx.snapshot.sets_of_game(game.game)
    for printing in ctx.snapshot.printings():
        assert files.printing(printing.sku) == printing  # model equality: attrs compare as dicts
    assert files.printing("op-op01-999-en") is None and files.printing("mtg-x-1-en") is None


def test_the_hash_index_in_dist_resolves_every_card(small_dist: Path, ctx: Context) -> None:
    files = FileSnapshot(small_dist, ctx.site.encoding)
    assert ctx.snapshot.hash_index
    for digest, sku in ctx.snapshot.hash_index.items():
        assert files.sku_for_hash(digest) == sku
    assert files.sku_for_hash("sha256:" + "0" * 64) is None


# --------------------------------------------------------------------------------- determinism, reuse


def test_two_builds_with_one_as_of_are_byte_identical(
    tmp_path: Path, small_dist: Path, synthetic_catalog: Path, synthetic_as_of: dt.datetime
) -> None:
    build(tmp_path / "again", synthetic_as_of, synthetic_catalog, search_index=True)
    first, second = files_of(small_dist), files_of(tmp_path / "again")
    assert sorted(first) == sorted(second)
    different = [rel for rel in first if first[rel] != second[rel]]
    assert different == []


def test_another_as_of_changes_the_routes_but_not_the_data(
    tmp_path: Path, small_dist: Path, synthetic_catalog: Path, synthetic_as_of: dt.datetime
) -> None:
    build(tmp_path / "later", synthetic_as_of + dt.timedelta(days=1), synthetic_catalog, search_index=True)
    first, later = files_of(small_dist), files_of(tmp_path / "later")
    assert sorted(first) == sorted(later)
    assert all(first[rel] == later[rel] for rel in first if rel.startswith("_data/"))
    assert first["api/v1/universal/games.json"] != later["api/v1/universal/games.json"]


def _host_or_manifest(rel: str) -> bool:
    return rel.startswith((MANIFEST, DEPENDENCIES, "_hosts/")) or rel in (NETLIFY_HEADERS, NETLIFY_REDIRECTS)


def test_a_rebuild_with_the_same_inputs_rewrites_nothing(
    tmp_path: Path, synthetic_catalog: Path, synthetic_as_of: dt.datetime
) -> None:
    out = tmp_path / "dist"
    first = build(out, synthetic_as_of, synthetic_catalog)
    assert first.reused == 0
    before, contents = inodes_of(out), files_of(out)
    again = build(out, synthetic_as_of, synthetic_catalog)
    after = inodes_of(out)
    assert files_of(out) == contents
    # what it says of itself: every file the manifest names (routes with their twins, data shards)
    assert again.unchanged and again.routes == first.routes and again.statuses == first.statuses
    assert again.files == again.reused == len([rel for rel in contents if not _host_or_manifest(rel)])
    assert " MB" not in again.line() and f"in {again.files:,} files" in again.line()
    assert [rel for rel in before if after[rel] != before[rel] and not _host_or_manifest(rel)] == []
    assert leftovers(tmp_path) == []


def test_a_rebuild_hard_links_every_unchanged_file(
    tmp_path: Path, make_synthetic_catalog, synthetic_as_of: dt.datetime
) -> None:
    """One upstream correction: only the files whose bytes change are written again."""
    out = tmp_path / "dist"
    build(out, synthetic_as_of, make_synthetic_catalog(tmp_path / "a.duckdb"))
    before, old = inodes_of(out), files_of(out)
    summary = build(
        out,
        synthetic_as_of,
        make_synthetic_catalog(tmp_path / "b.duckdb", rename={"lor-1-3-en": "Testmon Scout, Renamed"}),
    )
    after, new = inodes_of(out), files_of(out)
    # the renamed card's content hash moves it to another hash-index shard; nothing else appears or goes
    assert {rel for rel in set(old) ^ set(new) if not rel.startswith("_data/hash-index/")} == set()
    changed = {rel for rel in set(old) & set(new) if old[rel] != new[rel] and not _host_or_manifest(rel)}
    assert {
        "api/v1/universal/card/lor-1-3-en.json",
        "api/v1/universal/set/lor-1.json",
        "_data/printings/lor-1.json",
    } <= changed
    assert "api/v1/universal/card/lor-1-1-en.json" not in changed
    for rel in set(old) & set(new):
        if _host_or_manifest(rel):
            continue
        if rel in changed:
            assert after[rel] != before[rel], f"{rel} changed but kept its inode"
        else:
            assert after[rel] == before[rel], f"{rel} is unchanged but was written again"
    assert summary.reused > len(changed)
    assert leftovers(tmp_path) == []


# ------------------------------------------------------------------------------------------- failure


def _fail_games(monkeypatch) -> None:
    """Make the games surfaces raise (rendered after every card, so some files are written first)."""
    import generator.surfaces.catalog.universal_sets as universal_sets

    def boom(*args, **kwargs):
        raise RuntimeError("a surface failed mid-build")

    monkeypatch.setattr(universal_sets, "_game_entry", boom)


def test_a_failing_build_leaves_the_previous_dist_untouched(
    tmp_path: Path, monkeypatch, synthetic_catalog: Path, synthetic_as_of: dt.datetime
) -> None:
    out = tmp_path / "dist"
    build(out, synthetic_as_of, synthetic_catalog)
    contents, inodes = files_of(out), inodes_of(out)
    _fail_games(monkeypatch)
    with pytest.raises(RuntimeError, match="mid-build"):
        build(out, synthetic_as_of + dt.timedelta(days=1), synthetic_catalog)
    assert files_of(out) == contents
    assert inodes_of(out) == inodes
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist"]  # no temporary folder left


def test_a_failing_first_build_leaves_nothing(
    tmp_path: Path, monkeypatch, synthetic_catalog: Path, synthetic_as_of: dt.datetime
) -> None:
    _fail_games(monkeypatch)
    with pytest.raises(RuntimeError, match="mid-build"):
        build(tmp_path / "dist", synthetic_as_of, synthetic_catalog)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_failing_data_writer_fails_the_build_and_leaves_the_previous_dist(
    tmp_path: Path, monkeypatch, synthetic_catalog: Path, synthetic_as_of: dt.datetime
) -> None:
    """The data shards are written by a forked helper: its failure is the build's, named."""
    out = tmp_path / "dist"
    build(out, synthetic_as_of, synthetic_catalog)
    contents = files_of(out)

    def failing(snapshot: Snapshot) -> list[tuple[str, bytes]]:
        raise RuntimeError("the data shards failed")

    monkeypatch.setattr(build_module, "snapshot_files", failing)
    with pytest.raises(ForkedFailed, match="data shards failed"):
        build(out, synthetic_as_of + dt.timedelta(days=1), synthetic_catalog)
    assert files_of(out) == contents
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist"]


@pytest.mark.parametrize(
    ("slowed", "failing"),
    [("snapshot_files", "check_claims"), ("caddy_files", "DependencyRecord.document")],
    ids=["data writer, plan fails", "host writer, record fails"],
)
def test_a_build_failing_while_a_helper_writes_waits_for_it(
    slowed: str, failing: str, tmp_path: Path, monkeypatch, synthetic_catalog: Path, synthetic_as_of: dt.datetime
) -> None:
    """The build fails (an authored claim while it plans, the dependency record while it writes)
    while a forked helper (the data shards', the host files') still writes into the build's folder:
    the folder is removed once the helper is done, not under it (it would be left behind)."""
    made = getattr(build_module, slowed)

    def slow(*args: object) -> object:
        time.sleep(1.0)
        return made(*args)

    def fails(*args: object) -> None:
        raise RuntimeError("the build failed meanwhile")

    monkeypatch.setattr(build_module, slowed, slow)
    monkeypatch.setattr(f"generator.build.{failing}", fails)
    with pytest.raises(RuntimeError, match="failed meanwhile"):
        build(tmp_path / "dist", synthetic_as_of, synthetic_catalog)
    time.sleep(1.5)  # what a helper left running would still write
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_two_routes_on_one_file_fail_the_build(
    tmp_path: Path, monkeypatch, synthetic_catalog: Path, synthetic_as_of: dt.datetime
) -> None:
    """A route listed twice (here the last chunk's first, once more): the second is refused."""
    listed = build_module.jobs
    monkeypatch.setattr(build_module, "jobs", lambda ctx: [*listed(ctx), listed(ctx)[-1][:1]])
    with pytest.raises(DoubleWrite, match="rendered twice"):
        build(tmp_path / "dist", synthetic_as_of, synthetic_catalog)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_two_data_shards_on_one_file_fail_the_build(
    tmp_path: Path, monkeypatch, synthetic_catalog: Path, synthetic_as_of: dt.datetime
) -> None:
    """A game listed twice has its index shard written twice, by the data writer: refused, named."""
    monkeypatch.setattr(Snapshot, "games", lambda self: self._games + self._games)
    with pytest.raises(ForkedFailed, match=r"DoubleWrite: _data/index/\w+\.json written twice"):
        build(tmp_path / "dist", synthetic_as_of, synthetic_catalog)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_document_that_breaks_its_model_fails_the_build(
    tmp_path: Path, synthetic_catalog: Path, synthetic_as_of: dt.datetime, monkeypatch
) -> None:
    """Build-time validation: one surface made to answer a document its model refuses stops the
    build with the path and the first error, and nothing is swapped in."""
    from dataclasses import replace

    from generator.contract.validation import ContractError
    from generator.web.surface import Result

    registered = build_module.surfaces

    def with_a_broken_surface(site):
        return tuple(
            replace(s, compute=lambda ctx, params, query: Result(data={"@kind": "games", "count": "four"}))
            if s.id == "universal.games"
            else s
            for s in registered(site)
        )

    monkeypatch.setattr(build_module, "surfaces", with_a_broken_surface)
    with pytest.raises(ContractError, match=r"/api/v1/universal/games \(universal.games\) breaks GamesCollection"):
        build(tmp_path / "dist", synthetic_as_of, synthetic_catalog, workers=1)
    assert not (tmp_path / "dist").exists()
    assert leftovers(tmp_path) == []
