"""cardpantry command line: ingest the sources, build the site, serve it.

    python build.py ingest [--mirror DIR]            acquire sources, build state/catalog.duckdb
    python build.py stats                            per game and source: sets, cards, quarantine
    python build.py build --out DIR --as-of ISO8601 [--mirror DIR]
    python build.py serve --dist DIR --port N
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parent
DEFAULT_STATE = Path(os.environ.get("CARDPANTRY_STATE", ROOT / "state"))

mirror_option = click.option(
    "--mirror", type=click.Path(file_okay=False, path_type=Path), envvar="CARDPANTRY_MIRROR",
    default=None, help="Local mirror of the upstream dumps (laid out like ../shared/data); env CARDPANTRY_MIRROR.")
state_option = click.option(
    "--state", "state_dir", type=click.Path(file_okay=False, path_type=Path), default=DEFAULT_STATE,
    show_default=True, help="Build state folder: catalog.duckdb and the source run history.")


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
    if result.unavailable:
        click.echo(f"Unavailable (skipped): {', '.join(result.unavailable)}")


@cli.command()
@state_option
def stats(state_dir: Path) -> None:
    """Print sets, cards, printings, languages and quarantined rows per game and source."""
    from generator.catalog.queries import connect
    from generator.catalog.stats import stats_report

    catalog = state_dir / "catalog.duckdb"
    if not catalog.exists():
        raise click.ClickException(f"no catalog at {catalog}: run `python build.py ingest` first")
    with connect(catalog) as con:
        click.echo(stats_report(con))


if __name__ == "__main__":
    sys.exit(cli())
