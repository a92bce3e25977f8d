"""A retired SKU's answer on every card path: 301 to its successor, or 410 (docs/sku.md, "Retired SKUs").

The ledger is ``content/retired_skus.yaml`` (``ctx.content.retired``). A SKU path moves: its answer is
301 with ``Location`` the same path for the successor (RFC 9110 15.4.2: the printing has a new
permanent URI), and the body names both. Where the SKU is not a path (a query value, a batch item)
or the successor is not in this catalog, there is nothing to move to: 410 with the same body. The
build writes the SKU paths' answers as files (``every_sku``), so every host serves them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from generator.content.retired import RetiredSku
from generator.surfaces.catalog.links import card_url
from generator.web.surface import Context, Params, Result

CODE = "sku_retired"
MovedTo = Callable[[str], str]  # the path answering another SKU the way this one was asked


def retired_answer(ctx: Context, entry: RetiredSku, moved_to: MovedTo | None) -> Result:
    reason = ctx.content.retired.reasons[entry.reason]
    live = ctx.snapshot.printing(entry.successor) is not None
    moved = live and moved_to is not None
    message = f"SKU {entry.sku} was retired on {reason.retired_on.isoformat()}: its printing is {entry.successor}" + (
        "" if live else ", which this catalog does not hold either"
    )
    return Result(
        status=301 if moved else 410,
        error=(CODE, message),
        error_extra={
            "retired": {"sku": entry.sku, "retired_on": reason.retired_on.isoformat(), "reason": reason.text},
            "successor": {"sku": entry.successor, "in_catalog": live}
            | ({"@id": card_url(entry.successor)} if live else {}),  # a link only where it resolves
        },
        headers={"Location": moved_to(entry.successor)} if moved and moved_to is not None else None,
    )


def published_skus(ctx: Context) -> Iterator[Params]:
    return ({"sku": sku} for sku in ctx.snapshot.skus())


def every_sku(ctx: Context) -> Iterator[Params]:
    """Every published SKU, then every retired one the catalog does not publish: a JSON surface
    written per SKU writes the retired SKUs' 301s and 410s too (an HTML page's come from the app:
    the answer is JSON, which its route could not declare)."""
    yield from published_skus(ctx)
    yield from ({"sku": r.sku} for r in ctx.content.retired.retired if ctx.snapshot.printing(r.sku) is None)
