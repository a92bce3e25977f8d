"""``/api/mcp``: the Model Context Protocol gate (spec "Authentication" 3; issue 36), in the registry.

The registry entry is what the manifest (access kind ``agent``), OpenAPI, the discovery documents and
the self-description's probes read: the gate is served when this entry is. Its answers come from
the app's MCP transport (``generator.serve.gate``), which the app hands ``/api/mcp`` before any
surface is matched: bearer key, JSON-RPC over Streamable HTTP, and every tool of
``generator.contract.mcp``. The handler below answers only a caller that reaches the entry some other
way (the registry called directly): it says where the gate is, and reads nothing.
"""

from __future__ import annotations

from generator.models.operations import contract as docs
from generator.site import Site
from generator.web.surface import Context, Method, Params, Query, Result, Surface, error

GATE = "/api/mcp"


def outside_the_transport(ctx: Context, params: Params, query: Query) -> Result:
    """What the gate answers a caller without a key (the examples' recording reaches this entry, not
    the transport): the same 401 the transport gives, so the recorded example replays."""
    message = "the MCP gate needs Authorization: Bearer <agent key> (docs/mcp.md says where keys come from)"
    refused = error(401, "missing_key", message)
    return Result(status=401, error=refused.error, headers={"WWW-Authenticate": f'Bearer realm="{ctx.site.service}"'})


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "contract.mcp",
            GATE,
            "B",
            None,
            post=Method(outside_the_transport, read_body=False, body=docs.McpMessage, answer=docs.McpAnswer),
            model=docs.McpAnswer,
            auth="agent",
            enveloped=False,  # JSON-RPC messages, as the MCP transport shapes them
            freshness="uncached",
            provenance_kind="computed",
            stability="beta",
            since="2026-11-28",
            errors=(401, 403, 406, 415),
            gotchas=(
                "POST one JSON-RPC McpMessage with Authorization: Bearer <agent key>; without one the gate "
                "answers 401 missing_key (the recorded example shows it: an example carries no key)",
            ),
            summary="The Model Context Protocol gate: every public JSON read, the deck check and practice as "
            "tools, card documents as resources (Streamable HTTP, bearer agent key)",
        ),
    )
