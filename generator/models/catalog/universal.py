"""Response models of the universal and federation documents (spec "Math-mirror preamble",
"Universal card", "Games collection", "Sets collection", "Singleton set and singleton game",
"Federation identify response").

These are the contract: the OpenAPI document and the JSON Schemas are generated from them, and the
build validates every document it writes against them (``generator.contract.validation``). They
describe the documents the surfaces build; they do not build them (the hashes need the members
first). ``@``-names are aliases; ``populate_by_name`` lets code use the Python names.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, model_validator

from generator.models.frozen import Doc, stated_in_json_schema
from generator.models.onepiece import OnePieceAttributes

HASH = r"^sha256:[0-9a-f]{64}$"
Hash = Field(pattern=HASH)


class Moment(Doc):
    iso8601: str = Field(description="ISO 8601 instant (UTC, Z) or calendar date")
    unix_epoch_seconds: int


class Edge(Doc):
    id: str = Field(alias="@id", description="path of the linked resource")
    rel: str | None = None
    token: str | None = None
    name: str | None = None


class Preamble(Doc):
    """The header every universal document carries."""

    encoding: str = Field(alias="@encoding", description="constant <service>/universal/v1")
    kind: str = Field(alias="@kind")
    content_hash: str = Field(alias="@content_hash", pattern=HASH)
    self_hash: str = Field(alias="@self_hash", pattern=HASH)
    retrieved_at: Moment = Field(alias="@retrieved_at")
    note_opaque: tuple[str, ...] | None = Field(None, alias="_note_opaque")
    density: Literal["sparse", "normal", "saturated"] | None = Field(None, alias="@density")


class CardName(Doc):
    text: str
    lang: str


class Rarity(Doc):
    code: str


class VariantBasis(Doc):
    """What a variant is read against when no printing of its slot is published without a variant."""

    slot: str = Field(description="<game>-<set>-<number>-<lang>: the SKU without its variant (not itself a printing)")
    printings: tuple[str, ...] = Field(
        description="every published printing of the slot, this one included; each resolves at "
        "/api/v1/universal/card/{sku}"
    )
    reason: str = Field(description="why no printing of the slot is the plain one (docs/sku.md)")


class Variant(Doc):
    token: str
    kind: str
    base_sku: str | None = Field(
        description="the published printing this one is a variant of, nearest first (One Piece: the first art "
        "of the same release, else the main list's first art; other games: the SKU without its variant); it "
        "always resolves. Null when no such printing is published: relative_to then names the slot"
    )
    relative_to: VariantBasis | None = Field(None, description="present only when base_sku is null")


class InSet(Doc):
    set_code: str
    set: str
    name: str | None
    number: str = Field(description="the collector number as printed (Unown's `!` and `?` included)")
    number_in_sku: str | None = Field(
        None, description="the SKU's spelling of a number no SKU part can hold (`!` -> exclamation); absent otherwise"
    )
    id: str = Field(alias="@id")


class SourceRef(Doc):
    id: str
    tier: str
    version: str


def _one_piece_attributes_stated(schema: dict[str, Any]) -> None:
    """``CardMembers._one_piece_attributes`` in the JSON Schema: an ``op-`` printing's attributes
    are OnePieceAttributes or null (the published schema states it; the build checks it there)."""
    one_piece = schema["properties"]["attributes"]["anyOf"][0]  # the OnePieceAttributes reference
    schema["if"] = {"properties": {"sku": {"pattern": "^op-"}}, "required": ["sku"]}
    schema["then"] = {"properties": {"attributes": {"anyOf": [one_piece, {"type": "null"}]}}}


class CardMembers(Doc):
    """A printing's members without the preamble (what ``/cards/{sku}/everything`` embeds)."""

    model_config = ConfigDict(json_schema_extra=_one_piece_attributes_stated)

    id: str = Field(alias="@id")
    sku: str
    name: CardName | None
    rarity: Rarity | None
    variant: Variant | None
    price: None = Field(description="withheld: source-derived prices are always null")
    in_set: InSet | None
    of_game: Edge | None
    image_url: None = Field(description="withheld: source-derived images are always null")
    card_key: str | None = None
    attributes: OnePieceAttributes | dict[str, Any] | None = Field(
        None,
        description="the printing's game attributes as the sources give them, normalised; a One Piece "
        "printing's (op- SKUs) are OnePieceAttributes, checked against it",
    )
    siblings: tuple[Edge | dict[str, str], ...] | None = None
    sources: tuple[SourceRef, ...] | None = None
    disagreements: tuple[dict[str, Any], ...] | None = None

    @model_validator(mode="after")
    @stated_in_json_schema
    def _one_piece_attributes(self) -> CardMembers:
        """A One Piece printing's attributes follow its category's numbers: checked here, since a
        union would accept any mapping as the plain dict."""
        if self.sku.startswith("op-") and isinstance(self.attributes, dict):
            OnePieceAttributes.model_validate(self.attributes)
        return self


class UniversalCard(Preamble, CardMembers):
    pass


class AsOfDate(Doc):
    iso8601_date: str
    unix_epoch_seconds: int


class TemporalCard(UniversalCard):
    as_of: AsOfDate = Field(alias="@as_of")
    price_unavailable_at_date: dict[str, str] | None


class GameEntry(Doc):
    token: str
    name: str
    publisher: str | None
    content_hash_target: str = Field(pattern=HASH)
    set_count: int
    card_count: int
    printing_count: int
    first_seen: Moment | None
    first_seen_note: str | None = Field(
        None, description="why first_seen is null (none of the game's sets is dated by a source); absent when dated"
    )
    sets: Edge
    id: str = Field(alias="@id")


class GamesCollection(Preamble):
    count: int
    games: tuple[GameEntry, ...]


class FactSource(Doc):
    """The page that states an authored set fact (content/set_facts.yaml, CC0)."""

    url: str
    title: str
    market: Literal["ja", "en", "global"] | None = Field(
        None, description="for a date: which release it is (Japanese, English, one worldwide date)"
    )


class CitedPage(Doc):
    url: str
    title: str


class SharedName(Doc):
    sets: tuple[str, ...] = Field(description="the game's other sets with the same name (prefixed codes)")
    reason: str | None = Field(description="why they share it (an authored note); null when none is recorded")


class MarketRelease(Doc):
    """One market's release of a set, dated by an authored, cited fact."""

    released_at: Moment
    source: CitedPage


class SetEntry(Doc):
    set_code: str
    set: str
    name: str | None
    name_note: str | None = Field(
        None, description="why name is null: no source the catalog reads names the set; absent when named"
    )
    name_source: FactSource | None = Field(
        None,
        description="where the name comes from when no upstream names the set: an authored, cited fact; "
        "absent when an upstream names it",
    )
    total_cards: int | None
    released_at: Moment | None
    released_at_note: str | None = Field(
        None,
        description="why released_at is null (no source the catalog reads dates this set: each set's own reason "
        "where one is known), or why the date a source gives is in doubt; absent otherwise",
    )
    released_at_source: FactSource | None = Field(
        None,
        description="where released_at comes from when no upstream dates the set: an authored, cited fact "
        "naming which release (market) the date is; absent when an upstream dates it",
    )
    name_upstream: str | None = Field(
        None,
        description="where an authored, cited fact corrects the upstream's name (a typo): the upstream's own "
        "spelling, kept as evidence; name is the corrected one and name_source cites it",
    )
    name_shared_with: SharedName | None = Field(
        None, description="present when another set of the game has the same name: which, and why"
    )
    released_by_market: dict[Literal["ja", "en", "global"], MarketRelease] | None = Field(
        None,
        description="every market's release an authored fact dates (ja: the Japanese release, en: the English "
        "one, global: one worldwide date), each cited; released_at is the earliest of them, the first release "
        "anywhere, and released_at_source.market says which. Absent when an upstream dates the set",
    )
    id: str = Field(alias="@id")
    of_game: Edge


class SetsCollection(Preamble):
    count: int
    sets: tuple[SetEntry, ...]
    of_game: Edge


class SetChild(Doc):
    sku: str
    number: str
    lang: str
    variant: str | None
    name: str
    rarity: str | None
    id: str = Field(alias="@id")


class SetLinks(Doc):
    parent: Edge
    siblings: Edge
    children: tuple[SetChild, ...]
    methodology: Edge
    connections: Edge
    manifest: Edge
    openapi: Edge
    federation: Edge


class SingleSet(Preamble, SetEntry):
    printing_count: int
    links: SetLinks = Field(alias="_links")


class GameLinks(Doc):
    siblings: Edge
    children: Edge


class SingleGame(Preamble, GameEntry):
    recent_sets: tuple[SetEntry, ...]
    links: GameLinks = Field(alias="_links")


class EncodingSpec(Preamble):
    model_config = ConfigDict(extra="allow")  # the rules' members are prose the spec leaves open
    name: str
    license: Literal["CC0-1.0"]
    identity_fields: tuple[str, ...]
    hash_rules: dict[str, Any]


class IdentifyQuery(Doc):
    hash: str = Field(pattern=HASH)
    date: str | None = None


class FederationIdentifyResponse(Doc):
    encoding: str = Field(alias="@encoding")
    kind: Literal["federation_identify_response"] = Field(alias="@kind")
    retrieved_at: Moment = Field(alias="@retrieved_at")
    query: IdentifyQuery
    matched: bool
    sku: str | None = Field(None, description="present only when matched")
    universal_url: str | None = Field(None, description="present only when matched")
    scope: dict[str, Any] | None = Field(None, description="the bounded walk, present only when not matched")
    suggestion: str | None = None
    note: str | None = None


class Upstream(Doc):
    id: str
    game: str | None
    status: Literal["reserved", "blocked"]


class ByUpstream(Doc):
    kind: Literal["federation_by_upstream"] = Field(alias="@kind")
    status: Literal["reserved", "blocked"]
    accepted_query: dict[str, str]
    upstreams: tuple[Upstream, ...]
    note: str
    upstream: str | None = None
    id: str | None = None
    reason: str | None = None
