"""The header search in real Chromium (issue 39 item 4): on a static host with no app behind it,
the page's script finds cards by name in the static index; with the app, the form is submitted.

The static host is nginx with the build's own adapter (``nginx_standalone``) over ``small_dist``
(built with its search index), its upstream a port nothing listens on: every file is served, and
everything the app would answer is a 502, as on a CDN-only deployment. The cards are the synthetic
catalog's (tests/conftest.py): a Japanese One Piece printing and a French Lorcana one.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

from generator.catalog.names import NameIndex, fold
from generator.catalog.snapshot import IndexEntry
from generator.write.manifest import MANIFEST
from generator.write.nginx import nginx_standalone

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
RESULTS = "#static-results table, #static-results .search-hint, #static-results [role=alert]"

pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Chromium (apt-get install chromium)"),
    pytest.mark.skipif(NGINX is None, reason="needs nginx (apt-get install nginx)"),
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def static_host(small_dist: Path, tmp_path_factory) -> Iterator[str]:
    """nginx serving ``small_dist`` with no app: its upstream port is free (a connection is refused)."""
    assert NGINX is not None
    port, prefix = _free_port(), tmp_path_factory.mktemp("static-nginx")
    conf = nginx_standalone(
        orjson.loads((small_dist / MANIFEST).read_bytes()),
        listen=f"127.0.0.1:{port}",
        root=small_dist,
        upstream=f"127.0.0.1:{_free_port()}",
        user="root" if os.geteuid() == 0 else None,
    )
    (prefix / "nginx.conf").write_bytes(conf)
    process = subprocess.Popen(
        [NGINX, "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-e", "stderr"], stderr=subprocess.PIPE
    )
    try:
        for _ in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert process.poll() is None, process.stderr.read().decode() if process.stderr else "nginx exited"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)
        if process.stderr is not None:
            process.stderr.close()


@pytest.fixture(scope="module")
def browser() -> Iterator:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield launched
        launched.close()


def _search(browser, start: str, game: str, query: str):
    """Type into the header's search box of ``start`` and submit; the page where it lands."""
    page = browser.new_page()
    page.goto(start)
    page.select_option("form.search select[name=game]", game)
    page.fill("form.search input[name=q]", query)
    page.click("form.search button")
    return page


def _found(page) -> list[str]:
    page.wait_for_selector(RESULTS, timeout=20_000)
    return page.eval_on_selector_all("#static-results tbody th a", "links => links.map(a => a.getAttribute('href'))")


def test_the_static_host_has_no_app(static_host: str) -> None:
    import httpx

    assert httpx.get(f"{static_host}/api/v1/search/cards?game=op&q=1").status_code == 502
    assert httpx.get(f"{static_host}/prices/search").status_code == 200


@pytest.mark.parametrize(
    ("game", "query", "sku"),
    [
        ("all", "テストモン船長", "op-op01-001-ja"),  # the Japanese One Piece printing, by its whole name
        ("op", "船長", "op-op01-001-ja"),  # a part of a name written without spaces
        ("all", "てすともん", "op-op01-001-ja"),  # hiragana finds katakana, as in the app
        ("lor", "Testmon Héros - Cœur Vaillant", "lor-1-1-fr"),  # the French Lorcana printing
        ("all", "cœur heros", "lor-1-1-fr"),  # accents and word order do not matter
        ("lor", "COEUR vaillant", "lor-1-1-fr"),  # nor how œ is typed
    ],
)
def test_the_header_search_finds_cards_by_name_without_the_app(
    browser, static_host: str, game: str, query: str, sku: str
) -> None:
    page = _search(browser, f"{static_host}/prices/op", game, query)
    found = _found(page)
    assert page.url.startswith(f"{static_host}/prices/search#")  # a fragment: the file, on any host
    assert f"/product/{sku}" in found
    if game != "all":
        assert all(href.startswith(f"/product/{game}-") for href in found)
    page.close()


def test_every_word_of_the_query_must_match_as_in_the_app(browser, static_host: str) -> None:
    """Pagefind alone would answer for ``cœur`` and drop a word no card has; the app finds nothing."""
    page = _search(browser, f"{static_host}/prices", "all", "cœur xyzzy")
    page.wait_for_selector("#static-results .search-hint", timeout=20_000)
    page.close()


def test_the_search_page_hints_when_the_static_index_finds_nothing(browser, static_host: str) -> None:
    page = _search(browser, f"{static_host}/prices", "fab", "テストモン船長")
    page.wait_for_selector("#static-results .search-hint", timeout=20_000)
    link = page.get_attribute("#static-results [data-all-games]", "href")
    assert link == "/prices/search#game=all&q=%E3%83%86%E3%82%B9%E3%83%88%E3%83%A2%E3%83%B3%E8%88%B9%E9%95%B7"
    page.click("#static-results [data-all-games]")
    # the hint of the first search matches RESULTS until the second search's table replaces it
    page.wait_for_selector("#static-results table", timeout=20_000)
    assert "/product/op-op01-001-ja" in _found(page)
    page.close()


def test_the_script_folds_as_the_app_does(browser, static_host: str, small_dist: Path) -> None:
    """The query is folded in the browser as names are for the index (generator.catalog.names.fold)."""
    routes = orjson.loads((small_dist / MANIFEST).read_bytes())["routes"]
    script = next(path for path in routes if path.startswith("/assets/search."))
    samples = [
        "テストモン船長",
        "Testmon Héros - Cœur Vaillant",
        "ＲＯＲＯＮＯＡ　ＺＯＲＯ",
        "ろろのあ・ぞろ",
        "Straße Ελένη Ёлка",
        "ガンバ ﾊﾟﾝ",
        "Testmon Cook “Blackleg”",
        "Œil d'Ophidie, Sœur, Æther, ﬁn",
    ]
    page = browser.new_page()
    page.goto(f"{static_host}/prices")
    folded = page.evaluate(
        "async ([url, names]) => { const m = await import(url); return names.map(m.fold); }", [script, samples]
    )
    assert folded == [fold(name) for name in samples]
    page.close()


# The names each query word starts a word of (or, unspaced, a part of), ranked by the script's rank():
# level, whole words first, length, then the name (the app's last key; catalog order is the same here).
RANKED = """async ([url, names, query]) => {
  const m = await import(url);
  const q = m.fold(query);
  const starts = (n) => q.split(" ").every((w) => m.fold(n).split(" ").some((x) => x.startsWith(w)));
  const found = names.filter((n) => starts(n) || m.fold(n).includes(q));
  const order = (a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2] || (a.n < b.n ? -1 : 1);
  return found.map((n) => ({ n, ...m.rank(n, q) })).sort(order).map((r) => [r.n, r.level]);
}"""


def test_the_script_ranks_names_as_the_app_does(browser, static_host: str, small_dist: Path) -> None:
    """The same level for each name, and the same order: a whole word before the start of a compound."""
    routes = orjson.loads((small_dist / MANIFEST).read_bytes())["routes"]
    script = next(path for path in routes if path.startswith("/assets/search."))
    names = ["Zoro-Juurou", "Roronoa Zoro", "Zorori", "Zoro", "Monkey.D.Luffy", "ロロノア・ゾロ", "ゾロ十郎"]
    entries = [IndexEntry(f"op-op01-{n:03}-en", "op01", f"{n:03}", "en", None, f"k{n}", x) for n, x in enumerate(names)]
    index = NameIndex(entries)
    page = browser.new_page()
    page.goto(f"{static_host}/prices")
    for query in ("zoro", "luffy", "monkey d", "ゾロ", "roronoa zo"):
        expected = [(hit.entry.name, hit.confidence) for hit in index.find(query)]
        ranked = page.evaluate(RANKED, [script, names, query])
        assert [tuple(r) for r in ranked] == expected, query
    page.close()


def test_the_static_results_say_the_language_in_words_and_mark_the_name(browser, static_host: str) -> None:
    page = _search(browser, f"{static_host}/prices", "all", "テストモン船長")
    _found(page)
    link = page.locator("a[href='/product/op-op01-001-ja']")
    row = page.locator("#static-results tbody tr", has=link)
    assert row.locator("th a").get_attribute("lang") == "ja"
    assert row.locator("td").nth(2).inner_text() == "Japanese (ja)"
    page.close()


def test_with_the_app_the_form_is_submitted_to_the_search_page(browser, served: str) -> None:
    app_host = served  # the app under uvicorn (tests/surfaces/conftest.py)
    page = _search(browser, f"{app_host}/prices/op", "lor", "heros")
    page.wait_for_url(f"{app_host}/prices/search?game=lor&q=heros", timeout=20_000)
    assert page.locator("main table a[href='/product/lor-1-1-fr']").count() == 1  # the app's own answer
    assert page.inner_text("#static-results") == ""
    page.close()
