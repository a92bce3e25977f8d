"""Screenshots of every kind of reader page, for each game, at a phone's width and a desktop's, to look at.

    .venv/bin/python tools/screenshots.py OUT [--dist dist] [--base http://127.0.0.1:8000] [--dark]

Which pages: every HTML surface of the registry (``generator.surfaces.families``). A surface whose
path names a game, set or SKU gets one page per game: the game's showcase card where the build has
it (``SHOWCASE``), else the build's first page of that game. Then what the app renders on request:
a search by name in each game, a public trust page, the market of a card with no offers, a 404, and
a Japanese and a Chinese card page (their names need a CJK font: ``.ci/run`` installs Debian's
``fonts-noto-cjk``). A kind the build and the app both lack is named on stderr, never skipped quietly.

``--base`` takes a running server (``make serve`` listens on http://127.0.0.1:8000); without it the
app is started on ``--dist`` (uvicorn, ``--port`` or a free local port). ``--dist`` is read for its
routes either way. Each page is opened in headless Chromium (Debian's ``/usr/bin/chromium``, driven
by Playwright; no browser download) at 390 and 1280 px wide, full page, and written as
``OUT/<kind>[-<game>]-<width>.png``; ``OUT/index.html`` shows them all with the path each is of.
The pictures are for people to look at; they are not committed and no test compares them.
"""

from __future__ import annotations

import argparse
import html
import re
import socket
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import orjson
import uvicorn
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.serve.app import App  # noqa: E402
from generator.site import load_site  # noqa: E402
from generator.surfaces.families import surfaces  # noqa: E402
from generator.web.surface import Surface  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
WIDTHS = (390, 1280)
# A card of each game whose page has much to show, and the name a reader would search it by.
SHOWCASE = {
    "op": ("op-op01-001-en", "Zoro"),
    "ptcg": ("ptcg-base1-4-en", "Charizard"),
    "lor": ("lor-1-1-en", "Ariel"),
    "fab": ("fab-wtr-006-en-as", "Alpha Rampage"),
}
CJK = ("op-op01-001-ja", "lor-1-1-zh")  # a Japanese and a Chinese printing of the showcase cards
MISSING = "/product/op-op01-999-en"  # a mistyped SKU: the reader's 404 page


def fill(sku: str) -> dict[str, str]:
    """The path parameters a SKU gives: ``op-op01-001-en`` -> game op, set op01, number 001."""
    game, set_code, number = sku.split("-")[:3]
    return {"sku": sku, "game": game, "set": set_code, "number": number}


def pages(routes: dict[str, dict[str, str]], rendered: dict[str, str]) -> Iterator[tuple[str, str]]:
    """(file stem, path) for every page to take; ``rendered``: a path for a kind the app renders on
    request only, by surface id (a public trust page)."""
    built: dict[str, list[str]] = {k: [v] for k, v in rendered.items()}
    for path, route in sorted(routes.items()):
        if route["type"].startswith("text/html"):
            built.setdefault(route["surface"], []).append(path)
    games = [g for g in load_site().games if f"/prices/{g}" in routes]
    for surface in surfaces(load_site()):
        if not surface.media_type.startswith("text/html"):
            continue
        names = set(re.findall(r"{(\w+)}", surface.path))
        if names & {"game", "sku", "set"}:
            for game in games:
                yield from _one(f"{surface.id}-{game}", _of_game(surface, game, built.get(surface.id, [])))
        else:
            yield from _one(surface.id, built.get(surface.id, []) or ([] if names else [surface.path]))
    yield from _on_request(routes, games)


def _on_request(routes: dict[str, dict[str, str]], games: list[str]) -> Iterator[tuple[str, str]]:
    """Pages the app renders on request, and the card pages that need a CJK font."""
    for game in games:
        if game in SHOWCASE:
            query = urlencode({"game": game, "q": SHOWCASE[game][1]})
            yield f"pages.prices_search-name-{game}", f"/prices/search?{query}"
    for sku in CJK:
        if f"/product/{sku}" in routes:
            yield f"pages.product-{sku.split('-')[0]}-{sku.split('-')[3]}", f"/product/{sku}"
    yield "error-404", MISSING


def _of_game(surface: Surface, game: str, built: list[str]) -> list[str]:
    """The showcase's page where it is built, or where the app renders any card (a market with no
    offers); else the build's pages of ``game``."""
    of_game = [p for p in built if _game(surface.pattern.match(p)) == game]
    if game not in SHOWCASE:
        return of_game
    showcase = surface.path.format(**fill(SHOWCASE[game][0]))
    on_request = not of_game and "{sku}" in surface.path
    return [showcase] if showcase in of_game or on_request else of_game


def _game(found: re.Match[str] | None) -> str | None:
    if found is None:
        return None
    params = found.groupdict()
    return params.get("game") or (params.get("sku") or "").split("-")[0] or None


def _one(stem: str, paths: list[str]) -> Iterator[tuple[str, str]]:
    if paths:
        yield stem, paths[0]
    else:
        print(f"no page of {stem} in this build or the app", file=sys.stderr)


def public_trust(base: str, routes: dict[str, dict[str, str]]) -> dict[str, str]:
    """A trust page that answers: a seller named on an auction page (only public sellers are)."""
    for path in sorted(p for p in routes if p.startswith("/auctions/") and p.endswith("/read")):
        with urllib.request.urlopen(base + path) as answer:
            found = re.search(r'href="(/u/[^"/]+/trust)"', answer.read().decode())
        if found:
            return {"trust.page": found.group(1)}
    return {}


def serve(dist: Path, port: int) -> tuple[str, uvicorn.Server]:
    if not port:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(App(dist), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def index(out: Path, taken: list[tuple[str, str, int]]) -> None:
    rows = "\n".join(
        f"<figure><figcaption>{html.escape(stem)} ({width} px): <code>{html.escape(path)}</code></figcaption>"
        f'<img src="{html.escape(stem)}-{width}.png" alt="" loading="lazy" width="{min(width, 640)}"></figure>'
        for stem, path, width in taken
    )
    page = f'<!doctype html>\n<html lang="en"><meta charset="utf-8"><title>Screenshots</title>\n{rows}\n</html>\n'
    (out / "index.html").write_text(page)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder to write the PNGs and index.html into")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the build (its _routes.json)")
    parser.add_argument("--base", help="a running server's origin, e.g. http://127.0.0.1:8000 (make serve)")
    parser.add_argument("--port", type=int, default=0, help="where to start the app without --base")
    parser.add_argument("--dark", action="store_true", help="prefers-color-scheme: dark")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    base, server = (args.base.rstrip("/"), None) if args.base else serve(args.dist, args.port)
    taken: list[tuple[str, str, int]] = []
    try:
        routes = orjson.loads((args.dist / "_routes.json").read_bytes())["routes"]
        shots = list(pages(routes, public_trust(base, routes)))
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            for stem, path in shots:
                for width in WIDTHS:
                    page = browser.new_page(
                        viewport={"width": width, "height": 900}, color_scheme="dark" if args.dark else "light"
                    )
                    answer = page.goto(base + path, wait_until="networkidle")
                    page.screenshot(path=str(args.out / f"{stem}-{width}.png"), full_page=True)
                    page.close()
                    taken.append((stem, path, width))
                    print(f"{stem}-{width}.png {answer.status if answer else '-'} {path}")
            browser.close()
    finally:
        index(args.out, taken)
        if server is not None:
            server.should_exit = True


if __name__ == "__main__":
    main()
