"""A printing's name is marked with its language on every reader page that shows it (issue 39):
the pages are ``lang="en"``, and a Japanese or Chinese name left as English is drawn with the wrong
glyph forms and read aloud by an English voice (``generator/surfaces/pages/languages.py``).

Checked on the real catalog, for real printings of every CJK language it holds (One Piece and
Lorcana in Japanese, Lorcana in Chinese, whose printings are in simplified characters), and on the
synthetic build through the app (the French Lorcana printing, and an English one that needs no mark).
"""

from __future__ import annotations

from typing import Any

import lxml.html
import orjson
import pytest

from generator.surfaces.catalog import prices
from generator.surfaces.pages.languages import in_language, lang_attribute, language_tag
from generator.web.respond import respond
from generator.web.surface import Context

CJK = {"ja", "zh", "ko"}
SAMPLES = 3  # real printings per game and language: the first in catalog order with a name


def test_a_code_is_its_own_tag_but_chinese_is_written_in_simplified_characters() -> None:
    assert [language_tag(code) for code in ("en", "ja", "fr", "de", "it", "es", "zh")] == [
        "en",
        "ja",
        "fr",
        "de",
        "it",
        "es",
        "zh-Hans",
    ]
    assert lang_attribute("en") is None and lang_attribute("zh") == "zh-Hans"
    assert in_language("Ariel", "en") == {"label": "Ariel", "href": None}  # English: the page's own
    assert in_language("爱丽儿", "zh", "/x") == {"label": "爱丽儿", "href": "/x", "lang": "zh-Hans"}


def _page(ctx: Context, surface_id: str, params: dict[str, str], query: dict[str, str] | None = None):
    surface = next(s for s in ctx.surfaces if s.id == surface_id)
    rendered = respond(surface, ctx, params, query or {}, surface.concrete(params))
    assert rendered.status == 200 and rendered.media_type.startswith("text/html"), (surface_id, params)
    return lxml.html.fromstring(rendered.body)


def _marked(tree: Any, name: str) -> set[str | None]:
    """The ``lang`` of each element in <main> whose whole text is ``name`` (the nearest one up)."""
    found = set()
    for element in tree.xpath("//main//*[normalize-space(text())=$name]", name=name):
        holder = next(e for e in element.iterancestors() if e.get("lang")) if not element.get("lang") else element
        found.add(holder.get("lang"))
    return found


def _cjk_printings(ctx: Context) -> list[Any]:
    chosen, counted = [], {}
    for printing in ctx.snapshot.printings():
        key = (printing.game, printing.lang)
        if printing.lang in CJK and printing.name and counted.get(key, 0) < SAMPLES:
            counted[key] = counted.get(key, 0) + 1
            chosen.append(printing)
    return chosen


@pytest.mark.real_data
def test_the_real_catalog_holds_japanese_and_simplified_chinese_printings(real_ctx) -> None:
    held = {(p.game, p.lang) for p in _cjk_printings(real_ctx)}
    assert held == {("op", "ja"), ("lor", "ja"), ("lor", "zh")}
    ariel = real_ctx.snapshot.printing("lor-1-1-zh")
    assert ariel is not None and ariel.name.startswith("爱丽儿")  # simplified; traditional is 愛麗兒


@pytest.mark.real_data
def test_every_page_that_shows_a_cjk_printings_name_marks_its_language(real_ctx) -> None:
    """Product, card number, set guide, market and search pages: the name's element carries the tag,
    and the page itself stays English."""
    printings = _cjk_printings(real_ctx)
    assert len(printings) >= 9
    for p in printings:
        tag = language_tag(p.lang)
        where = {"game": p.game, "set": p.set_code, "number": p.number}
        pages = {
            "product": _page(real_ctx, "pages.product", {"sku": p.sku}),
            "market": _page(real_ctx, "cards.market", {"sku": p.sku}),
            "number": _page(real_ctx, "pages.prices_card", where),
        }
        for kind, tree in pages.items():
            assert tree.get("lang") == "en", kind
            assert _marked(tree, p.name) == {tag}, (kind, p.sku, p.name)
        for kind in ("product", "market"):
            heading = pages[kind].xpath("//h1/span")
            assert heading and heading[0].text == p.name and heading[0].get("lang") == tag, (kind, p.sku)
        search = _page(real_ctx, "pages.prices_search", {}, {"game": p.game, "q": p.name})
        link = search.xpath("//main//table//a[@href=$href]", href=f"/product/{p.sku}")
        assert link and link[0].get("lang") == tag, p.sku
        cells = [td.text_content() for td in link[0].getparent().getparent().xpath("td")]
        assert {"ja": "Japanese (ja)", "zh": "Chinese (zh)"}[p.lang] in cells and p.lang not in cells


@pytest.mark.real_data
def test_a_sets_price_guide_marks_each_numbers_name_in_its_language(real_ctx) -> None:
    """Each number is listed by its first printing's name (``prices.price_set``), marked with that
    printing's language: in every set of One Piece and Lorcana, and some of them are not English."""
    marked = 0
    for game in ("op", "lor"):
        for card_set in real_ctx.snapshot.sets_of_game(game):
            where = {"game": game, "set": card_set.set_code}
            links = _page(real_ctx, "pages.prices_set", where).xpath("//main//dt/a")
            numbers = prices.price_set(real_ctx, where, {}).data["numbers"]
            assert [a.get("lang") for a in links] == [lang_attribute(n["printings"][0]["lang"]) for n in numbers]
            marked += sum(a.get("lang") is not None for a in links)
    assert marked > 0


def test_the_apps_pages_mark_a_french_name_and_leave_an_english_one(ask) -> None:
    french = lxml.html.fromstring(ask("GET", "/product/lor-1-1-fr").text)
    assert french.xpath("//h1/span[@lang='fr']/text()") == ["Testmon Héros - Cœur Vaillant"]
    assert french.xpath("//p[@class='lede']/span[@lang='fr']/text()") == ["Testmon Héros - Cœur Vaillant"]
    english = lxml.html.fromstring(ask("GET", "/product/lor-1-1-en").text)
    assert english.xpath("//h1/*") == [] and english.xpath("//h1/text()")[0].startswith("Testmon Hero")
    marked = english.xpath("//main//*[@lang]")  # only the French printing, among its siblings
    assert [(e.tag, e.get("lang"), e.text) for e in marked] == [("span", "fr", "Testmon Héros - Cœur Vaillant")]
    found = lxml.html.fromstring(ask("GET", "/prices/search?q=coeur%20vaillant").text)
    assert found.xpath("//main//table//a[@lang='fr']/@href") == ["/product/lor-1-1-fr"]
    assert "French (fr)" in found.xpath("//main//table//td/text()")
    written = found.xpath("//script[@id='search-languages']/text()")
    assert orjson.loads(str(written[0]))["zh"] == {"words": "Chinese (zh)", "lang": "zh-Hans"}


def test_an_auction_of_a_french_printing_marks_its_name(ask) -> None:
    market = lxml.html.fromstring(ask("GET", "/cards/lor-1-1-fr/market").text)
    read = market.xpath("//main//a[starts-with(@href, '/auctions/')]/@href")
    assert read, "the synthetic sample auctions lor-1-1-fr"
    page = lxml.html.fromstring(ask("GET", str(read[0])).text)
    assert page.xpath("//h1/span[@lang='fr']/text()") == ["Testmon Héros - Cœur Vaillant"]
