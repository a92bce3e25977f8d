"""Reading the platform's own records (families D and E): the export on the context, the caller's
role key from ``Authorization: Bearer``, and the headers of an answer that depends on who asks.

A known key reads its role's view; an unknown one is a 401 rather than quietly showing less; no
key is the public view, and so is an agent key (it opens the MCP gate, not a person's records).
Answers that vary by caller are ``private, no-store`` with ``Vary: Authorization`` so no shared
cache keeps them.
"""

from __future__ import annotations

from dataclasses import replace

from generator.platform.export import Platform
from generator.platform.models import RoleKey
from generator.web.auth import bearer, unauthorised
from generator.web.surface import Context, Result

PRIVATE = {"Cache-Control": "private, no-store", "Vary": "Authorization"}
REALM = "platform"
SAMPLE_NOTE = "real market activity: the records shown are the synthetic sample export (sample: true)"


def platform_of(ctx: Context) -> Platform:
    if ctx.platform is None:
        raise RuntimeError("this surface reads the platform export: Context.platform is not set")
    return ctx.platform


def caller(ctx: Context) -> tuple[RoleKey | None, Result | None]:
    """The role key the request presents: none (public), a known key, or the refusal (a malformed or
    repeated Authorization 400, an unknown key or another scheme 401; ``generator.web.auth``)."""
    token = bearer(ctx.request, REALM)
    if token is None:
        return None, None
    if isinstance(token, Result):
        return None, private(token)
    key = platform_of(ctx).key_holder(token)
    if key is None:
        message = "the bearer key is not known; send no Authorization header to read as public"
        return None, private(unauthorised(REALM, "invalid_key", message, "invalid_token"))
    return (None, None) if key.role == "agent" else (key, None)  # an agent key reads as the public


def private(result: Result) -> Result:
    """``result`` that no shared cache may keep, and that varies by the caller's key."""
    return replace(result, headers={**PRIVATE, **(result.headers or {})})
