"""Renderers: a document in, bytes out, one per media type (Datasette's one data function, many
renderers). ``respond`` picks the renderer by the answer's media type; adding a format is one entry
here, never an if-chain at the call sites.

JSON is serialised in exactly one place (``render_json``); text formats (plain text, Markdown, Atom,
SVG, XML) arrive as the ``str`` their surface composed; HTML comes from the surface's template.
"""

from __future__ import annotations

from collections.abc import Callable
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


RENDERERS: dict[str, Renderer] = {
    "application/json": render_json,
    "application/ld+json": render_json,
    "application/schema+json": render_json,
    "text/html": render_template,
    "text/plain": render_text,
    "text/css": render_text,
    "text/markdown": render_text,
    "application/atom+xml": render_text,
    "application/xml": render_text,
    "image/svg+xml": render_text,
    "application/x-ndjson": render_ndjson,
}


def base_type(media_type: str) -> str:
    return media_type.split(";")[0].strip()


def renderer(media_type: str) -> Renderer:
    found = RENDERERS.get(base_type(media_type))
    if found is None:
        raise LookupError(f"no renderer is registered for {media_type!r}")
    return found
