"""The Flesh and Blood part of the SKU standard (``docs/sku.md``, section "Flesh and Blood").

A FaB collector id such as ``1HP001`` names a slot in a set, not a physical card: one slot is printed
in several editions and foilings, with alternate arts, and a double-faced card shows a different card
on its back. So ``fab-<set>-<number>-<lang>`` is completed by ONE variant token that spells out what
tells those printings apart, in a fixed order with fixed-width letters, so it parses back unambiguously:

    <edition><foiling>[<art variation>...][b][<ordinal>]      e.g. ``ar``, ``ucea``, ``ncfab``, ``nr2``

The plain printing (no specified edition, standard foiling, no art variation, front face, first of
its slot) omits the token: ``fab-1hp-001-en``. Both FaB adapters build SKUs only through
:func:`assign`, which is what makes the same physical printing get the same SKU from either source;
where the two upstreams describe one printing differently (a foiling, an art variation),
:mod:`generator.ingest.fab_pairing` gives fab-cards' row the cube's SKU and the difference is recorded.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace

from generator.sku.standard import Sku, SkuError

EDITIONS = {"A": "Alpha", "F": "First", "U": "Unlimited", "N": None}  # N: no specified edition
FOILINGS = {"S": "Standard", "R": "Rainbow Foil", "C": "Cold Foil", "G": "Gold Cold Foil"}
ART_VARIATIONS = {
    "AA": "Alternate Art",
    "AB": "Alternate Border",
    "AT": "Alternate Text",
    "EA": "Extended Art",
    "FA": "Full Art",
    "HS": "Half Size",
}
SET_ID_LENGTH = 3  # every FaB collector id is a 3-character set id then the number: 1HP001, WTR000
PLAIN = "ns"
_VARIANT = re.compile(
    r"^(?P<edition>[afun])(?P<foiling>[srcg])(?P<arts>(?:aa|ab|at|ea|fa|hs)*)"
    r"(?P<back>b)?(?P<ordinal>[2-9]|[1-9][0-9]+)?$"
)
_BACK_IMAGE = re.compile(r"(?:^|[_\-])back(?:[_\-]|$)", re.IGNORECASE)
_IMAGE_SUFFIX = re.compile(r"(?:\.(?:width-\d+|original))?(?:\.(?:png|webp|jpe?g))?$", re.IGNORECASE)


class MissingNumber(SkuError):
    """A printing without a collector number: quarantined as missing-number, not bad-identifier."""


@dataclass(frozen=True, slots=True)
class Variant:
    edition: str  # letter of EDITIONS
    foiling: str  # letter of FOILINGS
    arts: tuple[str, ...] = ()  # codes of ART_VARIATIONS, sorted, each once
    back: bool = False
    ordinal: int = 1  # the n-th distinct printing that agrees in every other part

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS or self.foiling not in FOILINGS:
            raise SkuError(f"unknown FaB edition {self.edition!r} or foiling {self.foiling!r}")
        unknown = [code for code in self.arts if code not in ART_VARIATIONS]
        if unknown or list(self.arts) != sorted(set(self.arts)):
            raise SkuError(f"FaB art variations must be known, sorted and distinct: {self.arts!r}")
        if self.ordinal < 1:
            raise SkuError(f"FaB ordinal must be 1 or more, not {self.ordinal}")

    def token(self) -> str | None:
        text = (self.edition + self.foiling + "".join(self.arts)).lower() + ("b" if self.back else "")
        text += str(self.ordinal) if self.ordinal > 1 else ""
        return None if text == PLAIN else text

    @classmethod
    def parse(cls, token: str | None) -> Variant:
        match = _VARIANT.match(PLAIN if token is None else token)
        if match is None or token == PLAIN:
            raise SkuError(f"{token!r} is not a FaB variant token")
        arts = match["arts"]
        return cls(
            match["edition"].upper(),
            match["foiling"].upper(),
            tuple(arts[i : i + 2].upper() for i in range(0, len(arts), 2)),
            bool(match["back"]),
            int(match["ordinal"] or 1),
        )


@dataclass(frozen=True, slots=True)
class Printing:
    """What an adapter knows of one upstream printing, in the-fab-cube's letters."""

    card_id: str  # collector id as printed, e.g. "1HP001"
    lang: str  # SKU language token: en, fr, de, it, es
    edition: str
    foiling: str
    arts: tuple[str, ...]
    image: str  # image URL or name: tells a back face, and orders art versions of one slot
    card_key: str
    upstream_id: str
    set_id: str | None = None  # the upstream's own set id, checked against the collector id


@dataclass(frozen=True, slots=True)
class Rejected:
    reason: str  # a sink quarantine reason
    detail: str


def split_card_id(card_id: str, set_id: str | None = None) -> tuple[str, str]:
    """``1HP001`` -> (``1HP``, ``001``); the set id, when the upstream gives one, must be the prefix."""
    card_id = (card_id or "").strip()
    if not card_id:
        raise MissingNumber("printing has no collector id")
    set_id = card_id[:SET_ID_LENGTH] if set_id is None else set_id.strip()
    if not set_id or not card_id.startswith(set_id):
        raise SkuError(f"collector id {card_id!r} does not start with set id {set_id!r}")
    if len(card_id) == len(set_id):
        raise MissingNumber(f"collector id {card_id!r} has no number after its set id")
    return set_id, card_id[len(set_id) :]


def image_stem(image: str) -> str:
    """``https://.../1HP001.width-450.png`` and ``1HP001.width-450`` are both ``1HP001``."""
    return _IMAGE_SUFFIX.sub("", (image or "").rsplit("/", 1)[-1])


def is_back(image: str) -> bool:
    """Upstream image names mark a back face: ``UPR007_A_Back``, ``DTD005_BACK_V2``, ``HNT001-MV_BACK``."""
    return bool(_BACK_IMAGE.search(image_stem(image)))


def assign(printings: Sequence[Printing]) -> list[Sku | Rejected]:
    """One SKU or one rejection per printing, in input order, deterministic for a given input.

    Printings that agree in set, number, language, edition, foiling, arts and face form a slot,
    ordered by image name (then input order): a repeat of an earlier card and image is a duplicate
    row; any other member is a distinct printing and takes the next ordinal. A back face showing the
    same card as the front face of its slot is the same physical printing seen twice: a duplicate.
    """
    outcomes: dict[int, Sku | Rejected] = {}
    slots: dict[tuple[Sku, Variant], list[int]] = defaultdict(list)
    for index, printing in enumerate(printings):
        try:
            set_id, number = split_card_id(printing.card_id, printing.set_id)
            base = Sku.of("fab", set_id, number, printing.lang)
            variant = Variant(
                printing.edition, printing.foiling, tuple(sorted(set(printing.arts))), is_back(printing.image)
            )
        except MissingNumber as exc:
            outcomes[index] = Rejected("missing-number", str(exc))
        except SkuError as exc:
            outcomes[index] = Rejected("bad-identifier", str(exc))
        else:
            slots[(base, variant)].append(index)
    for members in slots.values():
        members.sort(key=lambda i: (image_stem(printings[i].image), i))
    # card -> its first printing in each slot (reversed, so that the first one is what stays in the dict)
    front_cards = {slot: {printings[i].card_key: i for i in reversed(members)} for slot, members in slots.items()}
    for (base, variant), members in slots.items():
        front = front_cards.get((base, replace(variant, back=False)), {}) if variant.back else {}
        kept: dict[tuple[str, str], int] = {}
        for index in members:
            printing = printings[index]
            seen = (printing.card_key, image_stem(printing.image))
            if printing.card_key in front:
                twin = printings[front[printing.card_key]].upstream_id
                outcomes[index] = Rejected("duplicate-id", f"back face of {twin}, which shows the same card")
            elif seen in kept:
                outcomes[index] = Rejected("duplicate-id", f"repeats {printings[kept[seen]].upstream_id}")
            else:
                kept[seen] = index
                token = replace(variant, ordinal=len(kept)).token()
                outcomes[index] = Sku(base.game, base.set, base.number, base.lang, token)
    return [outcomes[index] for index in range(len(printings))]
