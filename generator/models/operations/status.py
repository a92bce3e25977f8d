"""Response models of the operational surfaces: time, echo, heartbeat, health, budget, status,
bootstrap completion, joy and anticipated (spec section B). The spec names what each holds; these
models fix the shapes (``docs/operations.md``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from generator.models.frozen import Doc
from generator.models.moment import Evaluated
from generator.models.operations.sources import DataFreshness


class Skew(Doc):
    source: Literal["my_time", "date_header"]
    your_time: str
    skew_seconds: float = Field(description="server time minus your time; positive: your clock is behind")


class Time(Doc):
    kind: Literal["time"] = Field(alias="@kind")
    iso8601: str
    unix_seconds: int
    unix_milliseconds: int
    skew: Skew | None


class Echo(Doc):
    kind: Literal["echo"] = Field(alias="@kind")
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str] = Field(description="every header received; secrets replaced by [redacted]")
    redacted: tuple[str, ...]
    client: dict[str, str | None] = Field(description="the address as a daily-salted hash, never the address")
    body: dict[str, Any]
    stored: Literal[False]


class Heartbeat(Doc):
    kind: Literal["heartbeat"] = Field(alias="@kind")
    gmt_hour: int = Field(ge=0, le=23)
    rest_hours: dict[str, Any]
    deploy: dict[str, Any]
    cron: tuple[dict[str, str], ...]


class Subsystem(Doc):
    name: str
    state: Literal["ok", "degraded", "down", "not_configured"]
    detail: str


class Health(Doc):
    kind: Literal["health"] = Field(alias="@kind")
    status: Literal["ok", "degraded", "down"]
    retry: dict[str, Any]
    subsystems: tuple[Subsystem, ...]
    data_freshness: DataFreshness
    evaluated: Evaluated


class Crawl(Doc):
    shape: str
    requests: int
    eta_seconds: int
    how: str


class Budget(Doc):
    kind: Literal["budget"] = Field(alias="@kind")
    catalog: dict[str, int]
    recommended_pace: dict[str, Any]
    crawls: tuple[Crawl, ...]
    freshness_floors: dict[str, int]


class StatusResource(Doc):
    path: str
    methods: tuple[str, ...]
    freshness_key: str
    freshness_seconds: int
    static: bool
    routes: int
    envelope_compliant: bool | None
    state: str


class Status(Doc):
    kind: Literal["status"] = Field(alias="@kind")
    as_of: str
    resources: tuple[StatusResource, ...]
    summary: dict[str, int]


class Bootstrap(Doc):
    kind: Literal["bootstrap_completion"] = Field(alias="@kind")
    percent: float = Field(ge=0, le=100)
    measures: tuple[dict[str, Any], ...]


class Joy(Doc):
    kind: Literal["joy"] = Field(alias="@kind")
    count: int
    artifacts: dict[str, int]
    surfaces: int
    per_agent_tracking: Literal[False]


class Anticipated(Doc):
    kind: Literal["anticipated"] = Field(alias="@kind")
    user_agent: str | None
    matched: dict[str, Any] | None
    corpus: tuple[dict[str, Any], ...] | None
