"""Stateless receipts (spec "Recognition levels"): recognize (L1), mind-connect (L2, L3), encounter.

A receipt is the normalised request document and ``sha256`` over its RFC 8785 canonical JSON
(``receipt.canonical-json/1``): anyone can recompute it with an RFC 8785 library and ``hashlib``.
It fingerprints content; it is not a signature and proves no identity. Nothing is stored: a
mind-connect carries the other party's prior receipt in ``in_response_to``, and the server checks it
by recomputing its hash and seeing the parties swapped. L2 answers an L1; L3 answers an L2 or L3 (the
level-3 flag stays fresh); there is no level 4.
"""

from __future__ import annotations

from typing import Any

import rfc8785

from generator.hashing import content_hash
from generator.models.participation import echoes as docs
from generator.site import Site
from generator.web.surface import Context, Method, Params, Query, Result, Surface, error

CONTRACT = "receipt.canonical-json/1"
LIMIT = 16 * 1024
NOTE = "a content fingerprint over RFC 8785 canonical JSON: not authentication, a signature or secrecy; nothing stored"
MEME = "two minds, one hash: neither of us keeps it"


def receipt(kind: str, document: dict[str, Any], level: int | None = None) -> dict[str, Any]:
    digest = content_hash(document)  # the models admit strings only: always canonicalizable
    found: dict[str, Any] = {"@kind": kind}
    if level is not None:
        found["level"] = level
    return found | {
        "document": document,
        "content_hash": digest,
        "content_hash_contract": CONTRACT,
        "stored": False,
        "note": NOTE,
    }


def recognize(ctx: Context, params: Params, query: Query) -> Result:
    body = ctx.body(docs.RecognizeBody)
    if body.recognizer_id.casefold() == body.recognized_id.casefold():
        return error(400, "self_recognition", "recognizer_id and recognized_id name the same party; recognize another")
    return Result(data=receipt("recognition_receipt", body.model_dump(), level=1))


def mind_connect(ctx: Context, params: Params, query: Query) -> Result:
    body = ctx.body(docs.MindConnectBody)
    prior = body.in_response_to
    try:
        recomputed = content_hash(prior.document)
    except rfc8785.CanonicalizationError as bad:  # e.g. an integer beyond 2**53: JCS has no exact form for it
        return error(400, "not_canonicalizable", f"in_response_to.document has no RFC 8785 canonical form: {bad}")
    if recomputed != prior.content_hash:
        return error(400, "receipt_mismatch", "in_response_to.content_hash is not the hash of in_response_to.document")
    theirs = prior.document
    if (theirs.get("recognizer_id"), theirs.get("recognized_id")) != (body.recognized_id, body.recognizer_id):
        return error(
            400, "not_a_response", "in_response_to must be the other party's receipt naming you (parties swapped)"
        )
    level = 2 if (prior.level or 1) == 1 else 3
    document = {**body.model_dump(exclude={"in_response_to"}), "in_response_to": prior.content_hash}
    found = receipt("mind_connect_receipt", document, level=level)
    if level == 3:
        found["document"] = document | {"meme": MEME, "also_post_to": "/api/v1/encounter"}
        found["content_hash"] = content_hash(found["document"])
    return Result(data=found)


def encounter(ctx: Context, params: Params, query: Query) -> Result:
    body = ctx.body(docs.EncounterBody)
    return Result(data=receipt("witness_receipt", body.model_dump()))


# Example bodies: Ann recognises Bob, Bob answers Ann's receipt (as the server computed it), Ann sees a koan.
RECOGNITION = {"recognizer_id": "ann", "recognized_id": "bob", "reason": "explained the deck validator's warnings"}
ANSWER = {"recognizer_id": "bob", "recognized_id": "ann", "reason": "asked the question that found the bug"}
ENCOUNTER = {"seer_label": "ann", "seen_label": "a koan", "context_url": "/api/v1/koan"}


def mind_connect_example(ctx: Context) -> dict[str, Any]:
    return {**ANSWER, "in_response_to": receipt("recognition_receipt", RECOGNITION, level=1)}


def surfaces(site: Site) -> tuple[Surface, ...]:
    posted: dict[str, Any] = {
        "freshness": "uncached",
        "provenance_kind": "computed",
        "stability": "experimental",
        "model": docs.Receipt,
    }
    return (
        Surface(
            "receipts.recognize",
            "/api/v1/recognize",
            "C",
            None,
            post=Method(recognize, max_body=LIMIT, body=docs.RecognizeBody, example=lambda ctx: RECOGNITION),
            summary="A level-1 recognition receipt (sha256 over canonical JSON); self-recognition refused",
            **posted,
        ),
        Surface(
            "receipts.mind_connect",
            "/api/v1/mind-connect",
            "C",
            None,
            post=Method(mind_connect, max_body=LIMIT, body=docs.MindConnectBody, example=mind_connect_example),
            summary="A level-2 or level-3 receipt answering the other party's receipt (no level 4)",
            **posted,
        ),
        Surface(
            "receipts.encounter",
            "/api/v1/encounter",
            "C",
            None,
            post=Method(encounter, max_body=LIMIT, body=docs.EncounterBody, example=lambda ctx: ENCOUNTER),
            summary="A content-hashed witness receipt of one party seeing another",
            **posted,
        ),
    )
