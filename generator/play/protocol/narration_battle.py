"""What the narrator remembers between sentences, and the sentences of a battle.

Why a memory: one event says little on its own ("battle: 5000 against 8000, fails"); a player
wants to read which card hit which, with what power when the attack was declared and at the
Damage step, and why an attack did nothing. The narrator learns the public cards (name, owner,
whether a Leader, current power) from the reader's own views (``observe``) and follows the
battle through its events; nothing here reads the game state, so nothing hidden can leak.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from generator.play.protocol.narration_voice import BattleMemory, PublicCard, Voice

LEFT_FIELD = frozenset({"ko", "trash", "return_to_hand", "return_to_deck"})


def public_cards(view: dict[str, Any]) -> dict[int, PublicCard]:
    """Instance id -> ``PublicCard`` for the Leaders, Characters and Stages a view shows."""
    out: dict[int, PublicCard] = {}
    for owner, ps in enumerate(view["players"]):
        field = [(ps["leader"], True), *((c, False) for c in ps["characters"])]
        if ps.get("stage"):
            field.append((ps["stage"], False))
        for c, leader in field:
            out[c["iid"]] = PublicCard(c["name"], owner, leader, c.get("power"))
    return out


def battle_sentence(n: Voice, kind: str, p: int | None, d: dict[str, Any]) -> str | None:
    """The sentence for a battle event, updating the narrator's memory; None for other kinds."""
    memory = n.battle
    if kind == "attack":
        att, tgt = d.get("attacker"), d.get("target")
        n.battle = None
        if isinstance(att, int) and isinstance(tgt, int):
            n.battle = BattleMemory(att, tgt, n.power_of(att), n.power_of(tgt))
        return f"{n.who(p)} {n.verb(p, 'attack')} {n.phrase(tgt)} with {n.phrase(att)}."
    if kind == "block":
        blocker = d.get("blocker")
        if memory is not None and isinstance(blocker, int):
            n.battle = replace(memory, target=blocker, target_power=n.power_of(blocker), counters=0)
        return f"{n.who(p)} {n.verb(p, 'block')} with {n.phrase(blocker)}: it becomes the attack's target."
    if kind == "counter":
        target, amount = d.get("target"), d.get("amount") or 0
        aside = ""
        if memory is not None and target == memory.target:
            n.battle = replace(memory, counters=memory.counters + amount)
        elif memory is not None:
            aside = ", which is not the attack's target"
        card = n.card_name(d) or "a card"
        gets = f"+{amount} power to {n.phrase(target, power=False)}{n.shift_power(target, amount)}"
        return f"{n.who(p)} {n.verb(p, 'counter')} with {card}: {gets}{aside}."
    if kind == "battle":
        return _damage_step(n, memory, d)
    if kind == "battle_end":
        n.battle = None
        return _battle_end(n, memory)
    return None


def note_left_field(n: Voice, kind: str, d: dict[str, Any]) -> None:
    """Remember that the attacker or the target left the field, or that the target was K.O.'d."""
    memory = n.battle
    if memory is None or kind not in LEFT_FIELD:
        return
    iid = d.get("iid")
    if iid == memory.target and memory.attacker_won:
        n.battle = replace(memory, target_ko=kind == "ko")
    elif iid in (memory.attacker, memory.target) and memory.attacker_won is None:
        n.battle = replace(memory, left_field=iid)


def _change(now: int, then: int | None, counters: int) -> str:
    """ " (5000 when the attack began, +3000 from Counters)" or "" when nothing changed."""
    if then is None or then == now:
        return ""
    parts = [f"{then} when it entered the battle"]
    if counters:
        parts.append(f"+{counters} from Counters")
    if now - then - counters:
        parts.append(f"{now - then - counters:+d} from effects")
    return f" ({', '.join(parts)})"


def _damage_step(n: Voice, memory: BattleMemory | None, d: dict[str, Any]) -> str:
    att, tgt, won = d.get("attacker_power"), d.get("target_power"), bool(d.get("attacker_wins"))
    if not isinstance(att, int) or not isinstance(tgt, int) or memory is None:
        return f"{att} power against {tgt}: the attack {'succeeds' if won else 'fails'}."
    n.battle = replace(memory, attacker_won=won)
    attacker = f"{n.phrase(memory.attacker, power=False)} at {att}{_change(att, memory.attacker_power, 0)}"
    target = f"{n.phrase(memory.target, power=False)} at {tgt}{_change(tgt, memory.target_power, memory.counters)}"
    if not won:
        return f"Damage step: {attacker} against {target}. The attack fails: the attacker has less power (7-1-4-2)."
    tie = " (a tie goes to the attacker, 7-1-4-1)" if att == tgt else ""
    hit = n.cards.get(memory.target)
    what = ": the Leader takes damage" if hit is not None and hit.leader else ""
    return f"Damage step: {attacker} against {target}. The attack succeeds{tie}{what}."


def _battle_end(n: Voice, memory: BattleMemory | None) -> str:
    if memory is None:
        return "The battle ends."
    if memory.attacker_won is None and memory.left_field is not None:
        gone = n.phrase(memory.left_field, power=False)
        return f"The battle ends without damage: {gone} left the field (7-1-1-4, 7-1-2-3)."
    target = n.cards.get(memory.target)
    if memory.attacker_won and target is not None and not target.leader and not memory.target_ko:
        return f"The battle ends; {n.phrase(memory.target, power=False)} is not K.O.'d: an effect prevents it."
    return "The battle ends."
