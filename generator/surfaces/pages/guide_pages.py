"""Reader pages of family C with a form or authored text: ``/bridge``, ``/standards/validator``,
``/scrapers`` and ``/guides/condition/checklist``.

The two forms are plain GETs the app answers (no JavaScript): ``/bridge?a=&b=`` renders the bridge
surface's answer, ``/standards/validator?sku=`` or ``?hash=`` checks a SKU against the standard (the
one parser of ``generator.sku.standard``) and a content hash against the catalog's federation index. Without
a query each is its form alone, a file.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from generator.hashing import parse_hash
from generator.models.pages.reader import ReaderPage
from generator.site import Site
from generator.sku.standard import Sku, SkuError
from generator.surfaces.market import trust
from generator.surfaces.market.platform_access import private
from generator.surfaces.pages.reader import item, page
from generator.web.surface import Context, Param, Params, Query, Result, Surface
from generator.web.validate import check_params


def _form(action: str, submit: str, *fields: tuple[str, str, str, str]) -> dict[str, Any]:
    return {
        "action": action,
        "submit": submit,
        "fields": [{"name": n, "label": label, "value": v, "placeholder": p} for n, label, v, p in fields],
    }


def bridge_page(ctx: Context, params: Params, query: Query) -> Result:
    a, b = query.get("a", ""), query.get("b", "")
    sections: list[dict[str, Any]] = []
    notice = None
    if a or b:
        operands = {"a": a, "b": b}  # the reader page asks the API surface, under its own declaration
        found = check_params(trust.BRIDGE_QUERY, operands) or trust.bridge(ctx, {}, operands)
        if found.error is not None:
            notice = found.error[1]
        else:
            m = found.data["metrics"]
            rows = [(name.replace("_", " "), _value(value)) for name, value in m.items()]
            sections = [
                {
                    "heading": f"bridge_score {found.data['bridge_score']}",
                    "text": found.data["methodology"],
                    "columns": ("Metric", "Value"),
                    "rows": rows,
                    "items": [],
                },
            ]
    result = page(
        ctx,
        "/bridge",
        "/api/v1/bridge",
        "bridge",
        "How much of a person's public selling is in a set or a card: eleven metrics and a score.",
        sections,
        notice=notice,
    )
    result.data["form"] = _form(
        "/bridge",
        "Measure",
        ("a", "Person (u:<username>)", a, "u:tidepool"),
        ("b", "Set or card (c:<game>-<set> or c:<sku>)", b, "c:op-op01"),
    )
    # The JSON sibling is the bridge surface with the same query (a bare /api/v1/bridge is a 400).
    result.data["json"] = "/api/v1/bridge?" + urlencode({"a": a, "b": b}) if (a or b) else None
    return private(Result(data=result.data)) if (a or b) else Result(data=result.data)


def _value(value: Any) -> str:
    if isinstance(value, dict):
        shown = "undefined" if value["value"] is None else value["value"]
        return f"{value['numerator']} / {value['denominator']} = {shown}"
    return "none" if value is None else str(value)


def validator_page(ctx: Context, params: Params, query: Query) -> Result:
    sku_text, hash_text = query.get("sku", "").strip(), query.get("hash", "").strip()
    sections: list[dict[str, Any]] = [
        {
            "heading": "The standard",
            "items": [
                item(
                    ctx,
                    "A SKU is <game>-<set>-<number>-<lang>[-<variant>]",
                    "every part [a-z0-9]+; the game one of op, ptcg, fab, lor; written in lower case, exactly.",
                ),
                item(
                    ctx,
                    "A content hash is sha256:<64 lower-case hex>",
                    "over the RFC 8785 canonical JSON of a card's "
                    "identity fields; the universal card document carries it as @content_hash.",
                ),
            ],
        },
    ]
    if sku_text:
        sections.append({"heading": f"SKU {sku_text}", **_check_sku(ctx, sku_text)})
    if hash_text:
        sections.append({"heading": f"Hash {hash_text}", **_check_hash(ctx, hash_text)})
    result = page(
        ctx,
        "/standards/validator",
        "/api/v1/universal/encoding",
        "standards validator",
        "Check a SKU or a content hash against the published standard.",
        sections,
    )
    result.data["form"] = _form(
        "/standards/validator",
        "Check",
        ("sku", "SKU", sku_text, "op-op01-001-en"),
        ("hash", "Content hash", hash_text, "sha256:..."),
    )
    return Result(data=result.data)


def _check_sku(ctx: Context, text: str) -> dict[str, Any]:
    try:
        sku = Sku.parse(text)
    except SkuError as exc:
        folded = text.lower()
        hint = f" In lower case it would be {folded!r}." if folded != text and _parses(folded) else ""
        return {"text": f"Not a valid SKU: {exc}.{hint}", "items": []}
    found = ctx.snapshot.printing(str(sku)) is not None
    rows = [
        ("game", sku.game),
        ("set", sku.set),
        ("number", sku.number),
        ("lang", sku.lang),
        ("variant", sku.variant or "none"),
    ]
    status = item(
        ctx,
        "In the catalog",
        "yes" if found else "no: valid in form, but no such printing is listed",
        f"/product/{sku}" if found else None,
    )
    return {"text": "A valid SKU.", "columns": ("Part", "Value"), "rows": rows, "items": [status]}


def _parses(text: str) -> bool:
    try:
        Sku.parse(text)
    except SkuError:
        return False
    return True


def _check_hash(ctx: Context, text: str) -> dict[str, Any]:
    digest = parse_hash(text)
    if digest is None:
        return {"text": "Not a content hash: expected sha256: and 64 hexadecimal digits.", "items": []}
    sku = ctx.snapshot.sku_for_hash(digest)
    if sku is None:
        return {"text": f"A well-formed hash ({digest}) that no printing of this catalog has.", "items": []}
    return {"text": f"{digest} is the content hash of:", "items": [item(ctx, sku, "", f"/product/{sku}")]}


def scrapers_page(ctx: Context, params: Params, query: Query) -> Result:
    s = ctx.content.reader_pages.scrapers
    limits = ctx.site.rate_limits
    sections: list[dict[str, Any]] = [
        {"heading": "Instead of scraping", "items": [item(ctx, p.label, p.text, p.href) for p in s.practices]},
        {
            "heading": "Politeness",
            "text": f"Advisory limit: {limits.limit} requests per {limits.window_seconds} s "
            f"per client, bursts of {limits.burst}; every JSON answer carries RateLimit headers.",
            "items": [item(ctx, "The rate-limit policy", "", "/api/v1/rate-limits")],
        },
        {"heading": "Rights", "text": s.rights, "items": []},
    ]
    return page(ctx, "/scrapers", "/api/v1/manifest", "for scrapers", s.intro, sections)


def condition_page(ctx: Context, params: Params, query: Query) -> Result:
    c = ctx.content.reader_pages.condition
    sections: list[dict[str, Any]] = [
        {
            "heading": "Look, in this order",
            "items": [item(ctx, f"{n}. {s.label}", s.text) for n, s in enumerate(c.steps, 1)],
        },
        {
            "heading": "Grades, as the bid/ask book uses them",
            "columns": ("Grade", "What you found"),
            "rows": [(g.grade.replace("_", " "), g.text) for g in c.grades],
            "items": [],
        },
    ]
    return page(ctx, "/guides/condition/checklist", "/api/v1/guides", "condition checklist", c.intro, sections)


def surfaces(site: Site) -> tuple[Surface, ...]:
    html: dict[str, Any] = {
        "enumerate": lambda ctx: [{}],
        "enveloped": False,
        "media_type": "text/html",
        "template": "page.html",
        "model": ReaderPage,
        "since": "2026-11-25",
    }
    return (
        Surface(
            "pages.bridge",
            "/bridge",
            "C",
            bridge_page,
            freshness="uncached",
            provenance_kind="computed",
            clock=True,
            query_params=(Param("a", allow_empty=True), Param("b", allow_empty=True)),  # a form: blank fields
            summary="The bridge as a page: a form, and the metrics for a person and a set or card",
            **html,
        ),
        Surface(
            "pages.validator",
            "/standards/validator",
            "C",
            validator_page,
            freshness="methodology",
            provenance_kind="computed",
            query_params=(Param("sku", allow_empty=True), Param("hash", allow_empty=True)),  # a form: blank fields
            summary="Check a SKU or a content hash against the published standard (a form, no JavaScript)",
            **html,
        ),
        Surface(
            "pages.scrapers",
            "/scrapers",
            "C",
            scrapers_page,
            freshness="methodology",
            provenance_kind="static",
            summary="How to take everything without scraping: the JSON, the cadence, the rights",
            **html,
        ),
        Surface(
            "pages.condition",
            "/guides/condition/checklist",
            "C",
            condition_page,
            freshness="methodology",
            provenance_kind="static",
            summary="A card-condition checklist, in the bid/ask book's grades",
            **html,
        ),
    )
