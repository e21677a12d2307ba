"""CONTRIBUTING's list of the words a content field takes is the schema's, word for word,
and its rows example scores what it says; its list of the types of an error across a game's
files is schemas/references.py's.

Every field whose type is a fixed list of words (a ``Literal``) in the scoring, its
expressions and the provenance must be in the table, with exactly the schema's words in
the schema's order: a new kind or value fails here until CONTRIBUTING says it.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
import typing
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel

import schemas.common
import schemas.expressions
import schemas.references
import schemas.scoring
from schemas.game import GameContent
from schemas.references import check_references
from scorer.engine import GameEngine
from scorer.outcome import score_outcome
from tests.conftest import made_up_names

CONTRIBUTING = Path(__file__).resolve().parents[2] / "CONTRIBUTING.md"
START = "<!-- enumerations: tests/schemas/test_contributing.py -->"
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


#: The smallest game around CONTRIBUTING's rows example: its inputs and values, a category each.
_GAME = {
    "game": {
        "id": "example",
        "names": made_up_names({"fr": "Exemple", "uk": "Приклад", "en": "Example"}),
        "players": {"min": 1, "max": 4},
        "minutes": {"min": 10, "max": 20},
        "source_language": "fr",
        "designers": ["Nobody"],
        "publishers": ["Nobody"],
        "year": 2026,
        "summary": "The rows example of CONTRIBUTING.",
        "sources": [{"id": "src", "kind": "seed", "title": "CONTRIBUTING"}],
    },
    "components": {"components": [{"id": "tiles", "name": "Tuiles", "count": 72}]},
    "setup": {"steps": [{"id": "play", "text": "Jouez."}]},
}


def _block(name: str, columns: int = 1) -> tuple[dict[str, Any], Any, dict[str, list[int]]]:
    """CONTRIBUTING's example ``name``: its YAML, its JSON entries, and the values its table
    states (``columns`` numbers per value: one, or one per player)."""
    text = CONTRIBUTING.read_text(encoding="utf-8")
    block = text.split(f"<!-- example: {name} ", 1)[1].split("<!-- /example -->", 1)[0]
    declared = yaml.safe_load(block.split("```yaml\n", 1)[1].split("```", 1)[0])
    entries = json.loads(block.split("```json\n", 1)[1].split("```", 1)[0])
    stated = {
        cells[0].strip(" `"): [int(c) for c in cells[1:]]
        for line in block.splitlines()
        if line.startswith("| `") and len(cells := line.strip("|").split("|")) == columns + 1
    }
    return declared, entries, stated


def _example() -> tuple[dict[str, Any], list[Any], dict[str, int]]:
    """CONTRIBUTING's rows example: its YAML, the rows it enters, the values it states."""
    declared, rows, stated = _block("rows")
    return declared, rows, {k: v for k, (v,) in stated.items()}


def _content(declared: dict[str, Any], **extra: Any) -> GameContent:
    """A game scored by an example's declarations: a category per value, ranked by total."""
    scoring = {
        "kind": "points",
        **declared,
        **extra,
        "ranking": {"keys": [{"value": "total", "label": "Points"}]},
    }
    scoring.setdefault(
        "categories",
        [{"id": v["id"], "label": v["id"], "value": v["id"]} for v in declared["values"]],
    )
    return GameContent.model_validate({**_GAME, "scoring": scoring})


def test_the_rows_example_scores_what_contributing_says() -> None:
    declared, rows, stated = _example()
    content = _content(declared)
    assert not check_references(content), check_references(content)
    state = {"game": "example", "players": [{"name": "Ana", "roads": rows}]}
    found = score_outcome(GameEngine(content), state)
    assert not found.problems and found.result is not None, found.problems
    breakdown = found.result.to_json()["players"][0]["breakdown"]
    assert stated and {k: breakdown[k] for k in stated} == stated


def _player_example(name: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, int]]:
    """CONTRIBUTING's example ``name``: its YAML, the player's entries, the values stated."""
    declared, entries, stated = _block(name)
    return declared, entries, {k: v for k, (v,) in stated.items()}


@pytest.mark.parametrize("name", ["bounds", "items"])
def test_the_expression_and_template_examples_score_what_contributing_says(name: str) -> None:
    """The worked examples of computed numbers (their bounds checked) and of a template
    making several items: valid content whose values are what the text says."""
    declared, entries, stated = _player_example(name)
    content = _content(declared)
    assert not check_references(content), check_references(content)
    state = {"game": "example", "players": [{"name": "Ana", **entries}]}
    found = score_outcome(GameEngine(content), state)
    assert not found.problems and found.result is not None, found.problems
    breakdown = found.result.to_json()["players"][0]["breakdown"]
    assert stated and {k: breakdown[k] for k in stated} == stated


def test_the_bounds_example_says_what_validate_refuses() -> None:
    """Without its declared bound the example's index is refused, as CONTRIBUTING says."""
    declared, _, _ = _player_example("bounds")
    last = next(v for v in declared["values"] if v["id"] == "last_stage")
    last["compute"]["choice_data"]["index"] = {"difference": [{"input": "stages"}, 1]}
    content = _content(declared, categories=[{"id": "s", "label": "s", "value": "last_stage"}])
    [problem] = check_references(content)
    text = CONTRIBUTING.read_text(encoding="utf-8")
    assert problem.message.split(":")[0] in text.replace("\n", " ")
    assert "the index may be -1 to 3 here" in problem.message


def test_the_shared_rows_example_scores_what_contributing_says() -> None:
    """The shared rows example: its table's roads for two players, each player's points."""
    declared, rows, stated = _block("shared_rows", columns=2)
    extra = [{"id": "extra", "kind": "count", "label": "Extra", "max": 9}]
    content = _content(declared, inputs=extra)
    assert not check_references(content), check_references(content)
    players = [{"name": "Ana"}, {"name": "Bo"}]
    state = {"game": "example", "table": {"shared_roads": rows}, "players": players}
    found = score_outcome(GameEngine(content), state)
    assert not found.problems and found.result is not None, found.problems
    result = found.result.to_json()["players"]
    assert stated
    for value, points in stated.items():
        assert [p["breakdown"][value] for p in result] == points


def _reference_types() -> set[str]:
    """Every type schemas/references.py gives a problem: the unknown ids' and each one
    written where a problem is made (``add(file, path, type, ...)``,
    ``Problem(file, path, message, type, ...)``)."""
    source = Path(schemas.references.__file__).read_text(encoding="utf-8")
    found = set(schemas.references.UNKNOWN_TYPES.values())
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else None
        name = node.func.id if isinstance(node.func, ast.Name) else name
        at = {"add": 2, "Problem": 3}.get(name or "")
        if at is None or len(node.args) <= at:
            continue
        written = node.args[at]
        if isinstance(written, ast.Constant):
            found.add(written.value)
        else:  # passed on (``add``'s own) or an unknown id's, from UNKNOWN_TYPES
            said = ast.unparse(written)
            assert said == "type" or said.startswith("UNKNOWN_TYPES["), f"line {node.lineno}"
    return found


def test_contributing_lists_every_type_of_a_reference_error() -> None:
    """A new kind of problem across a game's files fails here until CONTRIBUTING lists it."""
    text = CONTRIBUTING.read_text(encoding="utf-8")
    start = "<!-- reference types: tests/schemas/test_contributing.py -->"
    end = "<!-- /reference types -->"
    block = text.split(start, 1)[1].split(end, 1)[0]
    rows = [line for line in block.splitlines() if line.startswith("| `")]
    listed = {word for row in rows for word in re.findall(r"`(\w+)`", row.split(" | ")[0])}
    assert listed == _reference_types()
