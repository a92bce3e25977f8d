"""The site root and the changelog page (issue 32, item 4): ``/`` answers the page the site's base
URL names, linking only to what this build answers; ``/changelog`` has one section per entry."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

AUTHORED = yaml.safe_load((Path(__file__).parents[2] / "content/orientation/changelog.yaml").read_text())


def test_the_site_root_is_a_page_that_leads_to_the_api(ask) -> None:
    service = ask("GET", "/.well-known/cardpantry.json").json()
    assert service["api_root"] == service["base_url"].rstrip("/") + "/api/v1/"
    root = ask("GET", "/")
    assert root.status_code == 200 and root.headers["content-type"].startswith("text/html")
    assert f'<link rel="canonical" href="{service["base_url"]}/">' in root.text
    assert '<link rel="alternate" type="application/json" href="/api/v1/">' in root.text
    links = set(re.findall(r'<a href="([^"#]+)"', root.text))
    assert {"/api/v1/", "/api/openapi.json", "/llms.txt", "/changelog", "/api/v1/feedback"} <= links
    for link in links:  # every link of the page answers
        assert ask("GET", link).status_code == 200, link


def test_the_changelog_page_has_a_section_per_entry(ask) -> None:
    page = ask("GET", "/changelog")
    assert page.status_code == 200
    anchors = re.findall(r'<h2 id="(cl-[0-9]+)">', page.text)
    assert sorted(anchors) == sorted(e["id"] for e in AUTHORED)
    assert anchors == [e["id"] for e in sorted(AUTHORED, key=lambda e: (str(e["date"]), e["id"]), reverse=True)]
