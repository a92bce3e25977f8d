"""What a reader page hands ``templates/page.html`` (``generator.surfaces.pages.page``): checked at
build time like every JSON document, so a page cannot be written from a context the template does
not expect (a misnamed member would otherwise render as nothing, silently)."""

from __future__ import annotations

from pydantic import Field

from generator.models.documents import Doc


class PageLink(Doc):
    label: str
    href: str | None = Field(description="a path that answers; null where nothing would")


class PageItem(Doc):
    label: str
    text: str = ""
    href: str | None = None


class PageSection(Doc):
    heading: str
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
