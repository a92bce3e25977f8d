"""generator.web.conditional: validators, conditional requests and codings (RFC 9110 8.8, 13.1, 13.2)."""

from __future__ import annotations

import datetime as dt
import gzip

import brotli
import pytest

from generator.web.conditional import encode, http_date, matches, pick_encoding, unchanged, weak

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


def test_a_small_answer_is_sent_plain_with_its_strong_etag() -> None:
    assert encode(JSON, b'{"data": 1}', "gzip, br") == (JSON, b'{"data": 1}')


@pytest.mark.parametrize("accept", ["gzip", "br", "identity"])
def test_a_compressible_answer_gets_one_weak_validator_and_vary_whatever_the_coding(accept: str) -> None:
    body = b'{"data": "' + b"card " * 400 + b'"}'
    headers, sent = encode({**JSON, "Vary": "User-Agent"}, body, accept)
    assert headers["ETag"] == weak(TAG) and headers["Vary"] == "User-Agent, Accept-Encoding"
    decoded = {"gzip": gzip.decompress, "br": brotli.decompress, "identity": bytes}[accept](sent)
    assert decoded == body and headers.get("Content-Encoding") == {"identity": None}.get(accept, accept)
    assert len(sent) < len(body) or accept == "identity"


def test_binary_answers_are_not_compressed() -> None:
    headers = {"Content-Type": "image/png", "ETag": TAG}
    assert encode(headers, b"\x89PNG" * 500, "gzip") == (headers, b"\x89PNG" * 500)
