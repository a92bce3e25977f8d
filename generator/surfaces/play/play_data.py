"""Data functions of the play module (spec family F): plain dicts for the envelope's ``data`` member.

Each function is pure over the loaded content (``content/play``) and, for the effect grammar, the
card pool, and for the index, archetypes and play spec the registry (each resource's status is the
registry's: ``status.py``); the surfaces registry wires them to paths and the envelope. ``content`` is the build's
(``Context.content.play``), loaded once per build by ``generator.content``. Unknown ids raise
``NotFound`` carrying ``known_ids``, which the app turns into the spec's 404 body. Links are site
paths (``/api/v1/play/...``) so that any host can serve them; ``index_in_order`` is 1-based.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from generator.models.onepiece import OnePieceCard
from generator.play.effects.coverage import grammar_surface
from generator.play.rulebook.models import PlannedFlow, PlayContent, SeeAlso
from generator.surfaces.play.status import ContradictedClaim, statuses
from generator.web.envelope import iso
from generator.web.surface import Surface

PLAY = "/api/v1/play"


class NotFound(LookupError):
    """An unknown section or term id; ``known_ids`` lists the valid ones, in order."""

    def __init__(self, what: str, requested: str, known_ids: list[str]) -> None:
        super().__init__(f"unknown {what} {requested!r}")
        self.code = "not_found"
        self.message = f"There is no {what} {requested!r}; known_ids lists every valid id."
        self.known_ids = known_ids

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message}, "known_ids": self.known_ids}


def _dump(model: BaseModel) -> dict[str, Any]:
    dumped: dict[str, Any] = model.model_dump(mode="json", by_alias=True)
    return dumped


def _section_link(content: PlayContent, section_id: str) -> dict[str, Any]:
    section = next(s for s in content.tutorial.sections if s.id == section_id)
    return {"id": section.id, "title": section.title, "href": f"{PLAY}/tutorial/{section.id}"}


def _term_link(content: PlayContent, term_id: str) -> dict[str, Any]:
    term = next(t for t in content.glossary.terms if t.id == term_id)
    return {"id": term.id, "token": term.token, "japanese": _dump(term.japanese), "href": f"{PLAY}/glossary/{term.id}"}


def _see_also(content: PlayContent, items: Iterable[SeeAlso]) -> list[dict[str, Any]]:
    out = []
    for item in items:
        if item.kind == "section":
            out.append({"kind": "section", **_section_link(content, item.id)})
        elif item.kind == "term":
            link = _term_link(content, item.id)
            out.append({"kind": "term", "id": link["id"], "title": link["token"], "href": link["href"]})
        else:
            res = next(r for r in content.index.resources if r.id == item.id)
            out.append({"kind": "resource", "id": res.id, "title": res.title, "href": res.path, "method": res.method})
    return out


def tutorial(content: PlayContent) -> dict[str, Any]:
    t = content.tutorial
    return {
        "@kind": "play_tutorial",
        "title": t.title,
        "summary": t.summary,
        "rules_version": t.rules_version,
        "section_count": len(t.sections),
        "sections": [{**_dump(s), "href": f"{PLAY}/tutorial/{s.id}"} for s in t.sections],
    }


def tutorial_section(content: PlayContent, section_id: str) -> dict[str, Any]:
    sections = content.tutorial.sections
    ids = [s.id for s in sections]
    if section_id not in ids:
        raise NotFound("tutorial section", section_id, ids)
    i = ids.index(section_id)
    section = sections[i]
    return {
        "@kind": "play_tutorial_section",
        **_dump(section),
        "index_in_order": i + 1,
        "section_count": len(sections),
        "is_first": i == 0,
        "is_last": i == len(sections) - 1,
        "prev": _section_link(content, ids[i - 1]) if i > 0 else None,
        "next": _section_link(content, ids[i + 1]) if i < len(ids) - 1 else None,
        "glossary_links": [_term_link(content, t) for t in section.glossary_terms],
        "see_also": _see_also(content, section.see_also),
        "tutorial": f"{PLAY}/tutorial",
    }


def glossary(content: PlayContent) -> dict[str, Any]:
    g = content.glossary
    return {
        "@kind": "play_glossary",
        "title": g.title,
        "rules_version": g.rules_version,
        "term_count": len(g.terms),
        "terms": [{**_dump(t), "href": f"{PLAY}/glossary/{t.id}"} for t in g.terms],
    }


def glossary_term(content: PlayContent, term_id: str) -> dict[str, Any]:
    ids = [t.id for t in content.glossary.terms]
    if term_id not in ids:
        raise NotFound("glossary term", term_id, ids)
    term = content.glossary.terms[ids.index(term_id)]
    return {
        "@kind": "play_glossary_term",
        **_dump(term),
        "related_terms": [_term_link(content, r) for r in term.related_terms],
        "introduced_in": _section_link(content, term.introduced_in),
        "see_also": _see_also(content, term.see_also),
        "glossary": f"{PLAY}/glossary",
    }


def archetypes(content: PlayContent, registry: Sequence[Surface]) -> dict[str, Any]:
    """Each archetype's flows, every resource with the registry's status (``status.py``). An
    authored claim the registry contradicts stops the build with the claim named: a served flow no
    surface answers, or a planned flow whose resources are all live and that names nothing missing."""
    status = statuses(content.index.resources, registry)
    paths = {r.id: r.path for r in content.index.resources}

    def link(resource: str) -> dict[str, Any]:
        return {"id": resource, "href": paths[resource], "status": status[resource]}

    out = _dump(content.archetypes)
    for archetype, authored in zip(out["archetypes"], content.archetypes.archetypes, strict=True):
        where = f"content/play/archetypes.yaml: {authored.id}"
        for resource in authored.flows_served_today:
            if status[resource] == "planned":
                raise ContradictedClaim(f"{where} serves {resource} today, but no surface answers {paths[resource]}")
        archetype["flows_served_today"] = [link(r) for r in authored.flows_served_today]
        archetype["flows_planned"] = [_planned(where, flow, link, status) for flow in authored.flows_planned]
    return {"@kind": "play_archetypes", **out}


def _planned(
    where: str, flow: PlannedFlow, link: Callable[[str], dict[str, Any]], status: Mapping[str, str]
) -> dict[str, Any]:
    waiting = [r for r in flow.resources if status[r] != "live"]
    if not waiting and flow.missing is None:
        raise ContradictedClaim(
            f"{where} plans {flow.id}, but its resources ({', '.join(flow.resources)}) are all live and it "
            "names nothing missing: list them in flows_served_today, or say what is missing"
        )
    return {
        "id": flow.id,
        "description": flow.description,
        "resources": [link(r) for r in flow.resources],
        "waiting_on": waiting,
        "missing": flow.missing,
    }


def play_index(content: PlayContent, registry: Sequence[Surface]) -> dict[str, Any]:
    status = statuses(content.index.resources, registry)
    resources = [{**_dump(r), "status": status[r.id]} for r in content.index.resources]
    counts = {s: sum(r["status"] == s for r in resources) for s in ("live", "preview", "planned")}
    return {
        "@kind": "play_index",
        "title": content.index.title,
        "resource_count": len(resources),
        "status_counts": counts,
        "resources": resources,
        "html": "/play/spec",
    }


def _fill(path: str, params: Mapping[str, str]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: params.get(m[1], m[0]), path)


def play_spec(content: PlayContent, registry: Sequence[Surface]) -> dict[str, Any]:
    """The data the /play/spec page renders (templates/play/spec.html) and its JSON twin: a row
    with a resource states that resource's status (the registry's), a row without one its own."""
    resources = {r.id: r for r in content.index.resources}
    status = statuses(content.index.resources, registry)
    layers = []
    for layer in content.spec.layers:
        rows = [
            {
                **_dump(row),
                "status": status[row.resource] if row.resource else row.status,
                "method": resources[row.resource].method if row.resource else None,
                "href": _fill(resources[row.resource].path, row.path_params) if row.resource else None,
            }
            for row in content.spec.rows
            if row.layer == layer.id
        ]
        layers.append({**_dump(layer), "rows": rows})
    return {
        "@kind": "play_spec",
        "title": content.spec.title,
        "summary": content.spec.summary,
        "layer_count": len(layers),
        "row_count": sum(len(x["rows"]) for x in layers),
        "layers": layers,
        "index": f"{PLAY}/index.json",
    }


def meta(content: PlayContent, as_of: dt.datetime | dt.date | str) -> dict[str, Any]:
    """``as_of`` is written like every other instant of the API (UTC, ``Z``)."""
    stamp = as_of if isinstance(as_of, str) else iso(as_of) if isinstance(as_of, dt.datetime) else as_of.isoformat()
    return {"@kind": "play_meta", "as_of": stamp, **_dump(content.meta)}


def effect_grammar(content: PlayContent, cards: Mapping[str, OnePieceCard] | Iterable[OnePieceCard]) -> dict[str, Any]:
    """The grammar items of content/play/effect_grammar.yaml, each with the number of real cards
    using it: markers, keywords and targeting phrases by their published patterns; effect categories
    as the effect compiler's coverage report classifies text segments (rule 8-1-3)."""
    pool = list(cards.values() if isinstance(cards, Mapping) else cards)
    texts = [(c.effect or "") + (f"\n[Trigger] {c.trigger}" if c.trigger else "") for c in pool]
    texts = [t for t in texts if t]
    g = content.grammar

    def counted(items: Iterable[Any], flags: int = 0) -> list[dict[str, Any]]:
        return [{**_dump(item), "cards": sum(1 for t in texts if re.search(item.pattern, t, flags))} for item in items]

    categories = dict(grammar_surface(pool)["categories"])
    return {
        "@kind": "play_effect_grammar",
        "spec_note": g.spec_note,
        "cards_considered": len(pool),
        "cards_with_text": len(texts),
        "counts": {
            "markers": len(g.markers),
            "keyword_effects": len(g.keyword_effects),
            "other_keywords": len(g.other_keywords),
            "effect_categories": len(g.effect_categories),
            "targeting_phrases": len(g.targeting_phrases),
        },
        "markers": counted(g.markers),
        "keyword_effects": counted(g.keyword_effects),
        "other_keywords": counted(g.other_keywords, re.IGNORECASE),
        "effect_categories": [{**_dump(c), "cards": categories.get(c.id, 0)} for c in g.effect_categories],
        "targeting_phrases": counted(g.targeting_phrases, re.IGNORECASE),
        "method": "markers, keywords and phrases: the published regular expressions over the English "
        "effect and trigger text; categories: generator.play.effects.coverage.grammar_surface",
    }
