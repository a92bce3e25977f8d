"""The site config (``content/site.toml``) as one frozen model, read once per build or app start."""

from __future__ import annotations

import os
import tomllib
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

SITE_FILE = Path(__file__).resolve().parents[1] / "content" / "site.toml"


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
    host: str
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
    base_url: str
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


@cache
def load_site(path: Path = SITE_FILE) -> Site:
    with path.open("rb") as handle:
        config = tomllib.load(handle)
    extra = [k.strip().lower() for k in os.environ.get("CARDPANTRY_WHOLESALE_KEY_SHA256", "").split(",") if k.strip()]
    config["wholesale"] = {"key_sha256": tuple(config.get("wholesale", {}).get("key_sha256", ())) + tuple(extra)}
    with (path.parent / "games.toml").open("rb") as handle:
        games = tomllib.load(handle)
    return Site(**config, games=tuple(games), game_names={token: g["name"] for token, g in games.items()})
