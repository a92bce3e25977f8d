"""Compiled actions added for the wider card pool, one function per ``kind`` (the handler protocol
is ``handler``'s): revealing the top card of the deck or Life and acting on "the revealed
card" (11-2), shuffling, and the End-Phase delay of "at the end of this turn" (handled by the
interpreter with ``delay``).

"The revealed card" / "that card" is ``Frame.memo``: the effect remembers the cards it revealed
for its later sentences. Revealed cards stay where they are until a later action moves them; a
card revealed from the deck that nothing moves stays on top (11-2-2).
"""

from __future__ import annotations

from generator.play.effects.model import (
    CardsToLife,
    FieldToLife,
    GiveOpponentDon,
    LifeScry,
    LifeToDeckTop,
    OpponentMoves,
    OrderLife,
    PlaceRevealed,
    PlayThisFromTrash,
    Rest,
    RestOpponentCards,
    RevealTop,
    Select,
    Shuffle,
    TakeRevealed,
    Target,
    TurnAllLife,
)
from generator.play.engine import choices, effect_primitives, replacement, rng
from generator.play.engine.field_actions import FIELD_ACTIONS, hold_targets, offer_first, pick_targets, removable
from generator.play.engine.handler import Handler, Result, entry
from generator.play.engine.play_moves import playable
from generator.play.engine.state import MAX_CHARACTERS, CardInstance, Event, Frame, GameState
from generator.play.engine.stats import has_status, matches
from generator.play.engine.zones import (
    find_in,
    leave_field,
    locate,
    put,
    replace_on_field,
    set_ps,
    take,
    trash_from_field,
)


def _revealed(state: GameState, frame: Frame) -> list[tuple[str, CardInstance]]:
    """(zone, card) of the remembered cards still in the controller's deck, Life, hand or trash."""
    p, out = frame.controller, []
    for iid in frame.memo:
        where = locate(state, iid)
        if where is not None and where[0] == p and where[1] in ("deck", "life", "hand", "trash"):
            card = find_in(getattr(state.players[p], where[1]), iid)
            if card is not None:
                out.append((where[1], card))
    return out


def reveal_top(state: GameState, frame: Frame, node: RevealTop, ev: list[Event]) -> Result:
    p = frame.controller
    cards = getattr(state.players[p], node.source)[: node.n]
    for c in cards:
        ev.append(Event(kind="reveal", player=p, data={"iid": c.iid, "card": c.card, "from": node.source}))
    return state, frame.model_copy(update={"memo": tuple(c.iid for c in cards)}), None  # "the revealed card"


def _play_one(state: GameState, frame: Frame, zone: str, card: CardInstance, rested: bool, ev: list[Event]) -> Result:
    """Play one card from ``zone``, trashing a Character first when the area is full (3-7-6-1)."""
    p = frame.controller
    chars = state.players[p].characters
    if state.cards[card.card].category == "Character" and len(chars) >= MAX_CHARACTERS:
        label = f"trash 1 of your Characters to make room for {state.cards[card.card].name}"
        picked, prompt = effect_primitives.choose(frame, p, [c.iid for c in chars], 1, False, label)
        if prompt is not None:
            return state, frame, prompt
        assert picked, "a full Character area has a Character to trash"
        state, frame = trash_from_field(state, p, picked[0], ev), choices.answered(frame)
    state, taken = take(state, p, zone, card.iid)
    if zone == "life":
        taken = taken.model_copy(update={"face_up": False})
    return effect_primitives.enter_field(state, p, taken, ev, rested=rested), frame, None


def take_revealed(state: GameState, frame: Frame, node: TakeRevealed, ev: list[Event]) -> Result:
    """Play or add to hand up to ``count`` of the revealed cards that match (the player picks
    which when more match than may be taken)."""
    p = frame.controller
    if not frame.held:
        pool = [
            c.iid
            for _, c in _revealed(state, frame)
            if matches(state, p, c, node.filter, on_field=False) and (node.to == "hand" or playable(state, p, c))
        ]
        picked, prompt = effect_primitives.choose(frame, p, pool, node.count, node.up_to, node.to)
        if prompt is not None:
            return state, frame, prompt
        if not picked:
            return state, frame, None
        frame = frame.model_copy(update={"held": tuple(picked), "picked": (), "chosen": False})
    for zone, card in _revealed(state, frame):
        if card.iid not in frame.held:
            continue
        if node.to == "hand":
            state, card = take(state, p, zone, card.iid)
            ev.append(Event(kind="reveal_to_hand", player=p, data={"iid": card.iid, "card": card.card}))
            state = put(state, p, "hand", card.model_copy(update={"face_up": False}), top=False)
            continue
        state, frame, prompt = _play_one(state, frame, zone, card, node.rested, ev)
        if prompt is not None:
            return state, frame, prompt
    return state, frame, None


def place_revealed(state: GameState, frame: Frame, node: PlaceRevealed, ev: list[Event]) -> Result:
    """The revealed cards still in the deck go to its top or bottom (the player's pick when the
    text says "top or bottom"; default the bottom)."""
    p = frame.controller
    left = [c for zone, c in _revealed(state, frame) if zone == "deck"]
    if not left:
        return state, frame, None
    top = node.position == "top"
    if node.position == "top_or_bottom":
        answer, prompt = choices.top_or_bottom(frame, p, "place the revealed card at the top or bottom?", False)
        if prompt is not None:
            return state, frame, prompt
        top = bool(answer)
    for card in left:
        state, card = take(state, p, "deck", card.iid)
        state = put(state, p, "deck", card, top=top)
    ev.append(Event(kind="place_revealed", player=p, data={"count": len(left), "position": "top" if top else "bottom"}))
    return state, frame, None


def shuffle(state: GameState, frame: Frame, node: Shuffle, ev: list[Event]) -> Result:
    p = frame.controller
    deck, seed = rng.shuffle(state.players[p].deck, state.rng)
    ev.append(Event(kind="shuffle", player=p))
    return set_ps(state, p, deck=deck).model_copy(update={"rng": seed}), frame, None


def field_to_life(state: GameState, frame: Frame, node: FieldToLife, ev: list[Event]) -> Result:
    """Characters leave the field for the top (or, as the player picks, the bottom) of their
    owner's Life, face-up or face-down. A removal by an effect: protections and replacement
    effects apply (``field_actions``)."""
    p = frame.controller
    held, prompt = hold_targets(state, frame, node.target, "add to Life")
    if held is None or prompt is not None:
        return state, frame, prompt
    frame = held
    top = True
    if node.position == "top_or_bottom":
        answer, prompt = choices.top_or_bottom(frame, p, "add it to the top or bottom of the Life cards?", True)
        if prompt is not None:
            return state, frame, prompt
        top = bool(answer)
    state, spared, asked = offer_first(state, frame, frame.held, "removed")
    if asked:
        return state, frame, replacement.OFFERED
    for owner, c in removable(state, frame, frame.held):
        if c.iid in spared:
            continue
        state, card = leave_field(state, owner, c.iid)
        data = {"iid": card.iid, "card": card.card, "face_up": node.face_up, "top": top}
        ev.append(Event(kind="field_to_life", player=owner, data=data))
        state = put(state, owner, "life", card.model_copy(update={"face_up": node.face_up}), top=top)
    return state, frame, None


def cards_to_life(state: GameState, frame: Frame, node: CardsToLife, ev: list[Event]) -> Result:
    p = frame.controller
    zones = ("hand", "trash") if node.zone == "hand_or_trash" else (node.zone,)
    pool = [c.iid for z in zones for c in getattr(state.players[p], z) if matches(state, p, c, node.filter, False)]
    picked, prompt = effect_primitives.choose(frame, p, pool, node.count, True, "add to the top of your Life")
    if prompt is not None:
        return state, frame, prompt
    for iid in picked or ():
        where = locate(state, iid)
        if where is None:
            continue
        state, card = take(state, p, where[1], iid)
        data = {"iid": iid, "card": card.card, "from": where[1], "face_up": node.face_up}
        private = () if node.face_up or where[1] == "trash" else ("iid", "card")
        ev.append(Event(kind="add_life", player=p, data=data, private=private))
        state = put(state, p, "life", card.model_copy(update={"face_up": node.face_up}))
    return state, frame, None


def turn_all_life(state: GameState, frame: Frame, node: TurnAllLife, ev: list[Event]) -> Result:
    p = frame.controller
    life = tuple(c.model_copy(update={"face_up": node.face_up}) for c in state.players[p].life)
    ev.append(Event(kind="turn_life", player=p, data={"count": len(life), "face_up": node.face_up}))
    return set_ps(state, p, life=life), frame, None


def life_scry(state: GameState, frame: Frame, node: LifeScry, ev: list[Event]) -> Result:
    """Look at the top Life card of a player the controller picks (or none: "up to 1"), then put
    it back at the top or bottom of that player's Life. ``held`` keeps the first answer."""
    p = frame.controller
    if not frame.held:
        options = ["your Life", "your opponent's Life", "neither"]
        answer, prompt = choices.ask_option(frame, p, options, "look at the top Life card of")
        if prompt is not None:
            return state, frame, prompt
        if answer == 2:
            return state, frame, None
        whose = p if answer == 0 else 1 - p
        if not state.players[whose].life:
            return state, frame, None
        frame = choices.answered(frame).model_copy(update={"held": (whose,)})
        top_card = state.players[whose].life[0]
        ev.append(Event(kind="look_life", player=p, data={"whose": whose, "card": top_card.card}, private=("card",)))
    whose = frame.held[0]
    answer, prompt = choices.top_or_bottom(frame, p, "place it at the top or bottom of the Life cards?", True)
    if prompt is not None:
        return state, frame, prompt
    life = state.players[whose].life
    if not answer and len(life) > 1:
        state = set_ps(state, whose, life=(*life[1:], life[0]))
    return state, frame, None


def order_life(state: GameState, frame: Frame, node: OrderLife, ev: list[Event]) -> Result:
    """Look at a player's Life cards and put them back in the order the controller picks
    (3-10-3: each keeps its face). ``held`` lists the cards placed so far, top first."""
    p = frame.controller
    whose = p if node.whose == "you" else 1 - p
    life = state.players[whose].life
    while len(frame.held) < len(life):
        left = [c for c in life if c.iid not in frame.held]
        names = [state.cards[c.card].name for c in left]
        answer, prompt = choices.order_of(frame, p, names, "place your Life cards back, top first: which next?")
        if prompt is not None:
            return state, frame, prompt
        frame = choices.answered(frame).model_copy(update={"held": frame.held + (left[answer or 0].iid,)})
    order = {iid: i for i, iid in enumerate(frame.held)}
    ev.append(Event(kind="order_life", player=p, data={"whose": whose, "count": len(life)}))
    return set_ps(state, whose, life=tuple(sorted(life, key=lambda c: order[c.iid]))), frame, None


def play_this_from_trash(state: GameState, frame: Frame, node: PlayThisFromTrash, ev: list[Event]) -> Result:
    p = frame.controller
    card = find_in(state.players[p].trash, frame.source)
    if card is None or not playable(state, p, card):
        return state, frame, None
    return _play_one(state, frame, "trash", card, node.rested, ev)


def select(state: GameState, frame: Frame, node: Select, ev: list[Event]) -> Result:
    picked, prompt = pick_targets(state, frame, node.target, "select")
    if prompt is not None:
        return state, frame, prompt
    ev.append(Event(kind="select", player=frame.controller, data={"targets": list(picked or ())}))
    return state, frame.model_copy(update={"memo": tuple(picked or ())}), None


def opponent_moves(state: GameState, frame: Frame, node: OpponentMoves, ev: list[Event]) -> Result:
    """The opponent picks N of their cards (from the trash, or their Characters) and moves them.
    Characters leave the field by this effect: protections and replacements apply."""
    q = 1 - frame.controller
    ps = state.players[q]
    cards = ps.trash if node.source == "trash" else ps.characters
    pool = [c.iid for c in cards if matches(state, q, c, node.filter, node.source == "characters")]
    picked, prompt = effect_primitives.choose(frame, q, pool, node.n, False, f"your opponent's effect: pick {node.n}")
    if prompt is not None:
        return state, frame, prompt
    if node.source == "trash":
        for iid in picked or ():
            state, card = take(state, q, "trash", iid)
            ev.append(Event(kind="trash_to_deck", player=q, data={"iid": iid, "card": card.card}))
            state = put(state, q, "deck", card, top=False)
        return state, frame, None
    state, spared, asked = offer_first(state, frame, tuple(picked or ()), "removed")
    if asked:
        return state, frame, replacement.OFFERED
    for owner, c in removable(state, frame, tuple(picked or ())):
        if c.iid in spared:
            continue
        state, card = leave_field(state, owner, c.iid)
        kind = "return_to_hand" if node.to == "hand" else "return_to_deck"
        ev.append(Event(kind=kind, player=owner, data={"iid": c.iid, "card": c.card}))
        state = put(state, owner, "hand" if node.to == "hand" else "deck", card, top=False)
    return state, frame, None


def rest_opponent_cards(state: GameState, frame: Frame, node: RestOpponentCards, ev: list[Event]) -> Result:
    """The controller picks up to N of the opponent's active cards to rest: Characters matching
    the filter, the Leader and Stage (``others``), and cost-area DON!! (negative ids -1, -2...,
    as in ``extra_costs``). A card that "cannot be rested" is not offered."""
    q = 1 - frame.controller
    ps = state.players[q]
    others = ((ps.leader,) + ((ps.stage,) if ps.stage else ())) if node.others else ()
    chars = [c for c in ps.characters if matches(state, q, c, node.characters, True)]
    pool = [c.iid for c in (*others, *chars) if not c.rested and not has_status(state, q, c, "cannot_be_rested")]
    pool += [-(i + 1) for i in range(ps.don_active)] if node.don else []
    picked, prompt = effect_primitives.choose(frame, frame.controller, pool, node.n, True, "rest")
    if prompt is not None:
        return state, frame, prompt
    picked = picked or ()
    dons = sum(1 for i in picked if i < 0)
    state = set_ps(state, q, don_active=ps.don_active - dons, don_rested=ps.don_rested + dons)
    cards = tuple(i for i in picked if i > 0)
    if cards:  # resting cards goes through the usual handler: replacements, events
        rest = Rest(target=Target(who="opponent_leader_or_character", count=len(cards)))
        chosen = frame.model_copy(update={"picked": cards, "chosen": True})
        state, _, _ = FIELD_ACTIONS["rest"](state, chosen, rest, ev)
        stage = state.players[q].stage
        if stage is not None and stage.iid in cards and not stage.rested:
            state = set_ps(state, q, stage=stage.model_copy(update={"rested": True}))
    if dons:
        ev.append(Event(kind="rest_don", player=q, data={"count": dons}))
    return state, frame, None


def life_to_deck_top(state: GameState, frame: Frame, node: LifeToDeckTop, ev: list[Event]) -> Result:
    """The player looks at all their Life cards and puts N of them on top of the deck."""
    p = frame.controller
    pool = [c.iid for c in state.players[p].life]
    picked, prompt = effect_primitives.choose(frame, p, pool, node.n, False, "place at the top of your deck")
    if prompt is not None:
        return state, frame, prompt
    for iid in picked or ():
        state, card = take(state, p, "life", iid)
        ev.append(Event(kind="life_to_deck", player=p, data={"iid": iid, "card": card.card}, private=("iid", "card")))
        state = put(state, p, "deck", card.model_copy(update={"face_up": False}))
    return state, choices.answered(frame), None


def _don_splits(active: int, rested: int, node: GiveOpponentDon) -> list[tuple[int, int]]:
    """Every (active, rested) count of opponent DON!! an "up to N" may give (4-8-1: 0 included),
    the most active first: the default, which takes the most from the opponent's next turn."""
    most = node.n
    return [
        (a, t - a)
        for t in range(most, -1, -1)
        for a in range(min(t, 0 if node.rested_only else active), -1, -1)
        if t - a <= rested
    ]


def give_opponent_don(state: GameState, frame: Frame, node: GiveOpponentDon, ev: list[Event]) -> Result:
    """DON!! of the opponent's cost area given to their Leader or one of their Characters (6-5-5-1
    by an effect): the effect's controller picks the card, then how many ("up to N") and, from
    "the cost area", how many of them active and how many rested (``choices``)."""
    q = 1 - frame.controller
    held, prompt = hold_targets(state, frame, node.target, "give DON!!")
    if held is None or prompt is not None:
        return state, frame, prompt
    frame, ps = held, state.players[q]
    card = next((c for c in (ps.leader, *ps.characters) if c.iid == frame.held[0]), None)
    splits = _don_splits(ps.don_active, ps.don_rested, node)
    if card is None or splits[0] == (0, 0):
        return state, frame, None
    labels = [f"{a} active and {r} rested" for a, r in splits]
    label = f"give your opponent's DON!! to {state.cards[card.card].name}"
    index, prompt = choices.ask_option(frame, frame.controller, labels, label)
    if prompt is not None and len(splits) > 1:
        return state, frame, prompt
    active, rested = splits[index or 0]
    if active + rested:
        state = set_ps(state, q, don_active=ps.don_active - active, don_rested=ps.don_rested - rested)
        state = replace_on_field(state, q, card.model_copy(update={"don": card.don + active + rested}))
        data = {"target": card.iid, "count": active + rested, "by": frame.controller}
        ev.append(Event(kind="give_don", player=q, data=data))
    return state, frame, None


EFFECT_ACTIONS: dict[str, Handler] = dict(
    [
        entry(GiveOpponentDon, give_opponent_don),
        entry(LifeToDeckTop, life_to_deck_top),
        entry(RestOpponentCards, rest_opponent_cards),
        entry(OpponentMoves, opponent_moves),
        entry(FieldToLife, field_to_life),
        entry(CardsToLife, cards_to_life),
        entry(TurnAllLife, turn_all_life),
        entry(LifeScry, life_scry),
        entry(OrderLife, order_life),
        entry(PlayThisFromTrash, play_this_from_trash),
        entry(Select, select),
        entry(RevealTop, reveal_top),
        entry(TakeRevealed, take_revealed),
        entry(PlaceRevealed, place_revealed),
        entry(Shuffle, shuffle),
    ]
)
