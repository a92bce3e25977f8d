"""Answering-rhyme statements: ``GET, POST /api/v1/culture/answering-rhymes/statements`` and the
schema at ``/schemas/answering-rhyme.statement.v1.json``.

A statement says something about a relation between a card and a museum work: ``bless`` it,
``contextualize`` it, ``correct`` an earlier statement, or ``withdraw`` one. The contract
(``answering-rhyme.statement/1``) is the ``Statement`` model; the published JSON Schema (Draft
2020-12) is generated from it, so the POST validates with exactly the schema it publishes. POST
answers the normalised statement (strings trimmed and NFC-normalised) and a receipt: sha256 over its
RFC 8785 canonical JSON (``answering-rhyme.canonical-json/1``). Nothing is created or remembered,
so ``replay_detected`` is always false.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, model_validator
from pydantic.config import JsonDict

from generator.hashing import content_hash
from generator.models.frozen import Doc
from generator.site import Site
from generator.web.surface import Context, Method, Params, Query, Result, Surface

CONTRACT = "answering-rhyme.statement/1"
CANONICAL = "answering-rhyme.canonical-json/1"
SCHEMA_PATH = "/schemas/answering-rhyme.statement.v1.json"
LIMIT = 16 * 1024


NOT_BLANK = "[^ \t\n\r\f\v]"  # at least one character that is not ASCII white space
NEEDS_TEXT: JsonDict = {
    "if": {"properties": {"action": {"enum": ["contextualize", "correct"]}}},
    "then": {"required": ["text"], "properties": {"text": {"type": "string", "pattern": NOT_BLANK}}},
}
NEEDS_ABOUT: JsonDict = {
    "if": {"properties": {"action": {"enum": ["correct", "withdraw"]}}},
    "then": {"required": ["about_statement"], "properties": {"about_statement": {"type": "string"}}},
}


class Work(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    museum: str = Field(min_length=1, max_length=200)
    accession_id: str = Field(min_length=1, max_length=100)


class Statement(BaseModel):
    """An answering-rhyme statement (``answering-rhyme.statement/1``)."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        title="answering-rhyme.statement/1",
        json_schema_extra={"allOf": [NEEDS_TEXT, NEEDS_ABOUT]},  # what each action needs, in the schema too
    )
    contract: Literal["answering-rhyme.statement/1"]
    action: Literal["bless", "contextualize", "correct", "withdraw"]
    sku: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+){2,4}$", description="a canonical SKU of the catalog")
    work: Work
    text: str | None = Field(None, max_length=2000, description="required to contextualize or correct")
    by: str | None = Field(None, max_length=200)
    about_statement: str | None = Field(
        None, pattern=r"^sha256:[0-9a-f]{64}$", description="the receipt hash of the statement corrected or withdrawn"
    )

    @model_validator(mode="after")
    def _what_each_action_needs(self) -> Statement:
        if self.action in ("contextualize", "correct") and not (self.text or "").strip(" \t\n\r\f\v"):
            raise ValueError(f"{self.action} needs text")
        if self.action in ("correct", "withdraw") and self.about_statement is None:
            raise ValueError(f"{self.action} needs about_statement (the receipt hash of the statement it answers)")
        return self


class SchemaDocument(RootModel[dict[str, Any]]):
    """A JSON Schema document (Draft 2020-12)."""


class StatementContract(Doc):
    kind: Literal["answering_rhyme_statement_contract"] = Field(alias="@kind")
    contract: str
    canonical_json: str
    schema_url: str
    actions: dict[str, str]
    stores: Literal[False]


class StatementReceipt(Doc):
    kind: Literal["answering_rhyme_statement_receipt"] = Field(alias="@kind")
    statement: dict[str, Any]
    content_hash: str
    canonical_json: str
    replay_detected: Literal[False]
    created: Literal[False]


def schema() -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_PATH,
        **Statement.model_json_schema(),
    }


def contract(ctx: Context, params: Params, query: Query) -> Result:
    data = {
        "@kind": "answering_rhyme_statement_contract",
        "contract": CONTRACT,
        "canonical_json": CANONICAL,
        "schema_url": SCHEMA_PATH,
        "actions": {
            "bless": "affirm a relation between a card and a work",
            "contextualize": "add context to it (text required)",
            "correct": "correct an earlier statement (text and about_statement required)",
            "withdraw": "withdraw an earlier statement (about_statement required)",
        },
        "stores": False,
    }
    return Result(data=data)


def _normalised(value: Any) -> Any:
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value.strip())
    if isinstance(value, dict):
        return {k: _normalised(v) for k, v in value.items() if v is not None}
    return value


def post_statement(ctx: Context, params: Params, query: Query) -> Result:
    statement = ctx.body(Statement)
    normalised = _normalised(statement.model_dump())
    data = {
        "@kind": "answering_rhyme_statement_receipt",
        "statement": normalised,
        "content_hash": content_hash(normalised),
        "canonical_json": CANONICAL,
        "replay_detected": False,
        "created": False,
    }
    return Result(data=data)


def schema_document(ctx: Context, params: Params, query: Query) -> Result:
    return Result(data=schema())


def statement_example(ctx: Context) -> dict[str, Any]:
    """A blessing of the first answering rhyme of the content: its card and its museum work."""
    rhymes = ctx.content.answering_rhymes
    first = rhymes.relations[0]
    work = next(w for w in rhymes.works if w.id == first.work)  # the loader checks every relation's work
    return {
        "contract": CONTRACT,
        "action": "bless",
        "sku": first.sku,
        "work": {"museum": work.museum, "accession_id": work.accession_id},
        "by": "an example reader",
    }


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "culture.statements",
            "/api/v1/culture/answering-rhymes/statements",
            "C",
            contract,
            enumerate=lambda ctx: [{}],
            post=Method(
                post_statement, max_body=LIMIT, body=Statement, answer=StatementReceipt, example=statement_example
            ),
            model=StatementContract,
            freshness="methodology",
            provenance_kind="static",
            stability="experimental",
            summary="The answering-rhyme statement contract; POST a statement for its normalised form and receipt",
        ),
        Surface(
            "culture.statement_schema",
            SCHEMA_PATH,
            "B",
            schema_document,
            enumerate=lambda ctx: [{}],
            enveloped=False,
            model=SchemaDocument,
            media_type="application/json",  # a .json file is served as JSON by every host
            freshness="methodology",
            provenance_kind="static",
            summary="JSON Schema (Draft 2020-12) of an answering-rhyme statement, the one the POST validates with",
        ),
    )
