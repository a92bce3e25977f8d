"""The declaration is the validator (issue 38): every declared parameter refuses what it does not
admit, in one shape, before its handler runs; and what it admits is never refused for its form.

The invariant tests walk the whole registry, so a parameter declared tomorrow is checked the day it
is registered; the unit tests pin the rules of each JSON Schema keyword the declarations use.
"""

from __future__ import annotations

import dataclasses
import re

import orjson
import pytest

from generator.site import load_site
from generator.surfaces.families import surfaces
from generator.web.respond import respond
from generator.web.surface import Context, Param, Request, Surface
from generator.web.validate import check_params, read_body

REGISTRY = surfaces(load_site())
WITH_QUERY = [s for s in REGISTRY if s.query_params and s.compute is not None]


def _concrete(surface: Surface, ctx: Context) -> tuple[str, dict[str, str]] | None:
    """A real path of the surface (its first enumerated one), or None when it enumerates none."""
    if surface.enumerate is None:
        return None
    first = next(iter(surface.enumerate(ctx)), None)
    return None if first is None else (surface.concrete(first), dict(first))


def _answer(surface: Surface, ctx: Context, params: dict[str, str], query: dict[str, str]) -> dict:
    """The refusal as its JSON body: an HTML surface's reader page around it is tested in
    tests/surfaces/test_error_pages.py."""
    rendered = respond(dataclasses.replace(surface, error_page=None), ctx, params, query, surface.path)
    return {"status": rendered.status, "body": orjson.loads(rendered.body) if rendered.status == 400 else None}


def _bad_value(param: Param) -> str | None:
    """A non-empty value the declaration refuses, or None when it admits every string."""
    if param.enum:
        return "no-such-value"
    if param.type in ("integer", "number"):
        return "12abc"
    if param.type == "boolean":
        return "yes"
    if param.format in ("date", "date-time"):
        return "2026-02-30"
    if param.pattern is not None:  # the first of some hostile strings the pattern refuses
        pattern = re.compile(param.pattern.removesuffix("$") + ("\\Z" if param.pattern.endswith("$") else ""))
        return next((v for v in ("\x00", " ", "x" * 2000) if not pattern.search(v)), None)
    return None


def _wire(value: object) -> str:
    """A default as a query string carries it (a boolean is written true or false)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _required(surface: Surface, ctx: Context) -> dict[str, str]:
    """Good values of the required parameters: the surface's own example request, else defaults."""
    example = dict(surface.example(ctx)[1]) if surface.example is not None else {}
    return {
        p.name: example.get(p.name) or _wire(p.default or (p.enum[0] if p.enum else "x"))
        for p in surface.query_params
        if p.required
    }


CASES = [(s, p) for s in WITH_QUERY for p in s.query_params]


@pytest.mark.parametrize("surface,param", CASES, ids=[f"{s.id}?{p.name}" for s, p in CASES])
def test_every_query_parameter_refuses_empty_and_malformed_values_in_one_shape(
    surface: Surface, param: Param, ctx: Context
) -> None:
    found = _concrete(surface, ctx) if "{" in surface.path else (surface.path, {})
    if found is None:
        pytest.skip("no enumerated path in the synthetic catalog")
    _, params = found
    required = _required(surface, ctx)
    for value in ("", _bad_value(param)):
        if value is None or (value == "" and param.allow_empty):
            continue
        answer = _answer(surface, ctx, params, required | {param.name: value})
        assert answer["status"] == 400, (surface.id, param.name, value)
        error = answer["body"]["error"]
        assert error["code"] == "invalid_parameter" and error["parameter"] == param.name
        assert set(error) <= {"code", "message", "parameter", "accepted"}
        if param.enum:
            assert error["accepted"] == list(param.enum)


@pytest.mark.parametrize("surface", [s for s in WITH_QUERY if any(p.required for p in s.query_params)])
def test_a_missing_required_parameter_is_refused_by_name(surface: Surface, ctx: Context) -> None:
    answer = _answer(surface, ctx, {}, {})
    assert answer["status"] == 400
    assert answer["body"]["error"]["parameter"] in {p.name for p in surface.query_params if p.required}


@pytest.mark.parametrize("surface,param", CASES, ids=[f"{s.id}?{p.name}" for s, p in CASES])
def test_a_declared_good_value_is_never_refused_for_its_form(surface: Surface, param: Param, ctx: Context) -> None:
    good = [*param.enum] or ([_wire(param.default)] if param.default is not None else [])
    required = _required(surface, ctx)
    for value in good:
        assert check_params(surface.query_params, required | {param.name: value}) is None, (param.name, value)


@pytest.mark.parametrize(
    "param,value,ok",
    [
        (Param("n", type="integer", minimum=1, maximum=5), "5", True),
        (Param("n", type="integer", minimum=1, maximum=5), "6", False),
        (Param("n", type="integer", minimum=1, maximum=5), "0", False),
        (Param("n", type="integer", minimum=1, maximum=5), "+3", False),
        (Param("n", type="integer", minimum=1, maximum=5), " 3", False),
        (Param("n", type="integer"), "9" * 5000, False),  # no int() of a huge string
        (Param("all", type="boolean"), "true", True),
        (Param("all", type="boolean"), "TRUE", False),
        (Param("since", format="date"), "2026-02-28", True),
        (Param("since", format="date"), "2026-02-30", False),
        (Param("since", format="date"), "2026-2-28", False),
        (Param("at", format="date-time"), "2026-11-25T10:00:00Z", True),
        (Param("at", format="date-time"), "2026-11-25T10:00:00", False),  # no offset: not an instant
        (Param("q", pattern=r"\S"), "  x ", True),
        (Param("q", pattern=r"\S"), "   ", False),
        (Param("seed", pattern=r"^[\s\S]{0,3}$"), "abc\n", False),  # ECMA `$` is the end, not before a newline
        (Param("q"), "", False),
        (Param("q", allow_empty=True), "", True),
    ],
)
def test_each_keyword_is_enforced_as_json_schema_reads_it(param: Param, value: str, ok: bool) -> None:
    assert (check_params((param,), {param.name: value}) is None) is ok


def test_a_body_over_the_limit_is_413_and_every_body_refusal_names_the_body() -> None:
    assert read_body(None, None, 10).status == 413  # type: ignore[union-attr]
    over = read_body(b"{}" + b" " * 10, None, 10)
    assert over.status == 413 and over.error_detail == {"parameter": "body", "accepted": {"maximum": 10}}  # type: ignore[union-attr]
    assert read_body(b'{"a": 1}', None, 100) == {"a": 1}


def test_a_body_with_many_problems_lists_ten_and_counts_the_rest() -> None:
    """50,000 unknown members made a 2 MB refusal (issue 34, item 3): the first ten are named."""
    from generator.models.participation.echoes import FarewellBody

    body = orjson.dumps({f"k{i}": i for i in range(5000)})
    refused = read_body(body, FarewellBody, 1 << 20)
    message = refused.error[1]  # type: ignore[union-attr]
    assert refused.error_detail["parameter"] == "body.k0" and message.endswith("; and 4990 more")  # type: ignore[union-attr]
    assert message.count("Extra inputs are not permitted") == 10 and len(message) < 1000


def test_unknown_members_past_the_listed_ten_never_reach_pydantic(monkeypatch) -> None:
    """Pydantic built an error for each of 40,000 unknown members (150 ms of the event loop, issue
    34): it now sees the known members and the ten named; the rest are only counted. A member the
    model checks by name (guestbook's signed_for_operator) is still among what it sees."""
    from generator.models.participation.echoes import FarewellBody, GuestbookBody

    seen: list[int] = []
    real = FarewellBody.model_validate_json
    monkeypatch.setattr(FarewellBody, "model_validate_json", lambda body: seen.append(len(body)) or real(body))
    body = orjson.dumps({"note": "bye", **{f"k{i}": i for i in range(40_000)}})
    refused = read_body(body, FarewellBody, 1 << 20)
    assert refused.error[1].endswith("; and 39990 more") and seen and seen[0] < 200  # type: ignore[union-attr]
    claim = orjson.dumps({"content_hash": "ab" * 32, "note": "hi", "signed_for_operator": True, "x": 1})
    assert "signed_for_operator is refused" in read_body(claim, GuestbookBody, 1 << 20).error[1]  # type: ignore[union-attr]


def test_a_post_with_a_declared_model_is_refused_before_its_handler(ctx: Context) -> None:
    """The handler would raise if it ran: ``respond`` must answer first, in the one shape."""
    guestbook = next(s for s in REGISTRY if s.path == "/api/v1/guestbook")
    request = Request("POST", {}, b'{"content_hash": "nope", "note": "hi"}')
    rendered = respond(
        guestbook, ctx.__class__(**{**ctx.__dict__, "request": request}), {}, {}, guestbook.path, method="POST"
    )
    assert rendered.status == 400
    error = orjson.loads(rendered.body)["error"]
    assert error["code"] == "invalid_body" and error["parameter"] == "body.content_hash"
    signed = Request("POST", {}, b'{"content_hash": "' + b"a" * 64 + b'", "note": "hi", "signed_for_operator": true}')
    rendered = respond(
        guestbook, ctx.__class__(**{**ctx.__dict__, "request": signed}), {}, {}, guestbook.path, method="POST"
    )
    assert rendered.status == 400 and "signed_for_operator" in orjson.loads(rendered.body)["error"]["message"]
