"""A small seeded random generator that the browser reproduces bit for bit.

Python's ``random`` cannot be reproduced in JavaScript, and a shared setup link must
give the same deal in both. The seed text is hashed with 32-bit FNV-1a and drives a
mulberry32 generator; shuffles are Fisher-Yates with an exact integer draw.
The JavaScript twin is site/assets/calculator/rng.js.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = 0xFFFFFFFF


def fnv1a(text: str) -> int:
    """32-bit FNV-1a hash of the UTF-8 bytes of ``text``."""
    value = 0x811C9DC5
    for byte in text.encode("utf-8"):
        value ^= byte
        value = (value * 0x01000193) & _MASK
    return value


class SeededRandom:
    """mulberry32: 32-bit state, 32-bit outputs."""

    def __init__(self, seed: str):
        self.state = fnv1a(seed)

    def next_u32(self) -> int:
        """The next 32-bit unsigned output."""
        self.state = (self.state + 0x6D2B79F5) & _MASK
        t = self.state
        t = ((t ^ (t >> 15)) * (t | 1)) & _MASK
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & _MASK)) & _MASK
        return (t ^ (t >> 14)) & _MASK

    def below(self, bound: int) -> int:
        """A whole number from 0 to ``bound - 1``."""
        return (self.next_u32() * bound) >> 32

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items`` (Fisher-Yates, from the end)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result
