"""HTML pages from Jinja2 templates in ``templates/``.

A template sees the surface's data, plus the few site-wide values the shared layout
(``templates/base.html``) needs: the site's name, its games for the header search, and the
stylesheet's content-hashed address. Not its base URL: a page's data carries its canonical URL,
made from its own context's site (the app may serve a build made for another base URL). The
environment is made once per process (each render worker compiles a template once, and never
looks at its file again: a build or an app serves the templates it started with).

A card page is about 150 escaped values, 80 ``is mapping`` tests and 40 attribute lookups on
dicts, and those were half of its rendering time (py-spy over the real build, issue 37), so the
environment takes three faster paths to the same answers as Jinja's own: markupsafe's escape
without its Python-level ``Markup.__new__`` for plain strings, ``is mapping`` answering builtin
types without the ABC machinery, and ``dict.key`` looked up as an item at once where a dict has
no attribute of that name (Jinja tries the attribute first, which raises and is caught). The
reader table's rows, most of a card page's values, are made in Python (``table_rows``, a global of
the environment): the markup the template's loop made, in less time.
"""

from __future__ import annotations

import hashlib
from collections import abc
from collections.abc import Callable, Iterable, MutableMapping, Sequence
from functools import cache, partial
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template, meta, select_autoescape
from markupsafe import Markup, escape
from markupsafe._speedups import _escape_inner

from generator.dependencies import read
from generator.site import load_site

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
STYLESHEET = TEMPLATES / "assets" / "site.css"
SEARCH_SCRIPT = TEMPLATES / "assets" / "search.js"  # the header search's static-host fallback (docs/search.md)
_DICT_ATTRIBUTES = frozenset(dir(dict))  # what getattr finds on a plain dict: never its keys
_markup: Callable[[str], Markup] = partial(str.__new__, Markup)  # Markup(text) for a str, as markupsafe makes it, in C


def _escape(value: Any) -> Markup:
    """markupsafe's ``escape``, the same result for every value, one Python call for a str."""
    if type(value) is str:
        return _markup(_escape_inner(value))
    return escape(value)


# Builtin types whose answer to ``isinstance(value, abc.Mapping)`` cannot change: a table cell is
# one of them, and the ABC's own check (a Python frame and a cache lookup) cost as much as the rest.
_KNOWN_MAPPING = {dict: True, str: False, int: False, float: False, bool: False, type(None): False, list: False}


def _is_mapping(value: Any) -> bool:
    """Jinja's ``mapping`` test (``isinstance(value, abc.Mapping)``), builtin types answered first."""
    known = _KNOWN_MAPPING.get(type(value))
    return isinstance(value, abc.Mapping) if known is None else known


def table_rows(rows: Iterable[Sequence[Any]]) -> Markup:
    """A reader table's body rows (``page.html``): each row's first cell is its header (``th``),
    the rest data cells; a cell is a value, or a mapping with ``label`` and ``href`` (a link when
    the href is set) and, where it is not English, ``lang``. The markup Jinja made of the same loop,
    byte for byte (tests/render/test_html.py): the rows were 57% of a reader page's template time
    (47 of 82 us, every 10th page of a build), and are about 30 us here (a page 71 us)."""
    parts = []
    for row in rows:
        parts.append(f'\n          <tr><th scope="row">{_cell(row[0])}</th>')
        parts.extend([f"<td>{_cell(cell)}</td>" for cell in row[1:]])
        parts.append("</tr>\n        ")
    return _markup("".join(parts))


def _cell(cell: Any) -> str:
    """A cell's escaped text (a plain ``str``: one ``Markup`` is made of the whole table)."""
    if type(cell) is str:
        return _escape_inner(cell)
    if not _is_mapping(cell):
        return str(escape(cell))
    label = _text(cell["label"])
    lang = f' lang="{_text(cell["lang"])}"' if "lang" in cell else ""
    if cell["href"]:
        return f'<a href="{_text(cell["href"])}"{lang}>{label}</a>'
    return f"<span{lang}>{label}</span>" if lang else label


def _text(value: Any) -> str:
    return _escape_inner(value) if type(value) is str else str(escape(value))


class _Template(Template):
    @classmethod
    def _from_namespace(
        cls, environment: Environment, namespace: MutableMapping[str, Any], globals: MutableMapping[str, Any]
    ) -> Template:
        """The compiled module imported ``escape`` from ``jinja2.runtime``; it calls ours instead."""
        namespace["escape"] = _escape
        return super()._from_namespace(environment, namespace, globals)


class _Environment(Environment):
    template_class = _Template

    def getattr(self, obj: Any, attribute: str) -> Any:
        """``obj.attribute``: Jinja's answer (the attribute, else the item, else undefined), with a
        plain dict's key read directly when no attribute of that name exists on dicts."""
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


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
    env = _Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(default=True),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        auto_reload=False,  # no stat of the template's file for every page
    )
    env.tests["mapping"] = _is_mapping
    site = load_site()
    env.globals.update(
        site_name=site.display_name,
        site_games=tuple(site.game_names.items()),
        site_game_tokens=tuple(site.game_names),  # is the page's game one of them (no filter per page)
        stylesheet=stylesheet_path(),
        search_script=search_script_path(),
        table_rows=table_rows,
    )
    return env


def render_html(template: str, data: dict[str, Any]) -> bytes:
    read(f"template:{template}")  # what a rebuild compares: ``template_digest``
    return environment().get_template(template).render(**data).encode("utf-8")


def template_digest(name: str) -> str:
    """The digest of everything a page rendered from ``name`` reads of ``templates/``: the template,
    what it extends, includes and imports (closed over), and the assets whose content-hashed
    addresses every page carries. A name built at render time (no literal) is read as every template."""
    env, seen, todo = environment(), set(), [name]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        source = env.loader.get_source(env, current)[0] if env.loader else ""
        for found in meta.find_referenced_templates(env.parse(source)):
            todo += [found] if found is not None else [p.relative_to(TEMPLATES).as_posix() for p in _templates()]
    digest = hashlib.sha256()
    for path in sorted({TEMPLATES / n for n in seen} | set((TEMPLATES / "assets").rglob("*"))):
        if path.is_file():
            digest.update(path.relative_to(TEMPLATES).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _templates() -> list[Path]:
    return [p for p in TEMPLATES.rglob("*.html") if "assets" not in p.parts]
