"""Carrying the previous build's unchanged files into the new one, in a process of its own.

A hard link costs the kernel about 25 us here (533,204 files: 13 s, and a second process linking
at the same time only doubles the system time), so a rebuild that links every unchanged file can
never cost less than that. Most unchanged files sit in folders where nothing changed at all, and
a folder moves in one ``rename``. So a rebuild **moves** every folder whose files are all carried
(the highest such folder on each path) from the previous build into the new one, and hard-links
the carried files of the folders where something changed. A changed folder with many unchanged
subfolders (``api/v1/cards/`` when one printing changed: ~60,000 of them) is adopted whole instead
(``generator.write.adopt``): one exchange, and a symbolic link per subfolder in the served tree's
shadow of it, in place of a move per subfolder.

The previous build is still the one being served while the new one is made. A folder is moved by
exchanging it (``renameat2`` RENAME_EXCHANGE, atomic) with a relative symbolic link that points at
its new place: the old tree keeps answering every path, with the same bytes (every file moved is
one the new build carries unchanged), until the final swap. The moves are journaled beside the
build folder first: a build that fails puts them back (``restore``), and one killed mid-way is put
back by the next build before its folder is removed. Where the system cannot exchange, nothing is
moved and every carried file is linked.

The carrier is a forked process: linking and moving are system calls, and in a thread they would
wait for the interpreter lock behind the parent's Python work (the parent writes the manifest and
host files meanwhile), as the linking threads before it did.
"""

from __future__ import annotations

import os
import time
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

from generator.write.adopt import Adoption, adopt, adoptions
from generator.write.forked import Forked, ForkedFailed
from generator.write.links import Links, folders_in, link_names, with_twins
from generator.write.swap import exchange, exchange_supported


class Index(NamedTuple):
    """The previous build's files by folder: each folder's subfolders, and its files with the
    suffixes of their twins (a twin is in its file's folder, and carried with it)."""

    folders: dict[str, set[str]]
    files: dict[str, list[tuple[str, Sequence[str]]]]


def index(files: Iterable[tuple[str, Sequence[str]]]) -> Index:
    """Every file of the previous build (with its twins' suffixes) by folder."""
    folders: defaultdict[str, set[str]] = defaultdict(set)
    by_folder: dict[str, list[tuple[str, Sequence[str]]]] = {}
    for name, twins in files:
        folder = name.rpartition("/")[0]
        here = by_folder.get(folder)
        if here is None:
            here = by_folder[folder] = []
            while folder:  # each folder on the way up, in its parent, until one already is
                parent = folder.rpartition("/")[0]
                if folder in folders[parent]:
                    break
                folders[parent].add(folder)
                folder = parent
        here.append((name, twins))
    return Index(folders, by_folder)


class Plan(NamedTuple):
    """What the carrier does: the files to link, the folders to move, the folders to adopt."""

    links: list[str]
    moves: list[str]
    adoptions: list[Adoption]


def plan(
    previous: Index,
    left: Collection[str],
    busy: Iterable[str],
    shared: Collection[str] = (),
    listing: Callable[[str], set[str] | None] | None = None,
) -> Plan:
    """``left``: the previous build's files the new build does not carry (rendered again, or gone);
    ``busy``: folders the new build writes into. Every other file is carried. A folder is changed
    when something under it is written or left; a folder moves when it is unchanged and its parent
    is changed (the highest untouched folder on its path); the carried files of changed folders are
    linked, each with its twins. A changed folder with many unchanged subfolders is adopted instead
    (``generator.write.adopt``; only with ``listing``, the served folders' names): its subfolders and
    files stay where they are. Planned from what is left, not from what is carried: a rebuild
    leaves a few thousand files and carries ~310,000, so the plan looks only at the changed
    folders' own entries."""
    changed = with_parents(["", *busy, *(name.rpartition("/")[0] for name in left)])
    adopting = [] if listing is None else adoptions(previous.folders, previous.files, changed, left, shared, listing)
    emptied = changed - {adoption.folder for adoption in adopting}
    moves = sorted(sub for folder in emptied for sub in previous.folders.get(folder, ()) if sub not in changed)
    links = carried_names((pair for folder in emptied for pair in previous.files.get(folder, ())), left)
    return Plan(links, moves, adopting)


def with_parents(folders: Iterable[str]) -> set[str]:
    """Each of ``folders`` and every folder above it, up to the root (``""``)."""
    found: set[str] = set()
    for folder in folders:
        while folder not in found:
            found.add(folder)
            folder = folder.rpartition("/")[0]
    return found


def carried_names(files: Iterable[tuple[str, Sequence[str]]], left: Collection[str]) -> list[str]:
    """Each of ``files`` not ``left``, with its twins: the names to link."""
    return [name for file, twins in files if file not in left for name in with_twins(file, twins)]


class Carried(NamedTuple):
    """What the carrier did: the first file or folder it missed (None: everything carried), the
    folders carried whole (moved, or left in a folder it adopted: each is a link in the served tree
    until the swap), the files linked, its seconds, its CPU seconds, how many of the files the
    parent linked (``Carrier.finish``) and the folders adopted."""

    missing: str | None
    moved: int
    linked: int
    seconds: float
    cpu: float = 0.0
    helped: int = 0
    adopted: int = 0


# (every file of the previous build with its twins' suffixes, the files of it the new build does not
# carry, the folders the new build writes into, the files another process writes meanwhile: the
# data shards): ``index``'s and ``plan``'s arguments
Lists = tuple[Iterable[tuple[str, Sequence[str]]], Collection[str], Iterable[str], Collection[str]]


def journal(tmp: Path) -> Path:
    return tmp.with_name(f"{tmp.name}.moves")


class Carrier:
    """Carries files from ``source`` (the served build) into ``target`` (the build being made)."""

    def __init__(self, source: Path, target: Path, gates: Path | None = None):
        """``gates``: the stem of the gates beside ``source`` (``<gates>-<n>``, ``way_in``), which
        the caller removes once the served tree no longer reads through them; None: no gates."""
        self.source, self.target, self.gates = source, target, gates
        self._pending: Forked[Carried] | None = None
        self._links: Links | None = None

    def start(self, lists: Callable[[], Lists]) -> None:
        """Fork the carrier; it makes the ``plan``'s lists (``lists()``, in the child: the parent
        has other work) and carries while the parent goes on. The parent writes nothing into the
        new build before ``adopted()``."""
        self._links = Links()
        self._pending = Forked(lambda: self._run(lists), "carrier")

    def adopted(self) -> bool:
        """Wait until the carrier has adopted its folders (``generator.write.adopt``): before, a
        folder of the new build may still be the served one's shadow, or hold files the served
        tree reads. The carrier publishes its list of links once it has adopted them all, so that
        is the sign. True when no carrier was started; False when it failed or died before it was
        done (nothing may then be written: the build starts again cold)."""
        if self._links is None or self._pending is None:
            return True
        while not self._links.published.wait(0.05) and self._pending.running():
            pass
        return self._links.published.is_set()

    def adopting(self) -> bool:
        """Whether the carrier is still adopting its folders (not yet published its list, and alive)."""
        if self._links is None or self._pending is None:
            return False
        return not self._links.published.is_set() and self._pending.running()

    def finish(self) -> Carried:
        """Link carried files from the end of the carrier's list until none is left, then wait for
        it: the parent calls this when it has nothing left but to wait, so a core is free, and the
        carrier links from the front, most often in another folder. ``helped``: the parent's links."""
        missed, linked = None, 0
        if self._links is not None and self.adopted():
            missed, linked = self._links.link(str(self.source), str(self.target), from_end=True)
        carried = self.wait()
        return carried._replace(missing=carried.missing or missed, linked=carried.linked + linked, helped=linked)

    def wait(self) -> Carried:
        """Wait for the carrier and say what it did (nothing, when none was started)."""
        if self._pending is None:
            return Carried(None, 0, 0, 0.0)
        try:
            return self._pending.result()._replace(cpu=self._pending.cpu)
        except ForkedFailed as failure:
            return Carried(f"(the carrier failed: {failure})", 0, 0, 0.0)
        finally:
            if self._links is not None:
                self._links.close()

    def _run(self, lists: Callable[[], Lists]) -> Carried:
        began = time.perf_counter()
        assert self._links is not None
        previous, left, busy, shared = lists()
        indexed = index(previous)
        if exchange_supported():
            shared_folders = with_parents(name.rpartition("/")[0] for name in shared)  # the data writer's
            todo = plan(indexed, left, busy, shared_folders, self._listing)
        else:  # nothing can be moved: every carried file is linked
            todo = Plan(carried_names((pair for files in indexed.files.values() for pair in files), left), [], [])
        journal(self.target).write_text("".join(f"{sub}\n" for sub in _journaled(todo)))
        missing, adopted = self._adopt(todo)
        if missing is None:  # the adopted folders are the new build's: the parent may write (``adopted``)
            self._links.publish(todo.links)
            missing = self._move(todo.moves)
        moved = len(todo.moves) + sum(len(a.subfolders) - len(a.changed) for a in adopted)
        if missing is not None:
            self._links.stop()
            return Carried(missing, moved, 0, time.perf_counter() - began, adopted=len(adopted))
        missing, linked = self._links.link(str(self.source), str(self.target), from_end=False)
        return Carried(missing, moved, linked, time.perf_counter() - began, adopted=len(adopted))

    def _listing(self, folder: str) -> set[str] | None:
        try:
            return set(os.listdir(f"{self.source}/{folder}"))
        except OSError:
            return None

    def _pointer(self, folder: str) -> str:
        """The link the served tree keeps for a folder carried into the new build: from the old
        tree's copy of its parent up to the folder both builds share, then down."""
        return "../" * (folder.count("/") + 1) + f"{self.target.name}/{folder}"

    def _way_in(self, folder: str, n: int) -> Callable[[str], str]:
        """The links the served tree keeps for an adopted folder's subfolders: through a gate, a
        link beside the served tree to the folder in the new build (``<gates>-<n>``), so that each
        is short: ext4 keeps a link of under 60 bytes in its inode, and through the new build's
        name and the folder's path most of ``api/v1/cards/``'s 60,000 were longer, each then taking
        a data block (25 us of CPU against 17, measured). Without gates, ``_pointer``."""
        if self.gates is None:
            return self._pointer
        gate = f"{self.gates.name}-{n}"
        os.symlink(f"{self.target.name}/{folder}", self.gates.with_name(gate))
        up = "../" * (folder.count("/") + 2)  # from a subfolder's link up to the folder beside the served tree
        return lambda sub: f"{up}{gate}/{sub.rpartition('/')[2]}"

    def _adopt(self, todo: Plan) -> tuple[str | None, list[Adoption]]:
        """Adopt the plan's folders, parents first; one the file system will not exchange is carried
        as any changed folder (its subfolders moved, its carried files linked). (The first folder
        missed, the adoptions done.)"""
        source, target = str(self.source), str(self.target)
        ensure, done = folders_in(target), list[Adoption]()
        for n, adoption in enumerate(todo.adoptions):
            ensure(adoption.folder.rpartition("/")[0])
            try:
                adopted = adopt(source, target, adoption, self._way_in(adoption.folder, n))
            except FileNotFoundError as error:  # gone from the served build (tidied by hand)
                return f"({error})", done
            if adopted:
                done.append(adoption)
                continue
            todo.moves.extend(sub for sub in adoption.subfolders if sub not in adoption.changed)
            todo.links.extend(name for name in adoption.files if name not in adoption.left)
        return None, done

    def _move(self, folders: list[str]) -> str | None:
        source, target = str(self.source), str(self.target)
        ensure = folders_in(target)
        for folder in folders:  # about 80 us each here: a symbolic link made, and an exchange
            ensure(folder.rpartition("/")[0])
            os.symlink(self._pointer(folder), f"{target}/{folder}")
            try:
                exchanged = exchange(f"{source}/{folder}", f"{target}/{folder}")
            except FileNotFoundError:  # gone from the served build (tidied by hand)
                os.unlink(f"{target}/{folder}")
                return folder
            if not exchanged:
                os.unlink(f"{target}/{folder}")  # this file system cannot exchange: link its files
                missing, _ = link_names(source, target, _files_under(source, folder), folders_in(target))
                if missing is not None:
                    return missing
        return None


def _journaled(todo: Plan) -> list[str]:
    """Every folder the carrier may leave a link for in the served tree, in the order it does:
    the adopted folders' subfolders, then the moved folders (``restore`` takes them back in reverse)."""
    return [sub for adoption in todo.adoptions for sub in adoption.subfolders] + todo.moves


def _files_under(root: str, folder: str) -> list[str]:
    return [f"{here[len(root) + 1 :]}/{name}" for here, _, names in os.walk(f"{root}/{folder}") for name in names]


def restore(source: Path, target: Path) -> None:
    """Put every folder a build moved out of ``source`` back (the build failed, or was killed):
    a folder is back when ``source`` holds it again instead of the link to ``target``. Then the
    journal goes; the caller removes ``target``."""
    moves = journal(target)
    if not moves.is_file():
        return
    for folder in reversed(moves.read_text().split()):
        here, there = source / folder, target / folder
        if here.is_symlink() and there.is_dir() and not there.is_symlink():
            exchange(here, there)
    moves.unlink()
