"""How good a position is for one player: the evaluation function of L2, L3 and L4.

Why these terms: a One Piece game is a race of Life against resources. Life is worth more the less
of it is left (at 0 the next hit loses), so its value is concave. A Life card lost becomes a card
in hand, which is why a hit early in the game costs little and a Counter spent costs a card. The
board is power and bodies; Blockers defend; DON!! on the field is tempo. During its own Main phase
a player also has a "threat": attackers that are still active and can reach the opposing Leader's
power, worth a little so that giving DON!! to an attacker before attacking scores above doing
nothing, but less than the hit itself, so that attacking scores above waiting.

Only what the evaluating player may know is read: the states it evaluates are its own guesses
(``observe.determinise``), and the opponent's hand counts by size only. Units are "about one card".
"""

from __future__ import annotations

from generator.play import battle
from generator.play.state import CardInstance, GameState
from generator.play.stats import keywords, power

WIN = 1000.0
LIFE = (0.0, 4.0, 7.0, 9.5, 11.5, 13.0, 14.2, 15.2)   # value of 0..7 Life cards
HAND_CARD = 1.0
COUNTER_PER_1000 = 0.35
DON_ON_FIELD = 0.45
KEYWORD = {"Blocker": 0.6, "Double Attack": 0.8, "Banish": 0.3, "Unblockable": 0.5, "Rush": 0.1}


def _life(n: int) -> float:
    return LIFE[min(n, len(LIFE) - 1)]


def body(state: GameState, owner: int, c: CardInstance) -> float:
    """A Character on the field: power without the DON!! given to it (that returns at Refresh),
    plus a base value for the body and its keywords."""
    pw = power(state, owner, c) - (1000 * c.don if owner == state.active else 0)
    kws = keywords(state, owner, c)
    return 0.6 + 0.45 * max(0, pw) / 1000 + sum(KEYWORD.get(k, 0.0) for k in kws)


def _side(state: GameState, q: int) -> float:
    ps = state.players[q]
    v = _life(len(ps.life)) + HAND_CARD * len(ps.hand)
    v += sum(body(state, q, c) for c in ps.characters)
    v += 0.8 if ps.stage is not None else 0.0
    v += DON_ON_FIELD * (ps.don_active + ps.don_rested + ps.leader.don
                         + sum(c.don for c in ps.characters))
    if len(ps.deck) < 4:
        v -= 3.0 * (4 - len(ps.deck))
    return v


def _counters(state: GameState, q: int) -> float:
    ps = state.players[q]
    total = sum(state.cards[c.card].counter or 0 for c in ps.hand
                if state.cards[c.card].category == "Character")
    return COUNTER_PER_1000 * total / 1000


def threat(state: GameState, p: int) -> float:
    """Attacks ``p`` still has this Main phase, by how far each clears the opposing Leader."""
    if state.active != p or state.phase != "main" or state.result is not None:
        return 0.0
    opp = state.players[1 - p]
    target = power(state, 1 - p, opp.leader)
    ps = state.players[p]
    out = 0.0
    for c in (ps.leader, *ps.characters):
        if not battle.can_attack(state, p, c) or opp.leader not in battle.attack_targets(
                state, p, c):
            continue
        over = power(state, p, c) - target
        if over >= 0:
            out += 0.9 + 0.22 * min(4, over // 1000 + 1)
    return out


def evaluate(state: GameState, p: int) -> float:
    """Player ``p``'s position, positive when ``p`` is ahead; a finished game is +/-``WIN``."""
    if state.result is not None:
        if state.result.winner == p:
            return WIN
        return -WIN if state.result.winner == 1 - p else -WIN / 2
    q = 1 - p
    return (_side(state, p) - _side(state, q) + _counters(state, p)
            + threat(state, p) - threat(state, q))
