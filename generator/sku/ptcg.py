"""The Pokemon part of the SKU standard (``docs/sku.md``, Pokemon section): numbers a SKU cannot spell.

Unown in Unseen Forces is numbered ``!`` and ``?``, which no SKU part can hold (``[a-z0-9]+``): they
fold to ``exclamation`` and ``question`` in the SKU. Kept here, not in the adapter, because the
documents publish the number as printed (``printed_number``) beside the SKU that spells it.
"""

from __future__ import annotations

SYMBOL_NUMBERS = {"!": "exclamation", "?": "question"}
_PRINTED = {token: symbol for symbol, token in SYMBOL_NUMBERS.items()}


def number_token(printed: str) -> str:
    """The SKU's number for a printed number: ``!`` -> ``exclamation``; others unchanged."""
    return SYMBOL_NUMBERS.get(printed, printed)


def printed_number(game: str, number: str) -> str:
    """The number as the card prints it, from a SKU's number part: ``exclamation`` -> ``!`` (Pokemon)."""
    return _PRINTED.get(number, number) if game == "ptcg" else number
