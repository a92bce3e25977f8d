"""The declaration is the validator: a request's parameters and body are checked against what its
surface declares (``Param``, ``Method.body``, ``Method.max_body``) before any handler runs.

One refusal shape for all of it, ``{error: {code, message, parameter, accepted?}}``:

  invalid_parameter  a query or path value its ``Param`` does not admit (type, enum, range, pattern,
                     format, required, empty), ``parameter`` naming it, ``accepted`` the enum or range
  body_too_large     413: more bytes than the method's ``max_body`` (``parameter``: body)
  not_utf8, not_json, duplicate_key, not_an_object
                     400: the body's bytes are not one strict JSON object (``parameter``: body)
  invalid_body       400: the object breaks the method's body model; ``parameter`` is the first
                     problem's location (``body.format``), the message lists the first ``MAX_LISTED``
                     problems and counts the rest

So what OpenAPI, the tool schemas and the examples show is exactly what is enforced: they are
generated from the same ``Param`` and model. An empty value (``?since=``) is a value, and invalid,
unless the parameter declares ``allow_empty`` (a reader page's search form submitted blank).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from typing import Any

import orjson
from pydantic import BaseModel, ValidationError

from generator.web.body import BodyError, json_object
from generator.web.surface import Param, Result

INTEGER = re.compile(r"-?[0-9]+\Z")  # plain digits: no sign but minus, no spaces, no exponent
NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?\Z")
MAX_DIGITS = 4000  # under CPython's int() limit of 4,300: a longer value is refused, never converted
# A body's problems listed in one refusal at most: 50,000 unknown members made a 2 MB message.
MAX_LISTED = 10
BOOLEANS = ("true", "false")
DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")
DATE_TIME = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})\Z"
)


def invalid(
    parameter: str, message: str, accepted: Any = None, status: int = 400, code: str = "invalid_parameter"
) -> Result:
    """The one refusal: ``{error: {code, message, parameter, accepted?}}``."""
    detail = {"parameter": parameter} | ({"accepted": accepted} if accepted is not None else {})
    return Result(status=status, error=(code, message), error_detail=detail)


def check_params(declared: Iterable[Param], values: Mapping[str, str], where: str = "query") -> Result | None:
    """The first declared parameter ``values`` gets wrong, as the refusal; None when all are good.
    Undeclared keys are ignored (a cache-busting ``?v=2`` is not an error)."""
    for param in declared:
        raw = values.get(param.name)
        if raw is None:
            if param.required:
                message = f"{where} parameter {param.name} is required: {_describe(param)}"
                return invalid(param.name, message, _accepted(param))
            continue
        problem = _problem(param, raw)
        if problem is not None:
            return invalid(param.name, f"{where} parameter {param.name} {problem}", _accepted(param))
    return None


def _problem(param: Param, raw: str) -> str | None:
    """Why ``raw`` is not a value of ``param`` (None: it is)."""
    if raw == "":
        return None if param.allow_empty else f"is empty: {_describe(param)}"
    if param.enum:
        return None if raw in param.enum else f"is {raw[:64]!r}; one of: {', '.join(param.enum)}"
    if param.type == "boolean" and raw not in BOOLEANS:
        return f"is {raw[:64]!r}; true or false"
    if param.type in ("integer", "number"):
        if not (INTEGER if param.type == "integer" else NUMBER).match(raw) or len(raw) > MAX_DIGITS:
            return f"is {raw[:64]!r}, not a plain {param.type}: {_describe(param)}"
        number = float(raw)
        if (param.minimum is not None and number < param.minimum) or (
            param.maximum is not None and number > param.maximum
        ):
            return f"is {raw}, out of range: {_describe(param)}"
    if param.matcher is not None and not param.matcher.search(raw):
        return f"is not {_describe(param)} (pattern {param.pattern})"  # free text is never echoed (a seed)
    if param.format == "date" and not _is_date(raw):
        return f"is {raw[:64]!r}, not a calendar date YYYY-MM-DD"
    if param.format == "date-time" and not _is_date_time(raw):
        return f"is {raw[:64]!r}, not an RFC 3339 date-time with an offset (2026-11-25T10:00:00Z)"
    return None


def _is_date(raw: str) -> bool:
    if not DATE.match(raw):
        return False
    try:
        dt.date.fromisoformat(raw)
    except ValueError:
        return False
    return True


def _is_date_time(raw: str) -> bool:
    return parse_date_time(raw) is not None


def parse_date_time(raw: str) -> dt.datetime | None:
    """An RFC 3339 date-time (the JSON Schema format) as an aware datetime, or None. A leap second
    (``:60``) reads as ``:59``, and fractions past microseconds are cut: Python cannot hold them."""
    if not DATE_TIME.match(raw):
        return None
    text = re.sub(r"(\.[0-9]{6})[0-9]+", r"\1", raw.upper().replace("Z", "+00:00"))
    text = re.sub(r"(T[0-9]{2}:[0-9]{2}):60", r"\1:59", text)
    try:
        return dt.datetime.fromisoformat(text)
    except ValueError:
        return None


def _accepted(param: Param) -> Any:
    if param.enum:
        return list(param.enum)
    if param.type == "boolean":
        return list(BOOLEANS)
    if param.minimum is not None or param.maximum is not None:
        return {k: v for k, v in (("minimum", param.minimum), ("maximum", param.maximum)) if v is not None}
    return None


def _describe(param: Param) -> str:
    """What the parameter admits, in words a caller can act on."""
    if param.enum:
        return "one of " + ", ".join(param.enum)
    parts = [param.description or param.type]
    if param.minimum is not None or param.maximum is not None:
        parts.append(
            f"from {param.minimum if param.minimum is not None else '-inf'} to "
            f"{param.maximum if param.maximum is not None else 'inf'}"
        )
    return ", ".join(parts)


def read_body(body: bytes | None, model: type[BaseModel] | None, limit: int) -> BaseModel | dict[str, Any] | Result:
    """The request body as ``model`` (or as a JSON object when the method declares no model), or
    the refusal. ``body`` is None when the app stopped reading past ``limit``."""
    if body is None or len(body) > limit:
        return invalid("body", f"The body is over {limit} bytes.", {"maximum": limit}, 413, "body_too_large")
    try:
        document = json_object(body, limit)
    except BodyError as bad:
        return invalid("body", bad.message, code=bad.code)
    if model is None:
        return document
    unknown = _unknown_members(document, model)
    unlisted = set(unknown[MAX_LISTED:])  # never shown, so never handed to pydantic: only counted
    if unlisted:
        body = orjson.dumps({name: value for name, value in document.items() if name not in unlisted})
    try:
        return model.model_validate_json(body)  # JSON mode: a strict model takes an array for a tuple
    except ValidationError as bad:
        return _refusal(model, [(e["loc"], e["msg"]) for e in bad.errors()], len(unlisted))


def _unknown_members(document: dict[str, Any], model: type[BaseModel]) -> list[str]:
    """The body's top-level members a model that forbids extras does not have, in order. Pydantic
    collects an error for each, and 40,000 of them in a 1 MB body took 150 ms of the event loop
    (issue 34): it sees the first ``MAX_LISTED``, which the refusal names, and the rest are counted."""
    if model.model_config.get("extra") != "forbid":
        return []
    known = set(model.model_fields)
    known.update(f.alias for f in model.model_fields.values() if f.alias)
    return [name for name in document if name not in known]


def _refusal(model: type[BaseModel], errors: list[tuple[tuple[int | str, ...], str]], uncounted: int) -> Result:
    first = ".".join(map(str, ("body", *errors[0][0])))
    listed = "; ".join(f"{'.'.join(map(str, loc)) or 'body'}: {message}" for loc, message in errors[:MAX_LISTED])
    hidden = len(errors) - min(len(errors), MAX_LISTED) + uncounted
    more = f"; and {hidden} more" if hidden else ""
    return invalid(first, f"The body does not match {model.__name__}: {listed}{more}", code="invalid_body")
