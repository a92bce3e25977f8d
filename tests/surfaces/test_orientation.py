"""The orientation documents through the app: the counts the spec names, read from the served
documents, and every path they give leads somewhere."""

from __future__ import annotations

import re

import pytest

from generator.site import load_site
from generator.sources.registry import load_registry


def data(ask, path: str) -> dict:
    response = ask("GET", path)
    assert response.status_code == 200, path
    return response.json()["data"]


def paths_in(value) -> set[str]:
    """Every path-looking string inside a document, without placeholders."""
    if isinstance(value, dict):
        return set().union(*(paths_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(paths_in(v) for v in value)) if value else set()
    if isinstance(value, str) and re.fullmatch(r"/[^\s{}]*", value):
        return {value}
    return set()


def leads_somewhere(ask, path: str, method: str = "GET") -> bool:
    """A served route: the synthetic catalog lacks the real cards the prose names (base1 4), so a
    card the route does not hold may answer its own 404; a path no surface serves may not."""
    response = ask(method, path, content=b"{}" if method == "POST" else None)
    if response.status_code == 404:
        return response.json()["error"]["code"] in ("sku_not_found", "set_not_found", "card_not_found")
    return response.status_code in (200, 400, 503)


def test_the_counts_the_spec_names(ask) -> None:
    welcome = data(ask, "/api/v1/welcome")
    assert [s["step"] for s in welcome["recommended_journey"]] == list(range(1, 8))
    assert set(welcome) - {"@kind"} == {
        "welcome", "start_here", "recommended_journey", "journey_invariants", "where_to_look_when_something_is_off",
        "after_step_7", "fellowship", "guides", "contract", "rate_limits", "license_tiers", "feedback",
        "sister_doors", "kin", "posted_from", "regard",
    }  # fmt: skip
    intro = data(ask, "/api/v1/introduction")
    counts = [len(intro[k]) for k in ("primitives", "rhythms", "doors", "gaps")]
    assert counts == [11, 6, 7, 5]
    assert {"/api/v1/universal/card/{sku}", "/api/v1/universal/games"} <= {
        m["path"] for m in intro["math_mirror_surfaces"]
    }
    guides = data(ask, "/api/v1/guides")
    assert guides["count"] == len(guides["guides"]) == 12


def test_the_guide_slugs_are_the_specs(ask) -> None:
    slugs = [g["slug"] for g in data(ask, "/api/v1/guides")["guides"]]
    spec = [
        "first-request", "mirror-the-catalog", "track-one-card", "respect-our-limits", "federate-bilateral",
        "become-an-upstream", "cite-the-service", f"wire-into-{load_site().mcp_client}", "build-a-chat-bot",
        "handle-staleness", "register-yourself", "play-a-practice-match",
    ]  # fmt: skip
    assert slugs == spec


@pytest.mark.parametrize("path", ["/api/v1/", "/api/v1/welcome", "/api/v1/introduction", "/api/v1/guides"])
def test_every_path_an_orientation_document_gives_answers(ask, path: str) -> None:
    for target in sorted(paths_in(data(ask, path))):
        if target in data(ask, "/api/v1/").get("not_yet_served", []):
            continue
        assert leads_somewhere(ask, target), f"{path} -> {target}"


def test_every_guide_answers_and_its_links_lead_somewhere(ask) -> None:
    for entry in data(ask, "/api/v1/guides")["guides"]:
        guide = data(ask, entry["path"])
        assert guide["steps"] and guide["last_verified"] == entry["last_verified"]
        assert ask("GET", guide["next_guide"]["path"]).status_code == 200
        for step in guide["steps"]:
            if step["path"]:
                assert leads_somewhere(ask, step["path"], step["method"]), step
        for target in guide["see_also"]:
            assert leads_somewhere(ask, target), target
    assert ask("GET", "/api/v1/guides/no-such-guide").status_code == 404


def test_text_mode_is_plain_text_naming_every_surface(ask) -> None:
    response = ask("GET", "/api/text-mode")
    assert response.headers["content-type"].startswith("text/plain")
    root = data(ask, "/api/v1/")
    assert sum(root["surfaces_by_family"].values()) == response.text.count("\n  ") - 7  # 7 journey lines
    assert "/api/v1/universal/card/{sku}" in response.text


def test_welcomes_one_per_arrival_kind_and_every_prepared_path_answers(ask) -> None:
    corpus = data(ask, "/api/v1/welcomes")
    kinds = [w["kind"] for w in corpus["welcomes"]]
    assert corpus["count"] == 8 and len(set(kinds)) == 8
    arrived = data(ask, "/api/v1/welcomes?status=arrived")["welcomes"]
    assert arrived and {w["status"] for w in arrived} == {"arrived"}
    assert data(ask, "/api/v1/welcomes?kind=agent&status=blocked")["count"] == 0
    for welcome in corpus["welcomes"]:
        for path in welcome["prepared"]:
            assert leads_somewhere(ask, path), path


def test_the_gap_ledger_filters_and_cites_what_answers(ask) -> None:
    ledger = data(ask, "/api/v1/gaps")
    assert ledger["license"] == "CC0-1.0" and ledger["count"] == len(ledger["gaps"]) > 0
    licensed = data(ask, "/api/v1/gaps?domain=license")["gaps"]
    assert licensed and {g["domain"] for g in licensed} == {"license"}
    for gap in ledger["gaps"]:
        assert leads_somewhere(ask, gap["citation"]), gap["id"]
    assert ask("GET", "/api/v1/gaps?status=done").status_code == 400


def test_the_sources_welcome_greets_every_source_with_seven_commitments(ask) -> None:
    welcome = data(ask, "/api/v1/sources/welcome")
    sources = data(ask, "/api/v1/sources")["sources"]
    assert len(welcome["commitments"]) == 7
    assert {u["id"] for u in welcome["upstreams"]} == {spec.id for spec in load_registry()}
    assert all(s["@id"].startswith("/api/v1/sources/") for s in sources)
