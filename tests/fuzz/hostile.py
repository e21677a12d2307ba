"""Hostile content shared by the loader tests and the fuzz suite."""

from __future__ import annotations

from pathlib import Path


def replace_once(file: Path, old: str, new: str) -> None:
    """Replace the first ``old`` in ``file`` (which must hold it) with ``new``."""
    text = file.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {file}"
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


def alias_bomb(game: Path) -> None:
    """A glossary of 600 bytes whose terms expand to 10¹⁰ values (ten anchors of ten aliases).

    Each term must be a mapping, so every one is an error whose message shows the value.
    """
    lines = ["terms:", "  - &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"  - &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 10)]
    (game / "glossary.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def deep_expression(game: Path) -> None:
    """Nile's wheat value as a sum nested 1,000 deep."""
    deep = "{sum: [" * 1000 + "1" + "]}" * 1000
    replace_once(
        game / "scoring.yaml",
        "    compute: {input: wheat}\n",
        f"    compute: {deep}\n",
    )


def wide_sum(game: Path, terms: int) -> None:
    """Nile's wheat value as a flat ``sum`` of ``terms`` ones (30,000 ended in a
    RecursionError when the engine compiled it)."""
    ones = ", ".join(["1"] * terms)
    replace_once(
        game / "scoring.yaml",
        "    compute: {input: wheat}\n",
        f"    compute: {{sum: [{ones}]}}\n",
    )


def lowered_card_count(game: Path) -> None:
    """Nile's wheat cards lowered from 16 to 2: every worked example holding more than two
    wheat can no longer be scored (the build ended in an EndStateError)."""
    text = (game / "components.yaml").read_text(encoding="utf-8")
    start = text.index("id: wheat_cards")
    end = text.index("count: 16", start)
    assert text.index("count:", start) == end, "the wheat cards' count comes first"
    text = text[:end] + "count: 2" + text[end + len("count: 16") :]
    (game / "components.yaml").write_text(text, encoding="utf-8")
