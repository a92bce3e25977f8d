"""Loading a platform export: bad rows are quarantined and counted, never fatal, never loaded."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from generator.platform.export import SAMPLE_DIR, ExportError, load_platform
from generator.platform.sample import SAMPLE_SKUS, sample_records, write_export


def append(folder: Path, table: str, *lines: bytes) -> None:
    with (folder / f"{table}.jsonl").open("ab") as handle:
        handle.write(b"".join(line + b"\n" for line in lines))


def test_the_committed_sample_is_what_the_seeded_script_makes(tmp_path: Path) -> None:
    made = write_export(tmp_path / "again", sample_records())
    for path in sorted(SAMPLE_DIR.iterdir()):
        assert (made / path.name).read_bytes() == path.read_bytes(), path.name


def test_every_record_of_the_sample_says_it_is_sample() -> None:
    platform = load_platform(SAMPLE_DIR)
    assert platform.sample and not platform.quarantined
    assert all(r.sample for rows in platform.tables.values() for r in rows)


def test_bad_rows_are_quarantined_by_reason_and_the_rest_loads(tmp_path: Path) -> None:
    folder = write_export(tmp_path / "export", sample_records())
    clean = load_platform(folder)
    user = clean.rows("users")[0].model_dump(mode="json")
    auction = clean.rows("auctions")[0].model_dump(mode="json")
    bid = clean.rows("bids")[0].model_dump(mode="json")
    append(folder, "users", b"{not json", orjson.dumps(user | {"username": "Bad Name!", "user_id": "usr_ffffffffff"}))
    append(folder, "users", orjson.dumps(user))  # the same id again
    append(folder, "bids", orjson.dumps(bid | {"bid_id": "bid_ffffffffff", "auction_id": "auc_ffffffffff"}))
    append(folder, "auctions", orjson.dumps(auction | {"auction_id": "auc_eeeeeeeeee", "sku": "op-op01-999-xx"}))
    append(folder, "auctions", orjson.dumps(auction | {"auction_id": "auc_dddddddddd", "currency": "USD"}))
    append(folder, "listings", "\u00e9t\u00e9".encode("latin-1"))  # not UTF-8
    loaded = load_platform(folder, known_sku=lambda sku: sku in SAMPLE_SKUS)
    assert loaded.quarantined == {
        "users": {"duplicate_id": 1, "invalid_json": 1, "schema": 1},
        "bids": {"unknown_reference": 1},
        "auctions": {"schema": 1, "unknown_sku": 1},
        "listings": {"invalid_json": 1},
    }
    assert {t: len(r) for t, r in loaded.tables.items()} == {t: len(r) for t, r in clean.tables.items()}
    assert loaded.digest != clean.digest


def test_a_folder_that_is_not_an_export_is_refused_with_the_reason(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="export.json"):
        load_platform(tmp_path)
    (tmp_path / "export.json").write_text('{"schema": "platform-export/2", "exported_at": "2026-01-01T00:00:00Z"}')
    with pytest.raises(ExportError, match="platform-export/1"):
        load_platform(tmp_path)


@pytest.mark.real_data
def test_the_sample_trades_real_printings_of_the_catalog(real_ingest) -> None:
    from generator.catalog.queries import connect
    from generator.catalog.snapshot import Snapshot
    from generator.site import load_site

    with connect(real_ingest.catalog) as con:
        snapshot = Snapshot.from_catalog(con, load_site().encoding)
    assert all(snapshot.printing(sku) is not None for sku in SAMPLE_SKUS)
    assert not load_platform(SAMPLE_DIR, lambda sku: snapshot.printing(sku) is not None).quarantined
