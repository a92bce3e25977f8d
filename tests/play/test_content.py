"""Rules as data: counts the spec fixes, links that resolve, citations everywhere, and worked
examples that agree with the real cards and the deck validator."""

from __future__ import annotations

import re
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
import yaml
from jinja2 import Environment, FileSystemLoader, select_autoescape

from generator.models.onepiece import OnePieceCard
from generator.play.rulebook.models import CONTENT_DIR, load_play_content
from generator.site import load_site
from generator.surfaces.families import surfaces
from generator.surfaces.play import play_data as play

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "state" / "catalog.duckdb"
REGISTRY = surfaces(load_site())
RULE = re.compile(r"^\d+(-\d+)*$")
SECTIONS = [
    "the-game-and-how-to-win",
    "cards-and-zones",
    "set-up-and-mulligan",
    "turn-structure",
    "don",
    "playing-cards",
    "battle",
    "keywords",
    "deck-construction-bans-and-rotation",
]
TERMS = {  # id: (English token, Japanese, romaji)
    "don": ("DON!!", "ドン!!", "don"),
    "leader": ("Leader", "リーダー", "riidaa"),
    "life": ("Life", "ライフ", "raifu"),
    "counter": ("Counter", "カウンター", "kauntaa"),
    "trigger": ("Trigger", "トリガー", "torigaa"),
    "active": ("Active", "アクティブ", "akutibu"),
    "rested": ("Rested", "レスト", "resuto"),
    "trash": ("Trash", "トラッシュ", "torasshu"),
    "blocker": ("Blocker", "ブロッカー", "burokkaa"),
    "rush": ("Rush", "速攻", "sokkou"),
    "draw-phase": ("Draw Phase", "ドローフェイズ", "doroo feizu"),
    "color": ("Color", "色", "iro"),
}
F_FAMILY = {
    ("GET", "/api/v1/play/tutorial"),
    ("GET", "/api/v1/play/tutorial/{section_id}"),
    ("GET", "/api/v1/play/glossary"),
    ("GET", "/api/v1/play/glossary/{term_id}"),
    ("GET", "/api/v1/play/index.json"),
    ("GET", "/api/v1/play/example-match"),
    ("GET", "/api/v1/play/archetypes"),
    ("GET", "/api/v1/play/game-state-schema"),
    ("GET", "/api/v1/play/effect-grammar"),
    ("GET", "/api/v1/play/meta"),
    ("POST", "/api/v1/play/deck/validate"),
    ("POST", "/api/v1/play/practice"),
    ("GET", "/play/spec"),
}


@pytest.fixture(scope="module")
def content():
    return load_play_content()


def test_nine_sections_in_teaching_order(content):
    assert [s["id"] for s in play.tutorial(content)["sections"]] == SECTIONS


def test_twelve_terms_with_their_japanese_forms(content):
    terms = play.glossary(content)["terms"]
    assert {t["id"]: (t["token"], t["japanese"]["text"], t["japanese"]["romaji"]) for t in terms} == TERMS


@pytest.mark.parametrize(
    "call, known",
    [
        (lambda content: play.tutorial_section(content, "rules-of-the-sea"), SECTIONS),
        (lambda content: play.glossary_term(content, "haki"), list(TERMS)),
    ],
)
def test_unknown_ids_list_the_known_ones(call, known, content):
    with pytest.raises(play.NotFound) as caught:
        call(content)
    body = caught.value.body()
    assert body["known_ids"] == known
    assert set(body["error"]) == {"code", "message"} and body["error"]["code"] == "not_found"


def test_prev_next_walk_the_whole_tutorial(content):
    pages = [play.tutorial_section(content, s) for s in SECTIONS]
    for i, page in enumerate(pages):
        assert page["index_in_order"] == i + 1 and page["section_count"] == 9
        assert page["is_first"] is (i == 0) and page["is_last"] is (i == 8)
        assert page["prev"] == (
            None
            if i == 0
            else {
                "id": SECTIONS[i - 1],
                "title": pages[i - 1]["title"],
                "href": f"/api/v1/play/tutorial/{SECTIONS[i - 1]}",
            }
        )
        assert (page["next"] or {}).get("id") == (SECTIONS[i + 1] if i < 8 else None)


def test_every_link_resolves(content):
    """Every href a section or term hands out is a page this module answers."""
    answered = {f"/api/v1/play/tutorial/{s}" for s in SECTIONS} | {path for _, path in F_FAMILY}
    answered |= {f"/api/v1/play/glossary/{t}" for t in TERMS}
    pages = [play.tutorial_section(content, s) for s in SECTIONS]
    pages += [play.glossary_term(content, t) for t in TERMS]
    hrefs = [x["href"] for p in pages for x in p["see_also"]]
    hrefs += [x["href"] for p in pages for x in p.get("glossary_links", []) + p.get("related_terms", [])]
    hrefs += [p["introduced_in"]["href"] for p in pages if "introduced_in" in p]
    assert hrefs and set(hrefs) <= answered
    assert {p["introduced_in"]["id"] for p in pages if "introduced_in" in p} <= set(SECTIONS)


def test_rules_cited_everywhere(content):
    cited = []
    for s in content.tutorial.sections:
        cited.append(s.rules_cited)
        structure = s.rule_structure
        items = (*structure.preconditions, *structure.transitions, *structure.outcomes)
        cited += [i.rules_cited for i in items]
        cited += [e.rules_cited for e in s.worked_examples] + [d.rules_cited for d in s.spec_differences]
    for t in content.glossary.terms:
        cited += [t.rules_cited] + [f.rules_cited for f in t.definition.facts]
    assert all(c and all(RULE.match(r) for r in c) for c in cited)


def test_spec_differences_are_stated(content):
    by_id = {s.id: s for s in content.tutorial.sections}
    battle = " ".join(d.rules_say + d.we_follow for d in by_id["battle"].spec_differences)
    assert "five steps" in battle and "greater than or equal" in battle and "strictly more" in battle
    assert "nine areas" in by_id["cards-and-zones"].spec_differences[0].rules_say
    assert "seven keyword effects" in by_id["keywords"].spec_differences[0].rules_say


def test_every_section_is_tagged_and_has_examples(content):
    for s in content.tutorial.sections:
        assert s.worked_examples and set(s.player_kinds) == {"human", "agent"}
        assert s.rule_structure.preconditions and s.rule_structure.transitions and s.rule_structure.outcomes


def test_dangling_reference_refuses_to_load(tmp_path):
    broken = tmp_path / "play"
    shutil.copytree(CONTENT_DIR, broken)
    glossary = yaml.safe_load((broken / "glossary.yaml").read_text(encoding="utf-8"))
    glossary["terms"][0]["introduced_in"] = "no-such-section"
    (broken / "glossary.yaml").write_text(yaml.safe_dump(glossary, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ValueError, match="no-such-section"):
        load_play_content(broken)


def test_archetypes_and_the_financial_boundary(content):
    data = play.archetypes(content, REGISTRY)
    assert [a["id"] for a in data["archetypes"]] == ["hobbyist", "collector", "competitor"]
    boundary = data["financial_boundary"]
    flags = ("touches_money", "stores_anything", "rewards_possible", "mints_identity")
    assert not any(boundary[k] for k in flags)
    assert len(boundary["applies_to"]) == 13


def test_play_index_is_the_f_family(content):
    data = play.play_index(content, REGISTRY)
    assert {(r["method"], r["path"]) for r in data["resources"]} == F_FAMILY
    assert sum(data["status_counts"].values()) == 13


def test_play_spec_page_renders_every_row(content):
    data = play.play_spec(content, REGISTRY)
    assert data["layer_count"] == 7 and data["row_count"] == 28
    assert all(len(layer["rows"]) == 4 for layer in data["layers"])
    env = Environment(loader=FileSystemLoader(ROOT / "templates"), autoescape=select_autoescape(["html"]))
    html = env.get_template("play/spec.html").render(**data)
    assert html.startswith("<!doctype html>") and '<html lang="en">' in html
    assert html.count('<th scope="row">') == 28 and html.count('scope="colgroup"') == 7
    assert '<a href="/api/v1/play/tutorial/battle">' in html


def test_meta_is_empty_and_says_why(content):
    data = play.meta(content, datetime(2026, 5, 1, tzinfo=UTC))
    assert data["as_of"] == "2026-05-01T00:00:00Z" and data["data_window"] is None
    assert data["tiers"] == data["recent_winners"] == data["circuit_links"] == []
    assert "no tournament-results source" in data["reason"].lower()


def _card(card_id: str, effect: str | None, trigger: str | None = None) -> OnePieceCard:
    return OnePieceCard(
        card_id=card_id,
        name=card_id,
        category="Character",
        colors=("Red",),
        cost=1,
        power=1000,
        counter=None,
        life=None,
        attributes=(),
        types=(),
        effect=effect,
        trigger=trigger,
        block=3,
        rarity="C",
        skus=(),
    )


def test_effect_grammar_counts_cards_not_occurrences(content):
    cards = [
        _card("TS01-001", "[On Play] [On Play] K.O. up to 1 of your opponent's Characters."),
        _card("TS01-002", "[Blocker] (After your opponent declares an attack...)", "Play this card."),
        _card("TS01-003", None),
    ]
    data = play.effect_grammar(content, cards)
    count = {i["id"]: i["cards"] for key in ("markers", "keyword_effects", "targeting_phrases") for i in data[key]}
    assert count["on-play"] == 1 and count["blocker"] == 1 and count["trigger"] == 1
    assert count["opponents-characters"] == 1 and count["rush"] == 0
    assert data["cards_with_text"] == 2 and data["counts"]["keyword_effects"] == 7


@pytest.mark.real_data
def test_effect_grammar_over_the_real_cards(real_cards, content):
    data = play.effect_grammar(content, real_cards)
    assert data["cards_with_text"] > 2000
    for key in ("keyword_effects", "effect_categories", "targeting_phrases"):
        assert all(item["cards"] > 0 for item in data[key]), key


@pytest.mark.real_data
def test_worked_examples_use_real_cards_at_their_real_power(real_cards, content):
    for section in content.tutorial.sections:
        for example in section.worked_examples:
            state = example.state_before
            if state.kind != "game":
                continue
            for name in ("p1", "p2"):
                side = getattr(state, name)
                if side is None:
                    continue
                listed = [*(side.hand or ()), *(side.trash or ()), *(side.life_top or ())]
                assert all(c in real_cards for c in listed), (example.id, listed)
                for card in [x for x in (side.leader, side.stage) if x] + list(side.characters or ()):
                    real = real_cards[card.card]
                    in_battle = state.battle_step in ("counter", "damage")
                    countered = in_battle and state.target == f"{name}:leader"  # counters applied
                    if card.power is None or countered or card is side.stage:
                        continue
                    don = (card.don or 0) * 1000 if name == state.turn_player else 0
                    assert card.power == real.power + don, (example.id, card.card)
