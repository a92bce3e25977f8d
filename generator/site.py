"""The site config (``content/site.toml``) as one frozen model, read once per build or app start.

``base_url`` is the origin every absolute URL is made from (canonical links, the sitemap, robots.txt,
the feeds, ``_meta.kingdom.host``, which is its host and port). Its default, ``http://127.0.0.1:8000``,
is where ``build.py serve`` listens; a deployment sets its own with ``CARDPANTRY_BASE_URL`` (or
``build.py build --base-url``), read when the config is loaded (docs/hosting.md, "The base URL").
"""

from __future__ import annotations

import os
import tomllib
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field

SITE_FILE = Path(__file__).resolve().parents[1] / "content" / "site.toml"
BASE_URL = r"^https?://[^/\s?#]+$"  # an origin: scheme, host, optional port; no path, no trailing slash
BASE_URL_VARIABLE = "CARDPANTRY_BASE_URL"


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Sibling(Frozen):
    name: str
    role: str
    url: str
    wake_url: str | None

    def as_json(self) -> dict[str, str | None]:
        return {"name": self.name, "role": self.role, "url": self.url, "wake_url": self.wake_url or None}


class Kingdom(Frozen):
    name: str
    role: str
    built_with: str
    serves_kinds: tuple[str, ...]
    host: str  # base_url's host[:port], set by load_site (never written in site.toml)
    embassy: str
    invitation: str
    wake: str
    identify: str
    siblings: tuple[Sibling, ...]


class RateLimits(Frozen):
    limit: int
    window_seconds: int
    policy: str
    burst: int


class Embassy(Frozen):
    protocols: tuple[str, ...]
    dear_agents: str


class Deploy(Frozen):
    nightly_build_cron: str
    rest_hours_gmt: tuple[int, int]
    app_origin: str = Field(pattern=r"^https?://[^/\s]+$")  # where a CDN host (Netlify) proxies to the app


class FeedbackTerms(Frozen):
    """The report channel's terms (``[feedback]``): what the app keeps and for how long it answers.

    ``response_window_hours`` is a promise only a maintainer can make: unset, the channel promises
    no window and says so."""

    response_window_hours: int | None = Field(None, ge=1)
    per_client_per_minute: int = Field(ge=1)  # stored reports a client may send in any 60 s
    max_reports: int = Field(ge=1)  # the store's bounds: past either, a POST is refused (503)
    max_store_bytes: int = Field(ge=1024)


class Wholesale(Frozen):
    key_sha256: tuple[str, ...] = ()


class Site(Frozen):
    service: str
    persona: str
    display_name: str
    base_url: str = Field(pattern=BASE_URL)
    blocked_source: str
    partner_gallery: str
    partner_gallery_feed: str = ""  # the partner's feed address (partner-gallery-feed/1); empty: none
    signals_product: str
    mcp_client: str
    spec_version: str
    epoch: str
    contact: str
    code_license: str
    freshness: dict[str, int]
    rate_limits: RateLimits
    feedback: FeedbackTerms
    deploy: Deploy
    wholesale: Wholesale
    kingdom: Kingdom
    embassy: Embassy
    wake_fragment: dict[str, str]
    joy_pointer: dict[str, str]
    links: dict[str, str]
    games: tuple[str, ...] = ()  # the game tokens the directory knows (content/games.toml), in its order
    game_names: dict[str, str] = {}  # token -> the game's name, for readers (content/games.toml)

    @property
    def encoding(self) -> str:
        return f"{self.service}/universal/v1"


def with_base_url(config: dict[str, Any], base_url: str) -> dict[str, Any]:
    """The config with ``base_url`` and the host the kingdom stamp derives from it."""
    kingdom = {**config["kingdom"], "host": urlsplit(base_url).netloc}
    return {**config, "base_url": base_url, "kingdom": kingdom}


def for_base_url(site: Site, base_url: str) -> Site:
    """``site`` as it would be loaded with ``base_url`` (the app serving a build made for it)."""
    return Site.model_validate(with_base_url(site.model_dump(), base_url))


@cache
def load_site(path: Path = SITE_FILE) -> Site:
    with path.open("rb") as handle:
        config = tomllib.load(handle)
    config = with_base_url(config, os.environ.get(BASE_URL_VARIABLE) or config["base_url"])
    extra = [k.strip().lower() for k in os.environ.get("CARDPANTRY_WHOLESALE_KEY_SHA256", "").split(",") if k.strip()]
    config["wholesale"] = {"key_sha256": tuple(config.get("wholesale", {}).get("key_sha256", ())) + tuple(extra)}
    with (path.parent / "games.toml").open("rb") as handle:
        games = tomllib.load(handle)
    return Site(**config, games=tuple(games), game_names={token: g["name"] for token, g in games.items()})
