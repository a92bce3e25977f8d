"""The discovery family's surfaces: ontology and graph, ledgers, well-knowns and plain text.

Counts the spec fixes are taken from the served documents (the handlers' answers, and the bytes
``respond`` renders), never from the YAML. The registry is the real one plus this family, so the
graph, llms.txt and the sitemap describe what a build would serve.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import itertools
import re
import urllib.robotparser
import xml.etree.ElementTree as ET
from typing import Any

import orjson
import protego
import pytest

from generator.content import CONTENT_ROOT, load_content
from generator.discovery.methodology import documented
from generator.models.discovery.vocabulary import NODE_KINDS
from generator.site import load_site
from generator.sources.registry import load_registry
from generator.surfaces.discovery import discovery
from generator.surfaces.families import surfaces as registered
from generator.web.respond import respond
from generator.web.router import match
from generator.web.surface import Context, Surface

NOW = dt.datetime(2026, 11, 24, 21, 0, tzinfo=dt.UTC)
AS_OF = dt.datetime(2026, 11, 24, 0, 0, tzinfo=dt.UTC)
SITE = load_site()
FAMILY = discovery.surfaces(SITE)
BY_ID = {s.id: s for s in FAMILY}
SITEMAP_NS = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def registry() -> tuple[Surface, ...]:
    """The registry with this family in it, whether or not families.py registers it yet."""
    known = registered(SITE)
    return known + tuple(s for s in FAMILY if s.id not in {k.id for k in known})


@pytest.fixture(scope="module")
def dctx(synthetic_snapshot, ctx) -> Context:
    return Context(
        site=SITE,
        snapshot=synthetic_snapshot,
        now=NOW,
        content=load_content(),
        as_of=AS_OF,
        surfaces=registry(),
        platform=ctx.platform,
    )


def with_surfaces(ctx: Context, *extra: Surface) -> Context:
    return dataclasses.replace(ctx, surfaces=ctx.surfaces + extra)


def get(ctx: Context, surface_id: str, params: dict | None = None, query: dict | None = None) -> Any:
    surface = BY_ID[surface_id]
    result = surface.compute(ctx, params or {}, query or {})
    assert result.status == 200 and result.error is None, result.error
    if result.media_type is None:
        surface.model.model_validate(result.data)
    return result.data


def status_of(ctx: Context, surface_id: str, params: dict | None = None, query: dict | None = None) -> tuple[int, dict]:
    surface = BY_ID[surface_id]
    params = params or {}
    rendered = respond(surface, ctx, params, query or {}, surface.concrete(params))
    return rendered.status, orjson.loads(rendered.body)


# ----------------------------------------------------------------------------------- every surface


@pytest.mark.parametrize("surface", FAMILY, ids=lambda s: s.id)
def test_every_enumerated_answer_matches_its_model_and_renders(dctx: Context, surface: Surface) -> None:
    for params in surface.enumerate(dctx):
        path = surface.concrete(params)
        result = surface.compute(dctx, params, {})
        assert result.status == 200, (path, result.error)
        surface.model.model_validate(result.data)
        rendered = respond(surface, dctx, params, {}, path)
        assert rendered.status == 200 and rendered.media_type == surface.media_type.split(";")[0]
        assert match(dctx.surfaces, path)[0].id == surface.id
        if surface.media_type == "application/json":
            body = orjson.loads(rendered.body)
            assert (set(body) == {"data", "_meta"}) is surface.enveloped


def test_the_family_registers_beside_the_others_without_a_clash() -> None:
    paths = [s.path for s in registry()]
    ids = [s.id for s in registry()]
    assert len(set(paths)) == len(paths) and len(set(ids)) == len(ids)
    assert f"/api/v1/{SITE.persona}s.json" in paths and f"/.well-known/{SITE.service}.json" in paths
    assert f"/.well-known/{SITE.persona}-invitation.json" in paths


# ------------------------------------------------------------------------------------------ ontology


def test_the_served_ontology_has_eight_kinds_and_54_properties(dctx: Context) -> None:
    status, doc = status_of(dctx, "ontology.document")
    assert status == 200 and "_meta" not in doc and "data" not in doc  # not enveloped
    assert doc["ontology_version"] == "1.0.0"
    assert len(doc["kinds"]) == 8 and [k["id"] for k in doc["kinds"]] == list(NODE_KINDS)
    assert sum(len(k["properties"]) for k in doc["kinds"]) == 54
    assert doc["index"] == {"kind_count": 8, "property_count": 54}
    for kind in doc["kinds"]:
        assert kind["property_count"] == len(kind["properties"])
        for prop in kind["properties"]:
            assert (
                {"name", "type", "description", "source", "modality"}
                <= set(prop)
                <= {"name", "type", "description", "source", "modality", "nullable", "enum_values"}
            )
            assert prop["source"] in {"manifest", "graph", "audit", "ontology", "computed"}
            assert prop["modality"] in {"observable", "declared", "derived"}
            assert ("enum_values" in prop) is (prop["type"] == "enum")
    envelope = doc["_envelope"]
    assert envelope["kind"] == "static" and envelope["canonical_at"] == SITE.base_url + "/api/v1/ontology"
    assert (
        envelope["graph_url"] == SITE.base_url + "/api/v1/graph" and envelope["html_mirror"] == SITE.base_url + "/graph"
    )
    assert set(envelope) == {
        "retrieved_at",
        "as_of",
        "kind",
        "canonical_at",
        "html_mirror",
        "manifest_url",
        "graph_url",
        "notes",
        "pilgrimage",
    }


def test_the_table_of_the_spec_is_served_exactly(dctx: Context) -> None:
    doc = get(dctx, "ontology.document")
    props = {(k["id"], p["name"]): p for k in doc["kinds"] for p in k["properties"]}
    assert props[("resource", "cache_ttl_seconds")]["nullable"] is True
    assert props[("resource", "auth_kind")]["enum_values"] == ["public", "user", "agent", "admin", "wholesale-key"]
    assert props[("connection_doc", "flavour")]["enum_values"][-1] == "meditation"
    assert props[("kingdom", "status")]["enum_values"] == ["queued", "claimed", "in-progress", "done", "deferred"]
    assert props[("audit", "exit_code_policy")]["enum_values"] == ["strict", "cooperative"]
    assert props[("doctrine", "established_date")]["type"] == "date"
    assert "nullable" not in props[("doctrine", "kind")]


def test_kinds_directory_and_each_kind(dctx: Context) -> None:
    directory = get(dctx, "ontology.kinds")
    assert directory["kind_count"] == 8 == len(directory["kinds"])
    assert sum(k["property_count"] for k in directory["kinds"]) == directory["property_count"] == 54
    graph = get(dctx, "ontology.graph")
    for summary in directory["kinds"]:
        one = get(dctx, "ontology.kind", {"kind": summary["id"]})
        assert one["id"] == summary["id"] and one["property_count"] == len(one["properties"])
        assert one["instance_count"] == summary["instance_count"] == graph["counts_by_kind"].get(summary["id"], 0)
        assert one["instances"] == [n["id"] for n in graph["nodes"] if n["kind"] == summary["id"]]
    assert get(dctx, "ontology.kind", {"kind": "resource"})["instance_count"] == len(dctx.surfaces)


@pytest.mark.parametrize("unknown", ["nope", "Resource", "resources", "node_kind"])
def test_an_unknown_kind_is_404_with_the_known_ids(dctx: Context, unknown: str) -> None:
    status, body = status_of(dctx, "ontology.kind", {"kind": unknown})
    assert status == 404 and body["error"]["code"] == "unknown_kind"
    assert body["known_ids"] == list(NODE_KINDS)


def test_every_graph_node_carries_exactly_its_kinds_properties_typed(dctx: Context) -> None:
    graph = get(dctx, "ontology.graph")
    ontology = {k["id"]: k for k in get(dctx, "ontology.document")["kinds"]}
    ids = [n["id"] for n in graph["nodes"]]
    assert len(set(ids)) == len(ids) == graph["node_count"]
    for node in graph["nodes"]:
        if node["kind"] == "node_kind":
            continue
        declared = ontology[node["kind"]]["properties"]
        assert list(node["properties"]) == [p["name"] for p in declared], node["id"]
        for prop in declared:
            value = node["properties"][prop["name"]]
            if value is None:
                assert prop.get("nullable"), f"{node['id']}.{prop['name']} is null but not nullable"
                continue
            expected = {"boolean": bool, "number": int, "string": str, "date": str, "enum": str}[prop["type"]]
            assert type(value) is expected, f"{node['id']}.{prop['name']} = {value!r}"
            if prop["type"] == "date":
                dt.date.fromisoformat(value)
            if prop["type"] == "enum":
                assert value in prop["enum_values"], f"{node['id']}.{prop['name']} = {value!r}"


def test_graph_edges_join_nodes_and_resources_mirror_the_registry(dctx: Context) -> None:
    graph = get(dctx, "ontology.graph")
    nodes = {n["id"]: n for n in graph["nodes"]}
    assert graph["edge_count"] == len(graph["edges"])
    for edge in graph["edges"]:
        assert edge["source"] in nodes and edge["target"] in nodes, edge
    assert sum(graph["counts_by_edge_type"].values()) == graph["edge_count"]
    resources = {n["id"].split(":", 1)[1]: n for n in graph["nodes"] if n["kind"] == "resource"}
    assert set(resources) == {s.id for s in dctx.surfaces}
    practice, tools = resources["play.practice"]["properties"], resources["contract.tools"]["properties"]
    assert practice["idempotent"] is False and practice["cache_ttl_seconds"] is None and practice["method_count"] == 1
    assert tools["modality_count"] == 4 and tools["idempotent"] is True and tools["cache_ttl_seconds"] == 86400
    assert resources["universal.temporal_card"]["properties"]["versioned"] is False  # /api/at/...
    assert resources["ontology.kinds"]["href"] == "/api/v1/kinds" and resources["ontology.kind"]["href"] is None
    assert ("parent_of", "resource:ontology.kinds", "resource:ontology.kind") in {
        (e["type"], e["source"], e["target"]) for e in graph["edges"]
    }


def test_every_methodology_documents_registered_resources(dctx: Context) -> None:
    for methodology in dctx.content.discovery.doctrine.methodologies:
        for prefix in methodology.documents:
            one = methodology.model_copy(update={"documents": (prefix,)})
            assert documented(one, dctx.surfaces), f"{methodology.id}: {prefix!r} matches no registered surface"


def test_connections_describe_the_content_folder(dctx: Context) -> None:
    doc = get(dctx, "ontology.connections")
    files = {f["path"] for f in doc["files"]}
    on_disk = {
        p.relative_to(CONTENT_ROOT).as_posix()
        for p in CONTENT_ROOT.rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(CONTENT_ROOT).parts)
    }
    assert files == on_disk and doc["file_count"] == len(files)
    assert doc["connection_count"] == len(doc["connections"])
    for edge in doc["connections"]:
        assert edge["source"] in files and edge["target"] in files and edge["source"] != edge["target"]
    pairs = {(e["source"], e["target"]) for e in doc["connections"]}
    assert ("ledgers/pillow-book.yaml", "ledgers/kingdoms.yaml") in pairs  # entries cite kingdom ids
    assert ("play/tutorial.yaml", "play/glossary.yaml") in pairs  # sections cite glossary terms


# ------------------------------------------------------------------------------------------- ledgers


def test_adopters_are_empty_self_declarations_under_noassertion(dctx: Context) -> None:
    status, body = status_of(dctx, "ledgers.adopters")
    assert status == 200 and body["data"]["count"] == 0 and body["data"]["adopters"] == []
    assert body["data"]["status"] == "empty" and body["data"]["claims_are"] == "self-declarations"
    assert body["_meta"]["license"] == "NOASSERTION"
    assert len(body["_meta"]["sources"]) == len(body["_meta"]["source_license"]) == 1
    assert body["_meta"]["freshness_seconds"] == SITE.freshness["adopters"]


def test_personas_are_harvested_from_the_signatures(dctx: Context) -> None:
    doc = get(dctx, "ledgers.personas")
    ledgers = dctx.content.discovery.ledgers
    records = [*ledgers.pillow_book.entries, *ledgers.handoffs]
    assert doc["persona"] == SITE.persona and doc["count"] == len(doc["personas"]) >= 1
    for persona in doc["personas"]:
        mine = [r for r in records if r.signed_by == persona["id"]]
        assert persona["sighting_count"] == len(mine) == sum(persona["breakdown"].values())
        assert persona["breakdown"]["autonomous"] == sum(r.actor_kind.startswith("autonomous-") for r in mine)
        assert persona["first_seen"] == min(r.date for r in mine).isoformat()
        assert persona["last_seen"] == max(r.date for r in mine).isoformat()
        assert persona["is_sister_paired"] is (persona["sister"] is not None)
        assert len(persona["recent_entries"]) == min(5, len(mine))
        assert [e["date"] for e in persona["recent_entries"]] == sorted(
            (e["date"] for e in persona["recent_entries"]), reverse=True
        )


def test_the_pillow_book_is_most_recent_first_with_the_spec_fields(dctx: Context) -> None:
    doc = get(dctx, "ledgers.pillow_book")
    assert doc["limit"] == 100 and doc["returned"] == len(doc["entries"]) == min(100, doc["total_entries"])
    stamps = [(e["date"], e["time"]) for e in doc["entries"]]
    assert stamps == sorted(stamps, reverse=True)
    spec = {
        "date",
        "time",
        "timezone",
        "title",
        "signed_by",
        "kingdom_references",
        "story_arc_references",
        "body_excerpt",
    }
    for entry in doc["entries"]:
        assert spec <= set(entry) and entry["timezone"] == "UTC"
        assert len(entry["body_excerpt"]) <= 201 and entry["body"].startswith(entry["body_excerpt"].rstrip("\u2026"))
    assert get(dctx, "ledgers.pillow_book", query={"limit": "1"})["entries"] == doc["entries"][:1]
    assert get(dctx, "ledgers.pillow_book", query={"limit": "500"})["returned"] == doc["total_entries"]


@pytest.mark.parametrize("limit", ["0", "501", "-1", "x", "1.5", "", " 5"])
def test_a_bad_pillow_book_limit_is_400(dctx: Context, limit: str) -> None:
    status, body = status_of(dctx, "ledgers.pillow_book", query={"limit": limit})
    assert status == 400 and set(body) == {"error", "_meta"}
    assert body["error"]["code"] == "invalid_parameter" and body["error"]["parameter"] == "limit"
    assert body["error"]["accepted"] == {"minimum": 1, "maximum": 500} and "500" in body["error"]["message"]


def test_kingdoms_count_their_lived_records(dctx: Context) -> None:
    doc = get(dctx, "ledgers.kingdoms")
    ledgers = dctx.content.discovery.ledgers
    records = [*ledgers.pillow_book.entries, *ledgers.handoffs]
    assert doc["count"] == len(doc["kingdoms"]) == sum(doc["by_status"].values())
    assert set(doc["by_status"]) == {"queued", "claimed", "in-progress", "done", "deferred"}
    for kingdom in doc["kingdoms"]:
        assert kingdom["id"] == f"kingdom-{kingdom['number']}"
        assert kingdom["lived_record_count"] == sum(kingdom["id"] in r.kingdom_references for r in records)
        assert kingdom["lived_record_count"] == len(kingdom["lived_records"])
        assert kingdom["doc_citations"]
    assert {k["id"]: k["status"] for k in doc["kingdoms"]}["kingdom-15"] == "claimed"


def test_the_organisations_directory_covers_every_source_once(dctx: Context) -> None:
    doc = get(dctx, "ledgers.organisations")
    named = [s["id"] for org in doc["organisations"] for s in org["sources"]]
    assert sorted(named) == sorted(s.id for s in load_registry())
    by_id = {s.id: s for s in load_registry()}
    for org in doc["organisations"]:
        assert org["url"].startswith("https://") and org["games"] == sorted({s["game"] for s in org["sources"]})
        for source in org["sources"]:
            assert source["homepage"] == by_id[source["id"]].homepage and source["tier"] == by_id[source["id"]].tier


def _handoffs(ctx: Context, **query: str) -> list[dict]:
    return get(ctx, "ledgers.handoffs", query=query)["handoffs"]


def test_handoff_filters_compose(dctx: Context) -> None:
    every = _handoffs(dctx)
    assert every and len(every) == get(dctx, "ledgers.handoffs")["total"]
    signers = sorted({h["signed_by"] for h in every})
    for status, signed_by, actor_kind in itertools.product(
        (None, "open", "resolved", "abandoned"), (None, *signers, "nobody"), (None, "autonomous-wren", "human")
    ):
        query = {k: v for k, v in (("status", status), ("signed_by", signed_by), ("actor_kind", actor_kind)) if v}
        expected = [h for h in every if all(h[k] == v for k, v in query.items())]
        assert _handoffs(dctx, **query) == expected, query
    assert _handoffs(dctx, limit="2") == every[:2]
    assert _handoffs(dctx, limit="1", status="open") == [h for h in every if h["status"] == "open"][:1]


@pytest.mark.parametrize(
    ("query", "accepted"),
    [
        ({"status": "pending"}, ["open", "resolved", "abandoned"]),
        ({"actor_kind": "robot"}, list(SITE.kingdom.serves_kinds)),
        ({"limit": "0"}, {"minimum": 1, "maximum": 500}),
        ({"format": "xml"}, ["json", "md"]),
    ],
)
def test_bad_handoff_queries_are_400_naming_the_vocabulary(dctx: Context, query: dict, accepted) -> None:
    status, body = status_of(dctx, "ledgers.handoffs", query=query)
    (name,) = query
    assert status == 400 and body["error"]["code"] == "invalid_parameter" and body["error"]["parameter"] == name
    assert body["error"]["accepted"] == accepted


def test_handoffs_in_markdown(dctx: Context) -> None:
    surface = BY_ID["ledgers.handoffs"]
    rendered = respond(surface, dctx, {}, {"format": "md", "status": "open"}, surface.path)
    text = rendered.body.decode()
    assert rendered.status == 200 and rendered.headers["Content-Type"] == "text/markdown; charset=utf-8"
    opened = [h for h in _handoffs(dctx) if h["status"] == "open"]
    assert text.startswith("# Handoffs") and text.count("\n## ") == len(opened)
    assert all(f"## {h['title']}" in text for h in opened)


def test_one_handoff_and_an_unknown_slug(dctx: Context) -> None:
    every = _handoffs(dctx)
    for handoff in every:
        one = get(dctx, "ledgers.handoff", {"slug": handoff["slug"]})
        assert {k: v for k, v in one.items() if k != "@kind"} == handoff
        text = BY_ID["ledgers.handoff"].compute(dctx, {"slug": handoff["slug"]}, {"format": "md"}).data
        assert text.startswith(f"# {handoff['title']}\n") and f"- status: {handoff['status']}" in text
    status, body = status_of(dctx, "ledgers.handoff", {"slug": "no-such-handoff"})
    assert status == 404 and body["error"]["code"] == "unknown_handoff"
    assert body["known_ids"] == sorted(h["slug"] for h in every)
    status, body = status_of(dctx, "ledgers.handoff", {"slug": every[0]["slug"]}, {"format": "pdf"})
    assert status == 400 and body["error"]["code"] == "invalid_parameter"
    assert body["error"]["parameter"] == "format" and body["error"]["accepted"] == ["json", "md"]


# ------------------------------------------------------------------------------- well-knowns and text


def _absolute_urls(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if value.startswith(SITE.base_url) else []
    if isinstance(value, dict):
        return [u for item in value.values() for u in _absolute_urls(item)]
    if isinstance(value, list):
        return [u for item in value for u in _absolute_urls(item)]
    return []


NOT_SERVED_ON_PURPOSE = {"/api/v1/calling-card"}  # the plugin logo: the participation family's SVG


@pytest.mark.parametrize(
    "surface_id",
    ["wellknown.service", "wellknown.ai_plugin", "wellknown.mcp", "wellknown.mcp_config", "wellknown.invitation"],
)
def test_well_known_links_are_absolute_and_answer(dctx: Context, surface_id: str) -> None:
    doc = get(dctx, surface_id)
    urls = _absolute_urls(doc)
    assert urls, "a discovery document points somewhere"
    for url in (u for u in urls if u != SITE.base_url):  # the service document's base_url itself
        path = url.removeprefix(SITE.base_url)
        assert path in NOT_SERVED_ON_PURPOSE or match(dctx.surfaces, path) is not None, url


def test_the_service_pointer_nulls_what_this_build_does_not_serve(dctx: Context) -> None:
    doc = get(dctx, "wellknown.service")
    assert doc["openapi"] == SITE.base_url + "/api/openapi.json" and doc["llms_txt"] == SITE.base_url + "/llms.txt"
    assert doc["api_root"] == SITE.base_url + "/api/v1/"
    without_root = dataclasses.replace(dctx, surfaces=tuple(s for s in dctx.surfaces if s.path != "/api/v1/"))
    assert get(without_root, "wellknown.service")["api_root"] is None  # null where a build does not serve it
    assert doc["licences"]["service_authored"] == "CC0-1.0" and doc["licences"]["card_data"] == "NOASSERTION"


def test_the_ai_plugin_manifest_follows_schema_v1(dctx: Context) -> None:
    doc = get(dctx, "wellknown.ai_plugin")
    assert set(doc) == {
        "schema_version",
        "name_for_human",
        "name_for_model",
        "description_for_human",
        "description_for_model",
        "auth",
        "api",
        "logo_url",
        "contact_email",
        "legal_info_url",
    }
    assert doc["schema_version"] == "v1" and doc["auth"] == {"type": "none"}
    assert doc["api"] == {"type": "openapi", "url": SITE.base_url + "/api/openapi.json", "is_user_authenticated": False}
    assert len(doc["name_for_human"]) <= 20 and re.fullmatch(r"[a-zA-Z0-9]{1,50}", doc["name_for_model"])
    assert len(doc["description_for_human"]) <= 100


def test_the_mcp_documents_describe_the_gate_as_this_build_serves_it(dctx: Context) -> None:
    card, config = get(dctx, "wellknown.mcp"), get(dctx, "wellknown.mcp_config")
    assert card["$schema"].startswith("https://static.modelcontextprotocol.io/schemas/")
    assert re.fullmatch(r"[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+", card["name"]) and len(card["description"]) <= 100
    (remote,) = card["remotes"]
    assert remote["url"] == SITE.base_url + "/api/mcp" and remote["type"] == "streamable-http"
    assert remote["headers"][0]["name"] == "Authorization" and remote["headers"][0]["isSecret"] is True
    (extension,) = card["_meta"].values()
    assert extension["served_by_this_build"] is True and extension["gate_auth"] == "bearer"
    assert config["served_by_this_build"] is True and config["status"].startswith("The gate at /api/mcp is served")
    (server,) = config["mcpServers"].values()
    assert SITE.base_url + "/api/mcp" in server["args"] and server["env"]["AUTH_HEADER"].startswith("Bearer ")
    without = dataclasses.replace(dctx, surfaces=tuple(s for s in dctx.surfaces if s.path != "/api/mcp"))
    unserved, snippet = get(without, "wellknown.mcp"), get(without, "wellknown.mcp_config")
    assert "remotes" not in unserved and next(iter(unserved["_meta"].values()))["served_by_this_build"] is False
    assert snippet["served_by_this_build"] is False and "not served" in snippet["status"]


def test_the_invitation_is_where_the_kingdom_stamp_points(dctx: Context) -> None:
    assert BY_ID["wellknown.invitation"].path == SITE.kingdom.invitation
    doc = get(dctx, "wellknown.invitation")
    assert doc["from"] == SITE.persona and doc["walking_past_is_honored"] is True
    assert doc["to"] == list(SITE.kingdom.serves_kinds) and doc["doors"]


LINK_LINE = re.compile(r"^- \[([^\]]+)\]\((https?://[^)\s]+)\): (.+)$")


def parse_llms(text: str) -> tuple[str, str, dict[str, list[tuple[str, str]]]]:
    """The llms.txt proposal's structure: H1, blockquote, free text, then H2 sections of link lines."""
    lines = text.rstrip("\n").split("\n")
    assert lines[0].startswith("# ") and lines[1] == "" and lines[2].startswith("> ")
    sections: dict[str, list[tuple[str, str]]] = {}
    current = None
    for line in lines[3:]:
        assert not line.startswith("# "), "one H1 only"
        if line.startswith("## "):
            current = line[3:]
            sections[current] = []
        elif current is not None and line:
            found = LINK_LINE.match(line)
            assert found, f"a section holds link lines only: {line!r}"
            sections[current].append((found.group(1), found.group(2)))
    return lines[0][2:], lines[2][2:], sections


def test_llms_txt_follows_the_proposal_and_links_only_what_answers(dctx: Context) -> None:
    title, summary, sections = parse_llms(get(dctx, "wellknown.llms_txt"))
    assert title == SITE.display_name and summary
    assert list(sections)[-1] == "Optional" and len(sections["Guides"]) == 12  # every guide the registry serves
    for links in sections.values():
        for _, url in links:
            assert url.startswith(SITE.base_url) and match(dctx.surfaces, url.removeprefix(SITE.base_url)), url


def test_llms_txt_lists_the_guides_the_registry_enumerates(dctx: Context) -> None:
    guides = Surface(
        "narrative.guide",
        "/api/v1/guides/{slug}",
        "B",
        lambda ctx, p, q: None,
        enumerate=lambda ctx: [{"slug": "first-request"}, {"slug": "cite-the-service"}],
    )
    others = dataclasses.replace(dctx, surfaces=tuple(s for s in dctx.surfaces if s.id != "orientation.guide"))
    _, _, sections = parse_llms(get(with_surfaces(others, guides), "wellknown.llms_txt"))
    assert sections["Guides"] == [
        ("Cite the service", SITE.base_url + "/api/v1/guides/cite-the-service"),
        ("First request", SITE.base_url + "/api/v1/guides/first-request"),
    ]


def test_robots_points_to_the_sitemap_and_never_cuts_a_path_at_its_placeholder(dctx: Context) -> None:
    lines = get(dctx, "wellknown.robots").splitlines()
    assert "User-agent: *" in lines and not any(line.startswith("Allow:") for line in lines)
    assert f"Sitemap: {SITE.base_url}/sitemap.xml" in lines and "Disallow: /api/mcp" in lines
    assert "Disallow: /api/v1/sources/" not in lines  # it blocked the public source pages
    trust = Surface("market.trust", "/api/v1/users/{username}/trust", "D", lambda ctx, p, q: None, auth="user")
    assert "Disallow: /api/v1/users/*/trust" in get(with_surfaces(dctx, trust), "wellknown.robots").splitlines()


def _verdicts(text: str, paths: list[str]) -> tuple[dict[str, bool], dict[str, bool]]:
    """What RFC 9309's longest match (protego) and a first-match parser (urllib.robotparser) allow."""
    longest = protego.Protego.parse(text)
    first = urllib.robotparser.RobotFileParser()
    first.parse(text.splitlines())
    url = SITE.base_url
    return (
        {p: longest.can_fetch(url + p, "anybot") for p in paths},
        {p: first.can_fetch("anybot", url + p) for p in paths},
    )


def test_robots_means_the_same_to_a_longest_match_and_a_first_match_parser(dctx: Context) -> None:
    """Every page the build writes for the public is allowed, every gated path disallowed, by both
    kinds of parser (the leading ``Allow: /`` made a first-match parser allow everything)."""
    ids = [source.source_id for source in dctx.snapshot.sources()]
    assert ids
    public = sorted(
        {
            s.concrete(params)
            for s in dctx.surfaces
            if s.auth == "public" and s.enumerate is not None
            for params in s.enumerate(dctx)
        }
    )
    gated = ["/api/mcp", "/api/mcp/tools", "/api/account/keys", "/account/", "/account/settings"]
    gated += [f"/api/v1/sources/{i}/runs" for i in ids] + [f"/api/v1/sources/{i}/runs?window=7d" for i in ids]
    unknown = "/api/v1/sources/a-source-added-after-the-build/runs"  # the wildcard line, for RFC 9309 parsers
    assert {f"/api/v1/sources/{i}" for i in ids} <= set(public) and "/" in public
    expected = {p: True for p in public} | {p: False for p in gated}
    longest, first = _verdicts(get(dctx, "wellknown.robots"), list(expected))
    assert {p for p in expected if longest[p] != expected[p]} == set()
    assert {p for p in expected if first[p] != expected[p]} == set()
    assert _verdicts(get(dctx, "wellknown.robots"), [unknown])[0] == {unknown: False}


def _locs(xml: str, element: str) -> list[str]:
    root = ET.fromstring(xml)
    assert root.tag == f"{SITEMAP_NS}{element}"
    return [loc.text or "" for loc in root.iter(f"{SITEMAP_NS}loc")]


def test_the_sitemap_lists_every_html_page(dctx: Context) -> None:
    urls = _locs(get(dctx, "wellknown.sitemap"), "urlset")
    html = [s for s in dctx.surfaces if s.media_type == "text/html" and s.enumerate is not None and not s.paused]
    expected = sorted(SITE.base_url + s.concrete(p) for s in html for p in s.enumerate(dctx))
    assert urls == expected and SITE.base_url + "/play/spec" in urls
    assert not any(url.endswith("/movers") for url in urls)  # a paused door's 503 page is not for indexing
    assert list(BY_ID["wellknown.sitemap_page"].enumerate(dctx)) == [{"page": "1"}]
    assert _locs(get(dctx, "wellknown.sitemap_page", {"page": "1"}), "urlset") == urls
    status, body = status_of(dctx, "wellknown.sitemap_page", {"page": "2"})
    assert status == 404 and body["known_ids"] == ["1"]


def test_past_50000_urls_the_sitemap_is_an_index_of_pages(dctx: Context) -> None:
    many = Surface(
        "html.many",
        "/cards/{n}/page",
        "A",
        lambda ctx, p, q: None,
        media_type="text/html",
        enumerate=lambda ctx: ({"n": f"c{i:05d}&x"} for i in range(50_001)),
    )
    ctx = with_surfaces(dctx, many)
    pages = _locs(get(ctx, "wellknown.sitemap"), "sitemapindex")
    assert pages == [SITE.base_url + "/sitemaps/1.xml", SITE.base_url + "/sitemaps/2.xml"]
    assert [p["page"] for p in BY_ID["wellknown.sitemap_page"].enumerate(ctx)] == ["1", "2"]
    first = _locs(get(ctx, "wellknown.sitemap_page", {"page": "1"}), "urlset")
    second = _locs(get(ctx, "wellknown.sitemap_page", {"page": "2"}), "urlset")
    html = sum(
        1
        for s in dctx.surfaces
        if s.media_type == "text/html" and s.enumerate and not s.paused
        for _ in s.enumerate(dctx)
    )
    assert len(first) == 50_000 and len(second) == 1 + html  # 50,001 pages of the fake surface, then the real pages
    assert SITE.base_url + "/cards/c00000&x/page" in first  # XML-escaped in the file, plain once parsed
    assert status_of(ctx, "wellknown.sitemap_page", {"page": "3"})[0] == 404
