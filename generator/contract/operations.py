"""The operations a surface contributes to the contract: one per method it answers (GET for its
``compute``, then its ``Method``s; an ``any`` handler expands to every method). OpenAPI documents
each, and the examples record a real request and answer for each."""

from __future__ import annotations

from generator.web.surface import Method, Surface

METHOD_NAMES = ("get", "post", "put", "patch", "delete")  # OPTIONS is the app's own preflight on every path


def methods(surface: Surface) -> dict[str, Method | None]:
    """Lower-case method name -> its handler (None for GET, which is ``compute``)."""
    found: dict[str, Method | None] = {}
    if surface.compute is not None:
        found["get"] = None
    if surface.post is not None:
        found["post"] = surface.post
    if surface.delete is not None:
        found["delete"] = surface.delete
    if surface.any is not None:
        for name in METHOD_NAMES:
            found.setdefault(name, surface.any)
    return found


def operation_id(surface: Surface, method: str) -> str:
    """OpenAPI's ``operationId``: the surface id with ``.`` as ``_``, then the method."""
    return f"{surface.id.replace('.', '_')}_{method.lower()}"
