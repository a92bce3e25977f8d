"""Canonical JSON (RFC 8785, JCS) and the ``sha256:<hex>`` hashes of ARCHITECTURE.md section 4.

``canonical`` takes a fast path through orjson with sorted keys when a document holds no floats and
only ASCII keys: for such documents JCS and orjson agree byte for byte (key order by code unit,
minimal string escaping, integer formatting); tests/test_hashing.py checks that against the rfc8785
package with generated documents. Anything else goes through rfc8785 itself.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

import orjson
import rfc8785

HASH_PREFIX = "sha256:"


def _fast_path_safe(value: Any) -> bool:
    """True when orjson's sorted output is already JCS: no floats, ASCII keys, safe integers."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str or kind is bool or item is None:
            continue
        if kind is dict:
            for key in item:
                if type(key) is not str or not key.isascii():
                    return False
            stack.extend(item.values())
        elif kind is list or kind is tuple:
            stack.extend(item)
        elif kind is int:
            if not -(2**53) < item < 2**53:  # JCS numbers are IEEE doubles
                return False
        else:
            return False
    return True


def canonical(value: Any) -> bytes:
    if _fast_path_safe(value):
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    return rfc8785.dumps(value)


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def content_hash(value: Any) -> str:
    return HASH_PREFIX + sha256_hex(canonical(value))


def self_hash(document: Mapping[str, Any], field: str = "@self_hash") -> str:
    """The hash of the whole document except the self-hash member itself."""
    return content_hash({k: v for k, v in document.items() if k != field})


def parse_hash(text: str) -> str | None:
    """``sha256:<64 hex>`` or bare 64 hex (any case) -> normalised ``sha256:<lowercase hex>``; else None."""
    value = text[len(HASH_PREFIX) :] if text.lower().startswith(HASH_PREFIX) else text
    if len(value) == 64 and all(c in "0123456789abcdefABCDEF" for c in value):
        return HASH_PREFIX + value.lower()
    return None
