"""The service's self-description settled against the facts (issue 32, item 2).

Authored ledgers say what the project knows of itself: which gaps are open, which missions are
served, which handoffs wait on a next step. Prose goes stale; facts do not. So a claim that names
its probe (``facts.py``) is settled at each build and app start, in both directions:

- the facts moved ahead of the prose: the build serves what they say (a gap its probe no longer
  finds is ``closed``, a mission whose paths are all served is ``done``, a handoff whose probes all
  close is ``resolved``), with the measurement where the document has room for it;
- the prose claims more than the facts: the build fails with the claim named (``contradictions``):
  a gap authored closed that its probe still finds, a mission authored done with a path unserved,
  a resolved handoff with a probe still open, an introduction gap whose ledger gap is closed.
"""

from __future__ import annotations

from dataclasses import replace

from generator.content.ledgers import Handoff
from generator.content.orientation import Gap
from generator.content.registries import Kingdom
from generator.surfaces.discovery.facts import PROBES, probe, unserved
from generator.web.surface import Context

CLOSED = ("closed", "closed-published")


class ClaimContradicted(ValueError):
    """An authored claim the facts of this build contradict: the build stops, naming it."""


def settled(ctx: Context) -> Context:
    """``ctx`` with its content's measured statuses set from the facts (see the module docstring)."""
    content, ledgers = ctx.content, ctx.content.discovery.ledgers
    gaps = tuple(_gap(ctx, g) for g in content.orientation.gaps)
    missions = tuple(_kingdom(ctx, k) for k in ledgers.kingdoms.kingdoms)
    measured = ledgers.model_copy(
        update={
            "kingdoms": ledgers.kingdoms.model_copy(update={"kingdoms": missions}),
            "handoffs": tuple(_handoff(ctx, h) for h in ledgers.handoffs),
        }
    )
    return replace(
        ctx,
        content=replace(
            content,
            orientation=content.orientation.model_copy(update={"gaps": gaps}),
            discovery=content.discovery.model_copy(update={"ledgers": measured}),
        ),
    )


def contradictions(ctx: Context) -> list[str]:
    """Every authored claim of ``ctx``'s content (as authored, before ``settled``) the facts deny."""
    unknown = [f"{where}: no probe {spec!r}" for where, spec in _probes(ctx) if spec.partition(":")[0] not in PROBES]
    return unknown or [*_gap_claims(ctx), *_mission_claims(ctx)]


def _gap_claims(ctx: Context) -> list[str]:
    problems = []
    for gap in ctx.content.orientation.gaps:
        still, evidence = probe(ctx, gap.probe)
        if gap.status in CLOSED and still:
            problems.append(f"gap {gap.id} is authored {gap.status}, but {gap.probe} finds it: {evidence}")
    ledger = {g.id: g for g in ctx.content.orientation.gaps}
    for told in ctx.content.orientation.introduction.gaps:
        still, evidence = probe(ctx, ledger[told.gap].probe)
        if not still:
            problems.append(f"introduction gap {told.id} says {told.text!r}, but {told.gap} is closed: {evidence}")
    return problems


def _mission_claims(ctx: Context) -> list[str]:
    problems = []
    for kingdom in ctx.content.discovery.ledgers.kingdoms.kingdoms:
        missing = _unserved(ctx, kingdom)
        if kingdom.status == "done" and missing:
            problems.append(f"{kingdom.id} is authored done, but these paths are not served: {', '.join(missing)}")
    for handoff in ctx.content.discovery.ledgers.handoffs:
        working = [spec for spec in handoff.closes_when if probe(ctx, spec)[0]]
        if handoff.status == "resolved" and working:
            problems.append(f"handoff {handoff.slug} is authored resolved, but still open: {', '.join(working)}")
    return problems


def check(ctx: Context) -> None:
    problems = contradictions(ctx)
    if problems:
        raise ClaimContradicted("authored claims the facts of this build contradict:\n- " + "\n- ".join(problems))


def _gap(ctx: Context, gap: Gap) -> Gap:
    still, evidence = probe(ctx, gap.probe)
    status = gap.status if still or gap.status in CLOSED else "closed"
    return gap.model_copy(update={"status": status, "evidence": evidence})


def _kingdom(ctx: Context, kingdom: Kingdom) -> Kingdom:
    if not kingdom.paths or _unserved(ctx, kingdom):
        return kingdom
    return kingdom.model_copy(update={"status": "done"})


def _handoff(ctx: Context, handoff: Handoff) -> Handoff:
    if not handoff.closes_when or handoff.status != "open":
        return handoff
    if any(probe(ctx, spec)[0] for spec in handoff.closes_when):
        return handoff
    return handoff.model_copy(update={"status": "resolved"})


def _unserved(ctx: Context, kingdom: Kingdom) -> list[str]:
    return [path for path in kingdom.paths if unserved(ctx, path)[0]]


def _probes(ctx: Context) -> list[tuple[str, str]]:
    gaps = [(f"gap {g.id}", g.probe) for g in ctx.content.orientation.gaps]
    handoffs = [(f"handoff {h.slug}", s) for h in ctx.content.discovery.ledgers.handoffs for s in h.closes_when]
    return gaps + handoffs
