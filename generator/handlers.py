"""POST handlers: what the app answers that no file can (spec families C and F).

A handler is called with the raw body (``None`` when it exceeded ``max_body``) and the request
headers, and returns a ``Rendered``. Nothing a handler receives is stored or logged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from generator.play.deck_request import MAX_BODY_BYTES
from generator.surfaces import play
from generator.surfaces.registry import Context
from generator.surfaces.respond import Rendered


@dataclass(frozen=True)
class Handler:
    path: str
    method: str
    run: Callable[[Context, bytes | None, dict[str, str]], Rendered]
    max_body: int = 1 << 20

    def __call__(self, ctx: Context, body: bytes | None, headers: dict[str, str]) -> Rendered:
        return self.run(ctx, body, headers)


HANDLER_LIST: tuple[Handler, ...] = (
    Handler(play.DECK_VALIDATE.path, "POST", play.deck_validate, max_body=MAX_BODY_BYTES),
    Handler(play.PRACTICE.path, "POST", play.practice_move, max_body=MAX_BODY_BYTES),
)

HANDLERS: dict[tuple[str, str], Handler] = {(h.method, h.path): h for h in HANDLER_LIST}
