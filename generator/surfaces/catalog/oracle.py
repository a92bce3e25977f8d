"""``GET /api/v1/oracle-policies``: which printings count as the same card, one policy per game.

The policy is authored (``content/oracle_policies.yaml``); the catalog's ``card_key`` is the oracle
identity it describes, so each entry also states, from the build's own catalog, how many printings
and distinct oracle ids the game has, and one real printing with its oracle id.
"""

from __future__ import annotations

from typing import Any

from generator.catalog.snapshot import IndexEntry
from generator.content.catalog_policies import OraclePolicy
from generator.models.catalog.reference import OraclePolicies
from generator.site import Site
from generator.web.envelope import provenance
from generator.web.surface import Context, Params, Query, Result, Surface


def oracle_id(game: str, card_key: str) -> str:
    return f"{game}:{card_key}"


def _entry(ctx: Context, policy: OraclePolicy) -> dict[str, Any]:
    """The policy with its game's counts and first printing (of its first set that has one), read
    from the game's index: no printing is made into a model (a rebuild renders this alone, and
    making every printing of four games cost it half a second)."""
    sets = {card_set.set_code: None for card_set in ctx.snapshot.sets_of_game(policy.game)}
    first: dict[str, IndexEntry] = {}  # set -> its first printing, in catalog order
    keys: set[str] = set()
    printings = 0
    for entry in ctx.snapshot.index_of_game(policy.game):
        if entry.set_code in sets:
            printings += 1
            keys.add(entry.card_key)
            first.setdefault(entry.set_code, entry)
    found = next((first[code] for code in sets if code in first), None)
    example = None if found is None else {"sku": found.sku, "oracle_id": oracle_id(policy.game, found.card_key)}
    return {
        "game": policy.game,
        "pattern": policy.pattern,
        "rationale": policy.rationale,
        "oracle_id_form": policy.oracle_id_form,
        "required_anchors": list(policy.required_anchors),
        "example": example,
        "printings": printings,
        "oracle_ids": len(keys),
    }


def oracle_policies(ctx: Context, params: Params, query: Query) -> Result:
    entries = [_entry(ctx, p) for p in ctx.content.oracle_policies.policies]
    data = {
        "@kind": "oracle_policies",
        "policy_count": len(entries),
        "policies": entries,
        "defines": "which printings count as the same card (one oracle id) in each game",
    }
    # the policies are ours; the counts and examples come from the card sources
    return Result(data=data, provenance=provenance(s for s in ctx.snapshot.sources() if s.game != "fx"))


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "catalog.oracle_policies",
            "/api/v1/oracle-policies",
            "A",
            oracle_policies,
            enumerate=lambda ctx: [{}],
            model=OraclePolicies,
            freshness="methodology",
            provenance_kind="static",
            upstream=True,
            summary="Oracle policy per game: which printings are one card, and the oracle id's form",
        ),
    )
