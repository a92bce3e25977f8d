"""What an AI player is allowed to know, and how it imagines the rest.

Why a masked state and not the engine's ``view`` dict: the stronger levels search by running the
rules, and the rules run on a ``GameState``. So an AI never receives the real state: it receives
an ``Observation`` whose state has every card it may not see replaced by a placeholder (card id
``"?"``), the RNG state wiped (it would predict every future shuffle), and the card dictionaries
cut down to cards it has seen or owns (the full dictionary would list the opponent's deck).

Hidden from player ``p`` (3-1-4, 3-2-2, 3-4-3, 3-10-2): the opponent's hand, both decks' order,
both Life areas but their face-up cards (3-10-2-1), a Life card the opponent is deciding a
[Trigger] on. Seen anyway: cards a prompt of ``p`` offers (they were revealed to ``p``), cards
``p``'s own effect is looking at. ``p`` also knows its own decklist, so ``own_unseen`` is the
sorted multiset of its cards in deck and Life.

``determinise`` fills the placeholders with one consistent guess: the player's own unseen cards
shuffled, and for the opponent a prior deck (the typical deck ``decks.main_deck`` would build for
that Leader) minus the opponent's cards already seen. Searching over many such guesses is what
"determinised" search means (L3 and L4).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from generator.models.onepiece import OnePieceCard
from generator.play.decks.ladder_decks import engine_compiled, main_deck
from generator.play.decks.rules import RulesData, load_rules
from generator.play.engine.state import CardInstance, GameState, PlayerState

HIDDEN = "?"
HIDDEN_CARD = OnePieceCard(
    card_id=HIDDEN,
    name="hidden card",
    category="Character",
    colors=(),
    cost=0,
    power=0,
    counter=None,
    life=None,
    attributes=(),
    types=(),
    effect=None,
    trigger=None,
    block=None,
    rarity=None,
    skus=(),
)


@dataclass(frozen=True)
class Observation:
    """One player's knowledge of a game: a masked state plus its own unseen decklist."""

    player: int
    state: GameState
    own_unseen: tuple[str, ...]


def _seen_iids(state: GameState, p: int) -> set[int]:
    """Instances in secret areas that ``p`` has been shown by the current prompt or effect."""
    seen: set[int] = set()
    if state.prompt is not None and state.prompt.player == p and state.prompt.kind == "choose":
        seen.update(state.prompt.options)
    if state.pending and state.pending[0].controller == p:
        seen.update(state.pending[0].looked)
    return seen


def _mask(cards: tuple[CardInstance, ...], seen: set[int]) -> tuple[CardInstance, ...]:
    return tuple(c if c.iid in seen or c.card == HIDDEN else c.model_copy(update={"card": HIDDEN}) for c in cards)


def observe(state: GameState, p: int) -> Observation:
    """The state as player ``p`` may know it (see the module docstring)."""
    seen = _seen_iids(state, p)
    me, opp = state.players[p], state.players[1 - p]
    seen |= {c.iid for c in (*me.life, *opp.life) if c.face_up}  # open to both (3-10-2-1)
    own_unseen = tuple(sorted(c.card for c in (*me.deck, *me.life)))
    me = me.model_copy(update={"deck": _mask(me.deck, seen), "life": _mask(me.life, seen)})
    opp = opp.model_copy(
        update={"hand": _mask(opp.hand, seen), "deck": _mask(opp.deck, seen), "life": _mask(opp.life, seen)}
    )
    players = (me, opp) if p == 0 else (opp, me)
    battle = state.battle
    if battle is not None and battle.revealed is not None and p == state.active and battle.step == "trigger":
        battle = battle.model_copy(update={"revealed": battle.revealed.model_copy(update={"card": HIDDEN})})
    known = {c.card for ps in players for z in _zones(ps) for c in z} | set(own_unseen)
    known |= {f.card for f in state.pending}
    if battle is not None and battle.revealed is not None:
        known.add(battle.revealed.card)
    known.discard(HIDDEN)
    masked = state.model_copy(
        update=dict(
            players=players,
            battle=battle,
            rng=0,
            cards={**{k: state.cards[k] for k in sorted(known)}, HIDDEN: HIDDEN_CARD},
            compiled={**{k: state.compiled[k] for k in sorted(known)}, HIDDEN: engine_compiled(HIDDEN_CARD)},
        )
    )
    return Observation(player=p, state=masked, own_unseen=own_unseen)


def _zones(ps: PlayerState) -> tuple[tuple[CardInstance, ...], ...]:
    return (ps.field(), ps.hand, ps.deck, ps.life, ps.trash)


@dataclass(eq=False)
class Priors:
    """The AI's guess at an unseen deck, per Leader: built once per card pool and Leader."""

    cards: Mapping[str, OnePieceCard]
    rules: RulesData = field(default_factory=load_rules)
    _decks: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def deck_for(self, leader_id: str) -> tuple[str, ...]:
        if leader_id not in self._decks:
            try:
                self._decks[leader_id] = main_deck(self.cards, leader_id, self.rules)
            except (KeyError, IndexError):
                self._decks[leader_id] = ()
        return self._decks[leader_id]


def _fill(zone: tuple[CardInstance, ...], supply: list[str]) -> tuple[CardInstance, ...]:
    out = []
    for c in zone:
        if c.card == HIDDEN and supply:
            c = c.model_copy(update={"card": supply.pop()})
        out.append(c)
    return tuple(out)


def determinise(obs: Observation, rng: random.Random, priors: Priors) -> GameState:
    """One complete state consistent with ``obs``: every placeholder becomes a real card."""
    s, p = obs.state, obs.player
    me, opp = s.players[p], s.players[1 - p]
    shown = Counter(c.card for c in (*me.deck, *me.life) if c.card != HIDDEN)
    own = list((Counter(obs.own_unseen) - shown).elements())
    rng.shuffle(own)
    me = me.model_copy(update={"deck": _fill(me.deck, own), "life": _fill(me.life, own)})

    prior = (
        priors.deck_for(opp.leader.card)
        or tuple(c.card for z in _zones(opp) for c in z if c.card != HIDDEN)
        or (opp.leader.card,)
    )
    public = Counter(c.card for z in _zones(opp) for c in z if c.card != HIDDEN)
    guess = list((Counter(prior) - public).elements())
    need = sum(c.card == HIDDEN for z in (opp.hand, opp.deck, opp.life) for c in z)
    while len(guess) < need:
        guess.append(rng.choice(prior))
    rng.shuffle(guess)
    opp = opp.model_copy(
        update={"hand": _fill(opp.hand, guess), "deck": _fill(opp.deck, guess), "life": _fill(opp.life, guess)}
    )
    players = (me, opp) if p == 0 else (opp, me)
    battle = s.battle
    if battle is not None and battle.revealed is not None and battle.revealed.card == HIDDEN:
        battle = battle.model_copy(update={"revealed": battle.revealed.model_copy(update={"card": rng.choice(prior)})})
    ids = {c.card for ps in players for z in _zones(ps) for c in z}
    if battle is not None and battle.revealed is not None:
        ids.add(battle.revealed.card)
    missing = sorted(ids - set(s.cards))
    cards = {**s.cards, **{k: priors.cards[k] for k in missing}}
    compiled = {**s.compiled, **{k: engine_compiled(priors.cards[k]) for k in missing}}
    return s.model_copy(
        update={"players": players, "battle": battle, "cards": cards, "compiled": compiled, "rng": rng.getrandbits(64)}
    )
