"""Battle (7-1): Attack, Block, Counter, Damage and End of Battle steps.

The spec's play section names four combat steps and a "strict-greater rule"; the Comprehensive
Rules have five steps (7-1-1 to 7-1-5) and the attacker wins ties (7-1-4-1: the defender needs
strictly more power). This module follows the rules.

The battle is a small state machine in ``GameState.battle``: player decisions (block, counter,
[Trigger]) are actions, and ``progress`` runs every step that needs no decision. A step that
offers a decision is skipped when the defender has nothing legal to do but decline (no Blocker
that may block, no Counter card or affordable [Counter] Event), which changes nothing the rules
care about and saves a move.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.play.engine import effect_primitives, hand_costs, replacement
from generator.play.engine.life_moves import HAND_MOVE_PRIVATE, face_down
from generator.play.engine.phases import check_defeat
from generator.play.engine.rule_actions import BLOCK_BAN_AT_LEAST, BLOCK_BAN_AT_MOST
from generator.play.engine.state import AttackPreview, Battle, CardInstance, Event, GameState, Mod, Outcome, Step
from generator.play.engine.stats import battle_shielded, card_of, effect_live, has_status, keywords, names_of, power
from generator.play.engine.zones import field_card, on_field, put, replace_on_field, rest_card, set_ps, take

COUNTER_MARK = "[Counter]"


def can_attack(state: GameState, p: int, card: CardInstance) -> bool:
    """7-1-1-1 and 6-5-6-1: an active Leader or Character, not on either player's first turn, and
    a Character not on the turn it was played (3-7-4) unless it has [Rush] or [Rush: Character];
    never one that an effect says cannot attack."""
    if state.turn <= 2 or card.rested or state.battle is not None:
        return False
    if has_status(state, p, card, "cannot_attack"):
        return False
    if card.iid == state.players[p].leader.iid or card.played_turn != state.turn:
        return True
    return bool({"Rush", "Rush: Character"} & keywords(state, p, card))


def attack_targets(state: GameState, p: int, card: CardInstance) -> list[CardInstance]:
    """The opponent's Leader or a rested Character (7-1-1-2), or any Character for a card that
    "can also attack active Characters". A Character played this turn with only
    [Rush: Character] may attack Characters only (10-1-6-1), as may a player under "you cannot
    attack a Leader during this turn" and a card that "cannot attack a Leader on the turn in which
    it is played" on that turn. A live "your opponent cannot attack any card other than the
    Character [X]" of the defender leaves only such Characters."""
    opp = state.players[1 - p]
    any_state = has_status(state, p, card, "can_attack_active")
    rested = [c for c in opp.characters if c.rested or any_state]
    kws = keywords(state, p, card)
    fresh = card.iid != state.players[p].leader.iid and card.played_turn == state.turn
    no_leader = effect_primitives.player_rule(state, p, "no_leader_attacks") or (
        fresh and has_status(state, p, card, "no_leader_attack_when_played")
    )
    targets = rested if (fresh and "Rush" not in kws) or no_leader else [opp.leader, *rested]
    locks = _attack_locks(state, 1 - p)
    return [t for t in targets if all(t.iid != opp.leader.iid and names_of(state, t.card) & lock for lock in locks)]


def _attack_locks(state: GameState, q: int) -> list[set[str]]:
    """The names each live "your opponent cannot attack any card other than the Character [X]" of
    player q allows as attack targets; a target must be allowed by every one of them."""
    return [
        set(act.names)
        for src in state.players[q].field()
        for eff in state.compiled[src.card].effects
        if eff.timing == "static"
        for act in eff.actions
        if act.kind == "attack_lock" and effect_live(state, q, src, eff)
    ]


def preview(state: GameState, p: int, attacker: CardInstance, target: CardInstance) -> AttackPreview:
    """What the attack does if the defender does nothing, and the counter power that saves them
    (the defender must end with strictly more power: ties go to the attacker, 7-1-4-1)."""
    q = 1 - p
    att, tgt = power(state, p, attacker), power(state, q, target)
    kws = keywords(state, p, attacker)
    is_leader = target.iid == state.players[q].leader.iid
    damage = (2 if "Double Attack" in kws else 1) if is_leader else 0
    outcome: Outcome
    if att < tgt:
        outcome = "fails"
    elif not is_leader:
        outcome = "ko"
    elif not state.players[q].life:
        outcome = "win"
    else:
        outcome = "life_trashed" if "Banish" in kws else "life"
    needed = 0 if att < tgt else ((att - tgt) // 1000 + 1) * 1000
    blockable = "Unblockable" not in kws and any(
        _may_block(state, q, c, target.iid) for c in state.players[q].characters
    )
    return AttackPreview(
        attacker_power=att,
        target_power=tgt,
        counter_needed=needed,
        damage=damage,
        outcome_if_unanswered=outcome,
        blockable=blockable,
    )


def declare(state: GameState, attacker: int, target: int, ev: list[Event]) -> GameState:
    """Attack step (7-1-1): rest the attacker, fix the target, then [When Attacking] effects and
    the defender's [On Your Opponent's Attack] effects activate (7-1-1-3, 10-2-16-1)."""
    p = state.active
    card = field_card(state, p, attacker)
    assert card is not None
    state = rest_card(state, p, card)
    ev.append(Event(kind="attack", player=p, data={"attacker": attacker, "target": target}))
    state = state.model_copy(update={"battle": Battle(attacker=attacker, target=target)})
    state = effect_primitives.queue(state, "when_attacking", p, (field_card(state, p, attacker),))
    return effect_primitives.queue(state, "on_opponents_attack", 1 - p, state.players[1 - p].field())


def _may_block(state: GameState, q: int, c: CardInstance, target: int) -> bool:
    return (
        not c.rested
        and c.iid != target
        and "Blocker" in keywords(state, q, c)
        and not has_status(state, q, c, "cannot_block")
        and not _blocker_banned(state, q, c)
    )


def _blocker_banned(state: GameState, q: int, c: CardInstance) -> bool:
    """ "Your opponent cannot activate a [Blocker] Character that has 2000 or less power": a rule
    on player q (``rule_actions.blocker_ban``) read against the Character's power now (7-1-2)."""
    bans = [m for m in state.players[q].leader.mods if m.tag in (BLOCK_BAN_AT_MOST, BLOCK_BAN_AT_LEAST)]
    if not bans:
        return False
    now = power(state, q, c)
    return any(now <= m.amount if m.tag == BLOCK_BAN_AT_MOST else now >= m.amount for m in bans)


def blockers(state: GameState) -> list[CardInstance]:
    """Block step (7-1-2, 10-1-4): one active [Blocker] other than the attacked card, once per
    battle, never against [Unblockable] (10-1-7)."""
    b = state.battle
    assert b is not None
    p, q = state.active, 1 - state.active
    attacker = field_card(state, p, b.attacker)
    if b.blocked or attacker is None or "Unblockable" in keywords(state, p, attacker):
        return []
    return [c for c in state.players[q].characters if _may_block(state, q, c, b.target)]


def block(state: GameState, blocker: int, ev: list[Event]) -> GameState:
    q = 1 - state.active
    card = field_card(state, q, blocker)
    assert card is not None and state.battle is not None
    state = rest_card(state, q, card)
    ev.append(Event(kind="block", player=q, data={"blocker": blocker}))
    assert state.battle is not None
    battle = state.battle.model_copy(update={"target": blocker, "blocked": True, "step": "counter"})
    state = state.model_copy(update={"battle": battle})
    return effect_primitives.queue(state, "on_block", q, (field_card(state, q, blocker),))


def counter_cards(state: GameState) -> list[CardInstance]:
    """Characters in the defender's hand with a Counter value (7-1-3-2-1, 2-10-2)."""
    q = 1 - state.active
    return [c for c in state.players[q].hand if card_of(state, c).category == "Character" and card_of(state, c).counter]


def counter_events(state: GameState) -> list[CardInstance]:
    """[Counter] Events the defender can pay for (7-1-3-2-2, 10-2-4-1). Legality is read from the
    printed [Counter] mark, so an Event whose text did not compile can still be used (it then
    has no effect beyond being paid for and trashed)."""
    q = 1 - state.active
    ps = state.players[q]
    return [
        c
        for c in ps.hand
        if card_of(state, c).category == "Event"
        and COUNTER_MARK in (card_of(state, c).effect or "")
        and hand_costs.play_cost(state, q, c) <= ps.don_active
    ]


def counter(state: GameState, hand_iid: int, target: int, ev: list[Event]) -> GameState:
    """Trash a Counter Character from hand: +its Counter to the Leader or a Character during this
    battle (7-1-3-2-1)."""
    q = 1 - state.active
    state, card = take(state, q, "hand", hand_iid)
    amount = card_of(state, card).counter or 0
    state = put(state, q, "trash", card)
    tcard = field_card(state, q, target)
    assert tcard is not None
    mod = Mod(stat="power", amount=amount, battle=True)
    state = replace_on_field(state, q, tcard.model_copy(update={"mods": tcard.mods + (mod,)}))
    ev.append(
        Event(kind="counter", player=q, data={"iid": hand_iid, "card": card.card, "target": target, "amount": amount})
    )
    return state


def counter_event(state: GameState, hand_iid: int, ev: list[Event]) -> GameState:
    """Pay a [Counter] Event's cost, trash it, and resolve its [Counter] effect (7-1-3-2-2, 8-4-2)."""
    q = 1 - state.active
    state, card = take(state, q, "hand", hand_iid)
    paid = hand_costs.play_cost(state, q, card)
    ps = state.players[q]
    state = set_ps(state, q, don_active=ps.don_active - paid, don_rested=ps.don_rested + paid)
    return effect_primitives.activate_event(state, q, card, "counter", ev)


def next_step(state: GameState, step: str) -> GameState:
    assert state.battle is not None
    return state.model_copy(update={"battle": state.battle.model_copy(update={"step": step})})


def progress(state: GameState, ev: list[Event]) -> tuple[GameState, bool]:
    """Run the battle until a player must decide (returns True), the battle is over, or effects
    were queued that must resolve before it goes on (replacement offers before a K.O.; False).
    Called only when no effect is pending, so every step starts with the queue resolved. Each
    step is one function (``_STEPS``)."""
    while state.battle is not None and state.result is None:
        b = state.battle
        if b.step in ("attack", "block", "counter") and not (on_field(state, b.attacker) and on_field(state, b.target)):
            state = next_step(state, "end")  # 7-1-1-4, 7-1-2-3: skip to End of Battle
            continue
        state, stop = _STEPS[b.step](state, ev)
        if stop is not None:
            return state, stop
    return state, False


# A battle step's outcome: the state, and whether the battle stops there (True: a player must
# decide; False: effects must resolve first; None: it goes on).
Stepped = tuple[GameState, bool | None]


def _block_step(state: GameState, ev: list[Event]) -> Stepped:
    if blockers(state):
        return state, True
    return next_step(state, "counter"), None


def _ko_step(state: GameState, ev: list[Event]) -> Stepped:
    state, offered = _ko(state, ev)
    return state, False if offered else None


_STEPS: dict[Step, Callable[[GameState, list[Event]], Stepped]] = {
    "attack": lambda state, ev: (next_step(state, "block"), None),
    "block": _block_step,
    # 7-1-3: always the defender's, counters in hand or not: asking only when they hold one
    # would tell the attacker so (3-4-3)
    "counter": lambda state, ev: (state, True),
    "damage": lambda state, ev: (_damage(state, ev), None),
    "ko": _ko_step,
    "life": lambda state, ev: (_life(state, ev), None),
    "trigger": lambda state, ev: (state, True),
    "end": lambda state, ev: (_end(state, ev), None),
}


def _damage(state: GameState, ev: list[Event]) -> GameState:
    """Damage step (7-1-4): the attacker wins when its power is >= the target's (7-1-4-1)."""
    b = state.battle
    assert b is not None
    p, q = state.active, 1 - state.active
    attacker, target = field_card(state, p, b.attacker), field_card(state, q, b.target)
    assert attacker is not None and target is not None
    att, tgt = power(state, p, attacker), power(state, q, target)
    won = att >= tgt
    ev.append(Event(kind="battle", player=p, data={"attacker_power": att, "target_power": tgt, "attacker_wins": won}))
    if not won:
        return next_step(state, "end")  # 7-1-4-2
    if target.iid != state.players[q].leader.iid:
        return next_step(state, "ko")  # 7-1-4-1-2
    if not state.players[q].life:  # 7-1-4-1-1-1
        return check_defeat(state, ev, damaged=(q,))
    kws = keywords(state, p, attacker)
    battle = b.model_copy(
        update={"step": "life", "banish": "Banish" in kws, "damage_left": 2 if "Double Attack" in kws else 1}
    )
    return state.model_copy(update={"battle": battle})


def _ko(state: GameState, ev: list[Event]) -> tuple[GameState, bool]:
    """The losing Character is K.O.'d (7-1-4-1-2, 10-2-1-3), unless it cannot be, or its owner
    takes a replacement effect instead: those are offered first, and True says the battle waits
    for them (``replacement``)."""
    b = state.battle
    assert b is not None
    q = 1 - state.active
    target = field_card(state, q, b.target)
    attacker = field_card(state, state.active, b.attacker)
    if (
        target is not None
        and not any(has_status(state, q, target, s) for s in ("cannot_be_ko", "cannot_be_ko_in_battle"))
        and not (attacker is not None and battle_shielded(state, q, target, state.active, attacker))
    ):
        state, spared, asked = replacement.before(state, [(q, target.iid)], "ko", None, None)
        if asked:
            return state, True
        if target.iid not in spared:
            state = effect_primitives.ko(state, q, target.iid, ev)
    return next_step(state, "end"), False


def _life(state: GameState, ev: list[Event]) -> GameState:
    """One damage (7-1-4-1-1-2): the top Life card is trashed under [Banish] (10-1-3); otherwise
    its owner takes it and decides (the ``trigger`` step): add it to hand, or, when it has a
    [Trigger], reveal it and activate that instead (10-1-5). The owner is asked at every
    damage, [Trigger] or not, as a player at the table looks at every Life card taken: a
    question asked only for [Trigger] cards would tell the attacker what the card is (3-10-2,
    10-1-5-2). With no Life left, a further damage of the same attack does nothing: Double
    Attack cannot win from 1 Life (7-1-4-1-1-3). Once all damage is dealt, the effects whose
    timing came meanwhile activate (8-6-2)."""
    b = state.battle
    assert b is not None
    q = 1 - state.active
    if b.revealed is not None:  # 10-1-5-3: trashed after its [Trigger]
        state = put(state, q, "trash", face_down(b.revealed))
        ev.append(Event(kind="trigger_trashed", player=q, data={"card": b.revealed.card}))
        b = b.model_copy(update={"revealed": None})
    ps = state.players[q]
    if b.damage_left <= 0 or not ps.life:
        done = b.model_copy(update={"step": "end", "deferred": ()})
        return state.model_copy(update={"battle": done, "pending": state.pending + b.deferred})
    top = ps.life[0]
    state = set_ps(state, q, life=ps.life[1:])
    b = b.model_copy(update={"damage_left": b.damage_left - 1})
    if b.banish:
        ev.append(Event(kind="life_trashed", player=q, data={"iid": top.iid, "card": top.card}))
        return put(state, q, "trash", face_down(top)).model_copy(update={"battle": b})
    ev.append(Event(kind="life_check", player=q, data={"iid": top.iid, "card": top.card}, private=HAND_MOVE_PRIVATE))
    return state.model_copy(
        update={"battle": b.model_copy(update={"step": "trigger", "revealed": top}), "waiting_for": q}
    )


def defer_during_damage(state: GameState) -> GameState:
    """8-6-2: an effect whose timing comes while damage is being dealt (one set off by a
    [Trigger] resolving between two damage of a Double Attack, say) waits until all of it is
    dealt. The [Trigger] itself is not delayed (8-6-2-1), nor an effect already resolving."""
    b, head = state.battle, state.pending[0]
    if b is None or b.step != "life" or head.effect == -1 or head.pc != ("start",):
        return state
    battle = b.model_copy(update={"deferred": b.deferred + (head,)})
    return state.model_copy(update={"battle": battle, "pending": state.pending[1:]})


def trigger(state: GameState, use: bool, ev: list[Event]) -> GameState:
    """The defender's [Trigger] decision (10-1-5-1, 10-1-5-2)."""
    b = state.battle
    assert b is not None and b.revealed is not None
    q, card = 1 - state.active, b.revealed
    if not use:
        data = {"iid": card.iid, "card": card.card}
        ev.append(Event(kind="life_to_hand", player=q, data=data, private=HAND_MOVE_PRIVATE))
        state = put(state, q, "hand", face_down(card), top=False)
        return state.model_copy(update={"battle": b.model_copy(update={"step": "life", "revealed": None})})
    ev.append(Event(kind="trigger", player=q, data={"iid": card.iid, "card": card.card}))
    state = next_step(state, "life")
    return effect_primitives.queue(state, "trigger", q, (card,))


def _end(state: GameState, ev: list[Event]) -> GameState:
    """End of the Battle (7-1-5): "during this battle" effects end for both players."""
    for p in (0, 1):
        ps = state.players[p]
        for c in ps.field():
            if any(m.battle for m in c.mods):
                state = replace_on_field(
                    state, p, c.model_copy(update={"mods": tuple(m for m in c.mods if not m.battle)})
                )
    ev.append(Event(kind="battle_end", player=state.active))
    return state.model_copy(update={"battle": None})
