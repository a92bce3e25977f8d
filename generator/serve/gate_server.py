"""The MCP server behind the gate (the official SDK's low-level ``Server``): its tools and resources
are the registry's (``generator.contract.mcp``), and each call or read is the REST request it names,
answered by the app (``gate_calls``, ``gate_resources``).

Its identity comes from the site and the discovery prose (``content/discovery/wellknown.yaml``,
``mcp``): the service token as name, the API version, the title and the instructions an agent reads
on connecting. Every tool is annotated read-only, idempotent and closed-world: nothing a tool does
is kept (the practice referee's state travels sealed with the caller).
"""

from __future__ import annotations

from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel.server import Server
from mcp.shared.exceptions import MCPError
from starlette.requests import Request

from generator.content.wellknown import fill
from generator.contract.mcp import CARD_RESOURCE, resource_surfaces, tool_specs
from generator.contract.openapi import API_VERSION
from generator.discovery.links import absolute, reverse_dns_namespace
from generator.serve import gate_resources as resources
from generator.serve.gate_calls import Call, GateHost, ask, call_of, refusal_result, tool_result
from generator.web.surface import Result

READ_ONLY = types.ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)
FORWARDED = (b"user-agent", b"x-request-id")  # what a sub-request carries of the gate's request (never the key)


def gate_server(host: GateHost) -> Server[Any]:
    """The server for ``host``: the app, and the context of the build it serves."""
    ctx = host.context
    site, registry = ctx.site, ctx.surfaces
    specs = {spec.name: spec for spec in tool_specs(registry)}
    tools = [
        types.Tool(
            name=spec.name,
            description=spec.description,
            input_schema=spec.input_schema,
            output_schema=spec.output_schema,
            annotations=READ_ONLY,
        )
        for spec in specs.values()
    ]
    meta_key = f"{reverse_dns_namespace(site)}/http"
    readable = resource_surfaces(registry)
    card = next(s for s in readable if s.id == CARD_RESOURCE)
    documents = [s for s in readable if s.id != CARD_RESOURCE]
    readable_ids = [s.id for s in readable]

    async def list_tools(
        rctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(rctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        spec = specs.get(params.name)
        if spec is None:
            raise MCPError(types.INVALID_PARAMS, f"no tool {params.name[:100]!r}: tools/list names every tool")
        call = call_of(spec, params.arguments or {})
        if isinstance(call, Result):
            return refusal_result(call)
        return tool_result(spec, call, await ask(host, call, _forwarded(rctx)), meta_key)

    async def list_resources(
        rctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        cursor = params.cursor if params is not None else None
        return resources.listed(site.service, card, documents, host.context.snapshot, cursor)

    async def list_templates(
        rctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=[resources.template(site.service, card)])

    async def read_resource(
        rctx: ServerRequestContext[Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        path = resources.readable(site.service, registry, readable_ids, params.uri)
        reply = await ask(host, Call("GET", path), _forwarded(rctx))
        return resources.contents(params.uri, reply.status, reply.media_type, reply.body)

    prose = ctx.content.discovery.wellknown.mcp
    server = Server(
        site.service,
        version=API_VERSION,
        title=fill(prose.title, site),
        instructions=fill(prose.instructions, site),
        website_url=absolute(site, "/llms.txt"),
        # The 2026-07-28 transport checks a call's Mcp-Param headers against the tool's input schema:
        # given this lookup it reads one schema, else it runs the whole tools/list (~60 ms a call).
        get_tool_input_schema=lambda name: specs[name].input_schema if name in specs else None,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=list_resources,
        on_list_resource_templates=list_templates,
        on_read_resource=read_resource,
    )
    server.middleware = []  # the SDK's OpenTelemetry span per message: this service exports no traces
    return server


def _forwarded(rctx: ServerRequestContext[Any]) -> list[tuple[bytes, bytes]]:
    request = rctx.request
    if not isinstance(request, Request):
        return []
    return [(name, value) for name, value in request.scope["headers"] if name in FORWARDED]
