"""Printings kept as the catalog's rows and made into models when first read."""

from __future__ import annotations

import orjson
import pytest

from generator.catalog import queries
from generator.catalog.printing_table import PrintingTable


@pytest.fixture(scope="module")
def con(synthetic_catalog):
    with queries.connect(synthetic_catalog) as connection:
        yield connection


def test_the_catalog_stores_json_text_exactly_as_orjson_writes_it(con):
    """``PrintingTable.as_json`` embeds the stored text in the shards unparsed; that is only the
    same bytes as dumping the parsed value if the stored text is orjson's own output."""
    for row in queries.printing_rows(con):
        for column in ("attrs", "disagreements"):
            assert orjson.dumps(orjson.loads(row[column])).decode() == row[column], (row["sku"], column)


def test_lazy_table_gives_the_same_printings_as_the_query(con):
    table = PrintingTable(queries.printing_rows(con))
    eager = {p.sku: p for p in queries.printings(con)}
    assert list(table) == list(eager)
    assert table._made == {}  # nothing parsed until read
    assert all(table[sku] == eager[sku] for sku in eager)
