"""The market page is complete (issue 39, item 5): the card's metadata, the paused states of the
spec's row named and linked to their doors, and each auction's state as the build reads it."""

from __future__ import annotations

import datetime as dt

import lxml.html
import pytest

from generator.platform.auctions import state_words
from generator.platform.export import load_platform, platform_dir
from generator.platform.models import Auction


@pytest.fixture(scope="module")
def platform():
    return load_platform(platform_dir())


def section(page: lxml.html.HtmlElement, heading: str) -> lxml.html.HtmlElement:
    found = page.xpath(f"//section[h2[normalize-space()='{heading}']]")
    assert len(found) == 1, heading
    return found[0]


def table(part: lxml.html.HtmlElement) -> dict[str, str]:
    return {row.xpath("string(th)").strip(): row.xpath("string(td[1])").strip() for row in part.xpath(".//tbody/tr")}


def test_the_page_says_what_the_card_is(ask, platform, ctx) -> None:
    skus = sorted({x.sku for x in platform.rows("listings")})
    assert skus
    for sku in skus:
        printing = ctx.snapshot.printing(sku)
        answer = ask("GET", f"/cards/{sku}/market")
        assert answer.status_code == 200, sku
        facts = table(section(lxml.html.fromstring(answer.text), "The card"))
        assert facts["Card"] == printing.name and facts["SKU"] == sku
        assert facts["Game"] == ctx.site.game_names[printing.game]
        assert facts["Set"].endswith(f"({printing.set_code})")
        assert facts["Number"] and facts["Rarity"] and facts["Variant"]
        assert facts["Language"].endswith(f"({printing.lang})") and facts["Language"] != f"({printing.lang})"
        assert facts["Rarity"].startswith(printing.rarity or "not printed"), (sku, facts["Rarity"])
        assert ("base printing" in facts["Variant"]) == (printing.variant is None), (sku, facts["Variant"])


def test_the_paused_states_are_named_and_their_doors_answer_paused(ask, platform) -> None:
    sku = platform.rows("listings")[0].sku
    page = lxml.html.fromstring(ask("GET", f"/cards/{sku}/market").text)
    paused = section(page, "Paused")
    links = {a.text_content().strip(): a.get("href") for a in paused.xpath(".//dt/a")}
    assert links == {
        "Reference-price history": f"/api/v1/cards/{sku}/history",
        "Completed-trade analytics": f"/api/v1/sold-comps/{sku}",
    }
    assert all(text.text_content().startswith("Paused") for text in paused.xpath(".//dd"))
    history = ask("GET", links["Reference-price history"])
    assert history.status_code == 503 and history.json()["data"]["status"] == "paused"
    sold = ask("GET", links["Completed-trade analytics"])
    assert sold.status_code == 200 and sold.json()["data"]["status"] == "paused"
    assert sold.json()["data"]["buckets"] == []


def test_every_published_auction_is_open_at_the_build_and_said_so(ask, platform, synthetic_as_of) -> None:
    published = [a for a in platform.rows("auctions") if a.state == "published"]
    assert published
    for auction in published:
        assert auction.opens_at <= synthetic_as_of < auction.closes_at, auction.auction_id
        page = lxml.html.fromstring(ask("GET", f"/cards/{auction.sku}/market").text)
        rows = table(section(page, "Auctions"))
        assert rows[auction.auction_id] == "published; open for bids"
        read = ask("GET", f"/auctions/{auction.auction_id}/read")
        assert "published; open for bids" in read.text


def test_a_build_later_than_a_published_auctions_close_says_the_close_has_passed() -> None:
    auction = Auction.model_validate(
        {
            "auction_id": "auc_0000000001",
            "seller_id": "usr_0000000001",
            "sku": "op-op01-001-en",
            "state": "published",
            "currency": "GBP",
            "start_minor": 500,
            "created_at": "2026-11-11T00:00:00Z",
            "published_at": "2026-11-13T00:00:00Z",
            "opens_at": "2026-11-13T00:00:00Z",
            "closes_at": "2026-12-11T00:00:00Z",
            "sample": True,
        }
    )
    exported = dt.datetime(2026, 11, 20, tzinfo=dt.UTC)
    assert state_words(auction, exported, exported) == "published; open for bids"
    assert state_words(auction, exported, dt.datetime(2026, 11, 1, tzinfo=dt.UTC)).startswith("published; bidding")
    later = state_words(auction, exported, dt.datetime(2026, 12, 11, tzinfo=dt.UTC))
    assert "20 Nov 2026" in later and "passed" in later
    assert state_words(auction.model_copy(update={"state": "closed"}), exported, exported) == "closed"
