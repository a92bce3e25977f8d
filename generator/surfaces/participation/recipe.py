"""``GET, POST /api/v1/recipe-template``: how to write down a crawl of this API, and a checker for it.

A recipe is a named, ordered list of requests against this API for one game, with the cadence its
author means to run it at. GET publishes the recipe's JSON Schema, an example and the rules; POST a
draft and get its content hash (sha256 over RFC 8785 canonical JSON) and a validation report that
lists every problem at once: the shape (the schema), every step's path and method against what this
build serves, and the cadence against the freshest data the recipe reads (polling faster than the
data changes only costs both sides). Nothing is stored.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from generator.hashing import content_hash
from generator.models.frozen import Doc
from generator.site import Site
from generator.web.router import match
from generator.web.surface import Context, Method, Params, Query, Result, Surface, error

LIMIT = 32 * 1024


class Step(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    method: Literal["GET", "POST"] = "GET"
    path: str = Field(pattern=r"^/", max_length=300, description="a path of this API; {placeholders} allowed")
    purpose: str = Field(min_length=1, max_length=300)


class Recipe(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str = Field(min_length=1, max_length=100)
    game: str = Field(min_length=1, max_length=20, description="a game token")
    goal: str = Field(min_length=1, max_length=500)
    steps: tuple[Step, ...] = Field(min_length=1, max_length=20)
    cadence_seconds: int = Field(ge=1, le=31_536_000, description="how often the whole recipe runs (at most a year)")


class RecipeTemplate(Doc):
    kind: Literal["recipe_template"] = Field(alias="@kind")
    schema_: dict[str, Any] = Field(alias="schema")
    example: dict[str, Any]
    rules: tuple[str, ...]


class RecipeReport(Doc):
    kind: Literal["recipe_report"] = Field(alias="@kind")
    valid: bool
    problems: tuple[dict[str, str], ...]
    content_hash: str
    stored: Literal[False]


RULES = (
    "the draft matches the schema (every problem is listed, not only the first)",
    "game is a game of this catalog",
    "every step's path is served by this build, with that method",
    "cadence_seconds is at least the freshness budget of the freshest data a GET step reads",
)
EXAMPLE = {
    "name": "nightly one piece mirror",
    "game": "op",
    "goal": "keep a local copy of every One Piece set document",
    "steps": [
        {"method": "GET", "path": "/api/v1/universal/sets/op", "purpose": "list the sets"},
        {"method": "GET", "path": "/api/v1/universal/set/{code}", "purpose": "each set with its cards inline"},
    ],
    "cadence_seconds": 86400,
}


def template(ctx: Context, params: Params, query: Query) -> Result:
    data = {"@kind": "recipe_template", "schema": Recipe.model_json_schema(), "example": EXAMPLE, "rules": list(RULES)}
    return Result(data=data)


def _semantic(ctx: Context, recipe: Recipe) -> list[dict[str, str]]:
    problems = []
    games = [g.game for g in ctx.snapshot.games()]
    if recipe.game not in games:
        problems.append({"where": "game", "problem": f"not a game of this catalog; one of {', '.join(games)}"})
    floors = []
    for i, step in enumerate(recipe.steps):
        found = match(ctx.surfaces, step.path.split("?")[0])
        if found is None:
            problems.append({"where": f"steps.{i}.path", "problem": f"{step.path} is not served by this API"})
            continue
        surface = found[0]
        if step.method not in surface.methods:
            allowed = ", ".join(m for m in surface.methods if m != "HEAD")
            problems.append({"where": f"steps.{i}.method", "problem": f"{step.path} takes {allowed}"})
        elif step.method == "GET" and ctx.site.freshness[surface.freshness] > 0:
            floors.append(ctx.site.freshness[surface.freshness])
    if floors and recipe.cadence_seconds < min(floors):
        problems.append(
            {
                "where": "cadence_seconds",
                "problem": f"faster than the data changes: the freshest step is {min(floors)} s",
            }
        )
    return problems


def check(ctx: Context, params: Params, query: Query) -> Result:
    draft = ctx.json_body()
    try:
        digest = content_hash(draft)
    except ValueError as bad:  # rfc8785: no canonical form (an integer beyond 2**53)
        return error(400, "ambiguous_canonical_value", str(bad))
    try:
        problems = _semantic(ctx, Recipe.model_validate(draft))
    except ValidationError as bad:
        problems = [{"where": ".".join(map(str, e["loc"])) or "draft", "problem": e["msg"]} for e in bad.errors()]
    data = {
        "@kind": "recipe_report",
        "valid": not problems,
        "problems": problems,
        "content_hash": digest,
        "stored": False,
    }
    return Result(data=data)


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "participation.recipe_template",
            "/api/v1/recipe-template",
            "C",
            template,
            enumerate=lambda ctx: [{}],
            post=Method(
                check, max_body=LIMIT, answer=RecipeReport, body=Recipe, check_body=False, example=lambda ctx: EXAMPLE
            ),
            model=RecipeTemplate,
            freshness="methodology",
            provenance_kind="static",
            summary="The recipe schema and an example; POST a draft for its hash and every problem in it",
        ),
    )
