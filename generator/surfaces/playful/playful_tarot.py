"""Tarot (spec section G and "Other documented record shapes": tarot card): the 22 major arcana,
one card per slug, and draws.

A draw is a pure function of its seed: sha256 over a versioned prefix and the seed's UTF-8 bytes,
then one more sha256 per position to pick a card (without replacement) and its orientation. The
seed is used for that and nothing else: it is not stored, logged, hashed into the answer or echoed
(not even its digest, which would let anyone confirm a guessed seed), and the answer is served
``no-store`` so no shared cache keeps a URL that holds it. Without a seed, the UTC date seeds the
draw (the card of the day), and the answer says so.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Literal, cast

from generator.content.playful import SPREADS, Playful, TarotCard
from generator.models.playful import answers as docs
from generator.surfaces.playful.playful_query import choice
from generator.web.surface import Context, Params, Query, Result, error

TAROT = "/api/v1/tarot"
SpreadId = Literal["single", "three", "cross"]
DRAW_PREFIX = b"cardpantry-tarot/v1\x00"
MAX_SEED_CHARACTERS = 1024
SEED_PATTERN = rf"^[\s\S]{{0,{MAX_SEED_CHARACTERS}}}$"
METHOD = (
    "sha256 over a fixed prefix and the seed's UTF-8 bytes; one further sha256 per position picks a card "
    "not yet drawn and its orientation; the seed itself is then forgotten"
)


def card_url(slug: str) -> str:
    return f"{TAROT}/card/{slug}"


def _card(card: TarotCard) -> docs.TarotCard:
    return docs.TarotCard(url=card_url(card.slug), **card.model_dump())


def _link(card: TarotCard | None) -> docs.CardLink | None:
    return None if card is None else docs.CardLink(slug=card.slug, name=card.name, url=card_url(card.slug))


def deck(ctx: Context, params: Params, query: Query) -> Result:
    tarot = ctx.content.playful.tarot
    spreads = tuple(
        docs.Spread(
            id=s.id,
            title=s.title,
            card_count=len(s.positions),
            positions=tuple(docs.SpreadPosition(**p.model_dump()) for p in s.positions),
        )
        for s in tarot.spreads
    )
    return Result(
        data=docs.TarotDeck(
            kind="tarot_deck",
            count=len(tarot.cards),
            cards=tuple(_card(c) for c in tarot.cards),
            spreads=spreads,
            draw=f"{TAROT}/draw?seed=<anything>&spread={'|'.join(SPREADS)}",
        ).model_dump(mode="json", by_alias=True)
    )


def card(ctx: Context, params: Params, query: Query) -> Result:
    cards = ctx.content.playful.tarot.cards
    slugs = [c.slug for c in cards]
    if params["slug"] not in slugs:
        return error(
            404, "unknown_tarot_card", f"no major arcana card has the slug {params['slug']!r}", known_ids=slugs
        )
    index = slugs.index(params["slug"])
    page = docs.TarotCardPage(
        kind="tarot_card",
        **_card(cards[index]).model_dump(),
        prev=_link(cards[index - 1] if index > 0 else None),
        next=_link(cards[index + 1] if index + 1 < len(cards) else None),
        deck=TAROT,
    )
    return Result(data=page.model_dump(mode="json", by_alias=True))


def _pick(digest: bytes, position: int) -> tuple[int, bool]:
    drawn = hashlib.sha256(digest + position.to_bytes(2, "big")).digest()
    return int.from_bytes(drawn[:8], "big"), bool(drawn[8] & 1)


def draw_cards(playful: Playful, seed: str, spread_id: str) -> list[docs.DrawnCard]:
    """The spread drawn by ``seed``: the same seed always draws the same cards, upright or reversed."""
    spread = next(s for s in playful.tarot.spreads if s.id == spread_id)
    digest = hashlib.sha256(DRAW_PREFIX + seed.encode("utf-8", "surrogatepass")).digest()
    remaining = list(playful.tarot.cards)
    drawn = []
    for number, position in enumerate(spread.positions):
        value, reversed_ = _pick(digest, number)
        card_ = remaining.pop(value % len(remaining))
        drawn.append(
            docs.DrawnCard(
                position=position.name,
                position_meaning=position.meaning,
                number=card_.number,
                slug=card_.slug,
                name=card_.name,
                orientation="reversed" if reversed_ else "upright",
                reading=card_.reversed if reversed_ else card_.upright,
                fortune=card_.fortune,
                surface_url=card_.surface_url,
                url=card_url(card_.slug),
            )
        )
    return drawn


def card_of_the_day(playful: Playful, now: dt.datetime) -> docs.DrawnCard:
    return draw_cards(playful, now.astimezone(dt.UTC).date().isoformat(), "single")[0]


def draw(ctx: Context, params: Params, query: Query) -> Result:
    playful = ctx.content.playful
    spread_id = choice(query, "spread", "single") or "single"
    seed = query.get("seed")
    today = ctx.now.astimezone(dt.UTC).date().isoformat()
    spread = next(s for s in playful.tarot.spreads if s.id == spread_id)
    cards = draw_cards(playful, seed if seed is not None else today, spread_id)
    return Result(
        data=docs.TarotDraw(
            kind="tarot_draw",
            spread=cast(SpreadId, spread_id),
            title=spread.title,
            seeded_by="caller" if "seed" in query else "utc-date",
            date=None if "seed" in query else today,
            seed_echoed=False,
            seed_stored=False,
            method=METHOD,
            cards=tuple(cards),
        ).model_dump(mode="json", by_alias=True)
    )
