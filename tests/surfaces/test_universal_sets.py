"""``/api/v1/universal/set/{code}``: the game-prefixed code always, a bare code when it names one set."""

from __future__ import annotations

import orjson

from generator.surfaces.universal import find_set


def test_a_bare_set_code_answers_the_same_set_as_its_prefixed_code(ask, small_dist) -> None:
    prefixed, bare = ask("GET", "/api/v1/universal/set/op-op01"), ask("GET", "/api/v1/universal/set/op01")
    assert prefixed.status_code == bare.status_code == 200
    assert bare.json()["data"] == prefixed.json()["data"]
    assert bare.json()["data"]["set_code"] == "op-op01"
    assert ask("GET", "/api/v1/universal/set/TST1").json()["data"]["set_code"] == "ptcg-tst1"
    # both forms are files, so a static host answers them too
    routes = orjson.loads((small_dist / "_routes.json").read_bytes())["routes"]
    assert {"/api/v1/universal/set/op01", "/api/v1/universal/set/op-op01", "/api/v1/universal/set/tfb"} <= set(routes)


def test_an_unknown_set_code_is_a_404_that_says_both_forms(ask) -> None:
    for code in ("zz99", "op-zz99", "op-"):
        answer = ask("GET", f"/api/v1/universal/set/{code}")
        assert answer.status_code == 404, code
        error = answer.json()["error"]
        assert error["code"] == "set_not_found" and "op-op01" in error["message"] and "op01" in error["message"]


def test_a_bare_code_that_names_sets_of_two_games_lists_them(real_ctx) -> None:
    """``smp`` is a Pokemon set (Sun & Moon promos) and a Flesh and Blood one in the real catalog."""
    found = find_set(real_ctx, "smp")
    assert found.status == 404 and found.error is not None and found.error[0] == "ambiguous_set_code"
    assert found.error_extra == {"known_ids": ("fab-smp", "ptcg-smp")}
    assert find_set(real_ctx, "ptcg-smp").game == "ptcg" and find_set(real_ctx, "fab-smp").game == "fab"
    assert find_set(real_ctx, "base1").game == "ptcg" and find_set(real_ctx, "OP01").game == "op"


def test_an_undated_set_says_why_it_has_no_release_date(ask) -> None:
    sets = {s["set_code"]: s for s in ask("GET", "/api/v1/universal/sets/lor").json()["data"]["sets"]}
    assert sets["lor-1"]["released_at"]["iso8601"] == "2023-08-18" and "released_at_note" not in sets["lor-1"]
    assert sets["lor-p1"]["released_at"] is None and "no source" in sets["lor-p1"]["released_at_note"]


def test_one_piece_has_no_dated_set_and_says_so(real_ctx) -> None:
    """Neither One Piece upstream dates a set: first_seen is null with its note, never a guess."""
    from generator.surfaces.universal import games

    entries = {g["token"]: g for g in games(real_ctx, {}, {}).data["games"]}
    assert entries["op"]["first_seen"] is None and entries["op"]["first_seen_note"]
    assert entries["ptcg"]["first_seen"] is not None and "first_seen_note" not in entries["ptcg"]


def test_a_set_no_source_names_has_a_null_name_and_says_why(real_ctx) -> None:
    """Lorcana's sets 10-13 are named by neither upstream: the name is null, and the entry says why."""
    from generator.surfaces.universal import sets

    entries = {s["set"]: s for s in sets(real_ctx, {"game": "lor"}, {}).data["sets"]}
    assert entries["10"]["name"] is None and "no source" in entries["10"]["name_note"]
    assert entries["1"]["name"] == "The First Chapter" and "name_note" not in entries["1"]
