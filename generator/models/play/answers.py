"""Response models of the play module's surfaces (spec "Play module data").

The top level of each answer is typed member by member (``extra="forbid"``: a member added to an
answer must be declared here, so the OpenAPI shows it); nested items whose shape is the authored
content's own (``generator.play.rulebook.models``) are typed as JSON objects.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

Obj = dict[str, Any]


class Doc(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Tutorial(Doc):
    kind: Literal["play_tutorial"] = Field(alias="@kind")
    title: str
    summary: str
    rules_version: str
    section_count: int
    sections: tuple[Obj, ...]


class TutorialSection(Doc):
    kind: Literal["play_tutorial_section"] = Field(alias="@kind")
    id: str
    title: str
    summary: str
    index_in_order: int = Field(ge=1)
    is_first: bool
    is_last: bool
    section_count: int
    prev: Obj | None
    next: Obj | None
    player_kinds: tuple[str, ...]
    keywords: tuple[str, ...]
    rules_cited: tuple[str, ...]
    rule_structure: Obj
    worked_examples: tuple[Obj, ...]
    glossary_terms: tuple[str, ...]
    glossary_links: tuple[Obj, ...]
    see_also: tuple[Obj, ...]
    spec_differences: tuple[Any, ...]
    tutorial: str


class Glossary(Doc):
    kind: Literal["play_glossary"] = Field(alias="@kind")
    title: str
    rules_version: str
    term_count: int
    terms: tuple[Obj, ...]


class GlossaryTerm(Doc):
    kind: Literal["play_glossary_term"] = Field(alias="@kind")
    id: str
    token: str
    japanese: Obj
    definition: Obj
    rules_cited: tuple[str, ...]
    related_terms: tuple[Obj, ...]
    introduced_in: Obj
    see_also: tuple[Obj, ...]
    glossary: str


PlayStatus = Literal["live", "preview", "planned"]
STATUS = (
    "from the registry (generator/surfaces/play/status.py): planned when no surface answers it, "
    "preview when the surface is marked beta or experimental, live otherwise"
)


class PlayResource(Doc):
    id: str
    method: Literal["GET", "POST"]
    path: str
    title: str
    status: PlayStatus = Field(description=STATUS)
    layer: str
    archetypes: tuple[str, ...]
    composes_with: tuple[str, ...]


class PlayIndex(Doc):
    kind: Literal["play_index"] = Field(alias="@kind")
    title: str
    resource_count: int
    status_counts: dict[PlayStatus, int]
    resources: tuple[PlayResource, ...]
    html: str


class ResourceLink(Doc):
    id: str
    href: str
    status: PlayStatus = Field(description=STATUS + "; the same as in the play index")


class PlannedFlow(Doc):
    id: str
    description: str
    resources: tuple[ResourceLink, ...]
    waiting_on: tuple[str, ...] = Field(description="its resources that are not live yet")
    missing: str | None = Field(description="what its live resources do not do yet (authored)")


class Archetype(Doc):
    id: str
    title: str
    summary: str
    primary_needs: tuple[str, ...]
    flows_served_today: tuple[ResourceLink, ...] = Field(description="resources served now: never planned")
    flows_planned: tuple[PlannedFlow, ...] = Field(
        description="each waits on a resource that is not live, or names what is missing"
    )
    financial_stance: str
    composes_with_player_kinds: tuple[str, ...]
    doctrinal_grounding: tuple[str, ...]


class Archetypes(Doc):
    kind: Literal["play_archetypes"] = Field(alias="@kind")
    title: str
    archetypes: tuple[Archetype, ...]
    financial_boundary: Obj


class EffectGrammar(Doc):
    kind: Literal["play_effect_grammar"] = Field(alias="@kind")
    spec_note: str
    cards_considered: int
    cards_with_text: int
    counts: dict[str, int]
    markers: tuple[Obj, ...]
    keyword_effects: tuple[Obj, ...]
    other_keywords: tuple[Obj, ...]
    effect_categories: tuple[Obj, ...]
    targeting_phrases: tuple[Obj, ...]
    method: str


class PlayMeta(Doc):
    kind: Literal["play_meta"] = Field(alias="@kind")
    as_of: str
    data_window: Obj | None
    reason: str
    tiers: tuple[Any, ...]
    recent_winners: tuple[Any, ...]
    circuit_links: tuple[Any, ...]
    sources: tuple[Any, ...]


class JsonSchemaDocument(BaseModel):
    """A JSON Schema (Draft 2020-12) document: open by nature."""

    model_config = ConfigDict(frozen=True, extra="allow")
    title: str
    type: str


class ExampleMatch(Doc):
    seed: int
    players: tuple[Obj, ...]
    first: int
    result: Obj | None
    turns: int
    moves: int
    match_event_fields: Any
    events: tuple[Obj, ...]
    intents: tuple[Obj, ...]
    kinds_demonstrated: Obj
    redaction: str
    replay: str  # how the intents replay against a live referee (the development key's)


class Issue(Doc):
    code: str
    message: str
    card_ids: tuple[str, ...] = ()


class DeckVerdict(Doc):
    valid: bool
    format: Literal["standard", "legacy", "limited_sealed"]
    checked_at_date: str
    violations: tuple[Issue, ...]
    warnings: tuple[Issue, ...]
    summary: Obj


class PracticeReply(Doc):
    game_id: str
    ply: int
    you: int
    ai: int
    ai_player: Obj
    state: str = Field(description="the sealed game (AES-256-GCM): send it back with your next move")
    view: Obj
    log: tuple[Obj, ...]
    legal_actions: tuple[Obj, ...]
    waiting_for: Literal["you"] | None
    result: Obj | None
    stored: Literal[False]
    notes: tuple[str, ...]
    # A new match only (a move has neither): what the MCP client's output-schema check found missing.
    seed: int | None = Field(None, description="op new only: the seed dealt from (send it again for the same deal)")
    decks: Obj | None = Field(None, description="op new only: your deck and the AI's, as dealt")


class PlaySpecPage(Doc):
    """The data the /play/spec HTML page renders."""

    kind: Literal["play_spec"] = Field(alias="@kind")
    title: str
    summary: str
    layer_count: int
    row_count: int
    layers: tuple[Obj, ...]
    index: str
    canonical: str


class ProviderTools(RootModel[list[dict[str, Any]]]):
    """A provider's paste-ready function-calling array (``/api/v1/tools?format=...``)."""


class DeckBody(Doc):
    leader_id: str
    main_deck_card_ids: tuple[str, ...]


class PracticeRequest(Doc):
    """``{"op": "new", "level": 0-4, "seed"?, "deck"?}`` or ``{"op": "move", "state", "action_id",
    "choices"?}`` (the referee checks each member; this is the published shape)."""

    op: Literal["new", "move"]
    level: int | None = Field(None, ge=0, le=4)
    seed: int | None = Field(None, ge=0, lt=2**63)
    deck: DeckBody | None = None
    state: str | None = None
    action_id: str | None = None
    choices: dict[str, tuple[str, ...]] | None = None
