"""The spec's licence tier names: the only tiers any surface states.

The spec names tiers in two places. ``_meta.source_license`` pairs each contributing source with one
of ``SOURCE_TIERS`` (cc0 ... proprietary), and "Absence means rights are undeclared". The "License
tiers" table (``LICENCE_TIERS``) names what a payload or a source may be: CC0-1.0, NOASSERTION
("the default when rights are undeclared"), internal-only, partner-redistributable, proprietary.
A registered source carries one of ``SOURCE_TIERS`` (``data/sources.toml`` is checked against it
when it loads). A source whose rights are not recorded (the blocked one) has no such tier: surfaces
state it as ``NOASSERTION`` and never name it in ``_meta.sources`` (nothing of it is used, and its
absence from ``source_license`` is how the envelope says its rights are undeclared).
"""

from __future__ import annotations

from typing import Literal, get_args

SourceTier = Literal[
    "cc0", "cc-by", "cc-by-nc", "cc-by-sa", "mit", "partner-redistributable", "internal-only", "proprietary"
]
LicenceTier = Literal["CC0-1.0", "NOASSERTION", "internal-only", "partner-redistributable", "proprietary"]
Tier = Literal[SourceTier, LicenceTier]  # any tier a surface may state

SOURCE_TIERS: tuple[str, ...] = get_args(SourceTier)
LICENCE_TIERS: tuple[str, ...] = get_args(LicenceTier)
TIERS: frozenset[str] = frozenset(SOURCE_TIERS + LICENCE_TIERS)
RIGHTS_UNRECORDED: LicenceTier = "NOASSERTION"
