"""Rules of thumb the AIs share, and ``settle``: running a guessed state forward after a move.

Why rules of thumb: a search needs the other player (and itself, for the small questions an
effect asks) to answer somehow inside its simulations, thousands of times per decision, so the
answers must be cheap. ``defend`` is a sensible defender (counter when the hit matters and can
be stopped, block only to save Life that matters), ``answer_prompt`` picks targets by whose card
it is and whether a cost is being paid, ``keep_hand`` keeps a hand that can play early.

``settle`` applies these answers until someone has a free decision again (a Main phase), the
turn passes, or the game ends, so one move can be judged by its consequences
(an attack by its battle, not by the moment the defender starts thinking); ``after`` is a move
followed by ``settle``. ``trusted`` applies an action already known to be legal without the
engine re-deriving every legal action (the simulations' main cost); real games never use it.
Every simulated move is counted in ``WORK``: L4's budgets are counts of moves, not time.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generator.play.engine import battle
from generator.play.engine.api import apply, apply_action, legal_actions
from generator.play.engine.state import Action, Battle, GameState, IllegalAction
from generator.play.engine.stats import keywords, power
from generator.play.engine.zones import field_card, locate

SETTLE_LIMIT = 200


def card_value(state: GameState, iid: int) -> float:
    """A rough worth of a card wherever it is: cost first, power to break ties."""
    where = locate(state, iid)
    if where is None:
        return 0.0
    owner, zone = where
    ps = state.players[owner]
    for c in (*ps.field(), *ps.hand, *ps.deck, *ps.trash, *ps.life):
        if c.iid == iid:
            card = state.cards[c.card]
            return (card.cost or 0) + (card.power or 0) / 10000 + (card.counter or 0) / 5000
    return 0.0


def keep_hand(state: GameState, p: int) -> str:
    """Mulligan (5-2-1-6): keep a hand with at least two Characters of cost 4 or less."""
    hand = [state.cards[c.card] for c in state.players[p].hand]
    cheap = sum(1 for card in hand if card.category == "Character" and (card.cost or 0) <= 4)
    return "keep" if cheap >= 2 else "mulligan"


def _battle(state: GameState) -> Battle:
    assert state.battle is not None, "asked during a battle"
    return state.battle


def counter_amount(state: GameState, a: Action) -> int:
    """The power a Counter-step action adds: a Character's Counter value, or the first +power
    of a [Counter] Event's compiled text (0 when it has none we can read)."""
    p = state.waiting_for
    hand = {c.iid: c.card for c in state.players[p].hand} if p is not None else {}
    card_id = hand.get(a.card) if a.card is not None else None
    if card_id is None:
        return 0
    if a.kind == "counter":
        return state.cards[card_id].counter or 0
    comp = state.compiled[card_id]
    return (
        next(
            (
                x.amount
                for e in comp.effects
                if e.timing == "counter"
                for x in e.actions
                if x.kind == "power" and x.amount > 0
            ),
            0,
        )
        if comp.complete
        else 0
    )


def cheapest_defence(state: GameState, legal: Sequence[Action], need: int) -> list[Action]:
    """The fewest Counter cards (least wasted power among those) that add ``need`` to the
    battle's target; [] when nothing in hand is enough."""
    b = _battle(state)
    options = [a for a in legal if (a.kind == "counter" and a.target == b.target) or a.kind == "counter_event"]
    amounts = [(counter_amount(state, a), a) for a in options]
    amounts = [x for x in amounts if x[0] > 0][:10]
    for size in range(1, 4):
        best = None
        for combo in itertools.combinations(amounts, size):
            total = sum(x[0] for x in combo)
            if total >= need and (best is None or total < best[0]):
                best = (total, [x[1] for x in combo])
        if best is not None:
            return best[1]
    return []


def battle_numbers(state: GameState) -> tuple[int, int, bool, int]:
    """(attacker power, target power, target is the Leader, damage if it connects)."""
    b = _battle(state)
    p, q = state.active, 1 - state.active
    att, tgt = field_card(state, p, b.attacker), field_card(state, q, b.target)
    if att is None or tgt is None:
        return 0, 1, False, 0
    leader = tgt.iid == state.players[q].leader.iid
    dmg = 2 if "Double Attack" in keywords(state, p, att) else 1
    return power(state, p, att), power(state, q, tgt), leader, dmg


def worth_defending(state: GameState, q: int, need: int, leader: bool, dmg: int) -> bool:
    """The defender's judgement: Life matters more as it runs out; a Character is worth a
    Counter when it is worth more than the cards spent."""
    life = len(state.players[q].life)
    if leader:
        return life <= dmg or (life <= 2 and need <= 3000) or (life <= 3 and need <= 1000)
    tgt = field_card(state, q, _battle(state).target)
    return tgt is not None and (state.cards[tgt.card].cost or 0) >= 4 and need <= 2000


def defend(state: GameState, legal: Sequence[Action], lethal_only: bool = False) -> str:
    """Block and Counter step answers for the defender (7-1-2, 7-1-3)."""
    q = 1 - state.active
    att, tgt, leader, dmg = battle_numbers(state)
    step = _battle(state).step
    decline = "no_block" if step == "block" else "no_counter"
    if att < tgt:
        return decline
    need = att - tgt + 1000
    lethal = leader and len(state.players[q].life) == 0
    if not (lethal if lethal_only else worth_defending(state, q, need, leader, dmg)):
        return decline
    if step == "block":
        blocks = [a for a in legal if a.kind == "block"]
        if blocks and leader:
            return min(blocks, key=lambda a: card_value(state, a.acting)).id
        return decline
    plan = cheapest_defence(state, legal, need)
    return plan[0].id if plan else decline


def answer_prompt(state: GameState, legal: Sequence[Action]) -> str:
    """An effect's question: yes to optional effects, the first of "choose one", and targets by
    owner: the opponent's best cards, your own best for a gain, your least for a cost."""
    prompt = state.prompt
    assert prompt is not None, "asked while an effect waits for an answer"
    if prompt.kind == "yes_no":
        return "yes"
    if prompt.kind == "option":
        return legal[0].id
    me = prompt.player
    paying = bool(state.pending) and state.pending[0].pc[:1] == ("cost",)
    picks = [a for a in legal if a.kind == "choose"]
    done = next((a.id for a in legal if a.kind == "choose_done"), None)
    if state.battle is not None:
        target = next((a for a in picks if a.target == state.battle.target), None)
        if target is not None and not paying:
            return target.id
    if not picks:
        return done or legal[0].id

    def worth(a: Action) -> float:
        where = locate(state, a.aimed_at)
        mine = where is not None and where[0] == me
        v = card_value(state, a.aimed_at)
        return -v if mine and paying else v

    return max(picks, key=worth).id


def trigger_choice(legal: Sequence[Action]) -> str:
    return next((a.id for a in legal if a.kind == "trigger"), legal[0].id)


def reflex(state: GameState, legal: Sequence[Action], lethal_only: bool = False) -> str | None:
    """The rule-of-thumb answer to any decision that is not a free Main-phase choice."""
    if state.prompt is not None:
        return answer_prompt(state, legal)
    if state.phase == "mulligan" and state.waiting_for is not None:
        return keep_hand(state, state.waiting_for)
    if state.battle is not None:
        if state.battle.step == "trigger":
            return trigger_choice(legal)
        return defend(state, legal, lethal_only)
    return None


@dataclass
class Work:
    """Engine moves simulated in this process so far. Search budgets are differences of this
    count: a count, not a clock, so a budgeted decision is the same for the same seed."""

    moves: int = 0


WORK = Work()


def trusted(state: GameState, action: Action) -> GameState:
    """The state after an ``Action`` known to be legal in ``state`` (taken from its
    ``legal_actions``, or checked by ``_quick``), through the engine's ``apply_action``, which
    skips re-deriving every legal action to validate it (the simulations' main cost)."""
    WORK.moves += 1
    return apply_action(state, action)[0]


# Plays a Block or Counter step (and as much of the battle as it decides at once): the state reached.
Defender = Callable[[GameState, Sequence[Action]], GameState]


def settle(state: GameState, limit: int = SETTLE_LIMIT, defender: Defender | None = None) -> GameState:
    """Answer every question by rule of thumb until someone has a free Main-phase decision, the
    turn changes, or the game ends. ``defender`` plays Block and Counter steps instead of
    the rule of thumb when given (L4 models a defender who weighs its options)."""
    turn = state.turn
    for _ in range(limit):
        if state.result is not None or state.turn != turn or state.waiting_for is None:
            return state
        if state.prompt is None and state.battle is None and state.phase == "main":
            return state
        legal = legal_actions(state)
        if (
            defender is not None
            and state.prompt is None
            and state.battle is not None
            and state.battle.step in ("block", "counter")
        ):
            state = defender(state, legal)
            continue
        choice = reflex(state, legal) or "end"
        state = trusted(state, next(a for a in legal if a.id == choice))
    return state


def _quick(state: GameState, action_id: str) -> Action | None:
    """The planner's frequent moves (give DON!!, attack, end) checked directly, without deriving
    every legal action: None when not one of those or not legal here."""
    p = state.waiting_for
    if (
        p is None
        or state.result is not None
        or state.prompt is not None
        or state.battle is not None
        or state.phase != "main"
        or p != state.active
    ):
        return None
    kind, _, rest = action_id.partition(":")
    ps = state.players[p]
    if kind == "end":
        return Action(id="end", kind="end_turn", label="")
    if kind == "don" and ps.don_active > 0:
        iid = int(rest)
        if any(c.iid == iid for c in (ps.leader, *ps.characters)):
            return Action(id=action_id, kind="give_don", card=iid, label="")
    if kind == "attack":
        iid, target = (int(x) for x in rest.split(":"))
        card = field_card(state, p, iid)
        if (
            card is not None
            and battle.can_attack(state, p, card)
            and any(t.iid == target for t in battle.attack_targets(state, p, card))
        ):
            return Action(id=action_id, kind="attack", card=iid, target=target, label="")
    return None


def after(state: GameState, action_id: str, defender: Defender | None = None) -> GameState | None:
    """The guessed state once ``action_id`` and everything it sets off has played out; None
    when the action is not legal in this state."""
    quick = _quick(state, action_id) if action_id.startswith(("don:", "attack:", "end")) else None
    nxt = trusted(state, quick) if quick is not None else try_apply(state, action_id)
    return None if nxt is None else settle(nxt, defender=defender)


def try_apply(state: GameState, action_id: str) -> GameState | None:
    """``apply`` on a guessed state, or None when the guess makes the action illegal."""
    WORK.moves += 1
    try:
        return apply(state, action_id)[0]
    except (IllegalAction, KeyError, AssertionError):
        return None


def distinct(state: GameState, legal: Sequence[Action]) -> list[Action]:
    """Legal actions without concession and without duplicates that cannot differ in outcome:
    playing or countering with one copy of a card is the same as with another copy."""
    hand = {c.iid: c.card for ps in state.players for c in ps.hand}
    seen: set[tuple[str | int | None, ...]] = set()
    out = []
    for a in legal:
        if a.kind == "concede":
            continue
        if a.kind == "choose" and a.target in hand:
            key: tuple[str | int | None, ...] = (a.kind, hand[a.target])
        elif a.kind in ("play", "counter", "counter_event") and a.card in hand:
            key = (a.kind, hand[a.card], a.target)
        else:
            key = (a.id,)
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out
