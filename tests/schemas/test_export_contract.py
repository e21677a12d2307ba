"""The export is the one contract (issue 27): schemas/export.py names what both runtimes read.

Every game's export, and its localized form in every language, validates strictly against
the contract (a key the export writes but the contract lacks fails); the contract keeps
step with the content models it is dumped from; and every key the Python engine (scorer/) reads
of the export, recorded while it scores every conformance case, is one the contract names. The browser side is held to it by
TypeScript (tools/typecheck: the calculator's types are generated from the contract).
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any, get_args

import pytest
from pydantic import BaseModel, ValidationError

from rulebook.site.calculator import localized_export
from rulebook.site.localize import Localizer
from rulebook.typescript import TARGET, generated
from schemas import components as content_components
from schemas import export as contract
from schemas import scoring as content_scoring
from schemas import setup as content_setup
from schemas import track as content_track
from schemas.common import LANGUAGES, Provenance
from schemas.game import GameContent
from schemas.loader import game_folders, load_game
from scorer.engine import Engine
from scorer.export import CROSS_PLAYER, export_game
from scorer.problems import EndStateError
from scorer.relevance import derive, hidden, settle, tie_only
from tests.parity_fixture import probe_game
from tests.typecheck_support import typecheck_edited

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = [p.name for p in game_folders(CONTENT)]
SCHEMA = contract.export_json_schema()
#: A path into the document: keys, and ``*`` for any item of a list.
Path_ = tuple[str, ...]


@pytest.fixture(scope="module", params=GAMES)
def game(request: pytest.FixtureRequest) -> GameContent:
    return load_game(CONTENT / request.param)


def test_every_export_keeps_the_contract(game: GameContent) -> None:
    contract.EXPORT.validate_python(export_game(game))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_localized_export_keeps_the_contract(game: GameContent, language: str) -> None:
    doc, _ = localized_export(game, Localizer(language, game))
    contract.EXPORT.validate_python(doc)


def test_the_probe_keeps_the_contract() -> None:
    """The synthetic game of the parity run uses every input and table kind."""
    probe = probe_game()
    doc = export_game(probe)
    kinds = {i["kind"] for i in doc["scoring"]["inputs"]} | {
        t["kind"] for t in doc["scoring"]["table"]
    }
    assert kinds >= {"count", "flag", "choice", "position", "sequence", "rows"}
    contract.EXPORT.validate_python(doc)


def test_a_key_the_contract_lacks_is_refused(game: GameContent) -> None:
    doc = export_game(game)
    doc["scoring"]["inputs"][0]["colour"] = "red"
    with pytest.raises(ValidationError, match="colour"):
        contract.EXPORT.validate_python(doc)


def _keys(typed: Any) -> set[str]:
    return set(typed.__required_keys__ | typed.__optional_keys__)


def _fields(model: type[BaseModel]) -> set[str]:
    return {f.alias or name for name, f in model.model_fields.items()}


#: Each part of the export that is a content model dumped as it is, with its contract, and
#: the keys the export or its localizing adds.
DUMPED: list[tuple[Any, type[BaseModel], set[str]]] = [
    (contract.CountInput, content_scoring.CountInput, set()),
    (contract.FlagInput, content_scoring.FlagInput, set()),
    (contract.ChoiceInput, content_scoring.ChoiceInput, set()),
    (contract.PositionInput, content_scoring.PositionInput, set()),
    (contract.SequenceInput, content_scoring.SequenceInput, set()),
    (contract.RowsInput, content_scoring.RowsInput, set()),
    (contract.RowField, content_scoring.RowField, set()),
    (contract.Reached, content_scoring.Reached, set()),
    (contract.Choice, content_scoring.Choice, set()),
    (contract.TableInput, content_scoring.TableInput, set()),
    (contract.Option, content_scoring.Option, set()),
    (contract.OptionPlayers, content_scoring.OptionPlayers, set()),
    (contract.Value, content_scoring.Value, set()),
    (contract.Category, content_scoring.Category, set()),
    (contract.Ranking, content_scoring.Ranking, set()),
    (contract.RankingKey, content_scoring.RankingKey, set()),
    (contract.Constraint, content_scoring.Constraint, set()),
    (contract.EndCheck, content_scoring.EndCheck, set()),
    (contract.Rival, content_scoring.Rival, set()),
    (contract.RivalLabel, content_scoring.RivalLabel, set()),
    (contract.Scoring, content_scoring.Scoring, {"value_order"}),
    (contract.ScoreTrack, content_track.ScoreTrack, set()),
    (contract.TrackFact, content_track.TrackFact, set()),
    (contract.Setup, content_setup.Setup, set()),
    (contract.SetupStep, content_setup.SetupStep, {"forms_lang", "doubt"}),
    (contract.Deal, content_setup.Deal, set()),
    (contract.DeckItem, content_components.Item, set()),
    (contract.Provenance, Provenance, set()),
]


@pytest.mark.parametrize(
    ("typed", "model", "added"), DUMPED, ids=[t.__name__ for t, _, _ in DUMPED]
)
def test_the_contract_names_every_field_of_what_is_dumped(
    typed: Any, model: type[BaseModel], added: set[str]
) -> None:
    """A field added to a content model is written to the export: the contract names it."""
    assert _keys(typed) == _fields(model) | added


def test_every_input_kind_has_its_contract() -> None:
    items = SCHEMA["$defs"]["Input"]
    kinds = {
        get_args(m.model_fields["kind"].annotation)[0]
        for m in get_args(get_args(content_scoring.PlayerInput)[0])
    }
    assert set(items["discriminator"]["mapping"]) == kinds


# What the Python side reads, recorded.


class Recorded(dict[str, Any]):
    """A JSON object that logs each key read from it (``[]``, ``get``, ``in``) by path."""

    def __init__(self, data: dict[str, Any], path: Path_, log: set[Path_]) -> None:
        super().__init__({k: _record(v, (*path, k), log) for k, v in data.items()})
        self.path, self.log = path, log

    def __getitem__(self, key: str) -> Any:
        self.log.add((*self.path, key))
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.log.add((*self.path, key))
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.log.add((*self.path, key))
        return super().__contains__(key)


def _record(value: Any, path: Path_, log: set[Path_]) -> Any:
    if isinstance(value, dict):
        return Recorded(value, path, log)
    if isinstance(value, list):
        return [_record(v, (*path, "*"), log) for v in value]
    return value


def _under(schema: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """The schemas of what ``key`` holds in a value of ``schema`` (none: not in the contract)."""
    while "$ref" in schema:  # its siblings (a default, a description) add no key
        schema = SCHEMA["$defs"][schema["$ref"].rsplit("/", 1)[1]]
    if schema == {}:  # plain JSON (a node): any key
        return [{}]
    if "oneOf" in schema or "anyOf" in schema:
        return [
            s for branch in schema.get("oneOf", schema.get("anyOf")) for s in _under(branch, key)
        ]
    if key == "*":
        return [schema["items"]] if "items" in schema else []
    if key in schema.get("properties", {}):
        return [schema["properties"][key]]
    extra = schema.get("additionalProperties")
    return [extra] if isinstance(extra, dict) else []


def uncontracted(paths: set[Path_]) -> list[str]:
    """The paths the contract does not name."""
    missing = []
    for path in sorted(paths):
        at = [SCHEMA]
        for key in path:
            at = [s for schema in at for s in _under(schema, key)]
        if not at:
            missing.append("/".join(path))
    return missing


def test_a_misspelt_read_is_seen() -> None:
    node = ("scoring", "values", "*", "compute")
    read = {
        ("scoring", "inputs", "*", "label"),
        ("scoring", "raking"),
        (*node, "sum", "*", "input"),
        (*node, "rank_award", "ties"),
        (*node, "rank_award", "tie"),
    }
    assert uncontracted(read) == ["scoring/raking", "scoring/values/*/compute/rank_award/tie"]


def _reads(game: GameContent) -> tuple[set[Path_], list[Any], list[Any]]:
    """Every path the engine (scorer/) reads of ``game``'s export while it scores every
    case, derives relevance and settles it; the outcomes, recorded and not."""
    log: set[Path_] = set()
    plain = export_game(game)
    doc = _record(copy.deepcopy(plain), (), log)
    outcomes = []
    for export in (doc, plain):
        engine = Engine(export)
        found = []
        assert game.cases is not None
        for case in [*game.cases.cases, *game.cases.invalid]:
            try:
                found.append(engine.score({"game": game.id, **copy.deepcopy(case.state)}).to_json())
            except EndStateError as error:
                found.append([p.to_json() for p in error.problems])
        outcomes.append(found)
    derive(doc["scoring"], CROSS_PLAYER)
    facts = Engine(doc).facts
    defaults = {spec["id"]: facts.default_value(spec) for spec in facts.inputs}
    options = dict(facts.option_values)
    count = doc["players"]["min"]
    settle(doc["needs"], options, count)
    hidden(doc["needs"], {}, defaults, list(defaults), options, count)
    tie_only(doc["needs"], {}, defaults, list(defaults), options, count)
    return log, outcomes[0], outcomes[1]


def test_the_engine_reads_only_what_the_contract_names(game: GameContent) -> None:
    log, recorded, plain = _reads(game)
    assert json.dumps(recorded) == json.dumps(plain)  # recording changed nothing
    assert len(log) > 50  # it did read the document
    assert uncontracted(log) == []


def test_the_typescript_declarations_are_current() -> None:
    """The calculator's types are the contract's: regenerate them after changing it."""
    assert TARGET.read_text(encoding="utf-8") == generated(), (
        "tools/typecheck/export.d.ts is stale: run .venv/bin/python -m rulebook.typescript"
    )


def test_the_declarations_name_every_key_of_the_contract() -> None:
    """Each object of the contract is a type with its keys, optional where the export may
    leave them out."""
    text = generated()
    for name, definition in SCHEMA["$defs"].items():
        assert f"\nexport type {name} = " in text
        if "properties" not in definition:
            continue
        block = text.split(f"\nexport type {name} = {{\n", 1)[1].split("\n}};\n", 1)[0]
        for key, value in definition["properties"].items():
            optional = "" if key in definition.get("required", ()) else "?"
            lines = (f"\n  {key}{optional}: ", f'\n  "{key}"{optional}: ')
            assert any(line in f"\n{block}" for line in lines), (name, key, value)


# What the browser side reads, held to the contract by TypeScript.


#: A read of the export in an engine module or a module of the calculator's form, misspelt:
#: (module, as written, misspelt, the key misspelt): a key of the scoring, of a sequence
#: input, of the export itself, of its needs.
MISSPELT = (
    (
        "scoring.js",
        "for (const id of s.value_order)",
        "for (const id of s.value_ordr)",
        "value_ordr",
    ),
    ("validate.js", "if (spec.distinct) pile", "if (spec.distinc) pile", "distinc"),
    ("setup.js", "game.decks[deal.component]", "game.deck[deal.component]", "deck"),
    (
        "resultsview.js",
        "if (s.ranking.win_requires_label &&",
        "if (s.ranking.win_requires_labl &&",
        "win_requires_labl",
    ),
    ("asked.js", "calc.game.needs?.tie_unless", "calc.game.needs?.tie_unles", "tie_unles"),
)


def test_a_misspelt_read_of_the_export_fails_the_type_check(tmp_path: Path) -> None:
    """The engine modules and the form's type what they read with the declarations, so a key
    the contract lacks (an export key, an input's, a node's) is a type error, not an
    ``undefined``."""
    edits = [(module, written, misspelt) for module, written, misspelt, _ in MISSPELT]
    run = typecheck_edited(tmp_path, edits)
    assert run.returncode != 0, run.stdout
    for module, _, _, key in MISSPELT:
        found = rf"{module}\(\d+,\d+\): error TS\d+: Property '{key}' does not exist"
        assert re.search(found, run.stdout), (key, run.stdout)
