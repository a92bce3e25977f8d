"""Moving cards between areas (3-1), the bookkeeping every rule and effect shares.

All functions are pure and append what happened to the ``ev`` list they are given. A card that
leaves the field becomes "a new card" (3-1-6): its instance keeps its ``iid`` (so logs can follow
it) but loses rest state, DON!!, modifiers and [Once Per Turn] marks; its given DON!! go back to
the cost area rested (6-5-5-4).
"""

from __future__ import annotations

from generator.play.engine.state import CardInstance, Event, GameState

FIELD_ZONES = ("leader", "characters", "stage")


def locate(state: GameState, iid: int) -> tuple[int, str] | None:
    """(owner, zone name) of an instance, or None when it is in no area (a revealed [Trigger]
    card, 10-1-5-3, or cards being looked at, 11-3)."""
    for p, ps in enumerate(state.players):
        if ps.leader.iid == iid:
            return p, "leader"
        if ps.stage is not None and ps.stage.iid == iid:
            return p, "stage"
        for zone in ("characters", "hand", "trash", "life", "deck"):
            if any(c.iid == iid for c in getattr(ps, zone)):
                return p, zone
    return None


def on_field(state: GameState, iid: int) -> bool:
    where = locate(state, iid)
    return where is not None and where[1] in FIELD_ZONES


def field_card(state: GameState, p: int, iid: int) -> CardInstance | None:
    for c in state.players[p].field():
        if c.iid == iid:
            return c
    return None


def field_card_of(state: GameState, p: int, iid: int) -> CardInstance:
    """A card the caller knows is on player ``p``'s field (a legal action named it)."""
    card = field_card(state, p, iid)
    if card is None:
        raise LookupError(f"card {iid} is not on player {p}'s field")
    return card


def find_in(cards: tuple[CardInstance, ...], iid: int) -> CardInstance | None:
    return next((c for c in cards if c.iid == iid), None)


def replace_on_field(state: GameState, p: int, card: CardInstance) -> GameState:
    """Put an updated instance back where the instance with the same iid is on p's field."""
    ps = state.players[p]
    if ps.leader.iid == card.iid:
        return state.with_player(p, ps.model_copy(update={"leader": card}))
    if ps.stage is not None and ps.stage.iid == card.iid:
        return state.with_player(p, ps.model_copy(update={"stage": card}))
    chars = tuple(card if c.iid == card.iid else c for c in ps.characters)
    return state.with_player(p, ps.model_copy(update={"characters": chars}))


def fresh(card: CardInstance) -> CardInstance:
    """The same physical card as a new card in a new area (3-1-6)."""
    return CardInstance(iid=card.iid, card=card.card)


def leave_field(state: GameState, p: int, iid: int) -> tuple[GameState, CardInstance]:
    """Take a Character or Stage off p's field; its DON!! return rested (6-5-5-4). The Leader
    never leaves (3-6-3), so asking for it is a programming error."""
    ps = state.players[p]
    if ps.stage is not None and ps.stage.iid == iid:
        card, ps = ps.stage, ps.model_copy(update={"stage": None})
    else:
        found = find_in(ps.characters, iid)
        if found is None:
            raise KeyError(f"instance {iid} is not a Character or Stage of player {p}")
        card = found
        ps = ps.model_copy(update={"characters": tuple(c for c in ps.characters if c.iid != iid)})
    if card.don:
        ps = ps.model_copy(update={"don_rested": ps.don_rested + card.don})
    return state.with_player(p, ps), fresh(card)


def put(state: GameState, p: int, zone: str, card: CardInstance, top: bool = True) -> GameState:
    """Place a card on top (index 0) or at the bottom of one of p's stacked areas or hand."""
    ps = state.players[p]
    cards = getattr(ps, zone)
    cards = (card, *cards) if top else (*cards, card)
    return state.with_player(p, ps.model_copy(update={zone: cards}))


def take(state: GameState, p: int, zone: str, iid: int) -> tuple[GameState, CardInstance]:
    """Remove one card from p's hand, deck, Life or trash."""
    ps = state.players[p]
    cards = getattr(ps, zone)
    card = find_in(cards, iid)
    if card is None:
        raise KeyError(f"instance {iid} is not in player {p}'s {zone}")
    rest = tuple(c for c in cards if c.iid != iid)
    return state.with_player(p, ps.model_copy(update={zone: rest})), card


def draw(state: GameState, p: int, n: int, ev: list[Event]) -> GameState:
    """Draw n cards (4-5), fewer when the deck runs out; the defeat check (9-2-1-2) happens in the
    rule processing that follows every step, not here."""
    ps = state.players[p]
    got, deck = ps.deck[:n], ps.deck[n:]
    if not got:
        return state
    ps = ps.model_copy(update={"deck": deck, "hand": ps.hand + got})
    for c in got:
        ev.append(Event(kind="draw", player=p, data={"iid": c.iid, "card": c.card}, private=("iid", "card")))
    return state.with_player(p, ps)


def trash_from_field(state: GameState, p: int, iid: int, ev: list[Event], kind: str = "trash") -> GameState:
    """Move a Character or Stage from the field to its owner's trash (``kind`` "ko" for a K.O.,
    10-2-1; the caller decides whether [On K.O.] applies)."""
    state, card = leave_field(state, p, iid)
    ev.append(Event(kind=kind, player=p, data={"iid": iid, "card": card.card}))
    return put(state, p, "trash", card)


def set_ps(state: GameState, p: int, **changes: object) -> GameState:
    """Shallow update of player p's fields."""
    return state.with_player(p, state.players[p].model_copy(update=changes))


def rest_card(state: GameState, p: int, card: CardInstance, rested: bool = True) -> GameState:
    return replace_on_field(state, p, card.model_copy(update={"rested": rested}))
