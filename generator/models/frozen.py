"""The base of every authored-content model: frozen (content is read-only once loaded) and strict
(an unknown key in the YAML is a typo, not an extension)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
