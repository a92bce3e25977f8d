"""Probes: the facts the service's self-description is checked against (issue 32, item 2).

An authored claim about the service (a gap is open, a handoff's next step is still to do, a
kingdom is not served yet) goes stale the day someone fixes what it describes. So each such claim
names a probe, ``"<kind>:<argument>"``, and the build measures it against the registry and the
catalog: a gap is served as ``closed`` once its probe no longer finds it, with what was measured;
a claim the facts contradict fails the build, naming the claim (``claims.py``).

A probe answers ``(open, evidence)``: ``open`` is whether the gap (the lack, the limit) it
describes is still there, ``evidence`` the measurement, in a sentence.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.surfaces.catalog import doors, fx
from generator.web.router import match
from generator.web.surface import Context, Surface

Finding = tuple[bool, str]


def _surface(ctx: Context, path: str) -> Surface | None:
    """The surface serving ``path``: a spec template (``/product/{sku}``) or a concrete path."""
    declared = next((s for s in ctx.surfaces if s.path == path), None)
    found = match(ctx.surfaces, path)
    return declared or (found[0] if found else None)


def unserved(ctx: Context, path: str) -> Finding:
    """Open while no surface answers ``path``."""
    surface = _surface(ctx, path)
    return (
        surface is None,
        f"{path} is {'not ' if surface is None else ''}served ({surface.id if surface else 'no surface'})",
    )


def unserved_html(ctx: Context, path: str) -> Finding:
    """Open while ``path`` is not served as an HTML page."""
    surface = _surface(ctx, path)
    html = surface is not None and surface.media_type.startswith("text/html")
    return not html, f"{path} is {'' if html else 'not '}served as an HTML page"


def paused(ctx: Context, path: str) -> Finding:
    """Open while the surface at ``path`` is a paused door (its documented answer a 503)."""
    surface = _surface(ctx, path)
    stopped = surface is not None and surface.paused
    return stopped, f"{path} {'answers its paused 503' if stopped else 'is not a paused door'}"


def keyed(ctx: Context, path: str) -> Finding:
    """Open while the surface at ``path`` needs a key (its auth is not public)."""
    surface = _surface(ctx, path)
    gated = surface is not None and surface.auth != "public"
    return gated, f"{path} {'needs ' + surface.auth if surface and gated else 'is public'}"


def withheld(ctx: Context, field: str) -> Finding:
    """Open while the universal card names ``field`` among what it does not include."""
    surface = next((s for s in ctx.surfaces if s.id == "universal.card"), None)
    named = surface is not None and any(field in item for item in surface.does_not_include)
    return named, f"the universal card {'withholds' if named else 'publishes'} {field}"


def undated(ctx: Context, game: str) -> Finding:
    """Open while no set of ``game`` is dated (``*``: while any set of any game is undated)."""
    games = [g.game for g in ctx.snapshot.games()] if game == "*" else [game]
    sets = [s for g in games for s in ctx.snapshot.sets_of_game(g)]
    bare = [f"{s.game}/{s.set_code}" for s in sets if s.release_date is None]
    still = bool(bare) if game == "*" else len(bare) == len(sets)
    listed = ", ".join(bare[:20]) + (" ..." if len(bare) > 20 else "")
    return still, f"{len(sets) - len(bare)} of {len(sets)} sets dated" + (f"; undated: {listed}" if bare else "")


def unnamed(ctx: Context, game: str) -> Finding:
    """Open while a set of ``game`` is named only by its code (no source names it)."""
    bare = [s.set_code for s in ctx.snapshot.sets_of_game(game) if s.name.strip().lower() == s.set_code.lower()]
    total = len(ctx.snapshot.sets_of_game(game))
    return bool(bare), f"{total - len(bare)} of {total} sets named" + (
        f"; by code only: {', '.join(bare)}" if bare else ""
    )


def languages(ctx: Context, argument: str) -> Finding:
    """``<game>/<n>``: open while ``game``'s printings come in at most ``n`` languages."""
    game, _, most = argument.partition("/")
    found = sorted(ctx.snapshot.languages_of_game(game))  # from the index: parses no printing
    return len(found) <= int(most), f"{game} printings in {len(found)} languages: {', '.join(found)}"


def prices_paused(ctx: Context, _: str) -> Finding:
    """Open while the sold-comps policy says price publication is paused (``surfaces.catalog.doors``)."""
    policy = doors.sold_comps_policy(ctx, {}, {}).data
    stopped = policy["status"] == "paused"
    return stopped, f"price publication is {policy['status']} ({policy['publication_status']})"


def fx_stale(ctx: Context, _: str) -> Finding:
    """Open while the FX table the build serves is stale or the fallback (``surfaces.catalog.fx``)."""
    rates = fx.fx_rates(ctx, {}, {}).data
    late = rates["stale"] or rates["is_fallback"]
    fallback = "the fallback, " if rates["is_fallback"] else ""
    age = f"{rates['age_hours']} h old at the build (stale past {rates['stale_after_hours']} h)"
    return late, f"{fallback}rates of {rates['source_date']}, {age}"


def accountless(ctx: Context, _: str) -> Finding:
    """Open while no surface knows a user (no ``user`` auth anywhere)."""
    users = [s.path for s in ctx.surfaces if s.auth == "user"]
    return not users, f"{len(users)} surfaces take a user's credentials"


PROBES: dict[str, Callable[[Context, str], Finding]] = {
    "unserved": unserved,
    "unserved-html": unserved_html,
    "paused": paused,
    "keyed": keyed,
    "withheld": withheld,
    "undated": undated,
    "unnamed": unnamed,
    "languages": languages,
    "fx-stale": fx_stale,
    "prices-paused": prices_paused,
    "accountless": accountless,
}


def probe(ctx: Context, spec: str) -> Finding:
    """Measure ``spec`` (``"<kind>:<argument>"``). An unknown kind raises ``KeyError``; the build's
    claims check (``claims.py``) names the claim that spelled it."""
    kind, _, argument = spec.partition(":")
    return PROBES[kind](ctx, argument)
