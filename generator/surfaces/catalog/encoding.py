"""``/api/v1/universal/encoding``: the encoding spec, written in its own encoding.

Its ``@content_hash`` is computed like any non-card document: over its members without the
preamble, so it covers the whole canonical body and changes only when the rules change.
"""

from __future__ import annotations

from typing import Any

from generator.discovery.links import repository_doc
from generator.identity import FIXED_NULL_FIELDS, IDENTITY_FIELDS
from generator.models.catalog.universal import EncodingSpec
from generator.site import Site
from generator.surfaces.catalog.preamble import PREAMBLE, document
from generator.surfaces.catalog.universal import DENSITIES
from generator.web.surface import Context, Params, Query, Result, Surface


def encoding_members(encoding: str, site: Site) -> dict[str, Any]:
    return {
        "name": encoding,
        "license": "CC0-1.0",
        "preamble_fields": list(PREAMBLE),
        "required_preamble_fields": [f for f in PREAMBLE if f not in ("_note_opaque", "@density")],
        "densities": {
            "sparse": "identity members only: name, rarity, variant, in_set, of_game, price, image_url",
            "normal": "sparse plus card_key and game-specific structural attributes (the default)",
            "saturated": "normal plus sibling printings of the same card, the contributing sources, and "
            "where two sources observed this printing differently, both values",
        },
        "density_values": list(DENSITIES),
        "identity_fields": list(IDENTITY_FIELDS),
        "fixed_null_fields": list(FIXED_NULL_FIELDS),
        "hash_rules": {
            "canonicalization": "RFC 8785 JSON Canonicalization Scheme (JCS)",
            "algorithm": "SHA-256",
            "format": "sha256:<64 lowercase hex digits>",
            "pattern": "^sha256:[0-9a-f]{64}$",
            "card_content_hash": (
                'JCS of {"@encoding": <this name>, '
                + ", ".join(f'"{f}"' for f in IDENTITY_FIELDS)
                + ', "price": null, "captured_at": null}; game, set, number, lang and variant are the SKU '
                "parts (variant null when absent), name the printed name, rarity the code or null"
            ),
            "document_content_hash": "JCS of the document's members without the preamble fields",
            "game_content_hash_target": 'JCS of {"@encoding", "@kind": "game", "token", "name"}: '
            "each game's content_hash_target in the games collection",
            "self_hash": "JCS of the whole document without @self_hash",
            "unsupported": "hashes minted by the retired price-dependent scheme",
        },
        "time": "ISO 8601 (UTC, Z) plus integer Unix epoch seconds",
        "sku_standard": repository_doc(site, "sku.md"),
        "federation": "/api/v1/federation/identify/{hash}",
    }


def encoding_spec(ctx: Context, params: Params, query: Query) -> Result:
    enc = ctx.snapshot.encoding
    return Result(data=document(enc, "encoding_spec", encoding_members(enc, ctx.site), ctx.now))


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "universal.encoding",
            "/api/v1/universal/encoding",
            "A",
            encoding_spec,
            enumerate=lambda ctx: [{}],
            freshness="methodology",
            self_reference=True,
            model=EncodingSpec,
            provenance_kind="static",
            summary="The universal encoding spec in its own encoding",
        ),
    )
