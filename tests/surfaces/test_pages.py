"""The reader pages of family C through the app: each shows its JSON sibling's data, links it as
rel=alternate, parses as HTML, and every link on it answers."""

from __future__ import annotations

import re

import pytest
from html_links import Links

PAGES = {
    "/prices": "/api/v1/universal/games",
    "/prices/op": "/api/v1/prices/games/op",
    "/prices/op/op01": "/api/v1/prices/games/op/sets/op01",
    "/prices/coverage": "/api/v1/coverage",
    "/intro": "/api/v1/introduction",
    "/welcome-all": "/api/v1/welcomes",
    "/graph": "/api/v1/graph",
    "/agents": "/api/v1/agents/notes",
    "/agents/guides": "/api/v1/guides",
}


@pytest.mark.parametrize(("page", "sibling"), PAGES.items())
def test_a_page_renders_its_siblings_data_and_every_link_answers(ask, page: str, sibling: str) -> None:
    response = ask("GET", page)
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    if page.startswith("/prices") and page != "/prices/coverage":
        assert "Prices are withheld" in response.text  # visibly, with the reason
    parser = Links()
    parser.feed(response.text)
    assert parser.open == [], f"unclosed: {parser.open}"
    assert f'<link rel="alternate" type="application/json" href="{sibling}">' in response.text
    for href in parser.hrefs:
        if href.startswith("/"):
            assert ask("GET", href).status_code in (200, 402, 418, 503), f"{page} -> {href}"  # documented answers
    data = ask("GET", sibling).json()["data"]
    pick = {
        "/prices": lambda data: [g["name"] for g in data.get("games", [])],
        "/prices/op": lambda data: [s["name"] for s in data.get("sets", [])],
        "/prices/op/op01": lambda data: [n["name"] for n in data.get("numbers", [])],
        "/prices/coverage": lambda data: [s["source"] for s in data.get("sources", [])],
        "/intro": lambda data: [p["name"] for p in data.get("primitives", [])],
        "/welcome-all": lambda data: [w["greeting"] for w in data.get("welcomes", [])],
        "/graph": lambda data: [n["label"] for n in data.get("nodes", [])][:20],
        "/agents": lambda data: [n["title"] for n in data.get("notes", [])],
        "/agents/guides": lambda data: [g["title"] for g in data.get("guides", [])],
    }[page]
    names = pick(data)
    assert names
    for name in names:
        assert re.sub(r"[&<>\"']", "", name) in re.sub(r"&\w+;|&#\d+;", "", response.text), name


def test_the_search_page_works_from_the_url_without_javascript(ask) -> None:
    form = ask("GET", "/prices/search").text
    assert '<form class="search-page" action="/prices/search" method="get" role="search"' in form
    assert "<table>" not in form
    results = ask("GET", "/prices/search?game=op&q=OP01-001").text
    for sku in ("op-op01-001-en", "op-op01-001-en-p1", "op-op01-001-ja"):
        assert f"<code>{sku}</code>" in results
    assert 'value="OP01-001"' in results and '<option value="op" selected>' in results
    ambiguous = ask("GET", "/prices/search?game=op&q=001").text
    assert "say which set" in ambiguous
    for blank_q in ("", "%20%20"):  # the page admits a blank form; the search it asks for does not
        blank = ask("GET", f"/prices/search?game=op&q={blank_q}")
        assert blank.status_code == 200 and 'role="alert"' in blank.text  # the form again, with the reason
        assert "/api/v1/search/cards?" not in blank.text  # and no link to a search that would be refused


def test_the_search_page_searches_every_game_without_a_game(ask) -> None:
    """No ``game`` (or ``game=all``, the header's default) searches every game; a game narrows it."""
    everywhere = ask("GET", "/prices/search?q=testmon")
    assert everywhere.status_code == 200 and '<option value="all" selected>All games</option>' in everywhere.text
    for game in ("op", "ptcg", "fab", "lor"):
        assert f"<br><code>{game}-" in everywhere.text, game  # every game's Testmon cards are listed
    assert ask("GET", "/prices/search?game=all&q=testmon").text.count("<tr>") == everywhere.text.count("<tr>")
    one = ask("GET", "/prices/search?game=lor&q=testmon").text
    assert "<br><code>lor-1-1-fr</code>" in one and "<br><code>op-" not in one
    assert 'href="/api/v1/search/cards?game=lor&amp;q=testmon"' in one  # one game: its JSON twin
    assert "/api/v1/search/cards?" not in everywhere.text  # all games: no single JSON twin


def test_an_unknown_game_is_a_400_page_like_the_json_twin(ask) -> None:
    page = ask("GET", "/prices/search?game=zz&q=1", headers={"Accept": "text/html"})
    assert page.status_code == 400 and page.headers["content-type"].startswith("text/html")
    assert "one of: all, op, ptcg, fab, lor" in page.text
    assert ask("GET", "/api/v1/search/cards?game=zz&q=1").status_code == 400


def test_a_search_that_finds_nothing_says_what_a_query_can_be(ask) -> None:
    one = ask("GET", "/prices/search?game=fab&q=captain").text
    assert "No card matched." in one and "<code>OP01-001</code>" in one and "<table>" not in one
    assert '<a href="/prices/search?game=all&amp;q=captain" data-all-games>Try all games</a>' in one
    everywhere = ask("GET", "/prices/search?q=zzzz").text
    assert "No card matched." in everywhere and "Try all games</a></p>\n</div>\n</template>" in everywhere
    assert everywhere.count("Try all games") == 1  # only the static search's template keeps the link


def test_the_header_search_offers_all_games_selected_by_default(ask) -> None:
    page = ask("GET", "/prices/op").text
    header = page[page.index('<form class="search"') : page.index("</form>")]
    assert '<option value="all" selected>All games</option>' in header and "data-search" in header
    assert header.count(" selected") == 1
    assert '<script type="module" src="/assets/search.' in page


def test_the_validator_checks_a_sku_and_a_hash_from_the_url(ask) -> None:
    valid = ask("GET", "/standards/validator?sku=op-op01-001-en").text
    assert "A valid SKU." in valid and 'href="/product/op-op01-001-en"' in valid
    upper = ask("GET", "/standards/validator?sku=OP-OP01-001-EN").text
    assert "Not a valid SKU" in upper and "In lower case it would be &#39;op-op01-001-en&#39;" in upper
    unknown = ask("GET", "/standards/validator?sku=op-op01-999-en").text
    assert "no such printing is listed" in unknown
    digest = ask("GET", "/api/v1/universal/card/op-op01-001-en").json()["data"]["@content_hash"]
    found = ask("GET", f"/standards/validator?hash={digest.upper().replace('SHA256:', '')}").text
    assert 'href="/product/op-op01-001-en"' in found
    assert "Not a content hash" in ask("GET", "/standards/validator?hash=xyz").text
    assert "no printing of this catalog has" in ask("GET", "/standards/validator?hash=" + "0" * 64).text


def test_the_bridge_page_measures_from_the_url_and_keeps_nothing_shared(ask) -> None:
    form = ask("GET", "/bridge")
    assert form.status_code == 200 and 'name="a"' in form.text and "bridge_score" not in form.text
    answer = ask("GET", "/bridge?a=u:tidepool&b=c:op-op01")
    assert "bridge_score" in answer.text and "share of user" in answer.text
    assert answer.headers["cache-control"] == "private, no-store"
    hidden = ask("GET", "/bridge?a=u:saltmarsh&b=c:op-op01")
    assert "no public trust projection" in hidden.text


def test_the_condition_checklist_uses_the_books_grades_and_scrapers_get_the_json(ask) -> None:
    checklist = ask("GET", "/guides/condition/checklist").text
    for grade in ("mint", "near mint", "excellent", "good", "played", "poor"):
        assert f'<th scope="row">{grade}</th>' in checklist
    scrapers = ask("GET", "/scrapers").text
    assert 'href="/api/v1/manifest"' in scrapers and "RateLimit" in scrapers


def test_every_page_html_surface_checks_its_context_against_reader_page(ctx) -> None:
    """The template's context is a model like any JSON document's: a misnamed member fails the build."""
    from pydantic import ValidationError

    from generator.models.pages.reader import ReaderPage
    from generator.surfaces.pages.reader import page

    assert all(s.model is ReaderPage for s in ctx.surfaces if s.template == "page.html")
    good = page(ctx, "/intro", "/api/v1/introduction", "t", "d", [{"heading": "h", "items": []}]).data
    ReaderPage.model_validate(good)
    with pytest.raises(ValidationError):
        ReaderPage.model_validate({**good, "sections": [{"heading": "h", "itmes": []}]})


def test_the_product_page_says_what_a_variant_is(ask) -> None:
    parallel = ask("GET", "/product/op-op01-001-en-p1").text
    assert "p1 (parallel art)" in parallel
    assert "none (the base printing)" in ask("GET", "/product/op-op01-001-en").text


def test_the_game_page_gives_each_set_its_code(ask) -> None:
    """Two sets a source names alike (Lorcana's P4 and PD1 are both Cardmarket's "Promos Year 4")
    stay apart on the page: each set's line starts with its code, as its link and SKUs spell it."""
    page = ask("GET", "/prices/op").text
    codes = [s["set"] for s in ask("GET", "/api/v1/prices/games/op").json()["data"]["sets"]]
    assert codes
    assert [c for c in codes if f"set {c}:" not in page] == []
