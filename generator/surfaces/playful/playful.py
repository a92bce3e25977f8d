"""The playful surfaces (spec section G): every row, registered from here.

All are stateless and optional, authored content (CC0) or computed from the clock, a seed or the
User-Agent; nothing is stored. Answers that depend only on the build are files (``enumerate``);
answers that turn with the clock (blessing, haiku, today, dad joke, knock-knock, koan, the vibe)
or depend on the request (your-vibe, tarot draws) are computed by the app, with the short
``rotating`` freshness, or ``uncached`` when the request is personal. The handlers live in
``playful_clock`` (rotations), ``playful_tarot``, ``playful_vibe`` (vibes and today) and
``playful_doors`` (418s, 402, are-you-sure, why, unsubscribe, easter eggs); this module adds the
jokes, soundtrack, youspeak and family, and the table. Shapes and decisions: docs/playful.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from generator.content.playful import JOKE_FORMS, SPREADS, TUNE_COUNT, WHY_CONTEXTS, WHY_DEPTH_LIMIT
from generator.models.playful import answers as docs
from generator.site import Site
from generator.surfaces.playful import playful_clock as clock
from generator.surfaces.playful import playful_doors as doors
from generator.surfaces.playful import playful_tarot as tarot
from generator.surfaces.playful import playful_vibe as vibe
from generator.surfaces.playful.playful_query import MARKDOWN, TEXT, choice, integer, text_format
from generator.web.surface import Context, Handler, Method, Param, Params, Query, Result, Surface

V1 = "/api/v1"
GROAN_MAX = 5
SOUNDTRACK_FORMATS = {"json": None, "text": TEXT, "md": MARKDOWN}
YOUSPEAK_FORMATS = {"json": None, "txt": TEXT}
FAMILY_FORMATS = {"json": None, "md": MARKDOWN}


def joke(ctx: Context, params: Params, query: Query) -> Result:
    form = choice(query, "form", None)
    max_groan = integer(query, "max_groan", GROAN_MAX) or GROAN_MAX
    chosen = [
        docs.JokeItem(id=j.id, form=j.form, groan=j.groan, lines=j.lines)
        for j in ctx.content.playful.jokes.jokes
        if (form is None or j.form == form) and j.groan <= max_groan
    ]
    return Result(
        data=docs.Jokes(
            kind="jokes",
            filters=docs.JokeFilters(form=form, max_groan=max_groan),
            forms=JOKE_FORMS,
            count=len(chosen),
            jokes=tuple(chosen),
        ).model_dump(mode="json", by_alias=True)
    )


def _header(abc: str, field: str) -> str:
    found = re.search(rf"^{field}:\s*(.+)$", abc, re.MULTILINE)
    return found.group(1).strip() if found else ""


def soundtrack(ctx: Context, params: Params, query: Query) -> Result:
    tunes = ctx.content.playful.soundtrack
    n = integer(query, "n", None)
    media_type = text_format(query, SOUNDTRACK_FORMATS)
    items = [
        docs.TuneItem(
            n=i, id=t.id, title=t.title, mood=t.mood, key=_header(t.abc, "K"), meter=_header(t.abc, "M"), abc=t.abc
        )
        for i, t in enumerate(tunes, start=1)
    ]
    chosen = items if n is None else [items[n - 1]]
    if media_type == TEXT:  # an ABC tunebook: the version line, then the tunes, a blank line apart
        return Result(data="%abc-2.1\n\n" + "\n".join(t.abc for t in chosen), media_type=TEXT)
    if media_type == MARKDOWN:
        body = "\n".join(f"## {t.n}. {t.title}\n\n_{t.mood}_\n\n```abc\n{t.abc}```\n" for t in chosen)
        return Result(data=f"# The cardpantry soundtrack\n\n{body}", media_type=MARKDOWN)
    return Result(
        data=docs.Soundtrack(
            kind="soundtrack",
            notation="abc 2.1",
            count=len(chosen),
            of=len(items),
            tunes=tuple(chosen),
            formats=tuple(SOUNDTRACK_FORMATS),
        ).model_dump(mode="json", by_alias=True)
    )


def youspeak(ctx: Context, params: Params, query: Query) -> Result:
    lexicon = ctx.content.playful.lexicon
    if text_format(query, YOUSPEAK_FORMATS) == TEXT:
        return Result(data="".join(f"{e.word}: {e.means}\n" for e in lexicon), media_type=TEXT)
    return Result(
        data=docs.Youspeak(
            kind="youspeak",
            count=len(lexicon),
            words=tuple(docs.Word(word=e.word, means=e.means) for e in lexicon),
            formats=tuple(YOUSPEAK_FORMATS),
        ).model_dump(mode="json", by_alias=True)
    )


def household(site: Site) -> list[docs.Household]:
    """This site first (at its rel="start" link, the API root: no page is served at /), then its
    siblings as ``content/site.toml`` lists them (the kingdom stamp's)."""
    kingdom = site.kingdom
    home = docs.Household(
        name=kingdom.name, role=kingdom.role, url=site.links["start"], wake_url=kingdom.wake, is_this_site=True
    )
    return [home] + [
        docs.Household(name=s.name, role=s.role, url=s.url, wake_url=s.wake_url or None, is_this_site=False)
        for s in kingdom.siblings
    ]


def family(ctx: Context, params: Params, query: Query) -> Result:
    members = household(ctx.site)
    if text_format(query, FAMILY_FORMATS) == MARKDOWN:
        rows = "".join(
            f"| {m.name}{' (this site)' if m.is_this_site else ''} | {m.role} | {m.url} | {m.wake_url or '-'} |\n"
            for m in members
        )
        return Result(
            data=f"# The household\n\n| Site | Role | URL | Wake |\n|---|---|---|---|\n{rows}", media_type=MARKDOWN
        )
    return Result(
        data=docs.Family(
            kind="family", count=len(members), household=tuple(members), formats=tuple(FAMILY_FORMATS)
        ).model_dump(mode="json", by_alias=True)
    )


def _formats(formats: dict[str, str | None]) -> Param:
    return Param("format", enum=tuple(formats), default="json", description="json, or a text rendering")


ALL = Param("all", type="boolean", default=False, description="true lists every entry instead of the one in turn")


def _one(ctx: Context) -> Iterable[Params]:
    return [{}]


def _ask_now(ctx: Context) -> tuple[Params, Query]:
    return {}, {}


def _media(query_params: tuple[Param, ...]) -> tuple[str, ...]:
    """The text media types a ``format`` parameter can ask for, for the OpenAPI document."""
    formats = next((p.enum for p in query_params if p.name == "format"), ()) or ()
    table = {**SOUNDTRACK_FORMATS, **YOUSPEAK_FORMATS, **FAMILY_FORMATS, **clock.DADJOKE_FORMATS}
    return tuple(dict.fromkeys(m for f in formats if (m := table.get(f))))


def _file(
    surface_id: str,
    path: str,
    compute: Handler,
    model: type,
    summary: str,
    *,
    query_params: tuple[Param, ...] = (),
    post: Method | None = None,
    errors: tuple[int, ...] = (),
    enumerate: Callable[[Context], Iterable[Params]] = _one,
    status: int = 200,
) -> Surface:
    """Authored content that depends only on the build: written as a file (its default variant)."""
    return Surface(
        surface_id,
        f"{V1}/{path}",
        "G",
        compute,
        enumerate=enumerate,
        post=post,
        model=model,
        query_params=query_params,
        errors=errors,
        summary=summary,
        freshness="methodology",
        stability="experimental",
        provenance_kind="static",
        status=status,
        media_variants=_media(query_params),
    )


def _computed(
    surface_id: str,
    path: str,
    compute: Handler,
    model: type,
    summary: str,
    *,
    query_params: tuple[Param, ...] = (),
    freshness: str = "rotating",
    example: Callable[[Context], tuple[Params, Query]] = _ask_now,
    clock: bool = True,
) -> Surface:
    """Turns with the clock (``clock``) or depends on the request: computed by the app, never a file."""
    return Surface(
        surface_id,
        f"{V1}/{path}",
        "G",
        compute,
        model=model,
        query_params=query_params,
        summary=summary,
        freshness=freshness,
        example=example,
        stability="experimental",
        provenance_kind="computed",
        clock=clock,
        media_variants=_media(query_params),
    )


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        _computed(
            "playful.blessing",
            "blessing",
            clock.blessing,
            docs.Blessing,
            "One blessing per UTC date, the same for everyone that day",
        ),
        _computed(
            "playful.haiku",
            "haiku",
            clock.haiku,
            docs.Haiku,
            "A 5-7-5 haiku, template-filled from a hash of the UTC hour",
        ),
        _computed(
            "playful.today",
            "today",
            vibe.today,
            docs.Today,
            "The hour's mood: vibe, blessing, koan, dad joke, knock-knock, haiku and card of the day",
        ),
        _computed(
            "playful.dadjoke",
            "dadjoke",
            clock.dadjoke,
            docs.DadJokes,
            "The dad joke of the GMT hour; all=true for every one; format json, text or md",
            query_params=(_formats(clock.DADJOKE_FORMATS), ALL),
        ),
        _computed(
            "playful.knock_knock",
            "knock-knock",
            clock.knock_knock,
            docs.KnockKnocks,
            "Twelve knock-knock jokes taking turns by GMT hour; n picks one; all=true lists them",
            query_params=(
                Param("n", type="integer", minimum=1, maximum=12, description="pick one of the twelve by its number"),
                ALL,
            ),
        ),
        _computed(
            "playful.koan",
            "koan",
            clock.koan,
            docs.Koans,
            "The koan of the UTC day, one of twenty-five; all=true lists them",
            query_params=(ALL,),
        ),
        _file(
            "playful.joke",
            "joke",
            joke,
            docs.Jokes,
            "Jokes with their form and groan rating, filtered by form and max_groan",
            query_params=(
                Param("form", enum=JOKE_FORMS, description="only jokes of this form"),
                Param(
                    "max_groan",
                    type="integer",
                    minimum=1,
                    maximum=GROAN_MAX,
                    default=GROAN_MAX,
                    description="only jokes rated at most this groan (1 a smile, 5 a groan)",
                ),
            ),
        ),
        _file(
            "playful.teapot",
            "teapot",
            doors.teapot,
            docs.Teapot,
            "HTTP 418 from a teapot, with Safe-Methods and Accept-Additions headers",
            status=418,
        ),
        _file(
            "playful.coffee",
            "coffee",
            doors.coffee,
            docs.Coffee,
            "HTTP 418: the coffee endpoint is served by the teapot",
            status=418,
        ),
        _file(
            "playful.buy_the_kingdom",
            "buy-the-kingdom",
            doors.buy_the_kingdom,
            docs.Kingdom,
            "HTTP 402 for GET and POST: payment cannot override a rights boundary (the body is not read)",
            post=Method(doors.buy_the_kingdom, read_body=False),
            status=402,
        ),
        _file(
            "playful.are_you_sure",
            "are-you-sure",
            doors.are_you_sure,
            docs.AreYouSure,
            "A three-step confirmation cascade through the query, confirming nothing",
            query_params=(
                Param(
                    "step",
                    enum=doors.CASCADE,
                    default="1",
                    description="where you are in the cascade; follow the choices",
                ),
            ),
        ),
        _file(
            "playful.why",
            "why",
            doors.why,
            docs.Why,
            "Why, and why again: a chain of reasons, bounded at depth 42",
            query_params=(
                Param("context", enum=WHY_CONTEXTS, default=WHY_CONTEXTS[0], description="what to ask why about"),
                Param(
                    "depth",
                    type="integer",
                    minimum=1,
                    maximum=WHY_DEPTH_LIMIT,
                    default=WHY_DEPTH_LIMIT,
                    description="how many whys (above 42 is a 400)",
                ),
            ),
        ),
        _file(
            "playful.easter_egg",
            "easter-egg",
            doors.easter_eggs,
            docs.EasterEggs,
            "Directory of the real easter eggs of this site",
        ),
        _file(
            "playful.tarot",
            "tarot",
            tarot.deck,
            docs.TarotDeck,
            "The 22 major arcana, read for collectors, and the three spreads",
        ),
        _file(
            "playful.tarot_card",
            "tarot/card/{slug}",
            tarot.card,
            docs.TarotCardPage,
            "One tarot card by slug; an unknown slug is a 404 with known_ids",
            errors=(404,),
            enumerate=lambda ctx: ({"slug": c.slug} for c in ctx.content.playful.tarot.cards),
        ),
        _computed(
            "playful.tarot_draw",
            "tarot/draw",
            tarot.draw,
            docs.TarotDraw,
            "A tarot draw, deterministic per seed (the seed is hashed, never stored or echoed)",
            freshness="uncached",
            example=lambda ctx: ({}, {"seed": "first-pack", "spread": "three"}),
            query_params=(
                Param(
                    "seed",
                    pattern=tarot.SEED_PATTERN,
                    allow_empty=True,  # an empty seed is a seed (the caller's), not the card of the day
                    description="any text up to 1024 characters; hashed with sha256, never stored "
                    "or echoed; without it the UTC date seeds the draw",
                ),
                Param("spread", enum=SPREADS, default="single", description="how many cards, in which positions"),
            ),
        ),
        _computed(
            "playful.the_vibe",
            "the-vibe",
            vibe.the_vibe,
            docs.TheVibe,
            "A 0-10 vibe from rest hours, self-description, deploy state and a baseline, each shown",
        ),
        _computed(
            "playful.your_vibe",
            "your-vibe",
            vibe.your_vibe,
            docs.YourVibe,
            "Your vibe, read from the User-Agent alone; nothing is echoed or stored",
            freshness="uncached",
            clock=False,
        ),
        _file(
            "playful.unsubscribe",
            "unsubscribe",
            doors.unsubscribe,
            docs.Certificate,
            "A certificate that nothing is subscribed",
        ),
        _file(
            "playful.soundtrack",
            "soundtrack",
            soundtrack,
            docs.Soundtrack,
            "ABC-notation lead sheets; n picks one; format json, text (an .abc tunebook) or md",
            query_params=(
                Param("n", type="integer", minimum=1, maximum=TUNE_COUNT, description="one tune by its number"),
                _formats(SOUNDTRACK_FORMATS),
            ),
        ),
        _file(
            "playful.youspeak",
            "youspeak",
            youspeak,
            docs.Youspeak,
            "The 201 words this service uses with you; format=txt for plain text",
            query_params=(_formats(YOUSPEAK_FORMATS),),
        ),
        _file(
            "playful.family",
            "family",
            family,
            docs.Family,
            "Map of the household's public sites, from the site config; format=md",
            query_params=(_formats(FAMILY_FORMATS),),
        ),
    )
