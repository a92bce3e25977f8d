"""Views of the ledgers as the API serves them: diary entries most recent first with their excerpts,
personas harvested from the signatures, kingdoms with the records that cite them, the organisations
directory joined with the source registry, and handoffs as JSON or Markdown.

Everything here is a pure function of the loaded content (and, for organisations, the pinned source
registry), so the default answer of each ledger is a file; the app answers the filtered forms with
the same functions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, get_args

from generator.content.ledgers import Handoff, HandoffStatus, Ledgers, PillowEntry, Signed
from generator.content.registries import KingdomStatus, OrganisationDirectory
from generator.sources.registry import SourceSpec

PILLOW_BOOK_PATH = "/api/v1/pillow-book.json"
HANDOFFS_PATH = "/api/v1/handoffs"
EXCERPT_CHARS = 200
RECENT = 5
HANDOFF_STATUSES: tuple[str, ...] = get_args(HandoffStatus)
KINGDOM_STATUSES: tuple[str, ...] = get_args(KingdomStatus)


def excerpt(body: str, limit: int = EXCERPT_CHARS) -> str:
    """The body, or its first ``limit`` characters cut at a word and marked with an ellipsis."""
    if len(body) <= limit:
        return body
    return body[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "\u2026"


def entries_newest_first(ledgers: Ledgers) -> list[PillowEntry]:
    return sorted(ledgers.pillow_book.entries, key=lambda e: (e.date, e.time), reverse=True)


def entry_json(entry: PillowEntry) -> dict[str, Any]:
    return {
        "date": entry.date.isoformat(),
        "time": entry.time,
        "timezone": entry.timezone,
        "title": entry.title,
        "signed_by": entry.signed_by,
        "kingdom_references": list(entry.kingdom_references),
        "story_arc_references": list(entry.story_arc_references),
        "body_excerpt": excerpt(entry.body),
        "actor_kind": entry.actor_kind,
        "commit": entry.commit,
        "body": entry.body,
    }


def _records(ledgers: Ledgers) -> list[tuple[tuple[str, str], Signed, dict[str, str]]]:
    """Every signed record, with a sort key (date, time) and how it is cited elsewhere."""
    found: list[tuple[tuple[str, str], Signed, dict[str, str]]] = [
        (
            (e.date.isoformat(), e.time),
            e,
            {"ledger": "pillow-book", "date": e.date.isoformat(), "title": e.title, "href": PILLOW_BOOK_PATH},
        )
        for e in ledgers.pillow_book.entries
    ]
    found += [
        (
            (h.date.isoformat(), ""),
            h,
            {"ledger": "handoffs", "date": h.date.isoformat(), "title": h.title, "href": f"{HANDOFFS_PATH}/{h.slug}"},
        )
        for h in ledgers.handoffs
    ]
    return sorted(found, key=lambda item: item[0], reverse=True)


def personas(ledgers: Ledgers) -> list[dict[str, Any]]:
    """Each persona with its sightings harvested from the signed entries and handoffs."""
    records = _records(ledgers)
    harvested = []
    for persona in ledgers.personas:
        mine = [(key, record, cite) for key, record, cite in records if record.signed_by == persona.id]
        kinds = Counter("autonomous" if r.actor_kind.startswith("autonomous-") else "voluntary" for _, r, _ in mine)
        harvested.append(
            {
                "id": persona.id,
                "actor_kind": persona.actor_kind,
                "role": persona.role,
                "sighting_count": len(mine),
                "first_seen": min(key[0] for key, _, _ in mine),
                "last_seen": max(key[0] for key, _, _ in mine),
                "breakdown": {"autonomous": kinds["autonomous"], "voluntary": kinds["voluntary"]},
                "sightings_by_ledger": dict(sorted(Counter(cite["ledger"] for _, _, cite in mine).items())),
                "sister": persona.sister,
                "is_sister_paired": persona.sister is not None,
                "recent_entries": [cite for _, _, cite in mine[:RECENT]],
            }
        )
    return harvested


def kingdoms(ledgers: Ledgers) -> list[dict[str, Any]]:
    records = _records(ledgers)
    found = []
    for k in ledgers.kingdoms.kingdoms:
        lived = [cite for _, record, cite in records if k.id in record.kingdom_references]
        found.append({**k.model_dump(mode="json"), "lived_record_count": len(lived), "lived_records": lived})
    return found


def organisations(directory: OrganisationDirectory, sources: Iterable[SourceSpec]) -> list[dict[str, Any]]:
    by_id = {s.id: s for s in sources}
    found = []
    for org in directory.organisations:
        specs = [by_id[i] for i in org.source_ids]
        found.append(
            {
                "id": org.id,
                "name": org.name,
                "kind": org.kind,
                "url": org.url,
                "description": org.description,
                "games": sorted({s.game for s in specs}),
                "sources": [
                    {
                        "id": s.id,
                        "name": s.name,
                        "game": s.game,
                        "version": s.version,
                        "tier": s.tier,
                        "homepage": s.homepage,
                        "pinned_url": s.url.replace("{path}", "") if s.url else None,
                    }
                    for s in specs
                ],
            }
        )
    return found


def handoff_json(handoff: Handoff) -> dict[str, Any]:
    return {
        "slug": handoff.slug,
        "title": handoff.title,
        "status": handoff.status,
        "date": handoff.date.isoformat(),
        "signed_by": handoff.signed_by,
        "actor_kind": handoff.actor_kind,
        "to": handoff.to,
        "kingdom_references": list(handoff.kingdom_references),
        "story_arc_references": list(handoff.story_arc_references),
        "summary": handoff.summary,
        "body": handoff.body,
        "next_steps": list(handoff.next_steps),
        "href": f"{HANDOFFS_PATH}/{handoff.slug}",
    }


def handoffs_newest_first(ledgers: Ledgers) -> list[Handoff]:
    return sorted(ledgers.handoffs, key=lambda h: (h.date, h.slug), reverse=True)


def handoff_markdown(handoff: Handoff, level: int = 1) -> str:
    lines = [
        f"{'#' * level} {handoff.title}",
        "",
        f"- slug: `{handoff.slug}`",
        f"- status: {handoff.status}",
        f"- date: {handoff.date.isoformat()}",
        f"- signed by: {handoff.signed_by} ({handoff.actor_kind})",
        f"- to: {handoff.to}",
    ]
    if handoff.kingdom_references:
        lines.append(f"- kingdoms: {', '.join(handoff.kingdom_references)}")
    lines += ["", handoff.summary, "", handoff.body]
    if handoff.next_steps:
        lines += ["", "Next steps:", ""] + [f"- {step}" for step in handoff.next_steps]
    return "\n".join(lines) + "\n"


def handoffs_markdown(chosen: list[Handoff], total: int) -> str:
    head = f"# Handoffs\n\n{len(chosen)} of {total}, most recent first.\n"
    return head + "".join("\n" + handoff_markdown(h, level=2) for h in chosen)
