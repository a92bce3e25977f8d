"""cardpantry command line: ingest the sources, build the site, serve it.

python build.py ingest [--mirror DIR]            acquire sources, build state/catalog.duckdb
python build.py stats                            per game and source: sets, cards, quarantine
python build.py build --out DIR --as-of ISO8601 [--mirror DIR] [--base-url https://cards.example.org]
python build.py serve --dist DIR --port N [--state DIR]
python build.py feedback list|export [--state DIR]   the reports POSTed to /api/v1/feedback
python build.py effect-coverage                  One Piece effect texts that compile, per set
"""

from __future__ import annotations

import datetime as dt
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from generator.participation.feedback_store import StoredReport

ROOT = Path(__file__).resolve().parent
DEFAULT_STATE = Path(os.environ.get("CARDPANTRY_STATE", ROOT / "state"))

mirror_option = click.option(
    "--mirror",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="CARDPANTRY_MIRROR",
    default=None,
    help="Local mirror of the upstream dumps (laid out like ../shared/data); env CARDPANTRY_MIRROR.",
)
platform_option = click.option(
    "--platform",
    "platform",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    default=None,
    help="The platform export (docs/platform-export.md); env CARDPANTRY_PLATFORM, else the synthetic sample.",
)
state_option = click.option(
    "--state",
    "state_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=DEFAULT_STATE,
    show_default=True,
    help="State folder: catalog.duckdb, the source run history, and the reports POSTed to /api/v1/feedback.",
)


def _existing_catalog(state_dir: Path) -> Path:
    catalog = state_dir / "catalog.duckdb"
    if not catalog.exists():
        raise click.ClickException(f"no catalog at {catalog}: run `python build.py ingest` first")
    return catalog


@click.group()
def cli() -> None:
    """cardpantry: an open card-data directory, built to static files."""


@cli.command()
@mirror_option
@state_option
def ingest(mirror: Path | None, state_dir: Path) -> None:
    """Acquire every registered source and build the DuckDB catalog."""
    from generator.ingest.run import ingest as run_ingest

    click.echo(f"Ingesting into {state_dir / 'catalog.duckdb'}")
    result = run_ingest(state_dir, mirror, log=click.echo)
    click.echo(result.report())


@cli.command()
@state_option
def stats(state_dir: Path) -> None:
    """Print sets, cards, printings, languages and quarantined rows per game and source."""
    from generator.catalog.queries import connect
    from generator.catalog.stats import stats_report

    with connect(_existing_catalog(state_dir)) as con:
        click.echo(stats_report(con))


@cli.command("effect-coverage")
@state_option
def effect_coverage(state_dir: Path) -> None:
    """Per set: One Piece card ids with effect text, and how many compile fully into effect trees."""
    from generator.catalog.queries import connect, onepiece_cards
    from generator.play.effects.coverage import effect_coverage as coverage
    from generator.play.effects.coverage import format_coverage

    with connect(_existing_catalog(state_dir)) as con:
        cards = onepiece_cards(con)
    click.echo(format_coverage(coverage(cards.values())))


def _as_of(value: str | None) -> dt.datetime:
    """--as-of, else SOURCE_DATE_EPOCH, else now (ARCHITECTURE.md "Time and determinism")."""
    if value:
        try:
            moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            raise click.BadParameter(f"{value!r} is not an ISO 8601 date-time", param_hint="--as-of") from None
        return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return dt.datetime.fromtimestamp(int(os.environ["SOURCE_DATE_EPOCH"]), dt.UTC)
    return dt.datetime.now(dt.UTC).replace(microsecond=0)


@cli.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=ROOT / "dist", show_default=True)
@click.option("--as-of", "as_of", default=None, help="Build time (ISO 8601); else SOURCE_DATE_EPOCH, else now.")
@click.option("--reuse-catalog", is_flag=True, help="Skip ingest and render from the existing catalog.")
@click.option(
    "--base-url",
    "base_url",
    envvar="CARDPANTRY_BASE_URL",
    default=None,
    help="The site's origin for every absolute URL (https://cards.example.org); env CARDPANTRY_BASE_URL, "
    "else content/site.toml's (http://127.0.0.1:8000, where `serve` listens).",
)
@click.option(
    "--search-index",
    "search_index",
    is_flag=True,
    help="Also write the static search index (/pagefind/: one Pagefind record per card and language), so a "
    "host without the app finds cards by name; about 20 s and 46,000 more files on the full catalog "
    "(docs/search.md). `make build` sets it.",
)
@mirror_option
@state_option
@platform_option
def build(
    out: Path,
    as_of: str | None,
    reuse_catalog: bool,
    base_url: str | None,
    search_index: bool,
    mirror: Path | None,
    state_dir: Path,
    platform: Path | None,
) -> None:
    """Ingest the sources, then render every static surface into OUT with its routes manifest."""
    from generator.build import build as run_build
    from generator.ingest.run import ingest as run_ingest
    from generator.site import BASE_URL, BASE_URL_VARIABLE, load_site

    if base_url:  # read by load_site, here and in the forked render workers
        if not re.match(BASE_URL, base_url):
            raise click.BadParameter(
                f"{base_url!r} is not an origin: scheme://host[:port], no path", param_hint="--base-url"
            )
        os.environ[BASE_URL_VARIABLE] = base_url
        load_site.cache_clear()

    moment = _as_of(as_of)
    catalog = state_dir / "catalog.duckdb"
    sources = None
    if not (reuse_catalog and catalog.exists()):
        click.echo("Ingesting sources")
        sources = run_ingest(state_dir, mirror, log=click.echo, at=moment).report()  # runs dated as of the build
    click.echo(f"Rendering into {out} as of {moment.isoformat()} for {load_site().base_url}")
    summary = run_build(out, moment, catalog, sources, platform_dir=platform, search_index=search_index)
    click.echo(summary.line())


@cli.command()
@click.option(
    "--dist", type=click.Path(file_okay=False, exists=True, path_type=Path), default=ROOT / "dist", show_default=True
)
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option(
    "--dev-referee-key",
    is_flag=True,
    help="Without CARDPANTRY_REFEREE_KEY, seal practice games with the public development key "
    "(local use only: anyone can read such tokens).",
)
@platform_option
@state_option
def serve(dist: Path, host: str, port: int, dev_referee_key: bool, platform: Path | None, state_dir: Path) -> None:
    """Serve DIST as a CDN would, plus the dynamic routes, with uvicorn (generator.serve.server)."""
    from generator.serve.app import create_app
    from generator.serve.server import run

    app = create_app(dist, dev_referee_key=dev_referee_key, platform=platform, state=state_dir)
    referee = "on" if app.context.referee_key else "off (set CARDPANTRY_REFEREE_KEY)"
    click.echo(f"Serving {dist} on http://{host}:{port}/ (practice referee {referee}; reports kept in {state_dir})")
    run(app, host, port)


@cli.group()
def feedback() -> None:
    """Read the reports POSTed to /api/v1/feedback (the app's state folder; nothing here changes them)."""


def _stored_reports(state_dir: Path, kind: str | None, after: str | None) -> list[StoredReport]:
    from generator.participation.feedback_store import FILE_NAME, FeedbackStore, sequence_of

    if not (state_dir / FILE_NAME).exists():
        click.echo(f"no report store at {state_dir / FILE_NAME}: nothing has been stored there", err=True)
        return []
    try:
        since = sequence_of(after) if after else 0
    except ValueError as bad:
        raise click.BadParameter(str(bad), param_hint="--after") from None
    store = FeedbackStore(state_dir, max_reports=1, max_bytes=1024)  # bounds apply to writes only
    try:
        return list(store.reports(since, kind))
    finally:
        store.close()


kind_option = click.option("--kind", default=None, help="Only this kind (federation-adopter: the adopter claims).")
after_option = click.option("--after", default=None, help="Only the reports stored after this id (fb-<n>).")


@feedback.command("list")
@state_option
@kind_option
@after_option
def feedback_list(state_dir: Path, kind: str | None, after: str | None) -> None:
    """One line a report, oldest first: id, when, kind, and the start of its message."""
    reports = _stored_reports(state_dir, kind, after)
    for found in reports:
        message = " ".join(str(found.document.get("message", "")).split())
        click.echo(f"{found.id}\t{found.received_at}\t{found.kind}\t{message[:100]}")
    click.echo(f"{len(reports)} report(s)", err=True)


@feedback.command("export")
@state_option
@kind_option
@after_option
def feedback_export(state_dir: Path, kind: str | None, after: str | None) -> None:
    """Every report whole, as JSON lines (id, received_at, kind, content_hash, document), oldest first."""
    import orjson

    for found in _stored_reports(state_dir, kind, after):
        click.echo(orjson.dumps(found.as_json()).decode())


if __name__ == "__main__":
    sys.exit(cli())
