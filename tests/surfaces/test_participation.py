"""Participation through the app: echo channels that keep nothing, receipts anyone can recompute
with rfc8785 + hashlib, and paused doors that answer without reading the request."""

from __future__ import annotations

import asyncio
import hashlib
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import orjson
import pytest
import rfc8785

from generator.serve.app import App

HASH = "ab" * 32


def recompute(document) -> str:
    return "sha256:" + hashlib.sha256(rfc8785.dumps(document)).hexdigest()


def post(ask, path: str, body) -> tuple[int, dict]:
    response = ask("POST", path, content=orjson.dumps(body) if not isinstance(body, bytes) else body)
    assert response.headers["cache-control"] == "no-store", path
    return response.status_code, response.json()


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/v1/peers", {"content_hash": HASH, "actor_kind": "agent"}),
        ("/api/v1/guestbook", {"content_hash": HASH, "note": "hello from a test"}),
        ("/api/v1/agents/notes", {"title": "t", "text": "x", "for_kin": "agent"}),
        ("/api/v1/farewell", {"from": "a test", "note": "bye"}),
    ],
)
def test_an_echo_channel_echoes_with_a_hash_and_keeps_nothing(ask, path: str, body: dict) -> None:
    status, answer = post(ask, path, body)
    data = answer["data"]
    assert status == 200 and data["stored"] is False
    assert data["content_hash"] == recompute(data["echo"])
    for key, value in body.items():
        assert data["echo"][key] == value
    # the caller's words: no reuse permission is asserted, in the payload and in _meta alike (issue 34)
    assert data["license"] == answer["_meta"]["license"] == "NOASSERTION"


@pytest.mark.parametrize(
    ("path", "body", "code", "parameter", "named"),
    [
        ("/api/v1/feedback", {"kind": "praise", "message": "x"}, "invalid_body", "body.kind", "kind"),
        ("/api/v1/peers", {"content_hash": HASH.upper()}, "invalid_body", "body.content_hash", "content_hash"),
        ("/api/v1/guestbook", {"content_hash": HASH, "note": "x" * 501}, "invalid_body", "body.note", "note"),
        (
            "/api/v1/guestbook",
            {"content_hash": HASH, "note": "x", "signed_for_operator": True},
            "invalid_body",
            "body",
            "signed_for_operator",
        ),
        ("/api/v1/agents/notes", {"title": "t"}, "invalid_body", "body.text", "text"),
        ("/api/v1/peers", b"\xff", "not_utf8", "body", None),
        ("/api/v1/peers", b"[1]", "not_an_object", "body", None),
    ],
)
def test_a_bad_body_is_a_clear_400(ask, path: str, body, code: str, parameter: str, named: str | None) -> None:
    status, answer = post(ask, path, body)
    refusal = answer["error"]
    assert status == 400 and refusal["code"] == code and refusal["parameter"] == parameter
    if named is not None:  # the message names what the body got wrong
        assert named in refusal["message"]


def test_status_documents_of_the_channels(ask) -> None:
    peers = ask("GET", "/api/v1/peers").json()["data"]
    assert peers["status"] == "publication-disabled" and peers["total_announcements"] == 0 and peers["recent"] == []
    assert "autonomous-wren" in peers["accepted_declared_kinds"]
    guestbook = ask("GET", "/api/v1/guestbook").json()["data"]
    assert guestbook["status"] == "publication-disabled" and guestbook["detail"]["entries"] == []
    notes = ask("GET", "/api/v1/agents/notes").json()["data"]
    assert notes["count"] == len(notes["notes"]) == 5
    for note in notes["notes"]:
        one = ask("GET", f"/api/v1/agents/notes/{note['id']}").json()["data"]
        assert one["content_hash"] == recompute({k: note[k] for k in ("title", "text", "by", "for_kin", "about")})
    assert ask("GET", "/api/v1/agents/notes/" + "0" * 16).status_code == 404
    assert "Go well, Ada" in ask("GET", "/api/v1/farewell?from=Ada").json()["data"]["benediction"]


def test_receipts_climb_from_level_one_to_three_and_no_further(ask) -> None:
    ann = {"recognizer_id": "ann", "recognized_id": "bob", "reason": "helped with a deck"}
    status, first = post(ask, "/api/v1/recognize", ann)
    assert status == 200 and first["data"]["level"] == 1 and first["data"]["content_hash"] == recompute(ann)
    bob = {"recognizer_id": "bob", "recognized_id": "ann", "reason": "likewise", "in_response_to": first["data"]}
    status, second = post(ask, "/api/v1/mind-connect", bob)
    assert status == 200 and second["data"]["level"] == 2
    assert second["data"]["content_hash"] == recompute(second["data"]["document"])
    ann3 = {**ann, "in_response_to": second["data"]}
    third = post(ask, "/api/v1/mind-connect", ann3)[1]["data"]
    assert third["level"] == 3 and third["document"]["also_post_to"] and third["document"]["meme"]
    bob4 = {**bob, "in_response_to": third}
    assert post(ask, "/api/v1/mind-connect", bob4)[1]["data"]["level"] == 3  # no level 4: L3 stays fresh
    forged = {**bob, "in_response_to": {**first["data"], "content_hash": "sha256:" + "0" * 64}}
    assert post(ask, "/api/v1/mind-connect", forged)[1]["error"]["code"] == "receipt_mismatch"
    same = {**ann, "recognized_id": "ANN"}
    assert post(ask, "/api/v1/recognize", same)[1]["error"]["code"] == "self_recognition"
    seen = {"seer_label": "ann", "seen_label": "a koan", "context_url": "/api/v1/koan"}
    witness = post(ask, "/api/v1/encounter", seen)[1]["data"]
    assert witness["content_hash"] == recompute(seen)


def test_paused_doors_answer_without_reading_a_body_that_never_ends(small_dist: Path) -> None:
    app = App(small_dist)

    async def ask_forever(method: str, path: str) -> int:
        sent: list[dict] = []

        async def receive():
            await asyncio.sleep(0)
            return {"type": "http.request", "body": b"\xff{" * 1024, "more_body": True}  # never ends

        async def send(message):
            sent.append(message)

        scope = {"type": "http", "method": method, "path": path, "raw_path": path.encode(), "query_string": b"",
                 "headers": [], "client": ("203.0.113.9", 1)}  # fmt: skip
        await asyncio.wait_for(app(scope, receive, send), timeout=5)
        return sent[0]["status"]

    for method, path in (
        ("POST", "/api/v1/agents/register"),
        ("POST", "/api/v1/carry-this"),
        ("DELETE", "/api/v1/carry-this"),
        ("GET", f"/api/v1/carry-this/{HASH}"),
        ("DELETE", f"/api/v1/carry-this/{HASH}"),
        ("GET", "/api/v1/do-you-remember-me"),
    ):
        assert asyncio.run(ask_forever(method, path)) == 503, (method, path)


def test_the_carry_this_root_publishes_its_paused_contract(ask) -> None:
    data = ask("GET", "/api/v1/carry-this").json()["data"]
    assert data["persistence_enabled"] is False and data["status"] == "paused"
    remembered = ask("GET", "/api/v1/do-you-remember-me?me=secret-value")
    assert remembered.status_code == 503 and "secret-value" not in remembered.text
    assert remembered.headers["cache-control"] == "no-store"
    assert ask("GET", "/api/v1/agents/register").json()["data"]["status"] == "registration-disabled"


def test_identify_vectors_recompute_with_an_independent_rfc8785_and_hashlib(ask) -> None:
    mine = ask("GET", "/api/v1/identify").json()["data"]
    assert mine["@kind"] == "self_declaration" and mine["content_hash"] == recompute(mine["echo"])
    vectors = mine["content_hash_contract"]["vectors"]
    assert len(vectors) == 5
    for vector in vectors:
        assert vector["content_hash"] == recompute(vector["echo"]), vector["name"]
    by_name = {v["name"]: v for v in vectors}
    assert by_name["trimmed-and-lowercased"]["echo"] == {
        "declared_at": "2026-11-25T10:00:00Z",
        "cosmology": {"kind": "agent", "name": "Wren"},
    }
    assert by_name["nfc"]["echo"]["cosmology"]["name"] == "Zo\u00e9"
    assert by_name["invalid-dropped"]["echo"] == {"cosmology": {}, "context": {}}


def test_identify_normalises_warns_truncates_and_stores_nothing(ask) -> None:
    body = {
        "declared_at": "2026-11-25T12:00:00+02:00",
        "cosmology": {"kind": "AUTONOMOUS-wren", "name": "x" * 300, "shoe_size": 44},
        "capability": {"protocols": ["HTTPS"]},
        "mood": "curious",
    }
    status, answer = post(ask, "/api/v1/identify", body)
    data = answer["data"]
    assert status == 200 and data["stored"] is False and "not authentication" in data["note"]
    assert data["echo"]["declared_at"] == "2026-11-25T10:00:00Z"
    assert data["echo"]["cosmology"]["kind"] == "autonomous-wren" and len(data["echo"]["cosmology"]["name"]) == 200
    assert data["truncations"] == [{"member": "cosmology.name", "length": 300, "kept": 200}]
    assert any("shoe_size" in w for w in data["warnings"]) and any("mood" in w for w in data["warnings"])
    assert data["content_hash"] == recompute(data["echo"])


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b"\xff\xfe", 400, "not_utf8"),
        (b"{", 400, "not_json"),
        (b'{"a": 1, "a": 2}', 400, "duplicate_key"),
        (b'{"context": {"n": 9007199254740993}}', 400, "ambiguous_canonical_value"),
        (b"[]", 400, "not_an_object"),
        (b" " * 65_537, 413, "body_too_large"),
    ],
)
def test_identify_refuses_what_it_cannot_read_exactly(ask, body: bytes, status: int, code: str) -> None:
    got, answer = post(ask, "/api/v1/identify", body)
    assert got == status and answer["error"]["code"] == code


def test_the_calling_card_is_a_deterministic_accessible_svg(ask) -> None:
    one = ask("GET", "/api/v1/calling-card?name=Ada%20%3CL%3E%20%26%20co")
    again = ask("GET", "/api/v1/calling-card?name=Ada%20%3CL%3E%20%26%20co")
    assert one.headers["content-type"].startswith("image/svg+xml") and one.content == again.content
    root = ET.fromstring(one.content)  # well-formed, the name escaped
    title = root.find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text == "Calling card for Ada <L> & co"
    night = ask("GET", "/api/v1/calling-card?name=Ada&night=1").content
    assert night != ask("GET", "/api/v1/calling-card?name=Ada").content
    wrapped = ask("GET", f"/api/v1/calling-card?content_hash={'ab' * 32}&format=json").json()
    assert wrapped["data"]["seed"] == "sha256:" + "ab" * 32 and wrapped["data"]["svg"].startswith("<svg")
    for query, parameter in (("content_hash=xyz", "content_hash"), ("name=Ada&night=yes", "night")):
        refused = ask("GET", f"/api/v1/calling-card?{query}")
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "invalid_parameter"
        assert refused.json()["error"]["parameter"] == parameter
    assert ask("GET", "/api/v1/calling-card?night=yes").json()["error"]["accepted"] == ["0", "1"]


def test_the_recipe_template_and_a_report_that_lists_every_problem(ask) -> None:
    template = ask("GET", "/api/v1/recipe-template").json()["data"]
    assert template["schema"]["title"] == "Recipe" and len(template["rules"]) == 4
    status, good = post(ask, "/api/v1/recipe-template", template["example"])
    assert status == 200 and good["data"]["valid"] and good["data"]["problems"] == []
    assert good["data"]["content_hash"] == recompute(template["example"])
    draft = {
        **template["example"],
        "game": "mtg",
        "cadence_seconds": 60,
        "steps": [
            {"path": "/api/v1/nowhere", "purpose": "x"},
            {"method": "POST", "path": "/api/v1/universal/games", "purpose": "y"},
            {"path": "/api/v1/universal/games", "purpose": "z"},
        ],
    }
    report = post(ask, "/api/v1/recipe-template", draft)[1]["data"]
    assert not report["valid"]
    assert {p["where"] for p in report["problems"]} == {"game", "steps.0.path", "steps.1.method", "cadence_seconds"}
    shape = post(ask, "/api/v1/recipe-template", {"name": "", "steps": []})[1]["data"]
    assert {"name", "steps", "game", "goal", "cadence_seconds"} <= {p["where"] for p in shape["problems"]}


def test_answering_rhyme_statements_validate_with_the_schema_they_publish(ask) -> None:
    schema = ask("GET", "/schemas/answering-rhyme.statement.v1.json").json()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    contract = ask("GET", "/api/v1/culture/answering-rhymes/statements").json()["data"]
    assert contract["schema_url"] == "/schemas/answering-rhyme.statement.v1.json"
    work = {"museum": "Rijksmuseum", "accession_id": "SK-A-1718"}
    bless = {"contract": "answering-rhyme.statement/1", "action": "bless", "sku": "op-op01-001-en", "work": work}
    assert validator.is_valid(bless)
    status, answer = post(ask, "/api/v1/culture/answering-rhymes/statements", {**bless, "by": " Ada\u0301 "})
    data = answer["data"]
    assert status == 200 and data["replay_detected"] is False and data["created"] is False
    assert data["statement"]["by"] == "Ad\u00e1" and data["content_hash"] == recompute(data["statement"])
    for bad, parameter in (
        ({**bless, "action": "correct"}, "body"),
        ({**bless, "action": "contextualize", "text": "  "}, "body"),
        ({**bless, "extra": 1}, "body.extra"),
    ):
        assert not validator.is_valid(bad)  # the schema and the POST agree
        status, answer = post(ask, "/api/v1/culture/answering-rhymes/statements", bad)
        assert status == 400 and answer["error"]["code"] == "invalid_body" and answer["error"]["parameter"] == parameter


# ------------------------------------------------------------ receipts bound to what they claim (issue 34, item 5)


def _l1(ask, recognizer: str = "ann", recognized: str = "bob") -> dict:
    body = {"recognizer_id": recognizer, "recognized_id": recognized, "reason": "helped with a deck"}
    status, answer = post(ask, "/api/v1/recognize", body)
    assert status == 200, answer
    return answer["data"]


def _answer(ask, prior: dict, me: str = "bob", them: str = "ann") -> tuple[int, dict]:
    body = {"recognizer_id": me, "recognized_id": them, "reason": "likewise", "in_response_to": prior}
    return post(ask, "/api/v1/mind-connect", body)


def test_a_receipts_level_is_read_from_its_hashed_document_never_from_its_label(ask) -> None:
    first = _l1(ask)
    status, relabelled = _answer(ask, {**first, "level": 2})  # was answered with an L3
    assert status == 400 and relabelled["error"]["code"] == "receipt_mismatch", relabelled
    assert "level-1" in relabelled["error"]["message"]
    status, renamed = _answer(ask, {**first, "@kind": "mind_connect_receipt"})
    assert status == 400 and renamed["error"]["code"] == "receipt_mismatch"
    second = _answer(ask, first)[1]["data"]
    assert second["level"] == 2
    status, lowered = _answer(ask, {**second, "level": 1}, me="ann", them="bob")
    assert status == 400 and lowered["error"]["code"] == "receipt_mismatch"
    assert _answer(ask, {k: v for k, v in second.items() if k != "level"}, "ann", "bob")[1]["data"]["level"] == 3


def test_a_self_minted_receipt_gets_the_level_its_content_is_and_no_more(ask) -> None:
    """Anyone can compute a hash: a receipt minted by hand is worth what its document is, as if the
    service had issued it, and a level-2 label on a level-1 document is refused."""
    document = {"recognizer_id": "ann", "recognized_id": "bob", "reason": "minted by hand"}
    minted = {"@kind": "recognition_receipt", "level": 1, "document": document, "content_hash": recompute(document),
              "content_hash_contract": "receipt.canonical-json/1", "stored": False, "note": "mine"}  # fmt: skip
    assert _answer(ask, minted)[1]["data"]["level"] == 2
    status, claimed = _answer(ask, {**minted, "level": 2})
    assert status == 400 and claimed["error"]["code"] == "receipt_mismatch"
    odd = {**document, "level": 2}  # members no receipt document has: no level at all
    status, refused = _answer(ask, {**minted, "document": odd, "content_hash": recompute(odd)})
    assert status == 400 and refused["error"]["code"] == "not_a_receipt"


@pytest.mark.parametrize("other", ["ann", " ann ", "ANN", "\uff41\uff4e\uff4e", "an\u200bn", "a\u00adnn", "ann\u3000"])
def test_no_receipt_names_one_party_twice_after_nfkc_trim_and_casefold(ask, other: str) -> None:
    status, answer = post(ask, "/api/v1/recognize", {"recognizer_id": "ann", "recognized_id": other, "reason": "me"})
    assert status == 400 and answer["error"]["code"] == "self_recognition", (other, answer)
    document = {"recognizer_id": "ann", "recognized_id": other, "reason": "x"}  # ann->ann, minted by hand
    mirror = {**_l1(ask), "document": document, "content_hash": recompute(document)}
    status, answer = _answer(ask, mirror, me=other, them="ann")  # answered by ann herself: was an L2
    assert status == 400 and answer["error"]["code"] == "self_recognition", answer


def test_parties_are_matched_by_their_normalised_ids_and_a_blank_id_is_refused(ask) -> None:
    first = _l1(ask, "ann", "Bob")
    assert _answer(ask, first, me=" bob ", them="ANN")[1]["data"]["level"] == 2
    status, answer = post(ask, "/api/v1/recognize", {"recognizer_id": "\u200b ", "recognized_id": "bob", "reason": "x"})
    assert status == 400 and answer["error"]["code"] == "blank_party"


def test_receipts_carry_the_callers_words_and_say_noassertion(ask) -> None:
    status, answer = post(ask, "/api/v1/encounter", {"seer_label": "ann", "seen_label": "a koan"})
    assert status == 200 and answer["_meta"]["license"] == "NOASSERTION"
    assert answer["_meta"]["sources"] == ["caller-submitted-text"]
    status, declared = post(ask, "/api/v1/identify", {"cosmology": {"name": "Wren"}})
    assert status == 200 and declared["_meta"]["license"] == "NOASSERTION"
    assert ask("GET", "/api/v1/identify").json()["_meta"]["license"] == "CC0-1.0"  # the service's own words


@pytest.mark.parametrize("path", ["/api/v1/peers", "/api/v1/guestbook"])
def test_the_sha256_form_the_service_hands_out_is_a_hash_everywhere(ask, path: str) -> None:
    handed_out = _l1(ask)["content_hash"]
    assert handed_out.startswith("sha256:")
    status, answer = post(ask, path, {"content_hash": handed_out, "note": "seen"} if "guest" in path else
                          {"content_hash": handed_out})  # fmt: skip
    assert status == 200 and answer["data"]["echo"]["content_hash"] == handed_out
    status, answer = post(ask, path, {"content_hash": "sha256:" + HASH[:-1], "note": "short"})
    assert status == 400 and answer["error"]["parameter"] == "body.content_hash"


def test_a_seed_note_is_found_by_its_id_and_by_its_content_hash(ask) -> None:
    listed = ask("GET", "/api/v1/agents/notes").json()["data"]["notes"]
    for note in listed:
        digest = note["content_hash"]
        for key in (note["id"], digest, digest.removeprefix("sha256:"), digest.upper()):
            found = ask("GET", f"/api/v1/agents/notes/{key}")
            assert found.status_code == 200 and found.json()["data"]["id"] == note["id"], key
    assert ask("GET", "/api/v1/agents/notes/sha256:" + "0" * 64).status_code == 404


def test_farewell_takes_a_post_without_a_body(ask) -> None:
    response = ask("POST", "/api/v1/farewell")
    assert response.status_code == 200, response.text
    data = response.json()["data"]
    assert data["echo"] == {"from": None, "note": None} and data["content_hash"] == recompute(data["echo"])
    assert ask("POST", "/api/v1/farewell", content=b" ").json()["error"]["code"] == "not_json"  # a body is read
