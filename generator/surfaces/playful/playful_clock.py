"""The clock-rotated playful surfaces: blessing (UTC date), koan of the day, dad joke and knock-knock
(GMT hour), haiku (hour) and today (all of them at once).

Every choice is a pure function of ``ctx.now`` and the content: the day's number since 0001-01-01
or the hour's number since the Unix epoch, modulo the corpus, so two app processes (or a build and
an app) answer the same hour alike and every item comes round in turn. The haiku fills its slots
from a sha256 of the hour. These answers are computed by the app, never written as files (a file
would be stale within the hour); their freshness key (``rotating``) is short.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from typing import Literal

from generator.content.playful import SLOT, Haiku, Playful
from generator.models.playful import answers as docs
from generator.surfaces.playful.playful_query import MARKDOWN, TEXT, flag, integer, text_format
from generator.web.envelope import iso
from generator.web.surface import Context, Params, Query, Result

UTC = dt.UTC
DADJOKE_FORMATS = {"json": None, "text": TEXT, "md": MARKDOWN}


def hour_of(now: dt.datetime) -> dt.datetime:
    return now.astimezone(UTC).replace(minute=0, second=0, microsecond=0)


def hour_number(now: dt.datetime) -> int:
    return int(hour_of(now).timestamp()) // 3600


def next_hour(now: dt.datetime) -> str:
    return iso(hour_of(now) + dt.timedelta(hours=1))


def next_day(now: dt.datetime) -> str:
    day = now.astimezone(UTC).date() + dt.timedelta(days=1)
    return iso(dt.datetime(day.year, day.month, day.day, tzinfo=UTC))


def day_number(now: dt.datetime) -> int:
    return now.astimezone(UTC).date().toordinal()


def blessing_of(playful: Playful, now: dt.datetime) -> tuple[int, docs.BlessingItem]:
    index = day_number(now) % len(playful.blessings)
    chosen = playful.blessings[index]
    return index, docs.BlessingItem(id=chosen.id, text=chosen.text)


def blessing(ctx: Context, params: Params, query: Query) -> Result:
    playful = ctx.content.playful
    index, chosen = blessing_of(playful, ctx.now)
    return Result(
        data=docs.Blessing(
            kind="blessing",
            date=ctx.now.astimezone(UTC).date().isoformat(),
            blessing=chosen,
            number=index + 1,
            of=len(playful.blessings),
            rotates_at=next_day(ctx.now),
        ).model_dump(mode="json", by_alias=True)
    )


def koan_items(playful: Playful) -> list[docs.KoanItem]:
    return [
        docs.KoanItem(number=i, id=k.id, title=k.title, case=k.case, reflection=k.reflection)
        for i, k in enumerate(playful.koans, start=1)
    ]


def koan_of_the_day(playful: Playful, now: dt.datetime) -> docs.KoanItem:
    return koan_items(playful)[day_number(now) % len(playful.koans)]


def koan(ctx: Context, params: Params, query: Query) -> Result:
    playful, every = ctx.content.playful, flag(query, "all")
    chosen = koan_items(playful) if every else [koan_of_the_day(playful, ctx.now)]
    return Result(
        data=docs.Koans(
            kind="koan",
            selection="all" if every else "day",
            date=None if every else ctx.now.astimezone(UTC).date().isoformat(),
            rotates_at=None if every else next_day(ctx.now),
            count=len(chosen),
            of=len(playful.koans),
            koans=tuple(chosen),
        ).model_dump(mode="json", by_alias=True)
    )


def dadjoke_of_the_hour(playful: Playful, now: dt.datetime) -> docs.DadJoke:
    joke = playful.jokes.dad_jokes[hour_number(now) % len(playful.jokes.dad_jokes)]
    return docs.DadJoke(id=joke.id, setup=joke.setup, punchline=joke.punchline)


def dadjoke(ctx: Context, params: Params, query: Query) -> Result:
    playful, every = ctx.content.playful, flag(query, "all")
    media_type = text_format(query, DADJOKE_FORMATS)
    everything = playful.jokes.dad_jokes
    jokes = (
        [docs.DadJoke(id=j.id, setup=j.setup, punchline=j.punchline) for j in everything]
        if every
        else [dadjoke_of_the_hour(playful, ctx.now)]
    )
    if media_type == TEXT:
        return Result(data="\n\n".join(f"{j.setup}\n{j.punchline}" for j in jokes) + "\n", media_type=TEXT)
    if media_type == MARKDOWN:
        title = "# Dad jokes\n\n" if every else f"# The dad joke of {iso(hour_of(ctx.now))}\n\n"
        return Result(
            data=title + "\n\n".join(f"**{j.setup}**\n\n{j.punchline}" for j in jokes) + "\n", media_type=MARKDOWN
        )
    return Result(
        data=docs.DadJokes(
            kind="dadjoke",
            selection="all" if every else "hour",
            hour=None if every else iso(hour_of(ctx.now)),
            rotates_at=None if every else next_hour(ctx.now),
            count=len(jokes),
            of=len(everything),
            jokes=tuple(jokes),
            formats=tuple(DADJOKE_FORMATS),
        ).model_dump(mode="json", by_alias=True)
    )


def knock_knock_items(playful: Playful) -> list[docs.KnockKnock]:
    return [
        docs.KnockKnock(n=i, id=k.id, lines=("Knock knock.", "Who's there?", f"{k.who}.", f"{k.who} who?", k.punchline))
        for i, k in enumerate(playful.jokes.knock_knocks, start=1)
    ]


def knock_knock_of_the_hour(playful: Playful, now: dt.datetime) -> docs.KnockKnock:
    return knock_knock_items(playful)[hour_number(now) % len(playful.jokes.knock_knocks)]


def knock_knock(ctx: Context, params: Params, query: Query) -> Result:
    playful = ctx.content.playful
    items = knock_knock_items(playful)
    n = integer(query, "n", None)
    every = flag(query, "all")
    selection: Literal["hour", "n", "all"]
    if every:
        chosen, selection = items, "all"
    elif n is not None:
        chosen, selection = [items[n - 1]], "n"
    else:
        chosen, selection = [knock_knock_of_the_hour(playful, ctx.now)], "hour"
    rotating = selection == "hour"
    return Result(
        data=docs.KnockKnocks(
            kind="knock_knock",
            selection=selection,
            hour=iso(hour_of(ctx.now)) if rotating else None,
            rotates_at=next_hour(ctx.now) if rotating else None,
            count=len(chosen),
            of=len(items),
            knock_knocks=tuple(chosen),
        ).model_dump(mode="json", by_alias=True)
    )


def _pick(digest: bytes, salt: int, size: int) -> int:
    return int.from_bytes(hashlib.sha256(digest + salt.to_bytes(4, "big")).digest()[:8], "big") % size


def write_haiku(haiku: Haiku, moment: dt.datetime) -> tuple[str, tuple[str, str, str]]:
    """The hour's haiku: (template id, three lines). A bank's words are not repeated within a poem
    while the bank has unused ones."""
    digest = hashlib.sha256(f"cardpantry-haiku/v1/{iso(hour_of(moment))}".encode()).digest()
    template = haiku.templates[_pick(digest, 0, len(haiku.templates))]
    used: dict[str, set[str]] = {}
    slot_number = 0

    def fill(match: re.Match[str]) -> str:
        nonlocal slot_number
        slot_number += 1
        bank = match.group(1)
        words = haiku.banks[bank].words
        fresh = [w for w in words if w not in used.setdefault(bank, set())] or list(words)
        word = fresh[_pick(digest, slot_number, len(fresh))]
        used[bank].add(word)
        return word

    lines = tuple(SLOT.sub(fill, line) for line in template.lines)
    return template.id, (lines[0], lines[1], lines[2])


def haiku(ctx: Context, params: Params, query: Query) -> Result:
    template, lines = write_haiku(ctx.content.playful.haiku, ctx.now)
    return Result(
        data=docs.Haiku(
            kind="haiku",
            hour=iso(hour_of(ctx.now)),
            template=template,
            lines=lines,
            syllables=(5, 7, 5),
            text="\n".join(lines),
            rotates_at=next_hour(ctx.now),
        ).model_dump(mode="json", by_alias=True)
    )
