"""Normalisation shared by the two One Piece upstreams, so both observe a printing identically.

SKU rule (docs/sku.md): set = card-id prefix (``OP01-001`` -> ``op01``, ``P-001`` -> ``p``), number as
printed, variant = image suffix (``_p1`` -> ``p1``), led by the release's token for a regional release
(the Asia English release: ``asia``, ``asiap1``). Rarity uses the codes printed on the cards.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence

from generator.models.onepiece import MAY_LACK, STATS, STATS_OF
from generator.sku.op import ART, variant_token
from generator.sku.standard import Sku, SkuError

RARITY = {
    "common": "C",
    "uncommon": "UC",
    "rare": "R",
    "superrare": "SR",
    "secretrare": "SEC",
    "leader": "L",
    "special": "SP",
    "treasurerare": "TR",
    "promo": "P",
    "c": "C",
    "uc": "UC",
    "r": "R",
    "sr": "SR",
    "sec": "SEC",
    "l": "L",
    "sp card": "SP",
    "sp": "SP",
    "tr": "TR",
    "p": "P",
}
CATEGORY = {"leader": "Leader", "character": "Character", "event": "Event", "stage": "Stage"}
_IMAGE_ID = re.compile(rf"^(?P<card>(?P<set>[A-Z]+\d*)-(?P<number>\d+))(?:_(?P<variant>{ART}))?$")
_PRODUCT_CODE = re.compile(r"([A-Z]{1,4})-?(\d{2})")
_PRODUCT_KINDS = re.compile(r"^(BOOSTER PACK|STARTER DECK|EXTRA BOOSTER|PREMIUM BOOSTER)\s*-?\s*", re.I)
_LATIN_AFTER_KIND = re.compile(r"^[^\x00-\x7f]+[\s\u3000]+([\x20-\x7e]+)$")  # "エクストラブースター EGGHEAD CRISIS"
# A [Trigger] section starts the text or follows a finished sentence; "a [Trigger] from your hand"
# mid-sentence is card text, not a section marker. npm writes "no effect" as "- [Trigger] ...".
_TRIGGER_SECTION = re.compile(r"(?:^|(?<=[.!?)\]」-])\s)\[Trigger\]\s*")


def split_image_id(image_id: str) -> tuple[str, str, str, str | None]:
    """``OP01-001_p1`` -> (card id ``OP01-001``, set ``OP01``, number ``001``, variant ``p1``)."""
    match = _IMAGE_ID.match(image_id or "")
    if match is None:
        raise SkuError(f"{image_id!r} is not a One Piece card id")
    return match["card"], match["set"], match["number"], match["variant"]


# Bandai runs a separate English card list, on the Japanese release schedule, for Asia: its printings
# are not the Western English ones (its own parallel numbering, text and rarity; docs/sku.md).
ASIA = "asia"


def sku_for(image_id: str, lang: str, release: str | None = None) -> Sku:
    """``release``: the regional release's token (``ASIA``), None for the publisher's main list of
    that language. It leads the variant, so ``OP01-001_p1`` of the Asia list is ``...-en-asiap1``."""
    _, set_id, number, art = split_image_id(image_id)
    return Sku.of("op", set_id, number, lang, variant_token(release, art))


def empty(value: object) -> bool:
    return value is None or (isinstance(value, str) and value.strip() in ("", "-"))


_PARALLEL_LABEL = re.compile(r"\s*\(Parallel\)$")


def clean_name(value: object) -> str | None:
    """Names arrive HTML-escaped from one upstream (``Kid &amp; Killer``); the Asia English list
    labels a parallel art in the name (``Trebol (Parallel)``), which the card does not print."""
    return None if empty(value) else _PARALLEL_LABEL.sub("", html.unescape(str(value)).strip())


def to_int(value: object) -> int | None:
    """Numbers come as ints, digit strings, "-" or null; anything else is unknown (None)."""
    if empty(value):
        return None
    try:
        return int(str(value).strip())
    except ValueError:
        return None


def clean_text(value: object) -> str | None:
    if empty(value):
        return None
    text = html.unescape(str(value)).replace("<br />", "\n").replace("<br/>", "\n").replace("<br>", "\n")
    return "\n".join(line.strip() for line in text.splitlines()).strip() or None


def effect_and_trigger(effect: object, trigger: object = None) -> tuple[str | None, str | None]:
    """Separate effect and [Trigger] text, whichever way the upstream stores them.

    npm keeps the trigger inside ``effects`` after the last sentence; punk-records has a ``trigger``
    field starting with ``[Trigger]``, but a trigger-only card can carry it in ``effect`` instead.
    """
    effect_text, trigger_text = clean_text(effect), clean_text(trigger)
    if trigger_text is not None:
        return effect_text, clean_text(_TRIGGER_SECTION.sub("", trigger_text, count=1))
    if effect_text is None:
        return None, None
    sections = list(_TRIGGER_SECTION.finditer(effect_text))
    if not sections:
        return effect_text, None
    last = sections[-1]
    return clean_text(effect_text[: last.start()]), clean_text(effect_text[last.end() :])


def product_set_codes(label: str) -> list[str]:
    """``OP14-EB04`` -> [op14, eb04]; ``PRB-01`` -> [prb01]; ``ST-01`` -> [st01]."""
    codes = [f"{a}{b}".lower() for a, b in _PRODUCT_CODE.findall(label)]
    return list(dict.fromkeys(codes))


def latin_title(title: str | None) -> str | None:
    """A Japanese product title whose set name is printed in Latin script, without the Japanese
    product kind (``エクストラブースター EGGHEAD CRISIS`` -> ``EGGHEAD CRISIS``); None for a name in
    Japanese script, which the catalog's English name field cannot carry."""
    found = _LATIN_AFTER_KIND.match(title.strip()) if title else None
    if found is None:
        return None
    return found.group(1).strip(" -") or None


def set_names(*lists: Iterable[tuple[Sequence[str], str | None]]) -> dict[str, str]:
    """Set code -> name from a source's product lists, an earlier list winning (the main English
    list before the Asia English one before the Japanese), and within a list the first title
    given. A product of one set names that set. A product that combines sets (``OP14-EB04``: the
    fourteenth booster, with extra-booster cards in its packs) names only its first set, and only
    when no product of that set alone in the same list has a title: so ``eb04`` takes the name of
    its own product (EGGHEAD CRISIS, in the Asia and Japanese lists), not that of the booster it was
    also sold in, and ``op14`` keeps the main list's title."""
    names: dict[str, str] = {}
    for products in reversed(lists):
        own: dict[str, str] = {}
        combined: dict[str, str] = {}
        for codes, title in products:
            if title and codes:
                (own if len(codes) == 1 else combined).setdefault(codes[0], title)
        names |= combined | own
    return names


def product_title(title: str) -> str | None:
    """``BOOSTER PACK -ROMANCE DAWN-`` -> ``ROMANCE DAWN``; a bare product kind is no title at all."""
    name = html.unescape(_PRODUCT_KINDS.sub("", title.strip())).strip(" -")
    return name or None


def attrs(
    *,
    category: str | None,
    colors: Iterable[str | None] | None,
    cost: object,
    power: object,
    counter: object,
    life: object,
    attributes: Iterable[str | None] | None,
    types: Iterable[str | None] | None,
    effect: str | None,
    trigger: str | None,
    block: int | None,
) -> dict[str, object]:
    """A printing's attributes. The printed numbers (``cost``, ``power``, ``counter``, ``life``) come
    as the upstream has them and are kept by the card's category (``generator.models.onepiece``,
    ``STATS_OF``): one its category lacks is left out; one it has is a number, and the upstreams'
    "-" (or null) there is the 0 the card prints, except for a Character's Counter, where it means
    the card has no Counter symbol. A category no list names keeps every number as given."""
    named = CATEGORY.get(str(category).lower()) if category else None
    numbers = {"cost": cost, "power": power, "counter": counter, "life": life}
    if named is None:
        stats = {stat: to_int(value) for stat, value in numbers.items()}
    else:
        stats = {stat: stat_value(numbers[stat], stat in MAY_LACK) for stat in STATS if stat in STATS_OF[named]}
    return {
        "category": named,
        "colors": sorted(c for c in (colors or []) if c),
        **stats,
        "attributes": sorted(_attribute(a) for a in (attributes or []) if a),
        "types": sorted(t for t in (types or []) if t),
        "effect": effect,
        "trigger": trigger,
        "block": block,
    }


def stat_value(value: object, may_lack: bool) -> int | None:
    """A printed number of a card whose category has it: "-" or null is a printed 0 (the lists
    write the card's 0 so), or no number at all where the card may lack one (a Counter); a value
    that is not a number stays unknown (None)."""
    if empty(value):
        return None if may_lack else 0
    return to_int(value)


def _attribute(value: str) -> str:
    """punk-records writes the attribute "?" (rule 2-5-2, OP13-079) as ``Unknown``; the other list
    and the card print ``?``."""
    return "?" if value == "Unknown" else value
