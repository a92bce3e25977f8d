"""The narrated log a person reads: one sentence per engine event, written from redacted events.

Why from redacted events: the narration must never name a card its reader may not see, and the
simplest way to be sure is to give the narrator nothing else. It receives the events as
``api.redact`` returns them for the reader (hidden card ids are null there) and a name table
built from what the reader's own ``view`` shows (``public_names``), so a hidden card has no name
to be written with: "The AI draws a card", never "The AI draws Nami".

Sentences are second person for the reader ("You attack...") and "the AI" (or any other label)
for the other player. Unknown event kinds still get a plain sentence, so a new engine event
never breaks the log.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.models.onepiece import OnePieceCard


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
        self.cards = cards
        self.reader = reader
        self.other = other
        self.labels = dict(labels or {})

    def who(self, player: int | None, capital: bool = True) -> str:
        if player is None:
            return "Nobody"
        name = self.labels.get(player) or ("you" if player == self.reader else self.other)
        return name[0].upper() + name[1:] if capital else name

    def _verb(self, player: int | None, verb: str) -> str:
        """``verb`` agreed with its subject ("you draw", "the AI draws")."""
        if player == self.reader:
            return verb
        if verb.endswith(("sh", "ch", "s")):
            return verb + "es"
        return verb[:-1] + "ies" if verb.endswith("y") and verb[-2] not in "aeiou" else verb + "s"

    def _card(self, data: dict, key: str = "card") -> str | None:
        cid = data.get(key)
        card = self.cards.get(cid) if isinstance(cid, str) else None
        return card.name if card is not None else None

    def sentence(self, event: dict[str, Any], names: dict[int, str]) -> str:
        kind, p, d = event["kind"], event.get("player"), event.get("data") or {}
        who = self.who(p)

        def say(verb: str, rest: str) -> str:
            return f"{who} {self._verb(p, verb)} {rest}".rstrip() + "."

        def nm(key: str) -> str:
            iid = d.get(key)
            return names.get(iid, "a card") if isinstance(iid, int) else "a card"

        card = self._card(d)
        if kind == "turn_start":
            return f"Turn {d.get('turn')}: {self.who(p, False)} to play."
        if kind == "don_phase":
            return say("add", f"{d.get('added')} DON!! to the cost area")
        if kind == "draw":
            return say("draw", card or "a card")
        if kind in ("keep_hand", "mulligan"):
            return (
                say("keep", "the opening hand")
                if kind == "keep_hand"
                else say("redraw", "the opening hand (5 new cards)")
            )
        if kind == "life_placed":
            return say("place", f"{d.get('count')} Life cards face down")
        if kind in ("play", "event"):
            return say("play", card or "a card") if kind == "play" else say("activate", f"the Event {card or 'a card'}")
        if kind == "give_don":
            return say("give", f"{d.get('count')} DON!! to {nm('target')}")
        if kind == "attack":
            return say("attack", f"{nm('target')} with {nm('attacker')}")
        if kind == "block":
            return say("block", f"with {nm('blocker')}")
        if kind == "counter":
            return say("counter", f"with {card or 'a card'}: +{d.get('amount')} power to {nm('target')}")
        if kind == "battle":
            won = "succeeds" if d.get("attacker_wins") else "fails"
            return f"{d.get('attacker_power')} power against {d.get('target_power')}: the attack {won}."
        if kind in ("ko", "trash"):
            what = card or "a card"
            return f"{who}'s {what} is K.O.'d." if kind == "ko" else f"{who}'s {what} is trashed."
        if kind in ("life_to_hand", "life_check"):
            if kind == "life_check":
                return say("check", f"{card} from Life ([Trigger])" if card else "a Life card")
            return say("take", f"{card or 'a Life card'} into hand from Life")
        if kind == "life_trashed":
            return f"{who}'s Life card {card or ''} is trashed (Banish).".replace("  ", " ")
        if kind == "trigger":
            return say("activate", f"the [Trigger] of {card or 'a Life card'}")
        if kind == "trigger_trashed":
            return f"{card or 'The [Trigger] card'} goes to the trash."
        if kind == "effect":
            return f"{card or 'A card'}: {str(d.get('timing', '')).replace('_', ' ')} effect."
        if kind == "chosen":
            return say("choose", "targets" if d.get("picked") is not None else "")
        if kind == "end_phase":
            return say("end", "the turn")
        if kind == "battle_end":
            return "The battle ends."
        if kind == "game_over":
            winner = d.get("winner")
            head = "It is a draw" if winner is None else f"{self.who(winner)} {self._verb(winner, 'win')}"
            return f"Game over. {head} ({d.get('reason')})."
        return (
            self._effect_sentence(kind, p, d, card, names)
            or f"{who}: {kind.replace('_', ' ')}{f' {card}' if card else ''}."
        )

    def _effect_sentence(
        self, kind: str, p: int | None, d: dict, card: str | None, names: dict[int, str]
    ) -> str | None:
        """Sentences for what effects do (moves between areas, DON!!, modifiers)."""
        who = self.who(p)
        what = card or "a card"
        targets = ", ".join(names.get(i, "a card") for i in d.get("targets") or [] if isinstance(i, int)) or "no card"
        simple = {
            "look_top": ("look", f"at the top {d.get('count')} cards of the deck"),
            "reveal_to_hand": ("reveal", f"{what}, adding it to hand"),
            "to_hand": ("add", f"{what} to hand"),
            "discard": ("trash", f"{what} from hand"),
            "return_don": ("return", f"{d.get('count')} DON!! to the DON!! deck"),
            "add_don": ("add", f"{d.get('count')} DON!! from the DON!! deck"),
            "add_life": ("add", "a card to Life"),
            "reveal": ("reveal", what),
            "rest": ("rest", targets),
            "set_active": ("set", f"{targets} as active"),
            "return_to_hand": ("return", f"{what} to hand"),
            "return_to_deck": ("put", f"{what} into the deck"),
        }
        if kind in simple:
            verb, rest = simple[kind]
            return f"{who} {self._verb(p, verb)} {rest}."
        if kind.startswith("effect_"):
            amount = d.get("amount")
            change = d.get("tag") or (f"{amount:+d}" if isinstance(amount, int) else "")
            stat = kind.removeprefix("effect_").replace("_", " ")
            return f"{targets}: {stat} {change}".rstrip() + "."
        if "_to_" in kind:
            src, dst = kind.split("_to_", 1)
            return f"{who}: {what} from {src.replace('_', ' ')} to {dst.replace('_', ' ')}."
        return None
