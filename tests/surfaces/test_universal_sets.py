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
