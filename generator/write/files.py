"""The only code that touches ``dist/``: files, precompressed twins, and the final swap.

A build writes into a sibling temporary folder and swaps it in only when everything succeeded, so
a failed build leaves the previous ``dist/`` serving. A file whose bytes equal the previous build's
(known from the previous manifest's sha256, without reading the old file) is hard-linked, not
rewritten: its inode and mtime stay, and a CDN sync sees nothing new. Served files of 1 KiB or
more get ``.gz`` and ``.br`` twins; gzip's header timestamp is fixed so twins are deterministic too.
"""

from __future__ import annotations

import copy
import glob
import hashlib
import os
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from generator.render import media
from generator.web.conditional import codings_for, compress
from generator.write.carry import Carried, Carrier, Lists, journal, restore
from generator.write.links import with_twins
from generator.write.swap import exchange

RETIRED_GRACE_SECONDS = 3600


class FileRecord(NamedTuple):
    rel: str
    sha256: str
    size: int
    twins: tuple[str, ...]  # ("br", "gz") or ()
    reused: bool


class Encoded(NamedTuple):
    """A file ready to write: bytes, digest, twin names and their bytes (None: not compressed,
    because the previous build has the same bytes and its files can be hard-linked). A named
    tuple, not a dataclass: each crosses from a render worker to the parent, and a dataclass's
    pickling runs Python code on both sides (about 3 us of each process's time per route)."""

    rel: str
    body: bytes
    sha256: str
    twins: tuple[str, ...]
    compressed: tuple[bytes, ...] | None


class DoubleWrite(Exception):
    pass


class CarryFailed(Exception):
    """A file a rebuild meant to carry over from the previous build is not there to link."""


def _remove_abandoned_builds(out: Path) -> None:
    """A build killed mid-way leaves its ``.<out>.building-<pid>`` folder behind (up to 2 GB): the
    next build removes every such folder whose process is gone (a running build's is kept), and
    any retired build whose deleter (``retire``) has not finished within the hour. Folders a dead
    rebuild had moved out of ``out`` (``generator.write.carry``) are put back first."""
    for folder in out.parent.glob(f".{out.name}.building-*"):
        pid = folder.name.rsplit("-", 1)[1]
        if pid.isdigit() and not _alive(int(pid)):
            restore(out, folder)
            shutil.rmtree(folder, ignore_errors=True)
    for gate in out.parent.glob(f".{out.name}.gate-*"):  # a dead build's (the served tree is put back)
        pid = gate.name.rsplit("-", 2)[-2]
        if pid.isdigit() and not _alive(int(pid)):
            gate.unlink(missing_ok=True)
    for folder in out.parent.glob(f".{out.name}.retired-*"):
        if time.time() - folder.stat().st_ctime > RETIRED_GRACE_SECONDS:
            shutil.rmtree(folder, ignore_errors=True)


def wait_for_retired(out: Path, seconds: float = 120.0) -> bool:
    """Wait (up to ``seconds``) until every retired build of ``out`` is deleted: for benches, which
    build again at once and would time the deleter too, and tests that count links. True when done."""
    deadline = time.monotonic() + seconds
    while any(out.parent.glob(f".{out.name}.retired-*")):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def retire(folder: Path) -> None:
    """Delete a swapped-out build in a detached process: half a million unlinks take longer than a
    rebuild that changed little (13 s against 51 s, measured), and nothing needs to wait for them:
    the new build already serves. A shell starts ``rm`` in the background and exits at once, so
    the deleter belongs to no one here (no child left to wait for). Without a POSIX shell, deleted
    here."""
    shell = shutil.which("sh")
    if shell is None:
        shutil.rmtree(folder, ignore_errors=True)
        return
    quiet = subprocess.DEVNULL
    command = 'rm -rf -- "$1" &'
    subprocess.run(
        [shell, "-c", command, "retire", str(folder)],
        stdin=quiet,
        stdout=quiet,
        stderr=quiet,
        check=True,
        start_new_session=True,
    )


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class DistWriter:
    def __init__(self, out: Path, previous: dict[str, str] | None = None):
        """``previous`` maps file rel path -> sha256 from the last build's manifest."""
        self.out = out
        self.tmp = out.parent / f".{out.name}.building-{os.getpid()}"
        _remove_abandoned_builds(out)
        self._gates = out.parent / f".{out.name}.gate-{os.getpid()}"  # ``Carrier.gates``
        restore(out, self.tmp)  # a dead build of the same process id
        _remove_gates(self._gates)
        shutil.rmtree(self.tmp, ignore_errors=True)
        self.tmp.mkdir(parents=True)
        self._out, self._tmp = str(out), str(self.tmp)
        self.previous = previous or {}
        self._written: set[str] = set()
        self._dirs: set[str] = set()
        self._carrier = Carrier(out, self.tmp, self._gates)
        self._carrying = False  # a carrier started and not yet waited for (``ready``)

    def write(self, rel: str, body: bytes, media_type: str | None = None) -> FileRecord:
        """Write one file (or hard-link the previous build's identical one). No media type for files
        nobody downloads (``_data`` shards, the manifest, host configs): compressing them is waste."""
        return self.put(self.encode(rel, body, media_type))

    def encode(self, rel: str, body: bytes, media_type: str | None, sha256: str | None = None) -> Encoded:
        """Everything CPU-bound about a file (digest, twins), touching no disk: render workers
        encode, and one process ``put``s, because two processes creating files in one directory
        contend for its lock (about 50% more kernel time per file, measured). ``sha256``: the
        body's digest when the caller has it (``Rendered.sha256``)."""
        digest = sha256 or hashlib.sha256(body).hexdigest()
        names = codings_for(media_type, len(body)) if media_type is not None else ()
        if self.previous.get(rel) == digest:  # ``put`` will hard-link the previous build's files
            return Encoded(rel, body, digest, names, None)
        return Encoded(rel, body, digest, names, _compress(body, names))

    def put(self, file: Encoded) -> FileRecord:
        """Write an encoded file, or hard-link the previous build's identical one. Paths are plain
        strings: this runs for every file of a build, and pathlib cost as much as the write."""
        rel = file.rel
        if self._carrying:
            self.ready()
        if rel in self._written:
            raise DoubleWrite(f"{rel} written twice in one build")
        self._written.add(rel)
        target = f"{self._tmp}/{rel}"
        folder = target.rpartition("/")[0]
        if folder not in self._dirs:
            _make_folder(folder)
            self._dirs.add(folder)
        if file.compressed is None:
            if self._link_previous(rel, file.twins):
                return FileRecord(rel, file.sha256, len(file.body), file.twins, True)
            file = Encoded(rel, file.body, file.sha256, file.twins, _compress(file.body, file.twins))
        _write_file(target, file.body)
        assert file.compressed is not None  # compressed above when the previous build had no copy
        for twin, data in zip(file.twins, file.compressed):
            _write_file(f"{target}.{twin}", data)
        return FileRecord(rel, file.sha256, len(file.body), file.twins, False)

    def carry_over(self, lists: Callable[[], Lists]) -> None:
        """Start carrying the previous build's unchanged files into this one, in a forked process
        (``generator.write.carry``), while this one renders and writes the rest. ``lists()``: every
        file of the previous manifest with its twins, those of them this build does not carry, the
        folders this build writes into."""
        self._carrier.start(lists)
        self._carrying = True

    def may_write(self) -> bool:
        """Whether this build's folders may be written now, without waiting (``ready``): True when
        no carrier was started or it has adopted its folders; ``CarryFailed`` when it stopped first."""
        if not self._carrying:
            return True
        if self._carrier.adopting():
            return False
        self.ready()
        return True

    def outside_adoption(self) -> DistWriter:
        """This writer, for files in folders no carrier adopts, which may be written before it has
        (``ready``), also by a forked process (which cannot ask the carrier): the root (never
        adopted) and ``_hosts/`` (no subfolders, and no file of it in the previous manifest)."""
        unguarded = copy.copy(self)  # the same sets of files written and folders made
        unguarded._carrying = False
        return unguarded

    def ready(self) -> None:
        """Wait until this build's folders may be written: a started carrier adopts some of the
        served build's folders first (``Carrier.adopted``). ``CarryFailed`` when it failed first.
        ``put`` calls it before the first write (``may_write`` asks without waiting); files where no
        carrier adopts are written through ``outside_adoption`` meanwhile, also by forked copies,
        which cannot ask whether the carrier still runs."""
        self._carrying = False
        if not self._carrier.adopted():
            raise CarryFailed("the carrier stopped before it had adopted the folders this build takes whole")

    def carry(self, files: list[str]) -> None:
        """Record the files ``carry_over`` brings from the previous build (their inputs did not
        change), so that none is also written."""
        if not self._written.isdisjoint(files):
            raise DoubleWrite(f"{sorted(self._written.intersection(files))[0]} written twice in one build")
        self._written.update(files)

    def written_elsewhere(self, record: FileRecord) -> None:
        """Record a file a forked copy of this writer wrote (the host files'), so that it is not
        written again here, nor its folder thought missing."""
        self.carry([record.rel])
        self._dirs.add(f"{self._tmp}/{record.rel}".rpartition("/")[0])

    def finish_carrying(self) -> Carried:
        """Link carried files beside the carrier until it is done (``Carrier.finish``: nothing else is
        left to do here), then wait for it; ``CarryFailed`` when a file is gone from the previous
        build (the caller builds cold)."""
        carried = self._carrier.finish()
        if carried.missing is not None:
            raise CarryFailed(f"{self.out / carried.missing} is gone: the previous build cannot be carried over")
        return carried

    def _link_previous(self, rel: str, twins: tuple[str, ...]) -> bool:
        names = with_twins(rel, twins)
        try:
            for name in names:
                os.link(f"{self._out}/{name}", f"{self._tmp}/{name}")
        except OSError:
            for name in names:
                (self.tmp / name).unlink(missing_ok=True)
            return False
        return True

    def commit(self) -> None:
        """Swap the finished build in, in one step: a reader (or a kill) sees the old dist or the new,
        never neither and never a mix. Linux exchanges the two folders atomically (``renameat2``
        RENAME_EXCHANGE); elsewhere the old dist is renamed aside first, which leaves a moment with
        no dist at all. The old build is then deleted by a detached process (``retire``)."""
        if not self.out.exists():
            self.tmp.rename(self.out)
            return
        retired = self.out.parent / f".{self.out.name}.retired-{os.getpid()}"
        if exchange(self.tmp, self.out):
            self.tmp.rename(retired)
        else:
            self.out.rename(retired)
            self.tmp.rename(self.out)
        journal(self.tmp).unlink(missing_ok=True)  # the folders it moved are in the new build for good
        _remove_gates(self._gates)  # the old tree read through them, and is served no more
        retire(retired)

    def abort(self) -> None:
        """Drop the unfinished build; the folders it had moved go back into the served one."""
        self._carrier.wait()
        restore(self.out, self.tmp)
        _remove_gates(self._gates)
        shutil.rmtree(self.tmp, ignore_errors=True)


def _remove_gates(stem: Path) -> None:
    """A build's gates (``Carrier.gates``), once the served tree no longer reads through them."""
    for gate in stem.parent.glob(f"{glob.escape(stem.name)}-*"):
        gate.unlink(missing_ok=True)


def _make_folder(folder: str) -> None:
    """``os.makedirs(folder, exist_ok=True)`` in one system call where the parent is there (a build
    makes ~62,000 folders, nearly all in one made before; makedirs stats the parent first)."""
    try:
        os.mkdir(folder)
    except FileExistsError:
        pass
    except FileNotFoundError:
        os.makedirs(folder, exist_ok=True)


def _compress(body: bytes, twins: tuple[str, ...]) -> tuple[bytes, ...]:
    return tuple(compress(body, twin) for twin in twins)


def _write_file(path: str, body: bytes) -> None:
    """One unbuffered write: Python's buffered open() adds fstat/ioctl/lseek calls per file, which
    cost ~15x the whole write on virtualised machines (380 vs 19 microseconds of kernel time here).
    Never over a file that is there: in a folder the carrier adopted, a file of the previous build
    is also the served tree's (``generator.write.adopt``)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        view = memoryview(body)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def folder_for(path: str) -> str:
    """The folder a route's file lands in (``file_for`` only adds an extension, or ``index``)."""
    rel = path.lstrip("/")
    return rel.rstrip("/") if not rel or rel.endswith("/") else rel.rpartition("/")[0]


def file_for(path: str, media_type: str) -> str:
    """A route's file. A path that already ends in an extension of its media type is stored under
    its own name (``/robots.txt``, ``/.well-known/mcp.json``), so a plain static host serves it with
    no rewrite; any other path gets the media type's extension (``/x/`` -> ``x/index.json``), which
    keeps ``/play/tutorial`` (a file) apart from ``/play/tutorial/{id}`` (a folder).
    """
    rel = path.lstrip("/")
    if not rel or rel.endswith("/"):
        rel += "index"
    extensions = media(media_type).extensions
    return rel if rel.endswith(extensions) else rel + extensions[0]
