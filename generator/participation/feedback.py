"""The report channel the app runs: the store, a per-client rate window, and the maintainer's terms.

A client (the peer address as the server saw it; behind the nginx adapter, the forwarded address
uvicorn accepts from the proxy) may have ``per_client_per_minute`` reports stored in any 60 seconds;
the next is refused with the seconds to wait. Only stored reports count, and the window lives in
this process's memory: it keeps no address on disk, and a restart forgets it. Its memory is bounded
too (``MAX_CLIENTS``; the longest-quiet client is forgotten first).
"""

from __future__ import annotations

import datetime as dt
import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.participation.feedback_store import FeedbackStore, StoredReport
from generator.site import FeedbackTerms

WINDOW_SECONDS = 60.0
MAX_CLIENTS = 4096


@dataclass(frozen=True)
class RateLimited:
    retry_after: int  # whole seconds until the client's oldest report in the window leaves it


class RateWindow:
    """At most ``limit`` events per client in any ``seconds``."""

    def __init__(self, limit: int, seconds: float = WINDOW_SECONDS, clock: Callable[[], float] = time.monotonic):
        self.limit, self.seconds, self.clock = limit, seconds, clock
        self.events: OrderedDict[str, deque[float]] = OrderedDict()

    def wait(self, client: str) -> int:
        """0 when ``client`` may go now, else the whole seconds until it may."""
        now = self.clock()
        events = self.events.get(client)
        if events is None:
            return 0
        while events and events[0] <= now - self.seconds:
            events.popleft()
        if len(events) < self.limit:
            return 0
        return max(1, math.ceil(events[0] + self.seconds - now))

    def note(self, client: str) -> None:
        events = self.events.pop(client, None) or deque()
        events.append(self.clock())
        self.events[client] = events  # most recent last: the first entry is the longest quiet
        while len(self.events) > MAX_CLIENTS:
            self.events.popitem(last=False)


class FeedbackChannel:
    def __init__(self, store: FeedbackStore, terms: FeedbackTerms, clock: Callable[[], float] = time.monotonic):
        self.store, self.terms = store, terms
        self.window = RateWindow(terms.per_client_per_minute, clock=clock)

    @classmethod
    def in_folder(cls, folder: Path, terms: FeedbackTerms) -> FeedbackChannel:
        return cls(FeedbackStore(folder, terms.max_reports, terms.max_store_bytes), terms)

    def take(
        self, kind: str, document: dict[str, Any], client: str | None, now: dt.datetime
    ) -> StoredReport | RateLimited:
        """Store a report, or say how long ``client`` must wait; ``StoreFull`` (nothing stored) at a bound."""
        who = client or "unknown"
        wait = self.window.wait(who)
        if wait:
            return RateLimited(wait)
        stored = self.store.append(kind, document, now)
        self.window.note(who)
        return stored
