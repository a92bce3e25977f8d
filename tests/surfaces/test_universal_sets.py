"""``/api/v1/universal/set/{code}``: the game-prefixed code always, a bare code when it names one set."""

from __future__ import annotations

import orjson

from generator.catalog.load import CONTENT
from generator.content.set_facts import load_set_facts
from generator.surfaces.catalog.universal_sets import find_set


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


def test_one_piece_is_dated_by_its_cited_facts_and_an_undated_game_says_so(real_ctx) -> None:
    """Neither One Piece upstream dates a set: first_seen is the earliest release the authored,
    cited facts give (content/set_facts.yaml); a game with no dated set has null and the reason."""
    from generator.surfaces.catalog.universal_sets import _game_entry, games

    facts = load_set_facts(CONTENT)
    earliest = min(r.date for f in facts.sets if f.game == "op" for r in f.released)
    entries = {g["token"]: g for g in games(real_ctx, {}, {}).data["games"]}
    assert entries["op"]["first_seen"]["iso8601"] == earliest.isoformat() and "first_seen_note" not in entries["op"]
    assert entries["ptcg"]["first_seen"] is not None and "first_seen_note" not in entries["ptcg"]
    op = real_ctx.snapshot.game("op")
    undated = _game_entry(real_ctx, op.model_copy(update={"first_seen": None}))
    assert undated["first_seen"] is None and "none of this game's sets is dated" in undated["first_seen_note"]


def test_a_set_named_by_no_source_is_null_and_says_why_and_a_cited_name_says_where(real_ctx) -> None:
    """A set no source names keeps its code as the catalog's name: the document says null, with the
    reason. Set 10 is named by an authored fact, which the entry cites; set 1 by an upstream, which
    needs no citation."""
    from generator.surfaces.catalog.universal_sets import _set_entry, sets

    entries = {s["set"]: s for s in sets(real_ctx, {"game": "lor"}, {}).data["sets"]}
    unnamed = real_ctx.snapshot.sets_of_game("lor")[0].model_copy(update={"name": "Q9", "set_code": "q9"})
    assert _set_entry(unnamed)["name"] is None and "no source" in _set_entry(unnamed)["name_note"]
    assert entries["10"]["name"] == "Whispers in the Well" and entries["10"]["name_source"]["url"].startswith(
        "https://"
    )
    assert entries["1"]["name"] == "The First Chapter" and {"name_note", "name_source"}.isdisjoint(entries["1"])
