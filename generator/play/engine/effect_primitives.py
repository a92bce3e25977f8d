"""Effect primitives shared by the rules and the effect interpreter: activating auto effects into
the queue (8-1-3-1, 8-6), K.O. (10-2-1), a card entering the field, choices, durations.

Auto effects activate when their timing happens, if their conditions hold then (8-4-1-1), and
resolve in the order queued: the turn player's first (8-6-1), and effects activated while
another resolves come after it (8-6-1-1, 8-6-3). A [Once Per Turn] effect already used this
turn does not activate (10-2-13).
"""

from __future__ import annotations

from collections.abc import Iterable

from generator.play.effects.model import Effect
from generator.play.engine.state import CardInstance, Event, Frame, GameState, Mod, ModStat, Prompt
from generator.play.engine.stats import effect_live, has_status
from generator.play.engine.zones import put, set_ps, trash_from_field


def effect_of(state: GameState, frame: Frame) -> Effect:
    comp = state.compiled[frame.card]
    if frame.effect == -1:
        assert comp.trigger is not None
        return comp.trigger
    return comp.effects[frame.effect]


def frames_for(state: GameState, timing: str, controller: int, sources: Iterable[CardInstance | None]) -> list[Frame]:
    out = []
    for src in sources:
        if src is None:
            continue
        comp = state.compiled[src.card]
        if timing == "trigger":
            found = [(-1, comp.trigger)] if comp.trigger is not None else []
        else:
            found = [(i, e) for i, e in enumerate(comp.effects) if e.timing == timing]
        for i, eff in found:
            if (eff.once_per_turn and i in src.once) or not effect_live(state, controller, src, eff):
                continue
            out.append(Frame(source=src.iid, controller=controller, card=src.card, effect=i))
    return out


def queue(state: GameState, timing: str, controller: int, sources: Iterable[CardInstance | None]) -> GameState:
    """Activate the ``timing`` effects of ``sources`` (controlled by ``controller``). They
    activate together: ``together`` lets their controller order them (``choices.order_together``)."""
    frames = frames_for(state, timing, controller, sources)
    if not frames:
        return state
    frames = [frames[0], *(f.model_copy(update={"together": True}) for f in frames[1:])]
    return state.model_copy(update={"pending": state.pending + tuple(frames)})


def queue_delayed(state: GameState) -> GameState:
    """6-6-1-2: after the End Phase's [End of ...] effects, the parts of this turn's effects
    that wait "until the end of this turn" resolve, the turn player's first."""
    if not state.delayed:
        return state
    later = sorted(state.delayed, key=lambda f: f.controller != state.active)
    return state.model_copy(update={"pending": state.pending + tuple(later), "delayed": ()})


def ko(state: GameState, owner: int, iid: int, ev: list[Event]) -> GameState:
    """K.O. a Character or Stage (10-2-1-2), once the owner's replacement effects had their
    chance (the caller asks them first: ``replacement.before``). Its [On K.O.] conditions are
    checked on the field, then it is trashed and the effect resolves from the trash (10-2-17-1)."""
    stage = state.players[owner].stage
    if stage is not None and stage.iid == iid:  # "K.O. up to 1 of your opponent's Stages"
        return trash_from_field(state, owner, iid, ev, kind="ko")
    card = next(c for c in state.players[owner].characters if c.iid == iid)
    frames = frames_for(state, "on_ko", owner, (card,))
    state = trash_from_field(state, owner, iid, ev, kind="ko")
    return state.model_copy(update={"pending": state.pending + tuple(frames)}) if frames else state


def player_rule(state: GameState, p: int, status: str) -> bool:
    """A rule an effect put on player p for a while ("you cannot draw cards using your own effects
    during this turn"): a status their Leader carries (``model_actions.Status``)."""
    return has_status(state, p, state.players[p].leader, status)


PLAY_BAN = "no_play_characters"  # the Leader modifier's tag; its amount is the least base cost covered


def play_banned(state: GameState, p: int, card: str) -> bool:
    """ "You cannot play Character cards [with a base cost of N or more] during this turn": a rule
    on player p (``model_actions_rules.PlayBan``), kept on their Leader as a ``PLAY_BAN``
    modifier whose amount is the least base cost it covers; it stops every way of playing such a
    card, from hand by paying its cost or by an effect (3-7-3)."""
    printed = state.cards[card]
    if printed.category != "Character":
        return False
    return any(
        m.stat == "status" and m.tag == PLAY_BAN and (printed.cost or 0) >= m.amount
        for m in state.players[p].leader.mods
    )


def _played_rested(state: GameState, p: int) -> bool:
    return any(
        eff.timing == "static"
        and any(a.kind == "played_rested" for a in eff.actions)
        and effect_live(state, p, src, eff)
        for src in state.players[p].field()
        for eff in state.compiled[src.card].effects
    )


def enter_field(state: GameState, p: int, card: CardInstance, ev: list[Event], rested: bool = False) -> GameState:
    """Play a Character or Stage (3-7-3, 3-8-3): set active unless told otherwise (3-7-5, 3-8-4),
    remember the turn for 3-7-4, replace an old Stage (3-8-5-1), and activate [On Play]
    (10-2-6). The caller has made room for a 6th Character (3-7-6-1). A permanent "your Character
    cards are played rested" of the player's cards rests a Character however it is played."""
    character = state.cards[card.card].category == "Character"
    rested = rested or (character and _played_rested(state, p))
    placed = CardInstance(iid=card.iid, card=card.card, rested=rested, played_turn=state.turn)
    ps = state.players[p]
    if state.cards[card.card].category == "Stage":
        if ps.stage is not None:
            state = trash_from_field(state, p, ps.stage.iid, ev)
        state = set_ps(state, p, stage=placed)
    else:
        state = set_ps(state, p, characters=ps.characters + (placed,))
    ev.append(Event(kind="play", player=p, data={"iid": card.iid, "card": card.card}))
    return queue(state, "on_play", p, (placed,))


def activate_event(state: GameState, p: int, card: CardInstance, timing: str, ev: list[Event]) -> GameState:
    """Use an Event from hand (8-4-2): it goes to the trash, then its effect resolves."""
    ev.append(Event(kind="event", player=p, data={"iid": card.iid, "card": card.card}))
    state = put(state, p, "trash", CardInstance(iid=card.iid, card=card.card))
    return queue(state, timing, p, (card,))


def choose(
    frame: Frame, player: int, pool: list[int], count: int | None, up_to: bool, label: str
) -> tuple[tuple[int, ...] | None, Prompt | None]:
    """The cards an effect step acts on: all of ``pool`` for ``count=None``, the forced pick
    when there is no real choice, else a prompt (4-8, 8-4-4-1). Returns (picked, None) or
    (None, prompt); once the prompt is answered the frame carries the final pick."""
    if frame.chosen:
        return frame.picked, None
    if count is None or not pool:
        return tuple(pool), None
    if not up_to and len(pool) <= count:
        return tuple(pool), None
    low = 0 if up_to else count
    return None, Prompt(
        player=player, kind="choose", options=tuple(pool), min=low, max=min(count, len(pool)), label=label
    )


def duration_mod(
    state: GameState, controller: int, stat: ModStat, amount: int, duration: str, tag: str | None = None
) -> Mod:
    """A modifier for a duration (8-1-4-2): "during this battle" (7-1-5-3), "during this turn"
    (6-6-1-3), until the end of a later turn, until the start of the controller's next turn
    (6-2-1: nothing happens between the end of the turn before and that Refresh Phase, so it
    ends with the turn before), or while the card stays on the field ("continuous")."""
    if duration == "this_battle" and state.battle is not None:
        return Mod(stat=stat, amount=amount, tag=tag, battle=True)
    if duration == "continuous":
        return Mod(stat=stat, amount=amount, tag=tag)
    mine = state.active == controller
    until = state.turn + {
        "until_end_of_opponents_next_turn": 1 if mine else 2,
        "until_end_of_your_next_turn": 2 if mine else 1,
        "until_start_of_your_next_turn": 1 if mine else 0,
    }.get(duration, 0)
    return Mod(stat=stat, amount=amount, tag=tag, until_turn=until)


def ask(frame: Frame, player: int, label: str) -> tuple[bool | None, Prompt | None]:
    """A yes/no inside an effect ("draw up to", "you may"): (answer, None) once answered."""
    if frame.chosen:
        return bool(frame.picked), None
    return None, Prompt(player=player, kind="yes_no", label=label)
