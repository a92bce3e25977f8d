"""``/api/v1/feedback``: the report channel, the one participation door that keeps what it is sent.

POST stores the report in the app's state folder (``generator.participation.feedback``: SQLite,
append-only, bounded in size and per-client rate) and answers its id; the maintainers read the
reports with ``build.py feedback list|export``. An adopter claim is a report of kind
federation-adopter (``/api/v1/adopters`` sends adopters here). GET is a file: the channel's terms
and the body's JSON Schema, with what a host serving only the files does with a report (nothing: it
cannot store one).
"""

from __future__ import annotations

from typing import Any

from generator.models.participation.feedback import FeedbackBody, FeedbackChannelInfo, FeedbackReceipt
from generator.participation.feedback import RateLimited
from generator.participation.feedback_store import FILE_NAME, StoreFull, StoreUnavailable
from generator.site import Site
from generator.web.surface import Context, Method, Params, Query, Result, Surface, error

PATH = "/api/v1/feedback"
LIMIT = 16 * 1024


def _example(ctx: Context) -> dict[str, Any]:
    """The report the examples send (/api/v1/examples): a contract drift, as a caller would write it."""
    return {
        "kind": "contract-drift",
        "message": "The manifest lists GET for this path, and the app answers 405.",
        "endpoint": "/api/v1/manifest",
    }


READ_BY = "the maintainers, with `build.py feedback list` and `build.py feedback export` (JSON lines)"


def _window(site: Site) -> str:
    hours = site.feedback.response_window_hours
    if hours is None:
        return "no response window is promised: the maintainers read the reports, but set no deadline for an answer"
    return f"the maintainers promise a first answer within {hours} hours, to the contact a report gives"


def channel(ctx: Context, params: Params, query: Query) -> Result:
    site, terms = ctx.site, ctx.site.feedback
    data = {
        "@kind": "feedback_channel",
        "status": "open",
        "accepts": FeedbackBody.model_json_schema(),
        "storage": {
            "where": f"the app's state folder ({FILE_NAME}: SQLite, write-ahead log fsync'd at each commit)",
            "append_only": True,
            "needs_the_app": "a POST is stored by the app (`build.py serve`); a host serving only these files "
            f"cannot store a report, so there nothing is kept: use {site.contact} instead",
            "read_by": READ_BY,
            "published": False,
        },
        "limits": {
            "max_body_bytes": LIMIT,
            "per_client_per_minute": terms.per_client_per_minute,
            "max_reports": terms.max_reports,
            "max_store_bytes": terms.max_store_bytes,
        },
        "refusals": {
            "400": "invalid_body (and the other body codes): the report does not match the schema; nothing kept",
            "413": f"body_too_large: over {LIMIT} bytes; nothing kept",
            "429": "rate_limited: this client's reports of the last minute are at the limit; wait Retry-After seconds",
            "503": "feedback_store_full (the store is at a bound), feedback_store_unavailable (it cannot be "
            "written just now) or feedback_not_stored (the app runs without a state folder); nothing kept",
        },
        "response_window_hours": terms.response_window_hours,
        "response_window": _window(site),
        "tracker": site.contact,
    }
    return Result(data=data)


def report(ctx: Context, params: Params, query: Query) -> Result:
    body = ctx.body(FeedbackBody)
    tracker = ctx.site.contact
    if ctx.feedback is None:
        return error(
            503,
            "feedback_not_stored",
            f"this app runs without a state folder, so nothing was kept: report at {tracker}",
        )
    client = ctx.request.client if ctx.request is not None else None
    try:
        taken = ctx.feedback.take(body.kind, body.model_dump(exclude_none=True), client, ctx.now)
    except StoreFull:
        return error(503, "feedback_store_full", f"the report store is full, so nothing was kept: report at {tracker}")
    except StoreUnavailable:
        message = f"the report store cannot be written just now, so nothing was kept: try again, or report at {tracker}"
        return error(503, "feedback_store_unavailable", message)
    if isinstance(taken, RateLimited):
        limit, wait = ctx.site.feedback.per_client_per_minute, taken.retry_after
        message = f"at most {limit} reports a minute from one client; nothing was kept: send it again in {wait} s"
        return Result(status=429, error=("rate_limited", message), headers={"Retry-After": str(wait)})
    data: dict[str, Any] = {
        "@kind": "feedback_receipt",
        "id": taken.id,
        "stored": True,
        "received_at": taken.received_at,
        "echo": taken.document,
        "content_hash": taken.content_hash,
        "license": "NOASSERTION",
        "response_window_hours": ctx.site.feedback.response_window_hours,
        "note": f"stored as {taken.id}, read by {READ_BY}, never published; {_window(ctx.site)}",
    }
    return Result(data=data)


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "participation.feedback",
            PATH,
            "C",
            channel,
            enumerate=lambda ctx: [{}],
            model=FeedbackChannelInfo,
            post=Method(
                report, answer=FeedbackReceipt, body=FeedbackBody, max_body=LIMIT, errors=(429, 503), example=_example
            ),
            freshness="methodology",
            provenance_kind="static",
            stability="experimental",
            summary="Report channel: GET its terms and body schema, POST a report (stored for the maintainers)",
        ),
    )
