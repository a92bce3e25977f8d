"""The narrated log reads like a play-by-play: an attack names attacker, target and both powers,
the Damage step says why an attack failed, possessives and [timing] marks read as on the cards.
Checked against the referee's own numbers (the attack preview, the battle event), never against
pinned sentences."""

from __future__ import annotations

import random
import re

from practice_client import POOL, call, client_choice, move

from generator.play.protocol.narration import Narrator


def _names(view: dict) -> dict[int, str]:
    return {c["iid"]: c["name"] for ps in view["players"] for c in [ps["leader"], *ps["characters"]]}


def _play(level: int, seed: int, moves: int = 400):
    """(reply before the move, action taken, reply after) over a whole practice match."""
    status, out = call({"op": "new", "level": level, "seed": seed})
    assert status == 200
    r = random.Random(seed)
    for _ in range(moves):
        if out["result"] is not None:
            return
        action = client_choice(out, r)
        status, after = move(out, action)
        assert status == 200
        yield out, action, after
        out = after


def test_your_attack_names_both_cards_with_the_powers_the_preview_showed() -> None:
    checked = 0
    for before, action, after in _play(1, 71):
        attack = next((a for a in before["legal_actions"] if a["id"] == action and a["kind"] == "attack"), None)
        if attack is None:
            continue
        names = _names(before["view"])
        line = next(e["text"] for e in after["log"] if e["event"]["kind"] == "attack")
        preview = attack["preview"]
        assert names[attack["card"]] in line and names[attack["target"]] in line, line
        assert f"({preview['attacker_power']} power)" in line and f"({preview['target_power']} power)" in line, line
        assert line.startswith("You attack the AI's "), line
        checked += 1
    assert checked >= 3


def test_every_damage_step_gives_both_powers_and_a_failed_attack_says_why() -> None:
    failed = succeeded = 0
    for _, _, after in _play(2, 72):
        for entry in after["log"]:
            event = entry["event"]
            if event["kind"] != "battle":
                continue
            data, text = event["data"], entry["text"]
            att, tgt = data["attacker_power"], data["target_power"]
            assert re.search(rf"\bat {att}\b", text) and re.search(rf"\bat {tgt}\b", text), text
            if data["attacker_wins"]:
                assert "succeeds" in text and ("tie goes to the attacker" in text) == (att == tgt), text
                succeeded += 1
            else:
                assert "fails: the attacker has less power" in text and att < tgt, text
                failed += 1
    assert failed and succeeded


def _view(power_a: int = 5000, power_b: int = 3000) -> dict:
    def card(iid: int, name: str, power: int) -> dict:
        return {"iid": iid, "card": "X", "name": name, "power": power}

    you = {"leader": card(1, "Luffy", 5000), "characters": [card(2, "Zoro", power_a)], "stage": None, "trash": []}
    ai = {"leader": card(10, "Kaido", 5000), "characters": [card(11, "Queen", power_b)], "stage": None, "trash": []}
    return {"players": [you, ai], "battle": None, "active": 0}


def test_an_attack_that_ends_because_its_attacker_left_the_field_says_so() -> None:
    narrator = Narrator(POOL, 0)
    narrator.observe(_view())
    attack = narrator.sentence({"kind": "attack", "player": 0, "data": {"attacker": 2, "target": 11}}, {})
    assert attack == "You attack the AI's Queen (3000 power) with your Zoro (5000 power)."
    narrator.sentence({"kind": "ko", "player": 0, "data": {"iid": 2, "card": None}}, {})
    end = narrator.sentence({"kind": "battle_end", "player": 0, "data": {}}, {})
    assert "without damage" in end and "your Zoro left the field" in end


def test_counters_and_effects_are_shown_as_power_before_and_after() -> None:
    narrator = Narrator(POOL, 0)
    narrator.observe(_view())
    narrator.sentence({"kind": "attack", "player": 1, "data": {"attacker": 11, "target": 2}}, {})
    buff = narrator.sentence({"kind": "effect_power", "player": 1, "data": {"targets": [11], "amount": 2000}}, {})
    assert buff == "The AI's Queen gets +2000 power (3000 → 5000)."
    counter = {"kind": "counter", "player": 0, "data": {"card": "TSR-001", "target": 2, "amount": 1000}}
    assert narrator.sentence(counter, {}).endswith("+1000 power to your Zoro (5000 → 6000).")
    battle = {
        "kind": "battle",
        "player": 1,
        "data": {"attacker_power": 5000, "target_power": 6000, "attacker_wins": False},
    }
    text = narrator.sentence(battle, {})
    assert "the AI's Queen at 5000 (3000 when it entered the battle, +2000 from effects)" in text
    assert "your Zoro at 6000 (5000 when it entered the battle, +1000 from Counters)" in text
    assert text.endswith("The attack fails: the attacker has less power (7-1-4-2).")


def test_possessives_and_timing_marks_read_as_on_the_cards() -> None:
    narrator = Narrator(POOL, 0)
    narrator.observe(_view())
    assert narrator.sentence({"kind": "ko", "player": 0, "data": {"iid": 2, "card": "TSR-001"}}, {}).startswith("Your ")
    effect = {"kind": "effect", "player": 1, "data": {"card": "X", "source": 10, "timing": "on_opponents_attack"}}
    assert narrator.sentence(effect, {}) == "The AI's Leader Kaido: its [On Your Opponent's Attack] effect activates."


def test_a_won_battle_without_a_ko_says_an_effect_prevented_it() -> None:
    narrator = Narrator(POOL, 0)
    narrator.observe(_view())
    narrator.sentence({"kind": "attack", "player": 0, "data": {"attacker": 2, "target": 11}}, {})
    won = {"kind": "battle", "player": 0, "data": {"attacker_power": 5000, "target_power": 3000, "attacker_wins": True}}
    assert narrator.sentence(won, {}).endswith("The attack succeeds.")
    end = narrator.sentence({"kind": "battle_end", "player": 0, "data": {}}, {})
    assert end == "The battle ends; the AI's Queen is not K.O.'d: an effect prevents it."


def test_the_other_player_activating_a_trigger_reads_in_the_third_person() -> None:
    narrator = Narrator(POOL, 0)
    text = narrator.sentence({"kind": "trigger", "player": 1, "data": {"iid": 40, "card": "TSB-101"}}, {})
    assert text.startswith("The AI reveals Test TSB-101 from Life and activates its [Trigger]"), text


def test_the_end_of_the_game_says_which_defeat_condition_was_met() -> None:
    narrator = Narrator(POOL, 0)
    over = {"kind": "game_over", "player": None, "data": {"winner": 1, "losers": [0], "reason": "damage at 0 Life"}}
    assert narrator.sentence(over, {}) == ("Game over. The AI wins: your Leader took damage at 0 Life (1-2-1-1-1).")
    both = {"kind": "game_over", "data": {"winner": None, "losers": [0, 1], "reason": "no cards in deck"}}
    assert narrator.sentence(both, {}).startswith("Game over. It is a draw: your deck has no cards left")
