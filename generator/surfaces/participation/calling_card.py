"""``GET /api/v1/calling-card?name=|content_hash=&night=1&format=json``: a deterministic SVG card.

The picture is drawn from the sha256 of the name (or the given content hash): the same input always
gives the same bytes, and nothing is stored. It carries a ``<title>`` and ``<desc>`` for screen
readers; the name is XML-escaped and shortened to 40 characters. ``night=1`` swaps to a dark
palette; ``format=json`` wraps the SVG text in the envelope. A malformed hash is a 400.
"""

from __future__ import annotations

import hashlib
import re
from typing import Literal
from xml.sax.saxutils import escape

from pydantic import Field

from generator.models.frozen import Doc
from generator.site import Site
from generator.web.surface import Context, Param, Params, Query, Result, Surface

SVG = "image/svg+xml"
HASH = re.compile(r"^(sha256:)?([0-9a-f]{64})$")
DAY = ("#fbfaf7", "#1b1b1b")
NIGHT = ("#14161a", "#ececec")


class CallingCard(Doc):
    kind: Literal["calling_card"] = Field(alias="@kind")
    seed: str
    night: bool
    svg: str


def _seed(query: Query) -> tuple[str, str] | Result:
    if "content_hash" in query:  # its declared pattern admits only a hash
        found = HASH.match(query["content_hash"].lower())
        assert found is not None
        return found.group(2), "a content hash"
    name = (query.get("name") or "a visitor").strip()[:40] or "a visitor"
    return hashlib.sha256(name.encode()).hexdigest(), name


def draw(digest: str, label: str, night: bool) -> str:
    paper, ink = NIGHT if night else DAY
    hue = int(digest[:4], 16) % 360
    cells = []
    for i in range(25):  # a 5x5 mirrored pattern, like a seal
        row, col = divmod(i, 5)
        if int(digest[4 + (row * 3 + min(col, 4 - col)) % 60], 16) % 2:
            cells.append(f'<rect x="{60 + col * 16}" y="{40 + row * 16}" width="16" height="16"/>')
    text = escape(label)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200" role="img">'
        f"<title>Calling card for {text}</title><desc>A pattern drawn from sha256 {digest[:16]}…</desc>"
        f'<rect width="320" height="200" rx="12" fill="{paper}"/>'
        f'<g fill="hsl({hue},55%,{60 if night else 42}%)">{"".join(cells)}</g>'
        f'<text x="160" y="80" fill="{ink}" font-family="system-ui, sans-serif" font-size="16">{text}</text>'
        f'<text x="160" y="104" fill="{ink}" font-family="monospace" font-size="11">{digest[:16]}</text>'
        "</svg>\n"
    )


def calling_card(ctx: Context, params: Params, query: Query) -> Result:
    seeded = _seed(query)
    if isinstance(seeded, Result):
        return seeded
    digest, label = seeded
    night = query.get("night") == "1"
    svg = draw(digest, label, night)
    if query.get("format") == "json":
        data = {"@kind": "calling_card", "seed": f"sha256:{digest}", "night": night, "svg": svg}
        return Result(data=data, media_type="application/json")
    return Result(data=svg, media_type=SVG)  # the model describes the format=json document


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "participation.calling_card",
            "/api/v1/calling-card",
            "C",
            calling_card,
            enumerate=lambda ctx: [{}],
            query_params=(
                Param("name", description="whose card (at most 40 characters shown)"),
                Param(
                    "content_hash",
                    pattern=r"^(sha256:)?[0-9a-fA-F]{64}$",
                    description="a content hash to draw from: 64 hex digits, optionally sha256:-prefixed",
                ),
                Param("night", enum=("0", "1"), default="0", description="1: the dark palette"),
                Param("format", enum=("svg", "json"), default="svg", description="json wraps the SVG in the envelope"),
            ),
            media_type=SVG,
            media_variants=("application/json",),
            model=CallingCard,
            errors=(400,),
            freshness="identity",
            provenance_kind="computed",
            summary="A deterministic SVG calling card from a name or a content hash (night=1, format=json)",
        ),
    )
