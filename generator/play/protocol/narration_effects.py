"""Sentences for cards moving and effects happening (everything but a battle and the turn).

The ``Narrator`` passes itself (as the ``narration_voice.Voice`` it satisfies, so this module needs
nothing from ``narration``) and these write with its subjects, possessives and the public cards it
has seen.
"""

from __future__ import annotations

from typing import Any

from generator.play.protocol.narration_voice import Voice

# Effect timings as printed on the cards (effects.model_base.Timing).
TIMING_MARKS = {
    "on_play": "[On Play]",
    "when_attacking": "[When Attacking]",
    "activate_main": "[Activate: Main]",
    "main": "[Main]",
    "on_ko": "[On K.O.]",
    "end_of_your_turn": "[End of Your Turn]",
    "end_of_opponents_turn": "[End of Your Opponent's Turn]",
    "counter": "[Counter]",
    "trigger": "[Trigger]",
    "on_block": "[On Block]",
    "on_opponents_attack": "[On Your Opponent's Attack]",
    "start_of_your_turn": "start-of-turn",
    "start_of_game": "start-of-game",
}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _targets(n: Voice, d: dict[str, Any]) -> str:
    return ", ".join(n.phrase(i, power=False) for i in d.get("targets") or [] if isinstance(i, int))


def effect_sentence(n: Voice, kind: str, p: int | None, d: dict[str, Any]) -> str:
    """The sentence for an event of a card moving or an effect happening: the first of the
    families below that knows the kind, else a plain one naming the kind."""
    card = n.card_name(d)
    return (
        _card_sentence(n, kind, p, d, card)
        or _life_sentence(n, kind, p, card)
        or _rule_sentence(n, kind, p, d)
        or _moves_and_numbers(n, kind, p, d, card)
        or f"{n.who(p)}: {kind.replace('_', ' ')}{f' {card}' if card else ''}."
    )


def _say(n: Voice, p: int | None, verb: str, rest: str) -> str:
    """ "<who> <verb> <rest>." with the subject and verb form for player ``p``."""
    return f"{n.who(p)} {n.verb(p, verb)} {rest}".rstrip() + "."


def _card_sentence(n: Voice, kind: str, p: int | None, d: dict[str, Any], card: str | None) -> str | None:
    """Drawing, playing, giving DON!!, a card K.O.'d or trashed, an effect activating, a choice."""
    what = card or "a card"
    if kind == "draw":
        return _say(n, p, "draw", card or "a card")
    if kind in ("play", "event"):
        return _say(n, p, "play", what) if kind == "play" else _say(n, p, "activate", f"the Event {what}")
    if kind == "give_don":
        target, count = d.get("target"), d.get("count") or 0
        owner = n.cards[target].owner if target in n.cards else None
        shift = n.shift_power(target, 1000 * count) if owner is not None and owner == n.active else ""
        return _say(n, p, "give", f"{count} DON!! to {n.phrase(target, power=False)}{shift}")
    if kind in ("ko", "trash"):
        done = "is K.O.'d" if kind == "ko" else "is trashed"
        return f"{n.whose(p, True)} {what} {done}."
    if kind == "effect":
        mark = TIMING_MARKS.get(str(d.get("timing")))
        source = n.phrase(d.get("source"), power=False) if d.get("source") in n.cards else what
        return f"{_cap(source)}: its {mark + ' ' if mark else ''}effect activates."
    if kind == "chosen":
        picked = [n.names.get(i, "a card") for i in d.get("picked") or [] if isinstance(i, int)]
        return _say(n, p, "choose", f"{', '.join(picked) or 'nothing'} ({d.get('label')})")
    return None


def _life_sentence(n: Voice, kind: str, p: int | None, card: str | None) -> str | None:
    """A Life card taken to hand, checked, trashed by [Banish], or revealed for its [Trigger]."""
    what = card or "a card"
    if kind == "life_to_hand":
        taken = card or "a Life card"
        if n.battle is not None and n.battle.attacker_won:
            return f"{n.whose(p, True)} Leader takes 1 damage: {taken} goes from Life to hand."
        return _say(n, p, "add", f"{taken} from Life to hand")
    if kind == "life_check":
        return _say(n, p, "check", f"{card} from Life: it has a [Trigger]" if card else "a Life card")
    if kind == "life_trashed":
        return f"{n.whose(p, True)} Leader takes 1 damage: the Life card {what} is trashed ([Banish])."
    if kind == "trigger":
        instead = f"{n.verb(p, 'activate')} its [Trigger] instead of taking it into hand"
        return _say(n, p, "reveal", f"{what} from Life and {instead}")
    if kind == "trigger_trashed":
        return f"{card or 'The [Trigger] card'} goes to the trash."
    return None


def _rule_sentence(n: Voice, kind: str, p: int | None, d: dict[str, Any]) -> str | None:
    """Sentences for the rules an effect sets and the numbers it names (``engine.rule_actions``)."""
    who = n.who(p)
    if kind == "cost_chosen":
        return f"{who} {n.verb(p, 'choose')} cost {d.get('cost')}."
    if kind == "play_ban":
        least = d.get("min_base_cost") or 0
        which = f" with a base cost of {least} or more" if least else ""
        return f"For the rest of this turn, {n.who(p, False)} may not play Character cards{which}."
    if kind == "blocker_ban":
        bounds = [
            f"{d['max']} power or less" if d.get("max") is not None else "",
            f"{d['min']} power or more" if d.get("min") is not None else "",
        ]
        banned = n.who(1 - p, False) if isinstance(p, int) else "the opponent"
        return f"In this battle, {banned} may not block with a Character with {' or '.join(b for b in bounds if b)}."
    if kind == "swap_base_power":
        return f"{_cap(_targets(n, d))} swap their base power."
    return None


def _moves_and_numbers(n: Voice, kind: str, p: int | None, d: dict[str, Any], card: str | None) -> str | None:
    """Sentences for what effects do (moves between areas, DON!!, modifiers)."""
    who = n.who(p)
    what = card or "a card"
    named = _targets(n, d) or "no card"
    simple = {
        "look_top": ("look", f"at the top {d.get('count')} cards of the deck"),
        "reveal_to_hand": ("reveal", f"{what}, adding it to hand"),
        "to_hand": ("add", f"{what} to hand"),
        "discard": ("trash", f"{what} from hand"),
        "return_don": ("return", f"{d.get('count')} DON!! to the DON!! deck"),
        "add_don": ("add", f"{d.get('count')} DON!! from the DON!! deck"),
        "add_life": ("add", "a card to Life"),
        "reveal": ("reveal", what),
        "rest": ("rest", named),
        "set_active": ("set", f"{named} as active"),
        "return_to_hand": ("return", f"{what} to hand"),
        "return_to_deck": ("put", f"{what} into the deck"),
    }
    if kind in simple:
        verb, rest = simple[kind]
        return f"{who} {n.verb(p, verb)} {rest}."
    if kind.startswith("effect_"):
        amount = d.get("amount")
        stat = kind.removeprefix("effect_").replace("_", " ")
        change = d.get("tag") or (f"{amount:+d} {stat}" if isinstance(amount, int) else stat)
        targets = [i for i in d.get("targets") or [] if isinstance(i, int)]
        if not targets:
            return f"No card gets {change}: none was chosen."
        if kind == "effect_power" and isinstance(amount, int) and not d.get("tag"):
            if len(targets) == 1:
                return f"{_cap(n.phrase(targets[0], power=False))} gets {change}{n.shift_power(targets[0], amount)}."
            shown = [f"{n.phrase(i, power=False)}{n.shift_power(i, amount)}" for i in targets]
            return f"{_cap(', '.join(shown))} get {change}."
        return f"{_cap(_targets(n, d))} {'get' if len(targets) > 1 else 'gets'} {change}."
    if "_to_" in kind:
        src, dst = kind.split("_to_", 1)
        return f"{who}: {what} from {src.replace('_', ' ')} to {dst.replace('_', ' ')}."
    return None
