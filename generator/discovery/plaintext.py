"""The plain-text and XML discovery documents: ``/llms.txt``, ``/robots.txt`` and the sitemap.

- llms.txt follows the llms.txt proposal: an H1 with the site's name, a blockquote summary, a
  paragraph of notes, then H2 sections of ``- [title](url): note`` links; a section named
  "Optional" holds what a reader with little context may skip. Links are absolute and only to routes
  this build answers; the guides section lists every guide the registry enumerates.
- robots.txt disallows the gated areas the spec names (the MCP gate, account pages) and every
  registered surface whose auth is not public, and points to the sitemap. It means the same to an
  RFC 9309 parser (the longest matching rule wins) and to a first-match one (``urllib.robotparser``):
  there is no ``Allow`` line (everything not disallowed is allowed), and a gated path with a
  placeholder is never cut at the placeholder (``/api/v1/sources/`` would block the public source
  pages): it is written once per value a public surface above it enumerates
  (``/api/v1/sources/<id>/runs``), a plain prefix every parser reads, and in RFC 9309's wildcard
  form (``/api/v1/sources/*/runs``) for any other value; a first-match parser that knows no
  wildcards reads that line as a literal path no URL has, so it changes nothing there.
- The sitemap (sitemaps.org 0.9) lists every HTML page the registry enumerates, absolute and
  percent-encoded. Over 50,000 URLs it becomes a sitemap index of numbered pages of 50,000
  (``/sitemaps/{page}.xml``); page 1 is always served, so a crawler can rely on it.
"""

from __future__ import annotations

import math
import re
import textwrap
from xml.sax.saxutils import escape

from generator.content.wellknown import Link, fill
from generator.dependencies import memoized
from generator.discovery.links import absolute, served
from generator.render import base_type
from generator.web.surface import Context

SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
SITEMAP_MAX_URLS = 50_000  # the sitemaps.org limit per file
SITEMAP_PAGE = "/sitemaps/{page}.xml"
GUIDE_PATH = "/api/v1/guides/{slug}"
XML_ENTITIES = {"'": "&apos;", '"': "&quot;"}


def _link_line(ctx: Context, link: Link) -> str:
    return f"- [{fill(link.title, ctx.site)}]({absolute(ctx.site, link.path)}): {fill(link.note, ctx.site)}"


def _guides(ctx: Context) -> list[str]:
    surface = next((s for s in ctx.surfaces if s.path == GUIDE_PATH), None)
    if surface is None or surface.enumerate is None:
        return []
    slugs = sorted(params["slug"] for params in surface.enumerate(ctx))
    return [
        f"- [{slug.replace('-', ' ').capitalize()}]({absolute(ctx.site, surface.concrete({'slug': slug}))}): guide"
        for slug in slugs
    ]


def llms_txt(ctx: Context) -> str:
    site, prose = ctx.site, ctx.content.discovery.wellknown
    lines = [f"# {site.display_name}", "", f"> {fill(prose.summary, site)}", "", fill(prose.llms.notes, site)]
    sections = [
        (s.title, [_link_line(ctx, link) for link in s.links if served(ctx, link.path)]) for s in prose.llms.sections
    ]
    sections.append(("Guides", _guides(ctx)))
    sections.append(("Optional", [_link_line(ctx, link) for link in prose.llms.optional if served(ctx, link.path)]))
    for title, links in sections:
        if links:
            lines += ["", f"## {title}", "", *links]
    return "\n".join(lines) + "\n"


def _disallowed(ctx: Context) -> list[str]:
    gated = list(ctx.content.discovery.wellknown.robots.disallow_always)
    for surface in ctx.surfaces:
        if surface.auth != "public":
            gated += _rules(ctx, surface.path)
    return list(dict.fromkeys(gated))


def _rules(ctx: Context, path: str) -> list[str]:
    """A gated path as robots rules (see the module docstring)."""
    if "{" not in path:
        return [path]
    wildcard = re.sub(r"\{\w+\}", "*", path)
    for above in ctx.surfaces:
        values, tail = above.enumerate, path[len(above.path) :]
        if values is None or above.auth != "public" or "{" not in above.path:
            continue
        if path.startswith(above.path + "/") and "{" not in tail:
            return [*sorted(above.concrete(params) + tail for params in values(ctx)), wildcard]
    return [wildcard]


def robots_txt(ctx: Context) -> str:
    site = ctx.site
    comment = textwrap.wrap(fill(ctx.content.discovery.wellknown.robots.comment, site), 96)
    lines = [f"# {line}" for line in comment]
    if served(ctx, "/llms.txt"):
        lines.append(f"# A summary for language models: {absolute(site, '/llms.txt')}")
    lines += [
        "",
        "User-agent: *",
        *(f"Disallow: {path}" for path in _disallowed(ctx)),
        "",
        f"Sitemap: {absolute(site, '/sitemap.xml')}",
    ]
    return "\n".join(lines) + "\n"


def html_urls(ctx: Context) -> list[str]:
    """Every HTML page the registry enumerates, absolute, sorted; not a paused door's page, which
    answers 503 (a sitemap lists pages to index). Made once per build worker (``Context.memo``):
    every sitemap page lists them, and each page making them again grew with the square of the
    catalog (0.6 s of CPU for the real one, 9.2 s at 4x: docs/scaling.md)."""
    return list(memoized(ctx.memo, "discovery.plaintext.html_urls", lambda: _html_urls(ctx)))


def _html_urls(ctx: Context) -> list[str]:
    urls = {
        absolute(ctx.site, s.concrete(params))
        for s in ctx.surfaces
        if base_type(s.media_type) == "text/html" and s.enumerate is not None and not s.paused
        for params in s.enumerate(ctx)
    }
    return sorted(urls)


def page_count(urls: list[str]) -> int:
    """How many numbered sitemap pages of 50,000 the URLs fill (always at least one page)."""
    return max(1, math.ceil(len(urls) / SITEMAP_MAX_URLS))


def urlset(urls: list[str]) -> str:
    body = "".join(f"  <url><loc>{escape(url, XML_ENTITIES)}</loc></url>\n" for url in urls)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{SITEMAP_NS}">\n{body}</urlset>\n'


def sitemap_index(ctx: Context, pages: int) -> str:
    body = "".join(
        f"  <sitemap><loc>{escape(absolute(ctx.site, SITEMAP_PAGE.format(page=n)), XML_ENTITIES)}</loc></sitemap>\n"
        for n in range(1, pages + 1)
    )
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{SITEMAP_NS}">\n{body}</sitemapindex>\n'


def sitemap(ctx: Context) -> str:
    """One urlset while the URLs fit in one sitemap, else the index of the numbered pages."""
    urls = html_urls(ctx)
    return urlset(urls) if len(urls) <= SITEMAP_MAX_URLS else sitemap_index(ctx, page_count(urls))


def sitemap_page(urls: list[str], page: int) -> str:
    return urlset(urls[(page - 1) * SITEMAP_MAX_URLS : page * SITEMAP_MAX_URLS])
