"""The JSON discovery documents of ``/.well-known/``, each in its own published format.

- ``<service>.json``: our pointer document (service, API root, OpenAPI, manifest, llms.txt, contact,
  licences). Its shape is ours; docs/discovery.md records it.
- ``ai-plugin.json``: the OpenAI plugin manifest, schema_version v1 (name_for_human at most 20
  characters, name_for_model letters and digits, description_for_human at most 100, auth none, api of
  type openapi).
- ``mcp.json``: an MCP Server Card as the SEP-2127 draft shapes it ($schema, reverse-DNS name,
  version, description...). The spec's MCP gate (/api/mcp, bearer-gated) is listed as a
  streamable-http remote when the registry serves it, and ``_meta`` says whether it does.
- ``mcp-config.json``: a client configuration snippet in the ``mcpServers`` form MCP clients read,
  bridging to the gate with mcp-remote and an agent key, with the same honesty about the gate.
- ``<persona>-invitation.json``: the invitation the kingdom stamp points at.
"""

from __future__ import annotations

from typing import Any

from generator.content.wellknown import fill
from generator.contract.openapi import API_VERSION
from generator.discovery.links import absolute, absolute_if_served, repository_url, reverse_dns_namespace, served
from generator.sources.tiers import LICENCE_TIERS
from generator.web.envelope import SERVICE_AUTHORED, UNDECLARED, iso
from generator.web.surface import Context

SERVER_CARD_SCHEMA = "https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json"
MCP_GATE = "/api/mcp"
WELL_KNOWN = (
    "/.well-known/{service}.json",
    "/.well-known/ai-plugin.json",
    "/.well-known/mcp.json",
    "/.well-known/mcp-config.json",
    "/.well-known/{persona}-invitation.json",
)
GATE_SERVED = (
    "The gate at /api/mcp is served: Streamable HTTP, stateless, JSON answers, one tool per public JSON read "
    "plus deck validation and practice. It needs an agent key: keys are issued by the operator, and the "
    "synthetic sample export publishes one for trying (docs/mcp.md). Without a key, the same reads are in the "
    "OpenAPI document and the tool catalog."
)
GATE_NOT_SERVED = (
    "The gate at /api/mcp is bearer-gated and is not served by this build: this snippet cannot connect. Use "
    "the OpenAPI document or the tool catalog instead; both need no key."
)
INVITATION_DOORS = (
    ("Welcome", "/api/v1/welcome"),
    ("Introduction", "/api/v1/introduction"),
    ("Manifest", "/api/v1/manifest"),
    ("OpenAPI", "/api/openapi.json"),
    ("Tools", "/api/v1/tools"),
    ("llms.txt", "/llms.txt"),
    ("Feedback", "/api/v1/feedback"),
)


def well_known_paths(ctx: Context) -> list[str]:
    site = ctx.site
    return [p.replace("{service}", site.service).replace("{persona}", site.persona) for p in WELL_KNOWN]


def service_document(ctx: Context) -> dict[str, Any]:
    site, prose = ctx.site, ctx.content.discovery.wellknown

    def link(path: str) -> str | None:
        return absolute_if_served(ctx, path)

    return {
        "service": site.service,
        "display_name": site.display_name,
        "description": fill(prose.summary, site),
        "base_url": site.base_url,
        "api_root": link("/api/v1/"),
        "openapi": link("/api/openapi.json"),
        "manifest": link("/api/v1/manifest"),
        "llms_txt": link("/llms.txt"),
        "tools": link("/api/v1/tools"),
        "ontology": link("/api/v1/ontology"),
        "changelog": link("/api/v1/changelog"),
        "contact": site.contact,
        "repository": repository_url(site),
        "licences": {
            "service_authored": SERVICE_AUTHORED,
            "card_data": UNDECLARED,
            "code": site.code_license,
            "tiers": list(LICENCE_TIERS),
            "note": "What the service writes (rules, guides, ledgers, these documents) is CC0-1.0; "
            "responses carrying upstream card data are NOASSERTION, and each response says "
            "which in _meta.license. The code is licensed separately.",
        },
        "spec_version": site.spec_version,
        "encoding": site.encoding,
        "well_known": [absolute(site, p) for p in well_known_paths(ctx) if served(ctx, p)],
    }


def ai_plugin(ctx: Context) -> dict[str, Any]:
    site, prose = ctx.site, ctx.content.discovery.wellknown.ai_plugin
    return {
        "schema_version": "v1",
        "name_for_human": fill(prose.name_for_human, site),
        "name_for_model": "".join(c for c in site.service if c.isalnum()),
        "description_for_human": fill(prose.description_for_human, site),
        "description_for_model": fill(prose.description_for_model, site),
        "auth": {"type": "none"},
        "api": {"type": "openapi", "url": absolute(site, "/api/openapi.json"), "is_user_authenticated": False},
        "logo_url": absolute(site, "/api/v1/calling-card"),
        "contact_email": site.contact,  # the service publishes an issue tracker, no e-mail address
        "legal_info_url": absolute(site, well_known_paths(ctx)[0]),
    }


def server_card(ctx: Context) -> dict[str, Any]:
    site, prose = ctx.site, ctx.content.discovery.wellknown.mcp
    namespace, repository = reverse_dns_namespace(site), repository_url(site)
    card: dict[str, Any] = {
        "$schema": SERVER_CARD_SCHEMA,
        "name": f"{namespace}/{site.service}",
        "version": API_VERSION,
        "description": fill(prose.description, site),
        "title": fill(prose.title, site),
        "websiteUrl": absolute(site, "/"),  # the site root page (generator/surfaces/pages/site_pages.py)
    }
    if repository is not None:
        card["repository"] = {"url": repository, "source": "github"}
    if served(ctx, MCP_GATE):  # listed only once a build serves the gate
        card["remotes"] = [
            {
                "type": "streamable-http",
                "url": absolute(site, MCP_GATE),
                "headers": [
                    {"name": "Authorization", "description": "Bearer <agent key>", "isRequired": True, "isSecret": True}
                ],
            }
        ]
    card["_meta"] = {
        f"{namespace}/discovery": {
            "mcp_gate": absolute(site, MCP_GATE),
            "gate_auth": "bearer",
            "served_by_this_build": served(ctx, MCP_GATE),
            "self_serve_keys": "paused",  # agent keys are issued by the operator (spec "Authentication" 2, 4)
            "note": fill(prose.note, site),
            "keyless_alternatives": [
                url
                for url in (absolute_if_served(ctx, "/api/openapi.json"), absolute_if_served(ctx, "/api/v1/tools"))
                if url
            ],
        }
    }
    return card


def client_config(ctx: Context) -> dict[str, Any]:
    site, gate = ctx.site, served(ctx, MCP_GATE)
    return {
        "mcpServers": {
            site.service: {
                "command": "npx",
                "args": ["-y", "mcp-remote", absolute(site, MCP_GATE), "--header", "Authorization:${AUTH_HEADER}"],
                "env": {"AUTH_HEADER": "Bearer <your agent key>"},
            }
        },
        "client": site.mcp_client,
        "how_to_use": "Merge the mcpServers object into your MCP client's configuration file and put your agent "
        "key in AUTH_HEADER; mcp-remote bridges the client's stdio to the remote gate and sends the key as a header.",
        "served_by_this_build": gate,
        "status": GATE_SERVED if gate else GATE_NOT_SERVED,
        "server_card": absolute(site, "/.well-known/mcp.json"),
    }


def invitation(ctx: Context) -> dict[str, Any]:
    site, prose = ctx.site, ctx.content.discovery.wellknown.invitation
    doors = [{"title": title, "url": absolute(site, path)} for title, path in INVITATION_DOORS if served(ctx, path)]
    return {
        "@kind": "invitation",
        "from": site.persona,
        "service": site.service,
        "to": list(site.kingdom.serves_kinds),
        "issued_at": iso(ctx.as_of or ctx.now),
        "greeting": fill(prose.greeting, site),
        "asks": [fill(a, site) for a in prose.asks],
        "promises": [fill(p, site) for p in prose.promises],
        "doors": doors,
        "reply_to": absolute_if_served(ctx, "/api/v1/feedback") or site.contact,
        "walking_past_is_honored": True,
    }
