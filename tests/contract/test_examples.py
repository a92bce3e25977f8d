"""The examples (issue 32, item 4): a recorded request and answer for every operation, replayable
against the app, with see_also and gotchas that are about their own endpoint.

The replay reads each example as ``small_dist`` serves it, sends its request to the app over the
same ``dist/`` and compares: the same status and content type, and the same body (trimmed as the
example is) everywhere but the members the example says vary. The app has the public development
referee key, as the recording had (a build holds no key); everything else is the app as served.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import orjson
import pytest

from generator.contract.examples import example_document, trim_body
from generator.contract.operations import methods
from generator.contract.related import ROOTS, ancestor, family, segments
from generator.play.protocol.seal import dev_key
from generator.render import base_type
from generator.serve.app import App
from generator.site import load_site
from generator.surfaces.families import surfaces
from generator.web.respond import Rendered
from generator.web.router import match
from generator.web.surface import Surface

REGISTRY = surfaces(load_site())
VARIES = "<varies>"


@pytest.fixture(scope="module")
def examples(ask) -> dict[str, dict[str, Any]]:
    """Every example document as ``small_dist`` serves it, by endpoint id."""
    index = ask("GET", "/api/v1/examples").json()["data"]["examples"]
    found = {}
    for entry in index:
        answer = ask("GET", entry["href"])
        assert answer.status_code == 200, entry["href"]
        found[entry["endpoint_id"]] = answer.json()["data"]
    return found


@pytest.fixture(scope="module")
def replay(small_dist: Path, tmp_path_factory) -> Callable[[dict[str, Any]], httpx.Response]:
    """Send an example's request to the app over ``small_dist`` (with the development referee key and a
    state folder of its own: the feedback channel stores the report, as the example's first one)."""
    return replayer(App(small_dist, referee_key=dev_key(), state=tmp_path_factory.mktemp("examples-state")))


def replayer(app: App) -> Callable[[dict[str, Any]], httpx.Response]:
    """A function that sends an example's request (method, url, headers, JSON body) to ``app``."""

    def send(request: dict[str, Any]) -> httpx.Response:
        body = orjson.dumps(request["body"]) if "body" in request else None

        async def go() -> httpx.Response:
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client:
                return await client.request(
                    request["method"], request["url"], headers=request.get("headers"), content=body
                )

        return asyncio.run(go())

    return send


def masked(value: Any, where: str, varies: set[str]) -> Any:
    """``value`` with every member at a ``varies`` path replaced (paths as the recording writes them)."""
    if where in varies:
        return VARIES
    if isinstance(value, dict):
        return {k: masked(v, f"{where}.{k}" if where else k, varies) for k, v in value.items()}
    if isinstance(value, list):
        return [masked(v, f"{where}[{i}]", varies) for i, v in enumerate(value)]
    return value


def test_every_operation_has_a_recorded_request_and_answer(examples) -> None:
    operations = 0
    for surface in REGISTRY:
        example = examples[surface.id]
        expected = [name.upper() for name in methods(surface)]
        assert [op["request"]["method"] for op in example["operations"]] == expected, surface.id
        for name, op in zip(methods(surface), example["operations"], strict=True):
            operations += 1
            handler = methods(surface)[name]
            assert op["request"]["url"].split("?")[0] and isinstance(op["response"]["status"], int)
            assert op["response"]["content_type"] and "body" in op["response"]
            if name in ("post", "put", "patch") and handler is not None and handler.read_body:
                assert "body" in op["request"], f"{surface.id} {name}: declare Method.example"
            variant = any(key in surface.query_names for key in parse_qs(urlsplit(op["request"]["url"]).query))
            from_file = name == "get" and surface.static and not surface.clock and not variant
            assert op["answered_by"] == ("file" if from_file else "app"), (surface.id, name)
    assert operations == sum(len(methods(s)) for s in REGISTRY) > len(REGISTRY)


def test_an_answer_is_the_documented_one(examples) -> None:
    """A recorded answer is its operation's documented status, or a refusal the example explains."""
    for surface in REGISTRY:
        for name, op in zip(methods(surface), examples[surface.id]["operations"], strict=True):
            handler = methods(surface)[name]
            documented = (handler.status if handler else None) or surface.answer_status
            status = op["response"]["status"]
            if surface.auth != "public":
                assert status in (documented, 401), (surface.id, name, status)
            elif status != documented:  # the small catalog cannot deal a practice match or record one
                assert status == 503 and 503 in surface.errors, (surface.id, name, op["response"]["body"])


@pytest.mark.parametrize("surface", REGISTRY, ids=[s.id for s in REGISTRY])
def test_replaying_an_example_gives_its_recorded_answer(surface, examples, replay) -> None:
    for op in examples[surface.id]["operations"]:
        assert_recorded(replay(op["request"]), op, op["request"])


def assert_recorded(answer: httpx.Response, op: dict[str, Any], where: Any) -> None:
    """``answer`` is the example's recorded one everywhere but where the example says it varies."""
    varies, recorded = set(op["varies"]), op["response"]
    assert answer.status_code == recorded["status"], (where, answer.text[:300])
    media_type = base_type(answer.headers["content-type"])
    assert media_type == recorded["content_type"], where
    if "(text)" in varies:
        return
    replayed = trim_body(Rendered(answer.status_code, answer.content, media_type, dict(answer.headers)), {})
    assert masked(replayed, "", varies) == masked(recorded["body"], "", varies), where


LIVE = [s for s in REGISTRY if s.clock]


@pytest.mark.parametrize("surface", LIVE, ids=[s.id for s in LIVE])
def test_a_live_example_replays_at_every_hour(surface, examples, small_dist: Path, synthetic_as_of) -> None:
    """A live answer picks by the hour and by the build's age (the vibe's word is a band of both): its
    example says so in ``varies`` whatever hour it is replayed at, on the build's day and years later."""
    moments = [synthetic_as_of.replace(hour=h, minute=30) + dt.timedelta(days=d) for d in (0, 1000) for h in range(24)]
    now = [synthetic_as_of]
    send = replayer(App(small_dist, referee_key=dev_key(), clock=lambda: now[0]))
    for moment in moments:
        now[0] = moment
        for op in examples[surface.id]["operations"]:
            assert_recorded(send(op["request"]), op, (op["request"]["url"], moment.isoformat()))


def test_what_varies_is_said_and_only_for_answers_the_app_computes(examples) -> None:
    for surface in REGISTRY:
        for op in examples[surface.id]["operations"]:
            if op["answered_by"] == "file":
                assert op["varies"] == [], surface.id  # a file is the same bytes for everyone
            elif op["response"]["content_type"] == "application/json" and surface.enveloped:
                assert "_meta.request_id" in op["varies"], surface.id  # every computed answer has its own


# ---------------------------------------------------------------------------------------------- see_also


def holds(relation: str, surface, other, answers: list[Any]) -> bool:
    """Whether ``relation`` really relates ``surface`` to ``other`` (related.py's definitions)."""
    if relation == "parent":
        return ancestor(surface, REGISTRY) is other
    if relation == "child":
        return ancestor(other, REGISTRY) is surface and surface.path not in ROOTS
    if relation == "linked":
        return any(
            (found := match(REGISTRY, text.split("?")[0].removeprefix(load_site().base_url.rstrip("/"))))
            and found[0] is other
            for text in strings(answers)
        )
    if relation == "same_segment":
        return segments(surface.path)[:1] == segments(other.path)[:1]
    return relation == "same_family" and family(surface) == family(other)


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def test_every_see_also_entry_names_a_relation_that_holds(examples) -> None:
    by_id = {s.id: s for s in REGISTRY}
    for surface in REGISTRY:
        example = examples[surface.id]
        answers = [op["response"]["body"] for op in example["operations"]]
        answers = [a.get("data", a) if isinstance(a, dict) else a for a in answers]
        seen = [entry["endpoint_id"] for entry in example["see_also"]]
        assert surface.id not in seen and len(seen) == len(set(seen)), surface.id
        for entry in example["see_also"]:
            other = by_id[entry["endpoint_id"]]
            assert entry["path"] == other.path
            assert holds(entry["relation"], surface, other, answers), (surface.id, entry)


def test_no_see_also_list_is_boilerplate(examples) -> None:
    """The invariant: a list of related endpoints is never shared by endpoints of different families,
    and no list is shared by more than two endpoints at all (71 shared one list before)."""
    sharing: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for endpoint, example in examples.items():
        listed = tuple(entry["endpoint_id"] for entry in example["see_also"])
        if listed:
            sharing[listed].append(endpoint)
    for listed, endpoints in sharing.items():
        assert len({e.split(".")[0] for e in endpoints}) == 1, (listed, endpoints)
        assert len(endpoints) <= 2, (listed, endpoints)
    empty = [e for e, example in examples.items() if not example["see_also"]]
    assert len(empty) <= len(REGISTRY) // 20, empty  # an endpoint with no relative at all is rare


# ----------------------------------------------------------------------------------------------- gotchas


def test_gotchas_are_about_their_endpoint(examples) -> None:
    """No gotcha is said of a fifth of the endpoints alike (what holds for most is the default, not a
    gotcha), and the ones a declaration implies are there."""
    said = Counter(g for example in examples.values() for g in set(example["gotchas"]))
    common = {g: n for g, n in said.items() if n > len(REGISTRY) // 5}
    assert not common, common
    for surface in REGISTRY:
        gotchas = examples[surface.id]["gotchas"]
        for param in surface.query_params:
            if param.enum or param.required:
                assert any(g.startswith(f"?{param.name} ") for g in gotchas), (surface.id, param.name)
        if surface.paused:
            assert any("paused door" in g for g in gotchas), surface.id
        for name, handler in methods(surface).items():
            if handler is not None and handler.body is not None:
                assert any(handler.body.__name__ in g for g in gotchas), (surface.id, name)
        assert all(g in gotchas for g in surface.gotchas)


def test_the_openapi_document_asks_a_surface_declared_upstream_for_no_example(ctx) -> None:
    """Its answer carries upstream data, which the CC0 document never inlines: not computed at all
    (a rebuild would play the whole example match to throw it away)."""

    def computed(ctx, params, query):
        raise AssertionError("the example answer was computed")

    surface = Surface(
        "test.upstream", "/api/v1/test-upstream", "A", computed, enumerate=lambda ctx: [{}], upstream=True
    )
    assert example_document(ctx, surface) is None
    with pytest.raises(AssertionError, match="computed"):
        example_document(ctx, replace(surface, upstream=False))
