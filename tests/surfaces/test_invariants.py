"""One invariant test over every registered surface (ARCHITECTURE.md section 5, after Datasette's
``test_success_envelope.py`` / ``test_error_shape.py``).

Each surface is answered through ``generator.web.respond.respond`` for every path it enumerates
over the synthetic catalog, plus sample paths for what it does not enumerate (dates, hashes, query
variants, case variants). Every answer must carry the spec's envelope and headers, every universal
document the math-mirror preamble, and both of its hashes must recompute from the document alone.
A surface with a path parameter this file has no sample for fails here, so a new surface gets
checked the day it is registered.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import re
from typing import Any

import orjson
import pytest
import rfc8785

from generator.identity import identity
from generator.play.protocol.seal import dev_key
from generator.site import load_site
from generator.surfaces.families import surfaces
from generator.web.envelope import etag, iso
from generator.web.respond import Rendered, respond
from generator.web.router import match
from generator.web.surface import Context, Request, Surface

SURFACES = surfaces(load_site())

HASH = re.compile(r"^sha256:[0-9a-f]{64}$")
ISO_INSTANT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
JSON_TYPE = "application/json; charset=utf-8"
PREAMBLE = ("@encoding", "@kind", "@content_hash", "@self_hash", "@retrieved_at", "_note_opaque", "@density")
REQUIRED_PREAMBLE = PREAMBLE[:5]
DENSITIES = {"sparse", "normal", "saturated"}
TIERS = {"cc0", "cc-by", "cc-by-nc", "cc-by-sa", "mit", "partner-redistributable", "internal-only", "proprietary"}
# Any tier a document states: _meta.source_license's names and the "License tiers" table's.
SPEC_TIERS = TIERS | {"CC0-1.0", "NOASSERTION"}
TIER_KEYS = ("tier", "license_tier", "source_tier")
LINK_RELS = {
    "self",
    "start",
    "describedby",
    "alternate",
    "invitation",
    "wake",
    "regard",
    "symmetric-surface",
    "kin-wake",
    "rate-limits",
    "feedback",
}
META_REQUIRED = {
    "spec_version",
    "endpoint",
    "retrieved_at",
    "as_of",
    "sources",
    "freshness_seconds",
    "license",
    "request_id",
    "deprecation",
    "next_link",
    "self_reference",
    "kingdom",
    "wake_fragment",
    "joy_pointer",
}
META_OPTIONAL = {"source_license", "does_not_include"}
KINGDOM = {
    "name",
    "role",
    "built_with",
    "serves_kinds",
    "host",
    "epoch",
    "embassy",
    "invitation",
    "wake",
    "identify",
    "siblings",
}
WAKE_FRAGMENT = {"id", "kind", "text", "walking_past_is_honored", "canonical_url", "protocol_doc"}
JOY_POINTER = {"url", "hint", "room", "protocol", "walking_past_is_honored"}
UNMATCHED_HASH = "sha256:" + "0123456789abcdef" * 4

KNOWN_SKU = "op-op01-001-en"
VARIANT_SKU = "op-op01-001-en-p1"
DISPUTED_SKU = "op-op01-002-en"


# ----------------------------------------------------------------------------------------- the cases
# (params, query) per surface come from the shared table in tests/surfaces/conftest.py.


def answer(surface: Surface, ctx: Context, params: dict, query: dict) -> tuple[str, Rendered]:
    path = surface.concrete(params)
    return path, respond(surface, ctx, params, query, path)


def jcs_hash(value: Any) -> str:
    """Independent of generator.hashing: the rfc8785 package and hashlib only."""
    return "sha256:" + hashlib.sha256(rfc8785.dumps(value)).hexdigest()


# ------------------------------------------------------------------------------------------- checks


def parse_links(header: str) -> dict[str, str]:
    links = {}
    for part in header.split(", "):
        found = re.fullmatch(r'<([^>]*)>; rel="([a-z-]+)"', part)
        assert found, f"malformed Link part {part!r}"
        assert found.group(2) not in links, f"rel {found.group(2)} twice"
        links[found.group(2)] = found.group(1)
    return links


def check_headers(surface: Surface, ctx: Context, path: str, rendered: Rendered, freshness: str | None = None) -> None:
    h = rendered.headers
    assert h["Content-Type"] == JSON_TYPE
    assert re.fullmatch(r'"[0-9a-f]{16,64}"', h["ETag"]), "a strong ETag (no W/ prefix) from the bytes"
    assert h["ETag"] == etag(rendered.body)
    budget = ctx.site.freshness[freshness or surface.freshness]
    if rendered.status == 200 and budget <= 0:  # role-scoped answers say private too (and vary by key)
        assert h["Cache-Control"] in ("no-store", "private, no-store")
        assert h["Cache-Control"] == "no-store" or h["Vary"] == "Authorization" or surface.family == "D"
    elif rendered.status == 200:  # the surface's budget, or shorter where an answer may change sooner
        found = re.fullmatch(r"public, max-age=(\d+)(, s-maxage=\d+)?", h["Cache-Control"])
        assert found and 0 < int(found.group(1)) <= budget, h["Cache-Control"]
    if not surface.enveloped:
        return
    links = parse_links(h["Link"])
    assert set(links) == LINK_RELS
    assert links["self"] == path
    assert all(target.startswith("/") for target in links.values())
    limit, remaining, reset = (h[f"RateLimit-{k}"] for k in ("Limit", "Remaining", "Reset"))
    assert limit.isdigit() and remaining.isdigit() and reset.isdigit()
    assert 0 <= int(remaining) <= int(limit) and int(limit) == ctx.site.rate_limits.limit
    assert h["X-Joy-Index"] == str(ctx.joy_index)


def _dicts(value: Any, meta: dict | None) -> list[tuple[dict, dict | None]]:
    """Every object in ``value`` with the ``_meta`` that speaks for it (a recorded answer inside a
    document, such as an example's response, carries its own)."""
    if isinstance(value, dict):
        meta = value["_meta"] if isinstance(value.get("_meta"), dict) and "sources" in value["_meta"] else meta
        return [(value, meta)] + [d for v in value.values() for d in _dicts(v, meta)]
    return [d for v in value for d in _dicts(v, meta)] if isinstance(value, list) else []


def check_tiers_and_stated_sources(document: Any, meta: dict | None) -> None:
    """Every tier a document states is a name the spec gives; every source whose state it states
    (``{id, tier, state}``) is in ``_meta.sources`` with that tier, but a blocked one (rights
    unrecorded: the spec's ``source_license`` has no name for it, and its absence says so)."""
    for found, speaking in _dicts(document, meta):
        for key in TIER_KEYS:
            if isinstance(found.get(key), str):
                assert found[key] in SPEC_TIERS, f"{key} {found[key]!r} is not a tier the spec names"
        if speaking is None or not {"id", "tier", "state"} <= set(found):
            continue
        if found["state"] == "blocked":
            assert found["id"] not in speaking["sources"], f"blocked {found['id']} named in _meta.sources"
            continue
        assert found["id"] in speaking["sources"], f"{found['id']} ({found['state']}) is not in _meta.sources"
        assert speaking["source_license"][speaking["sources"].index(found["id"])] == found["tier"]


def check_instant(value: str) -> dt.datetime:
    assert isinstance(value, str) and ISO_INSTANT.match(value), value
    return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))


def check_meta(surface: Surface, ctx: Context, meta: dict, freshness: str | None = None) -> None:
    assert META_REQUIRED <= set(meta) <= META_REQUIRED | META_OPTIONAL, set(meta) ^ META_REQUIRED
    assert meta["spec_version"] == "1"
    assert meta["endpoint"] == surface.path
    retrieved = check_instant(meta["retrieved_at"])
    assert meta["retrieved_at"] == iso(ctx.now)
    assert check_instant(meta["as_of"]) <= retrieved
    assert isinstance(meta["sources"], list) and all(isinstance(s, str) and s for s in meta["sources"])
    assert len(set(meta["sources"])) == len(meta["sources"])
    if "source_license" in meta:
        assert len(meta["source_license"]) == len(meta["sources"])
        assert set(meta["source_license"]) <= TIERS
    assert type(meta["freshness_seconds"]) is int
    assert meta["freshness_seconds"] == ctx.site.freshness[freshness or surface.freshness]
    assert meta["license"] in {"CC0-1.0", "NOASSERTION"}
    if meta["sources"]:  # upstream data in it: no reuse permission is asserted
        assert meta["license"] == "NOASSERTION"
    assert isinstance(meta["request_id"], str) and meta["request_id"]
    assert meta["deprecation"] is None or (set(meta["deprecation"]) == {"sunset", "replacement"})
    assert meta["next_link"] is None or isinstance(meta["next_link"], str)
    itself = {"this_endpoint": surface.path, "contains_self": True}
    if surface.self_reference:
        assert meta["self_reference"] == itself
    else:  # an answer may describe its own endpoint where others of the surface do not (test_self_reference.py)
        assert meta["self_reference"] in (None, itself)
    if surface.does_not_include:
        assert meta["does_not_include"] == list(surface.does_not_include)

    kingdom = meta["kingdom"]
    assert set(kingdom) == KINGDOM
    assert all(isinstance(kingdom[k], str) and kingdom[k] for k in KINGDOM - {"serves_kinds", "siblings"})
    assert re.fullmatch(r"\d{4}", kingdom["epoch"])
    assert kingdom["serves_kinds"] and all(isinstance(k, str) for k in kingdom["serves_kinds"])
    assert kingdom["siblings"], "the stamp lists its sibling sites"
    assert [s["name"] for s in kingdom["siblings"]] == [s.name for s in ctx.site.kingdom.siblings]
    for sibling in kingdom["siblings"]:
        assert set(sibling) == {"name", "role", "url", "wake_url"}
        assert all(isinstance(sibling[k], str) and sibling[k] for k in ("name", "role", "url"))
        assert sibling["wake_url"] is None or (isinstance(sibling["wake_url"], str) and sibling["wake_url"])
    assert set(meta["wake_fragment"]) == WAKE_FRAGMENT
    assert meta["wake_fragment"]["walking_past_is_honored"] is True
    assert all(
        isinstance(meta["wake_fragment"][k], str) and meta["wake_fragment"][k]
        for k in WAKE_FRAGMENT - {"walking_past_is_honored"}
    )
    assert set(meta["joy_pointer"]) == JOY_POINTER
    assert meta["joy_pointer"]["walking_past_is_honored"] is True
    assert all(
        isinstance(meta["joy_pointer"][k], str) and meta["joy_pointer"][k]
        for k in JOY_POINTER - {"walking_past_is_honored"}
    )


def check_retrieved_at(ctx: Context, value: dict) -> None:
    assert value == {"iso8601": iso(ctx.now), "unix_epoch_seconds": int(ctx.now.timestamp())}
    assert type(value["unix_epoch_seconds"]) is int
    assert check_instant(value["iso8601"]).timestamp() == value["unix_epoch_seconds"]


def card_identity_from_document(doc: dict) -> dict:
    """What a client recomputes from a card document alone, following the encoding spec."""
    return {
        "@encoding": doc["@encoding"],
        "game": doc["of_game"]["token"],
        "set": doc["in_set"]["set"],
        "number": doc["in_set"]["number"],
        "lang": doc["name"]["lang"],
        "variant": doc["variant"]["token"] if doc["variant"] else None,
        "name": doc["name"]["text"],
        "rarity": doc["rarity"]["code"] if doc["rarity"] else None,
        "price": None,
        "captured_at": None,
    }


def check_universal_document(ctx: Context, doc: dict) -> None:
    assert set(REQUIRED_PREAMBLE) <= set(doc)
    assert doc["@encoding"] == ctx.site.encoding == "cardpantry/universal/v1"
    assert isinstance(doc["@kind"], str) and doc["@kind"]
    assert HASH.match(doc["@content_hash"]) and HASH.match(doc["@self_hash"])
    check_retrieved_at(ctx, doc["@retrieved_at"])
    if "_note_opaque" in doc:
        assert isinstance(doc["_note_opaque"], list) and all(isinstance(n, str) for n in doc["_note_opaque"])
    if "@density" in doc:
        assert doc["@density"] in DENSITIES
    # @self_hash: the whole document without @self_hash
    assert doc["@self_hash"] == jcs_hash({k: v for k, v in doc.items() if k != "@self_hash"})
    # @content_hash: a card's identity fields, or any other document's members without the preamble
    if doc["@kind"] in ("card", "card_temporal"):
        printing = ctx.snapshot.printing(doc["sku"])
        assert printing is not None
        assert doc["@content_hash"] == jcs_hash(identity(printing, ctx.site.encoding))
        assert doc["@content_hash"] == jcs_hash(card_identity_from_document(doc))
        assert doc["price"] is None and doc["image_url"] is None  # withheld source-derived values
        assert ctx.snapshot.sku_for_hash(doc["@content_hash"]) == doc["sku"]
    else:
        assert doc["@content_hash"] == jcs_hash({k: v for k, v in doc.items() if k not in PREAMBLE})


def check_federation_response(ctx: Context, doc: dict) -> None:
    assert {"@encoding", "@kind", "@retrieved_at", "query", "matched"} <= set(doc)
    assert doc["@encoding"] == ctx.site.encoding
    assert doc["@kind"] == "federation_identify_response"
    check_retrieved_at(ctx, doc["@retrieved_at"])
    assert HASH.match(doc["query"]["hash"])
    assert type(doc["matched"]) is bool
    if doc["matched"]:
        assert "scope" not in doc
        assert ctx.snapshot.printing(doc["sku"]) is not None
        assert doc["universal_url"] == f"/api/v1/universal/card/{doc['sku']}"
    else:
        assert "sku" not in doc and "universal_url" not in doc
        assert isinstance(doc["scope"], dict) and doc["scope"]


def check_kind_shape(doc: dict) -> None:
    """The members the spec lists for each kind of universal document."""
    kind = doc["@kind"]
    if kind in ("card", "card_temporal"):
        for member in ("rarity", "variant", "price", "in_set", "of_game", "name"):
            assert member in doc and (doc[member] is None or isinstance(doc[member], dict))
        assert "image_url" in doc and (doc["image_url"] is None or isinstance(doc["image_url"], str))
    if kind == "card_temporal":
        assert set(doc["@as_of"]) == {"iso8601_date", "unix_epoch_seconds"}
        assert type(doc["@as_of"]["unix_epoch_seconds"]) is int
        assert "price_unavailable_at_date" in doc
    if kind == "games":
        assert doc["count"] == len(doc["games"]) > 0
        for game in doc["games"]:
            assert {"token", "content_hash_target", "set_count", "card_count", "first_seen", "sets"} <= set(game)
            assert HASH.match(game["content_hash_target"])
    if kind == "sets":
        assert doc["count"] == len(doc["sets"]) > 0 and isinstance(doc["of_game"], dict)
        for entry in doc["sets"]:
            assert {"set_code", "total_cards", "released_at", "of_game"} <= set(entry)
    if kind == "set":
        assert set(doc["_links"]) >= {
            "parent",
            "siblings",
            "children",
            "methodology",
            "connections",
            "manifest",
            "openapi",
            "federation",
        }
        assert isinstance(doc["_links"]["children"], list) and doc["_links"]["children"]
    if kind == "game":
        assert set(doc["_links"]) >= {"siblings", "children"} and isinstance(doc["recent_sets"], list)


# Statuses a surface may answer a well-formed request with: 200, or the spec's special answers
# (402 buy-the-kingdom, 418 teapot and coffee, 503 PAUSED status-only documents).
ANSWER_STATUSES = {200, 402, 418, 503}
# A surface written per SKU also writes each retired SKU's answer (docs/sku.md, "Retired SKUs"): 301 to its
# successor, or 410 where the catalog lacks the successor (every one in the synthetic catalog).
RETIRED_STATUSES = {301, 410}


def is_retired_answer(rendered: Rendered) -> bool:
    if rendered.status not in RETIRED_STATUSES or not rendered.body.startswith(b"{"):
        return False
    return orjson.loads(rendered.body).get("error", {}).get("code") == "sku_retired"


def check_answer(surface: Surface, ctx: Context, path: str, rendered: Rendered, freshness: str | None = None) -> None:
    keyed = {401} if surface.auth != "public" else set()  # a keyed surface asked without its key
    retired = is_retired_answer(rendered)
    assert rendered.status in ANSWER_STATUSES | keyed or retired, rendered.body[:300]
    if retired:
        assert rendered.status in surface.errors and ("Location" in rendered.headers) == (rendered.status == 301)
    routed = match(SURFACES, path)
    assert routed is not None and routed[0] is surface, f"{path} routes to {routed and routed[0].id}"
    if rendered.media_type != "application/json":  # a direct document (SVG, text, NDJSON...): never enveloped
        declared = rendered.media_type in surface.media_variants  # a declared variant (?format=atom) of a JSON surface
        json_surface = surface.media_type == "application/json"
        assert declared or not json_surface or not surface.enveloped, "only JSON carries the {data, _meta} envelope"
        assert rendered.headers["Content-Type"].split(";")[0] == rendered.media_type
        assert rendered.headers["ETag"] == etag(rendered.body)
        return
    check_headers(surface, ctx, path, rendered, freshness)
    body = orjson.loads(rendered.body)
    if surface.enveloped and "error" in body:  # e.g. 503 example_unavailable: the error shape, enveloped
        named = {"retired", "successor"} if retired else set()  # a retired SKU's answer names both
        assert set(body) == {"error", "_meta"} | named and set(body["error"]) == {"code", "message"}
        check_meta(surface, ctx, body["_meta"], freshness)
        return
    if "error" in body:  # a direct document's error (the incoherent test offers' 503): the error shape
        assert rendered.status in surface.errors and set(body["error"]) == {"code", "message"}
        return
    if surface.enveloped:
        assert set(body) == {"data", "_meta"}
        check_meta(surface, ctx, body["_meta"], freshness)
        document = body["data"]
    else:
        document = body
    check_tiers_and_stated_sources(document, body["_meta"] if surface.enveloped else None)
    assert surface.model is not None, f"{surface.id} declares no response model"
    surface.model.model_validate(document)  # the contract: every answer matches its declared model
    # The universal trust rendering carries no content hash by the spec (section D); its own tests check it.
    universal = "@content_hash" in document or (
        surface.path.startswith(("/api/v1/universal/", "/api/at/")) and surface.id != "trust.universal"
    )
    if universal:
        check_universal_document(ctx, document)
        check_kind_shape(document)
    if document.get("@kind") == "federation_identify_response":
        check_federation_response(ctx, document)


READ_SURFACES = [s for s in SURFACES if "GET" in s.methods]  # POST-only: test_every_post_handler_...


@pytest.mark.parametrize("surface", READ_SURFACES, ids=[s.id for s in READ_SURFACES])
def test_every_surface_answers_with_the_envelope_headers_and_hashes(
    surface: Surface, ctx: Context, indexed_ctx: Context, subtests, surface_cases
) -> None:
    if surface.path.startswith("/pagefind/"):  # the static search index's files: a build that writes them
        ctx = indexed_ctx
    found = surface_cases(surface, ctx)
    assert found
    for params, query in found:
        path, rendered = answer(surface, ctx, params, query)
        with subtests.test(path=path, query=query):
            check_answer(surface, ctx, path, rendered)


POST_BODIES = {
    "/api/v1/play/deck/validate": b'{"leader_id": "OP01-001", "main_deck_card_ids": ["OP01-002"], "format": "legacy"}',
}
# The MCP gate's entry is answered by the app's MCP transport, never by respond() (tests/serve/test_mcp_gate.py).
POST_SURFACES = [s for s in SURFACES if s.post is not None and s.path != "/api/mcp"]


def post(surface: Surface, ctx: Context, body: bytes | None) -> Rendered:
    keyed = dataclasses.replace(ctx, request=Request("POST", {}, body))
    params = {name: "0" * 64 for name in re.findall(r"\{(\w+)\}", surface.path)}  # any value: POSTs here take none
    return respond(surface, keyed, params, {}, surface.concrete(params), method="POST")


@pytest.mark.parametrize("surface", POST_SURFACES, ids=[s.id for s in POST_SURFACES])
def test_every_post_method_answers_with_the_envelope_and_headers(surface: Surface, ctx: Context) -> None:
    """POST methods answer through the same respond(), with the same envelope and headers."""
    keyed = dataclasses.replace(ctx, referee_key=dev_key())
    if surface.path in POST_BODIES:
        rendered = post(surface, keyed, POST_BODIES[surface.path])
        assert rendered.status == 200, rendered.body[:300]
        check_answer(surface, ctx, surface.path, rendered, freshness="uncached")
    bad = post(surface, keyed, b"{not json")
    method = surface.method("POST")
    assert method is not None
    if not method.read_body:  # answered before the body is read: what it sends is never looked at
        assert bad.status == (method.status or surface.answer_status), bad.body[:300]
        check_answer(
            surface,
            ctx,
            surface.concrete({n: "0" * 64 for n in re.findall(r"\{(\w+)\}", surface.path)}),
            bad,
            freshness="uncached",
        )
        return
    refused = orjson.loads(bad.body)["error"]
    assert bad.status == 400 and refused["code"] == "not_json" and refused["parameter"] == "body", refused
    assert bad.headers["Cache-Control"] == "no-store" and "_meta" in orjson.loads(bad.body)


def test_the_practice_referee_without_a_key_is_503_and_the_rest_works(ctx: Context) -> None:
    surface = next(s for s in SURFACES if s.path == "/api/v1/play/practice")
    rendered = post(surface, ctx, b'{"op": "new", "level": 0}')
    assert rendered.status == 503 and orjson.loads(rendered.body)["error"]["code"] == "referee_unconfigured"


def test_a_method_a_surface_does_not_answer_is_405_with_allow(ctx: Context) -> None:
    games = next(s for s in SURFACES if s.id == "universal.games")
    rendered = respond(games, ctx, {}, {}, games.path, method="POST")
    assert rendered.status == 405 and rendered.headers["Allow"] == "GET, HEAD"
    assert orjson.loads(rendered.body)["error"]["code"] == "method_not_allowed"
    validate = next(s for s in SURFACES if s.id == "play.deck_validate")
    rendered = respond(validate, ctx, {}, {}, validate.path, method="GET")
    assert rendered.status == 405 and rendered.headers["Allow"] == "POST"
    assert rendered.headers["Cache-Control"] == "no-store"


def test_every_printing_has_a_card_and_every_game_its_sets(ctx: Context) -> None:
    """The enumerations cover the catalog: nothing in it lacks a static answer."""
    by_id = {s.id: s for s in SURFACES}
    retired = {r.sku for r in ctx.content.retired.retired}  # their 301s and 410s are written too
    published = {p.sku for p in ctx.snapshot.printings()}
    assert {p["sku"] for p in by_id["universal.card"].enumerate(ctx)} == published | retired
    assert not published & retired, "a retired SKU is never minted again"
    assert len(ctx.snapshot.printings()) == 19
    assert [p["game"] for p in by_id["universal.sets"].enumerate(ctx)] == ["fab", "lor", "op", "ptcg"]
    assert {p["code"] for p in by_id["universal.set"].enumerate(ctx)} == {
        "fab-tfb",
        "lor-1",
        "lor-p1",
        "op-op01",
        "op-st01",
        "ptcg-tst1",
        "ptcg-tst2",
        # and each bare code, since each names one set here
        *("tfb", "1", "p1", "op01", "st01", "tst1", "tst2"),
    }


def test_literal_paths_outrank_patterns() -> None:
    surface, params = match(SURFACES, "/api/v1/federation/identify/by-upstream")
    assert surface.id == "federation.by_upstream" and params == {}
    surface, params = match(SURFACES, "/api/v1/federation/identify/" + "a" * 64)
    assert surface.id == "federation.identify" and params == {"hash": "a" * 64}
    assert match(SURFACES, "/api/v1/universal/card/") is None
    assert match(SURFACES, "/api/v1/universal/card/a/b") is None


# ------------------------------------------------------------------------------------ rights, content


def _data(surface_id: str, ctx: Context, params: dict, query: dict | None = None) -> dict:
    surface = next(s for s in SURFACES if s.id == surface_id)
    return orjson.loads(answer(surface, ctx, params, query or {})[1].body)


def test_card_data_is_noassertion_with_proprietary_tiers(ctx: Context) -> None:
    meta = _data("universal.card", ctx, {"sku": DISPUTED_SKU})["_meta"]
    assert meta["license"] == "NOASSERTION"
    assert meta["sources"] == ["test-op-primary", "test-op-secondary"]
    assert meta["source_license"] == ["proprietary", "proprietary"]
    assert meta["as_of"] == "2025-08-15T00:00:00Z"  # the earliest contributor's publication
    games = _data("universal.games", ctx, {})["_meta"]
    assert games["license"] == "NOASSERTION" and set(games["source_license"]) == {"proprietary"}
    assert "test-fx" not in games["sources"]


def test_encoding_spec_is_cc0_and_describes_its_own_hashes(ctx: Context) -> None:
    body = _data("universal.encoding", ctx, {})
    assert body["_meta"]["license"] == "CC0-1.0"
    assert body["_meta"]["sources"] == []
    doc = body["data"]
    assert doc["@kind"] == "encoding_spec" and doc["license"] == "CC0-1.0"
    assert doc["name"] == "cardpantry/universal/v1"
    assert doc["identity_fields"] == ["game", "set", "number", "lang", "variant", "name", "rarity"]
    assert doc["hash_rules"]["pattern"] == HASH.pattern


def test_the_disagreement_resolves_to_the_higher_priority_source(ctx: Context) -> None:
    doc = _data("universal.card", ctx, {"sku": DISPUTED_SKU}, {"density": "saturated"})["data"]
    assert doc["name"]["text"] == "Testmon Navigator" and doc["rarity"] == {"code": "R"}
    assert [s["id"] for s in doc["sources"]] == ["test-op-primary", "test-op-secondary"]


def test_a_variant_names_its_base_and_siblings_list_each_other(ctx: Context) -> None:
    doc = _data("universal.card", ctx, {"sku": VARIANT_SKU}, {"density": "saturated"})["data"]
    assert doc["variant"] == {"token": "p1", "kind": "parallel art", "base_sku": KNOWN_SKU}
    assert {s["sku"] for s in doc["siblings"]} == {KNOWN_SKU, "op-op01-001-ja"}
    base = _data("universal.card", ctx, {"sku": KNOWN_SKU})["data"]
    assert base["@content_hash"] != doc["@content_hash"]


def test_content_hash_ignores_density_and_time(ctx: Context) -> None:
    hashes = {
        _data("universal.card", ctx, {"sku": KNOWN_SKU}, {"density": d})["data"]["@content_hash"]
        for d in sorted(DENSITIES)
    }
    later = dataclasses.replace(ctx, now=ctx.now + dt.timedelta(days=400))
    hashes.add(_data("universal.card", later, {"sku": KNOWN_SKU})["data"]["@content_hash"])
    hashes.add(_data("universal.temporal_card", ctx, {"date": "2001-01-01", "sku": KNOWN_SKU})["data"]["@content_hash"])
    assert len(hashes) == 1


def test_singleton_game_content_hash_follows_the_published_rule(ctx: Context) -> None:
    doc = _data("universal.game", ctx, {"token": "op"})["data"]
    assert doc["@content_hash"] == jcs_hash({k: v for k, v in doc.items() if k not in PREAMBLE})


def test_every_card_hash_round_trips_through_federation(ctx: Context) -> None:
    for printing in ctx.snapshot.printings():
        card = _data("universal.card", ctx, {"sku": printing.sku})["data"]
        found = _data("federation.identify", ctx, {"hash": card["@content_hash"]})
        assert found["matched"] is True and found["sku"] == printing.sku


# ----------------------------------------------------------------------------------------- error shape

ERROR_CASES = [
    ("universal.card", {"sku": "op-op01-999-en"}, {}, 404, "sku_not_found"),
    ("universal.card", {"sku": "ptcg-tst1-1-ja"}, {}, 404, "sku_not_found"),
    # a malformed SKU is "not in the catalog": the spec's 400s are dates, hashes and deck bodies only
    ("universal.card", {"sku": "not-a-sku"}, {}, 404, "sku_not_found"),
    ("universal.card", {"sku": "OP-OP01-001-EN"}, {}, 404, "sku_not_found"),
    ("universal.card", {"sku": "mtg-lea-1-en"}, {}, 404, "sku_not_found"),
    ("universal.card", {"sku": KNOWN_SKU}, {"density": "dense"}, 400, "invalid_parameter"),
    ("universal.card", {"sku": KNOWN_SKU}, {"density": "SPARSE"}, 400, "invalid_parameter"),
    ("universal.sets", {"game": "mtg"}, {}, 404, "game_not_found"),
    ("universal.game", {"token": "mtg"}, {}, 404, "game_not_found"),
    ("universal.set", {"code": "op-op99"}, {}, 404, "set_not_found"),  # declared, never printed
    ("universal.set", {"code": "zz01"}, {}, 404, "set_not_found"),  # op01 alone is op-op01 now (a bare code)
    ("universal.set", {"code": "mtg-lea"}, {}, 404, "set_not_found"),
    ("universal.temporal_card", {"date": "2024-02-30", "sku": KNOWN_SKU}, {}, 400, "invalid_parameter"),
    ("universal.temporal_card", {"date": "2024-2-29", "sku": KNOWN_SKU}, {}, 400, "invalid_parameter"),
    ("universal.temporal_card", {"date": "yesterday", "sku": KNOWN_SKU}, {}, 400, "invalid_parameter"),
    ("universal.temporal_card", {"date": "2024-02-29", "sku": "op-op01-999-en"}, {}, 404, "sku_not_found"),
    ("universal.temporal_card", {"date": "2024-02-29T00", "sku": KNOWN_SKU}, {}, 400, "invalid_parameter"),
    ("federation.identify", {"hash": "abc"}, {}, 400, "invalid_parameter"),
    ("federation.identify", {"hash": "sha256:" + "a" * 63}, {}, 400, "invalid_parameter"),
    ("federation.identify", {"hash": "sha1:" + "a" * 64}, {}, 400, "invalid_parameter"),
    ("federation.identify", {"hash": "g" * 64}, {}, 400, "invalid_parameter"),
    ("federation.identify_at", {"date": "2024-13-01", "hash": "a" * 64}, {}, 400, "invalid_parameter"),
    ("federation.identify_at", {"date": "today", "hash": "a" * 64}, {}, 400, "invalid_parameter"),
    ("federation.identify_at", {"date": "2024-01-01", "hash": "a" * 65}, {}, 400, "invalid_parameter"),
    ("federation.by_upstream", {}, {"upstream": "nope"}, 404, "upstream_not_found"),
]


@pytest.mark.parametrize(
    "surface_id,params,query,status,code", ERROR_CASES, ids=[f"{c[0]}-{c[4]}-{i}" for i, c in enumerate(ERROR_CASES)]
)
def test_errors_have_the_error_shape_and_a_stable_code(
    ctx: Context, surface_id: str, params: dict, query: dict, status: int, code: str
) -> None:
    surface = next(s for s in SURFACES if s.id == surface_id)
    path, rendered = answer(surface, ctx, params, query)
    assert rendered.status == status
    assert rendered.headers["Content-Type"] == JSON_TYPE
    assert rendered.headers["ETag"] == etag(rendered.body)
    assert rendered.headers["Cache-Control"] == "public, max-age=300"  # errors are cached briefly
    body = orjson.loads(rendered.body)
    assert {"code", "message"} <= set(body["error"]) <= {"code", "message", "parameter", "accepted"}
    assert ("parameter" in body["error"]) is (code == "invalid_parameter")  # a refusal names what it refused
    assert body["error"]["code"] == code and re.fullmatch(r"[a-z][a-z_]*", code)
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    assert "data" not in body
    if surface.enveloped:
        check_meta(surface, ctx, body["_meta"])
        check_headers(surface, ctx, path, rendered)


def test_an_unknown_upstream_lists_the_known_ones(ctx: Context) -> None:
    body = _data("federation.by_upstream", ctx, {}, {"upstream": "nope"})
    assert "pricecharting" in body["known_ids"] and "test-ptcg" in body["known_ids"]


def test_a_blocked_upstream_gets_an_explicit_blocked_status(ctx: Context) -> None:
    data = _data("federation.by_upstream", ctx, {}, {"upstream": ctx.site.blocked_source})["data"]
    assert data["status"] == "blocked" and data["upstream"] == "pricecharting"


@pytest.mark.parametrize("surface_id,date_first", [("federation.identify", False), ("federation.identify_at", True)])
def test_an_unmatched_well_formed_hash_is_200_matched_false_with_scope(
    ctx: Context, surface_id: str, date_first: bool
) -> None:
    params = {"hash": UNMATCHED_HASH} | ({"date": "2024-02-29"} if date_first else {})
    surface = next(s for s in SURFACES if s.id == surface_id)
    path, rendered = answer(surface, ctx, params, {})
    assert rendered.status == 200
    body = orjson.loads(rendered.body)
    assert body["matched"] is False and "sku" not in body
    assert body["scope"]["walk_bound_rows"] == 5000
    assert body["scope"]["printings_indexed"] == 19
    assert body["query"]["hash"] == UNMATCHED_HASH
    check_federation_response(ctx, body)


@pytest.mark.parametrize(
    "surface_id,params",
    [
        ("universal.temporal_card", {"date": "2024-W01-1", "sku": KNOWN_SKU}),
        ("universal.temporal_card", {"date": "20240229T1", "sku": KNOWN_SKU}),
        ("federation.identify_at", {"date": "2024-W01-1", "hash": UNMATCHED_HASH}),
    ],
)
def test_only_yyyy_mm_dd_is_a_date(ctx: Context, surface_id: str, params: dict) -> None:
    surface = next(s for s in SURFACES if s.id == surface_id)
    assert answer(surface, ctx, params, {})[1].status == 400


def test_a_practice_match_the_card_pool_cannot_deal_is_a_503_not_a_crash(ctx: Context) -> None:
    """Found by schemathesis: the synthetic catalog has no Leader a legal deck can be built around."""
    surface = next(s for s in SURFACES if s.path == "/api/v1/play/practice")
    rendered = post(surface, dataclasses.replace(ctx, referee_key=dev_key()), b'{"op": "new", "level": 0}')
    assert rendered.status == 503 and orjson.loads(rendered.body)["error"]["code"] == "practice_unavailable"
