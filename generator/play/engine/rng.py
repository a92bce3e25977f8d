"""The engine's only randomness: splitmix64, whose whole state is one integer kept in the GameState.

Why not ``random.Random``: its state is 625 words and not a JSON value; a single 64-bit integer
keeps the state a small pure value, so the same seed and the same actions replay the same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Fold any integer seed into a 64-bit generator state."""
    return seed & _MASK


def next_u64(s: int) -> tuple[int, int]:
    """Advance the state; return (new state, 64 random bits)."""
    s = (s + 0x9E3779B97F4A7C15) & _MASK
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return s, z ^ (z >> 31)


def below(s: int, n: int) -> tuple[int, int]:
    """A number in [0, n) and the new state (the modulo bias is below 2**-50 for a deck)."""
    s, r = next_u64(s)
    return s, r % n


def shuffle(items: Sequence[T], s: int) -> tuple[tuple[T, ...], int]:
    """Fisher-Yates shuffle (3-2-4): a new tuple and the new state."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        s, j = below(s, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), s
