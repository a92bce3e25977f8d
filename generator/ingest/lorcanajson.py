"""LorcanaJSON ``allCards.json``: set names and dates, and one printing per card with its rules text.

This is the Lorcana source with text (abilities, full text, flavour) and set metadata, in one
language (``metadata.language``, English here). The SKU comes from what the card prints
(``generator.sku.lor``): the set number, or the promo group for promos (``promoGrouping`` "P1" -> ``p1``),
or ``q1`` for the quest LorcanaJSON files as set "10"; the number plus its printed letter ("4a").

``card_key`` follows LorcanaJSON's own linkage (``nonPromoId``/``nonEnchantedId``) to the base card
and slugs that card's full name, so an enchanted or promo printing groups with its base card and
agrees with lorcana-data's key. A printing whose printed name differs from its base card's (the
English "Vaiana" promo of "Moana", sharing "26/P2") takes that printed name as its SKU variant; two
different cards on one number take the set number each prints after the language (``s7``), as
lorcana-data's do (``generator.sku.lor.told_apart``).
Linkage ids become SKUs in ``attrs``: our readers know SKUs, not LorcanaJSON's internal ids.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import orjson

from generator.ingest.sink import Sink, parse_date
from generator.sku.lor import card_key, display_label, lor_sku, parse_printed, told_apart
from generator.sku.standard import Sku, SkuError, token

FILE = "allCards.json"
# What play and display need; images, prices and marketplace ids are deliberately absent.
PLAY_FIELDS = (
    "type",
    "cost",
    "inkwell",
    "lore",
    "strength",
    "willpower",
    "moveCost",
    "subtypes",
    "abilities",
    "keywordAbilities",
    "fullText",
    "flavorText",
    "artists",
    "foilTypes",
    "story",
    "variant",
)
LINKS = {"enchantedId": "enchanted", "nonEnchantedId": "nonEnchanted", "nonPromoId": "nonPromo"}
LINK_LISTS = {"promoIds": "promos", "variantIds": "variants"}

Card = dict[str, Any]  # a card record as LorcanaJSON publishes it
Refusal = tuple[str, object, str]  # (reason, upstream id, detail) of a quarantined card
Plan = Sku | Refusal


def read(root: Path, sink: Sink) -> None:
    dump = _load(root / FILE, sink)
    if dump is None:
        return
    lang = str((dump.get("metadata") or {}).get("language") or "en")
    cards = dump["cards"]
    sink.rows_read += len(cards)
    set_tokens = _read_sets(dump.get("sets"), cards, sink)
    by_id = {card["id"]: card for card in cards if isinstance(card, dict) and "id" in card}
    plans = [(card, _plan(card, by_id, set_tokens, lang)) for card in cards]
    apart = told_apart(((sku.set, sku.number), _key(card, by_id), _set_number(card)) for card, sku in _planned(plans))
    plans = [(card, _told_apart(card, plan, by_id, apart)) for card, plan in plans]
    sku_of = {card.get("id"): str(sku) for card, sku in _planned(plans)}
    for card, plan in plans:
        if not isinstance(plan, Sku):
            sink.quarantine(*plan)
        else:
            sink.printing(
                plan,
                _key(card, by_id),
                card.get("fullName"),
                display_label(card.get("rarity")),
                str(card.get("id")),
                _attrs(card, sku_of),
            )


def _load(path: Path, sink: Sink) -> dict[str, Any] | None:
    try:
        dump = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError) as exc:
        sink.quarantine("broken-file", path.name, f"{type(exc).__name__}: {exc}")
        return None
    if not isinstance(dump, dict) or not isinstance(dump.get("cards"), list):
        sink.quarantine("broken-file", path.name, "not an object with a cards list")
        return None
    return dump


def _read_sets(sets: object, cards: list[object], sink: Sink) -> dict[str, str]:
    """Record the sets; return every set code's SKU token (cards need it even when a set row is bad)."""
    totals = _printed_totals(cards)
    tokens: dict[str, str] = {}
    for code, meta in sets.items() if isinstance(sets, dict) else ():
        meta = meta if isinstance(meta, dict) else {}
        number, kind = meta.get("number"), str(meta.get("type") or "expansion")
        try:  # "1" for an expansion, "q1" for a quest
            tokens[code] = token(code if number is None else number if kind == "expansion" else f"{kind[0]}{number}")
        except SkuError as exc:
            sink.quarantine("bad-identifier", code, str(exc))
            continue
        try:
            released = parse_date(meta.get("releaseDate"))
        except ValueError:
            sink.quarantine("bad-date", code, f"releaseDate {meta.get('releaseDate')!r}")
            continue
        sink.set(tokens[code], meta.get("name") or None, released, totals.get(code), upstream_id=code)
    return tokens


def _printed_totals(cards: list[object]) -> dict[str, int]:
    """The set size as printed after the slash ("1/204 • EN • 1" -> 204); promos print a group instead."""
    totals: dict[str, Counter[int]] = {}
    for card in cards:
        if isinstance(card, dict) and not card.get("promoGrouping"):
            printed = str(card.get("fullIdentifier") or "").split("•")[0].partition("/")[2].strip()
            if printed.isdigit():
                totals.setdefault(str(card.get("setCode")), Counter())[int(printed)] += 1
    return {code: counts.most_common(1)[0][0] for code, counts in totals.items()}


def _plan(card: object, by_id: dict[object, Card], set_tokens: dict[str, str], lang: str) -> Plan:
    """The card's SKU, or the (reason, upstream id, detail) it is quarantined with."""
    if not isinstance(card, dict):
        return ("broken-row", None, f"card is a {type(card).__name__}, not an object")
    upstream_id = card.get("id")
    group = card.get("promoGrouping")
    set_tok = group if group else set_tokens.get(str(card.get("setCode")))
    if set_tok is None:
        return ("unknown-set", upstream_id, f"setCode {card.get('setCode')!r} is not in sets")
    if card.get("number") in (None, ""):
        return ("missing-number", upstream_id, "card has no number")
    name = str(card.get("fullName") or "")
    variant = card.get("name") if name and card_key(name) != _key(card, by_id) else None
    try:
        return lor_sku(str(set_tok), card["number"], card.get("variant"), lang, variant)
    except SkuError as exc:
        return ("bad-identifier", upstream_id, str(exc))


def _planned(plans: list[tuple[Card, Plan]]) -> list[tuple[Card, Sku]]:
    return [(card, plan) for card, plan in plans if isinstance(plan, Sku)]


def _set_number(card: Card) -> str | None:
    """The set number printed after the language ("7" in "5/C2 • EN • 7"), as lorcana-data reads it."""
    printed = parse_printed(card.get("fullIdentifier"))
    return printed.set_number if printed else None


def _told_apart(
    card: Card, plan: Plan, by_id: dict[object, Card], apart: dict[tuple[Hashable, str], str | None]
) -> Plan:
    """Two different cards on one number: told apart by their printed set numbers, or both quarantined."""
    if not isinstance(plan, Sku):
        return plan
    claim = ((plan.set, plan.number), _key(card, by_id))
    if claim not in apart:
        return ("duplicate-id", card.get("id"), f"{plan.set}/{plan.number} is claimed by different cards")
    return plan if apart[claim] is None else Sku(plan.game, plan.set, plan.number, plan.lang, apart[claim])


def _key(card: Card, by_id: dict[object, Card]) -> str:
    """The slug of the base card's full name, following promo/enchanted links to the base card."""
    seen = set()
    while (link := card.get("nonPromoId") or card.get("nonEnchantedId")) in by_id and link not in seen:
        seen.add(link)
        card = by_id[link]
    return card_key(str(card.get("fullName") or ""))


def _attrs(card: Card, sku_of: dict[object, str]) -> dict[str, Any]:
    attrs = {name: card[name] for name in PLAY_FIELDS if card.get(name) not in (None, "", [])}
    colors = card.get("colors") or ([card["color"]] if card.get("color") else [])
    if colors:
        attrs["colors"] = colors
    for field, name in LINKS.items():
        if card.get(field) in sku_of:
            attrs[name] = sku_of[card[field]]
    for field, name in LINK_LISTS.items():
        linked = [sku_of[i] for i in card.get(field) or () if i in sku_of]
        if linked:
            attrs[name] = linked
    return attrs
