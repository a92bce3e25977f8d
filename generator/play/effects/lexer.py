"""Normalise card text and cut it into segments: one segment per effect, with its bracket markers.

Why a separate pass: the markers ([On Play], [DON!! x1], [Once Per Turn], keyword boxes) are a
closed, regular vocabulary at the start of each line, while the body after them is open English.
Splitting the two lets the body grammar ignore layout, and lets coverage count markers without
compiling.

The upstream text varies in ways that carry no meaning: HTML entities, three different minus signs,
two sets of circled digits for "rest N DON!!", full-width angle brackets, and reminder text in
parentheses that restates a keyword's rules. All of that is normalised here, once.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from generator.play.effects.model_base import Keyword, Timing

TIMING_MARKERS: dict[str, Timing] = {
    "On Play": "on_play",
    "When Attacking": "when_attacking",
    "Activate: Main": "activate_main",
    "Main": "main",
    "On K.O.": "on_ko",
    "End of Your Turn": "end_of_your_turn",
    "End of Your Opponent's Turn": "end_of_opponents_turn",
    "Counter": "counter",
    "Trigger": "trigger",
    "On Block": "on_block",
    "On Your Opponent's Attack": "on_opponents_attack",
}
FLAG_MARKERS = ("Your Turn", "Opponent's Turn", "Once Per Turn")
KEYWORD_MARKERS: tuple[Keyword, ...] = ("Rush", "Rush: Character", "Blocker", "Double Attack", "Banish", "Unblockable")
_KEYWORDS: dict[str, Keyword] = {k: k for k in KEYWORD_MARKERS}
_DON_MARKER = re.compile(r"DON!! x(\d+)")

# Text substitutions that carry no meaning. Circled digits are the older "rest N DON!!" cost icon.
_CHAR_MAP = str.maketrans(
    {
        "\u2212": "-",
        "\uff0d": "-",
        "\u2013": "-",
        "\uff1c": "<",
        "\uff1e": ">",
        "\u2019": "'",
        "\u2780": "\u2460",
        "\u2781": "\u2461",
        "\u2782": "\u2462",
        "\u2783": "\u2463",
        "\u2784": "\u2464",
        "\u2785": "\u2465",
    }
)
# Reminder text restates a rule; it never adds one. Recognised by how it opens.
_REMINDER = re.compile(
    r"\s*\((?:After your opponent declares|You may (?:rest|return) the specified|This card |"
    r"When this card deals)[^)]*\)"
)
# Misprints in the official English text whose meaning the rest of the card makes plain; each is
# written out in full so that no other text is touched.
_MISPRINTS = {
    "Leader or Charactes gains": "Leader or Character cards gains",  # OP17-076
    "Characters with a cost 5 or less": "Characters with a cost of 5 or less",  # OP10-079
    "Draw card(s) so that": "Draw cards so that",  # OP02-051: the plural says the same
}
# "... 1 of your Characters.[On Your Opponent's Attack] ...": a timing marker run on after a full
# stop opens a new line (EB01-002 prints it so).
_RUN_ON = re.compile(r"(?<=\.)(?=\[(?:" + "|".join(re.escape(m) for m in TIMING_MARKERS) + r")\])")
_BULLET = re.compile(r"[\u2022-] ")
_LEADING_MARKER = re.compile(r"\[([^\]]+)\]\s*/?\s*")


@dataclass(frozen=True)
class Segment:
    """One effect's worth of text: its timings (several for "[On Play]/[When Attacking]"), its
    flag markers, and the body. A line of keyword boxes only is a segment with ``keywords``."""

    timings: tuple[Timing, ...] = ()
    flags: tuple[str, ...] = ()
    don: int | None = None
    keywords: tuple[Keyword, ...] = ()
    body: str = ""

    @property
    def markers(self) -> tuple[str, ...]:
        """The bracket markers as printed, for coverage counts."""
        don = (f"DON!! x{self.don}",) if self.don else ()
        timing_names = {v: k for k, v in TIMING_MARKERS.items()}
        return don + tuple(timing_names[t] for t in self.timings) + self.flags + self.keywords


def normalise(text: str) -> str:
    text = html.unescape(text).translate(_CHAR_MAP).replace("<br>", "\n")
    text = _REMINDER.sub("", text)
    for wrong, right in _MISPRINTS.items():
        text = text.replace(wrong, right)
    text = _RUN_ON.sub("\n", text)
    return "\n".join(" ".join(line.split()) for line in text.split("\n"))


def _leading_markers(line: str) -> tuple[list[str], str]:
    """Peel bracket markers off the start of a line; stop at the first bracket that is not one
    (a card name such as "[Nami] cards gain..." is body text)."""
    known = set(TIMING_MARKERS) | set(FLAG_MARKERS) | set(KEYWORD_MARKERS)
    markers: list[str] = []
    while m := _LEADING_MARKER.match(line):
        name = m.group(1)
        if name not in known and not _DON_MARKER.fullmatch(name):
            break
        markers.append(name)
        line = line[m.end() :]
    return markers, line.strip()


def _segment_line(markers: list[str], body: str) -> Segment:
    timings = tuple(TIMING_MARKERS[m] for m in markers if m in TIMING_MARKERS)
    flags = tuple(m for m in markers if m in FLAG_MARKERS)
    keywords = tuple(_KEYWORDS[m] for m in markers if m in _KEYWORDS)
    don = next((int(d.group(1)) for m in markers if (d := _DON_MARKER.fullmatch(m))), None)
    return Segment(timings=timings, flags=flags, don=don, keywords=keywords, body=body)


def segment(text: str) -> list[Segment]:
    """Split normalised text into segments. A line that opens with no marker continues the previous
    segment when that one ends in a list opener ("Choose one:") or the line is a bullet ("\u2022 "
    or "- "); otherwise
    it is an unmarked (static or self-triggered) effect of its own."""
    segments: list[Segment] = []
    for line in normalise(text).split("\n"):
        if not line:
            continue
        markers, body = _leading_markers(line)
        prev = segments[-1] if segments else None
        if not markers and prev and (_BULLET.match(line) or prev.body.endswith(":")):
            segments[-1] = Segment(prev.timings, prev.flags, prev.don, prev.keywords, f"{prev.body}\n{line}")
            continue
        segments.append(_segment_line(markers, body))
    return segments
