"""The app on a loopback port, served by uvicorn in a thread with a given HTTP protocol: what the
raw-socket tests of this folder (server limits, body fuzz, the MCP gate) talk to."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn


@contextmanager
def serving(app: Any, protocol: type, log_level: str = "error") -> Iterator[int]:
    """Yield the port ``app`` listens on (``ws="none"``, as ``build.py serve`` runs it), until exit."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    config = uvicorn.Config(app, host="127.0.0.1", port=free, http=protocol, ws="none", log_level=log_level)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        yield free
    finally:
        server.should_exit = True
        thread.join(timeout=30)
