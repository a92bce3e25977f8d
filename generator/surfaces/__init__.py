"""The surfaces registry: every spec endpoint this build serves, in one explicit tuple."""

from __future__ import annotations

from generator.surfaces import encoding, federation, play, universal
from generator.surfaces.registry import Surface

SURFACES: tuple[Surface, ...] = (
    *universal.SURFACES,
    *encoding.SURFACES,
    *federation.SURFACES,
    *play.SURFACES,
)
