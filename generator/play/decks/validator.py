"""The deck validator behind POST /api/v1/play/deck/validate: every violation at once, nothing stored.

Why it lists everything: a player fixing a deck wants the whole list, not one error per round trip.
Each check cites its rule (Comprehensive Rules 1.2.0) and reads its numbers from ``RulesData``, so a
new ban list or format switch is a data change (``content/play/deck_rules.yaml``).

Accepted card references (leader and main deck alike), all folded to a card number:
  * a card id, any case: ``OP01-001``; with an art suffix ``OP01-001_p1`` / ``_r1`` (alternate arts
    are the same card for the 4-copy rule, 2-14-2);
  * a One Piece SKU: ``op-op01-001-en`` or ``op-op01-001-ja-p1`` (set token upper-cased, number kept);
  * ``DON!!`` (or ``DON``, ``DON!! card``...): recognised only to say that DON!! cards never go in the
    main deck (5-1-2).
Anything else is reported as an unknown card. The date checked is the request's ``date`` when given,
else the caller's ``on_date`` (the app passes the current UTC date; a build passes its as-of date).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict

from generator.models.onepiece import OnePieceCard
from generator.play.decks.request import DeckRequest
from generator.play.decks.rules import FormatName, FormatRules, RulesData
from generator.sku.standard import Sku, SkuError

__all__ = ["DeckRequest", "DeckResult", "Issue", "validate_deck"]

_CARD_ID = re.compile(r"^([A-Za-z]+\d*)-(\d+)(?:_([A-Za-z]\d+))?$")
_DON = re.compile(r"^DON(!!)?([ _-].*)?$", re.IGNORECASE)
RefKind = Literal["card_id", "alternate_art", "sku", "don", "unrecognised"]


class Issue(BaseModel):
    """A violation (the deck is illegal) or a warning (legal as far as we can tell, but look)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    code: str
    message: str
    card_ids: tuple[str, ...] = ()


class DeckResult(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    valid: bool
    format: FormatName
    checked_at_date: date
    violations: tuple[Issue, ...]
    warnings: tuple[Issue, ...]
    summary: dict[str, object]


@lru_cache(maxsize=65536)
def normalise_ref(ref: str) -> tuple[str, RefKind]:
    """Fold one reference to ``(card number, how it was given)``; pure, so memoised."""
    text = ref.strip()
    match = _CARD_ID.match(text)
    if match:
        card_id = f"{match[1].upper()}-{match[2]}"
        return card_id, "alternate_art" if match[3] else "card_id"
    if _DON.match(text):
        return "DON!!", "don"
    try:
        sku = Sku.parse(text)
    except SkuError:
        return text, "unrecognised"
    if sku.game != "op":
        return text, "unrecognised"
    return f"{sku.set.upper()}-{sku.number}", "sku"


def _ids(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(set(items)))


class _Report(Protocol):
    """Records one issue: a violation (``flag``) or a warning (``warn``), with the cards it names."""

    def __call__(self, code: str, message: str, ids: Iterable[str] = ()) -> None: ...


@dataclass
class _Folded:
    """The main deck's references folded to card numbers (``normalise_ref``): how each was given,
    the playable cards counted per number, and the references that cannot be in it."""

    kinds: Counter[str] = field(default_factory=Counter)
    counts: Counter[str] = field(default_factory=Counter)
    unknown: list[str] = field(default_factory=list)
    dons: list[str] = field(default_factory=list)
    leaders: list[str] = field(default_factory=list)


def validate_deck(
    request: DeckRequest, cards: Mapping[str, OnePieceCard], rules: RulesData, on_date: date
) -> DeckResult:
    """Every violation and warning of the deck at once: its Leader, its main deck's references,
    then each deck-construction rule of the format; nothing stops at the first problem."""
    fmt = rules.formats[request.format]
    when = request.date or on_date
    violations: list[Issue] = []
    warnings: list[Issue] = []

    def flag(code: str, message: str, ids: Iterable[str] = ()) -> None:
        violations.append(Issue(code=code, message=message, card_ids=_ids(ids)))

    def warn(code: str, message: str, ids: Iterable[str] = ()) -> None:
        warnings.append(Issue(code=code, message=message, card_ids=_ids(ids)))

    leader = _leader(request, cards, flag)
    folded = _fold(request, cards)
    _check_main_deck(folded, len(request.main_deck_card_ids), fmt, flag)
    counts = folded.counts
    _check_copies(counts, fmt.copy_limit, rules, flag)
    if leader is not None:
        _check_colours(counts, leader, cards, fmt.colour_rule, flag, warn)
        _check_leader_text(counts, leader, cards, rules, flag)
    if fmt.ban_list:
        _check_bans(counts, leader, rules, when, flag)
    _check_rotation(counts, leader, cards, rules, request.format, when, flag, warn)
    return DeckResult(
        valid=not violations,
        format=request.format,
        checked_at_date=when,
        violations=tuple(violations),
        warnings=tuple(warnings),
        summary=_summary(request, leader, folded, cards, fmt, rules),
    )


def _leader(request: DeckRequest, cards: Mapping[str, OnePieceCard], flag: _Report) -> OnePieceCard | None:
    """The Leader (5-1-2: exactly one, from the Leader category), or None when it is not one."""
    leader_id, _ = normalise_ref(request.leader_id)
    leader = cards.get(leader_id)
    if leader is None:
        flag("leader_unknown", f"Leader {request.leader_id!r} is not a known One Piece card.", [leader_id])
        return None
    if leader.category != "Leader":
        flag(
            "leader_not_a_leader",
            f"{leader_id} ({leader.name}) is a {leader.category}, not a Leader card (5-1-2).",
            [leader_id],
        )
        return None
    return leader


def _fold(request: DeckRequest, cards: Mapping[str, OnePieceCard]) -> _Folded:
    """The main deck: fold every reference, then count per card number."""
    folded = _Folded()
    for ref in request.main_deck_card_ids:
        card_id, kind = normalise_ref(ref)
        folded.kinds[kind] += 1
        card = cards.get(card_id)
        if kind == "don":
            folded.dons.append(ref)
        elif card is None:
            folded.unknown.append(ref)
        elif card.category == "Leader":
            folded.leaders.append(card_id)
        else:
            folded.counts[card_id] += 1
    return folded


def _check_main_deck(folded: _Folded, size: int, fmt: FormatRules, flag: _Report) -> None:
    """The main deck's size (5-1-2) and the references that cannot be in it."""
    if not fmt.deck_size.accepts(size):
        flag("deck_size", f"The main deck has {size} cards; {fmt.title} needs {fmt.deck_size.describe()} (5-1-2).")
    if folded.unknown:
        flag(
            "unknown_card",
            f"{len(folded.unknown)} card reference(s) match no known One Piece card: "
            "use a card id like OP01-001 (OP01-001_p1 for an alternate art) or a SKU like "
            "op-op01-001-en.",
            folded.unknown,
        )
    if folded.dons:
        flag(
            "don_in_main_deck",
            "DON!! cards form their own 10-card DON!! deck and cannot be in the main deck (5-1-2, 5-1-2-1).",
            folded.dons,
        )
    if folded.leaders:
        flag(
            "leader_in_main_deck",
            "Leader cards cannot be in the main deck: it holds Characters, Events and Stages only (5-1-2-1).",
            folded.leaders,
        )


def _summary(
    request: DeckRequest,
    leader: OnePieceCard | None,
    folded: _Folded,
    cards: Mapping[str, OnePieceCard],
    fmt: FormatRules,
    rules: RulesData,
) -> dict[str, object]:
    counts = folded.counts
    return {
        "leader": None
        if leader is None
        else {"card_id": leader.card_id, "name": leader.name, "colors": list(leader.colors), "life": leader.life},
        "main_deck_count": len(request.main_deck_card_ids),
        "distinct_card_numbers": len(counts),
        "by_category": dict(sorted(Counter(cards[c].category for c in counts.elements()).items())),
        "reference_forms": dict(sorted(folded.kinds.items())),
        "format_rules": {
            "title": fmt.title,
            "deck_size": fmt.deck_size.describe(),
            "copy_limit": fmt.copy_limit,
            "colour_rule": fmt.colour_rule,
            "ban_list": fmt.ban_list,
            "rotation": fmt.rotation,
        },
        "date_source": "request" if request.date else "server",
        "rules_version": rules.rules_version,
        "stored": False,
    }


def _check_copies(counts: Counter[str], limit: int | None, rules: RulesData, flag: _Report) -> None:
    if limit is None:
        return
    over = {
        c: n
        for c, n in counts.items()
        if n > limit and getattr(rules.construction_effect(c), "kind", None) != "any_number_of_copies"
    }
    if over:
        listed = ", ".join(f"{c} x{n}" for c, n in sorted(over.items()))
        flag(
            "copy_limit",
            f"At most {limit} cards with the same card number (2-14-2, 5-1-2-3); "
            f"alternate arts count as the same card: {listed}.",
            over,
        )


def _check_colours(
    counts: Counter[str],
    leader: OnePieceCard,
    cards: Mapping[str, OnePieceCard],
    colour_rule: bool,
    flag: _Report,
    warn: _Report,
) -> None:
    if not colour_rule:
        return
    if not leader.colors:
        warn(
            "leader_colour_unknown",
            f"The colours of Leader {leader.card_id} are unknown, so the colour rule (5-1-2-2) was not checked.",
            [leader.card_id],
        )
        return
    allowed = set(leader.colors)
    unknown = [c for c in counts if not cards[c].colors]
    off = [c for c in counts if cards[c].colors and not set(cards[c].colors) <= allowed]
    if unknown:
        warn(
            "colour_unknown",
            "These cards' colours are unknown in the catalog, so the colour rule "
            "(5-1-2-2) could not be checked for them.",
            unknown,
        )
    if off:
        flag(
            "colour_mismatch",
            f"Only cards whose colours are all on the Leader "
            f"({'/'.join(leader.colors)}) may be in the deck; a multicolour card counts as each of "
            "its colours (5-1-2-2, 2-3-5).",
            off,
        )


def _check_leader_text(
    counts: Counter[str], leader: OnePieceCard, cards: Mapping[str, OnePieceCard], rules: RulesData, flag: _Report
) -> None:
    """Leader text that replaces a deck-construction rule (5-1-2-4)."""
    effect = rules.construction_effect(leader.card_id)
    if effect is None or effect.kind == "any_number_of_copies":
        return
    limit = effect.value if effect.value is not None else 0  # the rules data gives both cost kinds a value
    if effect.kind == "leader_max_cost":
        bad = [c for c in counts if (cards[c].cost or 0) > limit]
        what = f"cards with a cost of {limit + 1} or more"
    elif effect.kind == "leader_max_event_cost":
        bad = [c for c in counts if cards[c].category == "Event" and (cards[c].cost or 0) > limit]
        what = f"Events with a cost of {limit + 1} or more"
    else:
        bad = [c for c in counts if effect.type not in cards[c].types]
        what = f"cards without the {{{effect.type}}} type"
    if bad:
        flag("leader_deck_restriction", f"Leader {leader.card_id}'s text forbids {what} in the deck (5-1-2-4).", bad)


def _check_bans(counts: Counter[str], leader: OnePieceCard | None, rules: RulesData, when: date, flag: _Report) -> None:
    banned: list[str] = []
    restricted: list[str] = []
    for card_id in ([leader.card_id] if leader is not None else []) + list(counts):
        entry = rules.status_on(card_id, when)
        if entry is None:
            continue
        if entry.status == "banned":
            banned.append(card_id)
        elif counts.get(card_id, 0) > 1:
            restricted.append(card_id)
    if banned:
        flag("banned", f"Banned on {when.isoformat()}: no copies allowed, Leader included.", banned)
    if restricted:
        flag("restricted", f"Restricted on {when.isoformat()}: at most 1 copy.", restricted)


def _check_rotation(
    counts: Counter[str],
    leader: OnePieceCard | None,
    cards: Mapping[str, OnePieceCard],
    rules: RulesData,
    fmt: FormatName,
    when: date,
    flag: _Report,
    warn: _Report,
) -> None:
    rot = rules.rotation
    if not rules.formats[fmt].rotation or fmt != rot.format:
        return
    ids = ([leader.card_id] if leader is not None else []) + list(counts)
    blocks = {c: rules.block_of(c, cards[c].block) for c in ids}
    old = [c for c, b in blocks.items() if b is not None and b < rot.min_block]
    unknown = [c for c, b in blocks.items() if b is None]
    if when >= rot.effective:
        if old:
            flag(
                "rotated_out",
                f"From {rot.effective.isoformat()} Standard allows block {rot.min_block} "
                f"and later; these cards are block {rot.min_block - 1} (block icon).",
                old,
            )
        if unknown:
            warn("block_unknown", "These cards' block is unknown, so rotation could not be checked.", unknown)
    elif old:
        warn(
            "rotation_pending",
            f"Legal today, but these block {rot.min_block - 1} cards leave Standard on {rot.effective.isoformat()}.",
            old,
        )
