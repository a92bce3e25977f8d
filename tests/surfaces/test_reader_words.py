"""Reader pages say things in words (issue 39, "What was found"): a set's price guide names each
number's printings by language and variant, not as a run of SKU codes; variants read as what they
are; the signals page titles each point of how it works by what it says."""

from __future__ import annotations

import re

import lxml.html
import pytest

from generator.surfaces.pages.card_facts import printings_in_words, rarity_text
from generator.surfaces.pages.languages import language_name
from generator.surfaces.pages.variant_words import token_and_words, variant_words

SKU = re.compile(r"\b(op|ptcg|fab|lor)-[a-z0-9]+-[a-z0-9!?]+-[a-z]{2}\b")


@pytest.mark.parametrize(
    ("game", "token", "words"),
    [
        ("op", None, "base"),
        ("op", "p1", "parallel art"),
        ("op", "p2", "parallel art 2"),
        ("op", "p11", "parallel art 11"),
        ("op", "asiar1", "Asia English, reprint art"),
        ("fab", "as", "Alpha"),
        ("fab", "ucea", "Unlimited, Cold Foil, Extended Art"),
        ("fab", "nr2", "Rainbow Foil, version 2"),
        ("fab", "ncfab", "Cold Foil, Full Art, back face"),
        ("lor", "s7", "a set 7 card"),
        ("lor", "vaiana", "vaiana"),
        ("ptcg", "a1", "a1"),
    ],
)
def test_a_variant_token_reads_as_what_it_is(game: str, token: str | None, words: str) -> None:
    assert variant_words(game, token) == words


def test_codes_stay_beside_their_words() -> None:
    assert token_and_words("fab", "as") == "as (Alpha)"
    assert token_and_words("ptcg", "a1") == "a1"
    assert language_name("ja") == "Japanese (ja)" and language_name("xx") == "xx"
    assert rarity_text("op", "SR") == "SR (Super Rare)" and rarity_text("lor", "Rare") == "Rare"
    assert rarity_text("op", None) == "not printed"


def test_a_numbers_printings_read_as_languages_and_variants() -> None:
    line = printings_in_words("op", [("en", None), ("en", "p1"), ("en", "p2"), ("en", "asia"), ("ja", None)])
    assert line == "English: base · parallel art ×2 · Asia English; Japanese"
    line = printings_in_words("op", [("en", None), ("ja", None), ("ja", "p1")])
    assert line == "English; Japanese: base · parallel art"
    assert printings_in_words("ptcg", [("en", None)]) == "English"


def test_a_sets_price_guide_lists_no_run_of_codes(ask) -> None:
    for path in ("/prices/op/op01", "/prices/fab/tfb", "/prices/lor/1"):
        page = lxml.html.fromstring(ask("GET", path).text)
        texts = [dd.text_content().strip() for dd in page.xpath("//main//dd")]
        assert texts, path
        assert not [t for t in texts if SKU.search(t)], path
        assert all(re.match(r"^(English|French|Japanese|German|Italian|Spanish|Chinese)", t) for t in texts), texts


def test_each_point_of_how_signals_work_has_its_own_title(ask) -> None:
    page = lxml.html.fromstring(ask("GET", "/signals").text)
    first = page.xpath("//section[h2[normalize-space()='What it is']]//dt")
    titles = [dt.text_content().strip() for dt in first]
    assert len(titles) >= 3 and len(set(titles)) == len(titles) and "How" not in titles


def test_the_search_page_says_variants_in_words_and_the_game_only_across_games(ask) -> None:
    one = lxml.html.fromstring(ask("GET", "/prices/search?game=op&q=OP01-001").text)
    assert one.xpath("//main//table//th[@scope='col']/text()") == [
        "Card",
        "Set and number",
        "Language",
        "Confidence",
    ]
    assert "op01 001, p1 (parallel art)" in one.xpath("//main//table//td/text()")
    caption = one.xpath("//main//caption")[0].text_content()
    every = lxml.html.fromstring(ask("GET", "/prices/search?q=testmon").text)
    assert "Game" in every.xpath("//main//table//th[@scope='col']/text()")
    assert "say which set" not in caption + every.xpath("//main//caption")[0].text_content()  # names, not numbers
    ambiguous = lxml.html.fromstring(ask("GET", "/prices/search?game=op&q=001").text)
    assert ambiguous.xpath("//main//caption")[0].text_content().count("say which set") == 1
