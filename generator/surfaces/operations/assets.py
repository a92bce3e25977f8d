"""The reader pages' one stylesheet, under a name made from its content hash.

``/assets/site.<hash>.css``: the name changes whenever the bytes do, so it is cached for a year
(freshness ``asset``) and a new build's pages never meet an old stylesheet. Not a spec row: the
HTML layout may change (spec "Versioning" 1); the JSON contract does not depend on it.
"""

from __future__ import annotations

from generator.models.pages.reader import TextDocument
from generator.render.html import STYLESHEET, stylesheet_path
from generator.site import Site
from generator.web.surface import Context, Params, Query, Result, Surface


def stylesheet(ctx: Context, params: Params, query: Query) -> Result:
    return Result(data=STYLESHEET.read_text(encoding="utf-8"))


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "assets.stylesheet",
            stylesheet_path(),
            "B",
            stylesheet,
            model=TextDocument,
            enumerate=lambda ctx: [{}],
            enveloped=False,
            media_type="text/css",
            freshness="asset",
            provenance_kind="static",
            since="2026-11-25",
            stability="experimental",
            summary="The reader pages' stylesheet (content-hashed name; cached for a year)",
        ),
    )
