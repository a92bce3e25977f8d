"""Renderers: a document in, bytes out, one per media type (Datasette's one data function, many
renderers). ``respond`` picks the renderer by the answer's media type, the writer its file extension and
the wire whether to code it, all from one row of ``MEDIA_TYPES``: adding a format is one entry here,
never an if-chain at the call sites.

JSON is serialised in exactly one place (``render_json``); text formats (plain text, Markdown, Atom,
SVG, XML) arrive as the ``str`` their surface composed; HTML comes from the surface's template.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from generator.render.html import render_html

Renderer = Callable[[Any, str | None], bytes]  # (document, template) -> bytes


def render_json(document: Any, template: str | None = None) -> bytes:
    return orjson.dumps(document, option=orjson.OPT_APPEND_NEWLINE)


def render_text(document: Any, template: str | None = None) -> bytes:
    if isinstance(document, bytes):
        return document
    if not isinstance(document, str):
        raise TypeError(f"a text answer is a str, not {type(document).__name__}")
    return document.encode("utf-8")


def render_ndjson(document: Any, template: str | None = None) -> bytes:
    """One JSON value per line (a list of documents)."""
    return b"".join(orjson.dumps(line, option=orjson.OPT_APPEND_NEWLINE) for line in document)


def render_template(document: Any, template: str | None = None) -> bytes:
    if template is None:
        raise ValueError("an HTML answer needs its surface's template")
    return render_html(template, document)


@dataclass(frozen=True)
class MediaType:
    """Everything the pipeline knows of a media type, in one row: how a document becomes its bytes,
    the file extensions a static host serves it by (the first is added to a path that has none of
    them), and whether its bytes are text worth a content coding (``generator.web.conditional``)."""

    render: Renderer
    extensions: tuple[str, ...]
    compressible: bool


# HTML is served plain: there is a page for every card and number (about 89,000), people read them
# one at a time, and the CDNs a static site sits behind compress text on the fly (docs/reader-pages.md).
MEDIA_TYPES: dict[str, MediaType] = {
    "application/json": MediaType(render_json, (".json",), True),
    "application/ld+json": MediaType(render_json, (".jsonld", ".json"), True),
    "application/schema+json": MediaType(render_json, (".json",), True),
    "text/html": MediaType(render_template, (".html",), False),
    "text/plain": MediaType(render_text, (".txt",), True),
    "text/css": MediaType(render_text, (".css",), True),
    "text/javascript": MediaType(render_text, (".js",), True),
    # The static search index's chunks, metadata and WebAssembly (docs/search.md): Pagefind writes
    # each gzipped and its script inflates it, so they are sent as they are, never coded again.
    "application/octet-stream": MediaType(render_text, (".pf_meta", ".pf_index", ".pf_fragment", ".pagefind"), False),
    "text/markdown": MediaType(render_text, (".md",), True),
    "application/atom+xml": MediaType(render_text, (".xml", ".atom"), True),
    "application/xml": MediaType(render_text, (".xml",), True),
    "image/svg+xml": MediaType(render_text, (".svg",), True),
    "application/x-ndjson": MediaType(render_ndjson, (".ndjson", ".jsonl"), True),
}


def base_type(media_type: str) -> str:
    return media_type.split(";")[0].strip()


def media(media_type: str) -> MediaType:
    """The row of ``media_type`` (parameters such as charset ignored); a type without one is an error
    at the first answer that uses it, never a silent ``.bin``."""
    found = MEDIA_TYPES.get(base_type(media_type))
    if found is None:
        raise LookupError(f"no media type row is registered for {media_type!r} (generator/render)")
    return found


def renderer(media_type: str) -> Renderer:
    return media(media_type).render
