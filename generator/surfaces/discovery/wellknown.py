"""The well-known and plain-text discovery documents (spec family B): ``/.well-known/<service>.json``,
``ai-plugin.json``, ``mcp.json``, ``mcp-config.json``, ``<persona>-invitation.json``, ``/llms.txt``,
``/robots.txt``, ``/sitemap.xml`` and its numbered pages.

All are direct documents (not enveloped) in their own formats, with absolute URLs from the site's
base URL, and all are files: they depend on nothing but the registry, the content and the site.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.discovery import plaintext
from generator.discovery import wellknown as documents
from generator.discovery.defaults import AUTHORED, one_path
from generator.models.discovery import wellknown as docs
from generator.site import Site
from generator.web.surface import Context, Handler, Param, Params, Query, Result, Surface, error


def _document(make: Callable[[Context], Any]) -> Handler:
    return lambda ctx, params, query: Result(data=make(ctx))


def sitemap_page(ctx: Context, params: Params, query: Query) -> Result:
    urls = plaintext.html_urls(ctx)
    pages = plaintext.page_count(urls)
    known = [str(n) for n in range(1, pages + 1)]
    if params["page"] not in known:
        return error(
            404,
            "unknown_sitemap_page",
            f"the sitemap has no page {params['page']!r}; its pages are 1 to {pages}",
            known_ids=known,
        )
    return Result(data=plaintext.sitemap_page(urls, int(params["page"])))


def _pages(ctx: Context) -> list[dict[str, str]]:
    return [{"page": str(n)} for n in range(1, plaintext.page_count(plaintext.html_urls(ctx)) + 1)]


def surfaces(site: Site) -> tuple[Surface, ...]:
    common: dict[str, Any] = {**AUTHORED, "enumerate": one_path, "enveloped": False}
    json_documents = (
        (
            "wellknown.service",
            f"/.well-known/{site.service}.json",
            documents.service_document,
            docs.ServiceWellKnown,
            "stable",
            "Machine-readable pointer to the API root, OpenAPI, manifest, llms.txt, contact and licences",
        ),
        (
            "wellknown.ai_plugin",
            "/.well-known/ai-plugin.json",
            documents.ai_plugin,
            docs.AiPlugin,
            "stable",
            "OpenAI plugin manifest (schema_version v1) pointing at the OpenAPI document",
        ),
        (
            "wellknown.mcp",
            "/.well-known/mcp.json",
            documents.server_card,
            docs.McpServerCard,
            "stable",
            "MCP Server Card, listing the bearer-gated MCP gate at /api/mcp when this build serves it",
        ),
        (
            "wellknown.mcp_config",
            "/.well-known/mcp-config.json",
            documents.client_config,
            docs.McpClientConfig,
            "beta",
            "MCP client configuration snippet (mcpServers) for the gate, with its status",
        ),
        (
            "wellknown.invitation",
            f"/.well-known/{site.persona}-invitation.json",
            documents.invitation,
            docs.Invitation,
            "beta",
            "The invitation the kingdom stamp points at: asks, promises and doors",
        ),
    )
    text_documents = (
        (
            "wellknown.llms_txt",
            "/llms.txt",
            plaintext.llms_txt,
            docs.LlmsTxt,
            "text/plain",
            "stable",
            "methodology",
            "llms.txt: what the service is, and links to its endpoints and guides",
        ),
        (
            "wellknown.robots",
            "/robots.txt",
            plaintext.robots_txt,
            docs.RobotsTxt,
            "text/plain",
            "beta",
            "methodology",
            "robots.txt: the public read surface is open to crawlers; points to the sitemap",
        ),
        (
            "wellknown.sitemap",
            "/sitemap.xml",
            plaintext.sitemap,
            docs.SitemapXml,
            "application/xml",
            "beta",
            "catalog",
            "Sitemap of every HTML page (a sitemap index beyond 50,000 URLs)",
        ),
    )
    found = [
        Surface(sid, path, "B", _document(make), model=model, stability=stability, summary=summary, **common)
        for sid, path, make, model, stability, summary in json_documents
    ]
    found += [
        Surface(
            sid,
            path,
            "B",
            _document(make),
            model=model,
            media_type=media,
            stability=stability,
            summary=summary,
            **{**common, "freshness": freshness},
        )
        for sid, path, make, model, media, stability, freshness, summary in text_documents
    ]
    return (
        *found,
        Surface(
            "wellknown.sitemap_page",
            plaintext.SITEMAP_PAGE,
            "B",
            sitemap_page,
            model=docs.SitemapXml,
            media_type="application/xml",
            stability="beta",
            errors=(404,),
            path_params=(Param("page", pattern=r"^[1-9][0-9]*$", description="a sitemap page number"),),
            **{**common, "freshness": "catalog", "enumerate": _pages},
            summary="One numbered page of at most 50,000 sitemap URLs (page 1 always exists)",
        ),
    )
