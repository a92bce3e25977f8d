"""FX rates, oracle policies and the paused doors (issue 11 items 3, 6 and 9)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction

import orjson
import pytest

from generator.catalog.snapshot import Snapshot
from generator.models.rows import FxRate, Source
from generator.web.respond import respond
from generator.web.surface import Context

ECB = Source(
    source_id="ecb",
    game="fx",
    name="ECB reference rates (synthetic test rows)",
    tier="proprietary",
    version="test",
    published=dt.date(2026, 1, 9),
    homepage="https://example.invalid/ecb",
    priority=9,
)


def answer(ctx: Context, surface_id: str, params: dict | None = None, query: dict | None = None):
    surface = next(s for s in ctx.surfaces if s.id == surface_id)
    rendered = respond(surface, ctx, params or {}, query or {}, surface.concrete(params or {}))
    return rendered, (orjson.loads(rendered.body) if rendered.media_type == "application/json" else rendered.body)


def with_rates(ctx: Context, rates: dict[dt.date, dict[str, float]]) -> Context:
    rows = [
        FxRate(source_id="ecb", date=day, currency=c, per_eur=v)
        for day, table in rates.items()
        for c, v in table.items()
    ]
    s = ctx.snapshot
    snapshot = Snapshot.of(
        s.games(),
        [x for g in s.games() for x in s.sets_of_game(g.game)],
        s.printings(),
        (*s.sources(), ECB),
        s.encoding,
        rows,
    )
    return dataclasses.replace(ctx, snapshot=snapshot, as_of=dt.datetime(2026, 1, 10, tzinfo=dt.UTC))


DAY = {"GBP": 0.8338, "USD": 1.1172, "JPY": 175.68, "HKD": 8.7652, "CHF": 0.9194}


def test_fx_rates_are_exact_ratios_of_the_latest_complete_day_at_or_before_the_as_of(ctx: Context) -> None:
    rates = {
        dt.date(2026, 1, 8): DAY,
        dt.date(2026, 1, 9): {**DAY, "USD": 1.2, "CHF": 0.95},
        dt.date(2026, 1, 11): {**DAY, "USD": 9.9},  # after the as-of: not used
        dt.date(2026, 1, 10): {"GBP": 0.9},
    }  # incomplete: not used
    _, body = answer(with_rates(ctx, rates), "catalog.fx_rates")
    data = body["data"]
    assert data["source_date"] == "2026-01-09" and data["is_fallback"] is False and data["base"] == "GBP"
    assert [r["currency"] for r in data["rates"]] == ["USD", "EUR", "JPY", "HKD", "CHF"]
    usd = next(r for r in data["rates"] if r["currency"] == "USD")
    exact = Fraction("1.2") / Fraction("0.8338")
    assert Fraction(usd["ratio"]["numerator"], usd["ratio"]["denominator"]) == exact
    assert usd["per_gbp"] == f"{float(exact):.8f}"
    assert body["_meta"]["sources"] == ["ecb"] and body["_meta"]["license"] == "NOASSERTION"
    assert body["_meta"]["freshness_seconds"] == 21600


def test_without_the_ecb_source_the_dated_fallback_says_so(ctx: Context) -> None:
    _, body = answer(ctx, "catalog.fx_rates")  # the synthetic catalog has no "ecb" source
    assert body["data"]["is_fallback"] is True
    assert body["data"]["source_date"] == ctx.content.fx_fallback.date.isoformat()


def test_one_oracle_policy_per_game_with_counts_from_the_catalog(ctx: Context) -> None:
    _, body = answer(ctx, "catalog.oracle_policies")
    policies = {p["game"]: p for p in body["data"]["policies"]}
    assert set(policies) == {"op", "ptcg", "fab", "lor"} and body["data"]["policy_count"] == 4
    assert {p["pattern"] for p in policies.values()} <= {"stripped", "passcode", "diverged", "single-lang"}
    op = policies["op"]  # the parallel art and the Japanese printing share OP01-001's oracle id
    assert op["printings"] == 6 and op["oracle_ids"] == 4
    assert op["example"]["oracle_id"].startswith("op:")
    assert sum(p["printings"] for p in policies.values()) == len(ctx.snapshot.printings())


@pytest.mark.parametrize(
    "surface_id,params",
    [
        ("doors.card_history", {"sku": "op-op01-001-en"}),
        ("doors.card_history", {"sku": "not-even-a-sku"}),  # a door inspects nothing
        ("doors.blocked_history", {"sku": "op-op01-001-en"}),
        ("doors.set_checklist", {"code": "op-op01"}),
    ],
)
def test_paused_doors_are_503_status_only(ctx: Context, surface_id: str, params: dict) -> None:
    rendered, body = answer(ctx, surface_id, params)
    assert rendered.status == 503
    data = body.get("data", body)
    assert data["records"] == 0 and data["decided_before_reading_the_request"] is True
    assert data["status"] == ("blocked" if surface_id == "doors.blocked_history" else "paused")


@pytest.mark.parametrize("game", ["op", "nope"])  # a door inspects nothing: any game token is paused
def test_the_movers_door_is_a_503_page_with_no_movements(ctx: Context, game: str) -> None:
    rendered, raw = answer(ctx, "pages.prices_movers", {"game": game})
    body = raw.decode()
    assert rendered.status == 503 and rendered.headers["Content-Type"].startswith("text/html")
    assert "Count: 0. No price movements are published." in body and "Paused: price movements" in body
    assert f'href="/prices/{game}"' in body or game == "nope"


def test_the_bulk_catalog_is_a_503_ndjson_with_a_manifest_and_a_footer(ctx: Context) -> None:
    rendered, body = answer(ctx, "doors.bulk_catalog")
    lines = [orjson.loads(line) for line in body.splitlines()]
    assert rendered.status == 503 and rendered.headers["Content-Type"] == "application/x-ndjson"
    assert [line["@kind"] for line in lines] == ["catalog_manifest", "catalog_footer"]
    assert (
        lines[0]["publication_status"] == "paused_pending_field_level_rights" and lines[0]["license"] == "NOASSERTION"
    )


def test_sold_comps_are_a_paused_policy_from_an_internal_only_source(ctx: Context) -> None:
    _, body = answer(ctx, "doors.sold_comps_policy")
    assert body["data"]["transactions"] == [] and body["_meta"]["source_license"] == ["internal-only"]
    assert body["_meta"]["license"] == "NOASSERTION"
    _, one = answer(ctx, "doors.sold_comps", {"sku": "op-op01-001-en"})
    assert one["data"]["sku"] == "op-op01-001-en" and one["data"]["buckets"] == []
