"""Reading a platform export: every row validated, bad rows quarantined and counted, never fatal.

A row is quarantined (and counted by reason, like an upstream row) when it is not JSON, breaks its
model, repeats an id, names a user, auction or draw product that is not in the export, or names a
SKU the catalog does not hold. What is left is a ``Platform``: frozen records with the lookups the
surfaces need. ``digest`` fingerprints the export's bytes, so a changed export rebuilds ``dist/``.

The export is read from its folder by the build (the public forms it writes as files) and by the
app (the role forms, which are never files): it is not copied into ``dist/`` or the catalog.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import os
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import orjson
from pydantic import ValidationError

from generator.platform import models as m

ROOT = Path(__file__).resolve().parents[2]
SAMPLE_DIR = ROOT / "data" / "platform-sample"
INFO_FILE = "export.json"
# Which field of a table is its id, and which fields must name a record of another table.
IDS = {
    "users": "user_id",
    "publications": "receipt_id",
    "suspensions": "suspension_id",
    "auctions": "auction_id",
    "bids": "bid_id",
    "listings": "listing_id",
    "role_keys": "key_sha256",
    "draw_products": "product",
    "draws": "receipt_id",
    "digests": "batch",
}
REFERENCES = {
    "user_id": "users",
    "seller_id": "users",
    "winner_id": "users",
    "bidder_id": "users",
    "auction_id": "auctions",
    "product": "draw_products",
}


def platform_dir() -> Path:
    """Where the export is: ``CARDPANTRY_PLATFORM``, else the repository's synthetic sample."""
    configured = os.environ.get("CARDPANTRY_PLATFORM")
    return Path(configured) if configured else SAMPLE_DIR


T = TypeVar("T")


class ExportError(Exception):
    """The folder is not a platform export at all (no readable ``export.json``)."""


@dataclass(frozen=True)
class Platform:
    info: m.ExportInfo
    tables: dict[str, tuple[Any, ...]]
    quarantined: dict[str, dict[str, int]]  # table -> reason -> rows
    digest: str  # sha256 of the export's files, for the build fingerprint
    # What is derived from the records (id indexes, the book by SKU, the draw chain's audit), made on
    # first use and kept with this export: one per build, one per app process.
    _derived: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def derived(self, name: str, make: Callable[[], T]) -> T:
        """``make()``, once per export: every later call with this name answers the first one's value."""
        if name not in self._derived:
            self._derived[name] = make()
        made: T = self._derived[name]
        return made

    @property
    def sample(self) -> bool:
        return self.info.sample

    def rows(self, table: str) -> tuple[Any, ...]:
        return self.tables.get(table, ())

    def get(self, table: str, key: Any) -> Any:
        by_id = self.derived(f"{table} by id", lambda: {getattr(r, IDS[table]): r for r in self.rows(table)})
        return by_id.get(key)

    def user_named(self, username: str) -> m.User | None:
        return next((u for u in self.rows("users") if u.username == username), None)

    def username(self, user_id: str) -> str | None:
        user = self.get("users", user_id)
        return user.username if user else None

    def public_profile(self, username: str, now: dt.datetime) -> m.User | None:
        """The user, when their trust projection may be shown: a current profile-publication
        receipt and no active suspension (spec "Authentication" 7); else None, as for a stranger."""
        user = self.user_named(username)
        if user is None:
            return None
        published = any(p.user_id == user.user_id and p.current(now) for p in self.rows("publications"))
        suspended = any(s.user_id == user.user_id and s.active(now) for s in self.rows("suspensions"))
        return user if published and not suspended else None

    def key_holder(self, token: str) -> m.RoleKey | None:
        """The role key whose sha256 is the token's, compared in constant time against every key."""
        digest = hashlib.sha256(token.encode()).hexdigest()
        found = None
        for key in self.rows("role_keys"):
            if hmac.compare_digest(digest, key.key_sha256):
                found = key
        return found

    def bids_of(self, auction_id: str) -> tuple[m.Bid, ...]:
        bids = (b for b in self.rows("bids") if b.auction_id == auction_id)
        return tuple(sorted(bids, key=lambda b: (b.placed_at, b.bid_id)))

    def listings_of(self, sku: str) -> tuple[m.Listing, ...]:
        """The open book of one SKU (indexed on first use: the build asks for every SKU)."""
        return self.derived("listings by sku", self._book).get(sku, ())

    def _book(self) -> dict[str, tuple[m.Listing, ...]]:
        book: dict[str, list[m.Listing]] = {}
        for listing in self.rows("listings"):
            book.setdefault(listing.sku, []).append(listing)
        return {sku: tuple(rows) for sku, rows in book.items()}

    def published_auctions(self) -> tuple[m.Auction, ...]:
        return tuple(a for a in self.rows("auctions") if a.published)


def load_platform(folder: Path, known_sku: Callable[[str], bool] | None = None) -> Platform:
    """Read and validate the export in ``folder``; ``known_sku`` (the catalog's) checks SKUs."""
    try:
        info_bytes = (folder / INFO_FILE).read_bytes()
        info = m.ExportInfo.model_validate(orjson.loads(info_bytes))
    except (OSError, orjson.JSONDecodeError, ValidationError) as exc:
        raise ExportError(f"{folder} is not a {m.SCHEMA} export: {INFO_FILE}: {exc}") from None
    files = dict(_files(folder))
    raw = {table: [line for line in data.splitlines() if line.strip()] for table, data in files.items()}
    tables: dict[str, tuple[Any, ...]] = {}
    quarantined: dict[str, Counter[str]] = {t: Counter() for t in m.TABLES}
    for table, model in m.TABLES.items():  # in dependency order: a row's references are loaded first
        tables[table] = tuple(_valid_rows(table, model, raw[table], tables, known_sku, quarantined[table]))
    counts = {t: dict(sorted(c.items())) for t, c in quarantined.items() if c}
    return Platform(info, tables, counts, _digest(info_bytes, files))


def _files(folder: Path) -> Iterable[tuple[str, bytes]]:
    for table in m.TABLES:
        path = folder / f"{table}.jsonl"
        yield table, path.read_bytes() if path.is_file() else b""


def export_digest(folder: Path) -> str:
    """sha256 over the export's files (a missing folder digests as empty: the build then fails
    in ``load_platform`` with the reason)."""
    info = folder / INFO_FILE
    return _digest(info.read_bytes() if info.is_file() else b"", dict(_files(folder)))


def _digest(info: bytes, files: dict[str, bytes]) -> str:
    digest = hashlib.sha256(info)
    for table, data in files.items():
        digest.update(f"\0{table}\0".encode() + data)
    return digest.hexdigest()


def _valid_rows(
    table: str,
    model: type[m.Record],
    lines: Iterable[bytes],
    loaded: dict[str, tuple[Any, ...]],
    known_sku: Callable[[str], bool] | None,
    quarantined: Counter[str],
) -> Iterable[m.Record]:
    seen: set[Any] = set()
    known = {t: {getattr(r, IDS[t]) for r in rows} for t, rows in loaded.items()}
    for line in lines:
        try:
            record = model.model_validate(orjson.loads(line))
        except orjson.JSONDecodeError:
            quarantined["invalid_json"] += 1
            continue
        except ValidationError:
            quarantined["schema"] += 1
            continue
        key = getattr(record, IDS[table])
        if key in seen:
            quarantined["duplicate_id"] += 1
            continue
        dangling = [
            name
            for name, target in REFERENCES.items()
            if target != table
            and getattr(record, name, None) is not None
            and getattr(record, name) not in known[target]
        ]
        if dangling:
            quarantined["unknown_reference"] += 1
            continue
        sku = getattr(record, "sku", None)
        if known_sku is not None and sku is not None and not known_sku(sku):
            quarantined["unknown_sku"] += 1
            continue
        seen.add(key)
        yield record
