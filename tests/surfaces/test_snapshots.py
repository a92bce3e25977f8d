"""Syrupy JSON snapshots of every surface's ``data`` over the synthetic catalog, with a fixed ``now``.

One snapshot file per surface (``__snapshots__/test_snapshots/``): every case of the shared sample
table (``tests/surfaces/conftest.py``) plus its pinned error answers, each with its status and its
``data`` (the whole document when the surface is not enveloped; the error body without ``_meta``).
The ``_meta`` is left out on purpose: the invariant test covers it, and a site config edit must not
rewrite every snapshot. So is what the registry decides in an answer that lists or counts every
surface (``registry_wide.py`` says which and why): adding a surface rewrites no snapshot, and
``test_registry_wide.py`` checks those parts against the registry. Accept a reviewed change with
``pytest --snapshot-update``.
"""

from __future__ import annotations

from urllib.parse import urlencode

import orjson
import pytest
from registry_wide import split
from syrupy.extensions.json import JSONSnapshotExtension

from generator.contract.examples import SELF_DESCRIBING
from generator.site import load_site
from generator.surfaces.families import surfaces
from generator.web.respond import respond
from generator.web.surface import Context, Surface

# Surfaces that describe the registry itself (OpenAPI, manifest, tools, examples) change with every
# surface added; tests/contract checks them against the registry instead of pinning their bytes.
READ_SURFACES = [s for s in surfaces(load_site()) if s.compute is not None and s.id not in SELF_DESCRIBING]


@pytest.fixture
def snapshot_json(snapshot):
    return snapshot.use_extension(JSONSnapshotExtension)


def pinned(body: bytes, media_type: str):
    """What a snapshot keeps of a body: ``data`` (or the error) of JSON, the text of anything else."""
    if media_type != "application/json":
        return body.decode("utf-8")
    document = orjson.loads(body)
    return {k: v for k, v in document.items() if k != "_meta"} if isinstance(document, dict) else document


@pytest.mark.parametrize("surface", READ_SURFACES, ids=[s.id for s in READ_SURFACES])
def test_surface_bodies(surface: Surface, ctx: Context, snapshot_json, surface_cases, error_samples) -> None:
    bodies = {}
    for params, query in surface_cases(surface, ctx) + error_samples(surface):
        path = surface.concrete(params)
        rendered = respond(surface, ctx, params, query, path)
        key = path + ("?" + urlencode(query) if query else "")
        body, _ = split(surface.id, key, pinned(rendered.body, rendered.media_type))  # the registry's parts: MARK
        bodies[key] = {"status": rendered.status, "body": body}
    assert bodies == snapshot_json
