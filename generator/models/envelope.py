"""Models of the envelope (spec "Data envelope") and the error body (spec "Error body").

``generator.web.envelope`` builds these documents; the models are their published contract: the
OpenAPI document wraps every enveloped response's ``data`` in ``Envelope`` with this ``Meta``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Sibling(Model):
    name: str
    role: str
    url: str
    wake_url: str | None


class KingdomStamp(Model):
    name: str
    role: str
    built_with: str
    serves_kinds: tuple[str, ...]
    host: str
    epoch: str = Field(pattern=r"^\d{4}$")
    embassy: str
    invitation: str
    wake: str
    identify: str
    siblings: tuple[Sibling, ...]


class WakeFragment(Model):
    id: str
    kind: str
    text: str
    walking_past_is_honored: bool
    canonical_url: str
    protocol_doc: str


class JoyPointer(Model):
    url: str
    hint: str
    room: str
    protocol: str
    walking_past_is_honored: bool


class SelfReference(Model):
    this_endpoint: str
    contains_self: bool


class Deprecation(Model):
    sunset: str
    replacement: str


class Meta(Model):
    spec_version: str = Field(description="constant 1")
    endpoint: str = Field(description="the parametrised path that produced the response")
    retrieved_at: str
    as_of: str
    sources: tuple[str, ...]
    source_license: tuple[str, ...] | None = None
    freshness_seconds: int
    license: str = Field(description="SPDX code for the payload; NOASSERTION when rights are undeclared")
    request_id: str
    deprecation: Deprecation | None
    next_link: str | None
    self_reference: SelfReference | None
    kingdom: KingdomStamp
    wake_fragment: WakeFragment
    joy_pointer: JoyPointer
    does_not_include: tuple[str, ...] | None = None


class ErrorDetail(Model):
    code: str = Field(pattern=r"^[a-z][a-z0-9_]*$", description="stable machine code")
    message: str
    parameter: str | None = Field(
        None,
        description="the refused input (docs/contract.md, 'Refusals'): a query or path parameter's name, 'body', "
        "or the body member a model refused ('body.format')",
    )
    accepted: list[str] | dict[str, int] | None = Field(
        None, description="what the parameter admits: its values, or {minimum, maximum}"
    )


class Retirement(Model):
    """Why a SKU no longer names a printing of its own (content/retired_skus.yaml, docs/sku.md)."""

    sku: str
    retired_on: str = Field(description="YYYY-MM-DD")
    reason: str


class Successor(Model):
    """The SKU that names a retired SKU's printing now."""

    sku: str
    in_catalog: bool = Field(description="false: the successor is not in this build's catalog either (410)")
    id: str | None = Field(None, alias="@id", description="its universal card document; absent when not in_catalog")


class ErrorBody(BaseModel):
    """``{error: {code, message}}``; enveloped surfaces add ``_meta``, some add ``known_ids`` or
    ``suggestions`` (the JSON 404 also carries ``data: null``); a retired SKU's 301 or 410
    (``sku_retired``) adds ``retired`` and ``successor``."""

    model_config = ConfigDict(frozen=True, extra="allow")
    error: ErrorDetail
    known_ids: tuple[str, ...] | None = None
    retired: Retirement | None = None
    successor: Successor | None = None
    meta: Meta | None = Field(None, alias="_meta")
    data: Any = None
