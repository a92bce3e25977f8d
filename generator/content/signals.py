"""The signals product preview (``content/signals/preview.yaml``) and its test configuration.

The test configuration is *coherent* when every statement in it can hold at once for a test
environment: it says it is a test environment; no payment rail is live and at least one is a
sandbox; its sandbox lives on another host than the public site; and it offers at least one plan,
each with a unique id, in GBP, at a positive price. ``incoherence`` lists what fails.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import Field

from generator.models.frozen import Frozen
from generator.yamlfile import load_yaml

RAILS = ("card", "bank_transfer", "wallet", "stablecoin")


class Offer(Frozen):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    price_minor: int
    currency: str = "GBP"
    interval: Literal["month", "year"]


class Fixture(Frozen):
    sku: str
    signal: str
    detail: str
    records: int = Field(ge=0)


class Step(Frozen):
    """One point of how the product works, titled for the page that lists them."""

    title: str
    text: str


class SandboxConfig(Frozen):
    environment: str
    sandbox_base_url: str
    payment_rails: dict[str, Literal["off", "sandbox", "live"]]
    offers: tuple[Offer, ...] = ()


class SignalsContent(Frozen):
    name: str
    summary: str
    how_it_works: tuple[Step, ...] = Field(min_length=1)
    offers: tuple[Offer, ...] = Field(min_length=1)
    fixtures: tuple[Fixture, ...] = Field(min_length=1)
    test_environment: SandboxConfig | None = None


def incoherence(test: SandboxConfig | None, site_base_url: str) -> list[str]:
    """Why the test configuration cannot be served (empty: it is coherent)."""
    if test is None:
        return ["no test configuration is present"]
    reasons = []
    if test.environment != "test":
        reasons.append(f"environment is {test.environment!r}, not 'test'")
    unknown = sorted(set(test.payment_rails) - set(RAILS))
    if unknown:
        reasons.append(f"unknown payment rails: {', '.join(unknown)}")
    if any(mode == "live" for mode in test.payment_rails.values()):
        reasons.append("a payment rail is live in a test configuration")
    if not any(mode == "sandbox" for mode in test.payment_rails.values()):
        reasons.append("no payment rail is a sandbox")
    if urlsplit(test.sandbox_base_url).netloc in ("", urlsplit(site_base_url).netloc):
        reasons.append("the sandbox must live on its own host, not the public site's")
    if not test.offers:
        reasons.append("no offers")
    if len({o.id for o in test.offers}) != len(test.offers):
        reasons.append("offer ids repeat")
    if any(o.currency != "GBP" or o.price_minor <= 0 for o in test.offers):
        reasons.append("every offer must be a positive GBP amount")
    return reasons


def load_signals(root: Path) -> SignalsContent:
    return SignalsContent(**load_yaml(root / "signals" / "preview.yaml"))
