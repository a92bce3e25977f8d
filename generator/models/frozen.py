"""The two bases: ``Frozen`` for authored content (read-only once loaded; an unknown key in the YAML
is a typo, not an extension) and ``Doc`` for every document an answer carries (frozen, strict, and
filled by field name or by its ``@`` alias), and the marks of a model validator that build-time
validation need not run through pydantic: one whose rule the model's JSON Schema states too, and
one that checks the plain document itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict

Check = TypeVar("Check", bound=Callable[..., Any])
STATED = "__stated_in_json_schema__"
CHECKS_THE_DOCUMENT = "__checks_the_document__"


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Doc(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


def stated_in_json_schema(check: Check) -> Check:
    """Mark a model validator whose rule the model's JSON Schema states as well (its
    ``json_schema_extra``): build-time validation checks documents against the published JSON
    Schema, and runs pydantic too only where a model holds a check the schema does not state
    (``generator.contract.validation``). Put it under ``@model_validator``."""
    setattr(check, STATED, True)
    return check


def checks_the_document(check: Check) -> Check:
    """Mark a ``mode="before"`` validator of a document's own model (not a nested one's) that reads
    the plain document, as JSON gives it, and raises ``ValueError`` when it breaks the rule: build-time
    validation runs it on the document beside the JSON Schema check, rather than validating the
    whole document with pydantic as well (about a third of a reader page's rendering time). Put it
    under ``@model_validator(mode="before")`` and ``@classmethod``."""
    setattr(check, CHECKS_THE_DOCUMENT, True)
    return check
