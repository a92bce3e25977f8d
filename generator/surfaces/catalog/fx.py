"""``GET /api/v1/fx-rates``: reference rates with GBP as the base (spec "FX rates").

Every transaction clears in GBP, so the table says how many units of each target one pound buys,
from the ECB's daily euro reference rates: target_per_EUR / GBP_per_EUR on the latest TARGET day
at or before the build's as-of. The ECB publishes short decimals, so each rate is exact as a
fraction of two integers; the decimal form is that fraction rounded to 8 places (no binary-float
noise). When the ECB source is unavailable, the dated fallback of ``content/fx_fallback.yaml`` is
served with ``is_fallback: true``.

Staleness (issue 32): the ECB publishes each TARGET day's rates in the afternoon (taken here as
16:00 UTC, after the CET publication in any season). A table is ``stale`` when that moment is more
than ``STALE_AFTER_HOURS`` before the evaluation time: 120 h, the longest wait between two TARGET
publications (Thursday's rates stand over Good Friday, the weekend and Easter Monday until
Tuesday). The app evaluates it against the request time; the build's file, as of the build.
"""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any

from generator.content.catalog_policies import FX_TARGETS
from generator.models.catalog.reference import FxRates
from generator.site import Site
from generator.web.envelope import iso, provenance
from generator.web.moment import evaluated
from generator.web.surface import Context, Params, Query, Result, Surface

SOURCE_ID = "ecb"
REUSE_POLICY = (
    "https://www.ecb.europa.eu/stats/ecb_statistics/governance_and_quality_framework/html/usage_policy.en.html"
)
PLACES = Decimal("0.00000001")
STALE_AFTER_HOURS = 120
PUBLISHED_AT = dt.time(16, 0, tzinfo=dt.UTC)  # a TARGET day's rates are out by then


def age_hours(ctx: Context, day: dt.date) -> float:
    published = dt.datetime.combine(day, PUBLISHED_AT)
    return round(max(0.0, (ctx.now - published).total_seconds()) / 3600, 2)


def latest_day(ctx: Context) -> tuple[dt.date, dict[str, float]] | None:
    """The newest date at or before the as-of on which GBP and every target has a rate."""
    as_of = (ctx.as_of or ctx.now).date()
    by_day: dict[dt.date, dict[str, float]] = {}
    for rate in ctx.snapshot.fx_rates():
        if rate.date <= as_of:
            by_day.setdefault(rate.date, {})[rate.currency] = rate.per_eur
    needed = {"GBP", *FX_TARGETS} - {"EUR"}
    complete = [day for day, rates in by_day.items() if needed <= set(rates)]
    return (max(complete), by_day[max(complete)]) if complete else None


def _exact(value: float) -> Fraction:
    return Fraction(Decimal(repr(value)))  # the ECB's published decimal, not the float's binary expansion


def rate_entry(currency: str, per_eur: dict[str, float]) -> dict[str, Any]:
    target = Fraction(1) if currency == "EUR" else _exact(per_eur[currency])
    gbp = _exact(per_eur["GBP"])
    ratio = target / gbp
    decimal = (Decimal(ratio.numerator) / Decimal(ratio.denominator)).quantize(PLACES, ROUND_HALF_EVEN)
    return {
        "currency": currency,
        "per_gbp": str(decimal),
        "ratio": {"numerator": ratio.numerator, "denominator": ratio.denominator},
        "target_per_eur": str(Decimal(target.numerator) / Decimal(target.denominator)),
        "gbp_per_eur": str(Decimal(gbp.numerator) / Decimal(gbp.denominator)),
    }


def fx_rates(ctx: Context, params: Params, query: Query) -> Result:
    source = ctx.snapshot.source(SOURCE_ID)
    found = latest_day(ctx) if source is not None else None
    fallback = found is None
    day, per_eur = (ctx.content.fx_fallback.date, ctx.content.fx_fallback.per_eur) if found is None else found
    data = {
        "@kind": "fx_rates",
        "base": "GBP",
        "targets": list(FX_TARGETS),
        "rates": [rate_entry(currency, per_eur) for currency in FX_TARGETS],
        "method": "target_per_EUR / GBP_per_EUR, from the ECB euro reference rates of one TARGET day",
        "source": {
            "id": SOURCE_ID,
            "name": "European Central Bank euro foreign exchange reference rates",
            "attribution": "Source: European Central Bank (ECB), euro foreign exchange reference rates",
            "homepage": source.homepage if source else "https://www.ecb.europa.eu/",
            "reuse_policy_url": REUSE_POLICY,
            "tier": source.tier if source else "proprietary",
        },
        "source_date": day.isoformat(),
        "retrieved_at": iso(ctx.now),
        "cache_seconds": ctx.site.freshness["fx"],
        "is_fallback": fallback,
        "age_hours": age_hours(ctx, day),
        "stale": age_hours(ctx, day) > STALE_AFTER_HOURS,
        "stale_after_hours": STALE_AFTER_HOURS,
        "evaluated": evaluated(ctx),
        "settlement": "every transaction clears in GBP; these are reference rates, never offers",
    }
    return Result(data=data, provenance=provenance([source] if source else []))


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "catalog.fx_rates",
            "/api/v1/fx-rates",
            "A",
            fx_rates,
            enumerate=lambda ctx: [{}],
            model=FxRates,
            freshness="fx",
            provenance_kind="snapshot",
            clock=True,  # its age and staleness are computed against the request time
            does_not_include=("rates of other currencies", "intraday rates: one reference rate per TARGET day"),
            summary="GBP reference rates for USD, EUR, JPY, HKD and CHF from the ECB",
        ),
    )
