"""An HTML route answers its errors as a reader's page on the shared layout (issue 39, item 2);
API routes keep the JSON error body."""

from __future__ import annotations

import re


def test_a_mistyped_product_is_a_404_page_suggesting_the_nearest_skus(ask) -> None:
    answer = ask("GET", "/product/op-op01-009-en", headers={"Accept": "text/html"})
    assert answer.status_code == 404 and answer.headers["content-type"].startswith("text/html")
    page = answer.text
    assert "<h1>" in page and "sku_not_found" in page and 'class="site-header"' in page
    suggested = re.findall(r'href="/product/(op-op01-\d+-en[^"]*)"', page)
    assert "op-op01-001-en" in suggested


def test_a_bad_query_on_a_page_is_a_400_page_naming_the_parameter(ask) -> None:
    answer = ask("GET", "/prices/search", params={"game": "zz", "q": "zoro"})
    assert answer.status_code == 400 and answer.headers["content-type"].startswith("text/html")
    assert "query parameter game" in answer.text and "invalid_parameter" in answer.text


def test_an_unknown_game_page_links_the_known_games(ask) -> None:
    answer = ask("GET", "/prices/zz")
    assert answer.status_code == 404 and answer.headers["content-type"].startswith("text/html")
    assert 'href="/prices/op"' in answer.text


def test_api_paths_keep_the_json_error(ask) -> None:
    answer = ask("GET", "/api/v1/universal/card/op-op01-009-en")
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "sku_not_found"
