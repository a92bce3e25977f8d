"""``/api/v1/culture/answering-rhymes`` and ``/answering-rhymes``: curated card/work relations."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from generator.content import CONTENT_ROOT
from generator.content.culture import AnsweringRhymes, load_answering_rhymes
from generator.surfaces.culture.rhyme_relations import relations
from generator.surfaces.pages.culture_pages import relations_page


def test_every_curated_relation_names_a_real_card_and_a_public_domain_work(real_ctx) -> None:
    data = relations(real_ctx, {}, {}).data
    curated = load_answering_rhymes(CONTENT_ROOT)
    assert data["license"] == "NOASSERTION" and data["not_in_catalog"] == 0
    assert data["count"] == len(curated.relations) == len(data["relations"]) >= 5
    for rel in data["relations"]:
        printing = real_ctx.snapshot.printing(rel["card"]["sku"])
        assert printing is not None and printing.name == rel["card"]["name"]
        work = rel["work"]
        assert work["public_domain"] is True and work["accession_id"]
        assert work["object_url"].startswith("https://www.metmuseum.org/art/collection/search/")
        assert work["record_url"].endswith("/" + work["object_url"].rsplit("/", 1)[1])  # one object, two addresses
    assert {rel["card"]["sku"].split("-")[0] for rel in data["relations"]} == {"ptcg", "op", "lor"}


def test_sku_narrows_to_that_cards_relations_and_an_unknown_card_is_a_404(real_ctx) -> None:
    only = relations(real_ctx, {}, {"sku": "OP-OP01-048-EN"}).data
    assert only["sku"] == "op-op01-048-en" and only["count"] == 1
    assert only["relations"][0]["work"]["title"] == "Cat amulet"
    none = relations(real_ctx, {}, {"sku": "op-op01-001-en"}).data
    assert none["count"] == 0 and none["relations"] == []
    missing = relations(real_ctx, {}, {"sku": "op-op01-999-en"})
    assert missing.status == 404 and missing.error is not None and missing.error[0] == "sku_not_found"


def test_a_build_without_the_cards_leaves_the_relations_out_and_counts_them(ctx, ask) -> None:
    data = relations(ctx, {}, {}).data
    assert data["count"] == 0 and data["not_in_catalog"] == len(load_answering_rhymes(CONTENT_ROOT).relations)
    page = ask("GET", "/answering-rhymes")
    assert page.status_code == 200 and "None in this build" in page.text
    assert ask("GET", "/api/v1/culture/answering-rhymes?sku=nope").status_code == 404


def test_the_page_links_each_card_to_its_product_page_and_each_work_to_its_museum(real_ctx) -> None:
    sections = relations_page(real_ctx, {}, {}).data["sections"]
    assert len(sections) == relations(real_ctx, {}, {}).data["count"]
    for section in sections:
        rows = {row[0]: row[1] for row in section["rows"]}
        assert rows["Card"]["href"].startswith("/product/") and section["text"]
        assert rows["Work"]["href"].startswith("https://www.metmuseum.org/") and "accession" in rows["Museum"]


def test_content_with_an_unknown_or_unused_work_or_a_repeated_pair_is_refused() -> None:
    real = load_answering_rhymes(CONTENT_ROOT)
    one = real.relations[0]
    with pytest.raises(ValidationError, match="unknown works"):
        AnsweringRhymes(works=real.works, relations=(*real.relations, one.model_copy(update={"work": "met-0"})))
    with pytest.raises(ValidationError, match="no relation names"):
        AnsweringRhymes(works=real.works, relations=tuple(r for r in real.relations if r.work != one.work))
    with pytest.raises(ValidationError, match="at most once"):
        AnsweringRhymes(works=real.works, relations=(*real.relations, one))
