"""The ASGI app: serves ``dist/`` by its routes manifest, exactly as a CDN would, and computes the rest.

Order of answers for a request:
1. a static route read with GET/HEAD and no variant-selecting query key: the file, its status and
   manifest headers, 304 on a matching If-None-Match, the ``.br``/``.gz`` twin by Accept-Encoding;
2. the registered surface whose pattern matches: its handler for the method (GET computes with the
   same surface functions, from ``dist/_data``; POST/DELETE/ANY read the body only when the method
   says so, up to its limit), or 405 with the ``Allow`` the surface's handlers derive;
3. any other path: the 404 (under ``/api/v1/``, the JSON envelope with did-you-mean suggestions).
The app needs nothing at run time but ``dist/`` (and the referee key from the environment).
"""

from __future__ import annotations

import datetime as dt
import os
import posixpath
import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from urllib.parse import parse_qsl

from generator.catalog.snapshot import FileSnapshot
from generator.content import load_content
from generator.envelope import header_url
from generator.not_found import not_found
from generator.offload import Offload
from generator.play.seal import KeyConfigError, referee_key
from generator.site import load_site
from generator.surfaces.families import joy_index, surfaces
from generator.surfaces.registry import Context, Request, match
from generator.surfaces.respond import Rendered, options, respond
from generator.write.manifest import load_manifest

READ_METHODS = ("GET", "HEAD")
CACHE_ENTRIES = 4096


class Served:
    """One build of ``dist/`` as the app serves it: its manifest, snapshot and file bytes, all read
    through one open handle on the build's directory. A rebuild swaps a new directory in under the
    same name; everything here still reads the old one until the app switches to the new build
    whole, so an answer never mixes one build's ETag with another's bytes."""

    def __init__(self, dist: Path, context_of: Callable[[FileSnapshot, dt.datetime], Context]):
        self.fd = os.open(dist, os.O_RDONLY | os.O_DIRECTORY)
        self.inode = os.fstat(self.fd).st_ino
        root = Path(f"/proc/self/fd/{self.fd}") if Path("/proc/self/fd").is_dir() else dist
        manifest = load_manifest(root)
        if manifest is None:
            os.close(self.fd)
            raise FileNotFoundError(f"{dist} has no routes manifest: run `python build.py build` first")
        self.root = root
        self.routes: dict[str, dict] = manifest["routes"]
        self.header_sets: dict[str, dict[str, str]] = manifest["header_sets"]
        as_of = _parse_instant(manifest["as_of"])
        self.context = context_of(FileSnapshot(root, load_site().encoding), as_of)
        self.context_of = context_of
        self.files: OrderedDict[tuple[str, str], bytes] = OrderedDict()

    def close(self) -> None:
        os.close(self.fd)


class App:
    def __init__(self, dist: Path, referee_key: bytes | None = None, offload: bool = False):
        """``offload``: answer CPU-heavy methods (AI moves) in worker processes (``generator.offload``);
        off, they run inline (tests, and the workers themselves)."""
        self.dist = dist
        self.site = load_site()
        self.registry = surfaces(self.site)
        self.surfaces = {s.id: s for s in self.registry}
        content, joy = load_content(), joy_index(self.registry)

        def context_of(snapshot: FileSnapshot, as_of: dt.datetime) -> Context:
            return Context(
                self.site,
                snapshot,
                as_of,
                content,
                joy_index=joy,
                referee_key=referee_key,
                as_of=as_of,
                surfaces=self.registry,
            )

        self.served = Served(dist, context_of)
        self.offload: Offload | None = Offload(dist, referee_key) if offload else None

    @property
    def context(self) -> Context:
        return self.served.context

    def _current(self) -> Served:
        """The build now in ``dist/``: one ``stat`` per request notices a rebuild swapped in."""
        try:
            inode = os.stat(self.dist).st_ino
        except FileNotFoundError:  # between the two renames of a swap: keep serving what we have
            return self.served
        if inode != self.served.inode:
            old, self.served = self.served, Served(self.dist, self.served.context_of)
            old.close()
        return self.served

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            if self.offload is not None:
                self.offload.close()
            await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["type"] != "http":
            return
        method, path = scope["method"], _normalise(scope["path"])
        query = dict(parse_qsl(scope["query_string"].decode("latin-1"), keep_blank_values=True))
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        served = self._current()
        route = served.routes.get(path)
        variant = route is not None and any(k in query for k in self.surfaces[route["surface"]].query_names)
        if route and method in READ_METHODS and not variant:
            await self._send_static(send, served, path, route, headers, head=method == "HEAD")
            return
        found = match(self.registry, path)
        # A GET that depends on the build alone is answered as of the build, with the deterministic
        # request id a file would carry: the same bytes on every request, so its ETag revalidates.
        stable = method in READ_METHODS and found is not None and not found[0].clock
        request_id = None if stable else "req_" + secrets.token_hex(12)
        if found is None:
            await self._send(send, *_parts(not_found(self._context(None), path, request_id)), head=method == "HEAD")
            return
        surface, params = found
        if method == "OPTIONS" and surface.any is None:
            await self._send(send, *_parts(options(surface, headers)), head=True)
            return
        handler = surface.method(method)
        body = await _read_body(receive, handler.max_body) if handler is not None and handler.read_body else None
        if handler is not None and handler.offload and self.offload is not None:
            request = Request(method, headers, body)
            rendered = await self.offload.answer(self, surface.id, params, query, path, method, request, request_id)
            await self._send(send, *_parts(rendered), head=False)
            return
        rendered = respond(
            surface,
            self._context(Request(method, headers, body), at_build_time=stable),
            params,
            query,
            path,
            request_id=request_id,
            method=method,
        )
        if rendered.status == 200 and _matches(headers.get("if-none-match"), rendered.headers["ETag"]):
            await self._send(send, 304, _not_modified(rendered.headers), b"", head=True)
            return
        await self._send(send, *_parts(rendered), head=method == "HEAD")

    def _context(self, request: Request | None, at_build_time: bool = False) -> Context:
        now = self.served.context.now if at_build_time else dt.datetime.now(dt.UTC).replace(microsecond=0)
        return replace(self.served.context, now=now, request=request)

    async def _send_static(
        self, send, served: Served, path: str, route: dict, headers: dict[str, str], head: bool
    ) -> None:
        response_headers = {
            k: v.replace("<{path}>", f"<{header_url(path)}>") for k, v in served.header_sets[route["headers"]].items()
        }
        response_headers["ETag"] = route["etag"]
        response_headers["Content-Type"] = route["type"]
        if route["twins"]:
            response_headers["Vary"] = "Accept-Encoding"
        if route["status"] == 200 and _matches(headers.get("if-none-match"), route["etag"]):
            await self._send(send, 304, _not_modified(response_headers), b"", head=True)
            return
        encoding = _pick_encoding(headers.get("accept-encoding", ""), route["twins"])
        if encoding:
            response_headers["Content-Encoding"] = {"br": "br", "gz": "gzip"}[encoding]
        body = _file(served, route["file"], encoding)
        await self._send(send, route["status"], response_headers, body, head=head)

    @staticmethod
    async def _send(send, status: int, headers: dict[str, str], body: bytes, head: bool) -> None:
        raw = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]
        if status != 304:
            raw.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": raw})
        await send({"type": "http.response.body", "body": b"" if head else body})


def _file(served: Served, rel: str, encoding: str | None) -> bytes:
    """A file of the served build (cached), read through its directory handle."""
    key = (rel, encoding or "")
    body = served.files.get(key)
    if body is None:
        body = _read_file(served.fd, f"{rel}.{encoding}" if encoding else rel)
        served.files[key] = body
        if len(served.files) > CACHE_ENTRIES:
            served.files.popitem(last=False)
    return body


def _parse_instant(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _read_file(dir_fd: int, rel: str) -> bytes:
    """Unbuffered read (see generator.write.files._write_file: buffered open() is costly here)."""
    fd = os.open(rel, os.O_RDONLY, dir_fd=dir_fd)
    try:
        size = os.fstat(fd).st_size
        chunks, read = [], 0
        while read < size:
            chunk = os.read(fd, size - read)
            if not chunk:
                break
            chunks.append(chunk)
            read += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _parts(rendered: Rendered) -> tuple[int, dict[str, str], bytes]:
    return rendered.status, rendered.headers, rendered.body


def _not_modified(headers: dict[str, str]) -> dict[str, str]:
    """A 304 keeps the validators and caching headers (Vary included, RFC 9110 15.4.5), no body type."""
    return {k: v for k, v in headers.items() if k not in ("Content-Type", "Content-Encoding")}


def _pick_encoding(accept: str, twins: list[str]) -> str | None:
    """The twin the client accepts with the highest q-value (br before gzip on a tie), else None."""
    if not twins:
        return None
    weights = {}
    for part in accept.split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        weights[name.strip().lower()] = q
    offered = [
        (weights.get(name, weights.get("*", 0.0)), rank, twin)
        for rank, (name, twin) in enumerate((("br", "br"), ("gzip", "gz")))
        if twin in twins
    ]
    best = max(offered, key=lambda item: (item[0], -item[1]), default=(0.0, 0, None))
    return best[2] if best[0] > 0 else None


def _matches(if_none_match: str | None, etag: str) -> bool:
    """RFC 9110 13.1.2: a list of entity tags or ``*``, compared weakly (``W/`` ignored)."""
    if not if_none_match:
        return False
    if if_none_match.strip() == "*":
        return True
    return any(tag.strip().removeprefix("W/") == etag for tag in if_none_match.split(","))


def _normalise(path: str) -> str:
    """Resolve ``.`` and ``..`` segments as a CDN does before looking a file up."""
    if "/." not in path:
        return path
    resolved = posixpath.normpath(path)
    return resolved + "/" if path.endswith("/") and resolved != "/" else resolved


async def _read_body(receive, limit: int) -> bytes | None:
    """Read at most ``limit`` bytes; ``None`` when the body is larger (the handler answers 413/400)."""
    chunks, size = [], 0
    while True:
        message = await receive()
        chunk = message.get("body", b"")
        size += len(chunk)
        if size <= limit:
            chunks.append(chunk)
        if not message.get("more_body"):
            return b"".join(chunks) if size <= limit else None


def create_app(dist: Path | str = "dist", dev_referee_key: bool = False) -> App:
    """The app over ``dist``. The referee key comes from CARDPANTRY_REFEREE_KEY; the public development
    key only when asked for explicitly; with neither, the practice referee answers 503."""
    try:
        key = referee_key(os.environ, dev=dev_referee_key)
    except KeyConfigError:
        key = None
    return App(Path(dist), key, offload=True)
