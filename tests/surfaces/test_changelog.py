"""The changelog through the app: 22 entries from 2026-05-17, composing filters, three forms, and a
feed a feed reader reads (feedparser, the library most readers are built on)."""

from __future__ import annotations

import feedparser
import pytest

CACHE = "public, max-age=600, s-maxage=3600"


def test_the_corpus_the_spec_names(ask) -> None:
    response = ask("GET", "/api/v1/changelog")
    data = response.json()["data"]
    assert response.headers["cache-control"] == CACHE
    assert data["scope"]["begins"] == "2026-05-17" and data["scope"]["total_entries_in_corpus"] == 22
    assert len(data["entries"]) == 22 and data["@spec_version"] == "1.0.0"
    dates = [e["date"] for e in data["entries"]]
    assert dates == sorted(dates, reverse=True)  # newest first
    breaking = {e["date"] for e in data["entries"] if e["impact"] == "breaking"}
    assert breaking == {"2026-07-12", "2026-08-16"}  # spec "Versioning" 7


def test_filters_compose_and_since_is_strictly_newer(ask) -> None:
    data = ask("GET", "/api/v1/changelog?since=2026-07-12&impact=breaking").json()["data"]
    assert [e["date"] for e in data["entries"]] == ["2026-08-16"]
    assert data["scope"]["total_entries_after_filters"] == 1
    assert data["filters_applied"] == {"since": "2026-07-12", "kind": None, "impact": "breaking"}
    added = ask("GET", "/api/v1/changelog?kind=endpoint-added").json()["data"]["entries"]
    assert added and {e["kind"] for e in added} == {"endpoint-added"}


@pytest.mark.parametrize("query", ["since=2026-13-01", "kind=nope", "impact=minor", "format=rss"])
def test_a_bad_filter_is_a_400_naming_what_is_accepted(ask, query: str) -> None:
    response = ask("GET", f"/api/v1/changelog?{query}")
    assert response.status_code == 400 and response.json()["error"]["code"].startswith("invalid_")


def test_the_atom_feed_reads_in_a_feed_reader(ask) -> None:
    response = ask("GET", "/api/v1/changelog?format=atom")
    assert response.headers["content-type"].startswith("application/atom+xml")
    assert response.headers["cache-control"] == CACHE
    feed = feedparser.parse(response.content)
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10" and len(feed.entries) == 22
    assert len({e.id for e in feed.entries}) == 22
    newest = feed.entries[0]
    assert newest.updated.startswith("2026-11-25") and newest.summary
    assert {t.term for t in newest.tags} >= {"endpoint-added", "additive"}
    since = feedparser.parse(ask("GET", "/api/v1/changelog?format=atom&since=2026-11-01").content)
    assert len(since.entries) == 2


def test_the_markdown_form(ask) -> None:
    response = ask("GET", "/api/v1/changelog?format=md")
    assert response.headers["content-type"].startswith("text/markdown")
    assert response.text.startswith("# Changelog") and response.text.count("\n- **") == 22
