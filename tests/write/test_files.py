"""generator.write.files: the one writer of ``dist/``.

It refuses a second write of one file, adds ``.gz``/``.br`` twins to files of 1 KiB or more (and only
to those), hard-links a file the previous build already wrote with the same bytes, and swaps the
finished build in only at ``commit``, leaving no temporary folder behind either way.
"""

from __future__ import annotations

import gzip
import hashlib
import os
from pathlib import Path

import brotli
import pytest

from generator.web.conditional import BROTLI_THRESHOLD, TWIN_THRESHOLD, codings_for
from generator.write.files import DistWriter, DoubleWrite, file_for, wait_for_retired

JSON = "application/json"  # a media type whose large files get twins


def _leftovers(parent: Path) -> list[str]:
    """Hidden folders beside the build once the swapped-out build's detached deleter is done."""
    assert wait_for_retired(parent / "dist")
    return sorted(p.name for p in parent.iterdir() if p.name.startswith("."))


def test_a_second_write_of_one_file_is_refused(tmp_path: Path) -> None:
    writer = DistWriter(tmp_path / "dist")
    writer.write("api/a.json", b"{}")
    with pytest.raises(DoubleWrite):
        writer.write("api/a.json", b"{}")
    with pytest.raises(DoubleWrite):
        writer.write("api/a.json", b"[]")  # even with other bytes
    writer.write("api/b.json", b"{}")
    writer.abort()


@pytest.mark.parametrize("size", [TWIN_THRESHOLD - 1, TWIN_THRESHOLD, 70_000])
def test_html_pages_get_no_twins_at_any_size(tmp_path: Path, size: int) -> None:
    body = (b"<!doctype html><p>" + b"Testmon \xc3\xa9 " * (size // 10 + 1))[:size]
    writer = DistWriter(tmp_path / "dist")
    record = writer.write("product/x.html", body, "text/html; charset=utf-8")
    json_record = writer.write("product/x.json", body, "application/json")
    writer.commit()
    assert record.twins == () and json_record.twins == codings_for(
        "application/json", size
    )  # the same bytes as JSON get twins
    assert sorted(p.name for p in (tmp_path / "dist" / "product").iterdir() if p.name.startswith("x.html")) == [
        "x.html"
    ]


@pytest.mark.parametrize(
    "size,twins",
    [
        (0, ()),
        (1, ()),
        (TWIN_THRESHOLD - 1, ()),
        (TWIN_THRESHOLD, ("gz",)),
        (BROTLI_THRESHOLD - 1, ("gz",)),
        (BROTLI_THRESHOLD, ("br", "gz")),
        (70_000, ("br", "gz")),
    ],
)
def test_gzip_twins_from_one_kib_brotli_from_eight_and_they_decompress_to_the_same_bytes(
    tmp_path: Path, size: int, twins: tuple[str, ...]
) -> None:
    assert (TWIN_THRESHOLD, BROTLI_THRESHOLD) == (1024, 8192)
    body = (b'{"name":"Testmon \xc3\xa9","n":' + b"0123456789" * (size // 10 + 1))[:size]
    writer = DistWriter(tmp_path / "dist")
    record = writer.write("x/card.json", body, "application/json")
    writer.commit()
    out = tmp_path / "dist" / "x"
    assert (out / "card.json").read_bytes() == body
    assert record.size == size and record.sha256 == hashlib.sha256(body).hexdigest() and not record.reused
    assert record.twins == twins
    assert sorted(p.name for p in out.iterdir()) == ["card.json", *(f"card.json.{t}" for t in twins)]
    if "gz" in twins:
        assert gzip.decompress((out / "card.json.gz").read_bytes()) == body
    if "br" in twins:
        assert brotli.decompress((out / "card.json.br").read_bytes()) == body


def test_twins_are_deterministic(tmp_path: Path) -> None:
    body = b'{"a":"' + b"Testmon " * 1100 + b'"}'  # over 8 KiB: both twins
    for name in ("one", "two"):
        writer = DistWriter(tmp_path / name)
        writer.write("f.json", body, JSON)
        writer.commit()
    for twin in ("f.json.gz", "f.json.br"):
        assert (tmp_path / "one" / twin).read_bytes() == (tmp_path / "two" / twin).read_bytes()


def test_unchanged_files_are_hard_linked_and_changed_ones_rewritten(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    big, small, changing = b"[" + b"1," * 4100 + b"1]", b"{}", b'{"v":1}'
    first = DistWriter(dist)
    records = {
        rel: first.write(rel, body, JSON)
        for rel, body in (("big.json", big), ("d/small.json", small), ("change.json", changing))
    }
    first.commit()
    inodes = {p.relative_to(dist).as_posix(): p.stat().st_ino for p in dist.rglob("*") if p.is_file()}
    assert set(inodes) == {"big.json", "big.json.br", "big.json.gz", "d/small.json", "change.json"}

    second = DistWriter(dist, {rel: r.sha256 for rel, r in records.items()})
    assert second.write("big.json", big, JSON).reused
    assert second.write("d/small.json", small).reused
    assert not second.write("change.json", b'{"v":2}').reused
    assert not second.write("new.json", b"{}").reused
    second.commit()
    assert wait_for_retired(dist)
    for rel in ("big.json", "big.json.br", "big.json.gz", "d/small.json"):
        assert (dist / rel).stat().st_ino == inodes[rel], f"{rel} was rewritten"
        assert (dist / rel).stat().st_nlink == 1  # the old build's link went with the old folder
    assert (dist / "change.json").read_bytes() == b'{"v":2}'
    assert (dist / "new.json").read_bytes() == b"{}"
    assert _leftovers(tmp_path) == []


def test_a_previous_hash_without_its_file_is_written_afresh(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    body = b"x" * 2000
    writer = DistWriter(dist, {"gone.json": hashlib.sha256(body).hexdigest()})
    record = writer.write("gone.json", body, JSON)
    writer.commit()
    assert not record.reused
    assert (dist / "gone.json").read_bytes() == body
    assert gzip.decompress((dist / "gone.json.gz").read_bytes()) == body


def test_nothing_reaches_dist_before_commit_and_abort_leaves_no_trace(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    first = DistWriter(dist)
    first.write("keep.json", b"{}")
    first.commit()
    second = DistWriter(dist)
    second.write("keep.json", b'{"new":true}')
    second.write("other.json", b"{}")
    assert (dist / "keep.json").read_bytes() == b"{}" and not (dist / "other.json").exists()
    second.abort()
    assert sorted(p.name for p in dist.iterdir()) == ["keep.json"]
    assert (dist / "keep.json").read_bytes() == b"{}"
    assert _leftovers(tmp_path) == []


def test_commit_replaces_the_whole_folder(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    first = DistWriter(dist)
    first.write("stale.json", b"{}")
    first.commit()
    second = DistWriter(dist)
    second.write("fresh.json", b"{}")
    second.commit()
    assert sorted(p.name for p in dist.iterdir()) == ["fresh.json"]
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize(
    "path,media_type,rel",
    [
        ("/api/v1/universal/games", "application/json", "api/v1/universal/games.json"),
        ("/api/v1/universal/card/op-op01-001-en", "application/json", "api/v1/universal/card/op-op01-001-en.json"),
        ("/api/v1/", "application/json", "api/v1/index.json"),
        ("/", "text/html", "index.html"),
        ("/feed", "application/atom+xml", "feed.xml"),
        ("/assets/site.0123.css", "text/css", "assets/site.0123.css"),  # was site.0123.css.bin (issue 38)
        # a path that already carries its media type's extension keeps its own name
        ("/robots.txt", "text/plain; charset=utf-8", "robots.txt"),
        ("/llms.txt", "text/plain", "llms.txt"),
        ("/.well-known/mcp.json", "application/json", ".well-known/mcp.json"),
        ("/api/v1/connections.json", "application/json", "api/v1/connections.json"),
        ("/api/v1/play/index.json", "application/json", "api/v1/play/index.json"),
        ("/data/catalog.jsonl", "application/x-ndjson", "data/catalog.jsonl"),
        ("/sitemap.xml", "application/xml", "sitemap.xml"),
        # ...and only its own: a .json path answered with HTML is still told apart
        ("/report.json", "text/html", "report.json.html"),
    ],
)
def test_file_for_maps_a_route_to_one_file(path: str, media_type: str, rel: str) -> None:
    assert file_for(path, media_type) == rel


def test_a_killed_builds_folder_is_removed_by_the_next_build(tmp_path: Path) -> None:
    """Regression (issue 13): interrupted builds left .dist.building-<pid> folders forever."""
    dead = tmp_path / ".dist.building-999999999"  # above pid_max: no such process
    (dead / "api").mkdir(parents=True)
    (dead / "api" / "x.json").write_bytes(b"{}")
    alive = tmp_path / f".dist.building-{os.getppid()}"  # a running process: kept
    alive.mkdir()
    writer = DistWriter(tmp_path / "dist")
    writer.write("fresh.json", b"{}")
    writer.commit()
    assert not dead.exists() and alive.exists()
