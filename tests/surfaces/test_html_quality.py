"""Every kind of reader page, checked as a browser and a reader would (issue 12 item 3):
the Nu HTML Checker finds no error, axe-core in headless Chromium no serious or critical
violation, and no internal link on any page is broken.

vnu and Chromium are system tools: ``.ci/run`` installs them (Debian's JRE and chromium, the npm
package vnu-jar); where they are missing here the two checks that need them are skipped with the
install line, as the nginx parity test is. The link check needs nothing and always runs.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
from collections import deque
from pathlib import Path

import orjson
import pytest
from html_links import Links

ROOT = Path(__file__).resolve().parents[2]
VNU_JAR = Path(
    os.environ.get("CARDPANTRY_VNU_JAR", ROOT / ".tools" / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar")
)
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ANSWERS = (200, 402, 418, 503)


def page_kinds(dist: Path, platform) -> dict[str, str]:
    """One path per HTML surface: the first file of each, and the pages the app renders on request."""
    routes = orjson.loads((dist / "_routes.json").read_bytes())["routes"]
    kinds: dict[str, str] = {}
    for path, route in sorted(routes.items()):
        if route["type"].startswith("text/html"):
            kinds.setdefault(route["surface"], path)
    public = next(
        u.username for u in platform.rows("users") if platform.public_profile(u.username, dt.datetime.now(dt.UTC))
    )
    kinds |= {
        "pages.prices_search?q": "/prices/search?game=op&q=OP01-001",
        "pages.prices_search?all": "/prices/search?q=testmon",  # every game
        "pages.prices_search?none": "/prices/search?game=fab&q=captain",  # nothing found: the hint
        "trust.page": f"/u/{public}/trust",
        "cards.market?computed": "/cards/ptcg-tst1-1-en/market",
    }
    return kinds


@pytest.fixture(scope="module")
def kinds(small_dist: Path, small_app) -> dict[str, str]:
    found = page_kinds(small_dist, small_app.platform)
    assert {
        "pages.product",
        "pages.prices_card",
        "cards.market",
        "auctions.read",
        "signals.page",
        "datasets.page",
    } <= set(found)
    return found


def test_no_internal_link_on_any_page_is_broken(ask, kinds) -> None:
    seen, queue, checked = set(kinds.values()), deque(kinds.values()), 0
    while queue and checked < 3000:
        path = queue.popleft()
        response = ask("GET", path)
        checked += 1
        assert response.status_code in ANSWERS, path
        if not response.headers.get("content-type", "").startswith("text/html"):
            continue
        parser = Links()
        parser.feed(response.text)
        for href in parser.hrefs:
            target = href.split("#")[0]
            if target.startswith("/") and target not in seen:
                seen.add(target)
                queue.append(target)
    assert checked > 50


@pytest.mark.skipif(
    not (shutil.which("java") and VNU_JAR.is_file()),
    reason=f"needs java and {VNU_JAR} (apt-get install default-jre-headless; npm install --prefix .tools vnu-jar)",
)
def test_every_page_kind_is_valid_html(ask, kinds, tmp_path: Path) -> None:
    files = []
    for kind, path in kinds.items():
        response = ask("GET", path)
        assert response.status_code in ANSWERS, path
        files.append(tmp_path / f"{kind.replace('?', '-')}.html")
        files[-1].write_bytes(response.content)
    run = subprocess.run(
        ["java", "-jar", str(VNU_JAR), "--format", "json", "--errors-only", *map(str, files)],
        capture_output=True,
        timeout=300,
    )
    messages = orjson.loads(run.stderr or b'{"messages": []}')["messages"]
    assert messages == [], [(Path(m.get("url", "")).name, m.get("message")) for m in messages][:10]


@pytest.mark.slow
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs Chromium (apt-get install chromium)")
def test_no_serious_accessibility_violation_on_any_page_kind(served, kinds) -> None:
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import sync_playwright

    axe, found = Axe(), {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for kind, path in kinds.items():
            for scheme in ("light", "dark"):
                page = browser.new_page(viewport={"width": 390, "height": 800}, color_scheme=scheme)
                page.goto(served + path)
                violations = axe.run(page).response["violations"]
                serious = [v["id"] for v in violations if v["impact"] in ("serious", "critical")]
                if serious:
                    found[f"{kind} ({scheme})"] = serious
                page.close()
        browser.close()
    assert found == {}
