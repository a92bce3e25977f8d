"""The report channel's models (``/api/v1/feedback``): the body a report is, the receipt of a stored
report, and the channel's terms as its GET publishes them (docs/participation.md, "Feedback")."""

from __future__ import annotations

from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic.config import JsonDict

from generator.models.frozen import Doc

FeedbackKind = Literal["contract-drift", "guide-feedback", "endpoint-suggestion", "federation-adopter", "general"]
ADOPTER = "federation-adopter"
CLAIM_NAMES = ("project", "project_url")
# What the model's own check below says, in the JSON Schema a client reads (draft 2020-12 if/then).
CLAIM_SCHEMA: JsonDict = {"if": {"properties": {"kind": {"const": ADOPTER}}}, "then": {"required": list(CLAIM_NAMES)}}


class FeedbackBody(BaseModel):
    """A report. An adopter claim (kind federation-adopter) also names the project and its public
    URL, as the adopters registry lists them."""

    model_config = ConfigDict(frozen=True, extra="forbid", json_schema_extra=CLAIM_SCHEMA)
    kind: FeedbackKind
    message: str = Field(
        min_length=1,
        max_length=4000,
        description="what is wrong, missing or proposed; for an adopter claim, what the project reads from us",
    )
    endpoint: str | None = Field(None, max_length=300, description="the path the report is about")
    contact: str | None = Field(None, max_length=300, description="how a maintainer may answer you (never published)")
    project: str | None = Field(None, min_length=1, max_length=200, description="an adopter claim: the project's name")
    project_url: str | None = Field(
        None, max_length=500, pattern=r"^https?://\S+$", description="an adopter claim: the project's public URL"
    )

    @model_validator(mode="after")
    def _a_claim_names_its_project(self) -> Self:
        if self.kind == ADOPTER and (self.project is None or self.project_url is None):
            raise ValueError("an adopter claim (kind federation-adopter) names its project and project_url")
        return self


class FeedbackReceipt(Doc):
    kind: Literal["feedback_receipt"] = Field(alias="@kind")
    id: str = Field(pattern=r"^fb-[0-9]+$", description="the stored report's id, as the maintainers' list shows it")
    stored: Literal[True]
    received_at: str = Field(description="when the app stored it (RFC 3339, UTC)")
    echo: dict[str, Any] = Field(description="the report as stored")
    content_hash: str = Field(pattern=r"^sha256:[0-9a-f]{64}$")
    license: Literal["NOASSERTION"]
    response_window_hours: int | None = Field(description="the maintainers' promised first answer; null: none promised")
    note: str


class FeedbackLimits(Doc):
    max_body_bytes: int
    per_client_per_minute: int = Field(description="stored reports per client in any 60 s; then 429 with Retry-After")
    max_reports: int = Field(description="the store's bound in reports; past it, 503 feedback_store_full")
    max_store_bytes: int = Field(description="the store's bound in bytes of report documents; past it, 503")


class FeedbackStorage(Doc):
    where: str
    append_only: Literal[True]
    needs_the_app: str = Field(description="what a host serving only the files does with a report")
    read_by: str
    published: Literal[False]


class FeedbackChannelInfo(Doc):
    kind: Literal["feedback_channel"] = Field(alias="@kind")
    status: Literal["open"]
    accepts: dict[str, Any] = Field(description="the JSON Schema (draft 2020-12) of the POST body")
    storage: FeedbackStorage
    limits: FeedbackLimits
    refusals: dict[str, str] = Field(description="each refusal status with its error code and meaning")
    response_window_hours: int | None = Field(description="the maintainers' promised first answer; null: none promised")
    response_window: str
    tracker: str
