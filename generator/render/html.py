"""HTML pages from Jinja2 templates in ``templates/``; a template only ever sees the surface's data."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@cache
def environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(default=True),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )


def render_html(template: str, data: dict[str, Any]) -> bytes:
    return environment().get_template(template).render(**data).encode("utf-8")
