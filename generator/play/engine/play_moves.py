"""Effects that play cards or look at the deck: "play up to N", "play this card", "look at the
top N" (11-3), with the choices the rules give the player.

Room for a Character (3-7-6-1) is made for each Character an effect plays into a full area, so
"play up to 2" into four Characters asks which to trash before the second. The cards "look at"
leaves go where the text says, "in any order" meaning the owner's order (3-1-7), at the top or
bottom as the player picks when the text offers both. Defaults (``choices``): the order the
cards were in, the bottom.
"""

from __future__ import annotations

from generator.play.effects.model import LookTop, PlayFrom, PlayThisCard
from generator.play.engine import choices, effect_primitives
from generator.play.engine.handler import Handler, Result, entry
from generator.play.engine.state import MAX_CHARACTERS, CardInstance, Event, Frame, GameState
from generator.play.engine.stats import matches
from generator.play.engine.zones import find_in, locate, put, take, trash_from_field

# ``Frame.held`` of a "look at" whose looked-at cards are taken care of: (_PLACING, end, *order)
# where end is _TOP or _BOTTOM once known and order the rest as the player ranked them.
_PLACING, _TOP, _BOTTOM = -1, -2, -3


def playable(state: GameState, p: int, card: CardInstance) -> bool:
    """Effects play Characters and Stages; a full Character area is made room in (3-7-6-1). A
    player under "you cannot play Character cards" plays none (``effect_primitives.play_banned``)."""
    return state.cards[card.card].category in ("Character", "Stage") and not effect_primitives.play_banned(
        state, p, card.card
    )


def waiting_card(state: GameState, p: int, iid: int) -> tuple[str | None, CardInstance | None]:
    """(zone, card) of a card an effect is about to play: hand, trash, deck, or the revealed
    [Trigger] card (zone None, 10-1-5-3); (None, None) once it is elsewhere (played)."""
    b = state.battle
    if b is not None and b.revealed is not None and b.revealed.iid == iid:
        return None, b.revealed
    where = locate(state, iid)
    if where is None or where[0] != p or where[1] not in ("hand", "trash", "deck"):
        return None, None
    return where[1], find_in(getattr(state.players[p], where[1]), iid)


def hold(frame: Frame, picked: tuple[int, ...]) -> Frame:
    return frame.model_copy(update={"held": picked, "picked": (), "chosen": False})


def play_held(state: GameState, frame: Frame, rested: bool, ev: list[Event]) -> Result:
    """Play the held cards in order. Before each Character that finds the Character area full,
    the player trashes one of theirs (3-7-6-1; rule processing, not a K.O., 3-7-6-1-1). A card
    already played is no longer waiting, so asking again resumes with the next one."""
    p = frame.controller
    for iid in frame.held:
        zone, card = waiting_card(state, p, iid)
        if card is None:
            continue
        chars = state.players[p].characters
        if state.cards[card.card].category == "Character" and len(chars) >= MAX_CHARACTERS:
            label = f"trash 1 of your Characters to make room for {state.cards[card.card].name}"
            picked, prompt = effect_primitives.choose(frame, p, [c.iid for c in chars], 1, False, label)
            if prompt is not None:
                return state, frame, prompt
            assert picked, "a full Character area has a Character to trash"
            state, frame = trash_from_field(state, p, picked[0], ev), choices.answered(frame)
        if zone is None:
            assert state.battle is not None, "a card waiting outside a zone is the revealed Life card"
            state = state.model_copy(update={"battle": state.battle.model_copy(update={"revealed": None})})
        else:
            state, card = take(state, p, zone, iid)
        state = effect_primitives.enter_field(state, p, card, ev, rested=rested)
    return state, frame, None


def _take_looked(state: GameState, frame: Frame, node: LookTop, ev: list[Event]) -> Result:
    """Reveal up to ``take`` matches among the looked-at cards (11-2-1) and add them to hand or
    play them. The cards stay in the deck while the player chooses (11-3-2)."""
    p = frame.controller
    if not frame.held and not frame.chosen:
        top = state.players[p].deck[: node.n]
        frame = frame.model_copy(update={"looked": tuple(c.iid for c in top)})
        pool = [
            c.iid
            for c in top
            if node.take > 0
            and matches(state, p, c, node.filter, on_field=False)
            and (node.to == "hand" or playable(state, p, c))
        ]
        picked, prompt = effect_primitives.choose(
            frame, p, pool, node.take, True, "add to hand" if node.to == "hand" else "play"
        )
        if prompt is not None:
            return state, frame, prompt
        frame = hold(frame, picked or ())
    elif not frame.held:
        frame = hold(frame, frame.picked)
    if node.to == "play":
        return play_held(state, frame, node.rested, ev)
    for iid in frame.held:
        state, card = take(state, p, "deck", iid)
        ev.append(Event(kind="reveal_to_hand", player=p, data={"iid": iid, "card": card.card}))
        state = put(state, p, "hand", card)
    return state, frame, None


def _place_rest(state: GameState, frame: Frame, node: LookTop, ev: list[Event]) -> Result:
    """The looked-at cards left in the deck go to the trash, or to the top or bottom of the deck
    in the order the player gives them, top-most first (3-1-7)."""
    p = frame.controller
    ranked = frame.held[2:]
    rest = [i for i in frame.looked if locate(state, i) == (p, "deck") and i not in ranked]
    if node.rest_to == "trash":
        for iid in rest:
            state, card = take(state, p, "deck", iid)
            state = put(state, p, "trash", card)
        return state, frame, None
    if len(frame.held) == 1:
        top: bool | None = node.rest_to == "top"
        if node.rest_to == "top_or_bottom" and rest:
            top, prompt = choices.top_or_bottom(frame, p, "place the rest at the top or bottom of your deck?", False)
            if prompt is not None:
                return state, frame, prompt
            frame = choices.answered(frame)
        frame = frame.model_copy(update={"held": (_PLACING, _TOP if top else _BOTTOM)})
    end = "top" if frame.held[1] == _TOP else "bottom"
    while len(rest) >= 2:
        deck = {c.iid: c.card for c in state.players[p].deck}
        names = [state.cards[deck[i]].name for i in rest]
        k, prompt = choices.order_of(frame, p, names, f"place the rest at the {end} of your deck, top-most first")
        if prompt is not None:
            return state, frame, prompt
        frame = choices.answered(frame).model_copy(update={"held": frame.held + (rest.pop(k or 0),)})
    cards = []
    for iid in [*frame.held[2:], *rest]:
        state, card = take(state, p, "deck", iid)
        cards.append(card)
    for card in reversed(cards) if end == "top" else cards:
        state = put(state, p, "deck", card, top=end == "top")
    return state, frame, None


def look_top(state: GameState, frame: Frame, node: LookTop, ev: list[Event]) -> Result:
    """Look at the top N (11-3), take what the text allows, then place the rest."""
    if not frame.held or frame.held[0] != _PLACING:
        state, frame, prompt = _take_looked(state, frame, node, ev)
        if prompt is not None:
            return state, frame, prompt
        ev.append(Event(kind="look_top", player=frame.controller, data={"count": len(frame.looked)}))
        frame = frame.model_copy(update={"held": (_PLACING,), "picked": (), "chosen": False})
    return _place_rest(state, frame, node, ev)


def play_from(state: GameState, frame: Frame, node: PlayFrom, ev: list[Event]) -> Result:
    """Play matching cards from hand and/or trash without paying their cost."""
    p = frame.controller
    if not frame.held:
        zones = ("hand", "trash") if node.zone == "hand_or_trash" else (node.zone,)
        pool = [
            c.iid
            for z in zones
            for c in getattr(state.players[p], z)
            if matches(state, p, c, node.filter, on_field=False) and playable(state, p, c)
        ]
        picked, prompt = effect_primitives.choose(frame, p, pool, node.count, True, "play")
        if prompt is not None or not picked:
            return state, frame, prompt
        frame = hold(frame, picked)
    return play_held(state, frame, node.rested, ev)


def play_this(state: GameState, frame: Frame, node: PlayThisCard, ev: list[Event]) -> Result:
    if not frame.held:
        zone, card = waiting_card(state, frame.controller, frame.source)
        if card is None or zone == "deck" or not playable(state, frame.controller, card):
            return state, frame, None
        frame = hold(frame, (frame.source,))
    return play_held(state, frame, False, ev)


PLAY_ACTIONS: dict[str, Handler] = dict(
    [entry(LookTop, look_top), entry(PlayFrom, play_from), entry(PlayThisCard, play_this)]
)
