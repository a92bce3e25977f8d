"""A card's current numbers, keywords and statuses; the matching of effect filters and conditions.

Power (2-6, 6-5-5-2): base power (printed, or the highest "base power becomes" value, 4-9-2-1)
+ modifiers + 1000 per given DON!! during its owner's turn only + live permanent effects
(8-1-3-3); it may be negative (1-3-6-1). Cost (2-7): printed cost + modifiers, never below 0
outside a calculation (1-3-6-2). Keywords (10-1) and statuses ("cannot attack", "cannot be
K.O.'d"...): the compiled card's own, those gained by modifiers, and those granted by live
permanent effects.

Permanent effects read filters with numbers that leave other permanent effects out
(``statics=False``), which keeps one permanent effect from feeding on another forever; the rules'
fixed-point order (8-1-3-3-5) is not modelled further.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from generator.models.onepiece import OnePieceCard
from generator.play.effects import model_actions as ma
from generator.play.effects import model_actions_rules as mr
from generator.play.effects import model_conditions as mc
from generator.play.effects.model import CardFilter, Condition, Effect, Target
from generator.play.effects.model_base import Node
from generator.play.engine.state import CardInstance, GameState, PlayerState

STATIC_ACTIONS = (ma.Power, ma.CostChange, ma.GainKeyword, ma.GainStatus, ma.SetBasePower, mr.BattleKOShield)
StaticAction = ma.Power | ma.CostChange | ma.GainKeyword | ma.GainStatus | ma.SetBasePower | mr.BattleKOShield


def card_of(state: GameState, inst: CardInstance) -> OnePieceCard:
    return state.cards[inst.card]


def per_count(state: GameState, p: int, per: ma.PerCount | None) -> int:
    """How many times "for every N ..." counts for player ``p`` (1 when the amount is fixed)."""
    if per is None:
        return 1
    ps = state.players[p]
    if per.zone == "rested_don":
        n = ps.don_rested
    else:
        n = sum(1 for c in getattr(ps, per.zone) if matches(state, p, c, per.filter, False))
    return n // per.step


def names_of(state: GameState, card_id: str) -> set[str]:
    """The card's name and the names its text says to treat it as (2-1-3)."""
    return {state.cards[card_id].name, *state.compiled[card_id].also_named}


def base_power(state: GameState, owner: int, inst: CardInstance, statics: bool = True) -> int:
    """The printed power, or the highest value a "base power becomes" effect sets (4-9-2-1)."""
    base = [m.amount for m in inst.mods if m.stat == "base_power"]
    if statics:
        base.extend(act.value for act in _static_actions(state, owner, inst) if act.kind == "set_base_power")
    return max(base) if base else state.cards[inst.card].power or 0


def power(state: GameState, owner: int, inst: CardInstance, statics: bool = True) -> int:
    adds = sum(m.amount for m in inst.mods if m.stat == "power")
    if statics:
        adds += sum(
            act.amount * per_count(state, owner, act.per)
            for act in _static_actions(state, owner, inst)
            if act.kind == "power"
        )
    total = base_power(state, owner, inst, statics) + adds
    if owner == state.active:
        total += 1000 * inst.don
    return total


def cost(state: GameState, owner: int, inst: CardInstance, statics: bool = True) -> int:
    total = (state.cards[inst.card].cost or 0) + sum(m.amount for m in inst.mods if m.stat == "cost")
    if statics:
        changes = (a for a in _static_actions(state, owner, inst) if a.kind == "cost_change")
        total += sum(a.amount * per_count(state, owner, a.per) for a in changes)
    return max(0, total)


def keywords(state: GameState, owner: int, inst: CardInstance) -> frozenset[str]:
    if not inst.mods and not state.static_cards:
        return frozenset(state.compiled[inst.card].keywords)
    kws: set[str] = set() if negated(inst) else set(state.compiled[inst.card].keywords)
    kws.update(m.tag for m in inst.mods if m.stat == "keyword" and m.tag is not None)
    kws.update(a.keyword for a in _static_actions(state, owner, inst) if a.kind == "gain_keyword")
    return frozenset(kws)


def has_status(state: GameState, owner: int, inst: CardInstance, status: str) -> bool:
    if any(m.stat == "status" and m.tag == status for m in inst.mods):
        return True
    return any(a.kind == "status" and a.status == status for a in _static_actions(state, owner, inst))


def battle_shielded(state: GameState, owner: int, inst: CardInstance, foe_owner: int, foe: CardInstance) -> bool:
    """ "This Character cannot be K.O.'d in battle by <Slash> attribute cards": a live permanent
    effect on ``inst`` whose filter the card it battles (``foe``) matches."""
    return any(
        a.kind == "battle_ko_shield" and matches(state, foe_owner, foe, a.by, on_field=True)
        for a in _static_actions(state, owner, inst)
    )


def negated(inst: CardInstance) -> bool:
    """ "Negate the effect of ...": the card's own effects are invalid while this lasts (8-2-1-1);
    effects it gains meanwhile are not (8-2-4)."""
    return any(m.stat == "status" and m.tag == "negated" for m in inst.mods)


def effect_live(state: GameState, controller: int, source: CardInstance, eff: Effect) -> bool:
    """The effect's conditions hold now (8-3-2): [Your Turn], [Opponent's Turn], [DON!! xX]
    (8-3-2-3) and its other conditions. Cards whose text did not compile completely have no live
    effects: running half of a text could do what the card never says."""
    if not state.compiled[source.card].complete or negated(source):
        return False
    if eff.your_turn and state.active != controller:
        return False
    if eff.opponents_turn and state.active == controller:
        return False
    if eff.don_requirement is not None and source.don < eff.don_requirement:
        return False
    return all(condition_holds(state, controller, source, c) for c in eff.conditions)


def _zone_count(state: GameState, p: int, zone: str, flt: CardFilter, skip: int | None = None) -> int:
    ps: PlayerState = state.players[p]
    if zone == "rested_cards":
        return ps.don_rested + sum(1 for c in ps.field() if c.rested)
    if zone == "face_up_life":
        return sum(1 for c in ps.life if c.face_up)
    if zone in ("life", "hand", "trash", "deck"):
        return len(getattr(ps, zone))
    if zone == "don":
        return ps.don_total() - ps.don_deck
    if zone == "rested_don":
        return ps.don_rested
    if zone == "active_don":
        return ps.don_active
    if zone == "given_don":
        return ps.leader.don + sum(c.don for c in ps.characters)
    cards = ps.characters if zone == "characters" else ps.field()
    return sum(1 for c in cards if c.iid != skip and matches(state, p, c, flt, True, False))


def condition_holds(state: GameState, controller: int, source: CardInstance, cond: Condition) -> bool:
    """Does ``cond`` hold now for the effect of ``source`` that ``controller`` controls? One check
    per condition class (``_HOLDS``); "the revealed card is ..." and "the revealed card has the
    chosen cost" are read by the interpreter (``interpret._holds``) and do not hold here."""
    check = _HOLDS.get(type(cond))
    return check is not None and check(state, controller, source, cond)


def _leader_card(state: GameState, p: int) -> OnePieceCard:
    return state.cards[state.players[p].leader.card]


def _whose(controller: int, whose: str) -> int:
    return controller if whose == "you" else 1 - controller


def _leader_has_type(state: GameState, controller: int, source: CardInstance, cond: mc.LeaderHasType) -> bool:
    leader = _leader_card(state, controller)
    if cond.contains:  # "a type including ..."
        return any(t in lt for t in cond.types for lt in leader.types)
    return any(t in leader.types for t in cond.types)


def _leader_is_colour(state: GameState, controller: int, source: CardInstance, cond: mc.LeaderIsColour) -> bool:
    return cond.colour in _leader_card(state, controller).colors


def _leader_multicoloured(
    state: GameState, controller: int, source: CardInstance, cond: mc.LeaderMulticoloured
) -> bool:
    return len(_leader_card(state, controller).colors) > 1


def _leader_is_name(state: GameState, controller: int, source: CardInstance, cond: mc.LeaderIsName) -> bool:
    return cond.name in names_of(state, state.players[controller].leader.card)


def _leader_has_attribute(state: GameState, controller: int, source: CardInstance, cond: mc.LeaderHasAttribute) -> bool:
    return cond.attribute in _leader_card(state, _whose(controller, cond.whose)).attributes


def _self_state(state: GameState, controller: int, source: CardInstance, cond: mc.SelfState) -> bool:
    if cond.state == "played_this_turn":
        return source.played_turn == state.turn
    return source.rested == (cond.state == "rested")


def _self_power(state: GameState, controller: int, source: CardInstance, cond: mc.SelfPower) -> bool:
    return _compare(power(state, controller, source, statics=False), cond.compare, cond.n)


def _compare_with_opponent(
    state: GameState, controller: int, source: CardInstance, cond: mc.CompareWithOpponent
) -> bool:
    mine = _zone_count(state, controller, cond.zone, CardFilter())
    theirs = _zone_count(state, 1 - controller, cond.zone, CardFilter())
    return {
        "less": mine < theirs,
        "at_most": mine <= theirs,
        "more": mine > theirs,
        "at_least": mine >= theirs,
    }[cond.compare]


def _count(state: GameState, controller: int, source: CardInstance, cond: mc.CountCondition) -> bool:
    players = {"you": (controller,), "opponent": (1 - controller,), "both": (0, 1)}[cond.whose]
    skip = source.iid if cond.exclude_self else None
    total = sum(_zone_count(state, p, cond.zone, cond.filter, skip) for p in players)
    return _compare(total, cond.compare, cond.n)


def _only_characters(state: GameState, controller: int, source: CardInstance, cond: mc.OnlyCharacters) -> bool:
    chars = state.players[controller].characters
    return bool(chars) and all(matches(state, controller, c, cond.filter, True, False) for c in chars)


def _leader_power(state: GameState, controller: int, source: CardInstance, cond: mc.LeaderPower) -> bool:
    whose = _whose(controller, cond.whose)
    return _compare(power(state, whose, state.players[whose].leader, statics=False), cond.compare, cond.n)


def _leader_state(state: GameState, controller: int, source: CardInstance, cond: mc.LeaderState) -> bool:
    return state.players[controller].leader.rested == (cond.state == "rested")


def _own_turn_count(state: GameState, controller: int, source: CardInstance, cond: mc.OwnTurnCount) -> bool:
    began = (state.turn + 1) // 2 if controller == state.first else state.turn // 2
    return began >= cond.n


def _any_of(state: GameState, controller: int, source: CardInstance, cond: mc.AnyOf) -> bool:
    return any(condition_holds(state, controller, source, c) for c in cond.conditions)


C = TypeVar("C", bound=Node)


def _check(
    cls: type[C], check: Callable[[GameState, int, CardInstance, C], bool]
) -> tuple[type[Node], Callable[..., bool]]:
    """One row of ``_HOLDS``: a condition class and the check that takes it."""
    return cls, check


_HOLDS: dict[type[Node], Callable[..., bool]] = dict(
    [
        _check(mc.LeaderHasType, _leader_has_type),
        _check(mc.LeaderIsColour, _leader_is_colour),
        _check(mc.LeaderMulticoloured, _leader_multicoloured),
        _check(mc.LeaderIsName, _leader_is_name),
        _check(mc.LeaderHasAttribute, _leader_has_attribute),
        _check(mc.SelfState, _self_state),
        _check(mc.SelfPower, _self_power),
        _check(mc.CompareWithOpponent, _compare_with_opponent),
        _check(mc.CountCondition, _count),
        _check(mc.OnlyCharacters, _only_characters),
        _check(mc.LeaderPower, _leader_power),
        _check(mc.LeaderState, _leader_state),
        _check(mc.OwnTurnCount, _own_turn_count),
        _check(mc.AnyOf, _any_of),
    ]
)


def _compare(value: int, compare: str, n: int) -> bool:
    if compare == "at_least":
        return value >= n
    if compare == "at_most":
        return value <= n
    return value == n


def count_ref(state: GameState, controller: int, ref: str) -> int:
    """A number a filter reads from the game ("the number of your opponent's Life cards")."""
    me, opp = state.players[controller], state.players[1 - controller]
    return {
        "your_life": len(me.life),
        "opponent_life": len(opp.life),
        "total_life": len(me.life) + len(opp.life),
        "your_don": me.don_total() - me.don_deck,
        "opponent_don": opp.don_total() - opp.don_deck,
    }[ref]


def matches(
    state: GameState,
    owner: int,
    inst: CardInstance,
    flt: CardFilter,
    on_field: bool,
    statics: bool = True,
    controller: int | None = None,
) -> bool:
    """Does the card match the filter? Numbers are current values on the field and printed ones
    elsewhere or when the filter says "base" (4-9-2). ``controller`` is the player whose effect
    reads the filter (the owner when not given), for numbers the filter reads from the game.
    Checked in three groups (numbers, printed words, state), then the alternatives."""
    c = state.cards[inst.card]
    return (
        _numbers_match(state, owner, inst, flt, c, on_field and not flt.base, statics, controller)
        and _words_match(state, inst, flt, c)
        and _state_matches(state, inst, flt, c, on_field)
        and (
            not flt.any_of or any(matches(state, owner, inst, alt, on_field, statics, controller) for alt in flt.any_of)
        )
        and (flt.has_trigger is None or (c.trigger is not None) == flt.has_trigger)
    )


def _numbers_match(
    state: GameState,
    owner: int,
    inst: CardInstance,
    flt: CardFilter,
    c: OnePieceCard,
    current: bool,
    statics: bool,
    controller: int | None,
) -> bool:
    """The cost bound read from the game, the category, the cost and power bounds."""
    if flt.max_cost_of is not None:
        limit = count_ref(state, owner if controller is None else controller, flt.max_cost_of)
        if (cost(state, owner, inst, statics) if current else max(0, c.cost or 0)) > limit:
            return False
    if flt.category is not None and c.category != flt.category:
        return False
    if flt.min_cost is not None or flt.max_cost is not None:
        v = cost(state, owner, inst, statics) if current else max(0, c.cost or 0)
        if (flt.min_cost is not None and v < flt.min_cost) or (flt.max_cost is not None and v > flt.max_cost):
            return False
    if flt.min_power is not None or flt.max_power is not None:
        v = power(state, owner, inst, statics) if current else (c.power or 0)
        if (flt.min_power is not None and v < flt.min_power) or (flt.max_power is not None and v > flt.max_power):
            return False
    return True


def _words_match(state: GameState, inst: CardInstance, flt: CardFilter, c: OnePieceCard) -> bool:
    """Types, colour, names and attributes, as printed (names include "also treated as")."""
    if flt.types and not any(t in c.types for t in flt.types):
        return False
    if flt.type_contains is not None and not any(flt.type_contains in t for t in c.types):
        return False
    if flt.colour is not None and flt.colour not in c.colors:
        return False
    if flt.names and not names_of(state, inst.card) & set(flt.names):
        return False
    if flt.exclude_name is not None and flt.exclude_name in names_of(state, inst.card):
        return False
    if flt.attribute is not None and flt.attribute not in c.attributes:
        return False
    return flt.lacks_attribute is None or flt.lacks_attribute not in c.attributes


def _state_matches(state: GameState, inst: CardInstance, flt: CardFilter, c: OnePieceCard, on_field: bool) -> bool:
    """Rested or active, no text, DON!! given (on the field only), no effect of a timing."""
    if flt.state is not None and inst.rested != (flt.state == "rested"):
        return False
    if flt.no_effect and (c.effect or c.trigger):
        return False
    if flt.min_don is not None and (not on_field or inst.don < flt.min_don):
        return False
    return flt.lacks_timing is None or not any(e.timing == flt.lacks_timing for e in state.compiled[inst.card].effects)


def target_pool(
    state: GameState, controller: int, source: CardInstance, target: Target, statics: bool = True
) -> list[tuple[int, CardInstance]]:
    """(owner, card) of every field card the target may pick, in board order."""
    me, opp = controller, 1 - controller
    who = target.who
    if who == "self_card":
        pool = [(me, source)]
    elif who == "any_character":
        pool = [(p, c) for p in (me, opp) for c in state.players[p].characters]
    elif who in ("your_stage", "opponent_stage"):
        side = me if who == "your_stage" else opp
        stage = state.players[side].stage
        pool = [(side, stage)] if stage is not None else []
    elif who == "your_leader_or_stage":
        ps = state.players[me]
        pool = [(me, ps.leader)] + ([(me, ps.stage)] if ps.stage is not None else [])
    else:
        side = me if who.startswith("your") else opp
        ps = state.players[side]
        pool = []
        if who.endswith("leader") or who.endswith("leader_or_character"):
            pool.append((side, ps.leader))
        if who.endswith("character"):
            pool.extend((side, c) for c in ps.characters)
    return [
        (o, c)
        for o, c in pool
        if not (target.exclude_self and c.iid == source.iid)
        and matches(state, o, c, target.filter, on_field=True, statics=statics, controller=me)
    ]


def _static_actions(state: GameState, owner: int, inst: CardInstance) -> tuple[StaticAction, ...]:
    """Actions of live permanent effects that apply to ``inst`` now (8-1-3-3), worked out once
    per state and card (``GameState.static_memo``): they depend on the state, the owner and the
    instance id only, and a search asks for them thousands of times."""
    if not state.static_cards:
        return ()
    memo = state.static_memo
    key = (owner, inst.iid)
    found = memo.get(key)
    if found is None:
        found = memo[key] = tuple(_live_static_actions(state, owner, inst))
    return found


def _live_static_actions(state: GameState, owner: int, inst: CardInstance) -> Iterator[StaticAction]:
    """Only "this card" and "all matching" targets make sense for a permanent effect; a
    counted target is skipped."""
    for p in (state.active, 1 - state.active):
        for src in state.players[p].field():
            if src.card not in state.static_cards:
                continue
            for eff in state.compiled[src.card].effects:
                if eff.timing != "static" or not effect_live(state, p, src, eff):
                    continue
                for act in eff.actions:
                    if not isinstance(act, STATIC_ACTIONS):  # the kinds of STATIC_KINDS
                        continue
                    t = act.target
                    if (
                        t.who == "self_card"
                        and p == owner
                        and src.iid == inst.iid
                        or t.who != "self_card"
                        and t.count is None
                        and any(c.iid == inst.iid for _, c in target_pool(state, p, src, t, False))
                    ):
                        yield act
