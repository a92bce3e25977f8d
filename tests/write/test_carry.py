"""Carrying unchanged files into a rebuild: whole folders moved, the rest linked, and the served
build answering every path with its own bytes until the swap, or again after a failure or a kill
(generator/write/carry.py)."""

from __future__ import annotations

import datetime as dt
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import generator.build as build_module
import generator.write.adopt as adopt_module
import generator.write.carry as carry
import generator.write.files as files
from generator.build import build
from generator.write.carry import Carrier, index, journal, plan
from generator.write.forked import Forked, ForkedFailed
from generator.write.links import Links, folders_in, link_names, with_twins

RENAMED = "lor-1-3-en"
ROOT = Path(__file__).parents[2]


def _tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` by its path, read as a server would: through any symbolic link."""
    found = {}
    for here, _, names in os.walk(root, followlinks=True):
        for name in names:
            path = Path(here, name)
            found[path.relative_to(root).as_posix()] = path.read_bytes()
    return found


def _links(root: Path) -> list[str]:
    return sorted(
        Path(here, name).relative_to(root).as_posix()
        for here, folders, names in os.walk(root)
        for name in folders + names
        if Path(here, name).is_symlink()
    )


def test_a_folder_moves_when_nothing_under_it_is_written_or_dropped() -> None:
    twins = ("br", "gz")
    files = ["a/x.json", "a/b/y.json", "c/z.json", "c/d/w.json", "e/v.json", "e/gone.json", "t.json"]
    previous = index((name, twins if name in ("a/x.json", "e/v.json") else ()) for name in files)
    # c/z.json is rendered again (into c); e/gone.json is dropped
    links, moves, adoptions = plan(previous, left={"c/z.json", "e/gone.json"}, busy={"c"})
    assert adoptions == []  # none without the served folders' listings
    assert moves == ["a", "c/d"]  # the highest untouched folder on each path
    # beside a dropped file (with its twins), and in the root (the manifest)
    assert sorted(links) == ["e/v.json", "e/v.json.br", "e/v.json.gz", "t.json"]


def test_the_plan_carries_every_file_once_by_the_highest_untouched_folder() -> None:
    """Over random trees: each carried file (and twin) is linked or lies under exactly one moved
    folder, that folder is the highest on its path with nothing under it left or written, and no
    file left or written lies under a moved folder."""
    chance = random.Random(37)

    def random_file(i: int) -> str:  # up to three folders deep, in a few shared folder names
        return "/".join([*(chance.choice("abc") for _ in range(chance.randint(0, 3))), f"f{i}.json"])

    def under(name: str, folder: str) -> bool:
        return folder == "" or name.startswith(f"{folder}/")

    for _ in range(200):
        files = {random_file(i): ("gz",) * chance.randint(0, 1) for i in range(chance.randint(1, 30))}
        left = {name for name in files if chance.random() < 0.1}
        busy = {name.rpartition("/")[0] for name in files if chance.random() < 0.05}
        links, moves, _ = plan(index(files.items()), left, busy)
        touched = {"", *busy, *(name.rpartition("/")[0] for name in left)}
        for move in moves:  # nothing under it touched, and something under its parent
            assert not any(t == move or under(t, move) for t in touched)
            parent = move.rpartition("/")[0]
            assert any(t == parent or under(t, parent) for t in touched)
        for file, twins in files.items():
            movers = [move for move in moves if under(file, move)]
            linked = [twin for twin in with_twins(file, twins) if twin in links]
            if file in left:
                assert movers == [] and linked == []
            else:
                assert len(movers) + (linked == with_twins(file, twins)) == 1, file


def test_a_folder_gone_from_the_served_build_is_named_and_nothing_else_moves(tmp_path: Path) -> None:
    """Someone tidied a moved folder away by hand: the carrier says which, and leaves no link behind."""
    served, building = tmp_path / "dist", tmp_path / ".dist.building-1"
    (served / "a").mkdir(parents=True)
    (served / "a" / "x.json").write_text("x")
    building.mkdir()
    carrier = Carrier(served, building)
    assert carrier._move(["a", "b"]) == "b"
    assert (served / "a").is_symlink() and (building / "a" / "x.json").read_text() == "x"
    assert not (building / "b").exists() and not (building / "b").is_symlink()


def test_the_carrier_and_the_parent_link_every_name_once_from_the_two_ends(tmp_path: Path, monkeypatch) -> None:
    """The carrier takes chunks from the front of its list while the parent takes them from the
    end (``Carrier.finish``): every name is linked once (a second link of one name would fail), and
    nothing else is."""
    served, building = tmp_path / "dist", tmp_path / ".dist.building-1"
    names = [f"{folder}/{i}.json" for folder in ("a", "b/c", "d") for i in range(1500)]
    for name in names:
        (served / name).parent.mkdir(parents=True, exist_ok=True)
        (served / name).write_text(name)
    monkeypatch.setattr(Links, "CHUNK", 16)
    links = Links()
    links.publish(names)
    front = Forked(lambda: links.link(str(served), str(building), from_end=False), "front")
    from_end = links.link(str(served), str(building), from_end=True)
    from_front = front.result()
    links.close()
    assert from_end[0] is None and from_front[0] is None, (from_end, from_front)
    assert from_end[1] + from_front[1] == len(names)
    assert sorted(_tree(building)) == sorted(names)
    assert all((served / name).stat().st_nlink == 2 for name in names)


@pytest.mark.parametrize("gone", ["b/2.json", "b"])
def test_linking_names_the_first_file_gone_and_leaves_no_folder_open(tmp_path: Path, gone: str) -> None:
    """Each folder is opened once and its names linked from it: a file gone, or its whole folder,
    is named as the first missed, with the count linked before it; no descriptor is left open."""
    served, building = tmp_path / "dist", tmp_path / ".dist.building-1"
    names = [f"{folder}/{i}.json" for folder in ("", "a", "b", "b/c") for i in range(3)]
    names = [name.lstrip("/") for name in names]
    for name in names:
        (served / name).parent.mkdir(parents=True, exist_ok=True)
        (served / name).write_text(name)
    open_before = len(os.listdir("/proc/self/fd"))
    assert link_names(str(served), str(building), names, folders_in(str(building))) == (None, len(names))
    assert sorted(_tree(building)) == sorted(names)
    again = tmp_path / "again"
    target = served / gone
    target.unlink() if target.is_file() else shutil.rmtree(target)
    first = next(name for name in names if name == gone or name.startswith(gone + "/"))
    assert link_names(str(served), str(again), names, folders_in(str(again))) == (first, names.index(first))
    assert sorted(_tree(again)) == sorted(names[: names.index(first)])
    assert len(os.listdir("/proc/self/fd")) == open_before


@pytest.fixture(params=["moved", "adopted"])
def adopting(request, monkeypatch) -> int:
    """Whether the rebuild's carrier adopts changed folders whole (``generator.write.adopt``) or
    moves their unchanged subfolders one by one: the tests that use it hold either way."""
    at = 10**9 if request.param == "moved" else 1
    monkeypatch.setattr(adopt_module, "ADOPT_AT", at)
    return at


@pytest.fixture()
def rebuild(tmp_path: Path, make_synthetic_catalog, synthetic_catalog: Path, synthetic_as_of: dt.datetime):
    """A built ``dist`` and the catalog of a rebuild in which one printing is renamed."""
    out = tmp_path / "dist"
    build(out, synthetic_as_of, synthetic_catalog)
    after = make_synthetic_catalog(tmp_path / "after.duckdb", rename={RENAMED: "Testmon Scout, Renamed"})
    return out, after


def test_the_served_build_answers_with_its_own_bytes_until_the_swap(
    rebuild, adopting, monkeypatch, synthetic_as_of, tmp_path
) -> None:
    out, after = rebuild
    before = _tree(out)
    seen: dict[str, object] = {}
    commit = files.DistWriter.commit

    def looking_first(writer: files.DistWriter) -> None:
        seen["links"], seen["tree"] = _links(out), _tree(out)
        seen["pointers"] = [os.readlink(out / link) for link in seen["links"]]
        seen["beside"] = sorted(p.name for p in out.parent.iterdir() if p.name.startswith(".dist."))
        commit(writer)

    monkeypatch.setattr(files.DistWriter, "commit", looking_first)
    summary = build(out, synthetic_as_of, after)
    assert summary.carrier.moved > 0 and summary.carrier.linked > 0
    assert (summary.carrier.adopted > 0) == (adopting == 1)
    assert len(seen["links"]) == summary.carrier.moved  # each folder carried whole left a link in its place
    assert seen["tree"] == before
    gates = [name for name in seen["beside"] if name.startswith(".dist.gate-")]
    through_gates = [p for p in seen["pointers"] if p.split("/")[-2].startswith(".dist.gate-")]
    if adopting == 1:  # an adopted folder's links go through a gate: short enough for the inode
        assert gates and through_gates and all(len(p) < 60 for p in through_gates)
    else:
        assert gates == [] and through_gates == []
    assert _links(out) == []  # the new build holds the carried folders themselves
    assert [p.name for p in out.parent.iterdir() if p.name.startswith(".dist.gate-")] == []
    assert not journal(out.parent / f".{out.name}.building-{os.getpid()}").exists()
    cold = tmp_path / "cold"
    build(cold, synthetic_as_of, after)
    assert _tree(out) == _tree(cold)


def _slow_moves(monkeypatch) -> None:
    """The carrier waits two seconds before its moves: the parent is done first and links."""
    move = Carrier._move

    def slowly(carrier: Carrier, folders: list[str]) -> str | None:
        time.sleep(2)
        return move(carrier, folders)

    monkeypatch.setattr(Carrier, "_move", slowly)


def test_the_parent_links_beside_the_carrier_when_it_has_nothing_else_to_do(
    rebuild, monkeypatch, tmp_path, synthetic_as_of
) -> None:
    out, after = rebuild
    _slow_moves(monkeypatch)
    summary = build(out, synthetic_as_of, after)
    assert summary.carrier.helped > 0 and summary.carrier.moved > 0, summary.carrier
    cold = tmp_path / "cold"
    build(cold, synthetic_as_of, after)
    assert _tree(out) == _tree(cold)


def test_the_parent_holds_rendered_files_while_the_carrier_adopts(
    rebuild, monkeypatch, tmp_path, synthetic_as_of
) -> None:
    """The parent does not wait for the carrier's adoption: it records every rendered route and
    holds its files, makes the manifest and starts the host files' writers (the root and
    ``_hosts/`` are never adopted), and writes the held files once the carrier has adopted. The
    tree is a cold build's."""
    out, after = rebuild
    monkeypatch.setattr(adopt_module, "ADOPT_AT", 1)
    adopt, forked, ready, collect = carry.adopt, build_module.Forked, files.DistWriter.ready, build_module._collect
    events: list[str] = []

    def slowly(*args: object) -> bool:
        time.sleep(2)  # the workers are done long before
        return adopt(*args)

    def forking(work, name: str):
        events.append(name)
        return forked(work, name)

    def readying(writer: files.DistWriter) -> None:
        ready(writer)
        events.append("ready")

    def collecting(*args):
        held = collect(*args)
        events.append(f"held {len(held)}")
        return held

    monkeypatch.setattr(carry, "adopt", slowly)
    monkeypatch.setattr(build_module, "Forked", forking)
    monkeypatch.setattr(files.DistWriter, "ready", readying)
    monkeypatch.setattr(build_module, "_collect", collecting)
    summary = build(out, synthetic_as_of, after)
    assert summary.carrier.adopted > 0
    held = [event for event in events if event.startswith("held ")]
    assert len(held) == 1 and int(held[0].split()[1]) > 0
    assert events == ["data", "digests", held[0], "hosts", "hosts", "ready"]
    monkeypatch.undo()
    cold = build(tmp_path / "cold", synthetic_as_of, after)
    assert _tree(out) == _tree(tmp_path / "cold")
    counted = (summary.files, summary.routes, summary.statuses, summary.routes_by_type)
    assert counted == (cold.files, cold.routes, cold.statuses, cold.routes_by_type)


def test_a_file_the_parent_misses_makes_a_full_build(rebuild, monkeypatch, tmp_path, synthetic_as_of) -> None:
    """The parent links from the end of the list: a file gone there is named, and the build starts
    again cold, as when the carrier misses one; the host files' writer, still at work when the
    parent links, is waited for first (it would write into the build that starts again)."""
    out, after = rebuild
    _slow_moves(monkeypatch)
    made = build_module.caddy_files

    def slowly(*args: object) -> object:
        time.sleep(3.0)  # longer than the carrier's (two seconds, then its work), which abort waits for
        return made(*args)

    monkeypatch.setattr(build_module, "caddy_files", slowly)
    published = Links.publish

    def tidied_last(links: Links, names: list[str]) -> None:
        (out / names[-1]).unlink()  # someone tidied dist/ by hand
        published(links, names)

    monkeypatch.setattr(Links, "publish", tidied_last)
    again = build(out, synthetic_as_of, after)
    monkeypatch.setattr(Links, "publish", published)
    monkeypatch.setattr(build_module, "caddy_files", made)
    cold = tmp_path / "cold"
    build(cold, synthetic_as_of, after)
    assert again.carried == 0
    assert _tree(out) == _tree(cold)
    time.sleep(3.0)  # what a host writer left running would still write
    assert sorted(p.name for p in out.parent.iterdir() if p.name.startswith(".")) == []


def test_where_folders_cannot_be_exchanged_every_carried_file_is_linked(
    rebuild, monkeypatch, tmp_path, synthetic_as_of
) -> None:
    """Not Linux (no ``renameat2``): nothing moves, every carried file and twin is linked, and the
    tree is the one a cold build of the same inputs writes."""
    out, after = rebuild
    monkeypatch.setattr(carry, "exchange_supported", lambda: False)
    summary = build(out, synthetic_as_of, after)
    assert summary.carrier.moved == 0 and summary.carrier.linked > summary.carried > 0  # twins too
    cold = tmp_path / "cold"
    build(cold, synthetic_as_of, after)
    assert _tree(out) == _tree(cold)


def test_a_failed_rebuild_puts_every_moved_folder_back(rebuild, adopting, monkeypatch, synthetic_as_of) -> None:
    out, after = rebuild
    before = _tree(out)

    def failing(*args: object) -> dict[str, bytes]:
        raise RuntimeError("the host adapter failed")

    monkeypatch.setattr("generator.build.caddy_files", failing)
    with pytest.raises(ForkedFailed, match="host adapter"):
        build(out, synthetic_as_of, after)
    assert _links(out) == []
    assert _tree(out) == before
    assert [p.name for p in out.parent.iterdir() if p.name.startswith(".")] == []


KILLED = """
import datetime as dt, os, signal, sys
from pathlib import Path
import generator.write.adopt as adopt
import generator.write.files as files
from generator.build import build

finish = files.DistWriter.finish_carrying

def killed_after_carrying(writer):
    finish(writer)
    os.kill(os.getpid(), signal.SIGKILL)

files.DistWriter.finish_carrying = killed_after_carrying
adopt.ADOPT_AT = int(sys.argv[4])
build(Path(sys.argv[1]), dt.datetime.fromisoformat(sys.argv[2]), Path(sys.argv[3]), workers=1)
"""


def test_a_rebuild_killed_after_moving_is_put_back_by_the_next_build(
    rebuild, adopting, synthetic_as_of, tmp_path
) -> None:
    out, after = rebuild
    before = _tree(out)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # read now: the session's platform export is set by then
    arguments = [str(out), synthetic_as_of.isoformat(), str(after), str(adopting)]
    killed = subprocess.run([sys.executable, "-c", KILLED, *arguments], env=env)
    assert killed.returncode == -signal.SIGKILL
    assert _links(out) != []  # folders of the dead build's: still served through the links
    assert _tree(out) == before
    gates = [p.name for p in out.parent.iterdir() if p.name.startswith(".dist.gate-")]
    assert bool(gates) == (adopting == 1)  # left by the dead build: the served tree reads through it

    build(out, synthetic_as_of, after)
    cold = tmp_path / "cold"
    build(cold, synthetic_as_of, after)
    assert _links(out) == []
    assert _tree(out) == _tree(cold)
    assert [p.name for p in out.parent.iterdir() if p.name.startswith(".dist.gate-")] == []


def test_a_carrier_that_fails_before_it_has_adopted_makes_a_full_build(
    rebuild, monkeypatch, tmp_path, synthetic_as_of
) -> None:
    """Nothing is written into the new build until the carrier has adopted its folders; when it
    fails first, the build starts again cold (``DistWriter.ready``)."""
    out, after = rebuild
    monkeypatch.setattr(adopt_module, "ADOPT_AT", 1)
    waited: list[bool] = []
    ready = files.DistWriter.ready

    def failing(*args: object) -> bool:
        raise OSError("no space left on the device")

    def noting(writer: files.DistWriter) -> None:
        try:
            ready(writer)
        except files.CarryFailed:
            waited.append(True)
            raise

    monkeypatch.setattr(carry, "adopt", failing)
    monkeypatch.setattr(files.DistWriter, "ready", noting)
    again = build(out, synthetic_as_of, after)
    assert again.carried == 0 and waited == [True]
    cold = tmp_path / "cold"
    build(cold, synthetic_as_of, after)
    assert _tree(out) == _tree(cold)
