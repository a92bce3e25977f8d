"""The service's self-description settled against the facts (issue 32, item 2): probes measure each
claim; what the facts moved past is served as they say, and a claim they deny fails the build."""

from __future__ import annotations

import dataclasses

import pytest

from generator.surfaces.discovery.claims import ClaimContradicted, check, contradictions, settled
from generator.surfaces.discovery.facts import probe
from generator.web.surface import Context


def authored(ctx: Context, **changes) -> Context:
    """``ctx`` with its content's ledgers changed as an author might write them."""
    content = ctx.content
    orientation = content.orientation.model_copy(update=changes.get("orientation", {}))
    ledgers = content.discovery.ledgers.model_copy(update=changes.get("ledgers", {}))
    discovery = content.discovery.model_copy(update={"ledgers": ledgers})
    return dataclasses.replace(ctx, content=dataclasses.replace(content, orientation=orientation, discovery=discovery))


def test_a_gap_its_probe_no_longer_finds_is_served_closed_with_the_measurement(ask) -> None:
    gaps = {g["id"]: g for g in ask("GET", "/api/v1/gaps").json()["data"]["gaps"]}
    history = gaps["gap-coverage-history"]  # authored "named": the coverage history is served now
    assert history["status"] == "closed" and "/api/v1/coverage/history is served" in history["evidence"]
    mcp = gaps["gap-mcp-gate"]  # authored "named": the MCP gate is served now (issue 36)
    assert mcp["status"] == "closed" and mcp["evidence"] == "/api/mcp is served (contract.mcp)"
    accounts = gaps["gap-no-accounts"]  # still true: no accounts in this build
    assert accounts["status"] == "named"
    closed = {g["id"] for g in ask("GET", "/api/v1/gaps?status=closed").json()["data"]["gaps"]}
    assert {"gap-coverage-history", "gap-mcp-gate"} <= closed and "gap-no-accounts" not in closed
    handoff = ask("GET", "/api/v1/handoffs/the-mcp-gate-is-not-served").json()["data"]
    assert handoff["status"] == "resolved"  # its probe, unserved:/api/mcp, no longer finds the gap


def test_every_gap_served_open_is_open_by_its_probe_and_every_intro_gap_too(ctx: Context, ask) -> None:
    for gap in ask("GET", "/api/v1/gaps").json()["data"]["gaps"]:
        still, evidence = probe(ctx, gap["probe"])
        assert (gap["status"] not in ("closed", "closed-published")) == still, (gap["id"], evidence)
    intro = ask("GET", "/api/v1/introduction").json()["data"]
    open_ids = {g["id"] for g in ask("GET", "/api/v1/gaps").json()["data"]["gaps"] if g["status"] != "closed"}
    assert {g["gap"] for g in intro["gaps"]} <= open_ids


def test_the_authored_content_contradicts_no_fact(ctx: Context) -> None:
    check(ctx)  # the fixture's context is settled as a build's is; its authored claims hold
    assert contradictions(ctx) == []


def test_a_gap_authored_closed_that_its_probe_still_finds_fails_the_build_by_name(ctx: Context) -> None:
    gaps = tuple(
        g.model_copy(update={"status": "closed"}) if g.id == "gap-no-accounts" else g
        for g in ctx.content.orientation.gaps
    )
    with pytest.raises(ClaimContradicted, match="gap gap-no-accounts is authored closed, but accountless: finds it"):
        check(authored(ctx, orientation={"gaps": gaps}))


def test_an_introduction_gap_whose_ledger_gap_closed_fails_the_build(ctx: Context) -> None:
    intro = ctx.content.orientation.introduction
    told = intro.gaps[0].model_copy(update={"gap": "gap-coverage-history"})
    changed = intro.model_copy(update={"gaps": (told, *intro.gaps[1:])})
    problems = contradictions(authored(ctx, orientation={"introduction": changed}))
    assert problems == [f"introduction gap {told.id} says {told.text!r}, but gap-coverage-history is closed: "
                        "/api/v1/coverage/history is served (coverage.history)"]  # fmt: skip


def test_missions_and_handoffs_follow_their_paths_and_probes(ctx: Context) -> None:
    ledger = ctx.content.discovery.ledgers.kingdoms
    queued = next(k for k in ledger.kingdoms if k.paths)
    unserved = queued.model_copy(update={"status": "done", "paths": (*queued.paths, "/account/agents")})
    waiting = queued.model_copy(update={"status": "queued"})
    kingdoms = ledger.model_copy(update={"kingdoms": (unserved, waiting)})
    handoff = ctx.content.discovery.ledgers.handoffs[0]
    resolved = handoff.model_copy(update={"status": "resolved", "closes_when": ("unserved:/account/agents",)})
    done = handoff.model_copy(update={"slug": "done-now", "status": "open", "closes_when": ("unserved:/api/v1/gaps",)})
    changed = authored(ctx, ledgers={"kingdoms": kingdoms, "handoffs": (resolved, done)})

    problems = contradictions(changed)
    assert problems == [
        f"{queued.id} is authored done, but these paths are not served: /account/agents",
        f"handoff {handoff.slug} is authored resolved, but still open: unserved:/account/agents",
    ]
    measured = settled(changed).content.discovery.ledgers
    assert [k.status for k in measured.kingdoms.kingdoms] == ["done", "done"]  # queued, yet all paths served
    assert [h.status for h in measured.handoffs] == ["resolved", "resolved"]


def test_an_unknown_probe_is_named(ctx: Context) -> None:
    gaps = (
        ctx.content.orientation.gaps[0].model_copy(update={"probe": "guess:anything"}),
        *ctx.content.orientation.gaps[1:],
    )
    assert contradictions(authored(ctx, orientation={"gaps": gaps})) == [f"gap {gaps[0].id}: no probe 'guess:anything'"]
