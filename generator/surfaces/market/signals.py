"""The signals product preview (spec section E): ``/<signals-product>``, its offer, its test offers.

A preview only: the page shows synthetic fixtures, the ``product-offer/1`` declaration (a direct
document, not enveloped) has every payment rail off and accepts nothing, and the test-environment
declaration answers 503 unless its dedicated configuration is coherent
(``generator.content.signals.incoherence`` says what that means and what fails).
"""

from __future__ import annotations

from typing import Any

from generator.content.signals import RAILS, Offer, incoherence
from generator.models.market import auctions as docs
from generator.models.pages.reader import ReaderPage
from generator.platform.book import pounds
from generator.site import Site
from generator.surfaces.pages.reader import item, page
from generator.web.surface import Context, Params, Query, Result, Surface, error

OFFER_VERSION = "product-offer/1"


def _offers(offers: tuple[Offer, ...]) -> list[dict[str, Any]]:
    return [
        {
            "id": o.id,
            "name": o.name,
            "price": {"amount_minor": o.price_minor, "currency": o.currency},
            "interval": o.interval,
        }
        for o in offers
    ]


def offer(ctx: Context, params: Params, query: Query) -> Result:
    s, product = ctx.content.signals, ctx.site.signals_product
    data = {
        "@type": OFFER_VERSION,
        "product": product,
        "name": s.name,
        "summary": s.summary,
        "environment": "preview",
        "accepts_payment": False,
        "payment_rails": {rail: "off" for rail in RAILS},
        "offers": _offers(s.offers),
        "fixtures": "synthetic",
        "preview": f"/{product}",
        "license": "CC0-1.0",
    }
    return Result(data=data)


def test_offers(ctx: Context, params: Params, query: Query) -> Result:
    s, product = ctx.content.signals, ctx.site.signals_product
    reasons = incoherence(s.test_environment, ctx.site.base_url)
    if reasons or s.test_environment is None:
        message = "the test configuration is not coherent: " + "; ".join(reasons)
        return error(503, "test_configuration_incoherent", message, reasons=reasons)
    test = s.test_environment
    data = {
        "@type": OFFER_VERSION,
        "product": product,
        "environment": "test",
        "coherent": True,
        "sandbox": test.sandbox_base_url,
        "accepts_payment": False,
        "payment_rails": dict(sorted(test.payment_rails.items())),
        "offers": _offers(test.offers),
    }
    return Result(data=data)


def preview_page(ctx: Context, params: Params, query: Query) -> Result:
    s, product = ctx.content.signals, ctx.site.signals_product
    fixtures = [
        item(ctx, f"{_card(ctx, f.sku)}: {f.signal}", f"{f.detail}; rests on {f.records} records", None)
        for f in s.fixtures
    ]
    plans = [item(ctx, o.name, f"{pounds(o.price_minor)} a {o.interval} (not on sale: preview)") for o in s.offers]
    sections = [
        {"heading": "What it is", "text": s.summary, "items": [item(ctx, h.title, h.text) for h in s.how_it_works]},
        {"heading": "Example signals (synthetic fixtures, not market observations)", "items": fixtures},
        {"heading": "Plans (no payment is accepted: every rail is off)", "items": plans},
    ]
    description = "A preview of the signals product on synthetic fixtures. Nothing is for sale yet."
    return page(ctx, f"/{product}", f"/api/{product}/offer", s.name, description, sections)


def _card(ctx: Context, sku: str) -> str:
    """``Roronoa Zoro (op-op01-001-en)``: the name a reader knows, and the SKU."""
    found = ctx.snapshot.printing(sku)
    return f"{found.name} ({sku})" if found else sku


def surfaces(site: Site) -> tuple[Surface, ...]:
    p = site.signals_product
    common: dict[str, Any] = {
        "family": "E",
        "enumerate": lambda ctx: [{}],
        "enveloped": False,
        "freshness": "methodology",
        "provenance_kind": "static",
        "since": "2026-11-25",
        "stability": "experimental",
    }
    return (
        Surface(
            "signals.page",
            f"/{p}",
            compute=preview_page,
            media_type="text/html",
            template="page.html",
            model=ReaderPage,
            summary="The signals product preview, on synthetic fixtures (no payment accepted)",
            **common,
        ),
        Surface(
            "signals.offer",
            f"/api/{p}/offer",
            compute=offer,
            model=docs.ProductOffer,
            summary="The preview's product-offer/1 declaration (not enveloped; every payment rail off)",
            **common,
        ),
        Surface(
            "signals.test_offers",
            f"/api/{p}/offers/all",
            compute=test_offers,
            model=docs.SandboxOffers,
            errors=(503,),
            summary="The test-environment offer declaration: 503 unless its configuration is coherent",
            **common,
        ),
    )
