"""Response model of ``GET /api/v1/artists`` (spec section A: illustrator credits)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.models.frozen import Doc


class Work(Doc):
    sku: str
    id: str = Field(alias="@id")
    credit: str = Field(description="the credit exactly as the upstream prints it on this printing")


class Artist(Doc):
    name: str = Field(description="the spelling most of the artist's printings carry")
    key: str = Field(description="what makes two credits one artist: NFKC, spaces collapsed, case-folded")
    spellings: tuple[str, ...] = Field(description="every spelling credited, when more than one")
    games: dict[str, int] = Field(description="credited printings per game token")
    work_count: int
    works: tuple[Work, ...]


class Artists(Doc):
    kind: Literal["artists"] = Field(alias="@kind")
    artist_count: int
    credit_count: int
    games_with_credits: tuple[str, ...]
    games_without_credits: dict[str, str] = Field(description="game token -> why its printings carry no credit")
    page: int
    pages: int
    per_page: int
    artists: tuple[Artist, ...]
