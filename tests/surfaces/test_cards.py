"""Card reads beyond the universal card, through the app: everything, evidence, batch, search."""

from __future__ import annotations

import orjson
import pytest

from generator.site import load_site

KNOWN, VARIANT, JA = "op-op01-001-en", "op-op01-001-en-p1", "op-op01-001-ja"
GAMES = list(load_site().games)


def test_everything_lists_the_languages_and_variants_of_its_number(ask) -> None:
    data = ask("GET", f"/api/v1/cards/{KNOWN}/everything").json()["data"]
    assert data["sku"] == KNOWN and data["card"]["sku"] == KNOWN and data["oracle_id"] == "op:OP01-001"
    relations = {s["sku"]: s["relation"] for s in data["siblings"]["same_number"]}
    assert relations == {VARIANT: "variant", JA: "language"}
    assert data["history"] == [] and data["reference_price"] is None
    states = {s["id"]: s["state"] for s in data["sources"]}
    assert "observed" in states.values() and states["pricecharting"] == "blocked"
    for sibling in data["siblings"]["same_number"]:
        assert ask("GET", sibling["@id"]).status_code == 200


def test_evidence_withholds_every_value_and_says_why(ask) -> None:
    data = ask("GET", f"/api/v1/cards/{JA}/evidence").json()["data"]
    assert data["license"] == "NOASSERTION"
    assert data["collector_offers"] == {
        "status": "empty",
        "sample": True,
        "currency": "GBP",
        "asks": [],
        "bids": [],
        "reason": "no open collector offer for this card in the platform's records",
    }
    assert data["completed_sales"]["status"] == data["observations"]["status"] == "paused"
    assert data["computed_reference"]["status"] == "withheld" and data["computed_reference"]["value"] is None
    assert ask("GET", "/api/v1/cards/op-op01-404-en/evidence").status_code == 404


def test_batch_answers_each_sku_in_order_with_a_404_for_the_unknown(ask) -> None:
    body = {"skus": [JA, "op-op01-404-en", KNOWN, "not a sku"], "density": "sparse"}
    response = ask("POST", "/api/v1/cards/batch", content=orjson.dumps(body))
    assert response.status_code == 200 and response.headers["cache-control"] == "no-store"
    data = response.json()["data"]
    assert [i["sku"] for i in data["items"]] == body["skus"]
    assert [i["status"] for i in data["items"]] == [200, 404, 200, 404]
    assert (data["requested"], data["found"], data["not_found"]) == (4, 2, 2)
    assert data["items"][0]["card"]["@density"] == "sparse" and data["items"][1]["error"]["code"] == "sku_not_found"


@pytest.mark.parametrize(
    ("body", "status", "code", "parameter"),
    [
        (b"nope", 400, "not_json", "body"),
        (b"\xff", 400, "not_utf8", "body"),
        (b'{"skus": []}', 400, "invalid_body", "body.skus"),
        (orjson.dumps({"skus": ["op-op01-001-en"] * 101}), 400, "invalid_body", "body.skus"),
        (b'{"skus": ["a"], "density": "huge"}', 400, "invalid_body", "body.density"),
        (b'{"skus": ["a"], "extra": 1}', 400, "invalid_body", "body.extra"),
        (b'{"skus": ["a"], "skus": ["b"]}', 400, "duplicate_key", "body"),
        (b" " * 20_000, 413, "body_too_large", "body"),
    ],
)
def test_batch_refuses_a_bad_body_clearly(ask, body: bytes, status: int, code: str, parameter: str) -> None:
    response = ask("POST", "/api/v1/cards/batch", content=body)
    refusal = response.json()["error"]
    assert response.status_code == status and refusal["code"] == code and refusal["parameter"] == parameter
    assert response.headers["cache-control"] == "no-store"
    if code == "invalid_body":  # the message names the member the model refused
        assert parameter.removeprefix("body.") in refusal["message"]
    if code == "body_too_large":
        assert refusal["accepted"] == {"maximum": 16384}


def test_batch_lists_every_problem_of_its_body(ask) -> None:
    response = ask("POST", "/api/v1/cards/batch", content=b'{"skus": [], "density": "huge", "extra": 1}')
    refusal = response.json()["error"]
    assert response.status_code == 400 and refusal["code"] == "invalid_body" and refusal["parameter"] == "body.skus"
    assert all(member in refusal["message"] for member in ("skus", "density", "extra"))


def test_batch_takes_only_post(ask) -> None:
    response = ask("GET", "/api/v1/cards/batch")
    assert response.status_code == 405 and response.headers["allow"] == "POST"


def test_search_is_answered_by_the_app_from_the_built_index(ask) -> None:
    data = ask("GET", "/api/v1/search/cards?game=op&q=OP01-001").json()["data"]
    assert {m["sku"] for m in data["matches"]} == {KNOWN, VARIANT, JA}
    assert data["summary"] == {
        "count": 3,
        "best_confidence": "high",
        "distinct_set_number_buckets": 1,
        "ambiguous": False,
    }
    folded = ask("GET", "/api/v1/search/everything?game=op&q=op01%201").json()["data"]
    assert folded["everything"]["sku"] == KNOWN  # English, base art: the bucket's primary printing
    ambiguous = ask("GET", "/api/v1/search/everything?game=op&q=1").json()["data"]
    assert ambiguous["summary"]["ambiguous"] and ambiguous["everything"] is None
    missing = ask("GET", "/api/v1/search/cards?q=1")
    refusal = missing.json()["error"]
    assert missing.status_code == 400 and refusal["code"] == "invalid_parameter" and refusal["parameter"] == "game"
    assert "required" in refusal["message"] and ", ".join(GAMES) in refusal["message"]
    for path in ("/api/v1/search/cards", "/api/v1/search/everything"):
        shouted = ask("GET", f"{path}?game=OP&q=1")  # a game is its id, exactly: no case folding
        refusal = shouted.json()["error"]
        assert shouted.status_code == 400 and refusal["code"] == "invalid_parameter" and refusal["parameter"] == "game"
        assert refusal["accepted"] == GAMES
        blank = ask("GET", f"{path}?game=op&q=%20")
        refusal = blank.json()["error"]
        assert blank.status_code == 400 and refusal["code"] == "invalid_parameter" and refusal["parameter"] == "q"


def test_search_finds_a_card_by_name_as_an_extension(ask) -> None:
    """Issue 39: a name (any case, width, word order) finds its printings, marked matched_by name;
    a set and a number still reads as one. Confidence as docs/search.md says: the whole name high;
    its start, or whole words in any order, medium; starts of its words low."""
    cases = (
        ("Testmon Captain", "high"),
        ("ＴＥＳＴＭＯＮ　ＣＡＰ", "medium"),
        ("captain testmon", "medium"),
        ("capt testm", "low"),
    )
    for q, confidence in cases:
        answer = ask("GET", "/api/v1/search/cards", params={"game": "op", "q": q})
        assert answer.status_code == 200, answer.text
        matches = answer.json()["data"]["matches"]
        captain = [m for m in matches if m["name"] == "Testmon Captain"]
        assert {m["sku"] for m in captain} == {"op-op01-001-en", "op-op01-001-en-p1"}
        assert {(m["matched_by"], m["confidence"]) for m in captain} == {("name", confidence)}
    structured = ask("GET", "/api/v1/search/cards", params={"game": "op", "q": "OP01 001"}).json()["data"]
    assert {m["matched_by"] for m in structured["matches"]} == {"set_and_number"}


@pytest.mark.parametrize("q", ["1" * 4301, "0" * 5000 + "1", "OP01 " + "0" * 9000 + "1", "\u0661" * 4400])
@pytest.mark.parametrize("path", ["/api/v1/search/cards", "/api/v1/search/everything", "/prices/search"])
def test_a_number_of_any_length_is_searched_not_a_server_error(ask, path: str, q: str) -> None:
    """A digit run past CPython's 4,300-digit int() limit was a plain-text 500 on all three
    searches (issue 34, item 3): a number is keyed digit by digit, so any length is just a number."""
    response = ask("GET", path, params={"game": "op", "q": q})
    assert response.status_code == 200, response.text[:200]
    if path.startswith("/api/") and q.startswith("0"):  # leading zeros dropped, as for 001: the number 1
        one = ask("GET", path, params={"game": "op", "q": "1"}).json()["data"]["matches"]
        assert response.json()["data"]["matches"] == one and one
