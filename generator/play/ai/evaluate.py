"""How good a position is for one player: the evaluation function of L2, L3 and L4.

Why these terms: a One Piece game is a race of Life against resources. Life is worth more the less
of it is left (at 0 the next hit loses), so its value is concave. A Life card lost becomes a card
in hand, which is why a hit early in the game costs little. Cards in hand and the Counter power
they hold have a value (which ``Weights`` can make diminish), the board is bodies and power (a
rested Character on the opponent's turn can be marked as at risk), and DON!! on the field is
tempo. During its own Main phase a player also has a "threat": attackers still active that can
reach the opposing Leader's power, worth a little so that giving DON!! before attacking scores
above doing nothing, but less than the hit itself.

Only what the evaluating player may know is read: the states it evaluates are its own guesses
(``observe.determinise``), and the opponent's hand counts by size only. Units are "about one
card". ``Weights`` holds every number, so a benchmark can compare two sets of weights.

Tuning note (L2 against L2, 100 mirror games each): diminishing returns on cards in hand, a cap
on Counter power, a higher base value per body and a penalty for rested Characters each lost
(38-46%) against the plain weights below, so the plain weights are the default and the other
terms stay available at zero.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.play.engine import battle
from generator.play.engine.state import CardInstance, GameState
from generator.play.engine.stats import keywords, power

WIN = 1000.0


@dataclass(frozen=True)
class Weights:
    life: tuple[float, ...] = (0.0, 4.0, 7.0, 9.5, 11.5, 13.0, 14.2, 15.2)  # 0..7 Life cards
    hand: tuple[float, ...] = (1.0,)  # value of the n-th card in hand (last repeats)
    counter_per_1000: float = 0.35
    counter_cap: int = 99_000
    body_base: float = 0.6
    body_power: float = 0.45
    keyword: tuple[tuple[str, float], ...] = (
        ("Blocker", 0.6),
        ("Double Attack", 0.8),
        ("Banish", 0.3),
        ("Unblockable", 0.5),
    )
    exposed: float = 0.0  # share of a rested Character's value at risk
    stage: float = 0.8
    don: float = 0.45
    threat_base: float = 0.9
    threat_step: float = 0.22
    deck_low: int = 4
    deck_penalty: float = 3.0


DEFAULT = Weights()


def _life(n: int, w: Weights) -> float:
    return w.life[min(n, len(w.life) - 1)]


def _hand(n: int, w: Weights) -> float:
    return sum(w.hand[min(i, len(w.hand) - 1)] for i in range(n))


def body(state: GameState, owner: int, c: CardInstance, w: Weights = DEFAULT) -> float:
    """A Character on the field: power without the DON!! given to it (that returns at Refresh),
    plus a base value for the body and its keywords."""
    pw = power(state, owner, c) - (1000 * c.don if owner == state.active else 0)
    kws = keywords(state, owner, c)
    return w.body_base + w.body_power * max(0, pw) / 1000 + sum(v for k, v in w.keyword if k in kws)


def _side(state: GameState, q: int, w: Weights) -> float:
    ps = state.players[q]
    v = _life(len(ps.life), w) + _hand(len(ps.hand), w)
    exposed = state.active != q and state.phase == "main"
    for c in ps.characters:
        b = body(state, q, c, w)
        v += b * (1 - w.exposed) if exposed and c.rested else b
    v += w.stage if ps.stage is not None else 0.0
    v += w.don * (ps.don_active + ps.don_rested + ps.leader.don + sum(c.don for c in ps.characters))
    if len(ps.deck) < w.deck_low:
        v -= w.deck_penalty * (w.deck_low - len(ps.deck))
    return v


def _counters(state: GameState, q: int, w: Weights) -> float:
    ps = state.players[q]
    total = sum(state.cards[c.card].counter or 0 for c in ps.hand if state.cards[c.card].category == "Character")
    return w.counter_per_1000 * min(total, w.counter_cap) / 1000


def threat(state: GameState, p: int, w: Weights = DEFAULT) -> float:
    """Attacks ``p`` still has this Main phase, by how far each clears the opposing Leader."""
    if state.active != p or state.phase != "main" or state.result is not None:
        return 0.0
    opp = state.players[1 - p]
    target = power(state, 1 - p, opp.leader)
    ps = state.players[p]
    out = 0.0
    for c in (ps.leader, *ps.characters):
        if not battle.can_attack(state, p, c) or opp.leader not in battle.attack_targets(state, p, c):
            continue
        over = power(state, p, c) - target
        if over >= 0:
            out += w.threat_base + w.threat_step * min(4, over // 1000 + 1)
    return out


def evaluate(state: GameState, p: int, w: Weights = DEFAULT) -> float:
    """Player ``p``'s position, positive when ``p`` is ahead; a finished game is +/-``WIN``."""
    if state.result is not None:
        if state.result.winner == p:
            return WIN
        return -WIN if state.result.winner == 1 - p else -WIN / 2
    q = 1 - p
    return _side(state, p, w) - _side(state, q, w) + _counters(state, p, w) + threat(state, p, w) - threat(state, q, w)
