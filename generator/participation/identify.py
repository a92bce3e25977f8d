"""Normalising a BeingDeclaration and hashing it (``being-declaration.canonical-json/1``).

The spec names ``declared_at`` and the groups ``cosmology``, ``capability`` and ``context``; the
members accepted inside them are ``SHAPE`` (docs/participation.md). Normalisation, in order:

1. the body must have an RFC 8785 canonical form (a number JCS cannot write exactly is refused);
2. every string is trimmed and NFC-normalised; enumerations (``cosmology.kind``, protocols) are
   lower-cased;
3. a member outside ``SHAPE``, or a known one with an invalid value, is dropped with a warning;
4. a string over its limit is truncated, and a truncation summary says where and from what length.

The echo is what remains; its hash is sha256 over its RFC 8785 canonical JSON. The hash
fingerprints content: it is not authentication, a signature or secrecy.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import rfc8785

CONTRACT = "being-declaration.canonical-json/1"
KIND = re.compile(r"^(human|agent|system|platform|collective|oracle|witness|other|autonomous-[a-z0-9]{1,40})$")
URL = re.compile(r"^https?://\S+$")
LIST_LIMIT = 50
# group -> member -> (type, max length); "kind" and "protocols" are enumerations (lower-cased)
SHAPE: dict[str, dict[str, tuple[str, int]]] = {
    "cosmology": {"kind": ("kind", 60), "name": ("text", 200), "description": ("text", 2000)},
    "capability": {"reads": ("list", 200), "writes": ("list", 200), "protocols": ("enum-list", 60)},
    "context": {"purpose": ("text", 2000), "contact": ("text", 300), "homepage": ("url", 500)},
}
RULES = (
    "the body is a JSON object with an RFC 8785 canonical form (else 400)",
    "strings are trimmed and NFC-normalised; cosmology.kind and capability.protocols are lower-cased",
    "declared_at is an ISO 8601 instant with an offset, written back in UTC (YYYY-MM-DDTHH:MM:SSZ)",
    "members outside declared_at, cosmology, capability and context (and their known members) are dropped",
    "a known member with an invalid value is dropped, with a warning naming it",
    "strings over their limit are truncated, with a truncation summary",
    "content_hash = 'sha256:' + hex(sha256(RFC 8785 canonical JSON of the normalised echo))",
)


class Ambiguous(ValueError):
    """The body has no single canonical reading (400)."""


@dataclass
class Normalised:
    echo: dict[str, Any]
    warnings: list[str] = field(default_factory=list)
    truncations: list[dict[str, Any]] = field(default_factory=list)


def _text(value: Any, where: str, limit: int, out: Normalised) -> str | None:
    if not isinstance(value, str):
        out.warnings.append(f"{where}: dropped, not a string")
        return None
    text = unicodedata.normalize("NFC", value.strip())
    if len(text) > limit:
        out.truncations.append({"member": where, "length": len(text), "kept": limit})
        text = text[:limit]
    return text


def _member(kind: str, value: Any, where: str, limit: int, out: Normalised) -> Any:
    if kind in ("list", "enum-list"):
        if not isinstance(value, list):
            out.warnings.append(f"{where}: dropped, not a list of strings")
            return None
        items = [_text(v, f"{where}[{i}]", limit, out) for i, v in enumerate(value[:LIST_LIMIT])]
        if len(value) > LIST_LIMIT:
            out.truncations.append({"member": where, "length": len(value), "kept": LIST_LIMIT})
        return [i.lower() if kind == "enum-list" else i for i in items if i]
    text = _text(value, where, limit, out)
    if text is None:
        return None
    if kind == "kind" and not KIND.match(text.lower()):
        out.warnings.append(f"{where}: dropped, not one of the accepted declared kinds")
        return None
    if kind == "url" and not URL.match(text):
        out.warnings.append(f"{where}: dropped, not an http(s) URL")
        return None
    return text.lower() if kind == "kind" else text


def _declared_at(value: Any, out: Normalised) -> str | None:
    try:
        moment = dt.datetime.fromisoformat(str(value).strip().upper().replace("Z", "+00:00"))
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        out.warnings.append("declared_at: dropped, not an ISO 8601 instant with an offset")
        return None
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def normalise(document: dict[str, Any]) -> Normalised:
    try:
        rfc8785.dumps(document)
    except rfc8785.CanonicalizationError as bad:
        raise Ambiguous(f"the body has no RFC 8785 canonical form: {bad}") from None
    out = Normalised(echo={})
    for name, value in sorted(document.items()):
        if name == "declared_at":
            stamped = _declared_at(value, out)
            if stamped:
                out.echo["declared_at"] = stamped
        elif name in SHAPE and isinstance(value, dict):
            group: dict[str, Any] = {}
            for member, raw in sorted(value.items()):
                if member not in SHAPE[name]:
                    out.warnings.append(f"{name}.{member}: dropped, not a member this contract accepts")
                    continue
                kind, limit = SHAPE[name][member]
                kept = _member(kind, raw, f"{name}.{member}", limit, out)
                if kept not in (None, []):
                    group[member] = kept
            out.echo[name] = group
        elif name in SHAPE:
            out.warnings.append(f"{name}: dropped, not an object")
        else:
            out.warnings.append(f"{name}: dropped, not a member this contract accepts")
    return out
