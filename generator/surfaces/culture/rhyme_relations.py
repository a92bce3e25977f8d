"""``GET /api/v1/culture/answering-rhymes[?sku=]`` and ``/answering-rhymes``: curated relations
between cards of the catalog and public-domain museum works (spec section C; issue 16 item 5).

The relations and their texts are ours (``content/culture/answering_rhymes.yaml``); each work is
described by its museum's own open-access record, with the accession number and both addresses.
The card side is read from the build's catalog, so a relation whose card a build lacks is left out
and counted (``not_in_catalog``), never shown half. The answer carries card names from the card
sources, so it is NOASSERTION response-wide.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from generator.models.frozen import Doc
from generator.site import Site
from generator.surfaces.catalog.links import card_url
from generator.surfaces.catalog.universal import lookup_card
from generator.web.envelope import provenance
from generator.web.surface import Context, Param, Params, Query, Result, Surface

PATH = "/api/v1/culture/answering-rhymes"
SKU = Param("sku", description="only the relations of this card (a canonical SKU)", pattern=r"^[A-Za-z0-9-]+$")


class RhymeCard(Doc):
    sku: str
    name: str
    id: str = Field(alias="@id")


class RhymeWork(Doc):
    museum: str
    accession_id: str
    title: str
    maker: str
    date: str | None
    medium: str | None
    object_url: str = Field(description="the museum's open-access page of the work")
    record_url: str = Field(description="the museum's open-access record the facts are taken from")
    public_domain: Literal[True]


class Relation(Doc):
    card: RhymeCard
    work: RhymeWork
    rhyme: Literal["subject", "place", "form"]
    text: str = Field(description="why they answer each other, in our words (CC0)")


class AnsweringRhymesDocument(Doc):
    kind: Literal["answering_rhymes"] = Field(alias="@kind")
    license: Literal["NOASSERTION"]
    sku: str | None = Field(description="the card asked about, or null for every relation")
    count: int
    relations: tuple[Relation, ...]
    not_in_catalog: int = Field(description="curated relations whose card this build's catalog lacks")


def relations(ctx: Context, params: Params, query: Query) -> Result:
    sku = query.get("sku")
    if sku is not None:
        found = lookup_card(ctx, sku.lower())
        if isinstance(found, Result):
            return found
        sku = found.sku
    content = ctx.content.answering_rhymes
    works = {w.id: w for w in content.works}
    listed: list[dict[str, Any]] = []
    games: set[str] = set()
    missing = 0
    for r in content.relations:
        printing = ctx.snapshot.printing(r.sku)
        if printing is None:
            missing += 1
        elif sku in (None, r.sku):
            work = works[r.work].model_dump(mode="json", exclude={"id"})
            card = {"sku": r.sku, "name": printing.name, "@id": card_url(r.sku)}
            listed.append({"card": card, "work": work, "rhyme": r.rhyme, "text": r.text})
            games.add(printing.game)
    data = {
        "@kind": "answering_rhymes",
        "license": "NOASSERTION",
        "sku": sku,
        "count": len(listed),
        "relations": listed,
        "not_in_catalog": missing,
    }
    return Result(data=data, provenance=provenance(s for s in ctx.snapshot.sources() if s.game in games))


def surfaces(site: Site) -> tuple[Surface, ...]:
    common: dict[str, Any] = {
        "enumerate": lambda ctx: [{}],
        "freshness": "catalog",
        "since": "2026-11-25",
        "stability": "experimental",
    }
    return (
        Surface(
            "culture.answering_rhymes",
            PATH,
            "C",
            relations,
            query_params=(SKU,),
            model=AnsweringRhymesDocument,
            errors=(404, 410),
            does_not_include=("images of the works (see each museum's page)", "prices"),
            summary="Curated relations between card SKUs and public-domain museum works (NOASSERTION)",
            **common,
        ),
    )
