"""Rights of the play module's answers: what names real cards carries their sources."""

from __future__ import annotations

import orjson

from generator.web.respond import respond
from generator.web.surface import Context


def meta(ctx: Context, surface_id: str, params: dict) -> dict:
    surface = next(s for s in ctx.surfaces if s.id == surface_id)
    rendered = respond(surface, ctx, params, {}, surface.concrete(params))
    assert rendered.status == 200
    return orjson.loads(rendered.body)["_meta"]


def test_the_tutorial_names_real_cards_so_it_names_their_sources_and_is_noassertion(ctx: Context) -> None:
    op_sources = sorted(s.source_id for s in ctx.snapshot.sources() if s.game == "op")
    section = ctx.content.play.tutorial.sections[0].id
    for surface_id, params in (("play.tutorial", {}), ("play.tutorial_section", {"section_id": section})):
        found = meta(ctx, surface_id, params)
        assert found["license"] == "NOASSERTION" and sorted(found["sources"]) == op_sources, surface_id
    assert meta(ctx, "play.glossary", {})["license"] == "CC0-1.0"  # rules prose alone stays ours
