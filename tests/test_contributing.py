"""CONTRIBUTING's list of the words a content field takes is the schema's, word for word.

Every field whose type is a fixed list of words (a ``Literal``) in the scoring, its
expressions and the provenance must be in the table, with exactly the schema's words in
the schema's order: a new kind or value fails here until CONTRIBUTING says it.
"""

from __future__ import annotations

import inspect
import typing
from pathlib import Path
from typing import Any

from pydantic import BaseModel

import schemas.common
import schemas.expressions
import schemas.scoring

CONTRIBUTING = Path(__file__).resolve().parents[1] / "CONTRIBUTING.md"
START = "<!-- enumerations: tests/test_contributing.py -->"
END = "<!-- /enumerations -->"

#: Where each model's fields are written in content, as CONTRIBUTING names them.
PLACES: dict[type[BaseModel], str] = {
    schemas.scoring.Scoring: "scoring.yaml, at the top",
    schemas.scoring.Option: "`options[]`",
    schemas.scoring.TableInput: "`table[]`",
    schemas.scoring.RankingKey: "`ranking.keys[]`",
    schemas.scoring.Ranking: "`ranking`",
    schemas.scoring.Constraint: "`constraints[]`",
    schemas.common.Source: "game.yaml `sources[]`",
    schemas.common.Provenance: "`provenance` (any file)",
}
#: The player inputs: one model per kind, listed as one field.
INPUT_MODELS = typing.get_args(typing.get_args(schemas.scoring.PlayerInput)[0])


def _words(annotation: Any) -> list[str]:
    """The words of a ``Literal`` in ``annotation`` (``Literal[...] | None`` too)."""
    if typing.get_origin(annotation) is typing.Literal:
        return [w for w in typing.get_args(annotation) if isinstance(w, str)]
    return [w for arg in typing.get_args(annotation) for w in _words(arg)]


def _place(model: type[BaseModel]) -> str:
    """Where ``model`` stands in content: its place, or the node whose argument it is."""
    if model in PLACES:
        return PLACES[model]
    for node in schemas.expressions.NODE_MODELS:
        spec = next(iter(node.model_fields.values())).annotation
        if spec is model:
            return f"node `{node.node_name()}`"
    raise AssertionError(f"{model.__name__} has a field of fixed words: name its place in PLACES")


def expected_rows() -> list[str]:
    """The table's rows, from the schema."""
    kinds = [w for model in INPUT_MODELS for w in _words(model.model_fields["kind"].annotation)]
    rows = [("`inputs[]`", "kind", kinds)]
    for module in (schemas.scoring, schemas.expressions, schemas.common):
        for model in vars(module).values():
            if not (inspect.isclass(model) and issubclass(model, BaseModel)):
                continue
            if model.__module__ != module.__name__ or model in INPUT_MODELS:
                continue
            for name, info in model.model_fields.items():
                words = _words(info.annotation)
                if words:
                    rows.append((_place(model), info.alias or name, words))
    return [
        f"| {place} | `{field}` | {', '.join(f'`{w}`' for w in words)} |"
        for place, field, words in rows
    ]


def test_contributing_lists_every_enumeration_of_the_schema() -> None:
    text = CONTRIBUTING.read_text(encoding="utf-8")
    assert START in text and END in text, f"CONTRIBUTING.md has no {START} ... {END} block"
    block = text.split(START, 1)[1].split(END, 1)[0]
    found = [line for line in block.splitlines() if line.startswith("| ") and "---" not in line]
    wanted = expected_rows()
    assert found[1:] == wanted, "CONTRIBUTING.md's table should read:\n" + "\n".join(wanted)
