"""The static search index's cost, measured on the real catalog (issue 39 item 4; never a test).

Prints: the indexing step alone (``static_records`` + ``pagefind_bundle``: seconds, the Pagefind
binary's peak RSS, this process's, the files and bytes it makes); what a browser fetches for one
query (requests and bytes, the index served from memory by a local HTTP server, driven in Debian's
Chromium with the page's own script); and with ``--full`` two cold builds into fresh folders, without
and with ``--search-index``, as the ratio of their seconds (one run each: the machine is shared).

    .venv/bin/python bench/static_search.py [--catalog state/catalog.duckdb] [--full --out ../bench-search]
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import resource
import shutil
import sys
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.catalog.pagefind_bundle import pagefind_bundle  # noqa: E402
from generator.catalog.queries import connect  # noqa: E402
from generator.catalog.snapshot import Snapshot  # noqa: E402
from generator.catalog.static_search import static_records  # noqa: E402
from generator.render.html import SEARCH_SCRIPT  # noqa: E402
from generator.site import load_site  # noqa: E402

QUERIES = (("all", "Roronoa Zoro"), ("all", "ゾロ"), ("op", "ロロノア・ゾロ"), ("ptcg", "pikachu"), ("lor", "elsa"))
PAGE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body>
<script type="module">
import { searchIndex } from "/assets/search.js";
window.searchIndex = searchIndex;
window.ready = true;
</script></body></html>"""


def index_step(catalog: Path) -> dict[str, bytes]:
    with connect(catalog) as con:
        snapshot = Snapshot.from_catalog(con, load_site().encoding)
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    records = static_records(snapshot)
    listed = time.perf_counter()
    bundle = pagefind_bundle(records)
    done = time.perf_counter()
    me, child = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    size = sum(map(len, bundle.values()))
    print(
        f"indexing step: {len(records):,} records in {listed - started:.2f} s, Pagefind {done - listed:.2f} s "
        f"= {done - started:.2f} s; Pagefind's peak RSS {child.ru_maxrss / 1024:,.0f} MiB "
        f"(CPU {child.ru_utime + child.ru_stime:.1f} s), this process {me.ru_maxrss / 1024:,.0f} MiB "
        f"(was {rss_before / 1024:,.0f} MiB with the snapshot loaded); {len(bundle):,} files, {size / 1e6:.1f} MB"
    )
    return bundle


class _Files(SimpleHTTPRequestHandler):
    """The bundle under /pagefind/, the page's script and a page that imports it, from memory."""

    files: dict[str, bytes] = {}

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        body = self.files.get(path)
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        suffix = path.rpartition(".")[2] if path != "/" else "html"
        kinds = {"html": "text/html", "js": "text/javascript", "json": "application/json"}
        self.send_header("Content-Type", kinds.get(suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def query_bytes(bundle: dict[str, bytes]) -> None:
    from playwright.sync_api import sync_playwright

    files = {f"/pagefind/{name}": body for name, body in bundle.items()}
    files |= {"/assets/search.js": SEARCH_SCRIPT.read_bytes(), "/": PAGE}
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(type("Handler", (_Files,), {"files": files})))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        for game, query in QUERIES:
            page = browser.new_page()  # a first query: nothing cached
            fetched: list[str] = []
            page.on("requestfinished", lambda request, fetched=fetched: fetched.append(request.url))
            page.goto(base + "/")
            page.wait_for_function("window.ready === true")
            fetched.clear()
            started = time.perf_counter()
            found = page.evaluate("([g, q]) => window.searchIndex(g, q)", [game, query])
            seconds = time.perf_counter() - started
            paths = [url.removeprefix(base).split("?")[0] for url in fetched]
            plain = sum(len(files[p]) for p in paths)
            # over a CDN the script travels gzipped (its .gz twin); the .pf_* and wasm files already are
            coded = sum(len(gzip.compress(files[p], 6)) if p.endswith(".js") else len(files[p]) for p in paths)
            kinds = {kind: sum(kind in p for p in paths) for kind in ("fragment/", "index/", ".pf_meta", "wasm")}
            print(
                f"query {query!r} ({game}): {found['count']} results, {len(paths)} requests "
                f"({', '.join(f'{k} {v}' for k, v in kinds.items())}), {plain / 1024:,.0f} KiB as served here, "
                f"{coded / 1024:,.0f} KiB with the script gzipped; {seconds * 1000:,.0f} ms in the page"
            )
            page.close()
        browser.close()
    server.shutdown()


def full_builds(catalog: Path, out: Path) -> None:
    from generator.build import build

    as_of = dt.datetime(2026, 11, 21, tzinfo=dt.UTC)
    without = build(out.with_name(out.name + "-plain"), as_of, catalog, progress=False)
    with_index = build(out.with_name(out.name + "-indexed"), as_of, catalog, progress=False, search_index=True)
    for label, summary in (("without the index", without), ("with --search-index", with_index)):
        phases = ", ".join(f"{name} {secs:.1f} s" for name, secs in summary.phases.items())
        print(f"cold build {label}: {summary.line()}\n  phases: {phases}")
    print(
        f"--search-index costs {with_index.seconds - without.seconds:+.1f} s = "
        f"{with_index.seconds / without.seconds - 1:+.1%} of the cold build "
        f"({with_index.routes - without.routes:+,} routes, {with_index.files - without.files:+,} files)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalog", type=Path, default=ROOT / "state" / "catalog.duckdb")
    parser.add_argument("--full", action="store_true", help="also two cold builds, without and with the index")
    parser.add_argument("--out", type=Path, default=ROOT.parent / "bench-search")
    args = parser.parse_args()
    bundle = index_step(args.catalog)
    query_bytes(bundle)
    if args.full:
        full_builds(args.catalog, args.out)


if __name__ == "__main__":
    main()
