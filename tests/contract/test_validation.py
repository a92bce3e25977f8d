"""Build-time validation checks the published JSON Schema (``generator.contract.validation``): it
must accept what the models accept and refuse what they refuse, the One Piece rules included, which
the schema states beside the models' validators."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest
from pydantic import model_validator

from generator.contract.validation import ContractError, check_result, model_check, unstated_validators
from generator.models.catalog.cards import CardEverything
from generator.models.catalog.universal import UniversalCard
from generator.models.discovery.ledgers import PillowBookDocument
from generator.models.frozen import Doc, checks_the_document
from generator.models.pages.reader import ReaderPage
from generator.web.envelope import Provenance
from generator.web.respond import refused
from generator.web.surface import Context, Result, Surface


def _results(ctx: Context) -> list[tuple[Surface, str, Result]]:
    """Every static route's result over the synthetic catalog, as the build's workers compute it."""
    answers = []
    for surface in ctx.surfaces:
        for params in surface.enumerate(ctx) if surface.enumerate else ():
            path = surface.concrete(params)
            result = refused(surface, params, {}) or surface.compute(ctx, params, {})
            if result.error is not None and result.status >= 400 and surface.error_page is not None:
                result = surface.error_page(ctx, surface, path, result)
            answers.append((surface, path, result))
    return answers


@pytest.fixture(scope="module")
def results(ctx: Context) -> list[tuple[Surface, str, Result]]:
    return _results(ctx)


def _pydantic_accepts(model: Any, data: Any) -> bool:
    try:
        model.__pydantic_validator__.validate_python(data)
    except ValueError:
        return False
    return True


def _schema_accepts(model: Any, data: Any) -> bool:
    return bool(model_check(model).schema.is_valid(data))


def test_every_document_of_a_build_passes_the_schema_and_the_model(results) -> None:
    checked = 0
    for surface, path, result in results:
        check_result(surface, path, result)  # raises on a document its schema refuses
        documented = surface.model is not None and result.error is None and result.status == surface.answer_status
        if documented and not (result.media_type or result.direct):
            assert _pydantic_accepts(surface.model, result.data), path
            checked += 1
    assert checked > 500


def _card(results, surface_id: str, category: str) -> dict[str, Any]:
    for surface, _, result in results:
        if surface.id == surface_id and result.status == 200:
            members = result.data if surface_id == "universal.card" else result.data["card"]
            attributes = members.get("attributes") or {}
            if members["sku"].startswith("op-") and attributes.get("category") == category:
                return copy.deepcopy(result.data)
    raise LookupError(f"no {category} among the synthetic {surface_id} documents")


def _attributes(document: dict[str, Any]) -> dict[str, Any]:
    members = document.get("card", document)
    attributes: dict[str, Any] = members["attributes"]
    return attributes


BREAKS = {
    "a Character without its cost": ("Character", lambda a: a.pop("cost")),
    "a Character with a Life": ("Character", lambda a: a.update(life=5)),
    "a Character without its Counter (null is its absence)": ("Character", lambda a: a.pop("counter")),
    "a Leader with a cost": ("Leader", lambda a: a.update(cost=3)),
    "a Leader without its Life": ("Leader", lambda a: a.pop("life")),
    "an op- printing's attributes of another shape": ("Character", lambda a: (a.clear(), a.update(hp="70"))),
}


@pytest.mark.parametrize("surface_id,model", [("universal.card", UniversalCard), ("cards.everything", CardEverything)])
@pytest.mark.parametrize("broken", BREAKS)
def test_the_schema_refuses_what_the_one_piece_rules_refuse(results, surface_id, model, broken) -> None:
    category, breaking = BREAKS[broken]
    document = _card(results, surface_id, category)
    assert _schema_accepts(model, document) and _pydantic_accepts(model, document)
    breaking(_attributes(document))
    assert not _pydantic_accepts(model, document)
    assert not _schema_accepts(model, document)


def test_a_printing_of_another_game_may_carry_any_attributes(results) -> None:
    surface, path, result = next(
        (s, p, r) for s, p, r in results if s.id == "universal.card" and not r.data["sku"].startswith("op-")
    )
    document = copy.deepcopy(result.data) | {"attributes": {"hp": "70"}}
    assert _pydantic_accepts(UniversalCard, document) and _schema_accepts(UniversalCard, document)
    check_result(surface, path, Result(data=document))


def test_a_model_with_a_check_its_schema_does_not_state_is_checked_by_pydantic_too() -> None:
    """An unmarked validator (a story arc's enums come from the ontology) is never skipped."""
    assert [f.__qualname__ for f in unstated_validators(PillowBookDocument)] == ["StoryArc._values_of_the_ontology"]
    assert model_check(PillowBookDocument).pydantic_too
    assert not model_check(UniversalCard).pydantic_too and not model_check(CardEverything).pydantic_too


def test_a_reader_page_is_checked_on_the_document_not_through_pydantic(results) -> None:
    """The heading starts with the printed name it marks: a check of the plain document, run beside
    the schema; a page that breaks it fails the build as pydantic would have refused it."""
    assert not model_check(ReaderPage).pydantic_too and model_check(ReaderPage).document_checks
    surface, path, result = next((s, p, r) for s, p, r in results if s.model is ReaderPage and r.data.get("named"))
    document = copy.deepcopy(result.data) | {"heading": "Not " + result.data["heading"]}
    assert _schema_accepts(ReaderPage, document) and not _pydantic_accepts(ReaderPage, document)
    with pytest.raises(ContractError, match=r"breaks ReaderPage: \(document\): the heading 'Not "):
        check_result(surface, path, Result(data=document))


class _Member(Doc):
    text: str

    @model_validator(mode="before")
    @classmethod
    @checks_the_document
    def _not_empty(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.get("text"):
            raise ValueError("empty")
        return data


class _Holder(Doc):
    member: _Member


def test_a_document_check_of_a_nested_model_goes_through_pydantic() -> None:
    """It would see a member, not the document: only the document's own model's checks run alone."""
    assert model_check(_Member).document_checks and not model_check(_Member).pydantic_too
    assert not model_check(_Holder).document_checks and model_check(_Holder).pydantic_too


def test_a_broken_document_names_its_path_model_and_member(results) -> None:
    surface, path, result = next((s, p, r) for s, p, r in results if s.id == "universal.card")
    document = copy.deepcopy(result.data) | {"sku": 7}
    with pytest.raises(ContractError, match=rf"^{path} \(universal.card\) breaks UniversalCard: sku: 7 is not"):
        check_result(surface, path, Result(data=document))


def test_the_schema_refuses_a_text_document_its_format_pattern_refuses(results) -> None:
    """robots.txt, llms.txt, sitemaps: a text document's model is a pattern over the whole text
    (``(?m)`` flags, ``\\n`` and ``$`` included); the schema's regex engine reads it as pydantic does."""
    texts = [(s, r) for s, _, r in results if s.model is not None and r.status == 200 and isinstance(r.data, str)]
    patterned = [(s, r) for s, r in texts if "pattern" in s.model.model_json_schema()]
    assert len({s.id for s, _ in patterned}) >= 3
    for surface, result in patterned:
        assert _schema_accepts(surface.model, result.data) and _pydantic_accepts(surface.model, result.data)
        broken = "x" + result.data.replace("User-agent: *", "User-agent: somebot")
        assert not _pydantic_accepts(surface.model, broken), surface.id
        assert not _schema_accepts(surface.model, broken), surface.id


def test_a_surface_declared_upstream_names_its_sources_or_fails_the_check(results) -> None:
    """The OpenAPI document trusts the declaration (it asks such a surface for no example): every
    200 of a declared surface names a source, and one that names none fails the build's check."""
    declared = [(s, p, r) for s, p, r in results if s.upstream and r.error is None and r.status == 200]
    assert {"play.effect_grammar", "catalog.oracle_policies", "catalog.artists"} <= {s.id for s, _, _ in declared}
    assert all(result.provenance.sources for _, _, result in declared)
    surface, path, result = declared[0]
    check_result(surface, path, result)
    with pytest.raises(ContractError, match=rf"^{path} \({surface.id}\) is declared upstream"):
        check_result(surface, path, replace(result, provenance=Provenance()))
