"""The render environment's fast paths (escape, ``is mapping``, ``dict.key``) give Jinja's own answers.

Every template is rendered by ``generator.render.html``'s environment; these tests render the same
template source with it and with a stock Jinja environment of the same settings, over values that
take each path: plain and special-character strings, Markup, numbers, None, objects with
``__html__``, dicts whose keys shadow dict methods, mappings that are not dicts, missing keys.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jinja2 import Environment, StrictUndefined, UndefinedError, select_autoescape
from markupsafe import Markup

from generator.render.html import environment, render_html, table_rows

SOURCE = (
    "{{ value }}|{{ value ~ '&' }}|{% if value is mapping %}map:{{ value.label }}|{{ value.items }}"
    "|{{ value['items'] }}|{{ value.get('label') }}{% endif %}|{{ values | join(', ') }}"
)


def stock() -> Environment:
    escaping = select_autoescape(default=True)
    return Environment(autoescape=escaping, undefined=StrictUndefined, keep_trailing_newline=True)


class Html:
    def __html__(self) -> str:
        return "<b>already safe</b>"


class FrozenMapping(Mapping[str, Any]):
    def __init__(self, **items: Any) -> None:
        self._items = dict(items)

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)


def both(source: str, **data: Any) -> tuple[str, str]:
    return environment().from_string(source).render(**data), stock().from_string(source).render(**data)


@given(st.one_of(st.text(), st.integers(), st.floats(allow_nan=False), st.none(), st.booleans()))
def test_scalars_escape_as_jinja_does(value: Any) -> None:
    ours, theirs = both(SOURCE, value=value, values=[value, "<&>"])
    assert ours == theirs


@pytest.mark.parametrize(
    "value",
    [
        "a < b & \"c\" 'd' >",
        Markup("<i>kept</i>"),
        Html(),
        {"label": "<x>", "items": "shadowed key", "get": "also shadowed"},
        {"label": Markup("<i>safe</i>")},
        OrderedDict(label="ordered <dict>", items=1),
        FrozenMapping(label="a mapping, not a dict", items="x"),
        [1, 2],
    ],
    ids=["specials", "markup", "__html__", "dict-shadowing-methods", "dict-markup", "dict-subclass", "mapping", "list"],
)
def test_values_render_as_jinja_renders_them(value: Any) -> None:
    ours, theirs = both(SOURCE, value=value, values=[value, Markup("<br>")])
    assert ours == theirs


def test_a_missing_key_is_undefined_in_both() -> None:
    for env in (environment(), stock()):
        with pytest.raises(UndefinedError):
            env.from_string("{{ value.label }}").render(value={"other": 1})


# The reader table's rows as page.html made them in Jinja before ``table_rows`` (the reference it is held to).
CELL = (
    "{% if cell is not mapping %}{{ cell }}{% elif cell['href'] %}<a href=\"{{ cell['href'] }}\""
    "{% if 'lang' in cell %} lang=\"{{ cell['lang'] }}\"{% endif %}>{{ cell['label'] }}</a>"
    "{% elif 'lang' in cell %}<span lang=\"{{ cell['lang'] }}\">{{ cell['label'] }}</span>"
    "{% else %}{{ cell['label'] }}{% endif %}"
)
JINJA_ROWS = (
    '{% for row in rows %}\n          <tr>{% set cell = row[0] %}<th scope="row">' + CELL + "</th>"
    "{% for cell in row[1:] %}<td>" + CELL + "</td>{% endfor %}</tr>\n        {% endfor %}"
)
texts = st.one_of(st.text(), st.sampled_from(["<b>&\"'", "Zoro", "ゾロ"]), st.builds(Markup, st.text()))
scalars = st.one_of(texts, st.integers(), st.floats(allow_nan=False), st.none(), st.booleans())
cells = st.one_of(
    scalars,
    st.fixed_dictionaries(
        {"label": scalars, "href": st.one_of(st.none(), st.just(""), texts)}, optional={"lang": texts}
    ),
    st.builds(lambda label, href: FrozenMapping(label=label, href=href), scalars, st.one_of(st.none(), texts)),
    st.builds(Html),
)


@given(st.lists(st.lists(cells, min_size=1, max_size=5), max_size=4))
def test_table_rows_are_the_jinja_loop_they_replace(rows: list[list[Any]]) -> None:
    """``table_rows`` (Python, for speed) writes what the Jinja loop wrote, for every kind of cell."""
    assert str(table_rows(rows)) == stock().from_string(JINJA_ROWS).render(rows=rows)


def test_a_page_template_renders_with_the_fast_paths() -> None:
    """page.html over sections with rows of strings and link cells: the same bytes as stock Jinja."""
    data = {
        "title": "T & <t>",
        "description": "d",
        "canonical": "https://example.org/x",
        "json": "/api/x",
        "heading": "H",
        "crumbs": [("Home", "/"), ("<here>", None)],
        "sections": [
            {
                "heading": "S",
                "columns": ["a", "b"],
                "rows": [[{"label": "L<1>", "href": "/l?a=1&b=2"}, 3], ["x", None]],
                "items": [],
            },
            {"heading": "Items", "anchor": "items", "items": [{"label": "k", "href": None, "text": "v & w"}]},
        ],
    }
    env = stock()
    env.globals.update(environment().globals)
    loader = environment().loader
    assert loader is not None
    env.loader = loader
    assert render_html("page.html", data) == env.get_template("page.html").render(**data).encode()
