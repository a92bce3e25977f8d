"""What one player may see of a game (3-1-4, 3-1-5): open areas in full, secret areas as counts.

Open to both: Leader, Character and Stage areas, cost areas, trashes, DON!! decks, the battle, and
the number of cards in every area (3-1-4). Secret: the deck (3-2-2, not even its owner sees its
order), the hand (3-4-2, 3-4-3: only its owner), and the face-down Life area (3-10-2: neither
player). A prompt shows its options only to the player it asks; the Life card awaiting a
[Trigger] decision only to its owner until it is revealed.
"""

from __future__ import annotations

from typing import Any

from generator.play.engine.state import CardInstance, Event, GameState
from generator.play.engine.stats import cost, keywords, power


def _field_card(state: GameState, owner: int, c: CardInstance) -> dict[str, Any]:
    return {
        "iid": c.iid,
        "card": c.card,
        "name": state.cards[c.card].name,
        "rested": c.rested,
        "don": c.don,
        "power": power(state, owner, c),
        "cost": cost(state, owner, c),
        "keywords": sorted(keywords(state, owner, c)),
        "played_turn": c.played_turn,
    }


def _plain(state: GameState, c: CardInstance) -> dict[str, Any]:
    return {"iid": c.iid, "card": c.card, "name": state.cards[c.card].name}


def _player(state: GameState, p: int, viewer: int) -> dict[str, Any]:
    ps = state.players[p]
    out: dict[str, Any] = {
        "leader": _field_card(state, p, ps.leader),
        "characters": [_field_card(state, p, c) for c in ps.characters],
        "stage": _field_card(state, p, ps.stage) if ps.stage is not None else None,
        "trash": [_plain(state, c) for c in ps.trash],
        "hand_count": len(ps.hand),
        "deck_count": len(ps.deck),
        "life_count": len(ps.life),
        "don_deck": ps.don_deck,
        "don_active": ps.don_active,
        "don_rested": ps.don_rested,
    }
    if p == viewer:
        out["hand"] = [_plain(state, c) for c in ps.hand]
    return out


def _prompt(state: GameState, viewer: int) -> dict[str, Any] | None:
    prompt = state.prompt
    if prompt is None:
        return None
    out: dict[str, Any] = {"player": prompt.player, "kind": prompt.kind, "label": prompt.label}
    if prompt.player == viewer:
        frame = state.pending[0]
        names = {
            c.iid: c
            for ps in state.players
            for z in (ps.hand, ps.deck, ps.field(), ps.trash)
            for c in z
            if c.iid in prompt.options
        }
        out.update(
            min=prompt.min,
            max=prompt.max,
            picked=list(frame.picked),
            options=[_plain(state, names[i]) for i in prompt.options if i in names],
        )
    return out


def _battle(state: GameState, viewer: int) -> dict[str, Any] | None:
    b = state.battle
    if b is None:
        return None
    out: dict[str, Any] = {
        "attacker": b.attacker,
        "target": b.target,
        "step": b.step,
        "blocked": b.blocked,
        "damage_left": b.damage_left,
    }
    if b.revealed is not None:
        deciding = b.step == "trigger"
        out["revealed"] = None if deciding and viewer == state.active else _plain(state, b.revealed)
    return out


def view(state: GameState, player: int) -> dict[str, Any]:
    return {
        "you": player,
        "turn": state.turn,
        "active": state.active,
        "first": state.first,
        "phase": state.phase,
        "waiting_for": state.waiting_for,
        "players": [_player(state, p, player) for p in (0, 1)],
        "battle": _battle(state, player),
        "prompt": _prompt(state, player),
        "pending_effects": [{"card": f.card, "source": f.source, "controller": f.controller} for f in state.pending],
        "result": state.result.model_dump(mode="json") if state.result is not None else None,
    }


# Events whose kind alone tells others something hidden: "life_check" says that a damaged Life card
# has a [Trigger], which only its owner may know unless they activate it (10-1-5). Other players
# do not see them at all; they see the card go to hand (or the [Trigger] activated) instead.
OWNER_ONLY = frozenset({"life_check"})


def redact(events: list[Event], player: int) -> list[dict[str, Any]]:
    """The events as ``player`` sees them: others' private values nulled, owner-only events gone."""
    out = []
    for e in events:
        if e.kind in OWNER_ONLY and e.player != player:
            continue
        d = e.model_dump(mode="json")
        if e.player != player:
            for key in e.private:
                d["data"][key] = None
        out.append(d)
    return out
