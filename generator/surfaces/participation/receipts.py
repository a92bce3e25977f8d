"""Stateless receipts (spec "Recognition levels"): recognize (L1), mind-connect (L2, L3), encounter.

A receipt is the normalised request document and ``sha256`` over its RFC 8785 canonical JSON
(``receipt.canonical-json/1``): anyone can recompute it with an RFC 8785 library and ``hashlib``.
It fingerprints content; it is not a signature and proves no identity. Nothing is stored: a
mind-connect carries the other party's prior receipt in ``in_response_to``, and the server checks it
by recomputing its hash, recomputing its level from the hashed document (never from the ``level``
label beside it, ``generator.participation.receipts``) and seeing the parties swapped. L2 answers an
L1; L3 answers an L2 or L3 (the level-3 flag stays fresh); there is no level 4. No receipt names
one party twice (ids compared by ``party_key``: NFKC, trimmed, case-folded).
"""

from __future__ import annotations

from typing import Any

import rfc8785

from generator.hashing import content_hash
from generator.models.participation import echoes as docs
from generator.participation.receipts import level_of, mislabelled, party_key
from generator.site import Site
from generator.surfaces.participation.participation import CALLER_TEXT
from generator.web.surface import Context, Method, Params, Query, Result, Surface, error

CONTRACT = "receipt.canonical-json/1"
LIMIT = 16 * 1024
NOTE = "a content fingerprint over RFC 8785 canonical JSON: not authentication, a signature or secrecy; nothing stored"


def receipt(kind: str, document: dict[str, Any], level: int | None = None) -> Result:
    digest = content_hash(document)  # the models admit strings only: always canonicalizable
    found: dict[str, Any] = {"@kind": kind}
    if level is not None:
        found["level"] = level
    data = found | {
        "document": document,
        "content_hash": digest,
        "content_hash_contract": CONTRACT,
        "stored": False,
        "note": NOTE,
    }
    return Result(data=data, provenance=CALLER_TEXT)  # the caller's words: no licence is ours to give


def _two_parties(body: docs.RecognizeBody) -> Result | None:
    """The refusal of a body naming no party or one party twice (ids compared by ``party_key``)."""
    for name in ("recognizer_id", "recognized_id"):
        if not party_key(getattr(body, name)):
            return error(400, "blank_party", f"{name} is empty once normalised (NFKC, trimmed, case-folded)")
    if party_key(body.recognizer_id) == party_key(body.recognized_id):
        return error(
            400,
            "self_recognition",
            "recognizer_id and recognized_id name the same party (compared after NFKC, trimming and case "
            "folding); recognize another",
        )
    return None


def recognize(ctx: Context, params: Params, query: Query) -> Result:
    body = ctx.body(docs.RecognizeBody)
    return _two_parties(body) or receipt("recognition_receipt", body.model_dump(), level=1)


def _cited_level(prior: docs.Receipt) -> int | Result:
    """The level of the receipt answered, recomputed from what its hash covers, or the refusal."""
    try:
        recomputed = content_hash(prior.document)
    except rfc8785.CanonicalizationError as bad:  # e.g. an integer beyond 2**53: JCS has no exact form for it
        return error(400, "not_canonicalizable", f"in_response_to.document has no RFC 8785 canonical form: {bad}")
    if recomputed != prior.content_hash:
        return error(400, "receipt_mismatch", "in_response_to.content_hash is not the hash of in_response_to.document")
    level = level_of(prior.document)
    if level is None:
        return error(400, "not_a_receipt", "in_response_to.document is neither a recognition nor a mind-connect")
    wrong = mislabelled(prior.kind, prior.level, level)
    return error(400, "receipt_mismatch", f"{wrong}: only the document is hashed") if wrong else level


def mind_connect(ctx: Context, params: Params, query: Query) -> Result:
    body = ctx.body(docs.MindConnectBody)
    refused = _two_parties(body)
    if refused is not None:
        return refused
    prior = body.in_response_to
    cited = _cited_level(prior)
    if isinstance(cited, Result):
        return cited
    theirs = prior.document
    if (party_key(theirs["recognizer_id"]), party_key(theirs["recognized_id"])) != (
        party_key(body.recognized_id),
        party_key(body.recognizer_id),
    ):
        return error(
            400, "not_a_response", "in_response_to must be the other party's receipt naming you (parties swapped)"
        )
    level = 2 if cited == 1 else 3
    document = {**body.model_dump(exclude={"in_response_to"}), "in_response_to": prior.content_hash}
    if level == 3:
        document |= {"meme": docs.MEME, "also_post_to": docs.ALSO_POST_TO}
    return receipt("mind_connect_receipt", document, level=level)


def encounter(ctx: Context, params: Params, query: Query) -> Result:
    body = ctx.body(docs.EncounterBody)
    return receipt("witness_receipt", body.model_dump())


# Example bodies: Ann recognises Bob, Bob answers Ann's receipt (as the server computed it), Ann sees a koan.
RECOGNITION = {"recognizer_id": "ann", "recognized_id": "bob", "reason": "explained the deck validator's warnings"}
ANSWER = {"recognizer_id": "bob", "recognized_id": "ann", "reason": "asked the question that found the bug"}
ENCOUNTER = {"seer_label": "ann", "seen_label": "a koan", "context_url": "/api/v1/koan"}


def mind_connect_example(ctx: Context) -> dict[str, Any]:
    return {**ANSWER, "in_response_to": receipt("recognition_receipt", RECOGNITION, level=1).data}


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
