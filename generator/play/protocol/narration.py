"""The narrated log a person reads: one sentence per engine event, written from redacted events.

Why from redacted events: the narration must never name a card its reader may not see, and the
simplest way to be sure is to give the narrator nothing else. It receives the events as
``api.redact`` returns them for the reader (hidden card ids are null there) and a name table
built from what the reader's own ``view`` shows (``public_names``), so a hidden card has no name
to be written with: "The AI draws a card", never "The AI draws Nami". ``observe`` gives it the
reader's view before each move, from which it writes owners and powers ("the AI's Leader Kaido
(6000 power)") and follows a battle to say why it ended as it did (``narration_battle``).

Sentences are second person for the reader ("You attack...") and "the AI" (or any other label)
for the other player. Unknown event kinds still get a plain sentence, so a new engine event
never breaks the log.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from generator.models.onepiece import OnePieceCard
from generator.play.protocol.narration_battle import battle_sentence, note_left_field, public_cards
from generator.play.protocol.narration_effects import effect_sentence
from generator.play.protocol.narration_voice import BattleMemory, PublicCard

__all__ = ["Narrator", "public_names"]


def public_names(view: dict[str, Any], names: dict[int, str] | None = None, hand: bool = True) -> dict[int, str]:
    """Instance id -> card name for every card the view shows (field, trash, and the viewer's
    own hand unless ``hand`` is False: a spectator's table has no hand in it)."""
    out = dict(names or {})
    for ps in view["players"]:
        cards = [ps["leader"], *ps["characters"], *ps["trash"], *(ps.get("hand", []) if hand else [])]
        if ps.get("stage"):
            cards.append(ps["stage"])
        out.update({c["iid"]: c["name"] for c in cards})
    return out


class Narrator:
    """Writes sentences for one reader (player index ``reader``, -1 for a spectator); the
    other player is ``other``, or each player has a label (``labels``, for a spectator)."""

    def __init__(
        self,
        cards: Mapping[str, OnePieceCard],
        reader: int,
        other: str = "the AI",
        labels: Mapping[int, str] | None = None,
    ) -> None:
        self.cards_by_id = cards
        self.reader = reader
        self.other = other
        self.labels = dict(labels or {})
        self.cards: dict[int, PublicCard] = {}
        self.names: dict[int, str] = {}
        self.battle: BattleMemory | None = None
        self.active: int | None = None  # the turn player: DON!! given adds power only then (6-5-5-2)

    def observe(self, view: dict[str, Any]) -> None:
        """Learn the public cards of the reader's ``view`` (taken before the next move) and the
        battle under way, when it began before the narrator's first event."""
        self.cards.update(public_cards(view))
        self.active = view.get("active")
        b = view.get("battle")
        if b is None:
            self.battle = None
        elif self.battle is None or (self.battle.attacker, self.battle.target) != (b["attacker"], b["target"]):
            # begun before this narrator's first event: its powers at the declaration are unknown
            self.battle = BattleMemory(b["attacker"], b["target"], None, None)

    def who(self, player: int | None, capital: bool = True) -> str:
        if player is None:
            return "Nobody"
        name = self.labels.get(player) or ("you" if player == self.reader else self.other)
        return name[0].upper() + name[1:] if capital else name

    def whose(self, player: int | None, capital: bool = False) -> str:
        """The possessive: "your", "the AI's", "Player 1 (L2)'s"."""
        if player == self.reader and player not in self.labels:
            return "Your" if capital else "your"
        return f"{self.who(player, capital)}'s"

    def verb(self, player: int | None, verb: str) -> str:
        """``verb`` agreed with its subject ("you draw", "the AI draws")."""
        if player == self.reader and player not in self.labels:
            return verb
        if verb.endswith(("sh", "ch", "s")):
            return verb + "es"
        return verb[:-1] + "ies" if verb.endswith("y") and verb[-2] not in "aeiou" else verb + "s"

    def power_of(self, iid: object) -> int | None:
        card = self.cards.get(iid) if isinstance(iid, int) else None
        return card.power if card is not None else None

    def shift_power(self, iid: object, amount: int) -> str:
        """Apply a power change the reader saw to the remembered power: " (2000 → 4000)", or ""
        for a card whose power is not known. Exact from the view taken before the move, then
        kept by the changes narrated since."""
        if not isinstance(iid, int) or iid not in self.cards or self.cards[iid].power is None:
            return ""
        card = self.cards[iid]
        assert card.power is not None
        self.cards[iid] = replace(card, power=card.power + amount)
        return f" ({card.power} → {card.power + amount})"

    def phrase(self, iid: object, power: bool = True) -> str:
        """A field card as a player names it: "the AI's Leader Kaido (6000 power)"."""
        card = self.cards.get(iid) if isinstance(iid, int) else None
        if card is None:
            return self.names.get(iid, "a card") if isinstance(iid, int) else "a card"
        role = "Leader " if card.leader else ""
        shown = f" ({card.power} power)" if power and card.power is not None else ""
        return f"{self.whose(card.owner)} {role}{card.name}{shown}"

    def card_name(self, data: dict[str, Any], key: str = "card") -> str | None:
        cid = data.get(key)
        card = self.cards_by_id.get(cid) if isinstance(cid, str) else None
        return card.name if card is not None else None

    def sentence(self, event: dict[str, Any], names: dict[int, str]) -> str:
        kind, p, d = event["kind"], event.get("player"), event.get("data") or {}
        self.names = names
        note_left_field(self, kind, d)
        self._note_played(kind, p, d)
        text = battle_sentence(self, kind, p, d)
        if text is None:
            text = self._turn_sentence(kind, p, d) or effect_sentence(self, kind, p, d)
        return text

    def _note_played(self, kind: str, p: int | None, d: dict[str, Any]) -> None:
        """A card played during the move is on the field from now on, at its printed power."""
        iid, cid = d.get("iid"), d.get("card")
        card = self.cards_by_id.get(cid) if isinstance(cid, str) else None
        if kind == "play" and isinstance(iid, int) and isinstance(p, int) and card is not None:
            self.cards[iid] = PublicCard(card.name, p, False, card.power)

    def _turn_sentence(self, kind: str, p: int | None, d: dict[str, Any]) -> str | None:
        """Set-up, turn structure and the end of the game."""
        who = self.who(p)
        if kind == "turn_start":
            return f"Turn {d.get('turn')}: {self.who(p, False)} to play."
        if kind == "don_phase":
            added = d.get("added")
            if added == 0:
                return f"{self.whose(p, True)} DON!! deck is empty: no DON!! is added."
            return f"{who} {self.verb(p, 'add')} {added} DON!! to the cost area."
        if kind in ("keep_hand", "mulligan"):
            if kind == "keep_hand":
                return f"{who} {self.verb(p, 'keep')} the opening hand."
            return f"{who} {self.verb(p, 'redraw')} the opening hand (5 new cards)."
        if kind == "life_placed":
            return f"{who} {self.verb(p, 'place')} {d.get('count')} Life cards face down."
        if kind == "end_phase":
            return f"{who} {self.verb(p, 'end')} the turn."
        if kind == "game_over":
            winner = d.get("winner")
            head = "It is a draw" if winner is None else f"{self.who(winner)} {self.verb(winner, 'win')}"
            return f"Game over. {head}: {self._why_lost(d)}."
        return None

    def _why_lost(self, d: dict[str, Any]) -> str:
        """The defeat condition in words (1-2-1-1, 1-2-3), for each player who lost."""
        losers = [p for p in d.get("losers") or [] if isinstance(p, int)]
        reason = str(d.get("reason"))
        why = {
            "damage at 0 Life": lambda p: f"{self.whose(p)} Leader took damage at 0 Life (1-2-1-1-1)",
            "no cards in deck": lambda p: f"{self.whose(p)} deck has no cards left (1-2-1-1-2)",
            "concession": lambda p: f"{self.who(p, False)} conceded (1-2-3)",
        }.get(reason)
        if why is None or not losers:
            return reason
        return " and ".join(why(p) for p in losers)
