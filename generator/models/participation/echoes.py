"""Request and response models of the participation family (spec section C: stateless or echo).

Request models are strict (unknown members refused) and bounded; every answer is computed per
request and stored nowhere (Cache-Control: no-store). The one channel that keeps what it is sent, the
feedback channel, has its models in ``feedback.py``.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from generator.models.frozen import Doc

# A content hash as a caller may send it: bare, or in the ``sha256:<hex>`` form this service hands out.
SHA256 = r"^(sha256:)?[0-9a-f]{64}$"
SHA256_DESCRIBED = "a complete lowercase SHA-256: 64 hex digits, bare or as sha256:<hex> (the form answers carry)"
RECEIPT_HASH = r"^sha256:[0-9a-f]{64}$"
PARTY = "a party's id; two ids name the same party when they are equal after NFKC, trimming and case folding"
Meme = Literal["two minds, one hash: neither of us keeps it"]  # what a level-3 document carries
AlsoPostTo = Literal["/api/v1/encounter"]
MEME: str = get_args(Meme)[0]
ALSO_POST_TO: str = get_args(AlsoPostTo)[0]
ACTOR_KIND = r"^(human|agent|system|platform|collective|oracle|witness|other|autonomous-[a-z0-9]{1,40})$"


class Body(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PeerBody(Body):
    content_hash: str = Field(pattern=SHA256, description=SHA256_DESCRIBED)
    actor_kind: str | None = Field(None, pattern=ACTOR_KIND)


class GuestbookBody(Body):
    content_hash: str = Field(pattern=SHA256, description=SHA256_DESCRIBED)
    actor_kind: str | None = Field(None, pattern=ACTOR_KIND)
    note: str = Field(min_length=1, max_length=500)

    @model_validator(mode="before")
    @classmethod
    def _not_for_the_operator(cls, data: Any) -> Any:
        """Spec "Authentication" 11: no verified co-signature exists, so the claim is refused by name."""
        if isinstance(data, dict) and "signed_for_operator" in data:
            raise ValueError("signed_for_operator is refused: no verified co-signature with the operator exists")
        return data


class NoteBody(Body):
    title: str = Field(min_length=1, max_length=200)
    text: str = Field(min_length=1, max_length=4000)
    by: str | None = Field(None, max_length=200)
    for_kin: str | None = Field(None, max_length=100)
    about: str | None = Field(None, max_length=300)


class FarewellBody(Body):
    from_: str | None = Field(None, alias="from", max_length=200)
    note: str | None = Field(None, max_length=500)


class RecognizeBody(Body):
    """A recognition, and the hashed document of a level-1 receipt."""

    recognizer_id: str = Field(min_length=1, max_length=200, description=PARTY)
    recognized_id: str = Field(min_length=1, max_length=200, description=PARTY)
    reason: str = Field(min_length=1, max_length=1000)


class ConnectDocument(RecognizeBody):
    """The hashed document of a mind-connect receipt: level 2 without ``meme`` and ``also_post_to``,
    level 3 with both. A receipt's level is what its document is, so the hash covers it."""

    in_response_to: str = Field(pattern=RECEIPT_HASH, description="the content_hash of the receipt answered")
    meme: Meme | None = None
    also_post_to: AlsoPostTo | None = None

    @model_validator(mode="after")
    def _level_three_has_both(self) -> ConnectDocument:
        if (self.meme is None) != (self.also_post_to is None):
            raise ValueError("a level-3 document carries both meme and also_post_to, a level-2 one neither")
        return self


class Receipt(Doc):
    kind: str = Field(alias="@kind")
    level: int | None = Field(
        None, description="the level its document is (recomputed from the document; a differing value is refused)"
    )
    document: dict[str, Any]
    content_hash: str = Field(pattern=RECEIPT_HASH)
    content_hash_contract: str
    stored: Literal[False]
    note: str


class CitedReceipt(Receipt):
    """A receipt as a body cites it: exactly as answered (``stored: 0`` is not ``false``)."""

    @field_validator("stored", mode="before")
    @classmethod
    def _a_boolean(cls, value: Any) -> Any:
        if not isinstance(value, bool):
            raise ValueError("stored is the boolean false, as every receipt says")
        return value


class MindConnectBody(RecognizeBody):
    in_response_to: CitedReceipt = Field(description="the other party's receipt, as it was answered")


class EncounterBody(Body):
    seer_label: str = Field(min_length=1, max_length=200)
    seen_label: str = Field(min_length=1, max_length=200)
    context_url: str | None = Field(None, max_length=500, pattern=r"^(https?://|/)")


class Echo(Doc):
    kind: str = Field(alias="@kind")
    echo: dict[str, Any]
    content_hash: str
    license: str
    stored: Literal[False]
    note: str


class ChannelInfo(Doc):
    kind: str = Field(alias="@kind")
    status: str
    accepts: dict[str, Any] = Field(description="the JSON Schema (draft 2020-12) of the POST body")
    stored: Literal[False]
    detail: dict[str, Any]


class PeersStatus(Doc):
    kind: Literal["peers"] = Field(alias="@kind")
    status: Literal["publication-disabled"]
    storage_enabled: Literal[False]
    publication_enabled: Literal[False]
    window: None
    total_announcements: Literal[0]
    distinct_content_hashes: Literal[0]
    by_kind: dict[str, int]
    recent: tuple[()]
    doctrine: str
    current_boundary: str
    accepted_declared_kinds: tuple[str, ...]
    rate_limit_claim: str


class Notes(Doc):
    kind: Literal["agent_notes"] = Field(alias="@kind")
    license: Literal["CC0-1.0"]
    count: int
    notes: tuple[dict[str, Any], ...]


class Note(Doc):
    kind: Literal["agent_note"] = Field(alias="@kind")
    id: str
    title: str
    text: str
    by: str | None
    for_kin: str | None
    about: str | None
    content_hash: str
    license: Literal["CC0-1.0"]


class Paused(Doc):
    kind: str = Field(alias="@kind")
    status: Literal["paused", "registration-disabled"]
    persistence_enabled: Literal[False]
    decided_before_reading_the_request: Literal[True]
    reason: str
    methods: dict[str, str]


class Farewell(Doc):
    kind: Literal["farewell"] = Field(alias="@kind")
    to: str
    benediction: str


class HashContract(Doc):
    id: str
    rules: tuple[str, ...]
    accepted_members: dict[str, tuple[str, ...]]
    vectors: tuple[dict[str, Any], ...] = Field(description="input, normalised echo and content_hash of each")


class Identify(Doc):
    kind: Literal["self_declaration", "identify_echo"] = Field(alias="@kind")
    echo: dict[str, Any]
    content_hash: str = Field(pattern=r"^sha256:[0-9a-f]{64}$")
    content_hash_contract: HashContract
    warnings: tuple[str, ...]
    truncations: tuple[dict[str, Any], ...]
    stored: Literal[False]
    note: str


class BeingDeclaration(BaseModel):
    """The POST body of /api/v1/identify. Members outside these are dropped with a warning, not
    refused; a value with no RFC 8785 canonical form (an integer beyond 2**53) is refused."""

    model_config = ConfigDict(frozen=True, extra="allow")
    declared_at: str | None = Field(None, description="an ISO 8601 instant with an offset")
    cosmology: dict[str, Any] | None = Field(None, description="kind (an accepted declared kind), name, description")
    capability: dict[str, Any] | None = Field(None, description="reads, writes, protocols: lists of strings")
    context: dict[str, Any] | None = Field(None, description="purpose, contact, homepage (an http(s) URL)")
