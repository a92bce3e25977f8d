"""What a reader page hands ``templates/page.html`` (``generator.surfaces.pages.reader.page``): checked at
build time like every JSON document, so a page cannot be written from a context the template does
not expect (a misnamed member would otherwise render as nothing, silently)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, RootModel, model_validator

from generator.models.catalog.cards import SearchMatch, SearchSummary
from generator.models.frozen import Doc, checks_the_document
from generator.models.operations.sources import DatasetEntry

LANG = r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"  # a BCP 47 tag (generator.surfaces.pages.languages)
LANG_NOTE = "the BCP 47 tag of the label's language (a printing's name); absent where it is the page's"


class PageLink(Doc):
    label: str
    href: str | None = Field(description="a path that answers; null where nothing would")
    lang: str | None = Field(None, pattern=LANG, description=LANG_NOTE)


class PageItem(Doc):
    label: str
    text: str = ""
    href: str | None = None
    lang: str | None = Field(None, pattern=LANG, description=LANG_NOTE)


class PageName(Doc):
    """A printing's name that starts the page's heading, in a language not the page's."""

    text: str
    lang: str = Field(pattern=LANG)


class PageSection(Doc):
    heading: str
    anchor: str | None = Field(None, pattern=r"^[a-z][a-z0-9-]*$", description="the section's stable fragment id")
    text: str | None = None
    items: tuple[PageItem, ...] = ()
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str | PageLink, ...], ...] = ()


class FormField(Doc):
    name: str
    label: str
    value: str
    placeholder: str


class PageForm(Doc):
    action: str = Field(pattern=r"^/")
    submit: str
    fields: tuple[FormField, ...]


class ReaderPage(Doc):
    title: str
    heading: str
    description: str
    canonical: str
    json_: str | None = Field(alias="json", description="the page's JSON sibling, where it has one")
    crumbs: tuple[tuple[str, str | None], ...] = Field(description="(label, path or null), the site root first")
    notice: str | None = None
    sections: tuple[PageSection, ...]
    form: PageForm | None = None
    named: PageName | None = Field(None, description="the printed name the heading starts with, in its language")

    @model_validator(mode="before")
    @classmethod
    @checks_the_document
    def _heading_starts_with_the_name(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data  # a page already made (its rule held when it was)
        named, heading = data.get("named"), data.get("heading")
        text = named.get("text") if isinstance(named, dict) else getattr(named, "text", None)
        if isinstance(text, str) and isinstance(heading, str) and not heading.startswith(text):
            raise ValueError(f"the heading {heading!r} does not start with the name {text!r}")
        return data


class GameChoice(Doc):
    token: str
    name: str


class LanguageWords(Doc):
    words: str = Field(description="the language in words, with its code: Japanese (ja)")
    lang: str | None = Field(pattern=LANG, description="the BCP 47 tag of text in it; null for the page's English")


class SearchPage(Doc):
    """``templates/search.html``: the form, and the results of ``?game=&q=`` when there is a query."""

    title: str
    canonical: str
    crumbs: tuple[tuple[str, str | None], ...]
    json_: str | None = Field(alias="json", description="the search as JSON, once there is a query")
    games: tuple[GameChoice, ...]
    game: str
    q: str
    error: str | None = Field(description="why the query was refused (the JSON search's 400 message)")
    summary: SearchSummary | None
    matches: tuple[SearchMatch, ...]
    truncated: bool
    languages: dict[str, LanguageWords] = Field(description="each language code a match may have, in words")
    variants: dict[str, str] = Field(description="a listed match's variant token in words, by SKU: p1 (parallel art)")


class DatasetsPage(Doc):
    """``templates/datasets.html``: the datasets catalog as a page."""

    title: str
    canonical: str
    crumbs: tuple[tuple[str, str | None], ...]
    json_: str = Field(alias="json")
    datasets: tuple[DatasetEntry, ...]


class TextDocument(RootModel[str]):
    """A text answer (the text mode, the stylesheet): one string, as its media type is written."""
