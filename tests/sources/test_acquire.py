"""Acquisition of a pinned dump, against a FAKE registry entry and local stand-ins for each method.

The entry is a ``SourceSpec`` built here; its checksum manifest is written to a temporary data folder
(``generator.sources.registry.DATA_DIR`` is pointed at it), so nothing touches ``data/`` or the
network: the mirror is a temporary folder, the URL a ``http.server`` on loopback, npm a stub script.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import http.server
import io
import shutil
import sys
import tarfile
import threading
from pathlib import Path

import pytest

from generator.sources import acquire as acquire_module
from generator.sources import registry
from generator.sources.acquire import STAMP, AcquireError, acquire, verify
from generator.sources.registry import SourceSpec

FILES = {
    "cards/a.json": b'[{"id": "TST-001", "name": "Testo"}]\n',
    "cards/b.json": b'[{"id": "TST-002", "name": "Testa"}]\n',
    "sets.json": b'{"tst": "Test Set"}\n',
}
SOURCE_ID = "test-fake-source"


@pytest.fixture
def data_dir(tmp_path, monkeypatch) -> Path:
    """A data folder holding the fake entry's checksum manifest, in place of ``data/``."""
    folder = tmp_path / "data"
    (folder / "checksums").mkdir(parents=True)
    manifest = "".join(f"{hashlib.sha256(body).hexdigest()}  {rel}\n" for rel, body in sorted(FILES.items()))
    (folder / "checksums" / f"{SOURCE_ID}.sha256").write_text(manifest)
    monkeypatch.setattr(registry, "DATA_DIR", folder)
    return folder


def make_spec(**fields) -> SourceSpec:
    base = dict(
        id=SOURCE_ID,
        game="op",
        name="fake source (test)",
        tier="proprietary",
        version="1.0.0",
        published=dt.date(2030, 1, 2),
        homepage="https://example.invalid/fake",
        mirror="fake/source",
        include=("cards/*.json", "sets.json"),
    )
    return SourceSpec(**{**base, **fields})


def write_files(root: Path, files: dict[str, bytes] = FILES) -> Path:
    for rel, body in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(body)
    return root


@pytest.fixture
def mirror(tmp_path) -> Path:
    """A mirror laid out like ../shared/data: the source's files under its ``mirror`` folder."""
    write_files(tmp_path / "mirror" / "fake" / "source")
    return tmp_path / "mirror"


@pytest.fixture
def cache_dir(tmp_path) -> Path:
    return tmp_path / "cache"


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # keep the test output clean
        pass


@pytest.fixture
def http_root(tmp_path):
    """Serve a folder over http on loopback; yields (folder, url template with ``{path}``)."""
    served = tmp_path / "served"
    served.mkdir()

    def handler(*args, **kwargs):
        return _Quiet(*args, directory=str(served), **kwargs)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield served, f"http://127.0.0.1:{server.server_address[1]}/pinned/{{path}}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


# ------------------------------------------------------------------ mirror


def test_mirror_acquisition_copies_verifies_and_stamps(data_dir, mirror, cache_dir):
    got = acquire(make_spec(), mirror, cache_dir)

    assert (got.method, got.available, got.attempts) == ("mirror", True, ())
    assert got.root == cache_dir / SOURCE_ID
    files = tree(got.root)
    assert files.pop(STAMP)
    assert files == FILES
    assert not [p for p in cache_dir.iterdir() if p.name != SOURCE_ID]  # no staging folder left behind


def test_only_the_listed_files_reach_the_cache(data_dir, mirror, cache_dir):
    write_files(mirror / "fake" / "source", {"cards/extra.json": b"[]", "README.md": b"not listed"})
    got = acquire(make_spec(), mirror, cache_dir)

    assert set(tree(got.root)) == set(FILES) | {STAMP}


def test_checksum_mismatch_in_the_mirror_is_rejected_and_the_next_method_tried(data_dir, mirror, cache_dir, http_root):
    (mirror / "fake" / "source" / "cards" / "b.json").write_bytes(b'[{"id": "TST-002", "name": "Altered"}]\n')
    served, url = http_root
    write_files(served / "pinned")

    got = acquire(make_spec(url=url), mirror, cache_dir)

    assert got.method == "url"
    assert got.attempts == ("mirror: checksum mismatch for cards/b.json",)
    assert {k: v for k, v in tree(got.root).items() if k != STAMP} == FILES


def test_a_rejected_dump_never_reaches_the_cache(data_dir, mirror, cache_dir):
    (mirror / "fake" / "source" / "sets.json").write_bytes(b"{}")
    got = acquire(make_spec(), mirror, cache_dir)

    assert (got.method, got.root, got.available) == ("unavailable", None, False)
    assert got.attempts == ("mirror: checksum mismatch for sets.json",)
    assert not (cache_dir / SOURCE_ID).exists()
    assert list(cache_dir.iterdir()) == []


def test_a_missing_file_in_the_mirror_is_an_attempt(data_dir, mirror, cache_dir):
    (mirror / "fake" / "source" / "cards" / "a.json").unlink()
    got = acquire(make_spec(), mirror, cache_dir)

    assert got.method == "unavailable"
    [attempt] = got.attempts
    assert attempt.startswith("mirror: ") and attempt.endswith("a.json does not exist")


def test_no_method_means_unavailable_with_the_attempts_listed(data_dir, tmp_path, cache_dir):
    nothing = acquire(make_spec(), None, cache_dir)
    assert (nothing.method, nothing.root, nothing.attempts) == ("unavailable", None, ())

    empty_mirror = tmp_path / "empty-mirror"
    empty_mirror.mkdir()
    got = acquire(make_spec(), empty_mirror, cache_dir)
    assert (got.method, got.available) == ("unavailable", False)
    assert got.attempts == (f"mirror: {empty_mirror / 'fake' / 'source'} does not exist",)


# ------------------------------------------------------------------ cache


def test_the_cache_stamp_is_reused_without_touching_the_mirror(data_dir, mirror, cache_dir, monkeypatch):
    first = acquire(make_spec(), mirror, cache_dir)
    assert first.method == "mirror"

    shutil.rmtree(mirror)  # the mirror is gone: only the cache can answer

    def no_copy(*args, **kwargs):
        raise AssertionError("the mirror was read although the cache is valid")

    monkeypatch.setattr(acquire_module, "_copy_tree", no_copy)
    second = acquire(make_spec(), mirror, cache_dir)

    assert (second.method, second.root, second.attempts) == ("cache", first.root, ())
    assert {k: v for k, v in tree(second.root).items() if k != STAMP} == FILES


def test_another_pinned_version_invalidates_the_cache(data_dir, mirror, cache_dir):
    acquire(make_spec(), mirror, cache_dir)
    assert acquire(make_spec(version="1.0.1"), mirror, cache_dir).method == "mirror"
    assert acquire(make_spec(version="1.0.1"), mirror, cache_dir).method == "cache"


def test_a_changed_manifest_invalidates_the_cache(data_dir, mirror, cache_dir):
    acquire(make_spec(), mirror, cache_dir)
    new = b'{"tst": "Test Set, corrected"}\n'
    (mirror / "fake" / "source" / "sets.json").write_bytes(new)
    manifest = data_dir / "checksums" / f"{SOURCE_ID}.sha256"
    manifest.write_text(
        manifest.read_text().replace(hashlib.sha256(FILES["sets.json"]).hexdigest(), hashlib.sha256(new).hexdigest())
    )
    got = acquire(make_spec(), mirror, cache_dir)

    assert got.method == "mirror"
    assert (got.root / "sets.json").read_bytes() == new


def test_a_cache_without_its_stamp_is_acquired_again(data_dir, mirror, cache_dir):
    got = acquire(make_spec(), mirror, cache_dir)
    (got.root / STAMP).unlink()
    assert acquire(make_spec(), mirror, cache_dir).method == "mirror"


def test_verify_reports_missing_and_altered_files(data_dir, tmp_path):
    root = write_files(tmp_path / "dump")
    verify(make_spec(), root)
    (root / "cards" / "a.json").write_bytes(b"[]")
    with pytest.raises(AcquireError, match="checksum mismatch for cards/a.json"):
        verify(make_spec(), root)
    (root / "cards" / "a.json").unlink()
    with pytest.raises(AcquireError, match="missing cards/a.json"):
        verify(make_spec(), root)


# ------------------------------------------------------------------ url


def test_url_method_fetches_each_file_from_the_pinned_url(data_dir, cache_dir, http_root):
    served, url = http_root
    write_files(served / "pinned")

    got = acquire(make_spec(url=url), None, cache_dir)

    assert (got.method, got.attempts) == ("url", ())
    assert {k: v for k, v in tree(got.root).items() if k != STAMP} == FILES


def test_url_404_means_unavailable(data_dir, cache_dir, http_root):
    served, url = http_root
    write_files(served / "pinned", {k: v for k, v in FILES.items() if k != "sets.json"})

    got = acquire(make_spec(url=url), None, cache_dir)

    assert (got.method, got.root) == ("unavailable", None)
    [attempt] = got.attempts
    assert attempt.startswith("url: ") and attempt.endswith("/pinned/sets.json: File not found")  # the 404 reason
    assert not (cache_dir / SOURCE_ID).exists()


def test_url_serving_altered_bytes_is_rejected(data_dir, cache_dir, http_root):
    served, url = http_root
    write_files(served / "pinned", {**FILES, "cards/a.json": b"[]"})

    got = acquire(make_spec(url=url), None, cache_dir)

    assert got.method == "unavailable"
    assert got.attempts == ("url: checksum mismatch for cards/a.json",)


def test_url_that_refuses_connections_is_an_attempt(data_dir, cache_dir):
    import socket

    with socket.socket() as sock:  # a port nobody listens on once closed
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    got = acquire(make_spec(url=f"http://127.0.0.1:{port}/{{path}}"), None, cache_dir)

    assert got.method == "unavailable"
    [attempt] = got.attempts
    assert attempt.startswith(f"url: http://127.0.0.1:{port}/")


# ------------------------------------------------------------------ npm and pypi


def test_npm_is_skipped_cleanly_when_npm_is_absent(data_dir, mirror, cache_dir, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name, *args, **kwargs: None)

    got = acquire(make_spec(npm="fake-package@1.0.0"), mirror, cache_dir)
    assert (got.method, got.attempts) == ("mirror", ("npm: npm is not installed",))

    (cache_dir / SOURCE_ID / STAMP).unlink()
    alone = acquire(make_spec(npm="fake-package@1.0.0"), None, cache_dir)
    assert (alone.method, alone.attempts) == ("unavailable", ("npm: npm is not installed",))


def _tarball(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for rel, body in files.items():
            info = tarfile.TarInfo(f"package/{rel}")
            info.size = len(body)
            archive.addfile(info, io.BytesIO(body))
    return buffer.getvalue()


@pytest.fixture
def fake_npm(tmp_path, monkeypatch):
    """An ``npm`` stand-in whose ``pack`` drops a prepared tarball into ``--pack-destination``."""
    tarball = tmp_path / "prepared.tgz"
    script = tmp_path / "bin" / "npm"
    script.parent.mkdir()
    script.write_text(
        f"#!{sys.executable}\n"
        "import shutil, sys\n"
        "args = sys.argv[1:]\n"
        "assert args[0] == 'pack', args\n"
        f"shutil.copyfile({str(tarball)!r}, args[args.index('--pack-destination') + 1] + '/fake-1.0.0.tgz')\n"
    )
    script.chmod(0o755)
    real_which = shutil.which
    monkeypatch.setattr(
        shutil, "which", lambda name, *a, **k: str(script) if name == "npm" else real_which(name, *a, **k)
    )
    return tarball


def test_npm_pack_extracts_the_listed_files(data_dir, cache_dir, fake_npm):
    body = _tarball({**FILES, "index.js": b"module.exports = {}"})
    fake_npm.write_bytes(body)

    got = acquire(make_spec(npm="fake-package@1.0.0", npm_sha1=hashlib.sha1(body).hexdigest()), None, cache_dir)

    assert (got.method, got.attempts) == ("npm", ())
    assert {k: v for k, v in tree(got.root).items() if k != STAMP} == FILES


def test_npm_tarball_with_another_sha1_is_rejected_and_the_mirror_used(data_dir, mirror, cache_dir, fake_npm):
    fake_npm.write_bytes(_tarball(FILES))

    got = acquire(make_spec(npm="fake-package@1.0.0", npm_sha1="0" * 40), mirror, cache_dir)

    assert got.method == "mirror"
    assert got.attempts == ("npm: tarball sha1 differs from the pinned one",)


def test_npm_package_missing_a_listed_file_is_rejected(data_dir, cache_dir, fake_npm):
    fake_npm.write_bytes(_tarball({k: v for k, v in FILES.items() if k != "sets.json"}))

    got = acquire(make_spec(npm="fake-package@1.0.0"), None, cache_dir)

    assert got.method == "unavailable"
    [attempt] = got.attempts
    assert attempt.startswith("npm: ") and "sets.json" in attempt


def test_pypi_package_folder_is_copied_and_verified(data_dir, cache_dir, tmp_path, monkeypatch):
    package = write_files(tmp_path / "site" / "cardpantry_fake_rates")
    (package / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))

    got = acquire(make_spec(pypi="cardpantry_fake_rates"), None, cache_dir)

    assert (got.method, got.attempts) == ("pypi", ())
    assert {k: v for k, v in tree(got.root).items() if k != STAMP} == FILES


def test_pypi_package_not_installed_is_an_attempt(data_dir, mirror, cache_dir):
    got = acquire(make_spec(pypi="cardpantry_no_such_package"), mirror, cache_dir)
    assert (got.method, got.attempts) == (
        "mirror",
        ("pypi: Python package cardpantry_no_such_package is not installed",),
    )


def test_methods_are_tried_in_order_registry_then_mirror_then_url(data_dir, tmp_path, cache_dir, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name, *args, **kwargs: None)
    spec = make_spec(npm="fake@1", pypi="cardpantry_no_such_package", url="http://127.0.0.1:9/{path}")
    got = acquire(spec, tmp_path / "no-mirror", cache_dir)

    assert got.method == "unavailable"
    assert [attempt.split(":", 1)[0] for attempt in got.attempts] == ["npm", "pypi", "mirror", "url"]
