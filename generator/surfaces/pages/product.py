"""The catalog's reader pages of one card: ``/product/{sku}`` and ``/prices/{game}/{set}/{number}``.

``/product/{sku}`` is the exact-SKU collector page: every structural fact the catalog holds, the
other languages and variants of the same set and number, reprints, what each source publishes,
and the SKU and content hash with how to check them. It renders ``cards.everything`` (its JSON
sibling) and the universal card's hash. ``/prices/{game}/{set}/{number}`` renders the price-guide
JSON of one card number. Values from uncleared sources are withheld on both, visibly, with why.

Both are written as files for every SKU and every card number (56,370 and 32,510 pages in the
real catalog), so a static host serves the whole reader site. That is about as many routes again as
the rest of the build, so each page must cost what an average route costs (0.35 ms of CPU on two
workers at 5,000 routes/s): the product page takes the content hash from the printing's identity
rather than building the universal document around it, and the table rows of ``page.html`` avoid
Jinja's per-cell loop machinery.
"""

from __future__ import annotations

from typing import Any

from generator.hashing import content_hash
from generator.identity import identity
from generator.models.pages.reader import ReaderPage
from generator.site import Site
from generator.surfaces.catalog import cards, prices, provenance
from generator.surfaces.catalog.retired import published_skus
from generator.surfaces.catalog.universal import lookup_card
from generator.surfaces.pages.card_facts import card_facts, link, rarity_text
from generator.surfaces.pages.languages import in_language, language_name
from generator.surfaces.pages.printed import printed_rows
from generator.surfaces.pages.reader import WITHHELD_NOTE, page
from generator.surfaces.pages.source_words import source_row
from generator.surfaces.pages.variant_words import token_and_words
from generator.web.surface import Context, Params, Query, Result, Surface

CHECK_HASH = (
    "The content hash is sha256 over the RFC 8785 canonical JSON of the card's identity fields "
    "({fields}). Recompute it with any RFC 8785 library and sha256; the universal document carries it "
    "as @content_hash, and the federation route answers it with this SKU."
)


def product_url(sku: str) -> str:
    return f"/product/{sku}"


def product_page(ctx: Context, params: Params, query: Query) -> Result:
    found = lookup_card(ctx, params["sku"].lower(), product_url)
    if isinstance(found, Result):
        return found
    d = cards.everything_document(ctx, found)  # the JSON sibling's data; the SKU is looked up once
    card, fields = d["card"], identity(found, ctx.snapshot.encoding)
    digest = content_hash(fields)  # the universal document's @content_hash, without the document
    where = card["in_set"]
    facts = [*card_facts(found, card), ("Oracle id", d["oracle_id"] or "none")]
    attributes = printed_rows(found.game, card.get("attributes") or {}, found.lang)
    siblings = [
        [
            link(s["sku"], product_url(s["sku"])),
            in_language(s["name"], s["lang"]),
            s["relation"].replace("_", " "),
            language_name(s["lang"]),
            token_and_words(found.game, s["variant"]),
        ]
        for s in d["siblings"]["same_number"] + d["siblings"]["other_printings"]
    ]
    states = [source_row(s) for s in d["sources"]]
    sections: list[dict[str, Any]] = [
        {"heading": "The card", "columns": ("Fact", "Value"), "rows": facts, "items": []},
        {"heading": "As printed", "columns": ("Attribute", "Value"), "rows": attributes, "items": []},
        {
            "heading": "Same number, other languages and variants; reprints",
            "columns": ("SKU", "Name", "Relation", "Language", "Variant"),
            "rows": siblings,
            "items": [] if siblings else [{"label": "None in the catalog", "text": "", "href": None}],
        },
        {
            "heading": "Sources",
            "columns": ("Source", "Rights", "State", "What is published"),
            "rows": states,
            "items": [],
        },
        {
            "heading": "Identity",
            "text": CHECK_HASH.format(fields=", ".join(fields)),
            "columns": ("Field", "Value"),
            "rows": [
                ("SKU", found.sku),
                (
                    "Content hash",
                    link(digest, f"/api/v1/federation/identify/{digest}"),
                ),
                ("Universal document", link(card["@id"], card["@id"])),
            ],
            "items": [],
        },
        {
            "heading": "Market",
            "items": [{"label": "Open offers and auctions", "text": "", "href": f"/cards/{found.sku}/market"}],
        },
    ]
    title = f"{card['name']['text']} ({found.sku})"
    description = (
        f"{card['name']['text']}: {where['name'] or where['set']} {where['number']}, {language_name(found.lang)}. "
        "Every fact the catalog holds."
    )
    named = (card["name"]["text"], found.lang)
    return page(ctx, product_url(found.sku), d["@id"], title, description, sections, WITHHELD_NOTE, named)


def number_page(ctx: Context, params: Params, query: Query) -> Result:
    found = prices.price_card(ctx, params, query)
    if found.error is not None:
        return found
    d = found.data
    rows = [
        [
            link(p["sku"], product_url(p["sku"])),
            in_language(p["name"], p["lang"]),
            language_name(p["lang"]),
            token_and_words(d["game"], p["variant"]),
            rarity_text(d["game"], p["rarity"]) if p["rarity"] else "",
            "withheld",
        ]
        for p in d["printings"]
    ]
    printings = ctx.snapshot.printings_of_number(d["game"], d["set"], d["number"])
    states = [source_row(s) for s in provenance.source_states(ctx, d["game"], printings)]  # of the whole number
    sections: list[dict[str, Any]] = [
        {
            "heading": "Printings",
            "columns": ("SKU", "Name", "Language", "Variant", "Rarity", "Price"),
            "rows": rows,
            "items": [],
        },
        {
            "heading": "Sources",
            "columns": ("Source", "Rights", "State", "What is published"),
            "rows": states,
            "items": [],
        },
    ]
    path = f"/prices/{d['game']}/{d['set']}/{d['number']}"
    title = f"{d['name']}: {d['set_name'] or d['set']} {d['number']}"
    json = prices.number_url(d["game"], d["set"], d["number"])
    return page(
        ctx,
        path,
        json,
        title,
        f"Every printing of {d['set_name'] or d['set']} {d['number']}, with its sources.",
        sections,
        notice=WITHHELD_NOTE,
        named=(d["name"], d["printings"][0]["lang"]),  # the name is the first printing's (prices.price_card)
    )


def surfaces(site: Site) -> tuple[Surface, ...]:
    common: dict[str, Any] = {
        "enveloped": False,
        "media_type": "text/html",
        "template": "page.html",
        "model": ReaderPage,
        "freshness": "catalog",
        "since": "2026-11-25",
    }
    return (
        Surface(
            "pages.product",
            "/product/{sku}",
            "A",
            product_page,
            enumerate=published_skus,
            example=cards.example_sku,
            errors=(301, 404, 410),
            summary="The exact-SKU collector page: every fact, sibling, source and the hash",
            **common,
        ),
        Surface(
            "pages.prices_card",
            "/prices/{game}/{set}/{number}",
            "A",
            number_page,
            enumerate=prices.every_number,
            example=lambda ctx: (next(prices.every_number(ctx), {"game": "op", "set": "op01", "number": "001"}), {}),
            errors=(404,),
            summary="One card number of a set: its printings and sources (values withheld)",
            **common,
        ),
    )
