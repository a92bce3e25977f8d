"""Reading a JSON request body, the same strict way for every POST handler.

The checks run in the order that costs the caller least to understand: size first (before a byte is
parsed), then strict UTF-8, then JSON, then an object. A member named twice is refused (400
``duplicate_key``) instead of letting the last value win: ``{"op": "move", "op": "new"}`` would
otherwise start a new game while the caller believes it moved, and two parsers in a chain (a proxy, a
cache, the app) can disagree about which value counts (RFC 8259 section 4 leaves it open).

A body nested more than ``MAX_DEPTH`` arrays and objects deep is refused as ``not_json`` (orjson
itself refuses from depth 1024): the readers after it recurse (the duplicate check's ``json.loads``
raised RecursionError near depth 950, ``orjson.dumps`` of a hashed draft refuses past depth 254,
and a handler's own walk hit the recursion limit too), and no request body needs to be deeper.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import orjson

MAX_DEPTH = 64  # arrays and objects, one inside another


class BodyError(ValueError):
    """A body refused before any handler logic ran; ``code`` is the error body's machine code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def _refuse_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    document = dict(pairs)  # in C; the members are walked in Python only when one repeats
    if len(document) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise BodyError("duplicate_key", f"The member {key!r} appears more than once in one object.")
            seen.add(key)
    return document


def deeper_than(document: Any, limit: int) -> bool:
    """Whether arrays and objects nest more than ``limit`` deep (walked without recursion)."""
    stack = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def json_object(body: bytes, limit: int, describe: str = "a JSON object") -> dict[str, Any]:
    """The body as a JSON object, or ``BodyError`` (body_too_large, not_utf8, not_json,
    duplicate_key, not_an_object) naming the first problem."""
    if len(body) > limit:
        raise BodyError("body_too_large", f"The body is {len(body)} bytes; at most {limit}.")
    try:
        text = body.decode("utf-8", errors="strict")
    except UnicodeDecodeError as exc:
        raise BodyError("not_utf8", f"The body is not strict UTF-8 (byte {exc.start}).") from None
    try:
        document = orjson.loads(body)  # strict RFC 8259: no NaN, no lone surrogates, 64-bit integers
    except orjson.JSONDecodeError as exc:
        raise BodyError("not_json", f"The body is not JSON: {exc}.") from None
    if text.count("[") + text.count("{") > MAX_DEPTH and deeper_than(document, MAX_DEPTH):
        raise BodyError("not_json", f"The body nests arrays and objects more than {MAX_DEPTH} deep.")
    if isinstance(document, dict) and text.count(":") > 1:  # two members at least: look for a repeat
        json.loads(text, object_pairs_hook=_refuse_duplicates)
    if not isinstance(document, dict):
        raise BodyError("not_an_object", f"The body must be {describe}.")
    return document
