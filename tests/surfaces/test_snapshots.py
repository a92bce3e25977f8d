"""Syrupy JSON snapshots of every surface's bodies over the synthetic catalog, with a fixed ``now``.

One snapshot file per surface (``__snapshots__/test_snapshots/``): every path the surface enumerates,
or the sample paths below for a surface that enumerates none, each with its status and parsed body.
A change to any body shows up as a diff to review; accept it with ``pytest --snapshot-update``.
"""

from __future__ import annotations

from urllib.parse import urlencode

import orjson
import pytest
from syrupy.extensions.json import JSONSnapshotExtension

from generator.surfaces import SURFACES
from generator.surfaces.registry import Context, Surface
from generator.surfaces.respond import respond

KNOWN_SKU = "op-op01-001-en"
UNMATCHED_HASH = "sha256:" + "0123456789abcdef" * 4


def _hash_of(ctx: Context, sku: str) -> str:
    return next(digest for digest, found in ctx.snapshot.hash_index.items() if found == sku)


# Paths for surfaces that enumerate nothing, and extra query variants for those that do.
SAMPLES = {
    "universal.temporal_card": lambda ctx: [({"date": "2024-02-29", "sku": KNOWN_SKU}, {}),
                                            ({"date": "1999-01-09", "sku": "ptcg-tst1-1-en"}, {}),
                                            ({"date": "2024-02-30", "sku": KNOWN_SKU}, {})],
    "federation.identify": lambda ctx: [({"hash": _hash_of(ctx, KNOWN_SKU)}, {}),
                                        ({"hash": _hash_of(ctx, "lor-1-1-fr").upper()}, {}),
                                        ({"hash": UNMATCHED_HASH}, {}), ({"hash": "nope"}, {})],
    "federation.identify_at": lambda ctx: [({"date": "2020-05-05", "hash": _hash_of(ctx, "fab-tfb-001-en-nr")}, {}),
                                           ({"date": "2020-05-05", "hash": UNMATCHED_HASH}, {})],
}
EXTRA = {
    "universal.card": lambda ctx: [({"sku": KNOWN_SKU}, {"density": "sparse"}),
                                   ({"sku": "op-op01-001-en-p1"}, {"density": "saturated"}),
                                   ({"sku": "op-op01-404-en"}, {})],
    "universal.sets": lambda ctx: [({"game": "mtg"}, {})],
    "federation.by_upstream": lambda ctx: [({}, {"upstream": "pricecharting"}), ({}, {"upstream": "nope"})],
}


@pytest.fixture
def snapshot_json(snapshot):
    return snapshot.use_extension(JSONSnapshotExtension)


READ_SURFACES = [s for s in SURFACES if "GET" in s.methods]


@pytest.mark.parametrize("surface", READ_SURFACES, ids=[s.id for s in READ_SURFACES])
def test_surface_bodies(surface: Surface, ctx: Context, snapshot_json) -> None:
    found = [(dict(p), {}) for p in surface.enumerate(ctx)] if surface.static else []
    if surface.id in SAMPLES:
        found += SAMPLES[surface.id](ctx)
    assert found, f"{surface.id} enumerates no path: add sample params to SAMPLES"
    found += EXTRA.get(surface.id, lambda ctx: [])(ctx)
    bodies = {}
    for params, query in found:
        path = surface.concrete(params)
        rendered = respond(surface, ctx, params, query, path)
        key = path + ("?" + urlencode(query) if query else "")
        json_body = rendered.media_type == "application/json"
        bodies[key] = {"status": rendered.status,
                       "body": orjson.loads(rendered.body) if json_body else rendered.body.decode("utf-8")}
    assert bodies == snapshot_json
