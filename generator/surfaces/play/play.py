"""The play module's surfaces (spec family F), over generator/surfaces/play/play_data.py.

Rules content is ours (CC0-1.0); the effect grammar counts real card texts, the tutorial's
worked examples name real cards with their stats and the game-state schema quotes card texts, so
those carry the One Piece sources and are NOASSERTION. The deck validator and the practice referee are the POST
methods of their surfaces: the body is ``ctx.request.body`` (None when over the limit).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from generator.models.play import answers as docs
from generator.play.cards import cards_of
from generator.play.decks.ladder_decks import build_deck
from generator.play.decks.request import DECK_BODY_BYTES, DeckRequest
from generator.play.engine.api import game_state_json_schema
from generator.play.protocol.example_match import example_match as play_example_match
from generator.play.protocol.practice import MAX_BODY_BYTES
from generator.play.rulebook.models import PlayContent
from generator.site import Site
from generator.surfaces.play import play_data, referee
from generator.web.envelope import Provenance, provenance
from generator.web.surface import Context, Handler, Method, Offload, Params, Query, Result, Surface, error

PLAY = "/api/v1/play"


def _static(make: Callable[[Context], dict[str, Any]]) -> Handler:
    return lambda ctx, params, query: Result(data=make(ctx))


def _content(make: Callable[[PlayContent], dict[str, Any]]) -> Handler:
    return lambda ctx, params, query: Result(data=make(ctx.content.play))


def _registry(make: Callable[[PlayContent, tuple[Surface, ...]], dict[str, Any]]) -> Handler:
    """A document that states each resource's status: made from the content and the registry."""
    return lambda ctx, params, query: Result(data=make(ctx.content.play, ctx.surfaces))


def spec_page(ctx: Context, params: Params, query: Query) -> Result:
    """The play module's directory page, with its canonical URL under the site's base URL."""
    canonical = {"canonical": ctx.site.base_url + "/play/spec"}
    return Result(data=play_data.play_spec(ctx.content.play, ctx.surfaces) | canonical)


def _lookup(fetch: Callable[[PlayContent, str], dict[str, Any]], param: str) -> Handler:
    def compute(ctx: Context, params: Params, query: Query) -> Result:
        try:
            return Result(data=fetch(ctx.content.play, params[param]))
        except play_data.NotFound as missing:
            return error(404, missing.code, missing.message, known_ids=missing.known_ids)

    return compute


def _card_provenance(ctx: Context) -> Provenance:
    """Answers derived from One Piece card data carry the One Piece sources (and so NOASSERTION)."""
    return provenance(s for s in ctx.snapshot.sources() if s.game == "op")


def _citing_cards(compute: Handler) -> Handler:
    """The tutorial's worked examples name real cards with their names and stats, the game-state
    schema quotes card texts: upstream card data, so their documents name the One Piece sources and
    are NOASSERTION, not CC0 (issues 20 and 35)."""

    def cited(ctx: Context, params: Params, query: Query) -> Result:
        result = compute(ctx, params, query)
        return result if result.error else replace(result, provenance=_card_provenance(ctx))

    return cited


def effect_grammar(ctx: Context, params: Params, query: Query) -> Result:
    return Result(
        data=play_data.effect_grammar(ctx.content.play, cards_of(ctx.snapshot)), provenance=_card_provenance(ctx)
    )


EXAMPLE_SEED = 2026


def example_match(ctx: Context, params: Params, query: Query) -> Result:
    """A real seeded AI-versus-AI match, recorded by the engine at build time."""
    try:
        match = play_example_match(cards_of(ctx.snapshot), EXAMPLE_SEED)
    except ValueError as exc:  # the card pool cannot make two legal, fully-compiled decks
        return error(503, "example_unavailable", f"no example match can be recorded from this catalog: {exc}")
    return Result(data=match, provenance=_card_provenance(ctx))


def _body(ctx: Context) -> bytes | None:
    return ctx.request.body if ctx.request is not None else None


def deck_validate(ctx: Context, params: Params, query: Query) -> Result:
    """POST /api/v1/play/deck/validate: the whole verdict at once; nothing is stored."""
    computed = ctx.request.computed if ctx.request is not None else None
    if computed is None:  # no pool (tests, a worker): computed here, the same way
        computed = referee.verdict(_body(ctx), cards_of(ctx.snapshot), ctx.content.deck_rules, ctx.now)
    return Result(data=computed, provenance=_card_provenance(ctx))


def practice_move(ctx: Context, params: Params, query: Query) -> Result:
    """POST /api/v1/play/practice: the caller carries the sealed game; nothing is stored. In the
    app the move is computed in a worker of its pool (``referee.move``) and arrives here as
    ``ctx.request.computed``; without a pool it is computed here, the same way."""
    if ctx.referee_key is None:
        return error(
            503,
            "referee_unconfigured",
            "the practice referee has no key on this server (CARDPANTRY_REFEREE_KEY); every other endpoint works",
        )
    computed = ctx.request.computed if ctx.request is not None else None
    if computed is None:
        computed = referee.outcome(
            _body(ctx),
            cards_of(ctx.snapshot),
            ctx.referee_key,
            ctx.now,
            ctx.content.deck_rules,
            ctx.entropy or os.urandom,
        )
    status, payload = computed
    if status == 200:
        return Result(data=payload, provenance=_card_provenance(ctx))
    err = dict(payload["error"])
    return error(status, err.pop("code"), err.pop("message"), **err)


def deck_example(ctx: Context) -> dict[str, Any]:
    """The deck validator's example body: the Standard starter deck the practice referee deals from
    this build's cards, judged on the build's date (so a replay gets the same verdict). A card pool
    that can build no legal deck (a small test catalog) sends its first Leader and up to 50 other
    cards instead, and the verdict says why they are not a deck."""
    cards = cards_of(ctx.snapshot)
    try:
        built = build_deck(cards, EXAMPLE_SEED, role="starter", on_date=ctx.now.date(), rules=ctx.content.deck_rules)
        leader, main = built.leader, list(built.main)
    except ValueError:
        ids = sorted(cards)
        leader = next((i for i in ids if cards[i].category == "Leader"), "")
        main = [i for i in ids if i != leader][:50]
    return {"leader_id": leader, "main_deck_card_ids": main, "format": "standard", "date": ctx.now.date().isoformat()}


PRACTICE_EXAMPLE = {"op": "new", "level": 0, "seed": EXAMPLE_SEED}
PRACTICE_GOTCHA = (
    "the example is recorded under the public development key (what build.py serve --dev-referee-key answers): a "
    "deployment with its own key deals another game for the same seed and refuses the example's state token"
)


def surfaces(site: Site) -> tuple[Surface, ...]:
    one: Callable[[Context], list[Params]] = lambda ctx: [{}]  # noqa: E731 - a surface with one static path
    return (
        Surface(
            "play.tutorial",
            f"{PLAY}/tutorial",
            "F",
            _citing_cards(_content(play_data.tutorial)),
            enumerate=one,
            freshness="methodology",
            model=docs.Tutorial,
            provenance_kind="static",
            summary="The tutorial: nine sections",
        ),
        Surface(
            "play.tutorial_section",
            f"{PLAY}/tutorial/{{section_id}}",
            "F",
            _citing_cards(_lookup(play_data.tutorial_section, "section_id")),
            freshness="methodology",
            enumerate=lambda ctx: ({"section_id": s.id} for s in ctx.content.play.tutorial.sections),
            model=docs.TutorialSection,
            errors=(404,),
            provenance_kind="static",
            summary="One tutorial section",
        ),
        Surface(
            "play.glossary",
            f"{PLAY}/glossary",
            "F",
            _content(play_data.glossary),
            enumerate=one,
            freshness="methodology",
            model=docs.Glossary,
            provenance_kind="static",
            summary="The glossary: twelve terms",
        ),
        Surface(
            "play.glossary_term",
            f"{PLAY}/glossary/{{term_id}}",
            "F",
            _lookup(play_data.glossary_term, "term_id"),
            freshness="methodology",
            enumerate=lambda ctx: ({"term_id": t.id} for t in ctx.content.play.glossary.terms),
            model=docs.GlossaryTerm,
            errors=(404,),
            provenance_kind="static",
            summary="One glossary term",
        ),
        Surface(
            "play.index",
            f"{PLAY}/index.json",
            "F",
            _registry(play_data.play_index),
            enumerate=one,
            freshness="methodology",
            model=docs.PlayIndex,
            provenance_kind="static",
            self_reference=True,  # the index lists its own path among the play resources
            summary="Every play resource",
        ),
        Surface(
            "play.archetypes",
            f"{PLAY}/archetypes",
            "F",
            _registry(play_data.archetypes),
            enumerate=one,
            freshness="methodology",
            model=docs.Archetypes,
            provenance_kind="static",
            summary="Hobbyist, collector, competitor",
        ),
        Surface(
            "play.effect_grammar",
            f"{PLAY}/effect-grammar",
            "F",
            effect_grammar,
            enumerate=one,
            model=docs.EffectGrammar,
            upstream=True,
            summary="Effect token grammar, counted over the real card texts",
        ),
        Surface(
            "play.meta",
            f"{PLAY}/meta",
            "F",
            _static(lambda ctx: play_data.meta(ctx.content.play, ctx.now)),
            enumerate=one,
            stability="beta",  # a preview: the structure only, until a tournament-results source is registered
            freshness="methodology",
            model=docs.PlayMeta,
            provenance_kind="static",
            does_not_include=("tournament results: no results source is registered",),
            summary="Competitive-meta snapshot (structure only: no results source)",
        ),
        Surface(
            "play.game_state_schema",
            f"{PLAY}/game-state-schema",
            "F",
            # its descriptions quote the card texts the engine reads ("Return all cards in your hand to
            # your deck and shuffle your deck"): card text, so NOASSERTION (issue 35)
            _citing_cards(_static(lambda ctx: game_state_json_schema())),
            enumerate=one,
            freshness="methodology",
            model=docs.JsonSchemaDocument,
            provenance_kind="static",
            upstream=True,
            summary="JSON Schema of the referee's game state, generated from the engine's models",
        ),
        Surface(
            "play.example_match",
            f"{PLAY}/example-match",
            "F",
            example_match,
            enumerate=one,
            model=docs.ExampleMatch,
            errors=(503,),
            upstream=True,
            summary="A real seeded AI-versus-AI match: typed events, intents and replies",
        ),
        Surface(
            "play.deck_validate",
            f"{PLAY}/deck/validate",
            "F",
            None,
            # Bounded by its body's caps, and computed in the app's pool with the referee's kit: its
            # costliest admitted body takes about 2 ms of CPU, too long for the event loop (issue 34).
            post=Method(
                deck_validate,
                max_body=DECK_BODY_BYTES,
                body=DeckRequest,
                example=deck_example,
                tool=True,
                offload=Offload(referee.warm, referee.validate),
            ),
            model=docs.DeckVerdict,
            errors=(400,),
            provenance_kind="computed",
            summary="Validate a One Piece deck (all violations at once)",
        ),
        Surface(
            "play.practice",
            f"{PLAY}/practice",
            "F",
            None,
            post=Method(
                practice_move,
                max_body=MAX_BODY_BYTES,
                body=docs.PracticeRequest,
                offload=Offload(referee.warm, referee.move),
                example=lambda ctx: PRACTICE_EXAMPLE,
                tool=True,
            ),
            gotchas=(PRACTICE_GOTCHA,),
            model=docs.PracticeReply,
            errors=(400, 503),
            provenance_kind="computed",
            summary="A stateless practice match against the ladder AI",
        ),
        Surface(
            "play.spec",
            "/play/spec",
            "F",
            spec_page,
            enumerate=one,
            media_type="text/html",
            template="play/spec.html",
            enveloped=False,
            freshness="methodology",
            model=docs.PlaySpecPage,
            provenance_kind="static",
            summary="HTML directory of the play module",
        ),
    )
