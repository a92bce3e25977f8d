"""The changelog through the app: the entries from 2026-05-17 (22 when the spec was written),
composing filters, three forms, and a feed a feed reader reads (feedparser, the library most readers
are built on) that is valid against RFC 4287's own RELAX NG schema (jing).

The schema is read from the RFC as Debian ships it (``doc-rfc-std-proposed``, in non-free), never
copied into this repository: ``.ci/run`` installs jing and that package; where either is missing
here the jing check is skipped with the reason."""

from __future__ import annotations

import gzip
import itertools
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import feedparser
import pytest
import yaml

from generator.surfaces.discovery.changelog import IMPACTS, KINDS

CACHE = "public, max-age=600, s-maxage=3600"
RFC_4287 = Path("/usr/share/doc/RFC/links/rfc4287.txt.gz")
# The spec counted 22 entries when it was written (cl-001 to cl-022); each contract change since adds
# one, so the served count is checked against the authored file, read here without the app's loader.
AUTHORED = yaml.safe_load((Path(__file__).parents[2] / "content/orientation/changelog.yaml").read_text())
SPEC_COUNTED = 22


def test_the_corpus_the_spec_names(ask) -> None:
    response = ask("GET", "/api/v1/changelog")
    data = response.json()["data"]
    assert response.headers["cache-control"] == CACHE
    assert data["scope"]["begins"] == "2026-05-17" and data["scope"]["total_entries_in_corpus"] == len(AUTHORED)
    assert len(data["entries"]) == len(AUTHORED) > SPEC_COUNTED and data["@spec_version"] == "1.0.0"
    assert {f"cl-{n:03d}" for n in range(1, SPEC_COUNTED + 1)} <= {e["id"] for e in data["entries"]}
    dates = [e["date"] for e in data["entries"]]
    assert dates == sorted(dates, reverse=True)  # newest first
    breaking = {e["date"] for e in data["entries"] if e["impact"] == "breaking"}
    assert breaking == {"2026-07-12", "2026-08-16", "2026-11-28"}  # spec "Versioning" 7, then issue 38


def test_filters_compose_and_since_is_strictly_newer(ask) -> None:
    data = ask("GET", "/api/v1/changelog?since=2026-07-12&impact=breaking").json()["data"]
    assert [e["date"] for e in data["entries"]] == ["2026-11-28"] * 4 + ["2026-08-16"]  # 3 of issue 35's
    assert data["scope"]["total_entries_after_filters"] == 5
    assert data["filters_applied"] == {"since": "2026-07-12", "kind": None, "impact": "breaking"}
    added = ask("GET", "/api/v1/changelog?kind=endpoint-added").json()["data"]["entries"]
    assert added and {e["kind"] for e in added} == {"endpoint-added"}


@pytest.mark.parametrize("query", ["since=2026-13-01", "kind=nope", "impact=minor", "format=rss"])
def test_a_bad_filter_is_a_400_naming_what_is_accepted(ask, query: str) -> None:
    response = ask("GET", f"/api/v1/changelog?{query}")
    error = response.json()["error"]
    assert response.status_code == 400 and error["code"] == "invalid_parameter"
    assert error["parameter"] == query.split("=")[0]


def test_the_atom_feed_reads_in_a_feed_reader(ask) -> None:
    response = ask("GET", "/api/v1/changelog?format=atom")
    assert response.headers["content-type"].startswith("application/atom+xml")
    assert response.headers["cache-control"] == CACHE
    feed = feedparser.parse(response.content)
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10" and len(feed.entries) == len(AUTHORED)
    assert len({e.id for e in feed.entries}) == len(AUTHORED)
    newest = feed.entries[0]
    assert newest.updated.startswith("2026-11-28") and newest.summary
    assert {t.term for t in newest.tags} >= {"endpoint-modified", "breaking"}
    since = feedparser.parse(ask("GET", "/api/v1/changelog?format=atom&since=2026-11-01").content)
    assert len(since.entries) == sum(1 for e in AUTHORED if str(e["date"]) > "2026-11-01") == 8


def test_the_markdown_form(ask) -> None:
    response = ask("GET", "/api/v1/changelog?format=md")
    assert response.headers["content-type"].startswith("text/markdown")
    assert response.text.startswith("# Changelog") and response.text.count("\n- **") == len(AUTHORED)


def _served(ask, query: str) -> list[dict]:
    response = ask("GET", f"/api/v1/changelog{query}")
    assert response.status_code == 200, query
    return response.json()["data"]["entries"]


def test_every_combination_of_the_vocabulary_composes(ask) -> None:
    """since x kind x impact, every value of each (and absent): the answer is exactly the entries of
    the whole changelog that pass all three, in the same order."""
    everything = _served(ask, "")
    days = sorted({e["date"] for e in everything})
    sinces = [None, "2026-01-01", *days, "2027-01-01"]
    nonempty = 0
    for since, kind, impact in itertools.product(sinces, (None, *KINDS), (None, *IMPACTS)):
        query = "&".join(f"{k}={v}" for k, v in (("since", since), ("kind", kind), ("impact", impact)) if v)
        expected = [
            e
            for e in everything
            if (since is None or e["date"] > since)
            and (kind is None or e["kind"] == kind)
            and (impact is None or e["impact"] == impact)
        ]
        assert _served(ask, f"?{query}") == expected, query
        nonempty += bool(expected)
    assert nonempty > len(sinces) * 5  # the combinations are not all empty


@pytest.fixture(scope="module")
def jing(tmp_path_factory) -> Callable[..., subprocess.CompletedProcess]:
    """``jing(*files)``: jing run over the files against Appendix B of RFC 4287 (RELAX NG
    Compact), cut from the RFC's text once: page breaks, running headers and footers removed, the
    three-space indent of the RFC's figures taken off."""
    if not (shutil.which("jing") and RFC_4287.is_file()):
        pytest.skip(f"needs jing and {RFC_4287} (apt-get install jing doc-rfc-std-proposed; the latter is in non-free)")
    text = gzip.decompress(RFC_4287.read_bytes()).decode("ascii")
    appendix = text[text.index("   # -*- rnc -*-") : text.index("   # EOF") + len("   # EOF")]
    kept = [
        line[3:]
        for line in appendix.replace("\f", "\n").splitlines()
        if not re.match(r"^(Nottingham & Sayre .*\[Page \d+\]|RFC 4287 .*December 2005)$", line)
    ]
    schema = tmp_path_factory.mktemp("rfc4287") / "rfc4287.rnc"
    schema.write_text("\n".join(kept) + "\n")

    def run(*files: Path) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["jing", "-c", str(schema), *map(str, files)], capture_output=True, text=True, timeout=120
        )

    return run


def test_every_atom_form_is_valid_against_the_rfc_4287_schema(ask, jing, tmp_path: Path) -> None:
    feeds = []
    queries = ["", "&since=2026-11-01", "&since=2027-01-01"]  # the last has no entry: still a valid feed
    queries += [f"&kind={k}" for k in KINDS] + [f"&impact={i}" for i in IMPACTS]
    for n, query in enumerate(queries):
        response = ask("GET", f"/api/v1/changelog?format=atom{query}")
        assert response.status_code == 200, query
        feeds.append(tmp_path / f"feed-{n}.xml")
        feeds[-1].write_bytes(response.content)
    run = jing(*feeds)
    assert run.returncode == 0, run.stdout[:2000] + run.stderr[:2000]


def test_the_schema_check_can_fail(jing, tmp_path: Path) -> None:
    """The jing check is not vacuous: a feed without its required atom:id is refused."""
    feed = tmp_path / "feed.xml"
    feed.write_text(
        '<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>'
        "<updated>2026-11-25T00:00:00Z</updated><author><name>a</name></author></feed>"
    )
    run = jing(feed)
    assert run.returncode != 0 and "id" in run.stdout
