"""Reading ``Authorization: Bearer <key>`` strictly, the same way for every surface that takes a key.

RFC 6750 2.1 and RFC 9110 11.6.2: one field, the scheme ``Bearer`` (any case), spaces, then one
b64token. Anything else present is refused rather than guessed at:

- malformed (empty, no token, a token with spaces or commas, and so a field sent twice, which the
  app joins with ", " as RFC 9110 5.3 allows): 400 ``malformed_authorization`` in the one refusal
  shape (``parameter``: authorization). Two fields used to mean "the last one wins": ``Bearer bad``
  then an admin key read as admin, where a proxy or cache may have judged by the first;
- well-formed, another scheme (``Basic ...``): 401, not ours to read.

Every 401 and this 400 carry the ``WWW-Authenticate`` challenge (RFC 9110 11.6.1, RFC 6750 3).
"""

from __future__ import annotations

import re
from dataclasses import replace

from generator.web.surface import Request, Result, error
from generator.web.validate import invalid

CREDENTIALS = re.compile(r"([!#$%&'*+.^_`|~0-9A-Za-z-]+) +([A-Za-z0-9\-._~+/]+=*)\Z")


def challenge(realm: str, problem: str | None = None) -> dict[str, str]:
    """The ``WWW-Authenticate`` header of a refusal: the Bearer scheme, its realm and, when the
    request was wrong, RFC 6750's error code."""
    value = f'Bearer realm="{realm}"' + (f', error="{problem}"' if problem else "")
    return {"WWW-Authenticate": value}


def unauthorised(realm: str, code: str, message: str, problem: str | None = None) -> Result:
    """A 401 in the error shape, always with its challenge."""
    refused = error(401, code, message)
    return Result(status=401, error=refused.error, headers=challenge(realm, problem))


def bearer(request: Request | None, realm: str) -> str | Result | None:
    """The bearer key the request presents, ``None`` when it sends no Authorization at all, or the
    refusal (400 malformed, 401 another scheme)."""
    header = request.headers.get("authorization") if request is not None else None
    if header is None:
        return None
    found = CREDENTIALS.match(header.strip(" \t"))
    if found is None:
        message = "Authorization must be sent once, as `Bearer <key>` (RFC 6750); it was malformed or repeated"
        refused = invalid("authorization", message, code="malformed_authorization")
        return replace(refused, headers=challenge(realm, "invalid_request"))
    if found[1].lower() != "bearer":
        return unauthorised(realm, "unsupported_scheme", f"only Bearer keys are read here, not {found[1][:32]!r}")
    return found[2]
