"""A card's current numbers and keywords, and the matching of effect filters and conditions.

Power (2-6, 6-5-5-2): printed power + modifiers + 1000 per given DON!! during its owner's turn
only + live permanent effects (8-1-3-3); it may be negative (1-3-6-1). Cost (2-7): printed cost
+ modifiers, never below 0 outside a calculation (1-3-6-2). Keywords (10-1): the compiled card's
own keywords, those gained by modifiers and those granted by live permanent effects.

Permanent effects here read filters with numbers that leave other permanent effects out
(``statics=False``), which keeps one permanent effect from feeding on another forever; the rules'
fixed-point order (8-1-3-3-5) is not modelled further.
"""

from __future__ import annotations

from collections.abc import Iterator

from generator.models.onepiece import OnePieceCard
from generator.play.effects.model import CardFilter, CompiledCard, Condition, Effect, Target
from generator.play.state import CardInstance, GameState
from generator.play.zones import all_field


def card_of(state: GameState, inst: CardInstance) -> OnePieceCard:
    return state.cards[inst.card]


def compiled_of(state: GameState, inst: CardInstance) -> CompiledCard:
    return state.compiled[inst.card]


def power(state: GameState, owner: int, inst: CardInstance, statics: bool = True) -> int:
    total = (state.cards[inst.card].power or 0) + sum(
        m.amount for m in inst.mods if m.stat == "power")
    if owner == state.active:
        total += 1000 * inst.don
    if statics:
        total += sum(act.amount for act in _static_actions(state, owner, inst, "power"))
    return total


def cost(state: GameState, owner: int, inst: CardInstance, statics: bool = True) -> int:
    total = (state.cards[inst.card].cost or 0) + sum(
        m.amount for m in inst.mods if m.stat == "cost")
    if statics:
        total += sum(act.amount for act in _static_actions(state, owner, inst, "cost_change"))
    return max(0, total)


def keywords(state: GameState, owner: int, inst: CardInstance) -> frozenset[str]:
    kws = set(state.compiled[inst.card].keywords)
    kws.update(m.keyword for m in inst.mods if m.stat == "keyword" and m.keyword)
    kws.update(act.keyword for act in _static_actions(state, owner, inst, "gain_keyword"))
    return frozenset(kws)


def effect_live(state: GameState, controller: int, source: CardInstance, eff: Effect) -> bool:
    """The effect's conditions hold now (8-3-2): [Your Turn], [Opponent's Turn], [DON!! xX]
    (8-3-2-3) and its other conditions. Cards whose text did not compile completely have no live
    effects: running half of a text could do what the card never says."""
    if not state.compiled[source.card].complete:
        return False
    if eff.your_turn and state.active != controller:
        return False
    if eff.opponents_turn and state.active == controller:
        return False
    if eff.don_requirement is not None and source.don < eff.don_requirement:
        return False
    return all(condition_holds(state, controller, source, c) for c in eff.conditions)


def condition_holds(state: GameState, controller: int, source: CardInstance,
                    cond: Condition) -> bool:
    me = state.players[controller]
    leader = state.cards[me.leader.card]
    if cond.kind == "leader_has_type":
        if cond.contains:
            return any(cond.type in t for t in leader.types)
        return cond.type in leader.types
    if cond.kind == "leader_is_colour":
        return leader.colors == (cond.colour,) if cond.only else cond.colour in leader.colors
    if cond.kind == "leader_is_name":
        return leader.name == cond.name
    if cond.kind == "self_state":
        return source.rested == (cond.state == "rested")
    whose = controller if cond.whose == "you" else 1 - controller
    ps = state.players[whose]
    counts = {
        "life": lambda: len(ps.life), "hand": lambda: len(ps.hand),
        "trash": lambda: len(ps.trash), "deck": lambda: len(ps.deck),
        "don": lambda: ps.don_total() - ps.don_deck, "rested_don": lambda: ps.don_rested,
        "active_don": lambda: ps.don_active,
        "characters": lambda: sum(1 for c in ps.characters
                                  if matches(state, whose, c, cond.filter, True, False)),
    }
    n = counts[cond.zone]()
    if cond.compare == "at_least":
        return n >= cond.n
    if cond.compare == "at_most":
        return n <= cond.n
    return n == cond.n


def matches(state: GameState, owner: int, inst: CardInstance, flt: CardFilter,
            on_field: bool, statics: bool = True) -> bool:
    c = state.cards[inst.card]
    if flt.category is not None and c.category != flt.category:
        return False
    if flt.min_cost is not None or flt.max_cost is not None:
        v = cost(state, owner, inst, statics) if on_field else max(0, c.cost or 0)
        if (flt.min_cost is not None and v < flt.min_cost) or (
                flt.max_cost is not None and v > flt.max_cost):
            return False
    if flt.min_power is not None or flt.max_power is not None:
        v = power(state, owner, inst, statics) if on_field else (c.power or 0)
        if (flt.min_power is not None and v < flt.min_power) or (
                flt.max_power is not None and v > flt.max_power):
            return False
    if flt.types and not any(t in c.types for t in flt.types):
        return False
    if flt.type_contains is not None and not any(flt.type_contains in t for t in c.types):
        return False
    if flt.colour is not None and flt.colour not in c.colors:
        return False
    if flt.name is not None and c.name != flt.name:
        return False
    if flt.exclude_name is not None and c.name == flt.exclude_name:
        return False
    if flt.state is not None and inst.rested != (flt.state == "rested"):
        return False
    return flt.has_trigger is None or (c.trigger is not None) == flt.has_trigger


def target_pool(state: GameState, controller: int, source: CardInstance, target: Target,
                statics: bool = True) -> list[tuple[int, CardInstance]]:
    """(owner, card) of every field card the target may pick, in board order."""
    me, opp = controller, 1 - controller
    who = target.who
    if who == "self_card":
        pool = [(me, source)]
    else:
        side = me if who.startswith("your") else opp
        ps = state.players[side]
        pool = []
        if who.endswith("leader") or who.endswith("leader_or_character"):
            pool.append((side, ps.leader))
        if who.endswith("character"):
            pool.extend((side, c) for c in ps.characters)
    return [(o, c) for o, c in pool
            if not (target.exclude_self and c.iid == source.iid)
            and matches(state, o, c, target.filter, on_field=True, statics=statics)]


def _static_actions(state: GameState, owner: int, inst: CardInstance, kind: str) -> Iterator:
    """Actions of live permanent effects that apply to ``inst`` now (8-1-3-3). Only "this card"
    and "all matching" targets make sense for a permanent effect; a counted target is skipped."""
    for p, src in all_field(state):
        comp = state.compiled[src.card]
        if not comp.complete:
            continue
        for eff in comp.effects:
            if eff.timing != "static" or not any(a.kind == kind for a in eff.actions):
                continue
            if not effect_live(state, p, src, eff):
                continue
            for act in eff.actions:
                if act.kind != kind:
                    continue
                t = act.target
                if t.who != "self_card" and t.count is not None:
                    continue
                if any(c.iid == inst.iid for _, c in target_pool(state, p, src, t, False)):
                    yield act
