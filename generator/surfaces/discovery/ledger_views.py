"""The welcomes corpus and the gap ledger (spec "Welcomes", "Gap ledger entry"): authored, CC0,
filterable by their enums. ``/api/v1/welcomes?kind=&status=`` and ``/api/v1/gaps?domain=&status=``.
"""

from __future__ import annotations

from typing import Any, get_args

from generator.content.orientation import ArrivalKind, GapDomain, GapStatus, WelcomeStatus
from generator.models.discovery import orientation as docs
from generator.site import Site
from generator.web.surface import Context, Param, Params, Query, Result, Surface


def _filtered(query: Query, records: tuple[Any, ...], filters: dict[str, tuple[str, ...]]) -> list[Any] | Result:
    return [r for r in records if all(query.get(n) in (None, getattr(r, n)) for n in filters)]


def welcomes(ctx: Context, params: Params, query: Query) -> Result:
    filters = {"kind": get_args(ArrivalKind), "status": get_args(WelcomeStatus)}
    kept = _filtered(query, ctx.content.orientation.welcomes, filters)
    if isinstance(kept, Result):
        return kept
    data = {
        "@kind": "welcomes",
        "license": "CC0-1.0",
        "count": len(kept),
        "filters_applied": {n: query.get(n) for n in filters},
        "welcomes": [w.model_dump() for w in kept],
    }
    return Result(data=data)


def gaps(ctx: Context, params: Params, query: Query) -> Result:
    filters = {"domain": get_args(GapDomain), "status": get_args(GapStatus)}
    kept = _filtered(query, ctx.content.orientation.gaps, filters)
    if isinstance(kept, Result):
        return kept
    data = {
        "@kind": "gaps",
        "license": "CC0-1.0",
        "not_an_upstream_missing_card_list": True,
        "count": len(kept),
        "filters_applied": {n: query.get(n) for n in filters},
        "gaps": [g.model_dump() for g in kept],
    }
    return Result(data=data)


def surfaces(site: Site) -> tuple[Surface, ...]:
    once: dict[str, Any] = {
        "enumerate": lambda ctx: [{}],
        "provenance_kind": "static",
        "freshness": "welcome",
        "errors": (400,),
    }
    return (
        Surface(
            "ledger.welcomes",
            "/api/v1/welcomes",
            "B",
            welcomes,
            query_params=(
                Param("kind", enum=get_args(ArrivalKind), description="one arrival kind"),
                Param("status", enum=get_args(WelcomeStatus), description="anticipated, arrived or blocked"),
            ),
            model=docs.Welcomes,
            summary="The welcomes corpus: one prepared welcome per kind of arrival",
            **once,
        ),
        Surface(
            "ledger.gaps",
            "/api/v1/gaps",
            "B",
            gaps,
            query_params=(
                Param("domain", enum=get_args(GapDomain), description="one gap domain"),
                Param("status", enum=get_args(GapStatus), description="one gap status"),
            ),
            model=docs.Gaps,
            summary="The gap ledger: what is missing or withheld, where it shows, and how far it is closed",
            **once,
        ),
    )
