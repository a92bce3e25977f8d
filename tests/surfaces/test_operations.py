"""The operational surfaces through the app: clock, mirror, heartbeat, health, anticipated, and the
build's own status, budget, bootstrap completion and joy."""

from __future__ import annotations

import asyncio
import datetime as dt
from email.utils import format_datetime
from pathlib import Path

import httpx
import pytest

from generator.serve.app import App

SECRET = "s3cr3t-value-that-must-not-come-back"


def test_time_reports_the_skew_of_my_time_within_a_second(ask) -> None:
    mine = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=90)
    response = ask("GET", "/api/v1/time", params={"my_time": mine.isoformat()})
    data = response.json()["data"]
    assert response.headers["cache-control"] == "no-store"
    assert data["skew"]["source"] == "my_time" and abs(data["skew"]["skew_seconds"] - 90) < 1
    assert abs(data["unix_milliseconds"] / 1000 - dt.datetime.now(dt.UTC).timestamp()) < 5
    assert data["unix_seconds"] == data["unix_milliseconds"] // 1000


def test_time_reads_the_date_header_and_refuses_a_bad_my_time(ask) -> None:
    ahead = format_datetime(dt.datetime.now(dt.UTC) + dt.timedelta(seconds=30), usegmt=True)
    skew = ask("GET", "/api/v1/time", headers={"Date": ahead}).json()["data"]["skew"]
    assert skew["source"] == "date_header" and -32 < skew["skew_seconds"] < -28
    for mine in ("half past nine", "2026-11-25T10:00:00", "2026-02-30T10:00:00Z", ""):  # no offset; no such day
        bad = ask("GET", "/api/v1/time", params={"my_time": mine})
        refusal = bad.json()["error"]
        assert bad.status_code == 400 and bad.headers["cache-control"] == "no-store", mine
        assert refusal["code"] == "invalid_parameter" and refusal["parameter"] == "my_time", mine
        assert "accepted" not in refusal and "my_time" in refusal["message"], mine


@pytest.mark.parametrize("method", ["GET", "POST", "PUT", "PATCH", "DELETE"])
def test_echo_mirrors_every_method_and_never_a_secret(ask, method: str) -> None:
    headers = {"Authorization": f"Bearer {SECRET}", "Cookie": SECRET, "X-Api-Key": SECRET, "X-Session-Token": SECRET}
    body = b'{"hello": "world"}' if method != "GET" else b""
    response = ask(method, "/api/v1/echo?a=1", headers=headers | {"X-Plain": "shown"}, content=body)
    assert response.status_code == 200 and response.headers["cache-control"] == "no-store"
    assert SECRET not in response.text
    data = response.json()["data"]
    assert "127.0.0.1" not in str(data)  # the address the transport reports (the _meta host is the site's)
    assert data["method"] == method and data["query"] == {"a": "1"} and data["stored"] is False
    assert set(data["redacted"]) >= {"authorization", "cookie", "x-api-key", "x-session-token"}
    assert data["headers"]["x-plain"] == "shown"
    if body:
        assert data["body"]["json"] == {"hello": "world"}


def test_echo_options_is_the_apps_preflight_and_trace_a_405(ask) -> None:
    """Issue 34: the echo answered OPTIONS as a mirror (200 without Allow-Methods, so a cross-origin
    POST failed its preflight) and TRACE with 200, a method OpenAPI does not list."""
    preflight = ask(
        "OPTIONS",
        "/api/v1/echo",
        headers={"Origin": "https://example.org", "Access-Control-Request-Method": "POST"},
    )
    assert preflight.status_code == 204 and preflight.content == b""
    assert "POST" in preflight.headers["access-control-allow-methods"].split(", ")
    assert "Content-Type" in preflight.headers["access-control-allow-headers"]
    assert "access-control-allow-credentials" not in preflight.headers
    for method in ("TRACE", "PROPFIND"):
        refused = ask(method, "/api/v1/echo")
        assert refused.status_code == 405 and refused.json()["error"]["code"] == "method_not_allowed", method
        assert refused.headers["allow"] == "DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT"
        assert refused.headers["access-control-allow-origin"] == "*"


def test_echo_refuses_a_body_over_64_kib(ask) -> None:
    response = ask("POST", "/api/v1/echo", content=b"x" * (64 * 1024 + 1))
    refusal = response.json()["error"]
    assert response.status_code == 413 and refusal["code"] == "body_too_large" and refusal["parameter"] == "body"
    assert refusal["accepted"] == {"maximum": 64 * 1024}


@pytest.mark.parametrize("depth", [64, 65, 254, 300, 1024, 1025, 20_000])
def test_echo_mirrors_json_of_any_depth_without_a_server_error(ask, depth: int) -> None:
    """Nesting 254-1,024 deep was a 500 (orjson parsed it, the response writer could not write it):
    JSON as deep as a body reader reads is mirrored as JSON, deeper as text (issue 34, item 3)."""
    body = b"[" * depth + b"]" * depth
    response = ask("POST", "/api/v1/echo", content=body)
    assert response.status_code == 200, response.text[:200]
    mirrored = response.json()["data"]["body"]
    if depth <= 64:
        assert mirrored["json"] is not None and mirrored["text"] is None
    else:
        assert mirrored["json"] is None and mirrored["text"] == body.decode()
        assert depth > 1024 or "64 deep" in mirrored["note"]  # past 1,024 orjson does not read it as JSON


def test_echo_hashes_the_address_with_a_daily_salt_when_the_server_has_a_key(small_dist: Path) -> None:
    async def go(client_address: str) -> dict:
        transport = httpx.ASGITransport(app=App(small_dist, referee_key=b"k" * 32), client=(client_address, 1234))
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            return (await client.get("/api/v1/echo")).json()["data"]["client"]

    one, same, other = (asyncio.run(go(a)) for a in ("203.0.113.7", "203.0.113.7", "198.51.100.2"))
    assert one["hash"].startswith("hmac-sha256:") and one == same and one["hash"] != other["hash"]
    assert "203.0.113.7" not in str(one)


def test_heartbeat_health_and_anticipated(ask) -> None:
    beat = ask("GET", "/api/v1/heartbeat").json()["data"]
    assert (
        beat["gmt_hour"] == dt.datetime.now(dt.UTC).hour or beat["gmt_hour"] == (dt.datetime.now(dt.UTC).hour - 1) % 24
    )
    assert beat["rest_hours"]["resting_now"] == (0 <= beat["gmt_hour"] < 8)
    health = ask("GET", "/api/v1/health").json()["data"]
    # the synthetic build's runs finished in February 2026: read now, every source is dead, the ingest
    # has stalled (sources down) while the service still serves (degraded), as of this request
    states = {s["name"]: s["state"] for s in health["subsystems"]}
    assert health["status"] == "degraded" and states["sources"] == "down" and states["catalog"] == "ok"
    assert states["referee"] == "not_configured" and health["data_freshness"]["state"] == "dead"
    assert health["evaluated"]["basis"] == "request"
    varies = ask("GET", "/api/v1/anticipated").headers["vary"]
    assert "User-Agent" in varies  # issue 34: public, max-age=5, and the answer is the agent's
    seen = ask("GET", "/api/v1/anticipated", headers={"User-Agent": "feedparser/6.0 +https://example.org"}).json()[
        "data"
    ]
    assert seen["matched"]["kind"] == "feed-reader" and seen["corpus"] is None
    assert ask("GET", seen["matched"]["start"]).status_code == 200
    everything = ask("GET", "/api/v1/anticipated?all=true").json()["data"]
    for kind in everything["corpus"]:
        assert ask("GET", kind["start"]).status_code == 200, kind["start"]


def test_the_builds_own_figures_add_up(ask) -> None:
    status = ask("GET", "/api/v1/status").json()["data"]
    manifest = ask("GET", "/api/v1/manifest").json()["data"]
    assert status["summary"]["resources"] == manifest["resource_count"] == len(status["resources"])
    assert status["summary"]["static"] + status["summary"]["computed"] == status["summary"]["resources"]
    joy = ask("GET", "/api/v1/joy").json()["data"]
    assert joy["count"] == sum(joy["artifacts"].values()) and joy["artifacts"]["koans"] == 25
    boot = ask("GET", "/api/v1/bootstrap-completion").json()["data"]
    described = sum(m["described"] for m in boot["measures"])
    assert boot["percent"] == round(100 * described / sum(m["of"] for m in boot["measures"]), 2)
    budget = ask("GET", "/api/v1/budget").json()["data"]
    assert [c["shape"] for c in budget["crawls"]] == ["full mirror", "watchlist", "federation", "spec consumer"]
    games = ask("GET", "/api/v1/universal/games").json()["data"]["games"]
    assert budget["catalog"]["printings"] == sum(g["printing_count"] for g in games)
    assert budget["crawls"][0]["requests"] == 1 + 2 * len(games) + sum(g["set_count"] for g in games)


@pytest.mark.parametrize("method", ["TRACE", "CONNECT", "BREW"])
def test_echo_answers_only_the_methods_its_document_lists(ask, method: str) -> None:
    """TRACE was mirrored with a 200 though OpenAPI lists five methods (issue 34): 405 and Allow."""
    response = ask(method, "/api/v1/echo")
    assert response.status_code == 405 and response.json()["error"]["code"] == "method_not_allowed"
    assert "TRACE" not in response.headers["allow"] and "POST" in response.headers["allow"]
