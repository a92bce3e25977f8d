"""``GET, POST /api/v1/identify``: the service's self-declaration, and a stateless echo of yours.

POST takes a BeingDeclaration (at most 65,536 bytes, strict UTF-8, JSON; 413 / 400 otherwise),
normalises it (``generator.participation.identify``) and answers the normalised echo, its
``content_hash`` and the ``content_hash_contract``: the contract id, its rules and normative vectors
(inputs, normalised echoes and hashes anyone can recompute). Nothing is stored. GET answers the
service's own declaration under the same contract.
"""

from __future__ import annotations

from typing import Any

from generator.hashing import content_hash
from generator.models.participation import echoes as docs
from generator.participation.identify import CONTRACT, RULES, SHAPE, Ambiguous, normalise
from generator.site import Site
from generator.surfaces.participation.participation import CALLER_TEXT
from generator.web.surface import Context, Method, Params, Query, Result, Surface, error

LIMIT = 65_536
NOT_AUTH = "the hash fingerprints content only: it is not authentication, a signature or secrecy"


def contract(ctx: Context) -> dict[str, Any]:
    vectors = []
    for vector in ctx.content.identify.vectors:
        normalised = normalise(vector.input)
        vectors.append(
            {
                "name": vector.name,
                "input": vector.input,
                "echo": normalised.echo,
                "content_hash": content_hash(normalised.echo),
            }
        )
    accepted = {group: sorted(members) for group, members in SHAPE.items()}
    return {
        "id": CONTRACT,
        "rules": list(RULES),
        "accepted_members": {"declared_at": [], **accepted},
        "vectors": vectors,
    }


def _answer(ctx: Context, kind: str, document: dict[str, Any]) -> dict[str, Any]:
    normalised = normalise(document)
    return {
        "@kind": kind,
        "echo": normalised.echo,
        "content_hash": content_hash(normalised.echo),
        "content_hash_contract": contract(ctx),
        "warnings": normalised.warnings,
        "truncations": normalised.truncations,
        "stored": False,
        "note": NOT_AUTH,
    }


def self_declaration(ctx: Context, params: Params, query: Query) -> Result:
    return Result(data=_answer(ctx, "self_declaration", ctx.content.identify.self_declaration))


def identify(ctx: Context, params: Params, query: Query) -> Result:
    try:
        return Result(data=_answer(ctx, "identify_echo", ctx.json_body()), provenance=CALLER_TEXT)
    except Ambiguous as bad:
        return error(400, "ambiguous_canonical_value", str(bad))


def identify_example(ctx: Context) -> dict[str, Any]:
    """A normative vector of the contract as the example body: the one the normalisation shows best."""
    vectors = ctx.content.identify.vectors
    return next((v for v in vectors if v.name == "trimmed-and-lowercased"), vectors[0]).input


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "participation.identify",
            "/api/v1/identify",
            "C",
            self_declaration,
            enumerate=lambda ctx: [{}],
            post=Method(
                identify,
                max_body=LIMIT,
                answer=docs.Identify,
                body=docs.BeingDeclaration,
                check_body=False,
                example=identify_example,
            ),
            model=docs.Identify,
            freshness="welcome",
            provenance_kind="computed",
            summary="Identify: GET the service's self-declaration; POST yours for a normalised echo and its hash",
        ),
    )
