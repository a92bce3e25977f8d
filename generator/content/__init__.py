"""The service's authored content (``content/``), loaded and validated once per build or app start.

Surfaces read it from ``Context.content``; nothing keeps a module-level copy, so a test can hand a
surface any content it likes, and a content error fails the build at load time with the file and
the field named (pydantic), before a single route is rendered.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.content.catalog_policies import FxFallback, OraclePolicies, load_fx_fallback, load_oracle_policies
from generator.content.culture import AnsweringRhymes, load_answering_rhymes
from generator.content.discovery import DiscoveryContent, load_discovery
from generator.content.orientation import (
    IdentifyContent,
    Orientation,
    SeedNote,
    load_identify,
    load_notes,
    load_orientation,
)
from generator.content.playful import Playful, load_playful
from generator.content.pulls import Pulls, load_pulls
from generator.content.reader_pages import ReaderPages, load_reader_pages
from generator.content.retired import RetiredSkus, load_retired
from generator.content.signals import SignalsContent, load_signals
from generator.play.decks.rules import RulesData, load_rules
from generator.play.rulebook.models import PlayContent, load_play_content

CONTENT_ROOT = Path(__file__).resolve().parents[2] / "content"


@dataclass(frozen=True)
class Content:
    play: PlayContent  # content/play: tutorial, glossary, archetypes, play index and spec, meta
    deck_rules: RulesData  # content/play/deck_rules.yaml
    oracle_policies: OraclePolicies  # content/oracle_policies.yaml
    fx_fallback: FxFallback  # content/fx_fallback.yaml
    pulls: Pulls  # content/pulls.yaml: booster anatomy per game, cited
    playful: Playful  # content/playful: jokes, koans, tarot, haiku, tunes, lexicon, doors (family G)
    discovery: DiscoveryContent  # content/ontology.yaml, content/discovery, content/ledgers, and the content graph
    orientation: Orientation  # content/orientation: the welcome and the layered introduction
    participation_notes: tuple[SeedNote, ...]  # content/participation/notes.yaml: the agents' CC0 seed notes
    identify: IdentifyContent  # content/participation/identify.yaml: self-declaration and normative vectors
    signals: SignalsContent  # content/signals/preview.yaml: the signals product preview (family E)
    reader_pages: ReaderPages  # content/pages: /scrapers and the condition checklist
    answering_rhymes: AnsweringRhymes  # content/culture: cards and public-domain museum works
    retired: RetiredSkus  # content/retired_skus.yaml: retired SKUs and their successors


def load_content(root: Path = CONTENT_ROOT) -> Content:
    return Content(
        play=load_play_content(root / "play"),
        deck_rules=load_rules(root / "play" / "deck_rules.yaml"),
        oracle_policies=load_oracle_policies(root),
        fx_fallback=load_fx_fallback(root),
        pulls=load_pulls(root),
        playful=load_playful(root / "playful"),
        discovery=load_discovery(root),
        orientation=load_orientation(root),
        participation_notes=load_notes(root),
        identify=load_identify(root),
        signals=load_signals(root),
        reader_pages=load_reader_pages(root),
        answering_rhymes=load_answering_rhymes(root),
        retired=load_retired(root),
    )
