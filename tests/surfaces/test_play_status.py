"""A play resource's status is the registry's, the same in every play document (issue 32, item 2).

``/api/v1/play/archetypes`` listed practice as planned while ``/api/v1/play/index.json`` marked it
live. Both, and the play spec's rows, now state ``generator/surfaces/play/status.py``'s answer: read
from the small build, they agree, and no path the registry serves is ever ``planned``.
"""

from __future__ import annotations

import dataclasses
import html
import re

import pytest

from generator.content import load_content
from generator.play.rulebook.models import PlannedFlow
from generator.site import load_site
from generator.surfaces.families import surfaces
from generator.surfaces.play import play_data
from generator.surfaces.play.status import ContradictedClaim, resource_status

REGISTRY = surfaces(load_site())
PLAY = load_content().play
SPEC_ROW = re.compile(r'<th scope="row">(.*?)</th>.*?<span class="pill">(\w+)</span>', re.S)


def served(method: str, path: str) -> bool:
    """Independent of status.py: does a registered surface answer this method at this path?"""
    return any(s.path == path and method in s.methods for s in REGISTRY)


def test_the_index_the_archetypes_and_the_spec_state_one_status_per_resource(ask) -> None:
    index = ask("GET", "/api/v1/play/index.json").json()["data"]
    by_id = {r["id"]: r["status"] for r in index["resources"]}
    for resource in index["resources"]:
        if served(resource["method"], resource["path"]):
            assert resource["status"] in ("live", "preview"), resource
        else:
            assert resource["status"] == "planned", resource
    assert index["status_counts"] == {s: list(by_id.values()).count(s) for s in ("live", "preview", "planned")}
    archetypes = ask("GET", "/api/v1/play/archetypes").json()["data"]["archetypes"]
    stated = [(link, "served") for a in archetypes for link in a["flows_served_today"]]
    stated += [(link, "planned") for a in archetypes for f in a["flows_planned"] for link in f["resources"]]
    assert stated
    for link, where in stated:
        assert link["status"] == by_id[link["id"]], (where, link)
        assert where == "planned" or link["status"] != "planned", link
    for archetype in archetypes:
        for flow in archetype["flows_planned"]:
            assert flow["waiting_on"] == [r["id"] for r in flow["resources"] if r["status"] != "live"]
            assert flow["waiting_on"] or flow["missing"], flow
    practice = next(r for r in index["resources"] if r["id"] == "practice")
    assert practice["status"] == "live" and served("POST", practice["path"])
    page = ask("GET", "/play/spec").text  # the play spec's rows, as its page shows them
    pills = {html.unescape(c): pill for c, pill in SPEC_ROW.findall(page)}
    assert len(pills) == len(PLAY.spec.rows)
    for row in PLAY.spec.rows:
        assert pills[row.capability] == (by_id[row.resource] if row.resource else row.status), row.id


def test_the_status_is_the_registrys_fact() -> None:
    meta = next(r for r in PLAY.index.resources if r.id == "meta")
    practice = next(r for r in PLAY.index.resources if r.id == "practice")
    assert resource_status(meta, REGISTRY) == "preview"  # registered as beta: the structure only
    assert resource_status(practice, REGISTRY) == "live"
    without = tuple(s for s in REGISTRY if s.path != practice.path)
    assert resource_status(practice, without) == "planned"
    stable = tuple(dataclasses.replace(s, stability="stable") if s.path == meta.path else s for s in REGISTRY)
    assert resource_status(meta, stable) == "live"
    get_only = tuple(dataclasses.replace(s, post=None) if s.path == practice.path else s for s in REGISTRY)
    assert resource_status(practice, get_only) == "planned"  # the path is there, its method is not


def test_an_authored_claim_the_registry_contradicts_stops_the_build_naming_it() -> None:
    practice = next(r for r in PLAY.index.resources if r.id == "practice")
    without = tuple(s for s in REGISTRY if s.path != practice.path)
    with pytest.raises(ContradictedClaim, match="hobbyist serves practice today"):
        play_data.archetypes(PLAY, without)
    hobbyist = PLAY.archetypes.archetypes[0]
    stale = PlannedFlow(id="practice-match", resources=("practice",), description="a practice match")
    edited = hobbyist.model_copy(update={"flows_planned": (*hobbyist.flows_planned, stale)})
    archetypes = PLAY.archetypes.model_copy(update={"archetypes": (edited, *PLAY.archetypes.archetypes[1:])})
    with pytest.raises(ContradictedClaim, match="plans practice-match, but its resources \\(practice\\) are all live"):
        play_data.archetypes(PLAY.model_copy(update={"archetypes": archetypes}), REGISTRY)
