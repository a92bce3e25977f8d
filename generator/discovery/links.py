"""Links the discovery documents emit: absolute where a format needs it, and only to routes this build
answers (a well-known file that points at a 404 misleads every crawler that trusts it)."""

from __future__ import annotations

from urllib.parse import urlsplit

from generator.site import Site
from generator.web.envelope import header_url
from generator.web.router import match
from generator.web.surface import Context


def absolute(site: Site, path: str) -> str:
    """``path`` under the site's base URL, percent-encoded where a URL cannot carry it raw."""
    return site.base_url.rstrip("/") + header_url(path)


def served(ctx: Context, path: str) -> bool:
    """True when a registered surface answers ``path`` (concrete, e.g. /api/v1/guides/first-request)."""
    return match(ctx.surfaces, path) is not None


def absolute_if_served(ctx: Context, path: str) -> str | None:
    return absolute(ctx.site, path) if served(ctx, path) else None


def repository_url(site: Site) -> str | None:
    """The project's public repository, when the contact address is its GitHub issue tracker."""
    parts = urlsplit(site.contact)
    segments = [s for s in parts.path.split("/") if s]
    if parts.netloc == "github.com" and len(segments) >= 2:
        return f"https://github.com/{segments[0]}/{segments[1]}"
    return None


def repository_doc(site: Site, name: str) -> str | None:
    """A document of the repository's ``docs/`` folder (``sku.md``): this build serves no /docs pages."""
    repository = repository_url(site)
    return f"{repository}/blob/HEAD/docs/{name}" if repository is not None else None


def reverse_dns_namespace(site: Site) -> str:
    """The namespace of a reverse-DNS name (MCP server cards): io.github.<owner> for a GitHub project,
    else the base URL's host reversed."""
    repository = repository_url(site)
    if repository is not None:
        return "io.github." + repository.split("/")[3].lower()
    host = urlsplit(site.base_url).hostname or site.service
    return ".".join(reversed(host.split(".")))
