"""The two bases: ``Frozen`` for authored content (read-only once loaded; an unknown key in the YAML
is a typo, not an extension) and ``Doc`` for every document an answer carries (frozen, strict, and
filled by field name or by its ``@`` alias)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Doc(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)
