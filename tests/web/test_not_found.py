"""generator.web.not_found: the did-you-mean of the JSON 404, which any unknown path reaches."""

from __future__ import annotations

import difflib

import pytest

from generator.web.not_found import SHORTLIST, suggestions


def test_a_misspelt_path_is_suggested_its_surface(ctx) -> None:
    for wrong, right in (
        ("/api/v1/universal/gamez", "/api/v1/universal/games"),
        ("/api/v1/heartbeet", "/api/v1/heartbeat"),
        ("/api/v1/serach/cards", "/api/v1/search/cards"),
        ("/api/v1/play/deck/validat", "/api/v1/play/deck/validate"),
    ):
        assert suggestions(ctx.surfaces, wrong)[0] == right, wrong


def test_the_full_ratio_is_computed_for_a_shortlist_only(ctx, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 34: every unknown path cost the event loop a full difflib ratio against each of the ~180
    registered paths (1.5 to 5 ms); now only the shortlist by quick ratio gets one."""
    computed = []
    ratio = difflib.SequenceMatcher.ratio

    def counted(self: difflib.SequenceMatcher) -> float:
        computed.append(self.a)
        return ratio(self)

    monkeypatch.setattr(difflib.SequenceMatcher, "ratio", counted)
    suggestions(ctx.surfaces, "/api/v1/nowhere/at/all")
    assert 0 < len(computed) <= SHORTLIST < len({s.path for s in ctx.surfaces}) / 4
