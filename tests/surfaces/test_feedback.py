"""The report channel through the app (issue 32, item 3): a POSTed report is stored and listed by the
maintainers' CLI, the receipt gives its id and only the response window the config sets, the rate
and size bounds refuse in the one error shape, and the channel documents publish JSON Schemas."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from pathlib import Path

import httpx
import jsonschema
import orjson
import pytest
from click.testing import CliRunner

import build
from generator.serve.app import App
from generator.site import load_site
from generator.write.manifest import load_manifest

PATH = "/api/v1/feedback"
REPORT = {"kind": "contract-drift", "message": "the manifest says GET, the app says 405", "endpoint": "/api/v1/x"}
Ask = Callable[..., httpx.Response]


def _asker(app: App, client: tuple[str, int] = ("203.0.113.7", 5000)) -> Ask:
    def call(method: str, path: str, **kwargs) -> httpx.Response:
        async def go() -> httpx.Response:
            transport = httpx.ASGITransport(app=app, client=client)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
                return await http.request(method, path, **kwargs)

        return asyncio.run(go())

    return call


@pytest.fixture
def state(tmp_path: Path) -> Path:
    return tmp_path / "state"


@pytest.fixture
def kept(small_dist: Path, state: Path) -> App:
    """An app whose reports go to a fresh state folder."""
    return App(small_dist, state=state)


def _cli(*args: str) -> str:
    result = CliRunner().invoke(build.cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def _exported(state: Path, *args: str) -> list[dict]:
    return [orjson.loads(line) for line in _cli("feedback", "export", "--state", str(state), *args).splitlines()]


def test_a_report_is_stored_and_the_cli_lists_it(kept: App, state: Path) -> None:
    ask = _asker(kept)
    response = ask("POST", PATH, content=orjson.dumps(REPORT))
    assert response.status_code == 200 and response.headers["cache-control"] == "no-store"
    receipt = response.json()["data"]
    assert receipt["stored"] is True and receipt["id"] == "fb-1" and receipt["echo"] == REPORT
    assert receipt["response_window_hours"] is None and "no response window is promised" in receipt["note"]
    assert "nothing is stored" not in response.text
    second = ask("POST", PATH, content=orjson.dumps({"kind": "general", "message": "thanks"})).json()["data"]
    assert second["id"] == "fb-2"
    exported = _exported(state)
    assert [r["id"] for r in exported] == ["fb-1", "fb-2"]
    assert exported[0]["document"] == REPORT and exported[0]["content_hash"] == receipt["content_hash"]
    assert exported[0]["received_at"] == receipt["received_at"]
    assert "203.0.113.7" not in (state / "feedback.sqlite3").read_bytes().decode("latin-1")  # no caller kept
    listed = _cli("feedback", "list", "--state", str(state)).splitlines()
    assert listed[0].split("\t")[:3] == ["fb-1", receipt["received_at"], "contract-drift"]
    assert [r["id"] for r in _exported(state, "--after", "fb-1")] == ["fb-2"]


def test_an_adopter_claim_names_its_project_and_is_kept_as_one(kept: App, state: Path) -> None:
    ask = _asker(kept)
    claim = {"kind": "federation-adopter", "message": "we read the universal cards nightly"}
    refused = ask("POST", PATH, content=orjson.dumps(claim))
    assert refused.status_code == 400 and "project" in refused.json()["error"]["message"]
    whole = claim | {"project": "deckbox", "project_url": "https://deckbox.example/about"}
    assert ask("POST", PATH, content=orjson.dumps(whole)).status_code == 200
    ask("POST", PATH, content=orjson.dumps(REPORT))
    claims = _exported(state, "--kind", "federation-adopter")
    assert [c["document"] for c in claims] == [whole]
    schema = ask("GET", PATH).json()["data"]["accepts"]
    validator = jsonschema.Draft202012Validator(schema)
    assert not validator.is_valid(claim) and validator.is_valid(whole)  # the schema says what the model checks


def test_the_per_client_rate_is_a_429_with_retry_after_and_keeps_nothing(kept: App, state: Path) -> None:
    limit = load_site().feedback.per_client_per_minute
    ask, other = _asker(kept), _asker(kept, client=("198.51.100.1", 6000))
    statuses = [ask("POST", PATH, content=orjson.dumps(REPORT)).status_code for _ in range(limit)]
    assert statuses == [200] * limit
    refused = ask("POST", PATH, content=orjson.dumps(REPORT))
    assert refused.status_code == 429 and 1 <= int(refused.headers["retry-after"]) <= 60
    assert set(refused.json()["error"]) == {"code", "message"} and refused.json()["error"]["code"] == "rate_limited"
    assert other("POST", PATH, content=orjson.dumps(REPORT)).status_code == 200  # per client
    assert len(_exported(state)) == limit + 1


def test_a_full_store_and_a_missing_state_folder_refuse_and_say_so(kept: App, small_dist: Path) -> None:
    assert kept.feedback is not None
    kept.feedback.store.max_reports = 1
    ask = _asker(kept)
    assert ask("POST", PATH, content=orjson.dumps(REPORT)).status_code == 200
    full = ask("POST", PATH, content=orjson.dumps(REPORT))
    assert full.status_code == 503 and full.json()["error"]["code"] == "feedback_store_full"
    stateless = _asker(App(small_dist))("POST", PATH, content=orjson.dumps(REPORT))
    assert stateless.status_code == 503 and stateless.json()["error"]["code"] == "feedback_not_stored"


def test_a_bad_report_is_refused_before_the_store(kept: App, state: Path) -> None:
    ask = _asker(kept)
    assert ask("POST", PATH, content=orjson.dumps({"kind": "praise", "message": "x"})).status_code == 400
    too_long = {"kind": "general", "message": "x" * 4001}
    assert ask("POST", PATH, content=orjson.dumps(too_long)).json()["error"]["parameter"] == "body.message"
    assert ask("POST", PATH, content=b"{" + b" " * (16 * 1024) + b"}").status_code == 413
    assert not (state / "feedback.sqlite3").exists()  # nothing was opened, let alone written


def test_the_window_is_what_the_maintainer_configures(kept: App) -> None:
    site = kept.served.context.site
    configured = site.model_copy(update={"feedback": site.feedback.model_copy(update={"response_window_hours": 72})})
    kept.served.context = dataclasses.replace(kept.served.context, site=configured)
    receipt = _asker(kept)("POST", PATH, content=orjson.dumps(REPORT)).json()["data"]
    assert receipt["response_window_hours"] == 72 and "within 72 hours" in receipt["note"]


def test_the_channel_document_is_a_file_with_a_json_schema(ask, small_dist: Path) -> None:
    manifest = load_manifest(small_dist)
    assert manifest is not None and PATH in manifest["routes"]  # a static host serves the terms too
    data = ask("GET", PATH).json()["data"]
    jsonschema.Draft202012Validator.check_schema(data["accepts"])
    assert jsonschema.Draft202012Validator(data["accepts"]).is_valid(REPORT)
    assert not jsonschema.Draft202012Validator(data["accepts"]).is_valid({**REPORT, "kind": "praise"})
    assert data["response_window_hours"] is None and "no response window" in data["response_window"]
    assert "cannot store" in data["storage"]["needs_the_app"] and data["storage"]["published"] is False
    assert data["limits"]["per_client_per_minute"] == load_site().feedback.per_client_per_minute
    assert set(data["refusals"]) == {"400", "413", "429", "503"}


@pytest.mark.parametrize("path", [PATH, "/api/v1/guestbook"])
def test_channel_documents_show_json_schema_not_python_types(ask, path: str) -> None:
    response = ask("GET", path)
    accepts = response.json()["data"]["accepts"]
    jsonschema.Draft202012Validator.check_schema(accepts)
    assert accepts["type"] == "object" and accepts["additionalProperties"] is False
    assert "<class" not in response.text and "typing." not in response.text


def test_openapi_declares_the_refusals_of_a_report(ask) -> None:
    post = ask("GET", "/api/openapi.json").json()["paths"][PATH]["post"]["responses"]
    assert {"200", "400", "413", "429", "503"} <= set(post)
    assert "Retry-After" in post["429"]["headers"]


def test_the_rate_limits_document_declares_the_one_limit_the_app_enforces(ask) -> None:
    enforced = ask("GET", "/api/v1/rate-limits").json()["data"]["enforced"]
    limit = ask("GET", PATH).json()["data"]["limits"]["per_client_per_minute"]
    assert list(enforced) == [f"POST {PATH}"] and enforced[f"POST {PATH}"].startswith(f"{limit} stored reports")


def test_a_store_that_cannot_be_written_is_a_503_not_a_500(small_dist: Path, tmp_path: Path) -> None:
    blocked = tmp_path / "a-file-not-a-folder"
    blocked.write_text("")
    refused = _asker(App(small_dist, state=blocked))("POST", PATH, content=orjson.dumps(REPORT))
    assert refused.status_code == 503 and refused.json()["error"]["code"] == "feedback_store_unavailable"
