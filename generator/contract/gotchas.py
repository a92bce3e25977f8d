"""An example's ``gotchas``: what trips a first-time caller of this endpoint, each derived from its own
declaration (its parameters, methods, bodies, statuses, serving) or its recorded answers, plus what
the surface states itself (``Surface.gotchas``). A note that would hold for every endpoint alike is
not a gotcha of any, so there is none here: an endpoint with nothing to trip over has an empty list.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from generator.contract.operations import methods
from generator.contract.recording import Recording
from generator.web.surface import Method, Param, Surface

CASE_FOLDED = re.compile(r"\{(game|token|code)\}")  # matched case-insensitively by their handlers
SHOWN_VARIES = 6


def gotchas(surface: Surface, recordings: Iterable[Recording]) -> list[str]:
    return [*_serving(surface), *_parameters(surface), *_methods(surface), *_replays(recordings), *surface.gotchas]


def _serving(surface: Surface) -> Iterator[str]:
    if surface.auth != "public":
        yield f"needs {surface.auth} credentials: without them the answer is a 401"
    if surface.paused:
        yield "a paused door: its answer is a 503 status document with zero records, whatever is asked"
    elif surface.status != 200:
        yield f"its documented answer is a {surface.status}, not a 200"
    if not surface.enveloped and surface.media_type == "application/json":  # a page or a text is never enveloped
        yield "a direct JSON document: no {data, _meta} envelope, so no _meta to read sources or licence from"
    for item in surface.does_not_include:
        yield f"leaves out: {item}"
    if surface.compute is None:
        return
    if surface.clock:
        where = "the build's file is what a host without the app serves" if surface.static else "there is no file"
        yield f"depends on the time of the request: the app computes it each time ({where})"
    elif not surface.static:
        yield "no file holds it: only the app answers it, a static host alone cannot"
    elif surface.query_params:
        names = ", ".join(p.name for p in surface.query_params)
        yield f"the path alone is a file any static host serves; a query with {names} is answered by the app"


def _parameters(surface: Surface) -> Iterator[str]:
    declared = {p.name: p for p in surface.path_params}
    for name in re.findall(r"\{(\w+)\}", surface.path):
        param = declared.get(name)
        if param is not None and param.enum:
            yield f"{{{name}}} is one of {', '.join(param.enum)}; another value is a 404 listing them"
        elif param is not None and (param.pattern or param.format):
            yield f"{{{name}}} must be {_shape(param)}; anything else is a 400 invalid_parameter"
    placeholders = " or ".join(f"{{{n}}}" for n in re.findall(r"\{(\w+)\}", surface.path))
    if 404 in surface.errors and placeholders:
        yield f"an unknown {placeholders} is a 404 with the error body (and known_ids where the list is short)"
    if CASE_FOLDED.search(surface.path):
        yield "game and set tokens are matched case-insensitively; the canonical form is lower case"
    for param in surface.query_params:
        rule = _query_rule(param)
        if rule is not None:
            yield f"?{param.name} {rule}"


def _shape(param: Param) -> str:
    if param.format == "date":
        return "a calendar date YYYY-MM-DD"
    return f"a {param.format}" if param.format else f"a string matching {param.pattern}"


def _query_rule(param: Param) -> str | None:
    """What a query parameter admits, when it admits less than any string or must be given."""
    constraint = None
    if param.enum:
        constraint = f"one of {', '.join(param.enum)}"
    elif param.type == "integer" and (param.minimum is not None or param.maximum is not None):
        constraint = f"an integer from {param.minimum} to {param.maximum}"
    elif param.type in ("integer", "boolean", "number"):
        constraint = "true or false" if param.type == "boolean" else f"a {param.type}"
    elif param.pattern or param.format:
        constraint = _shape(param)
    if constraint is None and not param.required:
        return None
    rule = "is required" if param.required else "is optional"
    if constraint is not None:
        rule += f": {constraint}"
    if param.default is not None:
        rule += f", default {str(param.default).lower() if isinstance(param.default, bool) else param.default}"
    refused = "another value" if constraint is not None else "leaving it out"
    return f"{rule}; {refused} is a 400 invalid_parameter"


def _methods(surface: Surface) -> Iterator[str]:
    handlers = [(name.upper(), m) for name, m in methods(surface).items() if m is not None]
    if surface.any is not None:
        handlers = [("every method but GET", surface.any)]
    for name, method in handlers:
        yield f"{name} {_body_rule(method)}"
        if method.offload:
            yield f"{name} is answered off the event loop; past the app's time budget it is a 503 over_time_budget"


def _body_rule(method: Method) -> str:
    if not method.read_body:
        status = method.status or 503
        return f"is answered before the body is read: whatever is sent, the answer is its {status}"
    limit = f"{method.max_body:,} bytes"
    if method.body is None:
        return f"reads a body of at most {limit} as it comes (over it: 413)"
    required = [name for name, f in method.body.model_fields.items() if f.is_required()]
    needs = f"required: {', '.join(required)}" if required else "no member is required"
    model = method.body.__name__
    if not method.check_body:
        return (
            f"reads any JSON object of at most {limit}: what breaks {model} ({needs}) is answered as data, not refused"
        )
    return f"takes a strict JSON object of at most {limit} ({model}: {needs}; unknown or repeated members are a 400)"


def _replays(recordings: Iterable[Recording]) -> Iterator[str]:
    """What a replay of an example changes in the answer itself (every computed answer has its own
    request id and time of receipt in ``_meta``: the example's ``varies`` lists those too)."""
    for recorded in recordings:
        changed = [where for where in recorded.varies if not where.startswith("_meta.")]
        if changed:
            shown = ", ".join(changed[:SHOWN_VARIES])
            more = f" and {len(changed) - SHOWN_VARIES} more" if len(changed) > SHOWN_VARIES else ""
            yield f"replaying the {recorded.method} example gives another {shown}{more}; the rest is the same"
