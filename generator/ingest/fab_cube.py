"""the-fab-cube flesh-and-blood-cards (tag v8.0.0): sets and printings in five languages.

The ``.csv`` files are TAB-separated with quoted multi-line fields (SOURCE.txt). English is required
and carries everything a card is in play (``card.csv``: pitch, cost, types, legality); the other
languages translate names and texts only, so their printings take play values from the English
card of the same Unique ID. A record whose field count is not the header's (a truncated line) is
quarantined as broken-row with its line, and the rest of the file is read; more broken records
than ``MAX_BROKEN`` allows means the quoting went wrong (every later row could be shifted), and the
file is refused: a language whose files do not parse is quarantined as broken-file and skipped
rather than published half-read (English, which the rest needs, fails the source). ``rows_read``
counts set records, printing rows and broken records.
"""

from __future__ import annotations

import csv
import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from generator.ingest import fab_common as fab
from generator.ingest.sink import Sink, parse_date
from generator.sku.fab import Printing, Rejected, assign, split_card_id
from generator.sku.standard import SkuError

LANGUAGES = {"english": "en", "french": "fr", "german": "de", "italian": "it", "spanish": "es"}
CARD_COLUMNS = ("Unique ID", "Name")
PRINTING_COLUMNS = (
    "Unique ID",
    "Card Unique ID",
    "Card Name",
    "Card ID",
    "Set ID",
    "Edition",
    "Rarity",
    "Foiling",
    "Art Variations",
    "Artists",
    "Image URL",
)
SET_PRINTING_COLUMNS = ("Unique ID", "Set Unique ID", "Start Card Id", "End Card Id", "Initial Release Date")
LEGALITY = {
    "legal_blitz": "Blitz Legal",
    "legal_cc": "CC Legal",
    "legal_commoner": "Commoner Legal",
    "legal_ll": "LL Legal",
}


MAX_BROKEN = (10, 0.01)  # a file may hold this many broken records, or this share of its rows if more


class BrokenFile(Exception):
    """A file that cannot be trusted whole: unreadable, undecodable, or its quoting went wrong."""


@dataclass(frozen=True)
class Language:
    lang: str
    cards: dict[str, dict[str, str]]  # card Unique ID -> row
    printings: list[dict[str, str]]
    set_printings: list[dict[str, str]]
    broken: list[tuple[str, str]]  # (file:line, what is wrong) of each record refused


def read(root: Path, sink: Sink) -> None:
    languages = _languages(root, sink)
    set_rows = _table(root / "csvs" / "english" / "set.csv", ("Unique ID", "Identifier", "Name"), languages[0].broken)
    _quarantine_broken(languages, sink)
    _sets(set_rows, languages, sink)
    _printings(languages, sink)


def _languages(root: Path, sink: Sink) -> list[Language]:
    """Every language the dump carries, English first; a language whose files do not parse is
    quarantined and skipped, except English, which fails the source."""
    languages = []
    for folder, lang in LANGUAGES.items():
        path = root / "csvs" / folder
        if lang != "en" and not path.is_dir():
            continue  # the pinned dump carries all five; a fixture or a later dump may carry fewer
        try:
            languages.append(_language(path, lang))
        except BrokenFile as exc:
            if lang == "en":
                raise
            sink.quarantine("broken-file", f"csvs/{folder}", str(exc))
    return languages


def _quarantine_broken(languages: list[Language], sink: Sink) -> None:
    """Each refused record: read, and quarantined with its file and line."""
    for language in languages:
        for where, detail in language.broken:
            sink.rows_read += 1
            sink.quarantine("broken-row", f"csvs/{_folder(language.lang)}/{where}", detail)


def _printings(languages: list[Language], sink: Sink) -> None:
    """Every language's printings, their SKUs assigned together; play values from the English card."""
    english = languages[0].cards
    drafts: list[tuple[Printing, dict[str, str], Language]] = []
    for language in languages:
        for row in language.printings:
            sink.rows_read += 1
            drafts.append((_draft(row, language.lang), row, language))
    for (draft, row, language), outcome in zip(drafts, assign([d for d, _, _ in drafts])):
        if isinstance(outcome, Rejected):
            sink.quarantine(outcome.reason, draft.upstream_id, outcome.detail)
            continue
        card, local = english.get(draft.card_key, {}), language.cards.get(draft.card_key, {})
        sink.printing(
            outcome,
            draft.card_key,
            local.get("Name") or row["Card Name"],
            fab.RARITIES.get(row["Rarity"], row["Rarity"] or None),
            draft.upstream_id,
            _card_attrs(card, local)
            | fab.printing_attrs(draft.edition, draft.foiling, draft.arts, draft.image, fab.split_list(row["Artists"])),
        )


def _draft(row: dict[str, str], lang: str) -> Printing:
    arts = tuple(code.strip().upper() for code in row["Art Variations"].split(",") if code.strip())
    return Printing(
        row["Card ID"],
        lang,
        row["Edition"].strip().upper(),
        row["Foiling"].strip().upper(),
        arts,
        row["Image URL"],
        row["Card Unique ID"],
        row["Unique ID"],
        row["Set ID"],
    )


def _card_attrs(card: dict[str, str], local: dict[str, str]) -> dict[str, object]:
    """Play values from the English card; texts from the printing's own language."""
    attrs: dict[str, object] = {
        key: fab.stat(card.get(column))
        for key, column in (
            ("pitch", "Pitch"),
            ("cost", "Cost"),
            ("power", "Power"),
            ("defense", "Defense"),
            ("health", "Health"),
            ("intelligence", "Intelligence"),
            ("arcane", "Arcane"),
        )
    }
    attrs |= {
        "types": fab.sorted_words(fab.split_list(card.get("Types"))),
        "traits": fab.sorted_words(fab.split_list(card.get("Traits"))),
        "keywords": fab.sorted_words(fab.split_list(card.get("Card Keywords"))),
        "functional_text": local.get("Functional Text") or None,
        "type_text": local.get("Type Text") or None,
    }
    return attrs | {key: (card.get(column) or "").strip().lower() != "no" for key, column in LEGALITY.items()}


def _sets(rows: list[dict[str, str]], languages: list[Language], sink: Sink) -> None:
    """A set's release date is its earliest set printing in any language; its size, the widest id range."""
    released: dict[str, dt.date] = {}
    sizes: dict[str, int] = {}
    for language in languages:
        for row in language.set_printings:
            set_uid = row["Set Unique ID"]
            try:
                date = parse_date(row["Initial Release Date"])
            except ValueError:
                sink.quarantine("bad-date", row["Unique ID"], f"Initial Release Date {row['Initial Release Date']!r}")
                date = None
            if date and (set_uid not in released or date < released[set_uid]):
                released[set_uid] = date
            size = _range_size(row["Start Card Id"], row["End Card Id"])
            if size:
                sizes[set_uid] = max(size, sizes.get(set_uid, 0))
    for row in rows:
        sink.rows_read += 1
        code = row["Identifier"].strip().lower()
        if not code.isalnum() or not code.isascii():
            sink.quarantine("bad-identifier", row["Unique ID"], f"set identifier {row['Identifier']!r}")
            continue
        sink.set(
            code, row["Name"] or None, released.get(row["Unique ID"]), sizes.get(row["Unique ID"]), row["Unique ID"]
        )


def _range_size(start: str, end: str) -> int | None:
    try:
        (first_set, first), (last_set, last) = split_card_id(start), split_card_id(end)
        return int(last) - int(first) + 1 if first_set == last_set and int(last) >= int(first) else None
    except (SkuError, ValueError):
        return None


def _folder(lang: str) -> str:
    return next(folder for folder, code in LANGUAGES.items() if code == lang)


def _language(folder: Path, lang: str) -> Language:
    broken: list[tuple[str, str]] = []
    cards = _table(folder / "card.csv", CARD_COLUMNS, broken)
    return Language(
        lang,
        {row["Unique ID"]: row for row in cards},
        _table(folder / "card-printing.csv", PRINTING_COLUMNS, broken),
        _table(folder / "set-printing.csv", SET_PRINTING_COLUMNS, broken),
        broken,
    )


def _table(path: Path, required: tuple[str, ...], broken: list[tuple[str, str]]) -> list[dict[str, str]]:
    """Rows as dicts; a one-line record whose field count is not the header's (a truncated line) is
    left out and added to ``broken``. A wrong record spanning lines (a quote left open swallows the
    lines after it), or more than ``MAX_BROKEN`` wrong records, means the quoting went wrong: the
    whole file is refused rather than read shifted."""
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            reader = csv.reader(handle, delimiter="\t")
            header = next(reader, [])
            missing = [column for column in required if column not in header]
            if missing:
                raise BrokenFile(f"{path.name}: no column {', '.join(missing)}")
            rows, refused, line = [], [], reader.line_num
            for row in reader:
                first, line = line + 1, reader.line_num
                if not row:  # a blank line is no record
                    continue
                if len(row) != len(header):
                    if line > first:  # a quote left open ran on into the lines after it
                        raise BrokenFile(f"{path.name} lines {first}-{line}: an open quote ran across them")
                    refused.append((f"{path.name}:{first}", f"{len(row)} fields, header has {len(header)}"))
                    continue
                rows.append(dict(zip(header, row)))
            if len(refused) > max(MAX_BROKEN[0], MAX_BROKEN[1] * len(rows)):
                raise BrokenFile(f"{path.name}: {len(refused)} records of the wrong width, from line {refused[0][0]}")
            broken += refused
            return rows
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise BrokenFile(f"{path.name}: {exc}") from exc
