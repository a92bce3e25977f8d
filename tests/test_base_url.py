"""The base URL comes from the site config (issue 32, item 4): a build for another host writes that
host into every absolute URL (canonical links, the sitemap, robots.txt, the feed, ``_meta.kingdom.host``)
and no file the public reads says ``127.0.0.1:8000``; the app serving that build answers with it too."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import httpx
import orjson
import pytest
from pydantic import ValidationError

from generator.build import build
from generator.serve.app import App
from generator.site import BASE_URL_VARIABLE, load_site
from generator.write.manifest import load_manifest

HOST = "cards.example.org"
ELSEWHERE = f"https://{HOST}"
DEFAULT = "http://127.0.0.1:8000"
# Where the app listens is not where the public reads: the host adapters' upstream and Netlify's
# proxy target are [deploy] app_origin (and nginx's upstream block), which this test does not move.
HOST_FILES = ("_hosts/", "_redirects", "_routes.json")


@pytest.fixture
def site_for(monkeypatch):
    def load(base_url: str | None):
        if base_url is None:
            monkeypatch.delenv(BASE_URL_VARIABLE, raising=False)
        else:
            monkeypatch.setenv(BASE_URL_VARIABLE, base_url)
        load_site.cache_clear()
        return load_site()

    yield load
    monkeypatch.delenv(BASE_URL_VARIABLE, raising=False)
    load_site.cache_clear()


def test_the_host_is_the_base_urls_and_the_default_is_the_local_app(site_for) -> None:
    assert (site_for(None).base_url, site_for(None).kingdom.host) == (DEFAULT, "127.0.0.1:8000")
    assert (site_for(ELSEWHERE).base_url, site_for(ELSEWHERE).kingdom.host) == (ELSEWHERE, HOST)
    assert site_for("http://[::1]:8080").kingdom.host == "[::1]:8080"
    for bad in ("https://cards.example.org/", "cards.example.org", "https://cards.example.org/api"):
        with pytest.raises(ValidationError):
            site_for(bad)


@pytest.fixture
def dist_elsewhere(site_for, synthetic_catalog, synthetic_as_of, tmp_path: Path) -> Path:
    site_for(ELSEWHERE)
    out = tmp_path / "dist"
    build(out, synthetic_as_of, synthetic_catalog)
    site_for(None)  # the app below runs with the default config, as a host would start it
    return out


def test_a_build_for_another_host_says_so_everywhere_and_the_app_follows(dist_elsewhere: Path) -> None:
    manifest = load_manifest(dist_elsewhere)
    assert manifest is not None and manifest["base_url"] == ELSEWHERE
    stale = [
        rel
        for path in dist_elsewhere.rglob("*")
        if path.is_file()
        and path.suffix not in (".gz", ".br")
        and not (rel := path.relative_to(dist_elsewhere).as_posix()).startswith(HOST_FILES)
        and b"127.0.0.1:8000" in path.read_bytes()
    ]
    assert stale == []
    sitemap = (dist_elsewhere / "sitemap.xml").read_text()
    locs = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    assert locs and all(loc.startswith(ELSEWHERE + "/") for loc in locs)
    assert f"Sitemap: {ELSEWHERE}/sitemap.xml" in (dist_elsewhere / "robots.txt").read_text()
    assert f'<link rel="canonical" href="{ELSEWHERE}/">' in (dist_elsewhere / "index.html").read_text()
    games = orjson.loads((dist_elsewhere / "api/v1/universal/games.json").read_bytes())
    assert games["_meta"]["kingdom"]["host"] == HOST

    app = App(dist_elsewhere)
    assert app.site.base_url == ELSEWHERE and load_site().base_url == DEFAULT

    async def ask(path: str) -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client:
            return await client.get(path)

    computed = asyncio.run(ask("/api/v1/no/such/thing")).json()  # the app's own answer, not a file
    assert computed["_meta"]["kingdom"]["host"] == HOST
    atom = asyncio.run(ask("/api/v1/changelog?format=atom")).text  # a query variant: computed
    assert f'href="{ELSEWHERE}/changelog#cl-001"' in atom and DEFAULT not in atom
