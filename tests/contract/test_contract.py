"""The contract surfaces are generated from the registry: every surface is in each of them, and each
answers what the spec and the providers' documented shapes say."""

from __future__ import annotations

import re

import orjson
import pytest
from openapi_spec_validator import validate

from generator.contract.tools import FORMATS, tool_name
from generator.web.respond import respond
from generator.web.surface import ALL_METHODS, Context


def answer(ctx: Context, surface_id: str, params: dict | None = None, query: dict | None = None):
    surface = next(s for s in ctx.surfaces if s.id == surface_id)
    rendered = respond(surface, ctx, params or {}, query or {}, surface.concrete(params or {}))
    return rendered, orjson.loads(rendered.body)


def test_the_openapi_document_is_valid_openapi_3_1(ctx: Context) -> None:
    _, document = answer(ctx, "contract.openapi")
    validate(document)
    assert document["openapi"] == "3.1.0" and document["info"]["version"] == "1.0.0"
    assert "_meta" not in document  # not enveloped


def test_a_body_read_whatever_its_shape_is_declared_as_any_object(ctx: Context) -> None:
    """identify and the recipe check take any JSON object and answer what is wrong as data: the
    document says so (anyOf the model and any object), or schemathesis' negative data, which they
    accept by design, would be a contradiction between document and server (issue 34, item 3)."""
    _, document = answer(ctx, "contract.openapi")
    lenient = {s.path for s in ctx.surfaces if (m := s.method("POST")) is not None and m.body and not m.check_body}
    assert lenient == {"/api/v1/identify", "/api/v1/recipe-template"}
    for surface in ctx.surfaces:
        method = surface.method("POST")
        if method is None or method.body is None:
            continue
        schema = document["paths"][surface.path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        model = {"$ref": f"#/components/schemas/{method.body.__name__}"}
        assert schema["anyOf"] == [model, {"type": "object"}] if surface.path in lenient else schema == model


def test_every_surface_is_in_the_manifest_openapi_tools_and_examples(ctx: Context) -> None:
    _, manifest = answer(ctx, "contract.manifest")
    _, openapi = answer(ctx, "contract.openapi")
    _, tools = answer(ctx, "contract.tools")
    _, examples = answer(ctx, "contract.examples")
    by_path = {r["path"]: r for r in manifest["data"]["resources"]}
    tool_names = {t["name"] for t in tools["data"]["tools"]}
    example_ids = {e["endpoint_id"] for e in examples["data"]["examples"]}
    for surface in ctx.surfaces:
        assert by_path[surface.path]["methods"] == list(surface.methods)
        item = openapi["paths"][surface.path]
        # HEAD is GET's; OPTIONS is the app's own preflight on every path (issue 34), no surface's operation
        assert {m.upper() for m in item if m.upper() in ALL_METHODS} >= set(surface.methods) - {"HEAD", "OPTIONS"}
        if surface.compute is not None and surface.auth == "public":
            assert tool_name(surface) in tool_names
        assert surface.id in example_ids
        assert surface.model is not None, f"{surface.id} declares no response model"
    assert set(openapi["paths"]) == {s.path for s in ctx.surfaces}  # and nothing unserved


def test_every_openapi_path_is_answered(ctx: Context) -> None:
    """Each documented path routes to its surface and answers its example request (no 404)."""
    from generator.contract.examples import example_request
    from generator.web.router import match

    _, openapi = answer(ctx, "contract.openapi")
    for path in openapi["paths"]:
        surface = next(s for s in ctx.surfaces if s.path == path)
        request = example_request(ctx, surface)
        if request is None or surface.compute is None:
            continue
        params, query = request
        concrete = surface.concrete(params)
        assert match(ctx.surfaces, concrete)[0] is surface
        rendered = respond(surface, ctx, params, query, concrete)
        keyed = (401,) if surface.auth != "public" else ()  # the example carries no key
        assert rendered.status in (surface.answer_status, 503, *keyed), (concrete, rendered.body[:200])


def test_manifest_has_the_embassy_block(ctx: Context) -> None:
    _, manifest = answer(ctx, "contract.manifest")
    assert set(manifest["data"]["embassy"]) == {
        "role",
        "serves_kinds",
        "host",
        "epoch",
        "protocols",
        "symmetric_surface",
        "posted_alongside",
        "posted_from",
        "invitation",
        "wake_url",
        "dear_agents",
        "distributed_wake",
        "built_with",
    }
    assert manifest["_meta"]["self_reference"] == {"this_endpoint": "/api/v1/manifest", "contains_self": True}
    assert manifest["data"]["resource_count"] == len(ctx.surfaces)


@pytest.mark.parametrize("provider", [f for f in FORMATS if f != "json"])
def test_provider_tool_arrays_have_each_documented_shape(ctx: Context, provider: str) -> None:
    rendered, tools = answer(ctx, "contract.tools", query={"format": provider})
    assert rendered.status == 200 and isinstance(tools, list)
    if provider == "openai":  # Responses API function tools
        assert all(
            set(t) == {"type", "name", "description", "parameters", "strict"} and t["type"] == "function" for t in tools
        )
        functions = tools
    elif provider == "anthropic":  # Messages API tools
        assert all(set(t) == {"name", "description", "input_schema"} for t in tools)
        functions = [{**t, "parameters": t["input_schema"]} for t in tools]
    else:  # gemini: one Tool holding functionDeclarations, schema subset only
        assert len(tools) == 1 and set(tools[0]) == {"functionDeclarations"}
        functions = tools[0]["functionDeclarations"]
        assert all(set(f["parameters"]) <= {"type", "properties", "required"} for f in functions)
    assert len(functions) == sum(1 for s in ctx.surfaces if s.compute is not None and s.auth == "public")
    for function in functions:
        assert re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", function["name"])
        assert function["parameters"]["type"] == "object"
        assert set(function["parameters"]["required"]) <= set(function["parameters"]["properties"])
    card = next(f for f in functions if f["name"] == "universal_card")
    assert card["parameters"]["required"] == ["sku"] and card["parameters"]["properties"]["density"]["enum"] == [
        "sparse",
        "normal",
        "saturated",
    ]


def test_an_unknown_tool_format_is_400_listing_the_known_ones(ctx: Context) -> None:
    rendered, body = answer(ctx, "contract.tools", query={"format": "cobol"})
    assert rendered.status == 400 and body["error"]["code"] == "invalid_parameter"
    assert body["error"]["parameter"] == "format" and body["error"]["accepted"] == list(FORMATS)


def test_an_example_is_a_real_request_and_the_response_this_build_serves(ctx: Context) -> None:
    rendered, body = answer(ctx, "contract.example", {"endpoint_id": "universal.games"})
    example = body["data"]
    games = next(s for s in ctx.surfaces if s.id == "universal.games")
    served = orjson.loads(respond(games, ctx, {}, {}, games.path).body)
    [get] = example["operations"]
    assert get["request"] == {"method": "GET", "url": "/api/v1/universal/games"} and get["answered_by"] == "file"
    assert get["response"]["status"] == 200
    assert get["response"]["body"]["data"]["count"] == served["data"]["count"]
    assert example["when_to_use"] and isinstance(example["gotchas"], list)


def test_an_unknown_example_is_404_with_known_ids(ctx: Context) -> None:
    rendered, body = answer(ctx, "contract.example", {"endpoint_id": "nope"})
    assert rendered.status == 404 and "universal.card" in body["known_ids"]


def test_the_diagnostic_fixture_has_every_meta_member(ctx: Context) -> None:
    from generator.models.envelope import Meta

    _, body = answer(ctx, "contract.diagnostic")
    assert set(body) == {"data", "_meta"}
    assert set(body["_meta"]) == set(Meta.model_fields) | {"source_license", "does_not_include"}
    assert body["_meta"]["self_reference"] == {"this_endpoint": "/api/v1/diagnostic", "contains_self": True}
    Meta.model_validate(body["_meta"])
