"""generator.web.conditional: validators, conditional requests and codings (RFC 9110 8.8, 13.1, 13.2)."""

from __future__ import annotations

import datetime as dt
import gzip

import brotli
import pytest

from generator.web.conditional import codings_for, http_date, matches, pick_encoding, unchanged, weak
from generator.web.wire import Outgoing, finalize

BUILT = dt.datetime(2026, 11, 24, 21, 59, 30, tzinfo=dt.UTC)
TAG = '"8b1c23638b761535d9926b40c5ab46c7"'
JSON = {"Content-Type": "application/json; charset=utf-8", "ETag": TAG}


def test_http_date_is_the_imf_fixdate_form() -> None:
    assert http_date(BUILT) == "Tue, 24 Nov 2026 21:59:30 GMT"


@pytest.mark.parametrize(
    "sent, current",
    [(TAG, True), (weak(TAG), True), (f'"x", {weak(TAG)}', True), ("*", True), ('"x"', False), ('W/"x", "y"', False)],
)
def test_if_none_match_compares_weakly_whatever_side_is_weak(sent: str, current: bool) -> None:
    assert matches(sent, TAG) is current and matches(sent, weak(TAG)) is current


@pytest.mark.parametrize(
    "headers, current",
    [
        ({"if-modified-since": "Tue, 24 Nov 2026 21:59:30 GMT"}, True),
        ({"if-modified-since": "Wed, 25 Nov 2026 08:00:00 GMT"}, True),
        ({"if-modified-since": "Tue, 24 Nov 2026 21:59:29 GMT"}, False),
        ({"if-modified-since": "yesterday"}, False),  # an invalid date is ignored
        ({"if-modified-since": "Tue, 24 Nov 2026 21:59:30 GMT", "if-none-match": '"other"'}, False),
        ({}, False),
    ],
)
def test_if_modified_since_counts_only_without_if_none_match(headers: dict[str, str], current: bool) -> None:
    assert unchanged(headers, TAG, BUILT) is current


def test_without_a_last_modified_only_the_etag_can_match() -> None:
    assert not unchanged({"if-modified-since": "Wed, 25 Nov 2026 08:00:00 GMT"}, TAG, None)


@pytest.mark.parametrize(
    "accept, chosen",
    [("gzip", "gz"), ("gzip, br", "br"), ("br;q=0.5, gzip", "gz"), ("gzip;q=0", None), ("*", "br"), ("", None)],
)
def test_the_preferred_coding_is_picked(accept: str, chosen: str | None) -> None:
    assert pick_encoding(accept, ("br", "gz")) == chosen


def _sent(out: Outgoing) -> dict[str, str]:
    return {k.decode(): v.decode() for k, v in out.headers}


def test_a_small_answer_is_sent_plain_with_its_strong_etag() -> None:
    out = finalize(200, JSON, b'{"data": 1}', {"accept-encoding": "gzip, br"})
    assert out.body == b'{"data": 1}' and _sent(out)["etag"] == TAG and "vary" not in _sent(out)
    assert _sent(out)["content-length"] == "11"


@pytest.mark.parametrize("accept", ["gzip", "br", "identity"])
def test_a_compressible_answer_gets_one_weak_validator_and_vary_whatever_the_coding(accept: str) -> None:
    body = b'{"data": "' + b"card " * 2000 + b'"}'  # over 8 KiB: offered in brotli and gzip, as a file would be
    out = finalize(200, {**JSON, "Vary": "User-Agent"}, body, {"accept-encoding": accept})
    headers = _sent(out)
    assert headers["etag"] == weak(TAG) and headers["vary"] == "User-Agent, Accept-Encoding"
    decoded = {"gzip": gzip.decompress, "br": brotli.decompress, "identity": bytes}[accept](out.body)
    assert decoded == body and headers.get("content-encoding") == {"identity": None}.get(accept, accept)
    assert len(out.body) < len(body) or accept == "identity"
    assert headers["content-length"] == str(len(out.body))


def test_one_policy_for_files_and_computed_answers() -> None:
    """The writer's twins and the app's codings are the same function of media type and size."""
    assert codings_for("application/json; charset=utf-8", 1023) == ()
    assert codings_for("application/json", 1024) == ("gz",) and codings_for("text/css", 8192) == ("br", "gz")
    assert codings_for("text/html; charset=utf-8", 70_000) == ()  # served plain: docs/reader-pages.md
    assert codings_for("image/png", 70_000) == ()  # no media row says it is text


def test_a_current_copy_is_a_304_with_the_validators_and_no_body() -> None:
    body = b'{"data": "' + b"card " * 400 + b'"}'
    out = finalize(200, JSON, body, {"if-none-match": TAG}, last_modified=BUILT)
    assert out.status == 304 and out.body == b"" and _sent(out)["etag"] == weak(TAG)
    assert "content-length" not in _sent(out) and "content-type" not in _sent(out)
    assert _sent(finalize(200, JSON, body, {}, last_modified=BUILT))["last-modified"] == http_date(BUILT)


def test_binary_answers_are_not_compressed() -> None:
    headers = {"Content-Type": "image/png", "ETag": TAG}
    out = finalize(200, headers, b"\x89PNG" * 500, {"accept-encoding": "gzip"})
    assert out.body == b"\x89PNG" * 500 and _sent(out)["etag"] == TAG
