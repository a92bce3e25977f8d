"""The culture family's reader pages: the answering rhymes and the partner gallery, each rendering
its JSON sibling's data (``generator.surfaces.culture``) through the reader-page kit.
"""

from __future__ import annotations

from typing import Any

from generator.models.pages.reader import ReaderPage
from generator.site import Site
from generator.surfaces.culture import gallery, rhyme_relations
from generator.surfaces.pages.reader import item, page
from generator.web.surface import Context, Params, Query, Result, Surface


def relations_page(ctx: Context, params: Params, query: Query) -> Result:
    """One section a relation: why they rhyme, then the card and the work as two-column rows, which
    read at a phone's width (a four-column table squeezed the text to a sliver)."""
    d = rhyme_relations.relations(ctx, params, {}).data
    sections: list[dict[str, Any]] = [
        {
            "heading": f"{rel['card']['name']} and {rel['work']['title']}",
            "text": rel["text"],
            "columns": ("Part", "Detail"),
            "rows": [
                [
                    "Card",
                    {
                        "label": f"{rel['card']['name']} ({rel['card']['sku']})",
                        "href": f"/product/{rel['card']['sku']}",
                    },
                ],
                ["Work", {"label": rel["work"]["title"], "href": rel["work"]["object_url"]}],
                ["By", rel["work"]["maker"]],
                ["Museum", f"{rel['work']['museum']}, accession {rel['work']['accession_id']}"],
                ["Rhyme", rel["rhyme"]],
            ],
            "items": [],
        }
        for rel in d["relations"]
    ]
    if not sections:
        sections = [
            {"heading": "No relations", "items": [{"label": "None in this build's catalog", "text": "", "href": None}]}
        ]
    description = (
        f"{d['count']} cards of the catalog beside public-domain museum works that answer them; each work "
        "is in the public domain by its museum's own record, linked from its title."
    )
    return page(ctx, "/answering-rhymes", rhyme_relations.PATH, "Answering rhymes", description, sections)


def gallery_page(ctx: Context, params: Params, query: Query) -> Result:
    d = gallery.gallery(ctx, params, query).data
    name = ctx.site.partner_gallery
    if d["state"] == "available":
        feed = d["feed"]
        works = [
            item(ctx, w["title"], f"{w.get('creator') or 'unknown creator'}; {w['license']}", None)
            for w in feed["works"]
        ]
        sections = [
            {
                "heading": f"{feed['gallery']}: {len(works)} works",
                "text": f"Updated {feed['updated_at']}; read {d['fetched_at']}.",
                "items": works,
            }
        ]
        notice = None
    else:
        sections = []
        why = d["unavailable"]
        notice = f"The partner's feed is unavailable ({why['kind'].replace('-', ' ')}): {why['detail']}."
    description = "A partner gallery's works, read from its own feed and shown as it published them."
    return page(ctx, f"/{name}", f"/api/v1/culture/{name}", name, description, sections, notice=notice)


def surfaces(site: Site) -> tuple[Surface, ...]:
    common: dict[str, Any] = {
        "enumerate": lambda ctx: [{}],
        "freshness": "catalog",
        "since": "2026-11-25",
        "stability": "experimental",
        "enveloped": False,
        "media_type": "text/html",
        "template": "page.html",
        "model": ReaderPage,
    }
    return (
        Surface(
            "pages.answering_rhymes",
            "/answering-rhymes",
            "C",
            relations_page,
            summary="The answering rhymes as a page",
            **common,
        ),
        Surface(
            "pages.partner_gallery",
            f"/{site.partner_gallery}",
            "C",
            gallery_page,
            provenance_kind="synced",
            summary="The partner gallery as a page",
            **common,
        ),
    )
