"""Adopting a changed folder whole (generator/write/adopt.py): which folders, the plan around them,
the served tree's bytes through the shadow, and a rebuild that adopts, fails or dies."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import pytest

import generator.write.adopt as adopt_module
from generator.write.adopt import Adoption, adopt
from generator.write.carry import Carrier, index, journal, plan, restore, with_parents
from generator.write.links import with_twins


def _served(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` as a server reads it: through any symbolic link."""
    found = {}
    for here, _, names in os.walk(root, followlinks=True):
        for name in names:
            found[Path(here, name).relative_to(root).as_posix()] = Path(here, name).read_bytes()
    return found


def _cards(count: int) -> dict[str, tuple[str, ...]]:
    """A folder of ``count`` card folders (two files each, one with twins) and one file of its own."""
    files = {"cards/all.json": ("gz",)}
    for i in range(count):
        files[f"cards/c{i:03}/index.json"] = ("br", "gz")
        files[f"cards/c{i:03}/prices.json"] = ()
    return files


def _listing_of(files: dict[str, tuple[str, ...]]):
    listed = index(files.items())

    def listing(folder: str) -> set[str]:
        names = {sub.rpartition("/")[2] for sub in listed.folders.get(folder, ())}
        return names | {n.rpartition("/")[2] for f, t in listed.files.get(folder, ()) for n in with_twins(f, t)}

    return listing


def test_a_changed_folder_with_many_unchanged_subfolders_is_adopted_parents_first(monkeypatch) -> None:
    monkeypatch.setattr(adopt_module, "ADOPT_AT", 3)
    files = _cards(6)
    listing = _listing_of(files)
    left = {"cards/c001/index.json", "cards/all.json"}
    todo = plan(index(files.items()), left, busy={"cards/c001"}, listing=listing)
    [adopted] = todo.adoptions
    assert adopted.folder == "cards" and adopted.changed == ["cards/c001"]
    assert len(adopted.subfolders) == 6
    assert adopted.left == ["cards/all.json", "cards/all.json.gz"]
    assert todo.moves == []  # the unchanged card folders stay in the adopted folder
    assert sorted(todo.links) == ["cards/c001/prices.json"]  # the changed one's carried file

    # too few unchanged subfolders, more changed than unchanged, the root, a shared folder, or a
    # listing with something the manifest does not list: moved folder by folder instead
    def moved(left: set[str], busy: set[str], shared: set[str] = frozenset(), listed=listing) -> list[str]:  # type: ignore[assignment]
        return [a.folder for a in plan(index(files.items()), left, busy, shared, listed).adoptions]

    assert moved(set(), {"cards/c000", "cards/c001", "cards/c002"}) == []
    assert moved(set(), {"cards/c000"}, shared={"cards"}) == []
    assert moved(set(), {"cards/c000"}, listed=lambda folder: listing(folder) | {"stray.txt"}) == []
    assert moved(set(), {"cards/c000"}, listed=lambda folder: None) == []
    monkeypatch.setattr(adopt_module, "ADOPT_AT", 7)
    assert moved(set(), {"cards/c000"}) == []


def test_the_data_writers_folders_and_those_above_them_are_shared() -> None:
    def shared_folders(data_files: list[str]) -> set[str]:  # as the carrier finds them
        return with_parents(name.rpartition("/")[0] for name in data_files)

    assert shared_folders(["_data/hash-index/00.json", "_data/games.json"]) == {"", "_data", "_data/hash-index"}
    assert shared_folders([]) == set()


def test_the_plan_carries_every_file_once_when_it_adopts(monkeypatch) -> None:
    """Over random trees in which every changed folder with an unchanged subfolder may be adopted:
    each carried file (and twin) is linked, under one moved folder, or stays in an adopted folder
    (in it, or under a subfolder of it that did not change), exactly one of these; a file left in
    an adopted folder is unlinked from it; no adopted folder is the root."""
    monkeypatch.setattr(adopt_module, "ADOPT_AT", 1)
    chance = random.Random(41)

    def under(name: str, folder: str) -> bool:
        return folder == "" or name.startswith(f"{folder}/")

    adopted_any = 0
    for _ in range(300):
        files = {
            "/".join([*(chance.choice("abc") for _ in range(chance.randint(0, 3))), f"f{i}.json"]): ("gz",)
            * chance.randint(0, 1)
            for i in range(chance.randint(1, 40))
        }
        left = {name for name in files if chance.random() < 0.1}
        busy = {name.rpartition("/")[0] for name in files if chance.random() < 0.05}
        todo = plan(index(files.items()), left, busy, listing=_listing_of(files))
        adopted_any += len(todo.adoptions)
        assert "" not in [a.folder for a in todo.adoptions]
        for file, twins in files.items():
            stays = [
                a
                for a in todo.adoptions
                if file.rpartition("/")[0] == a.folder
                or any(under(file, sub) for sub in a.subfolders if sub not in a.changed)
            ]
            movers = [move for move in todo.moves if under(file, move)]
            linked = [twin for twin in with_twins(file, twins) if twin in todo.links]
            if file in left:
                assert movers == [] and linked == []
                assert all(set(with_twins(file, twins)) <= set(a.left) for a in stays)
            else:
                assert len(stays) + len(movers) + (linked == with_twins(file, twins)) == 1, file
                assert all(file not in a.left for a in stays)
    assert adopted_any > 100  # the trees adopted often


def _adopted(tmp_path: Path, monkeypatch) -> tuple[Path, Path, Adoption, dict[str, bytes]]:
    """A served tree of cards, its building folder, and ``cards`` adopted into it (one card changed,
    the folder's own file left)."""
    monkeypatch.setattr(adopt_module, "ADOPT_AT", 3)
    served, building = tmp_path / "dist", tmp_path / ".dist.building-1"
    files = _cards(5)
    for name, twins in files.items():
        for each in with_twins(name, twins):
            (served / each).parent.mkdir(parents=True, exist_ok=True)
            (served / each).write_text(each)
    building.mkdir()
    before = _served(served)
    todo = plan(
        index(files.items()), {"cards/c001/index.json", "cards/all.json"}, {"cards/c001"}, listing=_listing_of(files)
    )
    [adoption] = todo.adoptions
    journal(building).write_text("".join(f"{sub}\n" for sub in adoption.subfolders))
    assert adopt(str(served), str(building), adoption, Carrier(served, building)._pointer)
    return served, building, adoption, before


def test_the_served_tree_answers_with_its_bytes_through_the_shadow(tmp_path: Path, monkeypatch) -> None:
    served, building, _, before = _adopted(tmp_path, monkeypatch)
    assert _served(served) == before
    assert (served / "cards" / "c000").is_symlink() and not (served / "cards" / "c001").is_symlink()
    # the building folder holds the folder itself: the unchanged cards, nothing changed or left
    assert sorted(p.name for p in (building / "cards").iterdir()) == ["c000", "c002", "c003", "c004"]
    assert (building / "cards" / "c000" / "index.json.br").read_text() == "cards/c000/index.json.br"
    assert os.stat(served / "cards" / "all.json").st_nlink == 1  # only the served tree keeps it


def test_a_failed_adoption_is_put_back(tmp_path: Path, monkeypatch) -> None:
    served, building, _, before = _adopted(tmp_path, monkeypatch)
    restore(served, building)
    assert [p for p in served.rglob("*") if p.is_symlink()] == []
    assert _served(served) == before
    assert not journal(building).exists()


@pytest.mark.parametrize("gone", ["cards", "cards/c003"])
def test_a_folder_gone_from_the_served_build_is_not_adopted(tmp_path: Path, monkeypatch, gone: str) -> None:
    """Tidied by hand before the plan: the listing no longer matches, so the folder is carried as
    any changed folder would be, and the missing one is named by its move."""
    monkeypatch.setattr(adopt_module, "ADOPT_AT", 3)
    served = tmp_path / "dist"
    files = _cards(5)
    for name in files:
        (served / name).parent.mkdir(parents=True, exist_ok=True)
        (served / name).write_text(name)
    shutil.rmtree(served / gone)
    carrier = Carrier(served, tmp_path / ".dist.building-1")
    todo = plan(index(files.items()), {"cards/c001/index.json"}, {"cards/c001"}, listing=carrier._listing)
    assert todo.adoptions == []
