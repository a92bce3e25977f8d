"""Every POST of the registry, through the app, against bodies nobody should send: too large, not
UTF-8, not JSON, JSON of the wrong type, nested too deep, or random bytes. Each gets a clear error
in the one error shape, a 4xx (the practice referee has its key, so its bodies are read); a door that
answers before reading (paused 503, the 402) answers its documented status document whatever comes."""

from __future__ import annotations

import asyncio

import httpx
import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.site import load_site
from generator.surfaces.families import surfaces

# Not the MCP gate: its transport answers JSON-RPC in the protocol's shapes (tests/serve/test_mcp_gate.py).
POSTS = [s for s in surfaces(load_site()) if s.post is not None and s.path != "/api/mcp"]
PATHS = {s.id: s.path.replace("{content_hash}", "0" * 64).replace("{id}", "x1") for s in POSTS}


OVERSIZE = b"(one byte over the method's limit)"


def bad_bodies() -> st.SearchStrategy[bytes]:
    return st.one_of(
        st.just(OVERSIZE),  # made in the test: a JSON object one byte over the limit
        st.binary(min_size=1, max_size=64).filter(lambda b: not _utf8(b)),  # not UTF-8
        st.text(min_size=1, max_size=40).map(str.encode).filter(lambda b: not _json(b)),  # not JSON
        st.sampled_from([b"[]", b"1", b'"text"', b"null", b"true", b"[1, 2]"]),  # JSON, not an object
        st.integers(2000, 20000).map(lambda n: b"[" * n + b"]" * n),  # nested too deep
        # anything but a JSON object, which an echo door (identify) rightly accepts: hypothesis also draws
        # bytes from constants in our own modules, and one is now and then a JSON object of two members
        st.binary(max_size=256).filter(lambda b: not _json_object(b)),
    )


def _utf8(body: bytes) -> bool:
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _json_object(body: bytes) -> bool:
    return _json(body) and isinstance(orjson.loads(body), dict)


def _json(body: bytes) -> bool:
    try:
        orjson.loads(body)
    except orjson.JSONDecodeError:
        return False
    return True


@pytest.fixture(scope="module")
def keyed(small_dist):
    """``ask`` against an app whose practice referee has a key, so its bodies are read too."""
    from generator.play.protocol.seal import dev_key
    from generator.serve.app import App

    app = App(small_dist, referee_key=dev_key())

    def call(method: str, path: str, **kwargs) -> httpx.Response:
        async def go() -> httpx.Response:
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client:
                return await client.request(method, path, **kwargs)

        return asyncio.run(go())

    return call


REFUSALS = {"body_too_large", "not_utf8", "not_json", "duplicate_key", "not_an_object", "invalid_body"}


@pytest.mark.parametrize("surface", POSTS, ids=[s.id for s in POSTS])
def test_a_bad_body_gets_a_clear_error_every_time(keyed, surface) -> None:
    ask = keyed
    assert surface.post is not None
    limit = surface.post.max_body

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(body=bad_bodies())
    def check(body: bytes) -> None:
        if body == OVERSIZE:
            body = b'{"a": "' + b"x" * (limit - 8) + b'"}'
            assert len(body) == limit + 1
        response = ask("POST", PATHS[surface.id], content=body, headers={"Content-Type": "application/json"})
        if not surface.post.read_body:  # a door that answers before reading: its documented status document
            assert response.status_code in (402, 503) and response.json()["data"], response.text[:200]
            return
        if body == b"" and not surface.post.body_required:  # every member optional: no body is {}
            assert response.status_code == 200 and response.json()["data"], response.text[:200]
            return
        document = response.json()
        error = document["error"]
        assert {"code", "message"} <= set(error) <= {"code", "message", "parameter", "accepted"}, document
        assert 400 <= response.status_code < 500, (response.status_code, document, body[:60])
        if error["code"] in REFUSALS:  # refused by the declaration: one shape, naming the body (issue 38)
            assert error["parameter"].startswith("body"), document
            assert response.status_code == (413 if error["code"] == "body_too_large" else 400)

    check()
