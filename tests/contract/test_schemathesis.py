"""schemathesis over every operation of our own OpenAPI document, in process over the ASGI app.

The app serves a dist built from the synthetic catalog; schemathesis generates inputs for every
GET and POST operation and checks each answer: no server error, a status the document declares,
a body that matches the declared schema, and the declared content type. (schemathesis' pytest
plugin does not run under pytest 9 yet, so each operation is driven through hypothesis here.)
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import negative_data_rejection, positive_data_acceptance

from generator.contract.openapi import operations
from generator.play.protocol.seal import dev_key
from generator.serve.app import App
from generator.site import load_site
from generator.surfaces.families import surfaces

REGISTRY = surfaces(load_site())
OPERATIONS = [(path, method) for s in REGISTRY for path, method in operations(s)]
# A 503 a surface declares (a paused door, a referee without a key, an example the small catalog
# cannot record) is the spec's answer, not a server error; every other 5xx fails.
DECLARES_503 = {s.path for s in REGISTRY if 503 in s.errors}
METHODS = ("get", "post", "put", "patch", "delete", "options")
# The practice referee's move carries a token only the server can seal, so a schema-valid body can
# still be refused (400 state_rejected).
# Two receipts check what a schema cannot say: mind-connect recomputes the hash of the receipt it
# answers and needs the parties swapped; recognize refuses self-recognition (the same id twice).
# identify refuses what has no RFC 8785 canonical form (an integer beyond 2**53), which a schema
# cannot express either.
SEALED_BODY = {"/api/v1/play/practice", "/api/v1/mind-connect", "/api/v1/recognize", "/api/v1/identify"}
# A door whose documented answer is itself a 4xx (the teapot's 418, the kingdom's 402) refuses every
# request by design: its answer is checked against its model, not expected to be a 2xx.
REFUSES_BY_DESIGN = {s.path for s in REGISTRY if 400 <= s.answer_status < 500}
# A channel that stores what it accepts does so within a per-client rate (schemathesis sends every
# case from one client) and the store's bounds: a valid report may be refused 429 or 503, both declared.
BOUNDED_WRITES = {s.path for s in REGISTRY if s.post is not None and 429 in s.post.errors}


@pytest.fixture(scope="module")
def api_schema(small_dist, tmp_path_factory):
    app = App(small_dist, referee_key=dev_key(), state=tmp_path_factory.mktemp("schemathesis-state"))
    return schemathesis.openapi.from_asgi("/api/openapi.json", app)


@pytest.mark.parametrize("path,method", OPERATIONS, ids=[f"{m.upper()} {p}" for p, m in OPERATIONS])
def test_every_operation_answers_as_the_document_says(api_schema, path: str, method: str) -> None:
    operation = api_schema[path][method]

    @given(case=operation.as_strategy())
    @settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def check(case) -> None:
        excluded = [not_a_server_error] if path in DECLARES_503 else []
        bounded = method == "post" and path in BOUNDED_WRITES
        excluded += [positive_data_acceptance] if path in SEALED_BODY | REFUSES_BY_DESIGN or bounded else []
        case.call_and_validate(excluded_checks=excluded)

    check()


def test_the_document_lists_every_operation_of_the_registry(api_schema) -> None:
    paths = api_schema.raw_schema["paths"]
    listed = {(path, method) for path, item in paths.items() for method in item if method in METHODS}
    assert listed == set(OPERATIONS)


# Negative data: a request the document says is invalid must be refused (issue 38: the declaration is
# the validator). Two POSTs accept any JSON object by design and answer what is wrong with it as data
# (Method.check_body=False: identify normalises and warns, spec "Errors" 5; the recipe check lists
# every problem); a paused door answers before reading anything (spec "Errors" 4); and a path value
# schemathesis makes "invalid" for a placeholder without a declared form is only an unknown id (404).


def _negatable(surface, method: str) -> bool:
    """Whether the document says anything a request can break: a declared parameter or body."""
    if surface.path in REFUSES_BY_DESIGN:
        return False
    if method == "get":
        return bool(surface.query_params or any(p.pattern or p.format for p in surface.path_params))
    declared = surface.method(method.upper())
    return declared is not None and declared.body is not None and declared.check_body and declared.read_body


NEGATABLE = [(s.path, m) for s in REGISTRY for path, m in operations(s) if _negatable(s, m)]


@pytest.mark.parametrize("path,method", NEGATABLE, ids=[f"{m.upper()} {p}" for p, m in NEGATABLE])
def test_every_operation_refuses_what_the_document_says_is_invalid(api_schema, path: str, method: str) -> None:
    operation = api_schema[path][method]

    @given(case=operation.as_strategy(generation_mode=GenerationMode.NEGATIVE))
    @settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def check(case) -> None:
        response = case.call()
        if response.status_code == 413:  # refused for its size (a 2,000-character text of escaped
            return  # astral characters is over the 16 KiB body limit), which schemathesis does not count
        case.validate_response(response, checks=[negative_data_rejection])

    check()
