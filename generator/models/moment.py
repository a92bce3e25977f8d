"""``evaluated``: when an answer's time-dependent fields (ages, health, staleness) were computed.

A static build freezes time. Each field that depends on the moment is computed by the app against
the request time; the build also writes it to a file, for a host without the app, where it is as of
the build. This block says which a reader holds (docs/operations.md "Time").
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.models.frozen import Doc

INSTANT = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"


class Evaluated(Doc):
    at: str = Field(pattern=INSTANT, description="the moment ages and states were computed against")
    basis: Literal["request", "build"] = Field(
        description="request: the app computed this answer when it was asked; build: a file written by the "
        "build, served by a host without the app (add the time since `at` to every age)"
    )
    meaning: str
