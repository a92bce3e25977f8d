"""A card document's ``variant``: its token, what kind of variant it is, and what it is a variant of.

``base_sku`` names a printing the catalog publishes, never a SKU that answers 404: the nearest
printing the variant is read against (docs/sku.md, "Variants and their base"). For One Piece that
is the first art of the variant's own release, else the main list's first art
(``generator.sku.op.bases``); for the other games the SKU without its variant. Where no such
printing is published (a Flesh and Blood slot printed only in named editions or foilings, two
Lorcana cards on one promo number, a Pokemon number the upstream suffixes on every printing, an
Asia English card the Western list lacks), ``base_sku`` is null and ``relative_to`` names the slot
the token is read within, with its published printings and why none is the plain one.
"""

from __future__ import annotations

from typing import Any

from generator.models.rows import Printing
from generator.sku.op import bases as op_bases
from generator.sku.op import variant_of
from generator.sku.standard import Sku
from generator.web.surface import Context

# Why a game's variant can have no plain printing to be read against (docs/sku.md says it per game).
NO_PLAIN_PRINTING = {
    "fab": "no printing of this slot has the plain token (no specified edition, standard foiling, no art "
    "variation, front face): the token spells this printing's edition, foiling, art and face in full",
    "lor": "two different cards print this promo number: the token is the set number each prints after "
    "the language, and no printing is the plain one",
    "ptcg": "the upstream suffixes every printing of this number (its id is the number plus the token), so "
    "none is the plain number",
    "op": "the main card list of this language has no printing of this card: the token's release names "
    "the regional list this printing belongs to, and its art the art within that list",
}


def base_candidates(sku: Sku) -> tuple[Sku, ...]:
    """The printings a variant is read against, nearest first (a published one is its base)."""
    if sku.game == "op":
        return op_bases(sku)
    return (sku.base,) if sku.variant else ()


def variant_member(ctx: Context, printing: Printing) -> dict[str, Any] | None:
    """The ``variant`` member (model ``Variant``): None for a printing without a variant."""
    if printing.variant is None:
        return None
    sku = Sku.parse(printing.sku)
    kind = variant_of(printing.variant).kind if printing.game == "op" else "variant"
    base = next((str(c) for c in base_candidates(sku) if c != sku and ctx.snapshot.printing(str(c)) is not None), None)
    member: dict[str, Any] = {"token": printing.variant, "kind": kind, "base_sku": base}
    if base is None:
        # its number's printings, not its set's: a set's every variant printing is a route
        numbered = ctx.snapshot.printings_of_number(printing.game, printing.set_code, printing.number)
        slot = [p.sku for p in numbered if p.lang == printing.lang]
        member["relative_to"] = {
            "slot": str(sku.base),
            "printings": sorted(slot, key=Sku.parse),
            "reason": NO_PLAIN_PRINTING.get(printing.game, "no printing of this slot is published without a variant"),
        }
    return member
