"""The One Piece part of the SKU standard (``docs/sku.md``, One Piece section): what a variant says.

A One Piece variant is ``[<release>][<art>]``: ``<art>`` is the card list's image suffix (``p1``
parallel art, ``r1`` reprint art), ``<release>`` marks a regional release of a language, whose
printings are not the main list's (Bandai's Asia English list: ``asia``). So ``op-op01-001-en`` is
the Western English Leader, ``op-op01-001-en-asia`` the Asia English one and
``op-op01-001-en-asiap1`` the Asia English parallel art. Kept here, not in the adapters, because the
published documents explain the variant (its kind and its base printing) from the SKU alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.sku.standard import Sku

RELEASES = {"asia": "Asia English release"}
ART_KINDS = {"p": "parallel art", "r": "reprint art"}
ART = r"[a-z]\d+"  # the card list's image suffix: p1, r2
_ART = re.compile(rf"^{ART}$")
_VARIANT = re.compile(rf"^(?P<release>{'|'.join(RELEASES)})?(?P<art>{ART})?$")


@dataclass(frozen=True)
class OnePieceVariant:
    release: str | None  # a RELEASES token, None for the main list of the language
    art: str | None  # the image suffix, None for the card's first art

    @property
    def kind(self) -> str:
        """``parallel art``, ``Asia English release``, ``parallel art, Asia English release``."""
        art = None
        if self.art:
            art = ART_KINDS.get(self.art[0], "variant") if _ART.match(self.art) else "variant"
        return ", ".join(p for p in (art, RELEASES.get(self.release or "")) if p) or "variant"


def variant_of(token: str | None) -> OnePieceVariant:
    """Split a One Piece variant token; an unknown shape is all art (never guessed a release)."""
    found = _VARIANT.match(token or "")
    if found is None:
        return OnePieceVariant(None, token)
    return OnePieceVariant(found["release"], found["art"])


def variant_token(release: str | None, art: str | None) -> str | None:
    return f"{release or ''}{art or ''}" or None


def base_printing(sku: Sku) -> Sku:
    """The first art of the same release: ``...-en-asiap1`` -> ``...-en-asia``, ``...-en-p1`` ->
    ``...-en``; a release's first art (``...-en-asia``) is itself."""
    release = variant_of(sku.variant).release
    return Sku(sku.game, sku.set, sku.number, sku.lang, release)


def bases(sku: Sku) -> tuple[Sku, ...]:
    """What a One Piece variant is read against, nearest first: the first art of its own release
    (an art differs from it by the art alone), then the main list's first art (a regional
    release's printing differs from it by the release): ``...-en-asiap1`` -> (``...-en-asia``,
    ``...-en``); ``...-en-asia`` -> (``...-en``,); ``...-en-p1`` -> (``...-en``,)."""
    variant = variant_of(sku.variant)
    nearer = (base_printing(sku),) if variant.art and variant.release else ()
    return (*nearer, sku.base) if sku.variant else ()
