"""The synthetic card pool of ``pool.py`` holds what the AI, practice and self-play tests rely on."""

from __future__ import annotations

from pool import synthetic_pool

from generator.play.decks.ladder_decks import build_deck, leaders, runs_fully
from generator.play.decks.rules import load_rules


def test_every_synthetic_card_compiles_fully() -> None:
    pool = synthetic_pool()
    assert all(runs_fully(c) for c in pool.values()), [c.card_id for c in pool.values() if not runs_fully(c)]


def test_both_synthetic_leaders_can_lead_a_deck() -> None:
    assert leaders(synthetic_pool(), load_rules()) == ("TSL-001", "TSL-002")


def test_decks_of_the_two_leaders_share_no_card() -> None:
    pool = synthetic_pool()
    by_leader = {}
    for seed in range(12):
        built = build_deck(pool, seed)
        by_leader.setdefault(built.leader, set()).update(built.main)
    assert len(by_leader) == 2
    red, blue = by_leader.values()
    assert not red & blue
