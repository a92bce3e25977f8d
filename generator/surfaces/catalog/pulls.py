"""``GET /api/v1/pulls``: what is in a booster, per game (spec section A; issue 11 item 8).

Three layers, kept apart and named in the document's disclosure map: the pack anatomy (slots,
stated rates) is authored from cited sources (``content/pulls.yaml``); how many cards of each
rarity a set has is counted from this build's catalog; and the rate for one given card is an
estimate, a slot's cards (or a stated per-pack rate) spread evenly over the set's cards of that
rarity, given only for the sets an anatomy describes. How often the rarest cards appear is not
stated by any listed source, so it stays null, with the reason.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Mapping
from typing import Any

from generator.content.pulls import GamePulls, Product
from generator.models.catalog.pulls import PullsDocument
from generator.site import Site
from generator.web.envelope import provenance
from generator.web.surface import Context, Params, Query, Result, Surface

RARE_WHY = "no listed source states how often this rarity appears in a pack"
METHOD = (
    "cards_by_rarity counts distinct card numbers per rarity in each set of the catalog (every language "
    "and variant of a number is one card). An estimate divides the copies of a rarity in an average pack "
    "(a slot of that rarity alone, or a rate the source states) evenly over the set's cards of that "
    "rarity; real print sheets and collation are not even, so no estimate is more than medium confidence."
)
DISCLOSURE = (
    ("games[].products", "reported", "authored from the listed sources; each product names the ones it uses"),
    ("games[].sets[].cards_by_rarity", "computed", "counted from this build's catalog"),
    ("games[].sets[].estimates", "estimated", "an even split of a slot or stated rate over a rarity's cards"),
    ("slots of several rarities", "not_available", "no listed source publishes how such a slot splits"),
    ("games[].rare_occurrences[].per_pack", "not_available", RARE_WHY),
)


def pulls(ctx: Context, params: Params, query: Query) -> Result:
    content = ctx.content.pulls
    kinds = {s.id: s.kind for s in content.sources}
    games = [_game(ctx, g, kinds) for g in content.games if ctx.snapshot.sets_of_game(g.game)]
    data = {
        "@kind": "pulls",
        "license": "NOASSERTION",
        "game_count": len(games),
        "games": games,
        "sources": [
            {**s.model_dump(mode="json"), "date": s.date.isoformat() if s.date else None} for s in content.sources
        ],
        "disclosure": [{"field": f, "status": s, "how": h} for f, s, h in DISCLOSURE],
        "method": METHOD,
    }
    return Result(data=data, provenance=provenance(s for s in ctx.snapshot.sources() if s.game != "fx"))


def _game(ctx: Context, g: GamePulls, kinds: Mapping[str, str]) -> dict[str, Any]:
    cards, printings = _counts(ctx, g.game)
    total: Counter[str] = Counter()
    for counts in cards.values():
        total.update(counts)
    game = ctx.snapshot.game(g.game)
    return {
        "game": g.game,
        "name": game.name if game else g.game,
        "rarity_ladder": [{"rarity": r, "cards": total[r]} for r in g.ladder],
        "products": [_product(p) for p in g.products],
        "sets": [
            {
                "set": s.set_code,
                "name": s.name,
                "cards_by_rarity": _ordered(cards[s.set_code], g.ladder),
                "estimates": _estimates(g, s.set_code, cards[s.set_code], kinds),
            }
            for s in ctx.snapshot.sets_of_game(g.game)
        ],
        "rare_occurrences": [
            {
                "rarity": r,
                "printings": printings[r],
                "cards": total[r],
                "sets": sum(1 for counts in cards.values() if counts[r]),
                "per_pack": None,
                "why_null": RARE_WHY,
            }
            for r in g.rare
        ],
    }


def _counts(ctx: Context, game: str) -> tuple[defaultdict[str, Counter[str]], Counter[str]]:
    """Per set, the distinct card numbers of each rarity (a number printed at two rarities, a base
    card and its parallel, counts once in each); and printings per rarity across the game."""
    pairs: set[tuple[str, str, str]] = set()
    printings: Counter[str] = Counter()
    for set_code, number, rarity in ctx.snapshot.rarities(game):
        if rarity:
            pairs.add((set_code, number, rarity))
            printings[rarity] += 1
    cards: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for set_code, _, rarity in pairs:
        cards[set_code][rarity] += 1
    return cards, printings


def _ordered(counts: Counter[str], ladder: tuple[str, ...]) -> list[dict[str, Any]]:
    order = [r for r in ladder if counts[r]] + sorted(r for r in counts if r not in ladder)
    return [{"rarity": r, "cards": counts[r]} for r in order]


def _product(p: Product) -> dict[str, Any]:
    listed = sum(s.cards for s in p.slots)
    return {
        "product": p.product,
        "cards_per_pack": p.cards_per_pack,
        "packs_per_box": p.packs_per_box,
        "applies_to": p.applies_to,
        "slots": [s.model_dump() for s in p.slots],
        "unlisted_cards": p.cards_per_pack - listed if p.cards_per_pack is not None and p.slots else None,
        "stated_rates": [r.model_dump() for r in p.rates],
        "sources": list(p.sources),
        "estimates_for": p.estimate_sets,
    }


def _estimates(g: GamePulls, set_code: str, counts: Counter[str], kinds: Mapping[str, str]) -> list[dict[str, Any]]:
    """Per-card rates for the rarities a product gives alone a slot or a stated rate, in the sets
    its anatomy describes (``estimate_sets``)."""
    found = []
    for p in g.products:
        if p.estimate_sets is None or not re.fullmatch(p.estimate_sets, set_code):
            continue
        confidence = "medium" if any(kinds[s] == "publisher" for s in p.sources) else "low"
        stated = [(r.rarity, r.per_pack, "stated_rate") for r in p.rates]
        superseded = {r.rarity for r in p.rates}  # a stated rate counts every slot its rarity fills
        alone = Counter(s.rarities[0] for s in p.slots if len(s.rarities) == 1 for _ in range(s.cards))
        per_pack = [(r, float(n), "slot") for r, n in alone.items() if r in g.ladder and r not in superseded]
        per_pack += stated
        for rarity, copies, basis in per_pack:
            cards = counts[rarity]
            if cards:
                found.append(
                    {
                        "rarity": rarity,
                        "basis": basis,
                        "per_pack": copies,
                        "cards_of_rarity": cards,
                        "copies_of_one_card_per_pack": round(copies / cards, 4),
                        "packs_per_copy": round(cards / copies, 1),
                        "confidence": confidence,
                    }
                )
    return found


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "catalog.pulls",
            "/api/v1/pulls",
            "A",
            pulls,
            enumerate=lambda ctx: [{}],
            model=PullsDocument,
            freshness="catalog",
            does_not_include=("prices", "pull rates of the rarest cards (no source states them)"),
            upstream=True,
            summary="Booster contents per game: cited pack anatomy, rarity ladders, estimated per-card rates, "
            "rare occurrences and a disclosure map",
        ),
    )
