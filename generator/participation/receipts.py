"""What a receipt claims, recomputed from what its hash covers (spec "Recognition levels").

A receipt is ``{@kind, level, document, content_hash, ...}`` and only ``document`` is hashed, so
``level`` and ``@kind`` beside it are labels anyone can change. Mind-connect therefore never reads
them: a cited receipt's level is what its hashed document *is* (``level_of``): the three members of a
recognition are level 1; a mind-connect document (they plus ``in_response_to``) is level 2, and
level 3 when it also carries the meme and ``also_post_to``. A label that disagrees with its document
is refused rather than silently corrected, so a relabelled receipt is named as such.

The hash is a fingerprint, not a signature: anyone can compute a receipt's hash, and nothing is
stored, so a receipt proves what it says, never who said it. What the server guarantees is that a
level follows from content it can recompute, with the parties swapped at each step and never the
same party twice.

Parties are compared by ``party_key``: NFKC, invisible format characters (Unicode category Cf:
zero-width spaces and joiners, soft hyphens, direction marks) removed, trimmed, case-folded, then
NFKC once more (as Unicode's NFKC_Casefold does, so the key is itself normalised): ``" alice "``,
``"ALICE"``, a full-width "alice" and "ali" + U+200B + "ce" are one party. The documents keep the ids
as sent.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from pydantic import ValidationError

from generator.models.participation.echoes import ConnectDocument, RecognizeBody

KIND_OF_LEVEL = {1: "recognition_receipt", 2: "mind_connect_receipt", 3: "mind_connect_receipt"}


def party_key(party: str) -> str:
    """The form two ids are compared in (module docstring)."""
    composed = unicodedata.normalize("NFKC", party)
    visible = "".join(c for c in composed if unicodedata.category(c) != "Cf")
    return unicodedata.normalize("NFKC", visible.strip().casefold())


def same_party(one: str, other: str) -> bool:
    return party_key(one) == party_key(other)


def level_of(document: dict[str, Any]) -> int | None:
    """The level a receipt document is, from its members alone; None when it is no document a
    recognition or a mind-connect receipt carries."""
    try:
        RecognizeBody.model_validate(document)
        return 1
    except ValidationError:
        pass
    try:
        connected = ConnectDocument.model_validate(document)
    except ValidationError:
        return None
    return 3 if connected.meme is not None else 2


def mislabelled(kind: str, level: int | None, actual: int) -> str | None:
    """Why a receipt's unhashed labels disagree with the level its document is (None: they agree)."""
    if level is not None and level != actual:
        return f"in_response_to.level says {level}, but its document is a level-{actual} receipt"
    if kind != KIND_OF_LEVEL[actual]:
        return f"in_response_to's @kind is {kind!r}, but its document is a {KIND_OF_LEVEL[actual]}"
    return None
