"""What one player may see of a game (3-1-4, 3-1-5): open areas in full, secret areas as counts.

Open to both: Leader, Character and Stage areas, cost areas, trashes, DON!! decks, the battle, and
the number of cards in every area (3-1-4). Secret: the deck (3-2-2, not even its owner sees its
order), the hand (3-4-2, 3-4-3: only its owner), and the face-down Life area (3-10-2: neither
player; a card added face up is open, 3-10-2-1, and shown with its place in Life). The view
is a ``PlayerView`` (``view_model``), the typed shape the game-state contract publishes.

Hidden while someone else decides: a prompt shows its kind, label, bounds and options only to
the player it asks (a "look at" search's options are deck cards; even their number tells how
many matched). A Life card damage took, awaiting its owner's answer (to hand, or its
[Trigger]: the engine asks at every Life card, ``battle._life``), is for everyone else counted in
the owner's hand, and the battle shows the Damage step, as the rules name it (3-10-2, 10-1-5-2).
An effect waiting to resolve is listed only when the card it comes from is in sight.
"""

from __future__ import annotations

from typing import Any

from generator.play.engine.state import CardInstance, Event, GameState, Step
from generator.play.engine.stats import cost, keywords, power
from generator.play.engine.view_model import (
    BattleStep,
    BattleView,
    CardView,
    FaceUpLifeView,
    FieldCardView,
    PendingEffectView,
    PlayerAreaView,
    PlayerView,
    PromptView,
)

# The engine's working steps as the rules' five (7-1): taking Life and the [Trigger] decision
# are both the Damage step (7-1-4).
RULES_STEP: dict[Step, BattleStep] = {
    "attack": "attack",
    "block": "block",
    "counter": "counter",
    "damage": "damage",
    "ko": "damage",
    "life": "damage",
    "trigger": "damage",
    "end": "end",
}


def _field_card(state: GameState, owner: int, c: CardInstance) -> FieldCardView:
    return FieldCardView(
        iid=c.iid,
        card=c.card,
        name=state.cards[c.card].name,
        rested=c.rested,
        don=c.don,
        power=power(state, owner, c),
        cost=cost(state, owner, c),
        keywords=tuple(sorted(keywords(state, owner, c))),
        played_turn=c.played_turn,
    )


def _plain(state: GameState, c: CardInstance) -> CardView:
    return CardView(iid=c.iid, card=c.card, name=state.cards[c.card].name)


def _deciding_trigger(state: GameState) -> int | None:
    """The player deciding what to do with a Life card damage took, if any."""
    b = state.battle
    return 1 - state.active if b is not None and b.step == "trigger" and b.revealed is not None else None


def _player(state: GameState, p: int, viewer: int) -> PlayerAreaView:
    ps = state.players[p]
    in_transit = 1 if _deciding_trigger(state) == p and viewer != p else 0
    own: dict[str, Any] = {"hand": tuple(_plain(state, c) for c in ps.hand)} if p == viewer else {}
    face_up = tuple(
        FaceUpLifeView(iid=c.iid, card=c.card, name=state.cards[c.card].name, position=i)
        for i, c in enumerate(ps.life)
        if c.face_up
    )
    if face_up:  # 3-10-2-1: open to both players
        own["life_face_up"] = face_up
    return PlayerAreaView(
        leader=_field_card(state, p, ps.leader),
        characters=tuple(_field_card(state, p, c) for c in ps.characters),
        stage=_field_card(state, p, ps.stage) if ps.stage is not None else None,
        trash=tuple(_plain(state, c) for c in ps.trash),
        hand_count=len(ps.hand) + in_transit,
        deck_count=len(ps.deck),
        life_count=len(ps.life),
        don_deck=ps.don_deck,
        don_active=ps.don_active,
        don_rested=ps.don_rested,
        **own,
    )


def _prompt(state: GameState, viewer: int) -> PromptView | None:
    prompt = state.prompt
    if prompt is None:
        return None
    if prompt.player != viewer:
        return PromptView(player=prompt.player)
    frame = state.pending[0]
    cards = {
        c.iid: c
        for ps in state.players
        for z in (ps.hand, ps.deck, ps.field(), ps.trash)
        for c in z
        if prompt.kind == "choose" and c.iid in prompt.options  # option prompts index labels
    }
    return PromptView(
        player=prompt.player,
        kind=prompt.kind,
        label=prompt.label,
        min=prompt.min,
        max=prompt.max,
        picked=frame.picked,
        options=tuple(_plain(state, cards[i]) for i in prompt.options if i in cards),
    )


def _battle(state: GameState, viewer: int) -> BattleView | None:
    b = state.battle
    if b is None:
        return None
    shown = {}
    if b.revealed is not None and (_deciding_trigger(state) is None or viewer != state.active):
        shown["revealed"] = _plain(state, b.revealed)
    return BattleView(
        attacker=b.attacker,
        target=b.target,
        step=RULES_STEP[b.step],
        blocked=b.blocked,
        damage_left=b.damage_left,
        **shown,
    )


def _in_sight(state: GameState, viewer: int) -> set[int]:
    """Instance ids the viewer can see: both fields and trashes, their own hand, and a Life card
    whose [Trigger] has been activated (10-1-5-2 reveals it)."""
    seen = {c.iid for ps in state.players for c in (*ps.field(), *ps.trash, *(c for c in ps.life if c.face_up))}
    seen |= {c.iid for c in state.players[viewer].hand}
    b = state.battle
    if b is not None and b.revealed is not None and (_deciding_trigger(state) is None or viewer != state.active):
        seen.add(b.revealed.iid)
    return seen


def player_view(state: GameState, player: int) -> PlayerView:
    seen = _in_sight(state, player)
    return PlayerView(
        you=player,
        turn=state.turn,
        active=state.active,
        first=state.first,
        phase=state.phase,
        waiting_for=state.waiting_for,
        players=(_player(state, 0, player), _player(state, 1, player)),
        battle=_battle(state, player),
        prompt=_prompt(state, player),
        pending_effects=tuple(
            PendingEffectView(card=f.card, source=f.source, controller=f.controller)
            for f in state.pending
            if f.source in seen
        ),
        result=state.result,
    )


def view(state: GameState, player: int) -> dict[str, Any]:
    """``player_view`` as JSON: members a player may not see are absent, not null."""
    return player_view(state, player).model_dump(mode="json", exclude_unset=True)


# Events whose kind alone tells others something hidden: "life_check" says that a damaged Life
# card has a [Trigger], which only its owner may know unless they activate it (10-1-5); "chosen"
# exists only when an effect had something to choose from, which for a search of the deck or
# hand says what is there. Other players do not see them at all; they see what the choice did.
OWNER_ONLY = frozenset({"life_check", "chosen"})


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
