"""Whole-card behaviour of the effect compiler: keywords, optional effects, nested actions, the
[Trigger] compiled apart, partial cards reported honestly, and JSON round trips. Synthetic text
only."""

from __future__ import annotations

import pytest
from effect_text import DRAW1, OPP1, SELF, E, T, card
from pydantic import ValidationError

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_all, compile_card

KEYWORD_CASES = [
    ("[Rush] (This card can attack on the turn in which it is played.)", ("Rush",)),
    ("[Rush: Character] (This card can attack Characters on the turn in which it is played.)", ("Rush: Character",)),
    (
        "[Blocker] (After your opponent declares an attack, you may rest this card to make it the new"
        " target of the attack.)",
        ("Blocker",),
    ),
    (
        "[Double Attack] (This card deals 2 damage.)\n[Banish] (When this card deals damage, the"
        " target card is trashed without activating its Trigger.)",
        ("Banish", "Double Attack"),
    ),
    ("[Unblockable] (This card cannot be blocked.)", ("Unblockable",)),
    ("This Character gains [Blocker].", ("Blocker",)),
]


@pytest.mark.parametrize("text, keywords", KEYWORD_CASES)
def test_keywords(text, keywords):
    compiled = compile_card(card(text))
    assert compiled.complete and compiled.keywords == keywords and compiled.effects == ()


def test_conditional_keyword_stays_an_effect():
    compiled = compile_card(card("[DON!! x1] This Character gains [Rush]."))
    assert compiled.keywords == ()
    assert compiled.effects == (
        E("static", m.GainKeyword(target=SELF, keyword="Rush", duration="continuous"), don_requirement=1),
    )


def test_keyword_line_beside_an_effect():
    compiled = compile_card(card("[Blocker]\n[On Play] Draw 1 card."))
    assert compiled.keywords == ("Blocker",) and compiled.effects == (E("on_play", DRAW1),)


SENTENCE_CASES = [
    ("you_may", "[On Play] You may draw 1 card.", E("on_play", DRAW1, optional=True)),
    (
        "if_you_do",
        "[On Play] Draw 1 card. Then, you may trash 1 card from your hand. If you do,"
        " K.O. up to 1 of your opponent's Characters with a cost of 2 or less.",
        E("on_play", DRAW1, m.May(actions=(m.TrashFromHand(n=1), m.KO(target=T("opponent_character", max_cost=2))))),
    ),
    (
        "then_if",
        "[On Play] Draw 1 card. Then, if you have 2 or less Life cards, draw 1 card.",
        E(
            "on_play",
            DRAW1,
            m.If(conditions=(m.CountCondition(zone="life", compare="at_most", n=2),), actions=(DRAW1,)),
        ),
    ),
    (
        "trailing_if",
        "[When Attacking] Draw 1 card if you have 3 or less cards in your hand.",
        E(
            "when_attacking",
            m.If(conditions=(m.CountCondition(zone="hand", compare="at_most", n=3),), actions=(DRAW1,)),
        ),
    ),
    (
        "two_conditions",
        "[On Play] If your Leader has the {Test Crew} type and you have 1 or less Life cards, draw 1 card.",
        E(
            "on_play",
            m.If(
                conditions=(
                    m.LeaderHasType(types=("Test Crew",)),
                    m.CountCondition(zone="life", compare="at_most", n=1),
                ),
                actions=(DRAW1,),
            ),
        ),
    ),
    (
        "and_clauses",
        "[On Play] Draw 2 cards and trash 1 card from your hand.",
        E("on_play", m.Draw(n=2), m.TrashFromHand(n=1)),
    ),
    (
        "keyword_and_power",
        "[On Play] This Character gains [Rush] and +1000 power during this turn.",
        E(
            "on_play",
            m.GainKeyword(target=SELF, keyword="Rush", duration="this_turn"),
            m.Power(target=SELF, amount=1000, duration="this_turn"),
        ),
    ),
    (
        "choose_one",
        "[Main] Choose one:\n• Draw 1 card.\n• Give up to 1 of your opponent's"
        " Characters -1000 power during this turn.",
        E("main", m.ChooseOne(options=((DRAW1,), (m.Power(target=OPP1, amount=-1000, duration="this_turn"),)))),
    ),
    (
        "opponent_chooses",
        "[Main] Your opponent chooses one:\n- Draw 1 card.\n- Draw 2 cards.",
        E("main", m.ChooseOne(chooser="opponent", options=((DRAW1,), (m.Draw(n=2),)))),
    ),
    (
        "if_then_may",
        "[On Play] Draw 1 card. Then, if you have 2 or less Life cards, you may draw 1 card.",
        E(
            "on_play",
            DRAW1,
            m.If(
                conditions=(m.CountCondition(zone="life", compare="at_most", n=2),), actions=(m.May(actions=(DRAW1,)),)
            ),
        ),
    ),
    (
        "subject_carried",
        "[Your Turn] This Character gains +1000 power and cannot be K.O.'d in battle.",
        E(
            "static",
            m.Power(target=SELF, amount=1000, duration="continuous"),
            m.GainStatus(target=SELF, status="cannot_be_ko_in_battle", duration="continuous"),
            your_turn=True,
        ),
    ),
    (
        "conditions_share_a_subject",
        "[On Play] If you have [Test A] and [Test B], draw 1 card.",
        E(
            "on_play",
            m.If(
                conditions=tuple(
                    m.CountCondition(zone="field", compare="at_least", n=1, filter=m.CardFilter(names=(n,)))
                    for n in ("Test A", "Test B")
                ),
                actions=(DRAW1,),
            ),
        ),
    ),
    (
        "static_condition",
        "If you have 2 or less Life cards, this Character gains +2000 power.",
        E(
            "static",
            m.Power(target=SELF, amount=2000, duration="continuous"),
            conditions=(m.CountCondition(zone="life", compare="at_most", n=2),),
        ),
    ),
]


@pytest.mark.parametrize("text, effect", [c[1:] for c in SENTENCE_CASES], ids=[c[0] for c in SENTENCE_CASES])
def test_sentences(text, effect):
    compiled = compile_card(card(text))
    assert compiled.complete, compiled.unparsed
    assert compiled.effects == (effect,)


def test_trigger_is_compiled_apart():
    compiled = compile_card(card("[On Play] Draw 1 card.", trigger="Play this card."))
    assert compiled.effects == (E("on_play", DRAW1),)
    assert compiled.trigger == E("trigger", m.PlayThisCard())


def test_trigger_marker_inside_effect_text():
    compiled = compile_card(card("[Main] Draw 1 card.\n[Trigger] Draw 2 cards."))
    assert compiled.effects == (E("main", DRAW1),)
    assert compiled.trigger == E("trigger", m.Draw(n=2))


def test_trigger_copies_the_main_effect():
    compiled = compile_card(card("[Main] Draw 2 cards.", trigger="Activate this card's [Main] effect."))
    assert compiled.complete and compiled.trigger == E("trigger", m.Draw(n=2))


PARTIAL_CASES = [
    (
        "unknown_action",
        "[On Play] Shuffle your opponent's hand into the sea.",
        (),
        ("Shuffle your opponent's hand into the sea",),
    ),
    (
        "one_of_two_effects",
        "[On Play] Draw 1 card.\n[When Attacking] Sing a sea shanty.",
        (E("on_play", DRAW1),),
        ("Sing a sea shanty",),
    ),
    ("half_a_sentence_drops_the_effect", "[On Play] Draw 1 card. Then, sing a sea shanty.", (), ("sing a sea shanty",)),
    (
        "no_duration_in_triggered_effect",
        "[On Play] This Character gains +1000 power.",
        (),
        ("This Character gains +1000 power",),
    ),
    ("unknown_cost", "[Activate: Main] You may sing a sea shanty: Draw 1 card.", (), ("You may sing a sea shanty",)),
    (
        "cost_on_opponents_cards",
        "[Activate: Main] You may rest 1 of your opponent's Characters: Draw 1 card.",
        (),
        ("You may rest 1 of your opponent's Characters",),
    ),
    ("unknown_condition", "[On Play] If the moon is full, draw 1 card.", (), ("If the moon is full, draw 1 card",)),
    (
        "unknown_noun",
        "[On Play] K.O. up to 1 of your opponent's Sea Kings.",
        (),
        ("K.O. up to 1 of your opponent's Sea Kings",),
    ),
    ("if_you_do_without_may", "[On Play] If you do, draw 1 card.", (), ("If you do, draw 1 card",)),
    (
        "qualifier_shared_by_two_names",
        "[On Play] If you have [Test A] and [Test B] Characters with 6000 base power, draw 1 card.",
        (),
        ("If you have [Test A] and [Test B] Characters with 6000 base power, draw 1 card",),
    ),
]


@pytest.mark.parametrize("text, effects, unparsed", [c[1:] for c in PARTIAL_CASES], ids=[c[0] for c in PARTIAL_CASES])
def test_partial_cards_report_the_fragment(text, effects, unparsed):
    compiled = compile_card(card(text))
    assert compiled.complete is False
    assert compiled.effects == effects
    assert compiled.unparsed == unparsed


def test_partial_trigger():
    compiled = compile_card(card("[On Play] Draw 1 card.", trigger="Summon a Sea King."))
    assert not compiled.complete and compiled.trigger is None
    assert compiled.unparsed == ("Summon a Sea King",)


def test_compile_all_keys_by_card_id():
    cards = [card("[On Play] Draw 1 card.", card_id="TS01-001"), card(None, card_id="TS01-002")]
    compiled = compile_all({c.card_id: c for c in cards})
    assert set(compiled) == {"TS01-001", "TS01-002"}
    assert compiled["TS01-002"] == m.CompiledCard(card_id="TS01-002", complete=True)
    assert compile_all(cards) == compiled


ROUND_TRIP = [text for _, text, _ in SENTENCE_CASES] + [
    "[Activate: Main] ① (You may rest the specified number of DON!! cards in your cost area.) You"
    " may rest this Character: Look at 5 cards from the top of your deck; reveal up to 1"
    " {Test Crew} type card and add it to your hand. Then, place the rest at the bottom of your"
    " deck in any order.",
]


@pytest.mark.parametrize("text", ROUND_TRIP)
def test_json_round_trip(text):
    compiled = compile_card(card(text, trigger="Play this card."))
    assert m.CompiledCard.model_validate_json(compiled.model_dump_json()) == compiled


def test_trees_are_frozen():
    compiled = compile_card(card("[On Play] Draw 1 card."))
    with pytest.raises(ValidationError, match="frozen"):
        compiled.effects[0].actions[0].n = 2  # type: ignore[misc]
