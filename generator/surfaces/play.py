"""The play module's read surfaces (spec family F), over generator/surfaces/play_data.py.

Rules content is ours (CC0-1.0); the effect grammar counts real card texts, so it carries the One
Piece sources and is NOASSERTION. The deck validator and the practice referee are POST handlers
(generator/handlers.py).
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from functools import cache
from typing import Callable

from generator.play.api import game_state_json_schema
from generator.play.cards import cards_of
from generator.play.deck_request import MAX_BODY_BYTES, BadRequest, parse_request
from generator.play.example_match import example_match as play_example_match
from generator.play.practice import practice
from generator.play.rules_data import load_rules
from generator.play.validator import validate_deck
from generator.surfaces import play_data
from generator.surfaces.mirror import provenance
from generator.surfaces.registry import Context, Params, Query, Result, Surface, error
from generator.surfaces.respond import Rendered, respond

PLAY = "/api/v1/play"


def _static(make: Callable[[Context], dict]):
    return lambda ctx, params, query: Result(data=make(ctx))


def _lookup(fetch: Callable[[str], dict], param: str):
    def compute(ctx: Context, params: Params, query: Query) -> Result:
        try:
            return Result(data=fetch(params[param]))
        except play_data.NotFound as missing:
            return error(404, missing.code, missing.message, known_ids=missing.known_ids)
    return compute


def _card_provenance(ctx: Context):
    """Answers derived from One Piece card data carry the One Piece sources (and so NOASSERTION)."""
    return provenance(s for s in ctx.snapshot.sources() if s.game == "op")


def effect_grammar(ctx: Context, params: Params, query: Query) -> Result:
    return Result(data=play_data.effect_grammar(cards_of(ctx.snapshot)), provenance=_card_provenance(ctx))



def _post_only(ctx: Context, params: Params, query: Query) -> Result:
    return error(405, "method_not_allowed", "POST a JSON body to this endpoint")


EXAMPLE_SEED = 2026


def example_match(ctx: Context, params: Params, query: Query) -> Result:
    """A real seeded AI-versus-AI match, recorded by the engine at build time."""
    try:
        match = play_example_match(cards_of(ctx.snapshot), EXAMPLE_SEED)
    except ValueError as exc:  # the card pool cannot make two legal, fully-compiled decks
        return error(503, "example_unavailable", f"no example match can be recorded from this catalog: {exc}")
    return Result(data=match, provenance=_card_provenance(ctx))


DECK_VALIDATE = Surface("play.deck_validate", f"{PLAY}/deck/validate", "F", _post_only, methods=("POST",),
                        freshness="uncached", summary="Validate a One Piece deck (all violations at once)")


@cache
def _rules():
    return load_rules()


def deck_validate(ctx: Context, body: bytes | None, headers: dict[str, str]) -> Rendered:
    """POST /api/v1/play/deck/validate: the whole verdict at once; nothing is stored."""
    try:
        if body is None:
            raise BadRequest("body_too_large", f"The body is over {MAX_BODY_BYTES} bytes.")
        request = parse_request(body)
    except BadRequest as bad:
        outcome = error(400, bad.code, bad.message)
    else:
        verdict = validate_deck(request, cards_of(ctx.snapshot), _rules(), ctx.now.date())
        outcome = Result(data=verdict.model_dump(mode="json"), provenance=_card_provenance(ctx))
    surface = replace(DECK_VALIDATE, compute=lambda c, p, q: outcome)
    return _answer(DECK_VALIDATE, ctx, outcome)


PRACTICE = Surface("play.practice", f"{PLAY}/practice", "F", _post_only, methods=("POST",),
                   freshness="uncached", summary="A stateless practice match against the ladder AI")


def practice_move(ctx: Context, body: bytes | None, headers: dict[str, str]) -> Rendered:
    """POST /api/v1/play/practice: the caller carries the sealed game; nothing is stored."""
    if ctx.referee_key is None:
        outcome = error(503, "referee_unconfigured", "the practice referee has no key on this server "
                        "(CARDPANTRY_REFEREE_KEY); every other endpoint works")
    elif body is None:
        outcome = error(400, "body_too_large", f"The body is over {MAX_BODY_BYTES} bytes.")
    else:
        status, payload = practice(body, cards_of(ctx.snapshot), ctx.referee_key, ctx.now)
        if status == 200:
            outcome = Result(data=payload, provenance=_card_provenance(ctx))
        else:
            err = dict(payload["error"])
            outcome = error(status, err.pop("code"), err.pop("message"), **err)
    return _answer(PRACTICE, ctx, outcome)


def _answer(surface: Surface, ctx: Context, outcome: Result) -> Rendered:
    """A POST answer through the one envelope, with a fresh request id."""
    fixed = replace(surface, compute=lambda c, p, q: outcome)
    return respond(fixed, ctx, {}, {}, surface.path, request_id="req_" + secrets.token_hex(12))


SURFACES = (
    Surface("play.tutorial", f"{PLAY}/tutorial", "F", _static(lambda ctx: play_data.tutorial()),
            enumerate=lambda ctx: [{}], freshness="methodology", summary="The tutorial: nine sections"),
    Surface("play.tutorial_section", f"{PLAY}/tutorial/{{section_id}}", "F",
            _lookup(play_data.tutorial_section, "section_id"), freshness="methodology",
            enumerate=lambda ctx: ({"section_id": s["id"]} for s in play_data.tutorial()["sections"]),
            summary="One tutorial section"),
    Surface("play.glossary", f"{PLAY}/glossary", "F", _static(lambda ctx: play_data.glossary()),
            enumerate=lambda ctx: [{}], freshness="methodology", summary="The glossary: twelve terms"),
    Surface("play.glossary_term", f"{PLAY}/glossary/{{term_id}}", "F",
            _lookup(play_data.glossary_term, "term_id"), freshness="methodology",
            enumerate=lambda ctx: ({"term_id": t["id"]} for t in play_data.glossary()["terms"]),
            summary="One glossary term"),
    Surface("play.index", f"{PLAY}/index.json", "F", _static(lambda ctx: play_data.play_index()),
            enumerate=lambda ctx: [{}], freshness="methodology", summary="Every play resource"),
    Surface("play.archetypes", f"{PLAY}/archetypes", "F", _static(lambda ctx: play_data.archetypes()),
            enumerate=lambda ctx: [{}], freshness="methodology", summary="Hobbyist, collector, competitor"),
    Surface("play.effect_grammar", f"{PLAY}/effect-grammar", "F", effect_grammar,
            enumerate=lambda ctx: [{}], summary="Effect token grammar, counted over the real card texts"),
    Surface("play.meta", f"{PLAY}/meta", "F", _static(lambda ctx: play_data.meta(ctx.now)),
            enumerate=lambda ctx: [{}], freshness="methodology",
            does_not_include=("tournament results: no results source is registered",),
            summary="Competitive-meta snapshot (structure only: no results source)"),
    Surface("play.game_state_schema", f"{PLAY}/game-state-schema", "F",
            _static(lambda ctx: game_state_json_schema()), enumerate=lambda ctx: [{}], freshness="methodology",
            summary="JSON Schema of the referee's game state, generated from the engine's models"),
    Surface("play.example_match", f"{PLAY}/example-match", "F", example_match, enumerate=lambda ctx: [{}],
            summary="A real seeded AI-versus-AI match: typed events, intents and replies"),
    DECK_VALIDATE,
    PRACTICE,
    Surface("play.spec", "/play/spec", "F", _static(lambda ctx: play_data.play_spec()), enumerate=lambda ctx: [{}],
            media_type="text/html", template="play/spec.html", enveloped=False, freshness="methodology",
            summary="HTML directory of the play module"),
)
