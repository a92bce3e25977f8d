"""Whether an unsealed practice state is one this referee could have sealed, before the engine sees it.

Why: the development key is public (``make serve`` uses it), so anyone can seal a payload, and the
engine trusts its state the way a function trusts its own data: a well-typed but inconsistent
state (a player 5 to act, a prompt no effect asked, an effect frame pointing past its text, 40
DON!!) made it fail with IndexError, KeyError or AssertionError, or a view that could not be
typed (issue 33). ``problem`` reads the whole state against the invariants every sealed state
keeps (checked over thousands of real positions) and names the first one broken, in words a
client can act on; the referee answers 400 ``state_malformed`` with it.

The invariants:
- the cards: exactly those of the instances, each the card this catalog has under that id and
  compiled as the engine compiles it (the text decides what a card does, not the token);
- the players: ``first``, ``active``, ``waiting_for`` and a prompt's player are 0 or 1;
  ``waiting_for`` is empty exactly when the game is over; the turn player follows from ``first``
  and the turn (turn 0 is set-up, the first player's); a battle only in a Main phase, waiting
  for a player (no effect pending) only at its Block, Counter or [Trigger] step with both its
  cards on the field, holding a revealed Life card exactly while it checks Life;
- the cards in play: every instance once, ids 1-51 the first player's and 52-102 the second's
  (a Leader and 50 cards each, 5-1-2), wherever they are (Life, hand, a battle's revealed card);
  DON!! only on the Leader and Characters and ten per player in all (5-1-2, 6-5-5-1); a card out
  of play carries nothing (no DON!!, no modifier, not rested); at most 5 Characters (pydantic);
- a prompt: asked of the player the game waits for, by the effect at the head of the queue,
  over options of its kind (instance ids and cost-area DON!! as -1 to -10, or indexes of its
  labels) with bounds it can meet;
- every effect frame (queued, delayed, deferred): a controller, a card of the game, an effect
  that card has, a program counter that points into that effect's costs or actions, and
  instance ids for everything it has picked, looked at, held or remembered (``held`` also keeps a
  step's marks: -3 to 0).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import get_args

from generator.models.onepiece import OnePieceCard
from generator.play.decks.ladder_decks import engine_compiled
from generator.play.effects.model import Action as ActionNode
from generator.play.effects.model import AtEndOfTurn, ChooseOne, Effect, If, May
from generator.play.engine.setup import DECK_SIZE
from generator.play.engine.state import DON_PER_PLAYER, CardInstance, Frame, GameState, PlayerState, Replaceable

PER_PLAYER = DECK_SIZE + 1  # instance ids 1-51 are the first player's, 52-102 the second's
PLAYERS = (0, 1)
MAX_DAMAGE = 2  # Life cards one hit checks (Double Attack, 10-1-2)
_OPTION = re.compile(r"o(\d+)")
# ``Frame.held`` also keeps a step's own marks: top or bottom, "ends here" (``card_moves``) and the
# cost area as the place a DON!! came from (``don_moves``)
HELD_MARKS = frozenset({-3, -2, -1, 0})
# a choice may also offer (and a step may have picked) cost-area DON!! cards, as -1, -2... (``payable.rest_pool``)
DON_MARKS = frozenset(range(-DON_PER_PLAYER, 0))


def problem(state: GameState, cards: Mapping[str, OnePieceCard]) -> str | None:
    """The first invariant ``state`` breaks, said for the client; None when it keeps them all."""
    owners = _owners(state)
    if isinstance(owners, str):
        return owners
    for check in (_cards(state, cards), _players(state), _play(state), _battle(state, owners)):
        if check is not None:
            return check
    return _prompt(state, owners) or _frames(state, owners)


def _instances(ps: PlayerState) -> tuple[CardInstance, ...]:
    return (*ps.field(), *ps.hand, *ps.deck, *ps.life, *ps.trash)


def _owners(state: GameState) -> dict[int, int] | str:
    """Instance id -> its owner, or the problem with the instances."""
    owners: dict[int, int] = {}
    revealed = state.battle.revealed if state.battle is not None else None
    for p, ps in enumerate(state.players):
        extra = (revealed,) if revealed is not None and p != state.active else ()
        for card in (*_instances(ps), *extra):
            if card.iid in owners:
                return f"card instance {card.iid} is in two places at once"
            owners[card.iid] = p
    if set(owners) != set(range(1, 2 * PER_PLAYER + 1)):
        return f"the game must hold card instances 1-{2 * PER_PLAYER}, each once (a Leader and {DECK_SIZE} cards each)"
    if any((iid <= PER_PLAYER) != (p == 0) for iid, p in owners.items()):
        return f"card instances 1-{PER_PLAYER} are player 0's and the rest player 1's, wherever they are"
    return owners


def _cards(state: GameState, cards: Mapping[str, OnePieceCard]) -> str | None:
    used = {c.card for ps in state.players for c in _instances(ps)}
    if state.battle is not None and state.battle.revealed is not None:
        used.add(state.battle.revealed.card)
    if set(state.cards) != used or set(state.compiled) != used:
        return "the state's card definitions must be exactly the cards of its instances"
    for cid in sorted(used):
        if cards.get(cid) != state.cards[cid]:
            return f"card {cid} is not as this server knows it: a forged state, or one dealt before its data changed"
        if state.compiled[cid] != engine_compiled(state.cards[cid]):
            return f"card {cid}'s effects are not what its text compiles to"
    return None


def _players(state: GameState) -> str | None:
    if state.first not in PLAYERS or state.active not in PLAYERS:
        return "first and active must each be player 0 or 1"
    over = state.result is not None
    if over != (state.phase == "over") or over != (state.waiting_for is None):
        return "a game is over exactly when it has a result, phase over and nobody to wait for"
    if state.waiting_for is not None and state.waiting_for not in PLAYERS:
        return "waiting_for must be player 0 or 1 while the game goes on"
    if state.result is not None:
        result = state.result
        if (
            result.winner not in (None, *PLAYERS)
            or not set(result.losers) <= set(PLAYERS)
            or result.winner in result.losers
        ):
            return "a result names players 0 and 1 only, and its winner is not a loser"
        return None
    setting_up = state.phase in ("setup", "mulligan")
    if state.turn < 0 or setting_up != (state.turn == 0):
        return "turn 0 is the set-up (phases setup and mulligan); play starts at turn 1"
    turn_player = state.first if state.turn == 0 or state.turn % 2 else 1 - state.first
    if state.active != turn_player:
        return "the active player must be the first player on odd turns and the other on even ones"
    return None


def _play(state: GameState) -> str | None:
    """DON!!, and what cards carry where they are."""
    for p, ps in enumerate(state.players):
        if ps.don_total() != DON_PER_PLAYER:
            return f"player {p} must have {DON_PER_PLAYER} DON!! in all (DON!! deck, cost area and given)"
        if ps.stage is not None and ps.stage.don:
            return "DON!! can be given to a Leader or a Character only"
        for card in (*ps.field(),):
            if card.played_turn > state.turn or card.played_turn < 0:
                return f"card instance {card.iid} was played on a turn that has not come"
        for card in (*ps.hand, *ps.deck, *ps.life, *ps.trash):
            if card.don or card.rested or card.mods or card.once or card.played_turn:
                return f"card instance {card.iid} is out of play and cannot carry DON!!, modifiers or a rested state"
    return None


def _battle(state: GameState, owners: dict[int, int]) -> str | None:
    b = state.battle
    if b is None:
        return None
    if state.phase != "main" or state.result is not None:
        return "a battle happens only in a Main phase of a game that goes on"
    if owners.get(b.attacker) != state.active or owners.get(b.target) != 1 - state.active:
        return "a battle's attacker must be the active player's card and its target the other player's"
    if not 0 <= b.damage_left <= MAX_DAMAGE:
        return f"a battle checks 0 to {MAX_DAMAGE} Life cards"
    if (b.revealed is not None) != (b.step in ("life", "trigger")):
        return "a battle holds a revealed Life card exactly while its Damage step checks Life"
    if state.prompt is None and not state.pending:  # the battle itself waits for a player
        fielded = {c.iid for c in (*state.players[state.active].field(), *state.players[1 - state.active].field())}
        if b.step not in ("block", "counter", "trigger") or not {b.attacker, b.target} <= fielded:
            return "a battle waits for a player only at its Block, Counter or [Trigger] step, both cards on the field"
    return None


def _prompt(state: GameState, owners: dict[int, int]) -> str | None:
    prompt = state.prompt
    if prompt is None:
        return None
    if prompt.player != state.waiting_for or not state.pending:
        return "a question is asked of the player the game waits for, by the effect being resolved"
    if not 0 <= prompt.min <= prompt.max:
        return "a question's bounds must be 0 <= min <= max"
    if prompt.kind == "yes_no" and (prompt.options or prompt.labels):
        return "a yes-or-no question has no options"
    if prompt.kind == "option" and not set(prompt.options) <= set(range(len(prompt.labels))):
        return "a question's options must be indexes of its labels"
    if prompt.kind == "choose" and (
        not prompt.options
        or len(set(prompt.options)) != len(prompt.options)
        or not set(prompt.options) <= owners.keys() | DON_MARKS
        or prompt.max > len(prompt.options)
    ):
        return "a choice is among distinct card instances of the game, at most as many as offered"
    return None


def _frames(state: GameState, owners: dict[int, int]) -> str | None:
    deferred = state.battle.deferred if state.battle is not None else ()
    for frame in (*state.pending, *state.delayed, *deferred):
        found = _frame(state, frame, owners)
        if found is not None:
            return f"an effect of card {frame.card!r}: {found}"
    return None


def _frame(state: GameState, frame: Frame, owners: dict[int, int]) -> str | None:
    if frame.controller not in PLAYERS or frame.card not in state.compiled:
        return "its controller must be player 0 or 1 and its card one of the game"
    compiled = state.compiled[frame.card]
    if frame.effect == -1:
        if compiled.trigger is None:
            return "the card has no [Trigger]"
        effect = compiled.trigger
    elif 0 <= frame.effect < len(compiled.effects):
        effect = compiled.effects[frame.effect]
    else:
        return f"the card has no effect {frame.effect}"
    ids: Iterable[int] = (frame.source, *frame.looked, *frame.memo)
    known = owners.keys()
    if not set(ids) <= known or not set(frame.picked) <= known | DON_MARKS or not set(frame.held) <= known | HELD_MARKS:
        return "it names card instances the game does not have"
    return None if _pc_valid(effect, frame.pc) else "its step is not a step of that effect"


def _pc_valid(effect: Effect, pc: tuple[str | int, ...]) -> bool:
    """The frame's program counter points at something the engine runs (``interpret.step``)."""
    head, rest = pc[0] if pc else None, pc[1:]
    if head in ("start", "optional"):
        return not rest
    if head == "cost":
        return len(rest) == 1 and _index(rest[0], len(effect.costs) + 1)  # one past the last: the conditions
    if head == "offer":
        return len(rest) == 1 and rest[0] in get_args(Replaceable)
    return head == "act" and bool(rest) and _reaches(effect.actions, rest)


def _index(value: str | int, size: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def _reaches(actions: tuple[ActionNode, ...], path: tuple[str | int, ...]) -> bool:
    """``path`` leads to an action: ints index action tuples, ``"o<i>"`` picks a ChooseOne's option."""
    node: ActionNode | None = None
    seq = actions
    for idx in path:
        if isinstance(idx, str):
            found = _OPTION.fullmatch(idx)
            if not isinstance(node, ChooseOne) or found is None or int(found[1]) >= len(node.options):
                return False
            seq = node.options[int(found[1])]
            continue
        if not _index(idx, len(seq)):
            return False
        node = seq[idx]
        seq = node.actions if isinstance(node, (If, May, AtEndOfTurn)) else ()
    return node is not None
