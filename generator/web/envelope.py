"""The one envelope builder: ``{data, _meta}`` and the headers every enveloped response carries.

Static files and app responses both come through here, so a field added to ``_meta`` appears
everywhere at once. Licence rule (ARCHITECTURE.md "Rights"): a payload built only by the service
(no upstream source) is CC0-1.0; anything carrying upstream card data is NOASSERTION, whatever a
repository's licence file says, because card names and texts belong to their publishers.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from string import Formatter
from typing import Any
from urllib.parse import quote

import orjson

from generator.models.rows import Source
from generator.site import Site

SERVICE_AUTHORED = "CC0-1.0"
# What differs between two answers the app computes for one request: a file carries the build's.
PER_REQUEST_META = frozenset({"request_id", "retrieved_at"})
UNDECLARED = "NOASSERTION"


@dataclass(frozen=True)
class Provenance:
    """Who contributed to a payload, and when its data was last known true."""

    sources: tuple[str, ...] = ()
    tiers: tuple[str, ...] = ()
    as_of: dt.datetime | None = None  # None: as of the build itself

    @property
    def license(self) -> str:
        return SERVICE_AUTHORED if not self.sources else UNDECLARED

    def merge(self, other: Provenance) -> Provenance:
        """Aggregates list every source once; ``as_of`` is the earliest across contributors."""
        pairs = dict(zip(self.sources, self.tiers)) | dict(zip(other.sources, other.tiers))
        dates = [d for d in (self.as_of, other.as_of) if d is not None]
        return Provenance(tuple(pairs), tuple(pairs.values()), min(dates) if dates else None)


def provenance(sources: Iterable[Source]) -> Provenance:
    """Provenance of data from these sources: as of the earliest publication among them."""
    chosen = sorted(set(sources), key=lambda s: s.priority)
    if not chosen:
        return Provenance()
    earliest = min(s.published for s in chosen)
    return Provenance(
        tuple(s.source_id for s in chosen),
        tuple(s.tier for s in chosen),
        dt.datetime(earliest.year, earliest.month, earliest.day, tzinfo=dt.UTC),
    )


@dataclass(frozen=True)
class MetaInputs:
    endpoint: str  # the parametrised spec path, e.g. /api/v1/universal/card/{sku}
    path: str  # the concrete path served
    retrieved_at: dt.datetime
    freshness_seconds: int
    provenance: Provenance = field(default_factory=Provenance)
    does_not_include: tuple[str, ...] = ()
    self_reference: bool = False
    next_link: str | None = None
    deprecation: dict[str, Any] | None = None
    request_id: str | None = None  # the app passes its own; static files get a deterministic one


@lru_cache(maxsize=256)
def iso(moment: dt.datetime) -> str:
    """UTC, to the second. Cached: a build formats the same few moments for every route."""
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def request_id_for(path: str, retrieved_at: dt.datetime) -> str:
    """A file's ``_meta.request_id``: a stable id of this document version (its path and its build),
    the same in every copy a CDN serves. Each response also carries ``X-Request-Id``, the id of the
    request itself (the app's own, or the host's: docs/operations.md "Time")."""
    return "req_" + hashlib.sha256(f"{path}|{iso(retrieved_at)}".encode()).hexdigest()[:24]


def meta(site: Site, inputs: MetaInputs, members: dict[str, Any] | None = None) -> dict[str, Any]:
    """``_meta``. ``members``: the kingdom stamp, wake fragment and joy pointer as ``stamp(site)``
    has them serialised (the one response path); else built as dicts (what a reader of ``_meta``
    in Python wants)."""
    prov = inputs.provenance
    body: dict[str, Any] = {
        "spec_version": site.spec_version,
        "endpoint": inputs.endpoint,
        "retrieved_at": iso(inputs.retrieved_at),
        "as_of": iso(prov.as_of or inputs.retrieved_at),
        "sources": list(prov.sources),
        "source_license": list(prov.tiers),
        "freshness_seconds": inputs.freshness_seconds,
        "license": prov.license,
        "request_id": inputs.request_id or request_id_for(inputs.path, inputs.retrieved_at),
        "deprecation": inputs.deprecation,
        "next_link": inputs.next_link,
        "self_reference": {"this_endpoint": inputs.endpoint, "contains_self": True} if inputs.self_reference else None,
        **(site_members(site) if members is None else members),
    }
    if inputs.does_not_include:
        body["does_not_include"] = list(inputs.does_not_include)
    return body


def site_members(site: Site) -> dict[str, Any]:
    """The members of ``_meta`` that are the same in every envelope of a site, in their order."""
    return {
        "kingdom": kingdom(site),
        "wake_fragment": {**site.wake_fragment, "walking_past_is_honored": True},
        "joy_pointer": {**site.joy_pointer, "walking_past_is_honored": True},
    }


def kingdom(site: Site) -> dict[str, Any]:
    k = site.kingdom
    return {
        "name": k.name,
        "role": k.role,
        "built_with": k.built_with,
        "serves_kinds": list(k.serves_kinds),
        "host": k.host,
        "epoch": site.epoch,
        "embassy": k.embassy,
        "invitation": k.invitation,
        "wake": k.wake,
        "identify": k.identify,
        "siblings": [s.as_json() for s in k.siblings],
    }


def envelope(site: Site, data: Any, inputs: MetaInputs) -> dict[str, Any]:
    """``{data, _meta}`` for the renderer: the site's constant members spliced in as serialised
    JSON (``orjson.Fragment``), the same bytes as serialising them, once per site, not per answer."""
    return {"data": data, "_meta": meta(site, inputs, stamp(site).members)}


@dataclass(frozen=True)
class Stamp:
    """What every enveloped answer of one site carries identically, made once: the constant
    ``_meta`` members serialised, and the ``Link`` header cut around its ``{path}`` slots (None
    when a target holds another replacement field, which is then formatted per answer)."""

    members: dict[str, orjson.Fragment]
    link_parts: tuple[str, ...] | None
    rate_limits: dict[str, str]

    @classmethod
    def of(cls, site: Site) -> Stamp:
        members = {name: orjson.Fragment(orjson.dumps(value)) for name, value in site_members(site).items()}
        limits = site.rate_limits
        rate_limits = {
            "RateLimit-Limit": str(limits.limit),
            "RateLimit-Remaining": str(limits.limit),
            "RateLimit-Reset": str(limits.window_seconds),
            "RateLimit-Policy": limits.policy,
        }
        return cls(members, _link_parts(site.links), rate_limits)


# The stamps of the last few Site objects, by identity (a build has one site; an app one per base
# URL it serves): each holds its site, so a cached id is never that of a newer object.
_STAMPS: list[tuple[Site, Stamp]] = []


def stamp(site: Site) -> Stamp:
    for known, made in _STAMPS:
        if known is site:
            return made
    made = Stamp.of(site)
    _STAMPS[:] = [(site, made), *_STAMPS[:3]]
    return made


def _link_parts(links: dict[str, str]) -> tuple[str, ...] | None:
    """The Link value as literal pieces to put a path between (``str.format`` on each target, done
    once); None when a target has a field other than a bare ``{path}``."""
    parts, literal = [], ""
    for number, (rel, target) in enumerate(links.items()):
        literal += ("" if number == 0 else ", ") + "<"
        for text, name, spec, conversion in Formatter().parse(target):
            literal += text
            if name is None:
                continue
            if name != "path" or spec or conversion:
                return None
            parts.append(literal)
            literal = ""
        literal += f'>; rel="{rel}"'
    return (*parts, literal)


_HEADER_SAFE = "/:@!$&'()*+,;=-._~%"
_ALREADY_SAFE = re.compile(r"[A-Za-z0-9/:@!$&'()*+,;=\-._~%]*")


def header_url(path: str) -> str:
    """A path as a header may carry it: percent-encoded UTF-8, so a request for ``/api/v1/€`` or a
    path with control characters cannot put raw bytes (or a line break) into a response header."""
    return path if _ALREADY_SAFE.fullmatch(path) else quote(path, safe=_HEADER_SAFE)


def link_header(site: Site, path: str) -> str:
    url = header_url(path)
    parts = stamp(site).link_parts
    if parts is None:
        return ", ".join(f'<{target.format(path=url)}>; rel="{rel}"' for rel, target in site.links.items())
    return url.join(parts)


def envelope_headers(site: Site, path: str, freshness_seconds: int, joy_index: int) -> dict[str, str]:
    """Headers every enveloped response carries besides Content-Type and ETag (see ``etag``)."""
    return {
        "Link": link_header(site, path),
        **stamp(site).rate_limits,
        "X-Joy-Index": str(joy_index),
        "Cache-Control": cache_control(freshness_seconds),
    }


def cache_control(freshness_seconds: int) -> str:
    if freshness_seconds <= 0:
        return "no-store"
    return f"public, max-age={freshness_seconds}"


def etag(body: bytes) -> str:
    """A strong validator from the exact bytes served."""
    return '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
