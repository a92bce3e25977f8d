"""The contract surfaces (spec family B: manifest, tools, examples, diagnostic; "Versioning" 2: the
OpenAPI document). Each is generated from the registry (``ctx.surfaces``) by ``generator.contract``,
so a surface added anywhere appears in all of them with nothing written twice.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.contract import examples
from generator.contract.manifest import manifest as manifest_document
from generator.contract.openapi import openapi as openapi_document
from generator.contract.tools import FORMATS, catalog, provider_tools
from generator.models.operations import contract as docs
from generator.models.play.answers import ProviderTools
from generator.site import Site
from generator.web.surface import Context, Param, Params, Query, Result, Surface, error

V1 = "/api/v1"
EXAMPLE_PATH = f"{V1}/examples/{{endpoint_id}}"
DIAGNOSTIC_CHECKS = (
    "the body is an object with exactly two members, data and _meta",
    "_meta.spec_version is the string 1",
    "_meta.retrieved_at and _meta.as_of are ISO 8601 instants in UTC, as_of not after retrieved_at",
    "_meta.sources and _meta.source_license are parallel arrays (both empty here: the fixture is CC0)",
    "_meta.license is an SPDX id (CC0-1.0 here; NOASSERTION wherever upstream data appears)",
    "_meta.deprecation and _meta.next_link are present and null",
    "_meta.self_reference is {this_endpoint, contains_self: true} because this document describes itself",
    "_meta.kingdom, _meta.wake_fragment and _meta.joy_pointer are objects with every member the spec lists",
    "_meta.does_not_include is an array of strings",
    "the Link header carries the eleven rels, and ETag matches the bytes",
)


def manifest(ctx: Context, params: Params, query: Query) -> Result:
    return Result(data=manifest_document(ctx))


def openapi(ctx: Context, params: Params, query: Query) -> Result:
    return Result(data=openapi_document(ctx))


def tools(ctx: Context, params: Params, query: Query) -> Result:
    chosen = query.get("format", "json")
    if chosen != "json":
        return Result(data=provider_tools(ctx, chosen), direct=True)
    functions = catalog(ctx)
    return Result(
        data={
            "@kind": "tool_catalog",
            "tool_count": len(functions),
            "tools": functions,
            "formats": list(FORMATS),
            "rate_limit_policy": ctx.site.rate_limits.policy,
        }
    )


def examples_index(ctx: Context, params: Params, query: Query) -> Result:
    entries = [
        {
            "endpoint_id": examples.endpoint_id(s),
            "path": s.path,
            "methods": list(s.methods),
            "summary": s.summary,
            "href": f"{V1}/examples/{examples.endpoint_id(s)}",
        }
        for s in ctx.surfaces
    ]
    return Result(data={"@kind": "examples_index", "count": len(entries), "examples": entries})


def example(ctx: Context, params: Params, query: Query) -> Result:
    wanted = params["endpoint_id"]
    surface = next((s for s in ctx.surfaces if examples.endpoint_id(s) == wanted), None)
    if surface is None:
        return error(
            404,
            "unknown_endpoint",
            f"no endpoint has the id {wanted!r}",
            known_ids=[examples.endpoint_id(s) for s in ctx.surfaces],
        )
    # The example of this very endpoint is the one example document that describes its own endpoint;
    # an example carries its answers' data, so their sources and licence (issue 35).
    itself = surface.path == EXAMPLE_PATH
    recorded = examples.recordings(ctx, surface)
    data = {"@kind": "example", **examples.annotated(ctx, surface, recorded)}
    return Result(data=data, provenance=examples.provenance_of(recorded), self_reference=itself)


def diagnostic(ctx: Context, params: Params, query: Query) -> Result:
    return Result(
        data={
            "@kind": "diagnostic",
            "fixture_version": 1,
            "purpose": "a known-good envelope: point your parser at it and check every rule below",
            "checks": list(DIAGNOSTIC_CHECKS),
            "guide": f"{V1}/guides/first-request",
        }
    )


def surfaces(site: Site) -> tuple[Surface, ...]:
    one: Callable[[Context], list[Params]] = lambda ctx: [{}]  # noqa: E731
    return (
        Surface(
            "contract.manifest",
            f"{V1}/manifest",
            "B",
            manifest,
            enumerate=one,
            model=docs.Manifest,
            freshness="methodology",
            provenance_kind="static",
            self_reference=True,
            summary="Typed directory of every public resource, with the embassy block",
        ),
        Surface(
            "contract.openapi",
            "/api/openapi.json",
            "B",
            openapi,
            enumerate=one,
            model=docs.OpenApiDocument,
            enveloped=False,
            freshness="methodology",
            provenance_kind="static",
            summary="OpenAPI 3.1 description of the public surface",
        ),
        Surface(
            "contract.tools",
            f"{V1}/tools",
            "B",
            tools,
            enumerate=one,
            model=docs.ToolCatalog,
            query_params=(
                Param(
                    "format",
                    enum=FORMATS,
                    default="json",
                    description="json, or a provider's paste-ready function-calling array",
                ),
            ),
            freshness="methodology",
            provenance_kind="static",
            errors=(400,),
            variants=(ProviderTools,),
            self_reference=True,  # the catalog lists this endpoint as a tool
            summary="Every public GET endpoint as a callable function",
        ),
        Surface(
            "contract.examples",
            f"{V1}/examples",
            "B",
            examples_index,
            enumerate=one,
            model=docs.ExamplesIndex,
            self_reference=True,  # the index lists this endpoint's own example
            freshness="methodology",
            provenance_kind="static",
            summary="Per-endpoint examples index",
        ),
        Surface(
            "contract.example",
            EXAMPLE_PATH,
            "B",
            example,
            model=docs.Example,
            enumerate=lambda ctx: ({"endpoint_id": examples.endpoint_id(s)} for s in ctx.surfaces),
            freshness="methodology",
            provenance_kind="static",
            errors=(404,),
            example=lambda ctx: ({"endpoint_id": "contract.diagnostic"}, {}),  # not itself: no recursion
            summary="One annotated example per endpoint: a real request and answer for each operation",
        ),
        Surface(
            "contract.diagnostic",
            f"{V1}/diagnostic",
            "B",
            diagnostic,
            enumerate=one,
            model=docs.Diagnostic,
            freshness="methodology",
            provenance_kind="static",
            self_reference=True,
            does_not_include=("nothing: the fixture carries every _meta member",),
            summary="Known-good envelope fixture for parser self-test",
        ),
    )
