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


def test_openapi_declares_the_practice_referees_busy_503_with_retry_after(ctx: Context) -> None:
    """Issue 33: a busy referee answers 503 with Retry-After; the contract says so."""
    surface = next(s for s in ctx.surfaces if s.id == "contract.openapi")
    document = orjson.loads(respond(surface, ctx, {}, {}, surface.path).body)
    responses = document["paths"]["/api/v1/play/practice"]["post"]["responses"]
    busy = responses["503"]
    assert busy["headers"]["Retry-After"]["schema"] == {"type": "integer", "minimum": 1}
    assert "server_busy" in busy["description"] and busy["content"]["application/json"]
    assert "Retry-After" not in responses["200"].get("headers", {})
    deck = document["paths"]["/api/v1/play/deck/validate"]["post"]["responses"]
    assert "headers" not in deck.get("503", {})  # only offloaded methods are ever busy
