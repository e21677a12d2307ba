"""Plain-text tables for the terminal, aligned on display width."""

from __future__ import annotations

import unicodedata


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal (wide East Asian characters count twice)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def render(header: list[str], rows: list[list[str]]) -> str:
    """A table with the first column left-aligned and the others right-aligned."""
    table = [header, *rows]
    widths = [max(width(row[i]) for row in table) for i in range(len(header))]

    def line(row: list[str]) -> str:
        cells = []
        for i, cell in enumerate(row):
            pad = " " * (widths[i] - width(cell))
            cells.append(cell + pad if i == 0 else pad + cell)
        return "  ".join(cells).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *(line(r) for r in rows)])
