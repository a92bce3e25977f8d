"""The MCP gate's tools and resources are generated from the registry (generator/contract/mcp.py):
each output schema is a real JSON Schema that the surface's own answers satisfy, the resource URIs
map to REST paths and back, and the manifest and OpenAPI describe the gate as an ``agent`` door."""

from __future__ import annotations

import re
from dataclasses import replace

import orjson
import pytest
from jsonschema import Draft202012Validator

from generator.content.wellknown import fill
from generator.contract.examples import example_request, recordings
from generator.contract.mcp import agent_reads, body_tools, resource_path, resource_uri, tool_specs
from generator.contract.tools import catalog
from generator.play.protocol.seal import dev_key
from generator.site import load_site
from generator.surfaces.families import surfaces
from generator.web.respond import respond
from generator.web.surface import Context

REGISTRY = surfaces(load_site())
SPECS = tool_specs(REGISTRY)
SERVICE = load_site().service


def test_every_get_tool_is_the_catalogs_function_and_every_post_tool_declares_its_body(ctx: Context) -> None:
    functions = {f["name"]: f for f in catalog(ctx)}
    reads = {s.id for s in agent_reads(REGISTRY)}
    for spec in SPECS:
        if spec.method == "GET":
            assert spec.surface.id in reads and spec.surface.media_type == "application/json"
            assert (spec.description, spec.input_schema) == (
                functions[spec.name]["description"],
                functions[spec.name]["parameters"],
            )
        else:
            assert spec.surface.post is not None and spec.surface.post.tool and spec.input_schema["type"] == "object"
    assert len(SPECS) == len(reads) + len(body_tools(REGISTRY)) and len({s.name for s in SPECS}) == len(SPECS)
    left_out = {s.media_type for s in REGISTRY if s.compute is not None and s.auth == "public"} - {"application/json"}
    assert left_out == {
        "text/html",
        "text/plain",
        "application/xml",
        "image/svg+xml",
        "text/css",
        "text/javascript",
        "application/octet-stream",
        "application/x-ndjson",
    }


@pytest.mark.parametrize("spec", [s for s in SPECS if s.output_schema is not None], ids=lambda s: s.name)
def test_each_output_schema_admits_the_surfaces_own_answer(ctx: Context, spec, request) -> None:
    """The schema is valid JSON Schema (2020-12, what the SDK's client compiles) and the answer the
    surface gives its example request (the one the examples route shows) is valid against it."""
    Draft202012Validator.check_schema(spec.output_schema)
    assert spec.output_schema["type"] == "object"
    if spec.surface.id == "play.practice":  # the synthetic catalog cannot deal a match: the real one can
        ctx = replace(request.getfixturevalue("real_ctx"), referee_key=dev_key())
    if spec.method == "POST":  # the recorded example of the POST (its body is the method's example)
        rendered = next(r.rendered for r in recordings(ctx, spec.surface) if r.method == "POST")
    else:
        example = example_request(ctx, spec.surface)
        assert example is not None, f"{spec.surface.id}: a GET tool with no example request"
        params, query = example
        rendered = respond(spec.surface, ctx, params, query, spec.surface.concrete(params))
    method = spec.surface.post if spec.method == "POST" else None
    documented = (method.status if method else None) or spec.surface.answer_status
    if rendered.status != documented:  # an answer the tool marks isError (a paused door's 402)
        assert spec.method == "GET", f"{spec.surface.id}: its example is no answer the schema describes"
        return
    document = orjson.loads(rendered.body)
    errors = sorted(Draft202012Validator(spec.output_schema).iter_errors(document), key=str)
    assert not errors, f"{spec.surface.id}: {errors[0].message} at {list(errors[0].absolute_path)}"


def test_an_output_schema_is_left_out_only_where_an_answer_can_be_no_json_object() -> None:
    for spec in SPECS:
        surface = spec.surface
        texts = [m for m in surface.media_variants if not m.endswith("json")]
        if spec.output_schema is None:
            assert texts or surface.variants, surface.id  # a Markdown/Atom/text form, or a tool array
        else:
            assert not texts, surface.id


def test_resource_uris_are_rest_paths_under_the_services_scheme() -> None:
    path = "/api/v1/universal/card/op-op01-001-en"
    uri = resource_uri(SERVICE, path)
    assert uri == f"{SERVICE}://universal/card/op-op01-001-en" and resource_path(SERVICE, uri) == path
    for other in (
        "https://example.org/x",
        f"{SERVICE}://",
        f"{SERVICE}://universal/../games",
        f"{SERVICE}://./x",
        f"{SERVICE}://a//b",
        f"{SERVICE}://play/tutorial/",
    ):
        assert resource_path(SERVICE, other) is None, other
    with pytest.raises(ValueError):
        resource_uri(SERVICE, "/play/spec")


def test_the_instructions_name_only_tools_the_gate_has(ctx: Context) -> None:
    words = set(re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", fill(ctx.content.discovery.wellknown.mcp.instructions, ctx.site)))
    named = {w for w in words if w.split("_")[0] in {s.name.split("_")[0] for s in SPECS}}
    assert named and named <= {s.name for s in SPECS}, named - {s.name for s in SPECS}


def test_the_manifest_and_openapi_describe_the_gate_as_an_agent_door(ctx: Context) -> None:
    from generator.contract.manifest import manifest
    from generator.contract.openapi import openapi

    (entry,) = [r for r in manifest(ctx)["resources"] if r["path"] == "/api/mcp"]
    assert entry["auth"] == "agent" and entry["methods"] == ["POST"] and entry["serving"] == "computed"
    operation = openapi(ctx)["paths"]["/api/mcp"]["post"]
    assert operation["x-auth"] == "agent" and {"200", "401", "403"} <= set(operation["responses"])
    assert "requestBody" in operation and "get" not in openapi(ctx)["paths"]["/api/mcp"]
