"""The effect compiler, table-driven over synthetic text in the official card-text style.

Each case is one formula of the grammar (a marker, an action, a cost, a condition...) in a made-up
card, with the effect tree it must compile to. Partial cases check the honesty rule: text the
grammar does not know is reported, and the effect holding it is left out rather than half-compiled.
"""

from __future__ import annotations

import pytest
from effect_text import DRAW1, OPP1, SELF, E, T, card

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card

# (case id, effect text, the effects it must compile to)
MARKERS = [
    ("on_play", "[On Play] Draw 1 card.", [E("on_play", DRAW1)]),
    ("when_attacking", "[When Attacking] Draw 1 card.", [E("when_attacking", DRAW1)]),
    (
        "activate_main_once",
        "[Activate: Main] [Once Per Turn] Draw 1 card.",
        [E("activate_main", DRAW1, once_per_turn=True)],
    ),
    ("main_event", "[Main] Draw 2 cards.", [E("main", m.Draw(n=2))]),
    ("on_ko", "[On K.O.] Draw 1 card.", [E("on_ko", DRAW1)]),
    (
        "end_of_your_turn",
        "[End of Your Turn] Set this Character as active.",
        [E("end_of_your_turn", m.SetActive(target=SELF))],
    ),
    ("end_of_opponents_turn", "[End of Your Opponent's Turn] Draw 1 card.", [E("end_of_opponents_turn", DRAW1)]),
    (
        "counter",
        "[Counter] Up to 1 of your Leader or Character cards gains +2000 power during this battle.",
        [E("counter", m.Power(target=T("your_leader_or_character"), amount=2000, duration="this_battle"))],
    ),
    ("on_block", "[On Block] Draw 1 card.", [E("on_block", DRAW1)]),
    ("on_opponents_attack", "[On Your Opponent's Attack] Draw 1 card.", [E("on_opponents_attack", DRAW1)]),
    (
        "don_your_turn_static",
        "[DON!! x2] [Your Turn] This Character gains +1000 power.",
        [E("static", m.Power(target=SELF, amount=1000, duration="continuous"), your_turn=True, don_requirement=2)],
    ),
    (
        "opponents_turn_static",
        "[Opponent's Turn] All of your Characters gain +1000 power.",
        [
            E(
                "static",
                m.Power(target=T("your_character", None, False), amount=1000, duration="continuous"),
                opponents_turn=True,
            )
        ],
    ),
    ("two_timings", "[On Play]/[When Attacking] Draw 1 card.", [E("on_play", DRAW1), E("when_attacking", DRAW1)]),
    ("two_lines", "[On Play] Draw 1 card.\n[On K.O.] Draw 2 cards.", [E("on_play", DRAW1), E("on_ko", m.Draw(n=2))]),
]

ACTIONS = [
    ("draw_up_to", "Draw up to 2 cards.", m.Draw(n=2, up_to=True)),
    (
        "ko_cost",
        "K.O. up to 1 of your opponent's Characters with a cost of 3 or less.",
        m.KO(target=T("opponent_character", max_cost=3)),
    ),
    (
        "ko_base_power",
        "K.O. up to 2 of your opponent's rested Characters with 4000 base power or less.",
        m.KO(target=T("opponent_character", 2, max_power=4000, base=True, state="rested")),
    ),
    (
        "power_minus",
        "Give up to 1 of your opponent's Characters -2000 power during this turn.",
        m.Power(target=OPP1, amount=-2000, duration="this_turn"),
    ),
    (
        "cost_minus",
        "Give up to 1 of your opponent's Characters -3 cost during this turn.",
        m.CostChange(target=OPP1, amount=-3, duration="this_turn"),
    ),
    (
        "rest_typed",
        "Rest up to 1 of your opponent's {Test Navy} type Characters.",
        m.Rest(target=T("opponent_character", types=("Test Navy",))),
    ),
    (
        "set_active",
        "Set up to 1 of your {Test Crew} type Characters with a cost of 5 or less as active.",
        m.SetActive(target=T("your_character", types=("Test Crew",), max_cost=5)),
    ),
    (
        "bounce_any",
        "Return up to 1 Character with a cost of 4 or less to the owner's hand.",
        m.ReturnToHand(target=T("any_character", max_cost=4)),
    ),
    (
        "deck_bottom",
        "Place up to 1 of your opponent's Characters with a cost of 2 or less at the bottom of the owner's deck.",
        m.ReturnToDeck(target=T("opponent_character", max_cost=2), position="bottom"),
    ),
    (
        "trash_target",
        "Trash up to 1 of your opponent's Characters with a cost of 1 or less.",
        m.TrashTarget(target=T("opponent_character", max_cost=1)),
    ),
    ("add_don_rested", "Add up to 1 DON!! card from your DON!! deck and rest it.", m.AddDon(n=1, state="rested")),
    (
        "add_don_active",
        "Add up to 2 DON!! cards from your DON!! deck and set them as active.",
        m.AddDon(n=2, state="active"),
    ),
    ("set_don_active", "Set up to 2 of your DON!! cards as active.", m.SetDonActive(n=2)),
    (
        "give_don",
        "Give up to 1 rested DON!! card to your Leader or 1 of your Characters.",
        m.GiveDon(target=T("your_leader_or_character", up_to=False), n=1, rested_only=True),
    ),
    (
        "look_top_hand",
        "Look at 5 cards from the top of your deck; reveal up to 1 {Test Crew} type"
        " card other than [Test Pirate] and add it to your hand. Then, place the rest at the bottom of"
        " your deck in any order.",
        m.LookTop(n=5, take=1, filter=m.CardFilter(types=("Test Crew",), exclude_name="Test Pirate")),
    ),
    (
        "look_top_play",
        "Look at 4 cards from the top of your deck and play up to 1 Character card"
        " with a cost of 2 or less rested. Then, trash the rest.",
        m.LookTop(
            n=4, take=1, to="play", rested=True, rest_to="trash", filter=m.CardFilter(category="Character", max_cost=2)
        ),
    ),
    (
        "scry",
        "Look at 3 cards from the top of your deck and place them at the top or bottom of the deck in any order.",
        m.LookTop(n=3, take=0, rest_to="top_or_bottom"),
    ),
    ("trash_from_hand", "Trash 1 card from your hand.", m.TrashFromHand(n=1)),
    ("hand_to_deck", "Place 2 cards from your hand at the bottom of your deck in any order.", m.HandToDeck(n=2)),
    (
        "play_from_hand",
        "Play up to 1 red Character card with 3000 power or less from your hand.",
        m.PlayFrom(zone="hand", filter=m.CardFilter(category="Character", colour="Red", max_power=3000)),
    ),
    (
        "play_from_trash_rested",
        "Play up to 1 [Test Pirate] with a cost of 4 or less from your trash rested.",
        m.PlayFrom(zone="trash", rested=True, filter=m.CardFilter(names=("Test Pirate",), max_cost=4)),
    ),
    (
        "add_from_trash",
        "Add up to 1 Event from your trash to your hand.",
        m.AddFromTrash(filter=m.CardFilter(category="Event")),
    ),
    ("add_life", "Add up to 1 card from the top of your deck to the top of your Life cards.", m.AddLife(n=1)),
    ("life_to_hand", "Add 1 card from the top of your Life cards to your hand.", m.LifeToHand(n=1)),
    (
        "trash_opponent_life",
        "Trash up to 1 card from the top of your opponent's Life cards.",
        m.TrashLife(whose="opponent", n=1),
    ),
    ("opponent_discard", "Your opponent trashes 1 card from their hand.", m.OpponentDiscard(n=1)),
    ("rest_opponent_don", "Rest up to 1 of your opponent's DON!! cards.", m.RestOpponentDon(n=1)),
    (
        "opponent_return_don",
        "Your opponent returns 1 DON!! card from their field to their DON!! deck.",
        m.OpponentReturnDon(n=1),
    ),
    (
        "keyword_this_turn",
        "This Character gains [Rush] during this turn.",
        m.GainKeyword(target=SELF, keyword="Rush", duration="this_turn"),
    ),
    (
        "keyword_named",
        "Up to 1 of your [Test Pirate] cards gains [Double Attack] during this turn.",
        m.GainKeyword(
            target=T("your_leader_or_character", names=("Test Pirate",)), keyword="Double Attack", duration="this_turn"
        ),
    ),
    (
        "status_no_refresh",
        "Up to 1 of your opponent's rested Characters will not become active in your opponent's next Refresh Phase.",
        m.GainStatus(
            target=T("opponent_character", state="rested"),
            status="no_refresh",
            duration="until_end_of_opponents_next_turn",
        ),
    ),
    (
        "status_cannot_attack",
        "Up to 1 of your opponent's Characters cannot attack until the end of your opponent's next turn.",
        m.GainStatus(target=OPP1, status="cannot_attack", duration="until_end_of_opponents_next_turn"),
    ),
    (
        "base_power",
        "Your Leader's base power becomes 7000 during this turn.",
        m.SetBasePower(target=T("your_leader", up_to=False), value=7000, duration="this_turn"),
    ),
    ("play_this_card", "Play this card.", m.PlayThisCard()),
    (
        "opponent_hand_to_deck",
        "Your opponent places 1 card from their hand at the bottom of their deck.",
        m.HandToDeck(whose="opponent", n=1),
    ),
    (
        "opponent_cannot_block",
        "Your opponent cannot activate [Blocker] during this turn.",
        m.GainStatus(target=T("opponent_character", None, False), status="cannot_block", duration="this_turn"),
    ),
    (
        "bare_owner_means_all",
        "Your Characters with a cost of 3 or less cannot be K.O.'d by your opponent's effects during this turn.",
        m.GainStatus(
            target=T("your_character", None, False, max_cost=3),
            status="cannot_be_ko_by_opponent_effects",
            duration="this_turn",
        ),
    ),
]

COSTS = [
    ("circled", "① (You may rest the specified number of DON!! cards in your cost area.):", (m.RestDon(n=1),)),
    (
        "don_minus",
        "DON!! −2 (You may return the specified number of DON!! cards from your field to your DON!! deck.):",
        (m.ReturnDon(n=2),),
    ),
    ("rest_self", "You may rest this Character:", (m.RestSelf(),)),
    ("trash_hand", "You may trash 1 card from your hand:", (m.TrashFromHandCost(n=1),)),
    (
        "trash_typed",
        "You may trash 1 {Test Crew} type card from your hand:",
        (m.TrashFromHandCost(n=1, filter=m.CardFilter(types=("Test Crew",))),),
    ),
    ("inherited_verb", "You may rest 1 of your DON!! cards and this Character:", (m.RestDon(n=1), m.RestSelf())),
    (
        "icon_then_spoken",
        "➁ (You may rest the specified number of DON!! cards in your cost area.) You may trash this Character:",
        (m.RestDon(n=2), m.TrashSelf()),
    ),
    (
        "life_cost",
        "You may add 1 card from the top or bottom of your Life cards to your hand:",
        (m.LifeToHandCost(n=1, position="top_or_bottom"),),
    ),
    (
        "place_from_trash",
        "You may place 2 cards from your trash at the bottom of your deck in any order:",
        (m.PlaceFromTrash(n=2),),
    ),
    (
        "rest_own_characters",
        "You may rest 2 of your {Test Crew} type Characters:",
        (m.RestCards(target=T("your_character", 2, up_to=False, types=("Test Crew",))),),
    ),
    (
        "leader_or_stage",
        "You may rest this Character and 1 of your {Test Crew} type Leader or Stage cards:",
        (m.RestSelf(), m.RestCards(target=T("your_leader_or_stage", 1, False, types=("Test Crew",)))),
    ),
]

CONDITIONS = [
    ("leader_type", "If your Leader has the {Test Crew} type", m.LeaderHasType(types=("Test Crew",))),
    (
        "leader_type_either",
        "If your Leader has the {Test Crew} or {Test Navy} type",
        m.LeaderHasType(types=("Test Crew", "Test Navy")),
    ),
    ("leader_type_includes", 'If your Leader\'s type includes "Test"', m.LeaderHasType(types=("Test",), contains=True)),
    ("leader_name", "If your Leader is [Test Captain]", m.LeaderIsName(name="Test Captain")),
    ("leader_multicoloured", "If your Leader is multicolored", m.LeaderMulticoloured()),
    ("life_at_most", "If you have 2 or less Life cards", m.CountCondition(zone="life", compare="at_most", n=2)),
    (
        "opponent_life",
        "If your opponent has 3 or more Life cards",
        m.CountCondition(zone="life", whose="opponent", compare="at_least", n=3),
    ),
    (
        "don_at_least",
        "If you have 8 or more DON!! cards on your field",
        m.CountCondition(zone="don", compare="at_least", n=8),
    ),
    ("hand_at_most", "If you have 4 or less cards in your hand", m.CountCondition(zone="hand", compare="at_most", n=4)),
    (
        "trash_at_least",
        "If you have 10 or more cards in your trash",
        m.CountCondition(zone="trash", compare="at_least", n=10),
    ),
    (
        "opponent_characters",
        "If your opponent has 2 or more Characters with a cost of 5 or more",
        m.CountCondition(zone="characters", whose="opponent", compare="at_least", n=2, filter=m.CardFilter(min_cost=5)),
    ),
    (
        "you_have_named",
        "If you have [Test Pirate]",
        m.CountCondition(zone="field", compare="at_least", n=1, filter=m.CardFilter(names=("Test Pirate",))),
    ),
    (
        "there_is",
        "If there is a Character with a cost of 0",
        m.CountCondition(
            zone="characters", whose="both", compare="at_least", n=1, filter=m.CardFilter(min_cost=0, max_cost=0)
        ),
    ),
    ("less_life", "If you have less Life cards than your opponent", m.CompareWithOpponent(zone="life", compare="less")),
    ("self_rested", "If this Character is rested", m.SelfState(state="rested")),
    ("self_played", "If this Character was played on this turn", m.SelfState(state="played_this_turn")),
    ("self_power", "If this Character has 7000 power or more", m.SelfPower(compare="at_least", n=7000)),
    ("leader_attribute", "If your Leader has the <Slash> attribute", m.LeaderHasAttribute(attribute="Slash")),
]


@pytest.mark.parametrize("text, expected", [c[1:] for c in MARKERS], ids=[c[0] for c in MARKERS])
def test_markers(text, expected):
    compiled = compile_card(card(text))
    assert compiled.complete, compiled.unparsed
    assert list(compiled.effects) == expected


@pytest.mark.parametrize("text, action", [c[1:] for c in ACTIONS], ids=[c[0] for c in ACTIONS])
def test_actions(text, action):
    compiled = compile_card(card(f"[On Play] {text}"))
    assert compiled.complete, compiled.unparsed
    assert compiled.effects == (E("on_play", action),)


@pytest.mark.parametrize("text, costs", [c[1:] for c in COSTS], ids=[c[0] for c in COSTS])
def test_costs(text, costs):
    compiled = compile_card(card(f"[Activate: Main] {text} Draw 1 card."))
    assert compiled.complete, compiled.unparsed
    assert compiled.effects == (E("activate_main", DRAW1, costs=costs, optional=True),)


@pytest.mark.parametrize("text, condition", [c[1:] for c in CONDITIONS], ids=[c[0] for c in CONDITIONS])
def test_conditions(text, condition):
    compiled = compile_card(card(f"[On Play] {text}, draw 1 card."))
    assert compiled.complete, compiled.unparsed
    # read when the effect resolves: an [On Play] activates whatever the board (8-3-2)
    assert compiled.effects == (E("on_play", m.If(conditions=(condition,), actions=(DRAW1,))),)
