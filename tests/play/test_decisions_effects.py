"""Decisions the rules give a player inside an effect, asked rather than made by the engine.

Each test builds a synthetic position, checks that the right player is asked, then that each
answer does what the rule says: "draw up to N" card by card (4-5-4), DON!! -X by the player's
selection (8-3-1-6, 10-2-10-1), "up to N" numbers (4-8-1), "top or bottom", the order of cards
placed together (3-1-7), face-up Life (3-10-2-1), room for each Character an effect plays
(3-7-6-1). Card ids are fake (``DEC-...``) and the texts written for the tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.models.onepiece import OnePieceCard
from generator.play.ai.observe import observe
from generator.play.ai.sim import answer_prompt
from generator.play.effects.compiler import compile_card
from generator.play.engine.api import apply, legal_actions, view
from generator.play.engine.state import CardInstance, GameState, PlayerState
from generator.play.engine.support import supported

DON_MINUS = "DON!! \u22121 (You may return the specified number of DON!! cards from your field to your DON!! deck.):"


def card(cid: str, category: str = "Character", cost: int | None = 1, power: int | None = 1000, **text) -> OnePieceCard:
    return OnePieceCard(
        card_id=cid,
        name=f"Test {cid}",
        category=category,
        colors=("Red",),
        cost=cost,
        power=power,
        counter=None,
        life=5 if category == "Leader" else None,
        attributes=(),
        types=(),
        effect=text.get("effect"),
        trigger=text.get("trigger"),
        block=None,
        rarity=None,
        skus=(),
    )


CARDS = {
    c.card_id: c
    for c in [
        card("DEC-LDR", "Leader", cost=None, power=5000),
        card("DEC-V", power=1000),
        card("DEC-A"),
        card("DEC-B"),
        card("DEC-C"),
        card("DEC-EVT", "Event", power=None),
        card("DEC-DBL", cost=5, power=6000, effect="[Double Attack]"),
        card("DEC-DRW", effect="[On Play] Draw up to 2 cards."),
        card("DEC-DMN", effect=f"[Activate: Main] {DON_MINUS} Draw 1 card."),
        card("DEC-ORD", effect="[On Play] Your opponent returns 1 DON!! card from their field to their DON!! deck."),
        card("DEC-GIV", effect="[On Play] Give up to 1 rested DON!! card to your Leader or 1 of your Characters."),
        card("DEC-ADN", effect="[On Play] Add up to 1 DON!! card from your DON!! deck and rest it."),
        card(
            "DEC-SCR",
            effect="[On Play] Look at 3 cards from the top of your deck and place them at the top or bottom of the"
            " deck in any order.",
        ),
        card(
            "DEC-LOK",
            effect="[On Play] Look at 4 cards from the top of your deck; reveal up to 1 Character card and add it"
            " to your hand. Then, place the rest at the bottom of your deck in any order.",
        ),
        card("DEC-HTD", effect="[On Play] Place 1 card from your hand at the top or bottom of your deck."),
        card("DEC-HT2", effect="[On Play] Place 2 cards from your hand at the bottom of your deck in any order."),
        card("DEC-LTH", effect="[On Play] Add 1 card from the top or bottom of your Life cards to your hand."),
        card(
            "DEC-LCO",
            effect="[Activate: Main] You may add 1 card from the top or bottom of your Life cards to your hand:"
            " Draw 1 card.",
        ),
        card("DEC-ADL", effect="[On Play] Add up to 1 card from the top of your deck to the top of your Life cards."),
        card(
            "DEC-FUP",
            effect="[On Play] Add up to 1 card from the top of your deck to the top of your Life cards face-up.",
        ),
        card("DEC-TRL", effect="[On Play] Trash up to 1 card from the top of your opponent's Life cards."),
        card(
            "DEC-PF2",
            cost=2,
            effect="[On Play] Play up to 2 Character cards with a cost of 1 or less from your hand.",
        ),
        card("DEC-TPL", effect="[On Play] Draw 1 card.", trigger="Play this card."),
        card("DEC-EOD", effect="[End of Your Turn] Draw 1 card."),
        card("DEC-EOT", effect="[End of Your Turn] Trash 1 card from your hand."),
        card("DEC-LOOP", effect="[On Play] K.O. this Character.\n[On K.O.] Play this card."),
        card("DEC-MAYLOOP", effect="[On Play] K.O. this Character.\n[On K.O.] You may play this card."),
        card("DEC-UNTAP", effect="[Activate: Main] You may rest this Character: Set this Character as active."),
    ]
}
COMPILED = {cid: supported(compile_card(c)) for cid, c in CARDS.items()}


@dataclass
class Side:
    chars: list[str | tuple[str, dict]] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)  # top first, then 20 filler cards
    life: list[str | CardInstance] = field(default_factory=list)  # top first
    don_active: int = 0
    don_rested: int = 0
    leader_don: int = 0


def position(a: Side, b: Side | None = None, turn: int = 3) -> GameState:
    """Player 0's Main phase. Instance ids: Leaders 1 and 2, player 0's cards from 100, player
    1's from 500, in the order chars, hand, deck, life."""
    players = []
    for p, side in enumerate((a, b or Side())):
        ids = iter(range(100 + 400 * p, 500 + 400 * p))
        chars = tuple(
            CardInstance(iid=next(ids), card=c)
            if isinstance(c, str)
            else CardInstance(iid=next(ids), card=c[0], **c[1])
            for c in side.chars
        )
        hand = tuple(CardInstance(iid=next(ids), card=c) for c in side.hand)
        deck = tuple(CardInstance(iid=next(ids), card=c) for c in [*side.deck, *["DEC-V"] * 20])
        life = tuple(c if isinstance(c, CardInstance) else CardInstance(iid=next(ids), card=c) for c in side.life)
        given = side.leader_don + sum(c.don for c in chars)
        players.append(
            PlayerState(
                leader=CardInstance(iid=p + 1, card="DEC-LDR", don=side.leader_don),
                characters=chars,
                hand=hand,
                deck=deck,
                life=life,
                don_active=side.don_active,
                don_rested=side.don_rested,
                don_deck=10 - side.don_active - side.don_rested - given,
            )
        )
    return GameState(
        cards=CARDS,
        compiled=COMPILED,
        players=(players[0], players[1]),
        first=0,
        turn=turn,
        active=0,
        phase="main",
        waiting_for=0,
        rng=1,
    )


def answers(state: GameState) -> list[str]:
    """The labels of the answers the prompt offers, in the order offered (the default first)."""
    assert state.prompt is not None, "a question is asked"
    return [a.label.removeprefix(f"{state.prompt.label}: ") for a in legal_actions(state) if a.kind != "concede"]


def say(state: GameState, *answer_labels: str) -> GameState:
    """Answer the open prompts with the answers labelled so, in turn."""
    for text in answer_labels:
        assert state.prompt is not None, f"no question left for {text!r}"
        label = f"{state.prompt.label}: {text}"
        action = next((a for a in legal_actions(state) if a.label == label), None)
        assert action is not None, (text, answers(state))
        state, _ = apply(state, action.id)
    return state


def play(state: GameState, iid: int) -> GameState:
    return apply(state, f"play:{iid}")[0]


def names(cards: tuple[CardInstance, ...]) -> list[str]:
    return [c.card for c in cards]


# --------------------------------------------------------------------------- draw up to N (4-5-4)


def test_draw_up_to_asks_before_each_card_4_5_4() -> None:
    s = play(position(Side(hand=["DEC-DRW"], don_active=1)), 100)
    assert s.prompt is not None and s.prompt.player == 0 and s.waiting_for == 0
    assert answers(s) == ["draw 1 card", "stop drawing"]
    once = say(s, "draw 1 card")
    assert len(once.players[0].hand) == 1 and once.prompt is not None  # asked again for the 2nd
    assert len(say(once, "stop drawing").players[0].hand) == 1
    twice = say(once, "draw 1 card")
    assert len(twice.players[0].hand) == 2 and twice.prompt is None  # N reached: no 3rd question
    assert len(say(s, "stop drawing").players[0].hand) == 0


def test_draw_up_to_defaults_to_stopping_before_the_last_card() -> None:
    s = position(Side(hand=["DEC-DRW"], don_active=1))
    s = play(s.with_player(0, s.players[0].model_copy(update={"deck": s.players[0].deck[:1]})), 100)
    assert answers(s) == ["stop drawing", "draw 1 card"]  # 0 cards in deck loses (9-2-1-2)
    assert answer_prompt(s, legal_actions(s)) == legal_actions(s)[0].id


# ------------------------------------------------------------------------------- DON!! (8-3-1-6)


def test_don_minus_x_returns_the_don_the_player_selects_8_3_1_6() -> None:
    s = position(Side(chars=["DEC-DMN"], don_active=1, don_rested=1, leader_don=1))
    asked = apply(s, "activate:100:0")[0]
    assert asked.prompt is not None and asked.prompt.player == 0
    assert answers(asked) == [
        "a rested DON!! of your cost area",
        "an active DON!! of your cost area",
        "a DON!! given to Test DEC-LDR (1)",
    ]
    rested = say(asked, "a rested DON!! of your cost area").players[0]
    assert (rested.don_rested, rested.don_active, rested.leader.don, rested.don_deck) == (0, 1, 1, 8)
    active = say(asked, "an active DON!! of your cost area").players[0]
    assert (active.don_rested, active.don_active, active.leader.don, active.don_deck) == (1, 0, 1, 8)
    given = say(asked, "a DON!! given to Test DEC-LDR (1)").players[0]
    assert (given.don_rested, given.don_active, given.leader.don, given.don_deck) == (1, 1, 0, 8)
    assert len(given.hand) == 1  # the effect after the colon resolved


def test_don_minus_x_asks_nothing_without_a_choice() -> None:
    s = apply(position(Side(chars=["DEC-DMN"], don_rested=2)), "activate:100:0")[0]
    assert s.prompt is None and s.players[0].don_rested == 1 and len(s.players[0].hand) == 1


def test_opponent_returning_don_chooses_which_10_2_10() -> None:
    s = play(position(Side(hand=["DEC-ORD"], don_active=1), Side(don_active=1, don_rested=1)), 100)
    assert s.prompt is not None and s.prompt.player == 1 and s.waiting_for == 1
    opp = say(s, "an active DON!! of your cost area").players[1]
    assert (opp.don_active, opp.don_rested, opp.don_deck) == (0, 1, 9)


def test_give_up_to_one_rested_don_may_give_none_4_8_1() -> None:
    s = play(position(Side(hand=["DEC-GIV"], don_active=2)), 100)  # paying rests 1 DON!!
    s = apply(s, "choose:1")[0]  # the Leader
    assert answers(s) == ["a rested DON!!", "give no more"]
    given = say(s, "a rested DON!!").players[0]
    assert (given.leader.don, given.don_rested, given.don_active) == (1, 0, 1)
    kept = say(s, "give no more").players[0]
    assert (kept.leader.don, kept.don_rested, kept.don_active) == (0, 1, 1)


def test_add_up_to_one_don_is_a_number_4_8_1() -> None:
    s = play(position(Side(hand=["DEC-ADN"], don_active=1)), 100)
    assert answers(s) == ["1", "0"]
    assert say(s, "1").players[0].don_rested == 2
    assert say(s, "0").players[0].don_rested == 1


# ------------------------------------------------------------------- deck: top or bottom, order


def test_look_at_places_the_rest_where_and_in_the_order_chosen_3_1_7() -> None:
    s = play(position(Side(hand=["DEC-SCR"], deck=["DEC-A", "DEC-B", "DEC-C"], don_active=1)), 100)
    assert answers(s) == ["bottom", "top"]
    on_top = say(s, "top")
    assert answers(on_top) == ["Test DEC-A next", "Test DEC-B next", "Test DEC-C next"]
    on_top = say(on_top, "Test DEC-C next", "Test DEC-A next")  # the last one needs no question
    assert on_top.prompt is None and names(on_top.players[0].deck[:4]) == ["DEC-C", "DEC-A", "DEC-B", "DEC-V"]
    below = say(s, "bottom", "Test DEC-A next", "Test DEC-B next")  # the defaults: order kept
    assert names(below.players[0].deck[-3:]) == ["DEC-A", "DEC-B", "DEC-C"]
    assert below.players[0].deck[0].card == "DEC-V"


def test_look_at_takes_then_orders_the_rest() -> None:
    s = play(position(Side(hand=["DEC-LOK"], deck=["DEC-EVT", "DEC-A", "DEC-EVT", "DEC-EVT"], don_active=1)), 100)
    s = apply(s, f"choose:{s.players[0].deck[1].iid}")[0]
    assert [c.card for c in s.players[0].hand] == ["DEC-A"]
    assert len(answers(s)) == 3  # three cards left to order
    s = say(s, "Test DEC-EVT next", "Test DEC-EVT next")
    assert s.prompt is None and names(s.players[0].deck[-3:]) == ["DEC-EVT"] * 3


def test_hand_to_deck_top_or_bottom_is_the_players_choice() -> None:
    s = play(position(Side(hand=["DEC-HTD", "DEC-A"], don_active=1)), 100)
    assert answers(s) == ["bottom", "top"]
    assert say(s, "top").players[0].deck[0].card == "DEC-A"
    assert say(s, "bottom").players[0].deck[-1].card == "DEC-A"


def test_cards_placed_together_go_in_the_owners_order_3_1_7() -> None:
    s = play(position(Side(hand=["DEC-HT2", "DEC-A", "DEC-B"], don_active=1)), 100)
    assert answers(s) == ["Test DEC-A next", "Test DEC-B next"]  # the set is forced, not its order
    assert names(say(s, "Test DEC-B next").players[0].deck[-2:]) == ["DEC-B", "DEC-A"]


# --------------------------------------------------------------------------------------- Life


def test_life_from_the_top_or_bottom_is_the_players_choice_3_10_2() -> None:
    s = play(position(Side(hand=["DEC-LTH"], life=["DEC-A", "DEC-B", "DEC-C"], don_active=1)), 100)
    assert answers(s) == ["top", "bottom"]
    assert names(say(s, "bottom").players[0].hand) == ["DEC-C"]
    assert names(say(s, "top").players[0].hand) == ["DEC-A"]


def test_life_cost_from_the_bottom_8_3_1() -> None:
    s = apply(position(Side(chars=["DEC-LCO"], life=["DEC-A", "DEC-B"])), "activate:100:0")[0]
    assert answers(s) == ["top", "bottom"]
    after = say(s, "bottom").players[0]
    assert names(after.life) == ["DEC-A"] and names(after.hand)[0] == "DEC-B" and len(after.hand) == 2


def test_add_up_to_one_life_card_is_a_number_4_8_1() -> None:
    s = play(position(Side(hand=["DEC-ADL"], deck=["DEC-A"], life=["DEC-V"], don_active=1)), 100)
    assert answers(s) == ["1", "0"]
    added = say(s, "1").players[0]
    assert names(added.life) == ["DEC-A", "DEC-V"] and not added.life[0].face_up
    assert len(say(s, "0").players[0].life) == 1


def test_trash_up_to_one_opponent_life_card_is_a_number_4_8_1() -> None:
    s = play(position(Side(hand=["DEC-TRL"], don_active=1), Side(life=["DEC-A", "DEC-B"])), 100)
    assert s.prompt is not None and s.prompt.player == 0 and answers(s) == ["1", "0"]
    assert names(say(s, "1").players[1].life) == ["DEC-B"]
    assert len(say(s, "0").players[1].life) == 2


def test_face_up_life_is_open_and_turns_face_down_when_taken_3_10_2_1() -> None:
    s = play(position(Side(hand=["DEC-FUP"], deck=["DEC-A"], don_active=1)), 100)
    s = say(s, "1")
    assert s.players[0].life[0].card == "DEC-A" and s.players[0].life[0].face_up
    for viewer in (0, 1):  # open to both players, with its place in the Life area
        shown = view(s, viewer)["players"][0]["life_face_up"]
        assert [(c["card"], c["position"]) for c in shown] == [("DEC-A", 0)]
    assert observe(s, 1).state.players[0].life[0].card == "DEC-A"  # the AI sees it too
    assert "life_face_up" not in view(position(Side(life=["DEC-A"])), 1)["players"][0]  # face down: hidden
    # A Double Attack takes the face-up card and the next one: in hand it is face down again.
    face_up = CardInstance(iid=900, card="DEC-A", face_up=True)
    hit = apply(position(Side(chars=["DEC-DBL"]), Side(life=[face_up, "DEC-B", "DEC-C"])), "attack:100:2")[0]
    hit = apply(apply(apply(hit, "no_counter")[0], "no_trigger")[0], "no_trigger")[0]  # its owner takes each card
    taken = next(c for c in hit.players[1].hand if c.iid == 900)
    assert not taken.face_up and len(hit.players[1].life) == 1
    assert "life_face_up" not in view(hit, 0)["players"][1]


# ------------------------------------------------------------------------ room for each (3-7-6-1)


def test_each_character_played_into_a_full_area_makes_room_3_7_6_1() -> None:
    s = position(Side(chars=["DEC-V"] * 4, hand=["DEC-PF2", "DEC-A", "DEC-B"], don_active=2))
    s = play(s, 104)  # the 5th Character; its [On Play] plays up to 2 more
    s = apply(s, "choose:105")[0]
    s = apply(s, "choose:106")[0]
    assert s.prompt is not None and "room for Test DEC-A" in s.prompt.label
    s = apply(s, "choose:100")[0]
    assert s.prompt is not None and "room for Test DEC-B" in s.prompt.label
    s = apply(s, "choose:101")[0]
    me = s.players[0]
    assert s.prompt is None and len(me.characters) == 5
    assert {"DEC-A", "DEC-B"} <= set(names(me.characters)) and names(me.trash) == ["DEC-V", "DEC-V"]


# ------------------------------------------------------------------------- the AI's default answer


def test_the_rule_of_thumb_ai_answers_with_the_default() -> None:
    s = apply(position(Side(chars=["DEC-DMN"], don_active=1, don_rested=1)), "activate:100:0")[0]
    legal = legal_actions(s)
    assert answer_prompt(s, legal) == legal[0].id
    assert say(s, "a rested DON!! of your cost area") == apply(s, answer_prompt(s, legal))[0]
