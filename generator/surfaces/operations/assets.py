"""The reader pages' stylesheet and search script, under names made from their content hash.

``/assets/site.<hash>.css`` and ``/assets/search.<hash>.js``: the name changes whenever the bytes
do, so each is cached for a year (freshness ``asset``) and a new build's pages never meet an old
file. The script is the header search's fallback on a host without the app (docs/search.md). Not
spec rows: the HTML layout may change (spec "Versioning" 1); the JSON contract does not depend on it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.models.pages.reader import TextDocument
from generator.render.html import SEARCH_SCRIPT, STYLESHEET, search_script_path, stylesheet_path
from generator.site import Site
from generator.web.surface import Context, Handler, Params, Query, Result, Surface


def _file(source: Path) -> Handler:
    def answer(ctx: Context, params: Params, query: Query) -> Result:
        return Result(data=source.read_text(encoding="utf-8"))

    return answer


def surfaces(site: Site) -> tuple[Surface, ...]:
    common: dict[str, Any] = {
        "model": TextDocument,
        "enumerate": lambda ctx: [{}],
        "enveloped": False,
        "freshness": "asset",
        "provenance_kind": "static",
        "stability": "experimental",
    }
    return (
        Surface(
            "assets.stylesheet",
            stylesheet_path(),
            "B",
            _file(STYLESHEET),
            media_type="text/css",
            since="2026-11-25",
            summary="The reader pages' stylesheet (content-hashed name; cached for a year)",
            **common,
        ),
        Surface(
            "assets.search_script",
            search_script_path(),
            "B",
            _file(SEARCH_SCRIPT),
            media_type="text/javascript",
            since="2026-11-28",
            summary="The header search's script: on a host without the app it searches the static index "
            "(content-hashed name; cached for a year)",
            **common,
        ),
    )
