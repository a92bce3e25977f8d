"""The playful doors: the two 418s, the 402, the are-you-sure cascade, why, unsubscribe and the
easter-egg directory.

The 418 and 402 answers are documents with those statuses (spec "Errors" 3), not error bodies:
each is a ``Result`` with a status, a modelled ``data`` and, for the teapot, the ``Safe-Methods``
and ``Accept-Additions`` headers. POST on buy-the-kingdom answers before reading the body
(``read_body=False``): payment cannot override a rights boundary, so the offer is never looked at.
"""

from __future__ import annotations

from typing import Literal, cast
from urllib.parse import urlencode

from generator.content.playful import CASCADE_STEPS, WHY_DEPTH_LIMIT
from generator.models.playful import answers as docs
from generator.surfaces.playful.playful_query import choice, integer
from generator.web.surface import Context, Params, Query, Result

V1 = "/api/v1"
SAFE_METHODS = ("GET", "HEAD")
CASCADE = ("1", "2", "3", "confirmed", "declined")
Step = Literal["1", "2", "3", "confirmed", "declined"]


def teapot(ctx: Context, params: Params, query: Query) -> Result:
    doors = ctx.content.playful.doors
    data = docs.Teapot(
        kind="teapot",
        status=418,
        title=doors.teapot.title,
        message=doors.teapot.message,
        details=doors.teapot.details,
        brews="tea",
        safe_methods=SAFE_METHODS,
        accept_additions=doors.accept_additions,
    )
    return Result(
        status=418,
        data=data.model_dump(mode="json", by_alias=True),
        headers={"Safe-Methods": ", ".join(SAFE_METHODS), "Accept-Additions": ", ".join(doors.accept_additions)},
    )


def coffee(ctx: Context, params: Params, query: Query) -> Result:
    door = ctx.content.playful.doors.coffee
    data = docs.Coffee(
        kind="coffee", status=418, title=door.title, message=door.message, details=door.details, teapot=f"{V1}/teapot"
    )
    return Result(status=418, data=data.model_dump(mode="json", by_alias=True))


def buy_the_kingdom(ctx: Context, params: Params, query: Query) -> Result:
    """GET and POST alike; the POST body is never read (the method is registered with read_body=False)."""
    doors = ctx.content.playful.doors
    data = docs.Kingdom(
        kind="kingdom_not_for_sale",
        status=402,
        title=doors.kingdom.title,
        message=doors.kingdom.message,
        details=doors.kingdom.details,
        price=None,
        payment_rails=(),
        body_read=False,
        money_cannot_buy=doors.kingdom_not_for_sale,
        already_free=doors.kingdom_already_free,
    )
    return Result(status=402, data=data.model_dump(mode="json", by_alias=True))


def _step_url(step: str) -> str:
    return f"{V1}/are-you-sure?{urlencode({'step': step})}"


def are_you_sure(ctx: Context, params: Params, query: Query) -> Result:
    """Three questions through the query: ?step=1|2|3, then ?step=confirmed or ?step=declined."""
    cascade = ctx.content.playful.doors.cascade
    step = cast(Step, choice(query, "step", "1"))
    if step == "confirmed" or step == "declined":
        data = docs.AreYouSure(
            kind="are_you_sure",
            step=step,
            position=None,
            of=CASCADE_STEPS,
            question=None,
            detail=cascade.confirmed if step == "confirmed" else cascade.declined,
            choices=(),
            outcome=step,
            start_over=_step_url("1"),
        )
    else:
        position = int(step)
        asked = cascade.steps[position - 1]
        yes = str(position + 1) if position < CASCADE_STEPS else "confirmed"
        data = docs.AreYouSure(
            kind="are_you_sure",
            step=step,
            position=position,
            of=CASCADE_STEPS,
            question=asked.question,
            detail=asked.detail,
            choices=(
                docs.Choice(answer="yes", href=_step_url(yes)),
                docs.Choice(answer="no", href=_step_url("declined")),
            ),
            outcome=None,
            start_over=_step_url("1"),
        )
    return Result(data=data.model_dump(mode="json", by_alias=True))


def why(ctx: Context, params: Params, query: Query) -> Result:
    """depth above 42 is a 400, not a clamp: a silently shortened chain would hide the caller's mistake,
    and the spec calls 42 a bound (docs/playful.md)."""
    chains = ctx.content.playful.why
    contexts = tuple(c.context for c in chains)
    context = choice(query, "context", contexts[0])
    depth = integer(query, "depth", WHY_DEPTH_LIMIT) or WHY_DEPTH_LIMIT
    chain = next(c for c in chains if c.context == context)
    links = chain.because[:depth]
    return Result(
        data=docs.Why(
            kind="why",
            context=chain.context,
            question=chain.question,
            depth_requested=depth,
            depth_reached=len(links),
            depth_limit=WHY_DEPTH_LIMIT,
            bottomed_out=len(chain.because) < depth,
            chain=tuple(docs.WhyLink(depth=i, because=b) for i, b in enumerate(links, start=1)),
            contexts=contexts,
        ).model_dump(mode="json", by_alias=True)
    )


def unsubscribe(ctx: Context, params: Params, query: Query) -> Result:
    certificate = ctx.content.playful.doors.certificate
    return Result(
        data=docs.Certificate(
            kind="unsubscribe_certificate",
            title=certificate.title,
            subscription_count=0,
            subscriptions=(),
            statements=certificate.statements,
            never_collected=certificate.never_collected,
            issued_to="everyone",
            news=f"{V1}/changelog",
        ).model_dump(mode="json", by_alias=True)
    )


def easter_eggs(ctx: Context, params: Params, query: Query) -> Result:
    eggs = []
    for egg in ctx.content.playful.easter_eggs:
        request = None
        if egg.request is not None:
            url = egg.request.path + (f"?{urlencode(egg.request.query)}" if egg.request.query else "")
            request = docs.EggRequest(method=egg.request.method, url=url, headers=egg.request.headers)
        eggs.append(
            docs.EasterEgg(
                id=egg.id,
                title=egg.title,
                how=egg.how,
                what_you_find=egg.what_you_find,
                request=request,
                status=egg.status,
                header=egg.header,
            )
        )
    return Result(
        data=docs.EasterEggs(kind="easter_eggs", count=len(eggs), eggs=tuple(eggs)).model_dump(
            mode="json", by_alias=True
        )
    )
