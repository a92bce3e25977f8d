"""The language of a printing, as a reader and a browser read it (issue 39).

A SKU's language token (docs/sku.md: ``en``, ``ja``, ``fr``, ``de``, ``it``, ``es``, ``zh``) is an
ISO 639-1 code. A reader sees it in words (``Japanese (ja)``: the code stays beside the word, since
SKUs and the search's trailing language token use it). A browser needs the text's BCP 47 tag on the
element that holds it: the pages are ``lang="en"``, and a Japanese or Chinese name marked as English
is drawn with the wrong glyph forms (Han unification: one code point, different shapes in Japanese
and Chinese fonts) and read aloud by an English voice. Every code is its own BCP 47 tag but one:
the catalog's ``zh`` printings are Lorcana's Chinese release, printed in simplified characters
(``lor-1-1-zh`` is ``爱丽儿``, not the traditional ``愛麗兒``), so ``zh`` is ``zh-Hans``, the script
subtag that picks simplified glyphs. A source of traditional Chinese printings would need a language
token of its own in the SKU standard, and ``zh-Hant`` here.
"""

from __future__ import annotations

from typing import Any

PAGE_LANGUAGE = "en"  # templates/base.html: what a page's own words are written in
LANGUAGE_NAMES = {
    "en": "English",
    "fr": "French",
    "de": "German",
    "it": "Italian",
    "es": "Spanish",
    "pt": "Portuguese",
    "ja": "Japanese",
    "zh": "Chinese",
    "ko": "Korean",
}
BCP47 = {"zh": "zh-Hans"}  # where a SKU's language token is not the tag itself (see above)


def language_name(code: str) -> str:
    """``Japanese (ja)``; an unknown code as it is."""
    name = LANGUAGE_NAMES.get(code)
    return f"{name} ({code})" if name else code


def language_tag(code: str) -> str:
    """The BCP 47 tag of text in a printing of language ``code``."""
    return BCP47.get(code, code)


def lang_attribute(code: str) -> str | None:
    """The ``lang`` an element holding a printing's text needs on an English page: none for English."""
    return None if code == PAGE_LANGUAGE else language_tag(code)


def in_language(label: str, code: str, href: str | None = None) -> dict[str, Any]:
    """A table cell or item label of text in a printing's language (its name): ``lang`` only where
    the text is not in the page's language, so English cards' pages carry no more bytes."""
    cell: dict[str, Any] = {"label": label, "href": href}
    tag = lang_attribute(code)
    if tag is not None:
        cell["lang"] = tag
    return cell


def languages_in_words() -> dict[str, dict[str, str | None]]:
    """Every code with its words and its ``lang`` attribute (null for English), for the search page
    and its script (``templates/assets/search.js`` reads them from the page: written once, here)."""
    return {code: {"words": language_name(code), "lang": lang_attribute(code)} for code in LANGUAGE_NAMES}
