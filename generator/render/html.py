"""HTML pages from Jinja2 templates in ``templates/``.

A template sees the surface's data, plus the few site-wide values the shared layout
(``templates/base.html``) needs: the site's name, its games for the header search, and the
stylesheet's content-hashed address. Not its base URL: a page's data carries its canonical URL,
made from its own context's site (the app may serve a build made for another base URL). The
environment is made once per process (each render worker compiles a template once).
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from generator.site import load_site

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
STYLESHEET = TEMPLATES / "assets" / "site.css"
SEARCH_SCRIPT = TEMPLATES / "assets" / "search.js"  # the header search's static-host fallback (docs/search.md)


def stylesheet_path() -> str:
    """``/assets/site.<first 12 hex of its sha256>.css``: a new name whenever the bytes change, so
    the file can be cached for a year."""
    return asset_path(STYLESHEET)


def search_script_path() -> str:
    """``/assets/search.<hash>.js``, named as the stylesheet is."""
    return asset_path(SEARCH_SCRIPT)


def asset_path(file: Path) -> str:
    stem, _, suffix = file.name.rpartition(".")
    return f"/assets/{stem}.{hashlib.sha256(file.read_bytes()).hexdigest()[:12]}.{suffix}"


@cache
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(default=True),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )
    site = load_site()
    env.globals.update(
        site_name=site.display_name,
        site_games=tuple(site.game_names.items()),
        stylesheet=stylesheet_path(),
        search_script=search_script_path(),
    )
    return env


def render_html(template: str, data: dict[str, Any]) -> bytes:
    return environment().get_template(template).render(**data).encode("utf-8")
