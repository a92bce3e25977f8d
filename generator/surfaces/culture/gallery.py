"""The partner gallery: ``/api/v1/culture/<partner-gallery>`` and its page ``/<partner-gallery>``.

A read-only adapter of one partner's feed, whose address is ``partner_gallery_feed`` in the site
config. The feed must follow the ``partner-gallery-feed/1`` contract (``GalleryFeed``); the answer
is either the feed, validated and restated, or a typed unavailable state saying why: the spec's
``network`` (no answer in time), ``http`` (an answer other than 200) or ``invalid-contract`` (not
JSON, too large, or not the contract) for a feed that was asked, and ``not-configured`` (no address,
so nothing was asked: ``network`` would claim a request never made), a fourth kind of our own. Nothing is invented: the
feed's own ``updated_at`` is passed on, and ``fetched_at`` is when we read it. The feed is read when
the route is rendered (the nightly build writes it as a file), never per visitor, so a slow partner
cannot slow the app down.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from typing import Any, Literal

import orjson
from pydantic import AnyHttpUrl, AwareDatetime, BaseModel, ConfigDict, Field, ValidationError

from generator.models.frozen import Doc
from generator.site import Site
from generator.web.envelope import iso
from generator.web.surface import Context, Params, Query, Result, Surface

CONTRACT = "partner-gallery-feed/1"
TIMEOUT_SECONDS = 5
MAX_BYTES = 1 << 20


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Work(_Strict):
    id: str = Field(min_length=1, max_length=120)
    title: str = Field(min_length=1, max_length=300)
    url: AnyHttpUrl
    creator: str | None = Field(None, max_length=200)
    license: str = Field(min_length=1, max_length=60)
    sku: str | None = Field(None, max_length=80, description="a card of our catalog the work answers, if any")


class GalleryFeed(_Strict):
    """What a partner publishes (``partner-gallery-feed/1``)."""

    feed: Literal["partner-gallery-feed/1"]
    gallery: str = Field(min_length=1, max_length=200)
    homepage: AnyHttpUrl
    updated_at: AwareDatetime
    works: tuple[Work, ...] = Field(max_length=500)


# The spec types the unavailable states of a feed that was asked (network, http, invalid-contract).
# A deployment with no feed address never asks, and calling that "network" would report a request
# that was never made, so it has a fourth kind of its own (docs/participation.md).
NOT_CONFIGURED = (
    "network: no answer within 5 s; http: an answer other than 200 (http_status says which); "
    "invalid-contract: not JSON, over 1 MiB, or not partner-gallery-feed/1. The spec names these three "
    "for a feed that was asked. not-configured (this service's addition): no feed address is configured, "
    "so nothing was asked (fetched_at is null); it is not reported as network, which would claim a "
    "request that was never made"
)


class Unavailable(Doc):
    kind: Literal["network", "http", "invalid-contract", "not-configured"] = Field(description=NOT_CONFIGURED)
    detail: str
    http_status: int | None = None


class GalleryAnswer(Doc):
    kind: Literal["partner_gallery"] = Field(alias="@kind")
    partner: str
    contract: Literal["partner-gallery-feed/1"]
    source: str | None = Field(description="the feed's address; null when none is configured")
    state: Literal["available", "unavailable"]
    fetched_at: str | None = Field(description="when we read the feed; null when we did not")
    feed: dict[str, Any] | None = Field(description="the feed as validated (available only)")
    unavailable: Unavailable | None


def read_feed(url: str) -> tuple[GalleryFeed | None, dict[str, Any] | None]:
    """(feed, None) or (None, the unavailable state)."""
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_SECONDS) as response:
            body = response.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as exc:
        exc.close()
        return None, {"kind": "http", "detail": f"the feed answered {exc.code}", "http_status": exc.code}
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        return None, {"kind": "network", "detail": f"no answer from the feed: {reason}"}
    if len(body) > MAX_BYTES:
        return None, {"kind": "invalid-contract", "detail": f"the feed is larger than {MAX_BYTES} bytes"}
    try:
        return GalleryFeed.model_validate(orjson.loads(body)), None
    except orjson.JSONDecodeError:
        return None, {"kind": "invalid-contract", "detail": "the feed is not JSON"}
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(document)"
        return None, {"kind": "invalid-contract", "detail": f"not {CONTRACT}: {where}: {first['msg']}"}


def gallery(ctx: Context, params: Params, query: Query) -> Result:
    url = ctx.site.partner_gallery_feed
    data: dict[str, Any] = {
        "@kind": "partner_gallery",
        "partner": ctx.site.partner_gallery,
        "contract": CONTRACT,
        "source": url or None,
        "state": "unavailable",
        "fetched_at": None,
        "feed": None,
        "unavailable": {"kind": "not-configured", "detail": "no partner feed is configured (partner_gallery_feed)"},
    }
    if url:
        feed, unavailable = read_feed(url)
        data |= {"fetched_at": iso(ctx.now), "unavailable": unavailable}
        if feed is not None:
            data |= {"state": "available", "feed": feed.model_dump(mode="json")}
    return Result(data=data)


def surfaces(site: Site) -> tuple[Surface, ...]:
    common: dict[str, Any] = {
        "enumerate": lambda ctx: [{}],
        "freshness": "catalog",
        "provenance_kind": "synced",
        "since": "2026-11-25",
        "stability": "experimental",
    }
    return (
        Surface(
            "culture.partner_gallery",
            f"/api/v1/culture/{site.partner_gallery}",
            "C",
            gallery,
            model=GalleryAnswer,
            summary="A partner gallery's feed, validated, or why it is unavailable",
            does_not_include=("works the feed does not publish", "images"),
            **common,
        ),
    )
