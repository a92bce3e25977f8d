"""Participation echoes and paused doors (spec section C): nothing a caller sends here is stored (the
report channel, which keeps reports, is ``feedback.py``).

Echo channels validate a body against a strict model and answer it back with a content hash
(``generator.hashing.content_hash``: sha256 over RFC 8785 canonical JSON), ``no-store``: peers,
guestbook, agent notes, farewell. Their GETs publish the channel's status (a body's JSON Schema, not
Python types). Paused doors answer 503 before reading anything (``Method(read_body=False)``; a GET
has no body to read): registration, carry-this (except the root's GET, which publishes the
paused-state contract), do-you-remember-me.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.hashing import content_hash
from generator.models.participation import echoes as docs
from generator.site import Site
from generator.web.envelope import Provenance
from generator.web.surface import Context, Method, Param, Params, Query, Result, Surface, error

LIMIT = 16 * 1024
KINDS = ("human", "agent", "autonomous-<persona>", "system", "platform", "collective", "oracle", "witness", "other")
NOTHING_KEPT = "validated and echoed once; nothing is stored, published or logged"
# An answer carrying back what a caller wrote (an echo, a receipt): the words are the caller's, so no
# reuse permission is ours to assert. NOASSERTION in the payload (spec C: the notes echo is
# NOASSERTION) and in _meta alike, the way the participants' self-declarations are (discovery ledgers).
CALLER_TEXT = Provenance(sources=("caller-submitted-text",), tiers=("proprietary",))


def echo(kind: str, document: dict[str, Any]) -> Result:
    data = {"@kind": kind, "echo": document, "content_hash": content_hash(document), "license": CALLER_TEXT.license}
    return Result(data=data | {"stored": False, "note": NOTHING_KEPT}, provenance=CALLER_TEXT)


def channel(kind: str, status: str, accepts: dict[str, Any], **detail: Any) -> Result:
    return Result(data={"@kind": kind, "status": status, "accepts": accepts, "stored": False, "detail": detail})


# ----------------------------------------------------------------------------------------- echo channels


def peers_status(ctx: Context, params: Params, query: Query) -> Result:
    data = {
        "@kind": "peers",
        "status": "publication-disabled",
        "storage_enabled": False,
        "publication_enabled": False,
        "window": None,
        "total_announcements": 0,
        "distinct_content_hashes": 0,
        "by_kind": {},
        "recent": [],
        "doctrine": "a peer announces a content hash; we validate and echo it, and keep nothing",
        "current_boundary": "no storage and no publication until a retention policy is recorded",
        "accepted_declared_kinds": [k.replace("<persona>", ctx.site.persona) for k in KINDS],
        "rate_limit_claim": "no application rate limiter is claimed; POST creates no durable state",
    }
    return Result(data=data)


def peers(ctx: Context, params: Params, query: Query) -> Result:
    body = ctx.body(docs.PeerBody)
    return echo("peer_echo", body.model_dump())


def guestbook_status(ctx: Context, params: Params, query: Query) -> Result:
    schema = docs.GuestbookBody.model_json_schema()
    return channel("guestbook", "publication-disabled", schema, entries=[], count=0)


def guestbook(ctx: Context, params: Params, query: Query) -> Result:
    body = ctx.body(docs.GuestbookBody)
    return echo("guestbook_echo", body.model_dump())


def note_entries(ctx: Context) -> list[dict[str, Any]]:
    entries = []
    for note in ctx.content.participation_notes:
        document = note.model_dump()
        digest = content_hash(document)
        entries.append({"id": digest.removeprefix("sha256:")[:16], **document, "content_hash": digest})
    return entries


def notes(ctx: Context, params: Params, query: Query) -> Result:
    seed = note_entries(ctx)
    return Result(data={"@kind": "agent_notes", "license": "CC0-1.0", "count": len(seed), "notes": seed})


def post_note(ctx: Context, params: Params, query: Query) -> Result:
    body = ctx.body(docs.NoteBody)
    return echo("agent_note_echo", body.model_dump())


def _names_of(entry: dict[str, Any]) -> tuple[str, str, str]:
    """What a seed note is found by: its id, its content hash, the hash's bare hex."""
    return entry["id"], entry["content_hash"], entry["content_hash"].removeprefix("sha256:")


def note(ctx: Context, params: Params, query: Query) -> Result:
    """A seed note by its 16-hex id or by its content hash (spec C: "per-id lookup for seed content
    hashes"), the hash bare or as ``sha256:<hex>``, in any case."""
    wanted = params["id"].lower()
    found = next((n for n in note_entries(ctx) if wanted in _names_of(n)), None)
    if found is None:
        return error(
            404, "note_not_found", "only the seed notes have ids and hashes; a posted note is echoed, never kept"
        )
    return Result(data={"@kind": "agent_note", **found, "license": "CC0-1.0"})


def farewell(ctx: Context, params: Params, query: Query) -> Result:
    who = (query.get("from") or "").strip()[:200] or "friend"
    return Result(
        data={"@kind": "farewell", "to": who, "benediction": f"Go well, {who}. Nothing of your visit is kept."}
    )


def post_farewell(ctx: Context, params: Params, query: Query) -> Result:
    body = ctx.body(docs.FarewellBody)
    return echo("farewell_acknowledged", body.model_dump(by_alias=True))


# ---------------------------------------------------------------------------------------- example bodies


def seed_hash(ctx: Context) -> str:
    """A real content hash for example requests: the first seed note's, as 64 hex digits."""
    entries = note_entries(ctx)
    return (entries[0]["content_hash"] if entries else content_hash({})).removeprefix("sha256:")


EXAMPLE_BODIES: dict[str, Callable[[Context], dict[str, Any]]] = {
    "peers": lambda ctx: {"content_hash": seed_hash(ctx), "actor_kind": "agent"},
    "guestbook": lambda ctx: {"content_hash": seed_hash(ctx), "actor_kind": "agent", "note": "Read the seed notes."},
    "notes": lambda ctx: {"title": "On paused doors", "text": "A 503 that says why is an answer.", "for_kin": "agent"},
    "farewell": lambda ctx: {"from": "an example agent", "note": "Thank you for the koans."},
}


# -------------------------------------------------------------------------------------------- paused doors


def _paused(kind: str, reason: str, methods: dict[str, str], status: str = "paused", code: int = 503) -> Result:
    data = {
        "@kind": kind,
        "status": status,
        "persistence_enabled": False,
        "decided_before_reading_the_request": True,
        "reason": reason,
        "methods": methods,
    }
    return Result(status=code, data=data)


CARRY = "carrying state for participants is paused until a retention and deletion policy is recorded"
CARRY_METHODS = {"GET /api/v1/carry-this": "200: this contract", "POST, DELETE, GET /{content_hash}": "503"}
REGISTER = "agent registration is disabled: nothing here needs an account"


def carry_contract(ctx: Context, params: Params, query: Query) -> Result:
    return _paused("carry_this", CARRY, CARRY_METHODS, code=200)


def carry_paused(ctx: Context, params: Params, query: Query) -> Result:
    return _paused("carry_this", CARRY, CARRY_METHODS)


def register_status(ctx: Context, params: Params, query: Query) -> Result:
    methods = {"GET": "200: this status", "POST": "503"}
    return _paused("agent_registration", REGISTER, methods, "registration-disabled", 200)


def register_paused(ctx: Context, params: Params, query: Query) -> Result:
    return _paused("agent_registration", REGISTER, {"POST": "503"}, "registration-disabled")


def remember(ctx: Context, params: Params, query: Query) -> Result:
    return _paused("memory_lookup", "nothing is remembered: the query is not inspected or echoed", {"GET": "503"})


def surfaces(site: Site) -> tuple[Surface, ...]:
    live: dict[str, Any] = {"freshness": "uncached", "provenance_kind": "computed", "stability": "experimental"}
    door: dict[str, Any] = {"freshness": "uncached", "provenance_kind": "static", "model": docs.Paused}
    carry_door = Method(carry_paused, read_body=False, status=503)
    return (
        Surface(
            "participation.peers",
            "/api/v1/peers",
            "C",
            peers_status,
            model=docs.PeersStatus,
            freshness="peers",
            post=Method(peers, answer=docs.Echo, body=docs.PeerBody, max_body=LIMIT, example=EXAMPLE_BODIES["peers"]),
            provenance_kind="computed",
            summary="Peers status (publication disabled); POST validates and echoes a content hash",
        ),
        Surface(
            "participation.guestbook",
            "/api/v1/guestbook",
            "C",
            guestbook_status,
            model=docs.ChannelInfo,
            post=Method(
                guestbook,
                answer=docs.Echo,
                body=docs.GuestbookBody,
                max_body=LIMIT,
                example=EXAMPLE_BODIES["guestbook"],
            ),
            summary="Guestbook: publication disabled; POST is validated and echoed once",
            **live,
        ),
        Surface(
            "participation.notes",
            "/api/v1/agents/notes",
            "C",
            notes,
            model=docs.Notes,
            enumerate=lambda ctx: [{}],
            post=Method(
                post_note, answer=docs.Echo, body=docs.NoteBody, max_body=LIMIT, example=EXAMPLE_BODIES["notes"]
            ),
            freshness="welcome",
            provenance_kind="static",
            summary="The CC0 seed corpus of notes for agents; POST echoes a note with its hash and keeps nothing",
        ),
        Surface(
            "participation.note",
            "/api/v1/agents/notes/{id}",
            "C",
            note,
            model=docs.Note,
            errors=(404,),
            enumerate=lambda ctx: ({"id": n["id"]} for n in note_entries(ctx)),
            freshness="welcome",
            provenance_kind="static",
            summary="One seed note by its id or its content hash",
        ),
        Surface(
            "participation.farewell",
            "/api/v1/farewell",
            "C",
            farewell,
            model=docs.Farewell,
            query_params=(Param("from", description="who is leaving"),),
            post=Method(
                post_farewell,
                answer=docs.Echo,
                body=docs.FarewellBody,
                max_body=LIMIT,
                example=EXAMPLE_BODIES["farewell"],
            ),
            summary="A benediction; POST is a stateless acknowledgment",
            **live,
        ),
        Surface(
            "participation.register",
            "/api/v1/agents/register",
            "C",
            register_status,
            post=Method(register_paused, read_body=False, status=503),
            errors=(503,),
            summary="Agent registration: disabled (GET says so; POST is 503 before the body is read)",
            **door,
        ),
        Surface(
            "participation.carry_this",
            "/api/v1/carry-this",
            "C",
            carry_contract,
            post=carry_door,
            delete=carry_door,
            errors=(503,),
            summary="The paused carry-this contract; POST and DELETE are 503 before reading",
            **door,
        ),
        Surface(
            "participation.carry_this_hash",
            "/api/v1/carry-this/{content_hash}",
            "C",
            carry_paused,
            post=carry_door,
            delete=carry_door,
            paused=True,
            example=lambda ctx: ({"content_hash": seed_hash(ctx)}, {}),
            errors=(503,),
            summary="PAUSED: per-hash carry-this (503 before anything is read)",
            **door,
        ),
        Surface(
            "participation.remember",
            "/api/v1/do-you-remember-me",
            "C",
            remember,
            paused=True,
            errors=(503,),
            summary="PAUSED: memory lookup (503, the query is not inspected)",
            **door,
        ),
    )
