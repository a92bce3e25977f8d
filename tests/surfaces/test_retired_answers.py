"""A retired SKU answers 301 to its successor on every SKU path, or 410, with both in the body
(issue 35, item 3; docs/sku.md, "Retired SKUs").

The synthetic catalog holds none of the real ledger's successors, so a ledger naming its own cards is
handed to the surfaces here; the real ledger's 410s in the synthetic build are checked by the
registry-wide invariants and the host parity test.
"""

from __future__ import annotations

from dataclasses import replace

import orjson
import pytest

from generator.content.retired import RetiredSkus
from generator.models.catalog.cards import BatchRequest
from generator.site import load_site
from generator.surfaces.families import surfaces
from generator.web.respond import respond
from generator.web.surface import Context, Request

KNOWN_SKU = "op-op01-001-en"  # the synthetic catalog's (tests/conftest.py)
SURFACES = {s.id: s for s in surfaces(load_site())}
RETIRED = "op-op01-001-en-x9"  # a SKU the synthetic catalog never minted
GONE = "op-op01-009-en-x9"


@pytest.fixture(scope="module")
def retired_ctx(ctx: Context) -> Context:
    ledger = RetiredSkus(
        reasons={"test": {"retired_on": "2026-11-25", "text": "a test retirement"}},
        retired=(
            {"sku": RETIRED, "successor": KNOWN_SKU, "reason": "test"},
            {"sku": GONE, "successor": "op-op01-009-en", "reason": "test"},  # not in the catalog either
        ),
    )
    return replace(ctx, content=replace(ctx.content, retired=ledger))


def ask(ctx: Context, surface_id: str, params: dict, query: dict | None = None):
    surface = SURFACES[surface_id]
    rendered = respond(surface, ctx, params, query or {}, surface.concrete(params))
    return rendered, orjson.loads(rendered.body)


@pytest.mark.parametrize(
    ("surface_id", "params", "location"),
    [
        ("universal.card", {"sku": RETIRED}, f"/api/v1/universal/card/{KNOWN_SKU}"),
        ("universal.temporal_card", {"date": "2026-01-01", "sku": RETIRED}, f"/api/at/2026-01-01/card/{KNOWN_SKU}"),
        ("cards.everything", {"sku": RETIRED}, f"/api/v1/cards/{KNOWN_SKU}/everything"),
        ("cards.evidence", {"sku": RETIRED}, f"/api/v1/cards/{KNOWN_SKU}/evidence"),
        ("pages.product", {"sku": RETIRED}, f"/product/{KNOWN_SKU}"),
    ],
)
def test_a_retired_sku_path_moves_to_its_successor(retired_ctx, surface_id, params, location):
    rendered, body = ask(retired_ctx, surface_id, params)
    assert rendered.status == 301 and rendered.headers["Location"] == location
    assert body["error"]["code"] == "sku_retired" and KNOWN_SKU in body["error"]["message"]
    assert body["retired"] == {"sku": RETIRED, "retired_on": "2026-11-25", "reason": "a test retirement"}
    assert body["successor"] == {"sku": KNOWN_SKU, "in_catalog": True, "@id": f"/api/v1/universal/card/{KNOWN_SKU}"}


def test_a_retired_sku_whose_successor_is_not_in_the_catalog_is_gone(retired_ctx):
    rendered, body = ask(retired_ctx, "universal.card", {"sku": GONE})
    assert rendered.status == 410 and "Location" not in rendered.headers
    assert body["successor"] == {"sku": "op-op01-009-en", "in_catalog": False}  # no link to a 404
    assert body["error"]["code"] == "sku_retired"


def test_a_retired_sku_that_is_not_a_path_is_410_with_its_successor(retired_ctx):
    """A batch item or a query value has no URL to move to: 410, the successor in the message."""
    batch = SURFACES["cards.batch"]
    assert batch.post is not None
    request = Request("POST", {}, document=BatchRequest(skus=(RETIRED, KNOWN_SKU)))
    answered = batch.post.run(replace(retired_ctx, request=request), {}, {})
    items = answered.data["items"]
    assert [i["status"] for i in items] == [410, 200] and KNOWN_SKU in items[0]["error"]["message"]
    rendered, body = ask(retired_ctx, "culture.answering_rhymes", {}, {"sku": RETIRED})
    assert rendered.status == 410 and body["successor"]["sku"] == KNOWN_SKU


def test_the_build_enumerates_the_retired_skus_it_does_not_publish(retired_ctx):
    """Written as files for the JSON card paths; the HTML page's JSON answer comes from the app."""
    for surface_id in ("universal.card", "cards.everything", "cards.evidence"):
        enumerated = [p["sku"] for p in SURFACES[surface_id].enumerate(retired_ctx)]
        assert enumerated[-2:] == [RETIRED, GONE], surface_id
    assert RETIRED not in {p["sku"] for p in SURFACES["pages.product"].enumerate(retired_ctx)}
