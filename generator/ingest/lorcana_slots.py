"""Where a lorcana-data printing sits (set and collector number), decided by its witnesses.

lorcana-data states a printing's place three times: its own fields (``set: fab``, ``id: 22``), the
identifier printed on the card per language (``ravensburger.en: "22/204 EN 4"``) and Dreamborn's id
(``dreamborn: "009-022"``: set, promo group if any, number). They mostly agree; where they do not,
one of them is a copying slip, and the slip is not always in the same field:

- ``fab/0`` Bruno Madrigal prints ``0/204 EN 10`` and Dreamborn says ``010-000``: the set field is
  the slip, the printing is card 0 of set 10;
- ``fab/22`` Ursula - Vanessa prints ``22/204 EN 4``, the slot of Prince Eric - Ursula's Groom, while
  the set field and Dreamborn (``009-022``) agree on set 9: the printed identifier is the slip.

So the place is the one most witnesses name (the printed identifier counts once, in the form most
of its languages print); two witnesses naming two places, with no third, is not guessed. Whatever
the upstream's own fields or printed identifiers say against the decision is kept, to be recorded.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from generator.sku.lor import LANGUAGES, Printed, known_set, parse_printed, set_token

# "009-022", "004-DIS-001", "D23-004", "007-P2-024A"
_DREAMBORN = re.compile(r"^(?:(\d{3})-)?(?:([a-z][a-z0-9]*)-)?(\d+)[a-z]?$")


@dataclass(frozen=True, slots=True)
class Placement:
    set: str  # the SKU set token
    number: int
    set_number: str | None  # printed after the language ("7" in "5/C2 EN 7"); None when nothing printed says
    disagreements: tuple[str, ...]  # the upstream's own statements that name another place


def place(variant: dict[str, Any]) -> Placement | str:
    """The printing's place, or why it has none (the detail of a ``bad-identifier`` quarantine)."""
    fields = _field_place(variant)
    printed = {lang: parse_printed(text) for lang, text in printed_ids(variant).items() if text}
    readable = Counter((p.set, p.number) for p in printed.values() if p and known_set(p.set))
    witnesses = [
        fields,
        _consensus(readable),
        _dreamborn_place(variant.get("dreamborn")),
    ]
    votes = Counter(w for w in witnesses if w is not None).most_common()
    if not votes:
        return "neither its fields nor its printed identifier name a set the standard lists"
    if len(votes) > 1 and votes[0][1] == votes[1][1]:
        return f"its witnesses name different places: {', '.join(_show(where) for where, _ in votes)}"
    chosen = votes[0][0]
    disagreements = [f"its set/id fields say {_show(fields)}"] if fields is not None and fields != chosen else []
    misprinted = [
        lang for lang, reading in printed.items() if reading is None or (reading.set, reading.number) != chosen
    ]
    if misprinted:
        texts = ", ".join(repr(printed_ids(variant)[lang]) for lang in misprinted)
        disagreements.append(f"its printed identifier ({', '.join(misprinted)}) reads {texts}")
    return Placement(*chosen, _set_number(chosen, printed.values()), tuple(disagreements))


def printed_ids(variant: dict[str, Any]) -> dict[str, str]:
    """The printed identifier per language ("1/204 FR 1"); blank where the printing has no such edition."""
    printed = variant.get("ravensburger")
    if not isinstance(printed, dict):
        return {}
    return {lang: str(printed.get(lang) or "").strip() for lang in LANGUAGES}


def _field_place(variant: dict[str, Any]) -> tuple[str, int] | None:
    set_tok = set_token(str(variant.get("set") or ""))
    number = str(variant.get("id") if variant.get("id") is not None else "").strip()
    return (set_tok, int(number)) if set_tok and number.isdigit() else None


def _dreamborn_place(text: object) -> tuple[str, int] | None:
    match = _DREAMBORN.match(str(text or "").strip().lower())
    if match is None:
        return None
    set_number, group, number = match.groups()
    set_tok = group if group else str(int(set_number)) if set_number else None
    return (set_tok, int(number)) if set_tok and known_set(set_tok) else None


def _consensus(readings: Counter[tuple[str, int]]) -> tuple[str, int] | None:
    """The place most languages print; none when they split evenly (no language outweighs another)."""
    ranked = readings.most_common()
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def _set_number(chosen: tuple[str, int], readings: Iterable[Printed | None]) -> str | None:
    numbers = Counter(p.set_number for p in readings if p and (p.set, p.number) == chosen)
    return numbers.most_common(1)[0][0] if numbers else None


def _show(place: tuple[str, int] | None) -> str:
    return "nothing" if place is None else f"set {place[0]} number {place[1]}"
