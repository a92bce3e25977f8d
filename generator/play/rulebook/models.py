"""The play module's rules-as-data (``content/play/*.yaml``) loaded into frozen models.

Why one loader that cross-checks everything: the tutorial, glossary, archetypes, play index and play
spec point at each other by id (see_also, introduced_in, composes_with...). A dangling id would ship
a broken link in every rendered surface, so ``load_play_content`` refuses to load such content and
the build fails at the source, with the id named. Counts the spec fixes (9 sections, 12 terms,
3 archetypes, 13 resources, 28 spec rows in 7 layers) are enforced the same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from generator.models.play.answers import PlayStatus
from generator.play.rulebook.worked_example import Frozen, RuleNo, Slug, WorkedExample
from generator.yamlfile import load_yaml

CONTENT_DIR = Path(__file__).resolve().parents[3] / "content" / "play"
PlayerKind = Literal["human", "agent"]
Status = PlayStatus  # authored only where no resource decides it (a spec row without one)
Actor = Literal["turn_player", "non_turn_player", "each_player", "rules"]


class SeeAlso(Frozen):
    kind: Literal["section", "term", "resource"]
    id: Slug


class Precondition(Frozen):
    id: Slug
    subject: str
    requires: str
    rules_cited: tuple[RuleNo, ...] = Field(min_length=1)


class Transition(Frozen):
    id: Slug
    actor: Actor
    action: Slug
    subject: str
    from_: str = Field(alias="from")
    to: str
    rules_cited: tuple[RuleNo, ...] = Field(min_length=1)


class Outcome(Frozen):
    id: Slug
    when: str
    result: str
    rules_cited: tuple[RuleNo, ...] = Field(min_length=1)


class RuleStructure(Frozen):
    preconditions: tuple[Precondition, ...] = Field(min_length=1)
    transitions: tuple[Transition, ...] = Field(min_length=1)
    outcomes: tuple[Outcome, ...] = Field(min_length=1)


class SpecDifference(Frozen):
    spec_says: str
    rules_say: str
    we_follow: str
    rules_cited: tuple[RuleNo, ...] = Field(min_length=1)


class Section(Frozen):
    id: Slug
    title: str
    summary: str
    rule_structure: RuleStructure
    worked_examples: tuple[WorkedExample, ...] = Field(min_length=1)
    keywords: tuple[str, ...]
    glossary_terms: tuple[Slug, ...]
    player_kinds: tuple[PlayerKind, ...] = Field(min_length=1)
    rules_cited: tuple[RuleNo, ...] = Field(min_length=1)
    spec_differences: tuple[SpecDifference, ...]
    see_also: tuple[SeeAlso, ...]


class Tutorial(Frozen):
    title: str
    summary: str
    rules_version: str
    sections: tuple[Section, ...] = Field(min_length=9, max_length=9)


class Fact(Frozen):
    key: str
    value: str
    rules_cited: tuple[RuleNo, ...] = Field(min_length=1)


class Definition(Frozen):
    kind: Slug
    statement: str
    facts: tuple[Fact, ...] = Field(min_length=1)


class Japanese(Frozen):
    text: str
    romaji: str


class Term(Frozen):
    id: Slug
    token: str
    japanese: Japanese
    definition: Definition
    related_terms: tuple[Slug, ...]
    introduced_in: Slug
    see_also: tuple[SeeAlso, ...]
    rules_cited: tuple[RuleNo, ...] = Field(min_length=1)


class Glossary(Frozen):
    title: str
    rules_version: str
    terms: tuple[Term, ...] = Field(min_length=12, max_length=12)


class PlannedFlow(Frozen):
    """A flow not served yet: it waits on a resource that is not live, or ``missing`` says what its
    live resources do not do yet (the archetypes document refuses one that claims neither)."""

    id: Slug
    resources: tuple[Slug, ...]
    description: str
    missing: str | None = None


class Archetype(Frozen):
    id: Literal["hobbyist", "collector", "competitor"]
    title: str
    summary: str
    primary_needs: tuple[str, ...]
    flows_served_today: tuple[Slug, ...]
    flows_planned: tuple[PlannedFlow, ...]
    financial_stance: str
    composes_with_player_kinds: tuple[PlayerKind, ...]
    doctrinal_grounding: tuple[str, ...]


class FinancialBoundary(Frozen):
    touches_money: Literal[False]
    stores_anything: Literal[False]
    rewards_possible: Literal[False]
    mints_identity: Literal[False]
    statement: str
    applies_to: tuple[Slug, ...]


class Archetypes(Frozen):
    title: str
    archetypes: tuple[Archetype, ...] = Field(min_length=3, max_length=3)
    financial_boundary: FinancialBoundary


class Resource(Frozen):
    id: Slug
    method: Literal["GET", "POST"]
    path: str
    title: str
    layer: Slug  # no status: it is the registry's (generator/surfaces/play/status.py)
    archetypes: tuple[Slug, ...]
    composes_with: tuple[Slug, ...]


class PlayIndex(Frozen):
    title: str
    resources: tuple[Resource, ...] = Field(min_length=13, max_length=13)


class Layer(Frozen):
    id: Slug
    title: str
    summary: str


class SpecRow(Frozen):
    id: Slug
    layer: Slug
    capability: str
    resource: Slug | None
    status: Status | None = None  # only without a resource: a row with one states the resource's status
    path_params: dict[str, Slug] = {}

    @model_validator(mode="after")
    def _status_is_authored_only_without_a_resource(self) -> SpecRow:
        if (self.status is None) == (self.resource is None):
            raise ValueError(f"spec row {self.id}: a status is authored exactly when no resource decides it")
        return self


class PlaySpec(Frozen):
    title: str
    summary: str
    layers: tuple[Layer, ...] = Field(min_length=7, max_length=7)
    rows: tuple[SpecRow, ...] = Field(min_length=28, max_length=28)


class Meta(Frozen):
    tiers: tuple[()]
    recent_winners: tuple[()]
    circuit_links: tuple[()]
    data_window: None
    sources: tuple[()]
    reason: str


class GrammarItem(Frozen):
    id: Slug
    token: str | None = None
    phrase: str | None = None
    pattern: str
    group: Literal["timing", "condition", "cost"] | None = None
    summary: str | None = None
    rules_cited: tuple[RuleNo, ...] = ()


class EffectCategory(Frozen):
    id: Literal["auto", "activate", "permanent", "replacement"]
    label: str
    rules_cited: tuple[RuleNo, ...]
    detection: str
    markers: tuple[Slug, ...]


class EffectGrammar(Frozen):
    spec_note: str
    markers: tuple[GrammarItem, ...]
    keyword_effects: tuple[GrammarItem, ...] = Field(min_length=7, max_length=7)
    other_keywords: tuple[GrammarItem, ...]
    effect_categories: tuple[EffectCategory, ...] = Field(min_length=4, max_length=4)
    targeting_phrases: tuple[GrammarItem, ...] = Field(min_length=7, max_length=7)

    def tokens(self) -> set[str]:
        return {i.token for i in (*self.markers, *self.keyword_effects, *self.other_keywords) if i.token}


class PlayContent(BaseModel):
    """Everything under content/play except deck_rules.yaml (see ``rules_data``), cross-checked."""

    model_config = Frozen.model_config
    tutorial: Tutorial
    glossary: Glossary
    archetypes: Archetypes
    index: PlayIndex
    spec: PlaySpec
    meta: Meta
    grammar: EffectGrammar

    @model_validator(mode="after")
    def _links_resolve(self) -> PlayContent:
        ids: dict[str, list[str]] = {
            "section": [s.id for s in self.tutorial.sections],
            "term": [t.id for t in self.glossary.terms],
            "resource": [r.id for r in self.index.resources],
            "archetype": [a.id for a in self.archetypes.archetypes],
            "layer": [layer.id for layer in self.spec.layers],
        }
        for kind, values in ids.items():
            if len(values) != len(set(values)):
                raise ValueError(f"duplicate {kind} id in {values}")
        known = {kind: set(values) for kind, values in ids.items()}
        known["keyword"] = self.grammar.tokens()
        refs = [("keyword", k, s.id) for s in self.tutorial.sections for k in s.keywords]
        refs += [("term", t, s.id) for s in self.tutorial.sections for t in s.glossary_terms]
        refs += [(x.kind, x.id, s.id) for s in self.tutorial.sections for x in s.see_also]
        for t in self.glossary.terms:
            refs += [("section", t.introduced_in, t.id)] + [("term", r, t.id) for r in t.related_terms]
            refs += [(x.kind, x.id, t.id) for x in t.see_also]
        for a in self.archetypes.archetypes:
            refs += [("resource", r, a.id) for r in a.flows_served_today]
            refs += [("resource", r, a.id) for f in a.flows_planned for r in f.resources]
        refs += [("resource", r, "financial_boundary") for r in self.archetypes.financial_boundary.applies_to]
        for r in self.index.resources:
            refs += [("layer", r.layer, r.id)] + [("archetype", a, r.id) for a in r.archetypes]
            refs += [("resource", c, r.id) for c in r.composes_with]
        for row in self.spec.rows:
            refs += [("layer", row.layer, row.id)]
            refs += [("resource", row.resource, row.id)] if row.resource else []
            refs += [("section" if k == "section_id" else "term", v, row.id) for k, v in row.path_params.items()]
        dangling = [f"{owner} -> {kind} {value!r}" for kind, value, owner in refs if value not in known[kind]]
        if dangling:
            raise ValueError("unresolved references: " + "; ".join(dangling))
        return self


def load_play_content(root: Path = CONTENT_DIR) -> PlayContent:
    def read(name: str) -> object:
        return load_yaml(root / f"{name}.yaml")

    files = {
        "tutorial": "tutorial",
        "glossary": "glossary",
        "archetypes": "archetypes",
        "index": "play_index",
        "spec": "play_spec",
        "meta": "meta",
        "grammar": "effect_grammar",
    }
    return PlayContent.model_validate({field: read(name) for field, name in files.items()})
