"""Every request a guide tells its reader to make, made: over the real catalog (the cards the prose
names, Base Set Charizard and the OP01 Zoro, exist only there), through the registry's one response
path, the same code that renders the build's files and the app's answers. Each step must answer the
status it states, with every member it tells the reader to look at."""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import parse_qsl, urlsplit

import orjson

from generator.web.respond import respond
from generator.web.router import match
from generator.web.surface import Request


def member(document, dotted: str) -> bool:
    """Whether ``document`` holds ``dotted`` (``data.siblings.same_number``), with a value."""
    value = document
    for key in dotted.split("."):
        if not isinstance(value, dict) or key not in value:
            return False
        value = value[key]
    return value is not None


def test_every_guide_request_answers_as_the_guide_says(real_ctx) -> None:
    replayed = 0
    requests = [
        (f"guide {guide.slug}, step {n}", step)
        for guide in real_ctx.content.orientation.guides
        for n, step in enumerate(guide.steps, 1)
        if step.kind == "request"
    ]
    for where, step in requests:
        url = urlsplit(step.path)
        found = match(real_ctx.surfaces, url.path)
        assert found is not None, f"{where}: no surface serves {url.path}"
        surface, params = found
        body = orjson.dumps(step.body) if step.body is not None else None
        ctx = replace(real_ctx, request=Request(step.method, {"content-type": "application/json"}, body))
        rendered = respond(surface, ctx, params, dict(parse_qsl(url.query)), url.path, method=step.method)
        assert rendered.status == step.expect.status, f"{where}: {step.method} {step.path} -> {rendered.status}"
        if step.expect.reads:
            document = orjson.loads(rendered.body)
            missing = [r for r in step.expect.reads if not member(document, r)]
            assert not missing, f"{where}: {step.path} lacks {missing}"
        replayed += 1
    assert replayed >= 14


def test_a_read_is_a_dotted_path_to_a_value() -> None:
    document = {"data": {"valid": False, "violations": []}}
    assert member(document, "data.valid") and member(document, "data.violations")
    assert not member(document, "data.verdict") and not member(document, "_meta.as_of")
