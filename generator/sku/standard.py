"""The SKU standard: one parser and one formatter, used everywhere.

A SKU is ``<game>-<set>-<number>-<lang>[-<variant>]`` and every part matches ``[a-z0-9]+``.
The per-game token rules (which upstream field becomes which part) are written down in
``docs/sku.md``; this module enforces the shape so that no code path can mint a SKU the
standard does not allow. Adapters call :func:`token` to fold an upstream value into a part.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import total_ordering

GAMES = ("op", "ptcg", "fab", "lor")
PART = re.compile(r"^[a-z0-9]+$")
SKU_PATTERN = re.compile(
    r"^(?P<game>[a-z0-9]+)-(?P<set>[a-z0-9]+)-(?P<number>[a-z0-9]+)-(?P<lang>[a-z0-9]+)"
    r"(?:-(?P<variant>[a-z0-9]+))?$"
)
_NOT_TOKEN = re.compile(r"[^a-z0-9]+")


class SkuError(ValueError):
    """A string that is not a SKU, or parts that cannot make one."""


def token(value: object) -> str:
    """Fold an upstream value into a SKU part: lowercase, drop everything but ``[a-z0-9]``.

    ``"OP01"`` -> ``"op01"``, ``"TG01"`` -> ``"tg01"``, ``"2a"`` -> ``"2a"``. Raises when nothing is left,
    so an empty or punctuation-only upstream value is a quarantinable error, not a silent blank.
    """
    if value is None:
        raise SkuError("no SKU token can be made from a missing value")
    folded = _NOT_TOKEN.sub("", str(value).lower())
    if not folded:
        raise SkuError(f"no SKU token can be made from {value!r}")
    return folded


@total_ordering
@dataclass(frozen=True, slots=True)
class Sku:
    game: str
    set: str
    number: str
    lang: str
    variant: str | None = None

    def __post_init__(self) -> None:
        for name in ("game", "set", "number", "lang"):
            if not PART.match(getattr(self, name) or ""):
                raise SkuError(f"SKU part {name}={getattr(self, name)!r} is not [a-z0-9]+")
        if self.variant is not None and not PART.match(self.variant):
            raise SkuError(f"SKU part variant={self.variant!r} is not [a-z0-9]+")
        if self.game not in GAMES:
            raise SkuError(f"unknown game token {self.game!r}; known: {', '.join(GAMES)}")

    @classmethod
    def parse(cls, text: str) -> Sku:
        """Parse a SKU exactly: no case folding, no trimming (a SKU is an identifier)."""
        match = SKU_PATTERN.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise SkuError(f"{text!r} is not a SKU of the form <game>-<set>-<number>-<lang>[-<variant>]")
        return cls(**match.groupdict())

    @classmethod
    def of(cls, game: str, set: str, number: object, lang: str, variant: object | None = None) -> Sku:
        """Build a SKU from upstream values, folding each through :func:`token`."""
        return cls(
            game=token(game),
            set=token(set),
            number=token(number),
            lang=token(lang),
            variant=None if variant in (None, "") else token(variant),
        )

    def __str__(self) -> str:
        base = f"{self.game}-{self.set}-{self.number}-{self.lang}"
        return f"{base}-{self.variant}" if self.variant else base

    def __lt__(self, other: Sku) -> bool:
        """Part by part; a base SKU sorts before its variants."""
        if not isinstance(other, Sku):
            return NotImplemented
        return self._key() < other._key()

    def _key(self) -> tuple[str, str, str, str, str]:
        return (self.game, self.set, self.number, self.lang, self.variant or "")

    @property
    def base(self) -> Sku:
        """The same printing without its variant (the default art of that card in that language)."""
        return Sku(self.game, self.set, self.number, self.lang)


def is_sku(text: str) -> bool:
    try:
        Sku.parse(text)
    except SkuError:
        return False
    return True
