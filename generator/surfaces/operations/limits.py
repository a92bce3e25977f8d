"""``GET /api/v1/rate-limits``: the declared advisory rate-limit policy (spec "Limits").

The figures are the site config's (``[rate_limits]`` in ``content/site.toml``), the same ones every
answer's ``RateLimit-*`` headers carry, so the document and the headers cannot disagree. Static
files are served by a CDN that counts nothing: the policy is how we ask to be treated, and what a
host that does enforce limits should enforce. The one limit the app enforces itself is listed under
``enforced``: the report channel's, from ``[feedback]`` (a 429 with Retry-After past it).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.models.frozen import Doc
from generator.site import Site
from generator.web.surface import Context, Params, Query, Result, Surface


class RateLimits(Doc):
    kind: Literal["rate_limits"] = Field(alias="@kind")
    advisory: Literal[True]
    limit: int = Field(description="requests per window per client")
    window_seconds: int
    burst: int = Field(description="requests a client may send at once before pacing")
    policy: str = Field(description="the RateLimit-Policy header value (IETF draft syntax: limit;w=window)")
    headers: tuple[str, ...]
    on_429: str
    enforced: dict[str, str] = Field(description="the limits the app enforces itself, by operation")
    prefer: tuple[str, ...]


def rate_limits(ctx: Context, params: Params, query: Query) -> Result:
    limits = ctx.site.rate_limits
    data = {
        "@kind": "rate_limits",
        "advisory": True,
        "limit": limits.limit,
        "window_seconds": limits.window_seconds,
        "burst": limits.burst,
        "policy": limits.policy,
        "headers": ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "RateLimit-Policy"],
        "on_429": "wait the Retry-After seconds (or RateLimit-Reset when absent) before the next request",
        "enforced": {
            "POST /api/v1/feedback": f"{ctx.site.feedback.per_client_per_minute} stored reports per client in any "
            "60 s, then 429 rate_limited with Retry-After (docs/participation.md)"
        },
        "prefer": [
            "conditional requests (If-None-Match): a 304 costs almost nothing",
            "set documents over one request per card when mirroring",
            "the changelog's since= over re-reading everything",
        ],
    }
    return Result(data=data)


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "limits.rate_limits",
            "/api/v1/rate-limits",
            "B",
            rate_limits,
            enumerate=lambda ctx: [{}],
            model=RateLimits,
            freshness="methodology",
            provenance_kind="static",
            summary="The declared advisory rate-limit policy (the figures every RateLimit header carries)",
        ),
    )
