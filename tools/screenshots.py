"""Screenshots of one reader page of each kind, at a phone's width and a desktop's, to look at.

    .venv/bin/python tools/screenshots.py --dist dist --out /tmp/shots [--dark]

Serves ``--dist`` with the app (uvicorn, a free local port), opens each page in headless Chromium
(Debian's ``/usr/bin/chromium``, driven by Playwright; no browser download) at 390 and 1280 px wide,
full page, and writes ``<kind>-<width>.png``. The pictures are for people to look at; they are not
committed and no test compares them.
"""

from __future__ import annotations

import argparse
import socket
import sys
import threading
import time
from pathlib import Path

import orjson
import uvicorn

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.serve.app import App  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
WIDTHS = (390, 1280)


def page_kinds(dist: Path) -> dict[str, str]:
    """One path per kind of page, taken from the build's own routes."""
    routes = orjson.loads((dist / "_routes.json").read_bytes())["routes"]
    first: dict[str, str] = {}
    for path, route in sorted(routes.items()):
        if route["type"].startswith("text/html"):
            first.setdefault(route["surface"], path)
    first["pages.prices_search?q"] = "/prices/search?game=op&q=OP01-001"
    return first


def serve(dist: Path) -> tuple[str, uvicorn.Server]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(App(dist), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--out", type=Path, default=Path("/tmp/cardpantry-shots"))
    parser.add_argument("--dark", action="store_true", help="prefers-color-scheme: dark")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    base, server = serve(args.dist)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            for kind, path in page_kinds(args.dist).items():
                for width in WIDTHS:
                    page = browser.new_page(
                        viewport={"width": width, "height": 900}, color_scheme="dark" if args.dark else "light"
                    )
                    page.goto(base + path)
                    name = args.out / f"{kind.replace('?', '-')}-{width}.png"
                    page.screenshot(path=str(name), full_page=True)
                    page.close()
                    print(name, path)
            browser.close()
    finally:
        server.should_exit = True


if __name__ == "__main__":
    main()
