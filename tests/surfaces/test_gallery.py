"""The partner-gallery adapter against a local feed server: each of its outcomes, typed."""

from __future__ import annotations

import dataclasses
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import orjson
import pytest

from generator.surfaces.culture.gallery import GalleryAnswer, gallery
from generator.surfaces.pages.culture_pages import gallery_page

FEED = {
    "feed": "partner-gallery-feed/1",
    "gallery": "Test Gallery",
    "homepage": "https://gallery.example.test/",
    "updated_at": "2026-11-01T09:00:00Z",
    "works": [
        {"id": "w1", "title": "A harbour <at dusk>", "url": "https://gallery.example.test/w1", "license": "CC0-1.0"},
        {
            "id": "w2",
            "title": "Two ships",
            "url": "https://gallery.example.test/w2",
            "license": "CC0-1.0",
            "creator": "Anon.",
            "sku": "op-op01-001-en",
        },
    ],
}
ANSWERS = {
    "/ok": (200, orjson.dumps(FEED)),
    "/broken": (500, b"oops"),
    "/not-json": (200, b"<html>"),
    "/wrong": (200, orjson.dumps(FEED | {"feed": "partner-gallery-feed/2"})),
}


class Feed(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        status, body = ANSWERS.get(self.path, (404, b""))
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def feed_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Feed)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join(5)


def answer(ctx, url: str) -> dict:
    configured = dataclasses.replace(ctx, site=ctx.site.model_copy(update={"partner_gallery_feed": url}))
    data = gallery(configured, {}, {}).data
    GalleryAnswer.model_validate(data)
    return data


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_an_available_feed_is_passed_on_as_validated(ctx, feed_server) -> None:
    data = answer(ctx, feed_server + "/ok")
    assert data["state"] == "available" and data["unavailable"] is None
    assert data["feed"]["updated_at"] == "2026-11-01T09:00:00Z" and len(data["feed"]["works"]) == 2
    assert data["fetched_at"] is not None


@pytest.mark.parametrize(
    ("path", "kind"),
    [("/broken", "http"), ("/missing", "http"), ("/not-json", "invalid-contract"), ("/wrong", "invalid-contract")],
)
def test_a_failing_feed_is_a_typed_unavailable_state(ctx, feed_server, path, kind) -> None:
    data = answer(ctx, feed_server + path)
    assert data["state"] == "unavailable" and data["feed"] is None and data["unavailable"]["kind"] == kind


def test_no_answer_is_a_network_state_and_no_address_is_not_configured(ctx) -> None:
    assert answer(ctx, f"http://127.0.0.1:{closed_port()}/feed")["unavailable"]["kind"] == "network"
    shipped = gallery(ctx, {}, {}).data
    assert shipped["unavailable"]["kind"] == "not-configured" and shipped["fetched_at"] is None


def test_the_page_shows_the_works_escaped_or_the_reason(ctx, feed_server) -> None:
    from generator.render import renderer

    configured = dataclasses.replace(
        ctx, site=ctx.site.model_copy(update={"partner_gallery_feed": feed_server + "/ok"})
    )
    html = renderer("text/html")(gallery_page(configured, {}, {}).data, "page.html").decode()
    assert "A harbour &lt;at dusk&gt;" in html and "Two ships" in html
    down = renderer("text/html")(gallery_page(ctx, {}, {}).data, "page.html").decode()
    assert "unavailable (not configured)" in down


def test_not_configured_is_a_kind_of_its_own_declared_with_why(ctx) -> None:
    """The spec types three unavailable states of a feed that was asked; not-configured (nothing was
    asked) is declared in the model with its reason, so OpenAPI carries it (issue 34)."""
    from generator.contract.openapi import openapi

    schemas = openapi(ctx)["components"]["schemas"]
    schema = schemas["generator__surfaces__culture__gallery__Unavailable"]["properties"]["kind"]
    assert schema["enum"][:3] == ["network", "http", "invalid-contract"] and schema["enum"][3] == "not-configured"
    assert "never made" in schema["description"] and "spec names these three" in schema["description"]
