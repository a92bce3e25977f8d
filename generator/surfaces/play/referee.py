"""The practice referee and the deck validator as the app runs them: in a worker process of the
app's pool, holding only what a move or a verdict needs.

Why a module of its own: each pool worker used to hold a whole app (every surface, the authored
content, the platform export: about 500 MB) to answer one endpoint (issue 33). A worker here
holds the build's One Piece card pool (read once from ``dist/_data``), every card's compiled
effects (compiled at warm-up into ``ladder_decks``' memo, so no move pays for it), the deck rules
and the AI's priors over unseen decks: what ``practice`` reads, and nothing else. ``warm`` is the
pool's set-up (``generator.web.surface.Offload``), ``move`` and ``validate`` its jobs; the app does
the rest (the envelope, provenance, the request id) on its event loop. The deck validator shares
the kit: its costliest admitted body (200 distinct unknown references) takes about 2 ms of CPU,
over the ~1 ms a handler may spend on the event loop (issue 34).

``_KIT`` is module state on purpose: it is this worker process's whole working set, set once by
``warm`` before the app reports ready, and read by every ``move`` the process runs. A rebuild
swapped into ``dist/`` is noticed by the directory's inode, as the app notices it, and the kit is
made again from the new build (a game in progress carries its own cards in its state).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.catalog.snapshot_files import FileSnapshot
from generator.models.onepiece import OnePieceCard
from generator.play.ai.observe import Priors
from generator.play.cards import cards_of
from generator.play.decks.ladder_decks import engine_compiled
from generator.play.decks.request import DeckRequest
from generator.play.decks.rules import RulesData, load_rules
from generator.play.decks.validator import validate_deck
from generator.play.protocol.practice import Undealable, practice
from generator.site import load_site

Outcome = tuple[int, dict[str, Any]]
WARM_DEAL = b'{"op": "new", "level": 4, "seed": 0}'  # one deal at warm-up: the first real one costs what any does


@dataclass(frozen=True)
class Kit:
    dist: str
    inode: int
    key: bytes | None  # None: no referee here (practice answers 503); the validator still works
    cards: Mapping[str, OnePieceCard]
    rules: RulesData
    priors: Priors


_KIT: Kit | None = None


def outcome(
    body: bytes | None,
    cards: Mapping[str, OnePieceCard],
    key: bytes,
    now: dt.datetime,
    rules: RulesData,
    entropy: Callable[[int], bytes] = os.urandom,
    priors: Priors | None = None,
) -> Outcome:
    """``practice``'s answer, and a card pool that cannot deal a match as 503 ``practice_unavailable``
    (the only 503 that blames the catalog: nothing a request or its state holds can cause it)."""
    assert body is not None, "respond refused a body over the method's limit"
    try:
        return practice(body, cards, key, now, entropy, rules=rules, priors=priors)
    except Undealable as exc:
        message = f"no practice match can be dealt from this catalog: {exc}"
        return 503, {"error": {"code": "practice_unavailable", "message": message}}


def _kit(dist: str, key: bytes | None) -> Kit:
    snapshot = FileSnapshot(Path(dist), load_site().encoding)
    cards = dict(cards_of(snapshot))
    FileSnapshot._load_set.cache_clear()  # the printings of every language: not what a move reads
    for card in cards.values():
        engine_compiled(card)
    rules = load_rules()
    return Kit(dist, os.stat(dist).st_ino, key, cards, rules, Priors(cards, rules))


def warm(dist: str, key: bytes | None) -> None:
    """A worker's set-up: the kit, and (with a referee key) one deal through it."""
    global _KIT
    _KIT = _kit(dist, key)
    if key is not None:
        outcome(WARM_DEAL, _KIT.cards, key, dt.datetime.now(dt.UTC), _KIT.rules, priors=_KIT.priors)


def _current() -> Kit:
    """The kit of the build in ``dist`` now: made again when a rebuild was swapped in."""
    global _KIT
    assert _KIT is not None, "warm ran first: the pool's set-up"
    try:
        inode = os.stat(_KIT.dist).st_ino
    except FileNotFoundError:  # between the two renames of a swap: keep the build we have
        inode = _KIT.inode
    if inode != _KIT.inode:
        _KIT = _kit(_KIT.dist, _KIT.key)
    return _KIT


def move(body: bytes | None, now: dt.datetime) -> Outcome | None:
    """One practice request in a worker (the pool's job); None without a referee key, which the
    handler answers (503 ``referee_unconfigured``) before it reads what was computed."""
    kit = _current()
    if kit.key is None:
        return None
    return outcome(body, kit.cards, kit.key, now, kit.rules, priors=kit.priors)


def verdict(
    body: bytes | None, cards: Mapping[str, OnePieceCard], rules: RulesData, now: dt.datetime
) -> dict[str, Any]:
    """The deck validator's whole verdict, as JSON values (``respond`` refused a body its model breaks)."""
    assert body is not None, "respond refused a body over the method's limit"
    return validate_deck(DeckRequest.model_validate_json(body), cards, rules, now.date()).model_dump(mode="json")


def validate(body: bytes | None, now: dt.datetime) -> dict[str, Any]:
    """One deck validation in a worker (the pool's job)."""
    kit = _current()
    return verdict(body, kit.cards, kit.rules, now)
