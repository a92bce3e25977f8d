"""schemathesis over every operation of our own OpenAPI document, as
``st run --phases coverage,fuzzing --checks all --mode all`` would run it, through its engine, in
process over the ASGI app (the app serves a dist built from the synthetic catalog).

Every check runs: no server error, a status the document declares, a body matching the declared
schema and content type, declared headers, schema-valid data accepted, schema-invalid data refused,
undeclared methods refused, the Allow header right. The run is configured from the document itself,
never by switching a check off: a 5xx the document declares for an operation (a paused door's 503, a
referee or example this small catalog cannot serve) is its answer, and an operation whose every
declared answer is an error (the teapot's 418, the kingdom's 402) refuses by design. Four POSTs
check what JSON Schema cannot say, so a schema-valid body can still be a 400 (``SEMANTIC``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import Status, events, from_schema
from schemathesis.engine.run import PhaseName

from generator.contract.openapi import operations
from generator.play.protocol.seal import dev_key
from generator.serve.app import App
from generator.site import load_site
from generator.surfaces.families import surfaces

REGISTRY = surfaces(load_site())
OPERATIONS = [(path, method) for s in REGISTRY for path, method in operations(s)]
METHODS = ("get", "post", "put", "patch", "delete", "options")
PHASES = ("coverage", "fuzzing")
MAX_EXAMPLES = 25  # per operation and phase: about a minute for the whole document on one core
# Schema-valid bodies a POST still refuses (400) for what JSON Schema cannot express:
SEMANTIC = {
    "/api/v1/play/practice": "a move needs a token only the server can seal; the referee checks members per op",
    "/api/v1/mind-connect": "the cited receipt's hash is recomputed and its parties must be the caller's, swapped",
    "/api/v1/recognize": "self-recognition (one party named twice, after normalisation) is refused",
    "/api/v1/identify": "a value with no RFC 8785 canonical form (an integer beyond 2**53) cannot be hashed",
    "/api/v1/recipe-template": "a value with no RFC 8785 canonical form (an integer beyond 2**53) cannot be hashed",
    "/api/v1/feedback": "a federation-adopter report must name its project and project_url (one body for every kind)",
}
# schemathesis' defaults, plus 413: a body refused for its size is refused.
REJECTED = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5xx"]
ACCEPTED = ["2xx", "3xx", "401", "403", "404", "409", "429", "5xx"]


def _operation_config(operation: dict[str, Any], path: str) -> dict[str, Any]:
    """The checks of one operation, from what the document declares for it."""
    declared = sorted(operation["responses"])
    checks: dict[str, Any] = {
        "not_a_server_error": {"expected-statuses": ["2xx", "3xx", "4xx", *(s for s in declared if s[0] == "5")]},
        "negative_data_rejection": {"expected-statuses": REJECTED},
    }
    if not any(status[0] == "2" for status in declared):  # refuses by design: its answer is the error
        answers = [s for s in declared if s not in ("400", "405", "413")]
        checks["positive_data_acceptance"] = {"expected-statuses": answers}
    elif path in SEMANTIC and operation["operationId"].endswith("_post"):
        checks["positive_data_acceptance"] = {"expected-statuses": [*ACCEPTED, "400"]}
    return {"include-operation-id": operation["operationId"], "checks": checks}


def _config(document: dict[str, Any], seed: int) -> SchemathesisConfig:
    per_operation = [
        _operation_config(operation, path)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    ]
    return SchemathesisConfig.from_dict(
        {
            "seed": seed,
            "continue-on-failure": True,
            "checks": {"enabled": True},
            "phases": {name: {"enabled": name in PHASES} for name in ("examples", "coverage", "fuzzing", "stateful")},
            "generation": {"mode": "all", "max-examples": MAX_EXAMPLES, "database": "none"},
            "operations": per_operation,
        }
    )


@dataclass
class Run:
    seed: int
    failures: list[str] = field(default_factory=list)
    tested: dict[str, set[str]] = field(default_factory=dict)  # phase -> operation labels run


@pytest.fixture(scope="module")
def app(small_dist, tmp_path_factory):
    # its own state folder: the feedback channel stores what it accepts (issue 32)
    return App(small_dist, referee_key=dev_key(), state=tmp_path_factory.mktemp("schemathesis-state"))


@pytest.fixture(scope="module")
def document(app) -> dict[str, Any]:
    return schemathesis.openapi.from_asgi("/api/openapi.json", app).raw_schema


@pytest.fixture(scope="module")
def run(app, document) -> Run:
    seed = random.randrange(1 << 32)
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", app, config=_config(document, seed))
    found = Run(seed)
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished) and event.status != Status.SKIP:
            found.tested.setdefault(event.phase.value, set()).add(event.recorder.label)
            for nodes in event.recorder.checks.values():
                for node in nodes:
                    if node.failure_info is not None:
                        failure = node.failure_info.failure
                        found.failures.append(
                            f"{event.recorder.label} [{event.phase.value}] {node.name}: {failure.title}: "
                            f"{failure.message[:300]}\n    {node.failure_info.code_sample[:500]}"
                        )
        elif isinstance(event, events.NonFatalError):
            found.failures.append(f"{event.label}: error {event.value!r}")
        elif isinstance(event, events.FatalError):
            found.failures.append(f"fatal: {event.exception!r}")
    return found


def test_the_document_lists_every_operation_of_the_registry(document) -> None:
    listed = {(path, method) for path, item in document["paths"].items() for method in item if method in METHODS}
    assert listed == set(OPERATIONS)


@pytest.mark.slow
def test_every_operation_is_run_in_the_coverage_and_fuzzing_phases(run: Run) -> None:
    every = {f"{method.upper()} {path}" for path, method in OPERATIONS}
    assert {phase: every - run.tested.get(phase, set()) for phase in PHASES} == {p: set() for p in PHASES}
    assert PhaseName.COVERAGE.value in run.tested  # the names this file uses are the engine's


@pytest.mark.slow
def test_every_check_passes_on_every_operation(run: Run) -> None:
    unique = sorted(set(run.failures))
    assert not unique, f"seed {run.seed}: {len(unique)} failures\n" + "\n".join(unique[:40])
