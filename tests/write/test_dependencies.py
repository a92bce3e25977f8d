"""Rebuilds by dependency: a rebuild over changed inputs renders only what read them, and its tree
is byte for byte the cold build's of the same inputs (issue 37 item 3)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import orjson
import pytest

from generator.build import build
from generator.dependencies import OWN_PRINTING
from generator.write.dependencies import DEPENDENCIES, carried_routes

RENAMED = "lor-1-3-en"
ROOT = Path(__file__).resolve().parents[2]


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _drop_one_printing(sinks: list) -> None:
    """A printing withdrawn upstream, from a set that keeps others (a set gone altogether changes
    the measured statuses, and one the platform sample refers to is quarantined from it: build-wide
    inputs, docs/incremental-build.md)."""
    sink = next(sink for sink, _ in sinks if sink.game == "lor")  # the platform sample sells none of these
    dropped = [p for p in sink.printings if p.sku.set == "1"][-1]
    sink.printings = [p for p in sink.printings if p is not dropped]


def _rename_set_name(sinks: list) -> None:
    """One set's display name corrected upstream (a set row, not a printing)."""
    for sink, _ in sinks:
        if getattr(sink, "sets", None):
            sink.sets = [dataclasses.replace(sink.sets[0], name=f"{sink.sets[0].name} (corrected)"), *sink.sets[1:]]
            return
    raise AssertionError("no synthetic sink declares a set")


CHANGES: dict[str, dict] = {
    "one printing renamed": {"rename": {RENAMED: "Testmon Scout, Renamed"}},
    "one printing withdrawn": {"extend": _drop_one_printing},
    "one set row changed": {"extend": _rename_set_name},
}


@pytest.fixture(scope="module")
def before(tmp_path_factory, make_synthetic_catalog: Callable[..., Path]) -> Path:
    return make_synthetic_catalog(tmp_path_factory.mktemp("before") / "catalog.duckdb")


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_rebuild_by_dependency_writes_the_cold_build_of_its_inputs(
    change: str, before: Path, tmp_path: Path, make_synthetic_catalog, synthetic_as_of: dt.datetime
) -> None:
    after = make_synthetic_catalog(tmp_path / "after.duckdb", **CHANGES[change])
    rebuilt, cold = tmp_path / "rebuilt", tmp_path / "cold"
    first = build(rebuilt, synthetic_as_of, before, search_index=True)
    again = build(rebuilt, synthetic_as_of, after, search_index=True)
    build(cold, synthetic_as_of, after, search_index=True)

    assert 0 < again.carried < first.routes, f"{change}: carried {again.carried} of {again.routes} routes"
    rebuilt_tree, cold_tree = _tree(rebuilt), _tree(cold)
    assert rebuilt_tree.keys() == cold_tree.keys()
    differing = [rel for rel in cold_tree if rebuilt_tree[rel] != cold_tree[rel]]
    assert differing == [], f"{change}: the rebuild differs from a cold build in {differing[:10]}"


def test_a_renamed_printing_rerenders_exactly_the_routes_that_read_what_changed(
    before: Path, tmp_path: Path, make_synthetic_catalog, synthetic_as_of: dt.datetime
) -> None:
    """Re-rendered: the routes whose recorded keys include a key whose digest changed (every route
    records, those that reuse another's answer too); carried: the rest, such as another game's cards."""
    after = make_synthetic_catalog(tmp_path / "after.duckdb", rename={RENAMED: "Testmon Scout, Renamed"})
    out = tmp_path / "dist"
    first = build(out, synthetic_as_of, before)
    earlier = orjson.loads((out / DEPENDENCIES).read_bytes())
    again = build(out, synthetic_as_of, after)
    now = orjson.loads((out / DEPENDENCIES).read_bytes())

    digest_now = dict(zip(now["keys"], now["digests"], strict=True))
    changed = {k for k, d in zip(earlier["keys"], earlier["digests"], strict=True) if digest_now.get(k) != d}
    assert {"set:lor/1", "card:lor/" + _card_key(out, RENAMED)} <= changed
    assert not any(k.startswith(("set:op/", "card:op/", "set:ptcg/")) for k in changed)
    assert {sku for sku, d in earlier["printings"].items() if now["printings"][sku] != d} == {RENAMED}
    keys = earlier["keys"]

    def read_what_changed(path: str, key_set: int) -> bool:
        read = {keys[i] for i in earlier["key_sets"][key_set]}
        return bool(read & changed) or (OWN_PRINTING in read and RENAMED in path.split("/"))

    stale = {p for p, s in earlier["routes"].items() if read_what_changed(p, s)}
    assert len(earlier["routes"]) == first.routes
    assert again.routes - again.carried == len(stale)
    assert f"/api/v1/universal/card/{RENAMED}" in stale
    assert "/api/v1/universal/card/op-op01-001-en" not in stale
    # a printing of the same set keeps its own documents: they read their own printing, not its set
    sibling = next(sku for sku in earlier["printings"] if sku.startswith("lor-1-") and sku != RENAMED)
    assert f"/api/v1/universal/card/{sibling}" not in stale


def _card_key(dist: Path, sku: str) -> str:
    document = orjson.loads((dist / f"api/v1/universal/card/{sku}.json").read_bytes())
    return str(document["data"]["card_key"])


def test_a_file_gone_from_the_previous_build_makes_a_full_build(
    before: Path, tmp_path: Path, make_synthetic_catalog, synthetic_as_of: dt.datetime
) -> None:
    after = make_synthetic_catalog(tmp_path / "after.duckdb", rename={RENAMED: "Testmon Scout, Renamed"})
    rebuilt, cold = tmp_path / "rebuilt", tmp_path / "cold"
    build(rebuilt, synthetic_as_of, before)
    (rebuilt / "api/v1/universal/card/op-op01-001-en.json").unlink()  # someone tidied dist/ by hand
    again = build(rebuilt, synthetic_as_of, after)
    build(cold, synthetic_as_of, after)
    assert again.carried == 0
    assert _tree(rebuilt) == _tree(cold)


def test_changed_build_wide_inputs_carry_nothing() -> None:
    previous = {"globals": "a", "keys": ["games"], "digests": ["d"], "key_sets": [[0]], "routes": {"/x": 0}}
    assert carried_routes(previous, "a", lambda key: "d") == {"/x"}
    assert carried_routes(previous, "a", lambda key: "changed") == set()
    assert carried_routes(previous, "b", lambda key: "d") == set()
    assert carried_routes(None, "a", lambda key: "d") == set()


def test_a_route_reading_its_own_printing_is_carried_while_that_printing_is_unchanged() -> None:
    previous = {
        "globals": "a",
        "keys": ["games", OWN_PRINTING],
        "digests": ["d", OWN_PRINTING],
        "key_sets": [[0, 1], [0]],
        "routes": {"/c/x-1": 0, "/c/y-1/more": 0, "/list": 1, "/c/z-1": 0, "/c/y-10": 0, "/y-1": 1},
        "printings": {"x-1": "1", "y-1": "2", "z-1": "3", "y-10": "4"},
    }
    digest = {"games": "d", OWN_PRINTING: OWN_PRINTING}.__getitem__
    now = {"x-1": "1", "y-1": "changed", "w-1": "new", "y-10": "4"}  # y-1 changed, z-1 withdrawn, w-1 new
    assert carried_routes(previous, "a", digest, lambda: now) == {"/c/x-1", "/list", "/c/y-10", "/y-1"}
    assert carried_routes(previous, "a", digest, lambda: previous["printings"]) == set(previous["routes"])
    many = {f"n-{i}": "new" for i in range(40)} | now  # past the few a substring search is for
    assert carried_routes(previous, "a", digest, lambda: many) == {"/c/x-1", "/list", "/c/y-10", "/y-1"}


def test_a_forced_build_carries_nothing(before: Path, tmp_path: Path, synthetic_as_of: dt.datetime) -> None:
    out = tmp_path / "dist"
    build(out, synthetic_as_of, before)
    assert build(out, synthetic_as_of, before, force=True).carried == 0
    assert os.path.exists(out / DEPENDENCIES)
    shutil.rmtree(out)


def _runs_read_more(sinks: list) -> None:
    """An upstream run read one more row (the source runs table changes, the printings do not)."""
    sinks[0][0].rows_read += 1


CHANGES["one source run changed"] = {"extend": _runs_read_more}

TREE = ("generator", "content", "templates")


def test_a_changed_template_rerenders_the_pages_that_use_it(
    before: Path, tmp_path: Path, synthetic_as_of: dt.datetime
) -> None:
    """A copy of the code whose shared page layout says one more thing, built in a subprocess over a
    build of this tree: the pages (every route that read a template) are rendered, the JSON routes
    carried, and the result is the copy's cold build."""
    copy = tmp_path / "tree"
    for name in TREE:
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "data", copy / "data", ignore=shutil.ignore_patterns("cache"))
    layout = copy / "templates" / "base.html"
    layout.write_text(layout.read_text().replace("</body>", "<!-- one template changed -->\n</body>"))
    rebuilt, cold = tmp_path / "rebuilt", tmp_path / "cold"
    first = build(rebuilt, synthetic_as_of, before)
    earlier = orjson.loads((rebuilt / DEPENDENCIES).read_bytes())

    def build_in_copy(out: Path) -> list[int]:
        program = (
            "import datetime as dt, sys; from pathlib import Path; from generator.build import build; "
            f"s = build(Path({str(out)!r}), dt.datetime.fromisoformat({synthetic_as_of.isoformat()!r}), "
            f"Path({str(before)!r}), progress=False); print(s.routes, s.carried)"
        )
        env = {**os.environ, "PYTHONPATH": str(copy)}
        done = subprocess.run([sys.executable, "-c", program], cwd=copy, env=env, check=True, capture_output=True)
        return [int(n) for n in done.stdout.split()[-2:]]

    routes, carried = build_in_copy(rebuilt)
    build_in_copy(cold)
    keys = earlier["keys"]
    pages = {
        p for p, s in earlier["routes"].items() if any(keys[i].startswith("template:") for i in earlier["key_sets"][s])
    }
    assert routes == first.routes
    assert 0 < len(pages) == routes - carried
    assert _tree(rebuilt) == _tree(cold)
    assert b"<!-- one template changed -->" in (rebuilt / "prices/search.html").read_bytes()
