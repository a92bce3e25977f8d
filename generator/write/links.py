"""The carrier's list of files to link, shared with the parent (``generator.write.carry``): both link
from it, from its two ends, each name once."""

from __future__ import annotations

import multiprocessing
import os
import tempfile
from collections.abc import Callable, Iterable


class Links:
    """The carrier's list of files to link, shared with the parent through a file and two bounds
    in shared memory: the carrier takes chunks from the front, the parent (``Carrier.finish``) from
    the end, each under a lock, so every name is linked once, by one of them. Two processes
    linking into one folder contend for its lock; from the two ends of a list ordered by folder
    they are most often in different folders."""

    CHUNK = 1024

    def __init__(self) -> None:
        context = multiprocessing.get_context("fork")
        self._lock = context.Lock()
        self._bounds = context.RawArray("q", 2)  # the names not yet taken: [front, end)
        self.published = context.Event()
        # no name: gone when both processes have closed it (the parent in ``close``, once waited for)
        self._file = tempfile.TemporaryFile()  # noqa: SIM115
        self._names: list[str] | None = None

    def publish(self, names: list[str]) -> None:
        """In the carrier: the list, before it takes anything from it."""
        self._names = names
        self._file.write("\n".join(names).encode())
        self._file.flush()
        with self._lock:
            self._bounds[0], self._bounds[1] = 0, len(names)
        self.published.set()

    def stop(self) -> None:
        """Nothing more is taken (a file or folder was missed: the build starts again cold)."""
        with self._lock:
            self._bounds[0] = self._bounds[1]

    def link(self, source: str, target: str, from_end: bool) -> tuple[str | None, int]:
        """Take chunks and link them until none is left: (the first name missed, names linked)."""
        if self._names is None:  # the parent reads what the carrier published
            self._file.seek(0)
            text = self._file.read().decode()
            self._names = text.split("\n") if text else []
        names, linked = self._names, 0
        ensure = folders_in(target)
        while chunk := self._take(from_end):
            try:
                missing, count = link_names(source, target, names[chunk.start : chunk.stop], ensure)
            except OSError as error:
                missing, count = f"({error})", 0
            linked += count
            if missing is not None:
                self.stop()
                return missing, linked
        return None, linked

    def close(self) -> None:
        self._file.close()

    def _take(self, from_end: bool) -> range:
        with self._lock:
            front, end = self._bounds
            if from_end:
                start = self._bounds[1] = max(front, end - self.CHUNK)
                return range(start, end)
            stop = self._bounds[0] = min(end, front + self.CHUNK)
            return range(front, stop)


def link_names(source: str, target: str, names: list[str], ensure: Callable[[str], None]) -> tuple[str | None, int]:
    """Hard-link each of ``names`` from ``source`` into ``target``: (the first one gone, those linked).
    Each folder of the two trees is opened once and a name linked from it (``linkat`` with both
    folders' descriptors): the kernel then looks up one name on each side instead of walking both
    paths from the root, about 1 us of the 11-12 a link costs here (a list ordered by folder)."""
    folder, fds = None, list[int]()  # the folder whose pair is open: its descriptors in both trees
    try:
        for linked, name in enumerate(names):
            here, _, base = name.rpartition("/")
            if here != folder:
                _close(fds)
                folder = None
                ensure(here)
            try:
                if folder is None:
                    fds.append(_open_folder(f"{source}/{here}"))
                    fds.append(_open_folder(f"{target}/{here}"))
                    folder = here
                os.link(base, base, src_dir_fd=fds[0], dst_dir_fd=fds[1])
            except FileNotFoundError:
                return name, linked
        return None, len(names)
    finally:
        _close(fds)


def _open_folder(path: str) -> int:
    return os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)


def _close(fds: list[int]) -> None:
    while fds:
        os.close(fds.pop())


def folders_in(root: str) -> Callable[[str], None]:
    """``ensure(folder)``: make ``root/folder`` unless this carrier already has."""
    made: set[str] = set()

    def ensure(folder: str) -> None:
        if folder not in made:
            os.makedirs(f"{root}/{folder}", exist_ok=True)
            made.add(folder)

    return ensure


def with_twins(rel: str, twins: Iterable[str]) -> list[str]:
    """A file and its compressed twins (``rel.br``, ``rel.gz``), as they lie in ``dist/``."""
    return [rel, *(f"{rel}.{twin}" for twin in twins)]
