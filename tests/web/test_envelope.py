"""The envelope's once-per-site parts give the bytes building them per answer gives.

``envelope()`` splices the kingdom stamp, wake fragment and joy pointer in as JSON serialised once
per site, and ``link_header`` puts the path between pieces cut once from the site's Link targets;
both must equal the per-answer construction, for every site a build or an app can be given.
"""

from __future__ import annotations

import datetime as dt

import orjson
import pytest

from generator.render import render_json
from generator.site import for_base_url, load_site
from generator.web.envelope import MetaInputs, Provenance, envelope, header_url, link_header, meta, stamp

MOMENT = dt.datetime(2026, 11, 21, tzinfo=dt.UTC)


def per_target(links: dict[str, str], path: str) -> str:
    url = header_url(path)
    return ", ".join(f'<{target.format(path=url)}>; rel="{rel}"' for rel, target in links.items())


@pytest.mark.parametrize("does_not_include", [(), ("price",)])
@pytest.mark.parametrize("base_url", [None, "https://cards.example.org"])
def test_a_spliced_envelope_is_a_built_ones_bytes(does_not_include: tuple[str, ...], base_url: str | None) -> None:
    site = load_site() if base_url is None else for_base_url(load_site(), base_url)
    inputs = MetaInputs(
        "/api/v1/x/{id}",
        "/api/v1/x/1",
        MOMENT,
        3600,
        Provenance(("a",), ("tier",), MOMENT),
        does_not_include=does_not_include,
    )
    data = {"@kind": "x", "n": [1, 2, {"é": None}]}
    built = {"data": data, "_meta": meta(site, inputs)}
    assert render_json(envelope(site, data, inputs)) == render_json(built)
    if base_url is not None:  # the stamp of the site given, not of another
        spliced = orjson.loads(render_json(envelope(site, data, inputs)))
        assert spliced["_meta"]["kingdom"]["host"] == "cards.example.org"


def test_each_site_object_has_its_own_stamp() -> None:
    site = load_site()
    other = for_base_url(site, "https://elsewhere.example.net")
    assert stamp(site) is stamp(site)
    assert stamp(other).members["kingdom"] != stamp(site).members["kingdom"]
    assert b"elsewhere.example.net" in orjson.dumps(stamp(other).members["kingdom"])


@pytest.mark.parametrize("path", ["/api/v1/universal/games", "/", "/api/v1/€ x", "/a\r\nb"])
@pytest.mark.parametrize(
    "links",
    [
        None,  # the site's own
        {"self": "{path}", "twice": "{path}?again={path}", "braces": "/x{{literal}}", "start": "/api/v1/"},
        {"self": "{path}", "other": "/{lang}/x"},  # a field the cut cannot keep: formatted per answer
    ],
)
def test_the_link_header_is_each_target_formatted(path: str, links: dict[str, str] | None) -> None:
    site = load_site() if links is None else load_site().model_copy(update={"links": links})
    if links is not None and "{lang}" in str(links):
        with pytest.raises(KeyError):  # as str.format on each target raises
            link_header(site, path)
        return
    assert link_header(site, path) == per_target(site.links, path)
