"""POST /api/v1/play/practice: a stateless referee for a match against the ladder AI.

Why stateless: nothing is stored, no identity is minted and no reward exists, so any replica can
answer any request. The caller carries the whole game as ``state``, a token sealed with
AES-256-GCM (``seal``): it can be carried, not read (it holds the AI's hand, both decks' order,
the Life cards and the RNG) and not forged.

Requests (JSON object, at most 64 KiB, strict: unknown members are refused)::

    {"op": "new", "level": 0-4, "seed"?: int, "deck"?: {"leader_id", "main_deck_card_ids"}}
    {"op": "move", "state": <token>, "action_id": str, "choices"?: {"then": [action id, ...]}}

``new`` deals a match: you are player 0, the AI player 1; who goes first is the seeded coin. A
deck you send is checked by the deck validator (Standard, on the request date) and refused with
its violations; without one you get a starter deck built like the AI's (``decks``). ``move``
applies your action (``choices.then`` answers the prompts it opens, see ``api.apply``), then the
AI plays until you must act or the game ends. Every answer: ``state`` (the new token), ``view``
(your view), ``log`` (narrated, typed events as you may see them, the AI's moves included),
``legal_actions`` (yours, attacks with a damage preview from public information),
``waiting_for`` and ``result``.

Seeds: the shuffles use ``HMAC-SHA256(key, seed)``, not the seed itself, so a known seed does not
let a client recompute the AI's hand; the same seed on the same deployment deals the same game.

Stale tokens: a token is a complete game position, so the referee cannot tell a replayed older
token from the newest one without storing something, and it stores nothing. What it does: every
token carries the game id and move number (``game_id``, ``ply``, also in each answer, so a
client can see what it sends; the ``ply`` shown counts the moves you can see being made, see
``hidden_answer``), an action must be legal in the token's own position (else 400
``illegal_action``), and play is deterministic: replaying a token with the same action gives the
same continuation, including every shuffle (the RNG is sealed inside), so a replay can take a
move back but never re-roll luck. What replay does allow, and the answer's ``notes`` say: a
player can play on from an older token to see what comes (the AI's next turn, their own next
draw), then rewind and choose knowing it. That harms nobody here: practice has no rewards, no
ranking and no stored result. A rated or competitive mode would need the server to keep each
game's position (and refuse all but the newest token): server-side state, out of scope.

Forged states: the development key is public, so a token may hold anything; its payload is
validated as a whole (``state_check``) before the engine sees it, and refused with 400
``state_malformed`` naming what is wrong.

Errors: 400 ``{error: {code, message}}`` with codes ``body_too_large``, ``not_utf8``,
``not_json``, ``not_an_object``, ``missing_member``, ``unknown_member``, ``wrong_type``,
``unknown_op``, ``level_out_of_range``, ``seed_out_of_range``, ``invalid_deck`` (with
``violations``), ``state_malformed``, ``state_version``, ``state_rejected`` (see ``seal``),
``game_over``, ``illegal_action`` (with ``legal_action_ids``).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import random
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, Literal, TypedDict

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from generator.models.onepiece import OnePieceCard
from generator.play.ai import DESCRIPTIONS, make_ai
from generator.play.ai.match import ai_move
from generator.play.ai.observe import Priors
from generator.play.ai.turn import Turn
from generator.play.decks.ladder_decks import build_deck
from generator.play.decks.request import DeckRequest
from generator.play.decks.rules import RulesData, load_rules
from generator.play.decks.validator import normalise_ref, validate_deck
from generator.play.engine.api import Deck, GameState, IllegalAction, apply, legal_actions, new_game, redact, view
from generator.play.engine.state import Event
from generator.play.protocol.narration import Narrator, public_names
from generator.play.protocol.seal import SealError, seal, unseal
from generator.play.protocol.state_check import problem
from generator.web.body import BodyError, json_object

# A sealed state is 7.3-7.7 KB over a whole level-4 game (every instance of both decks is always in
# it); 64 KiB leaves eight times that. A larger bound only buys a caller event-loop time: 1 MB of
# junk took 30 ms to parse and refuse (issue 34).
MAX_BODY_BYTES = 64 * 1024
HUMAN, AI = 0, 1
PAYLOAD_VERSION = 1
MAX_AI_MOVES = 3000
MAX_THEN = 64
SEED_LIMIT = 2**63
MEMBERS = {"new": ({"op", "level"}, {"seed", "deck"}), "move": ({"op", "state", "action_id"}, {"choices"})}
NOTES = (
    "Nothing is stored and no identity is minted: the sealed state is the whole game.",
    "Replaying an older state token continues that older position deterministically; "
    "the referee cannot detect it without storing games, which it does not.",
    "So a replay lets you play on to see the AI's next turn and your own next draw, then rewind "
    "and choose knowing them. Practice has no rewards, ranking or stored result, so this costs "
    "no one anything; a rated or competitive mode would need server-side game state (out of scope).",
)


class Undealable(ValueError):
    """The card pool cannot make a legal, fully-compiled deck: a fact about the catalog (503),
    never raised for anything a request or its state holds (its callers catch it by name)."""


class PracticeError(ValueError):
    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code, self.message, self.extra = code, message, extra

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, **self.extra}}


def practice(
    body: bytes,
    cards: Mapping[str, OnePieceCard],
    key: bytes,
    now: datetime,
    entropy: Callable[[int], bytes] = os.urandom,
    rules: RulesData | None = None,
    priors: Priors | None = None,
) -> tuple[int, dict[str, Any]]:
    """Answer one practice request: ``(200, response)`` or ``(400, {error: {code, message}})``.
    ``entropy`` supplies nonces and seeds (tests and the example match pass a fixed one);
    ``priors`` is the AI's guess at unseen decks over ``cards`` (a process that answers many
    requests keeps one: it is a pure function of the cards, filled per Leader as it is needed).
    Raises ``Undealable`` when the card pool cannot make a legal, fully-compiled deck."""
    try:
        request = parse(body)
        if request["op"] == "new":
            return 200, _new(request, cards, key, now, entropy, rules or load_rules(), priors)
        return 200, _move(request, cards, key, entropy, priors)
    except PracticeError as err:
        return 400, err.body()


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse(body: bytes) -> dict[str, Any]:
    """The request, checked member by member; ``PracticeError`` names the first problem."""
    try:
        doc = json_object(body, MAX_BODY_BYTES, "a JSON object with an op")
    except BodyError as exc:
        raise PracticeError(exc.code, exc.message) from None
    op = _op(doc)
    required, optional = MEMBERS[op]
    _members(doc, required, optional, "")
    if op == "new":
        _check_new(doc)
    else:
        _check_move(doc)
    return doc


def _op(doc: dict[str, Any]) -> str:
    """The request's ``op``: present, a string, and one this referee knows."""
    op = doc.get("op")
    if "op" not in doc:
        raise PracticeError("missing_member", 'op is required: "new" or "move".')
    if not isinstance(op, str):
        raise PracticeError("wrong_type", "op must be a JSON string.")
    if op not in MEMBERS:
        raise PracticeError("unknown_op", f'op {op!r} is not one of "new", "move".')
    return op


def _check_new(doc: dict[str, Any]) -> None:
    """``new``: a level 0-4, a seed in range when given, a deck of the right shape when given."""
    if not _is_int(doc["level"]):
        raise PracticeError("wrong_type", "level must be an integer 0-4.")
    if not 0 <= doc["level"] <= 4:
        raise PracticeError("level_out_of_range", "level must be 0, 1, 2, 3 or 4.")
    if "seed" in doc:
        if not _is_int(doc["seed"]):
            raise PracticeError("wrong_type", "seed must be an integer.")
        if not 0 <= doc["seed"] < SEED_LIMIT:
            raise PracticeError("seed_out_of_range", f"seed must be 0 to {SEED_LIMIT - 1}.")
    if "deck" in doc:
        _deck_shape(doc["deck"])


def _check_move(doc: dict[str, Any]) -> None:
    """``move``: a state token and an action id, both strings, and ``choices`` of the right shape."""
    for name in ("state", "action_id"):
        if not isinstance(doc[name], str):
            raise PracticeError("wrong_type", f"{name} must be a JSON string.")
    if "choices" in doc:
        choices = doc["choices"]
        if not isinstance(choices, dict):
            raise PracticeError("wrong_type", 'choices must be an object {"then": [ids]}.')
        _members(choices, set(), {"then"}, "choices.")
        then = choices.get("then", [])
        if not isinstance(then, list) or len(then) > MAX_THEN or not all(isinstance(x, str) for x in then):
            raise PracticeError("wrong_type", f"choices.then must be an array of at most {MAX_THEN} action id strings.")


def _members(doc: dict[str, Any], required: set[str], optional: set[str], prefix: str) -> None:
    for name in sorted(required - set(doc)):
        raise PracticeError("missing_member", f"{prefix}{name} is required.")
    for name in sorted(set(doc) - required - optional):
        raise PracticeError("unknown_member", f"{prefix}{name} is not a member of this request.")


def _deck_shape(deck: object) -> None:
    if not isinstance(deck, dict):
        raise PracticeError("wrong_type", "deck must be an object {leader_id, main_deck_card_ids}.")
    _members(deck, {"leader_id", "main_deck_card_ids"}, set(), "deck.")
    ids = deck["main_deck_card_ids"]
    if not isinstance(deck["leader_id"], str):
        raise PracticeError("wrong_type", "deck.leader_id must be a JSON string.")
    if not isinstance(ids, list) or not all(isinstance(x, str) for x in ids):
        raise PracticeError("wrong_type", "deck.main_deck_card_ids must be an array of strings.")


def game_seed(key: bytes, seed: int) -> int:
    """The engine seed for a request seed: keyed, so a public seed does not reveal the deal."""
    digest = hmac.new(key, f"cardpantry-practice-seed:{seed}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def _user_deck(
    spec: dict[str, Any], cards: Mapping[str, OnePieceCard], rules: RulesData, now: datetime
) -> tuple[Deck, dict[str, Any]]:
    try:
        request = DeckRequest(
            leader_id=spec["leader_id"], format="standard", main_deck_card_ids=tuple(spec["main_deck_card_ids"])
        )
    except ValidationError as exc:
        raise PracticeError("wrong_type", f"deck: {exc.errors()[0]['msg']}.") from None
    verdict = validate_deck(request, cards, rules, now.date())
    if not verdict.valid:
        raise PracticeError(
            "invalid_deck",
            "The deck is not legal in Standard; see violations.",
            violations=[v.model_dump(mode="json") for v in verdict.violations],
        )
    deck = Deck(
        leader=normalise_ref(request.leader_id)[0], main=tuple(normalise_ref(r)[0] for r in request.main_deck_card_ids)
    )
    return deck, {
        "leader_id": deck.leader,
        "main_deck_card_ids": sorted(deck.main),
        "note": "Your deck, checked by the deck validator (Standard).",
        "validation": {
            "valid": True,
            "format": "standard",
            "checked_at_date": verdict.checked_at_date.isoformat(),
            "warnings": [w.code for w in verdict.warnings],
        },
    }


def _new(
    req: dict[str, Any],
    cards: Mapping[str, OnePieceCard],
    key: bytes,
    now: datetime,
    entropy: Callable[[int], bytes],
    rules: RulesData,
    priors: Priors | None,
) -> dict[str, Any]:
    level = req["level"]
    seed = req["seed"] if "seed" in req else int.from_bytes(entropy(8), "big") >> 1
    gseed = game_seed(key, seed)
    try:
        ai_deck = build_deck(cards, seed, role="ai", level=level, rules=rules)
        if "deck" in req:
            human, yours = _user_deck(req["deck"], cards, rules, now)
        else:
            starter = build_deck(cards, seed, role="starter", rules=rules)
            human, yours = starter.deck(), starter.describe()
        order = list(ai_deck.main)
        random.Random(gseed).shuffle(order)  # instance ids follow list order: keep it secret too
        state = new_game(cards, human, Deck(leader=ai_deck.leader, main=tuple(order)), seed=gseed)
    except PracticeError:
        raise
    except ValueError as exc:  # the card pool cannot make the AI (or the starter) a legal deck
        raise Undealable(str(exc)) from None
    game = Game(id=hashlib.sha256(f"game:{gseed}".encode()).hexdigest()[:24], seed=gseed, level=level, ply=0, shown=0)
    out = _advance(game, state, [], cards, key, entropy, priors)
    out["seed"] = seed
    out["decks"] = {"you": yours, "ai": ai_deck.describe()}
    return out


class SealedGame(BaseModel):
    """The game record inside a sealed token. The development key is public, so anyone can mint a
    token: every member is checked (strict types, a real level) before the referee trusts it."""

    model_config = ConfigDict(frozen=True, strict=True, extra="forbid")
    id: str
    seed: int = Field(ge=0)
    level: Literal[0, 1, 2, 3, 4]
    ply: int = Field(ge=0)
    shown: int = Field(default=0, ge=0)  # the moves player 0 can see being made (``hidden_answer``)


# The AI's answers the human must not read anything into: an effect's question (a prompt) is
# asked only when there is something to choose, so its asking can depend on the AI's hidden
# cards; declining a [Trigger] or a Counter is hidden too, as the AI's hand is (the engine asks
# about every Life card taken and always holds the Counter step, so their asking tells nothing).
# A separate numbered AI move in the log (or in ``ply``) would tell the human so; these answers
# are shown as part of the move before. Using a [Trigger] or a Counter is not hidden.
HIDDEN_DECLINES = frozenset({"no_trigger", "no_counter"})


def hidden_answer(state: GameState, action_id: str) -> bool:
    """Whether ``action_id``, taken in ``state``, answers a question the other player must not
    learn was asked."""
    return state.prompt is not None or action_id in HIDDEN_DECLINES


class Game(TypedDict):
    """A ``SealedGame`` as the referee carries it between moves (the same members, in order)."""

    id: str
    seed: int
    level: int
    ply: int
    shown: int


# One move the answer narrates: (ply shown, who moved, action id, state before, state after, events).
Step = tuple[int, int, str, GameState, GameState, list[Event]]


def _malformed(why: str) -> PracticeError:
    return PracticeError("state_malformed", f"state does not hold a game this referee sealed ({why}); start a new game")


def _open(token: str, key: bytes, cards: Mapping[str, OnePieceCard]) -> tuple[Game, GameState]:
    """The game in a token, validated as a whole (``state_check``) before the engine sees it: the
    development key is public, so a token may hold anything well-formed JSON can."""
    try:
        doc = orjson.loads(unseal(token, key))
        if not isinstance(doc, dict) or doc.get("v") != PAYLOAD_VERSION:
            raise SealError("state_version", "state was sealed by another referee version")
        game, state = SealedGame.model_validate(doc["game"]), GameState.model_validate(doc["state"])
    except SealError as err:
        raise PracticeError(err.code, err.message) from None
    except (orjson.JSONDecodeError, KeyError, TypeError, AttributeError, ValidationError):
        raise _malformed("it is not a game record of the published game-state schema") from None
    if game.shown > game.ply:
        raise _malformed("it counts more moves shown than made")
    found = problem(state, cards)
    if found is None and state.result is None and state.waiting_for != HUMAN:
        found = "it waits for the AI, and the referee answers only once the AI has played"
    if found is not None:
        raise _malformed(found)
    return Game(id=game.id, seed=game.seed, level=game.level, ply=game.ply, shown=game.shown), state


def _move(
    req: dict[str, Any],
    cards: Mapping[str, OnePieceCard],
    key: bytes,
    entropy: Callable[[int], bytes],
    priors: Priors | None,
) -> dict[str, Any]:
    game, state = _open(req["state"], key, cards)
    if state.result is not None:
        raise PracticeError("game_over", 'This game is over; start a new one with op "new".')
    try:
        legal = legal_actions(state)
    except (IndexError, KeyError, AssertionError, ValueError, TypeError, AttributeError):
        # the referee listed this position's moves when it sealed it: a position where that fails was not sealed here
        raise _malformed("the engine cannot list the moves of its position") from None
    try:
        nxt, events = apply(state, req["action_id"], req.get("choices"))
    except IllegalAction as exc:
        raise PracticeError("illegal_action", f"{exc}", legal_action_ids=[a.id for a in legal]) from None
    steps: list[Step] = [(game["shown"], HUMAN, req["action_id"], state, nxt, events)]
    game = {**game, "ply": game["ply"] + 1, "shown": game["shown"] + 1}
    return _advance(game, nxt, steps, cards, key, entropy, priors)


def _advance(
    game: Game,
    state: GameState,
    steps: list[Step],
    cards: Mapping[str, OnePieceCard],
    key: bytes,
    entropy: Callable[[int], bytes],
    priors: Priors | None,
) -> dict[str, Any]:
    """Let the AI play until the human must act or the game ends, then answer."""
    policy = make_ai(game["level"], cards, priors)
    turn = Turn(policy.turn_budget)  # every AI decision of this request shares one budget
    for _ in range(MAX_AI_MOVES):
        if state.result is not None or state.waiting_for != AI:
            break
        choice = ai_move(policy, state, game["seed"], game["ply"], turn=turn)
        nxt, events = apply(state, choice)
        hidden = hidden_answer(state, choice) and bool(steps)
        ply, actor, action = steps[-1][:3] if hidden else (game["shown"], AI, choice)
        steps.append((ply, actor, action, state, nxt, events))
        game, state = {**game, "ply": game["ply"] + 1, "shown": game["shown"] + int(not hidden)}, nxt
    payload = orjson.dumps({"v": PAYLOAD_VERSION, "game": game, "state": state.model_dump(mode="json")})
    return respond(game, state, steps, cards, seal(payload, key, entropy(12)))


def respond(
    game: Game, state: GameState, steps: list[Step], cards: Mapping[str, OnePieceCard], token: str
) -> dict[str, Any]:
    """The answer for the human: only what ``view`` and ``redact`` let player 0 see."""
    narrator = Narrator(cards, HUMAN)
    log: list[dict[str, Any]] = []
    for ply, actor, action, before, after, events in steps:
        seen_before = view(before, HUMAN)
        narrator.observe(seen_before)
        names = public_names(view(after, HUMAN), public_names(seen_before))
        for event in redact(events, HUMAN):
            log.append(
                {
                    "ply": ply,
                    "move_by": "you" if actor == HUMAN else "ai",
                    "action_id": action if actor == HUMAN else None,
                    "text": narrator.sentence(event, names),
                    "event": event,
                }
            )
    legal = [a.model_dump(mode="json") for a in legal_actions(state)] if state.waiting_for == HUMAN else []
    result = None
    if state.result is not None:
        winner = state.result.winner
        result = {
            "winner": None if winner is None else ("you" if winner == HUMAN else "ai"),
            "winner_player": winner,
            "losers": list(state.result.losers),
            "reason": state.result.reason,
        }
    return {
        "game_id": game["id"],
        "ply": game["shown"],
        "you": HUMAN,
        "ai": AI,
        "ai_player": {"level": game["level"], "description": DESCRIPTIONS[game["level"]]},
        "state": token,
        "view": view(state, HUMAN),
        "log": log,
        "legal_actions": legal,
        "waiting_for": "you" if state.waiting_for == HUMAN else None,
        "result": result,
        "stored": False,
        "notes": list(NOTES),
    }
