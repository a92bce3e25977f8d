"""How the other families link to the universal documents: their URLs, a set's published name, and a
real sample printing and hash for example requests."""

from __future__ import annotations

from generator.hashing import content_hash
from generator.identity import identity
from generator.models.rows import CardSet, Printing
from generator.web.surface import Context

BASE = "/api/v1/universal"


def sample_printing(ctx: Context) -> Printing | None:
    """The first printing of the first set, for example requests (works over a FileSnapshot too)."""
    for game in ctx.snapshot.games():
        for card_set in ctx.snapshot.sets_of_game(game.game):
            printings = ctx.snapshot.printings_of_set(game.game, card_set.set_code)
            if printings:
                return printings[0]
    return None


def sample_hash(ctx: Context) -> str:
    printing = sample_printing(ctx)
    return content_hash(identity(printing, ctx.snapshot.encoding)) if printing else "sha256:" + "0" * 64


def card_url(sku: str) -> str:
    return f"{BASE}/card/{sku}"


def set_url(game: str, set_code: str) -> str:
    return f"{BASE}/set/{game}-{set_code}"


UNNAMED_SET = "no source the catalog reads names this set (the catalog's pages show its code instead)"


def published_name(card_set: CardSet) -> str | None:
    """A set's name, or None where no source names it (the catalog then keeps its code as the name,
    for the reader pages; the universal documents say null, with ``name_note``)."""
    return None if card_set.name.lower() == card_set.set_code.lower() else card_set.name
