"""Set names and dates over the real catalog: every authored fact (``content/set_facts.yaml``) lands
on a set the upstreams print, fills only what they leave empty, and is published with its citation.

The expectations come from the content file, not from this test: what it dates or names must be
dated or named in the catalog with that source, and nothing else gains a citation. Built by the
``real_ingest`` fixture; skipped, with the reason, without ``CARDPANTRY_MIRROR``.
"""

from __future__ import annotations

import pytest

from generator.catalog import queries
from generator.catalog.load import CONTENT
from generator.content.set_facts import load_set_facts
from generator.surfaces.catalog.links import published_name
from generator.surfaces.catalog.universal_sets import _set_entry

pytestmark = pytest.mark.real_data


@pytest.fixture(scope="module")
def catalog(real_ingest):
    with queries.connect(real_ingest.catalog) as con:
        sets = {(s.game, s.set_code): s for s in queries.sets(con)}
        games = {g.game: g for g in queries.games(con)}
        disagreements = con.execute("SELECT * FROM set_fact_disagreements").fetchall()
    return sets, games, disagreements


@pytest.fixture(scope="module")
def facts():
    return load_set_facts(CONTENT)


def test_every_fact_is_about_a_set_the_upstreams_print(catalog, facts):
    sets, _, _ = catalog
    assert [f.key for f in facts.sets if (f.game, f.set) not in sets] == []


def test_no_fact_contradicts_an_upstream_but_to_correct_it(catalog, facts):
    """The only disagreements are the names a fact corrects (fab-amx's "Amory"), published beside."""
    sets, _, disagreements = catalog
    corrections = [
        (f.game, f.set, "name", f.name.corrects, f.name.value) for f in facts.sets if f.name and f.name.corrects
    ]
    assert [row[:5] for row in disagreements] == corrections
    for game, code, _, upstream, value in corrections:
        assert (sets[(game, code)].name, sets[(game, code)].name_upstream) == (value, upstream)


def test_a_dated_fact_dates_its_set_and_the_document_cites_it(catalog, facts):
    sets, _, _ = catalog
    for fact in (f for f in facts.sets if f.first):
        card_set = sets[(fact.game, fact.set)]
        source = facts.source(fact.first.sources[0])
        assert (card_set.release_date, card_set.released_market) == (fact.first.date, fact.first.market), fact.key
        cited = _set_entry(card_set)["released_at_source"]
        assert (cited["url"], cited["title"], cited["market"]) == (str(source.url), source.title, fact.first.market)


def test_a_named_fact_names_its_set_and_the_document_cites_it(catalog, facts):
    sets, _, _ = catalog
    for fact in (f for f in facts.sets if f.name):
        entry = _set_entry(sets[(fact.game, fact.set)])
        assert (entry["name"], entry["name_source"]["url"]) == (
            fact.name.value,
            str(facts.source(fact.name.sources[0]).url),
        ), fact.key


def test_only_facts_bring_one_piece_dates_and_first_seen_follows(catalog, facts):
    """One Piece's upstreams date nothing: its dated sets are exactly the dated facts."""
    sets, games, _ = catalog
    dated = sorted(code for (game, code), s in sets.items() if game == "op" and s.release_date)
    assert dated == sorted(f.set for f in facts.sets if f.game == "op" and f.first)
    assert games["op"].first_seen == min(f.first.date for f in facts.sets if f.game == "op" and f.first)


def test_lorcana_sets_ten_to_thirteen_are_named_and_dated(catalog):
    """The issue's unnamed, undated Lorcana sets a source names and dates."""
    sets, _, _ = catalog
    numbered = [sets[("lor", code)] for code in ("10", "11", "12", "13")]
    assert [s.set_code for s in numbered if published_name(s) is None or s.release_date is None] == []


def test_every_set_of_the_four_games_has_a_name(catalog):
    """The issue's acceptance: no set goes unnamed (its code standing in) in any game."""
    sets, _, _ = catalog
    assert {s.game for s in sets.values()} == {"fab", "lor", "op", "ptcg"}
    assert sorted(f"{g}-{c}" for (g, c), s in sets.items() if published_name(s) is None) == []


def test_every_one_piece_product_is_dated(catalog):
    """Every One Piece set is dated but `p`, the running series of promotion cards, which no single
    day releases."""
    sets, _, _ = catalog
    assert sorted(c for (g, c), s in sets.items() if g == "op" and s.release_date is None) == ["p"]
