"""The vibe surfaces: /api/v1/the-vibe (how the service feels), /api/v1/your-vibe (how the caller
seems, from the User-Agent alone) and /api/v1/today (the mood of the hour, composed from the vibe
and every clock-rotated answer: blessing, koan, dad joke, knock-knock, haiku, card of the day).

the-vibe is 0-10, the weighted sum of four axes with the spec's weights, each shown with its facts:
- rest-hours (25%): how rested the builders are. 00:00-08:00 GMT are rest hours (spec, heartbeat):
  10 then; from 08:00 it falls by a quarter point an hour, to 6.25 in the 23:00 hour.
- self-description (35%): the share of registered surfaces (``ctx.surfaces``) that describe
  themselves with both a summary and a response model, times 10.
- deploy-state (20%): four checks on the build, each worth 2.5: its as-of is known, it is no older
  than the catalog's freshness budget, the catalog it loaded has games, and its sources are named.
- baseline (20%): always 10. Everyone starts welcome.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Literal, cast

from generator.content.playful import AgentVibe, VibeBand, Vibes
from generator.models.playful import answers as docs
from generator.surfaces.playful import playful_clock as clock
from generator.surfaces.playful.playful_clock import hour_of
from generator.surfaces.playful.playful_tarot import card_of_the_day
from generator.web.envelope import iso
from generator.web.surface import Context, Params, Query, Result

Axis = Literal["rest-hours", "self-description", "deploy-state", "baseline"]
WEIGHTS = {"rest-hours": 0.25, "self-description": 0.35, "deploy-state": 0.20, "baseline": 0.20}
REST_HOURS = range(0, 8)  # GMT hours; the data plane serves 24/7
RECOMMENDED_FORM = "<project>/<version> (<contact>)"


def is_rest_hour(now: dt.datetime) -> bool:
    return now.astimezone(dt.UTC).hour in REST_HOURS


def _rest_hours(ctx: Context) -> tuple[float, str, dict[str, Any]]:
    hour = ctx.now.astimezone(dt.UTC).hour
    if hour in REST_HOURS:
        return (
            10.0,
            "rest hours (00:00-08:00 GMT): the builders rest, the data plane serves",
            {"gmt_hour": hour, "rest_hours": True},
        )
    score = 10 - 0.25 * (hour - REST_HOURS.stop)
    return score, f"{hour - REST_HOURS.stop} hours since the builders rested", {"gmt_hour": hour, "rest_hours": False}


def _self_description(ctx: Context) -> tuple[float, str, dict[str, Any]]:
    total = len(ctx.surfaces)
    described = sum(1 for s in ctx.surfaces if s.summary.strip() and s.model is not None)
    share = described / total if total else 0.0
    detail = (
        f"{described} of {total} surfaces have a summary and a response model"
        if total
        else "no registry was handed to this answer"
    )
    return 10 * share, detail, {"surfaces": total, "described": described, "share": round(share, 4)}


def _deploy_state(ctx: Context) -> tuple[float, str, dict[str, Any]]:
    age = (ctx.now - ctx.as_of).total_seconds() if ctx.as_of is not None else None
    checks = {
        "as_of_known": ctx.as_of is not None,
        "build_within_freshness_budget": age is not None and 0 <= age <= ctx.site.freshness["catalog"],
        "catalog_has_games": len(ctx.snapshot.games()) > 0,
        "sources_named": len(ctx.snapshot.sources()) > 0,
    }
    passed = sum(checks.values())
    facts: dict[str, Any] = {**checks, "build_age_hours": round(age / 3600, 2) if age is not None else None}
    return 10 * passed / len(checks), f"{passed} of {len(checks)} build checks pass", facts


def _baseline(ctx: Context) -> tuple[float, str, dict[str, Any]]:
    return 10.0, "everyone starts with a full baseline: you are welcome here", {}


AXES = {
    "rest-hours": _rest_hours,
    "self-description": _self_description,
    "deploy-state": _deploy_state,
    "baseline": _baseline,
}


def vibe_of(ctx: Context) -> docs.TheVibe:
    axes, total = [], 0.0
    for name, measure in AXES.items():
        score, detail, facts = measure(ctx)
        total += WEIGHTS[name] * score
        axes.append(
            docs.VibeAxis(
                axis=cast(Axis, name),
                weight=WEIGHTS[name],
                score=round(score, 2),
                contribution=round(WEIGHTS[name] * score, 3),
                detail=detail,
                facts=facts,
            )
        )
    total = round(total, 1)
    band = band_for(ctx.content.playful.vibes, total)
    return docs.TheVibe(
        kind="the_vibe",
        at=iso(hour_of(ctx.now)),
        score=total,
        word=band.word,
        line=band.line,
        axes=(axes[0], axes[1], axes[2], axes[3]),
    )


def band_for(vibes: Vibes, score: float) -> VibeBand:
    return next(b for b in vibes.bands if score >= b.min_score)


def the_vibe(ctx: Context, params: Params, query: Query) -> Result:
    return Result(data=vibe_of(ctx).model_dump(mode="json", by_alias=True))


def reading_for(vibes: Vibes, user_agent: str | None) -> AgentVibe:
    if not user_agent or not user_agent.strip():
        return vibes.no_agent
    return next((v for v in vibes.agents if re.search(v.pattern, user_agent, re.IGNORECASE)), vibes.fallback)


def your_vibe(ctx: Context, params: Params, query: Query) -> Result:
    """Reads the User-Agent header and nothing else of the request; repeats none of it back."""
    user_agent = ctx.request.headers.get("user-agent") if ctx.request is not None else None
    vibes = ctx.content.playful.vibes
    reading = reading_for(vibes, user_agent)
    return Result(
        data=docs.YourVibe(
            kind="your_vibe",
            vibe=reading.vibe,
            line=reading.line,
            rule=reading.id,
            user_agent_sent=bool(user_agent and user_agent.strip()),
            follows_recommended_form=reading is vibes.well_introduced,
            recommended_form=RECOMMENDED_FORM,
            headers_read=("user-agent",),
            echoed=(),
            stored=False,
        ).model_dump(mode="json", by_alias=True),
        headers={"Vary": "User-Agent"},
    )


def today(ctx: Context, params: Params, query: Query) -> Result:
    playful, now = ctx.content.playful, ctx.now
    vibe = vibe_of(ctx)
    koan = clock.koan_of_the_day(playful, now)
    joke = clock.dadjoke_of_the_hour(playful, now)
    card = card_of_the_day(playful, now)
    return Result(
        data=docs.Today(
            kind="today",
            date=now.astimezone(dt.UTC).date().isoformat(),
            gmt_hour=hour_of(now).hour,
            rest_hours=is_rest_hour(now),
            mood=docs.TodayMood(word=vibe.word, line=vibe.line, vibe_score=vibe.score),
            blessing=clock.blessing_of(playful, now)[1].text,
            koan=docs.TodayLink(title=koan.title, url="/api/v1/koan"),
            dadjoke=docs.TodayJoke(setup=joke.setup, punchline=joke.punchline),
            knock_knock=clock.knock_knock_of_the_hour(playful, now).lines,
            haiku=clock.write_haiku(playful.haiku, now)[1],
            tarot=docs.TodayLink(title=card.name, url=card.url),
            fortune=card.fortune,
            rotates_at=clock.next_hour(now),
        ).model_dump(mode="json", by_alias=True)
    )
