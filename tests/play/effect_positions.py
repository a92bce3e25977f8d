"""Positions for effect rulings: a few synthetic cards, any real cards a test names, and a board
built directly (as in test_rulings.py) so each test states exactly what it rules on.

Instance ids: Leaders 1 and 2, player 0's other cards from 100, player 1's from 500, in the order
characters, stage, hand, trash, life, deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from generator.models.onepiece import OnePieceCard
from generator.play.effects.compiler import compile_card
from generator.play.engine.api import apply, legal_actions
from generator.play.engine.state import CardInstance, Event, GameState, PlayerState
from generator.play.engine.support import supported


def card(
    cid: str,
    category: str = "Character",
    cost: int | None = 1,
    power: int | None = 1000,
    counter: int | None = None,
    life: int | None = None,
    effect: str | None = None,
    trigger: str | None = None,
    name: str | None = None,
    types: tuple[str, ...] = (),
    colors: tuple[str, ...] = ("Red",),
    attributes: tuple[str, ...] = (),
) -> OnePieceCard:
    return OnePieceCard(
        card_id=cid,
        name=name or f"Test {cid}",
        category=category,
        colors=colors,
        cost=cost,
        power=power,
        counter=counter,
        life=life,
        attributes=attributes,
        types=types,
        effect=effect,
        trigger=trigger,
        block=None,
        rarity=None,
        skus=(),
    )


BASE = {
    c.card_id: c
    for c in (
        card("TST-L01", "Leader", cost=None, power=5000, life=5),
        card("TST-V1K", power=1000, counter=1000),
        card("TST-V3K", cost=3, power=3000),
        card("TST-V5K", cost=5, power=5000),
        card("TST-EV2", "Event", cost=2, power=None, effect="[Main] Draw 1 card."),
        card("TST-STG", "Stage", cost=1, power=None),
    )
}


@dataclass
class Side:
    leader: str = "TST-L01"
    chars: list[str | tuple[str, dict]] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    trash: list[str] = field(default_factory=list)
    life: list[str] = field(default_factory=lambda: ["TST-V1K"] * 4)  # top first
    deck: list[str] = field(default_factory=lambda: ["TST-V1K"] * 20)  # top first
    don: int = 0  # active DON!! in the cost area
    rested_don: int = 0
    stage: str | None = None
    leader_state: dict = field(default_factory=dict)


def position(
    extra: Mapping[str, OnePieceCard] | list[OnePieceCard],
    a: Side,
    b: Side,
    turn: int = 3,
    active: int = 0,
) -> GameState:
    """A Main-phase position of player ``active`` on ``turn`` (3+ lets both battle)."""
    extra = {c.card_id: c for c in extra} if isinstance(extra, list) else dict(extra)
    cards = {**BASE, **extra}
    players = []
    for p, side in enumerate((a, b)):
        ids = iter(range(100 + 400 * p, 500 + 400 * p))

        def inst(cid: str, ids=ids, **kw: object) -> CardInstance:
            return CardInstance(iid=next(ids), card=cid, **kw)

        chars = tuple(inst(c) if isinstance(c, str) else inst(c[0], **c[1]) for c in side.chars)
        stage = inst(side.stage) if side.stage else None
        hand = tuple(inst(c) for c in side.hand)
        trash = tuple(inst(c) for c in side.trash)
        life = tuple(inst(c) for c in side.life)
        deck = tuple(inst(c) for c in side.deck)
        given = sum(c.don for c in chars) + side.leader_state.get("don", 0)
        players.append(
            PlayerState(
                leader=CardInstance(iid=p + 1, card=side.leader, **side.leader_state),
                characters=chars,
                stage=stage,
                hand=hand,
                trash=trash,
                life=life,
                deck=deck,
                don_active=side.don,
                don_rested=side.rested_don,
                don_deck=10 - side.don - side.rested_don - given,
            )
        )
    used = {c for ps in players for c in [ps.leader, *ps.field(), *ps.hand, *ps.trash, *ps.life, *ps.deck]}
    in_game = {c.card: cards[c.card] for c in used} | {cid: cards[cid] for cid in BASE}
    return GameState(
        cards=in_game,
        compiled={cid: supported(compile_card(c)) for cid, c in in_game.items()},
        players=(players[0], players[1]),
        first=0,
        turn=turn,
        active=active,
        phase="main",
        waiting_for=active,
        rng=1,
    )


def ids(state: GameState) -> list[str]:
    return [a.id for a in legal_actions(state)]


def play(state: GameState, *action_ids: str) -> tuple[GameState, list[Event]]:
    """Apply the actions in order; the events of all of them. A Life card without a [Trigger]
    that damage took is added to its owner's hand between them (``take_plain_life``) unless the
    next action given is that answer itself."""
    events: list[Event] = []
    for i, aid in enumerate(action_ids):
        state, ev = apply(state, aid)
        events.extend(ev)
        state, ev = take_plain_life(state, action_ids[i + 1 : i + 2])
        events.extend(ev)
    return state, events


ONE_ANSWER = ("no_counter", "no_trigger")


def take_plain_life(state: GameState, then: tuple[str, ...] = ()) -> tuple[GameState, list[Event]]:
    """Answer the questions the engine asks even when there is one answer, so that asking tells
    the other player nothing: the Counter step without a Counter to play, a Life card without a
    [Trigger] to add to hand. Tests not about them skip them, unless the next action they give
    (``then``) is that answer itself."""
    events: list[Event] = []
    while (only := [a for a in ids(state) if a != "concede"]) and len(only) == 1 and only[0] in ONE_ANSWER:
        if then == (only[0],):
            break
        state, ev = apply(state, only[0])
        events.extend(ev)
    return state, events


def answer_all(state: GameState, prefer: tuple[str, ...] = ("yes", "choose:done")) -> tuple[GameState, list[Event]]:
    """Answer every open prompt with the first legal id of ``prefer`` (else the first choice),
    and the one-answer questions after them (``take_plain_life``)."""
    events: list[Event] = []
    while state.prompt is not None:
        legal = ids(state)
        pick = next((p for p in prefer if p in legal), legal[0])
        state, ev = apply(state, pick)
        events.extend(ev)
        state, ev = take_plain_life(state)
        events.extend(ev)
    return state, events


def answer_seq(state: GameState, *action_ids: str) -> tuple[GameState, list[Event]]:
    """Answer the open prompts with these ids, in order, then any left with ``answer_all``."""
    events: list[Event] = []
    for aid in action_ids:
        if state.prompt is None:
            break
        state, ev = apply(state, aid)
        events.extend(ev)
    state, ev = answer_all(state)
    return state, events + ev


def play_first(state: GameState, *answers: str) -> tuple[GameState, list[Event]]:
    """Play the first card of the active player's hand, then answer its prompts (``answer_seq``)."""
    state, events = play(state, f"play:{state.players[state.active].hand[0].iid}")
    state, more = answer_seq(state, *answers)
    return state, events + more


def iids(cards) -> list[int]:
    return [c.iid for c in cards]


def names(state: GameState, cards) -> list[str]:
    return [state.cards[c.card].name for c in cards]


def guard(effect) -> tuple:
    """The conditions a card's "If X, ..." puts on an effect: the effect's own for a permanent or
    replacement effect, else those of the If it resolves (read at resolution, 8-3-2)."""
    from generator.play.effects import model as m

    if effect.conditions:
        return effect.conditions
    first = effect.actions[0] if effect.actions else None
    return first.conditions if isinstance(first, m.If) else ()
