"""Authored catalog policies: oracle identity per game, and the FX fallback (``content/*.yaml``)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from generator.yamlfile import load_yaml

GAMES = ("op", "ptcg", "fab", "lor")
FX_TARGETS = ("USD", "EUR", "JPY", "HKD", "CHF")


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class OraclePolicy(Frozen):
    game: Literal["op", "ptcg", "fab", "lor"]
    pattern: Literal["stripped", "passcode", "diverged", "single-lang"]
    oracle_id_form: str
    example_anchor: str
    required_anchors: tuple[str, ...] = Field(min_length=1)
    rationale: str


class OraclePolicies(Frozen):
    policies: tuple[OraclePolicy, ...]

    @model_validator(mode="after")
    def _one_per_game(self) -> OraclePolicies:
        if tuple(p.game for p in self.policies) != GAMES:
            raise ValueError(f"one oracle policy per game, in the order {GAMES}")
        return self


class FxFallback(Frozen):
    date: dt.date
    source: str
    per_eur: dict[str, float]

    @model_validator(mode="after")
    def _has_every_currency(self) -> FxFallback:
        missing = {"GBP", *FX_TARGETS} - {"EUR"} - set(self.per_eur)
        if missing:
            raise ValueError(f"the FX fallback lacks {sorted(missing)}")
        return self


def load_oracle_policies(root: Path) -> OraclePolicies:
    return OraclePolicies(**load_yaml(root / "oracle_policies.yaml"))


def load_fx_fallback(root: Path) -> FxFallback:
    return FxFallback(**load_yaml(root / "fx_fallback.yaml"))
