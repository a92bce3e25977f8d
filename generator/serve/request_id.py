"""The id of one request: ``X-Request-Id`` on every answer, ``_meta.request_id`` on a computed one.

The host's own when a proxy in front sent a well-formed one (nginx's ``$request_id``, Caddy's
``{http.request.uuid}``), so the two logs agree; else a new random one. The app and the MCP gate
both take it from here (docs/operations.md "Time").
"""

from __future__ import annotations

import re
import secrets

WELL_FORMED = re.compile(rb"[A-Za-z0-9_.-]{8,64}")


def request_id(raw_headers: dict[bytes, bytes]) -> str:
    given = raw_headers.get(b"x-request-id")
    if given is not None and WELL_FORMED.fullmatch(given):
        return given.decode()
    return "req_" + secrets.token_hex(12)
