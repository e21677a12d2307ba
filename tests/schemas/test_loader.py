"""Content errors say which file, which line and which field, and come all at once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from schemas.expressions import MAX_NODES
from schemas.loader import RESERVED_NAMES, SYMLINK_REFUSED, ContentError, load_all, load_game
from tests.conftest import CONTENT
from tests.fuzz.hostile import alias_bomb, deep_expression, wide_sum


@pytest.fixture
def nile(tmp_path: Path) -> Path:
    folder = tmp_path / "content" / "nile"
    shutil.copytree(CONTENT / "nile", folder)
    return folder


def _replace(file: Path, old: str, new: str) -> None:
    text = file.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {file}"
    file.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line_of(file: Path, needle: str) -> int:
    lines = file.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if needle in line)


def test_the_real_content_loads() -> None:
    assert "nile" in load_all(CONTENT)


def test_every_list_field_defaults_through_empty_list() -> None:
    """A model's list field defaults through schemas.common.empty_list, never ``list``:
    pydantic reads every default factory's signature when a validator is made, and
    ``list``'s is parsed from its text (schemas.common.empty_list says the cost)."""
    from schemas.common import Strict, empty_list
    from schemas.game import GameContent

    models: list[type[Strict]] = []
    found: list[type[Strict]] = [Strict]
    while found:
        model = found.pop()
        models.append(model)
        found.extend(model.__subclasses__())
    factories = [f.default_factory for m in models for f in m.model_fields.values()]
    assert list not in factories
    assert factories.count(empty_list) > 20
    assert GameContent in models  # every file's models, imported with the game's


def test_wrong_type_names_file_line_and_path(nile: Path) -> None:
    scoring = nile / "scoring.yaml"
    _replace(
        scoring,
        "kind: count, group: storage, label: Ricin",
        "kind: cont, group: storage, label: Ricin",
    )
    with pytest.raises(ContentError) as error:
        load_game(nile)
    [problem] = error.value.problems
    assert problem.file == str(scoring)
    assert problem.line == _line_of(scoring, "kind: cont")
    assert problem.path == "inputs[3]"
    assert "'cont'" in problem.msg and "'count'" in problem.msg


def test_unknown_reference_is_reported_after_each_file_is_valid(nile: Path) -> None:
    scoring = nile / "scoring.yaml"
    _replace(
        scoring,
        "{input: lettuce}, {input: castor}, {input: flax},\n",
        "{input: letuce}, {input: castor}, {input: flax},\n",
    )
    with pytest.raises(ContentError) as error:
        load_game(nile)
    [problem] = error.value.problems
    assert problem.path == "values[0].compute.sorted_key.of[2].input"
    assert problem.line == _line_of(scoring, "{input: letuce}")
    assert "unknown input 'letuce'" in problem.msg and "lettuce" in problem.msg
    assert problem.type == "unknown_input"
    assert problem.ctx == {"id": "letuce", "closest": ["lettuce"]}


def test_each_kind_of_unknown_id_has_its_own_type(nile: Path) -> None:
    """A misspelt component, glossary term and section: three types, the id and the closest
    ids in ``ctx`` (what ``--json`` gives a tool)."""
    _replace(nile / "setup.yaml", "component: crops", "component: crop")
    _replace(nile / "rules.yaml", "(term:flood)", "(term:flod)")
    with pytest.raises(ContentError) as error:
        load_game(nile)
    found = {p.type: p for p in error.value.problems}
    assert set(found) == {"unknown_component", "unknown_term"}, error.value.problems
    assert found["unknown_component"].ctx == {"id": "crop", "closest": ["crops"]}
    assert found["unknown_component"].path.endswith("deal.component")
    assert found["unknown_term"].ctx == {"id": "flod", "closest": ["flood"]}
    assert Path(found["unknown_term"].file).name == "rules.yaml"


def test_every_problem_of_every_file_at_once(nile: Path) -> None:
    _replace(nile / "game.yaml", "year: 2009", "year: 1066")
    _replace(
        nile / "setup.yaml", "    values:\n      cards: 5", "    values:\n      cards: {sumx: 5}"
    )
    _replace(nile / "scoring.yaml", "id: deluxor", "id: DeLuxor")
    with pytest.raises(ContentError) as error:
        load_game(nile)
    found = {(Path(p.file).name, p.path) for p in error.value.problems}
    assert ("game.yaml", "year") in found
    assert ("setup.yaml", "steps[3].values.cards") in found  # deal_hands
    assert ("scoring.yaml", "options[0].id") in found
    year = next(p for p in error.value.problems if p.path == "year")
    assert "1066" in year.msg and "1900" in year.msg


def test_duplicate_keys_are_refused(nile: Path) -> None:
    _replace(nile / "game.yaml", "year: 2009", "year: 2009\nyear: 2010")
    with pytest.raises(ContentError) as error:
        load_game(nile)
    assert "duplicate key 'year'" in str(error.value)
    assert error.value.problems[0].line == _line_of(nile / "game.yaml", "year: 2010")


def test_yaml_syntax_error_has_a_line(nile: Path) -> None:
    _replace(nile / "components.yaml", "  - id: crops", "  - id: [crops")
    with pytest.raises(ContentError) as error:
        load_game(nile)
    assert error.value.problems[0].line is not None
    assert "YAML syntax" in error.value.problems[0].msg


def test_missing_required_file(nile: Path) -> None:
    (nile / "setup.yaml").unlink()
    with pytest.raises(ContentError) as error:
        load_game(nile)
    assert "setup.yaml" in str(error.value) and "missing" in str(error.value)


def test_circular_values_are_refused(nile: Path) -> None:
    _replace(
        nile / "scoring.yaml",
        "    compute: {input: wheat}\n",
        "    compute: {value: papyrus_count}\n",
    )
    _replace(
        nile / "scoring.yaml",
        "    compute: {input: papyrus}\n",
        "    compute: {value: wheat_count}\n",
    )
    with pytest.raises(ContentError) as error:
        load_game(nile)
    assert "circle" in str(error.value)
    [cycle] = [p for p in error.value.problems if p.type == "value_cycle"]
    assert set(cycle.ctx["values"]) == {"papyrus_count", "wheat_count"}


def test_folder_must_match_the_id(nile: Path) -> None:
    renamed = nile.with_name("nil")
    nile.rename(renamed)
    with pytest.raises(ContentError) as error:
        load_game(renamed)
    assert "folder is 'nil'" in str(error.value)


# ----------------------------------------------------------------------------------------
# Strict values: nothing is coerced, YAML 1.1 surprises are text
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("count: true", "valid integer (got True)"),
        ("count: '14'", "valid integer (got '14')"),
        ("count: 14.0", "valid integer (got 14.0)"),
        ("count: 1_4", "valid integer (got '1_4')"),
        ("count: 1:30", "valid integer (got '1:30')"),
    ],
)
def test_counts_are_never_coerced(nile: Path, written: str, expected: str) -> None:
    components = nile / "components.yaml"
    _replace(
        components,
        "  - id: papyrus_cards\n    name: Cartes papyrus\n    count: 16",
        "  - id: papyrus_cards\n    name: Cartes papyrus\n    " + written,
    )
    with pytest.raises(ContentError) as error:
        load_game(nile)
    [problem] = error.value.problems
    assert (problem.file, problem.path) == (str(components), "components[1].count")
    assert expected in problem.msg
    assert problem.line == _line_of(components, written)
    assert problem.column == 12  # where the value starts: "    count: " is 11 characters


def test_a_leading_zero_is_refused_as_ambiguous(nile: Path) -> None:
    components = nile / "components.yaml"
    _replace(
        components, "name: Cartes papyrus\n    count: 16", "name: Cartes papyrus\n    count: 016"
    )
    with pytest.raises(ContentError) as error:
        load_game(nile)
    [problem] = error.value.problems
    assert problem.line == _line_of(components, "count: 016")
    assert "'016' starts with 0" in problem.msg


def test_yaml_1_1_booleans_are_text(nile: Path) -> None:
    """``no`` and ``off`` are words, not False: a flag written ``off`` is an error, not false."""
    _replace(nile / "scoring.yaml", "  - id: deluxor\n", "  - id: deluxor\n    help: no\n")
    assert load_game(nile).scoring.options[0].help == "no"
    _replace(nile / "scoring.yaml", "default: false", "default: off")
    with pytest.raises(ContentError) as error:
        load_game(nile)
    [problem] = error.value.problems
    assert problem.path == "options[0]" and "true/false default" in problem.msg


# ----------------------------------------------------------------------------------------
# Hostile files: clean errors with file, line and column, bounded echo
# ----------------------------------------------------------------------------------------


def _only_problem(folder: Path) -> str:
    with pytest.raises(ContentError) as error:
        load_game(folder)
    assert len(error.value.problems) == 1, error.value.problems
    return str(error.value.problems[0])


def test_an_alias_bomb_fails_fast(nile: Path) -> None:
    alias_bomb(nile)
    message = _only_problem(nile)
    assert message.startswith(f"{nile / 'glossary.yaml'}:7:")
    assert "aliases" in message and len(message) < 300


def test_deep_nesting_is_refused_before_it_recurses(nile: Path) -> None:
    deep_expression(nile)
    message = _only_problem(nile)
    assert "nested deeper than 64 levels" in message and len(message) < 300


def test_a_complex_key_is_refused(nile: Path) -> None:
    (nile / "glossary.yaml").write_text("? [a, b]\n: 1\n", encoding="utf-8")
    assert (
        _only_problem(nile)
        == f"{nile / 'glossary.yaml'}:1:3: a key must be a name, not a list or a mapping"
        " [yaml_syntax]"
    )


def test_a_nul_byte_is_refused_with_its_place(nile: Path) -> None:
    _replace(nile / "game.yaml", "year: 2009", "year: 20\x0009")
    line = _line_of(nile / "game.yaml", "year: 20")
    assert (
        _only_problem(nile)
        == f"{nile / 'game.yaml'}:{line}:9: a control character (U+0000) is not allowed: remove it"
        " [yaml_syntax]"
    )


def test_text_that_is_not_utf8_is_placed(nile: Path) -> None:
    game = nile / "game.yaml"
    line = _line_of(game, "year: 2009")
    game.write_bytes(game.read_bytes().replace(b"year: 2009", b"year: \xff2009"))
    message = _only_problem(nile)
    assert message.startswith(f"{game}:{line}:7: not UTF-8 text: byte 0xff"), message


def test_a_content_file_that_is_a_folder(nile: Path) -> None:
    (nile / "rules.yaml").unlink()
    (nile / "rules.yaml").mkdir()
    assert (
        _only_problem(nile)
        == f"{nile / 'rules.yaml'}: is a folder, not a content file [file_refused]"
    )


def test_a_huge_file_is_refused_unread(nile: Path) -> None:
    from schemas.loader import MAX_FILE_BYTES

    (nile / "rules.yaml").write_text("x: '" + "a" * MAX_FILE_BYTES + "'\n", encoding="utf-8")
    message = _only_problem(nile)
    assert "bytes: a content file has at most" in message and len(message) < 300


def test_a_huge_value_is_echoed_as_a_short_excerpt(nile: Path) -> None:
    _replace(nile / "game.yaml", "year: 2009", "year: '" + "9" * 200_000 + "'")
    message = _only_problem(nile)
    assert "valid integer (got '9999" in message and len(message) < 300


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        (
            "  - id: crops\n    name: Cultures",
            "  - id: crops\n   name: Cultures",
            "does not line up",
        ),
        ("    name: Cultures", "    name: Cultures: du Nil", "put text that holds ': ' in quotes"),
        ("    name: Cultures", '    name: "Cultures\\q"', "unknown escape"),
        ("    name: Cultures", "    name: @Cultures", "'@' cannot start a value"),
        ("    name: Cultures", "\tname: Cultures", "a tab"),
        (
            "      - {id: papyrus, name: Papyrus}",
            "      - {id: papyrus, name: Papyrus",
            "not closed",
        ),
    ],
)
def test_yaml_syntax_errors_in_words_with_line_and_column(
    nile: Path, old: str, new: str, words: str
) -> None:
    components = nile / "components.yaml"
    _replace(components, old, new)
    with pytest.raises(ContentError) as error:
        load_game(nile)
    [problem] = error.value.problems
    assert problem.line is not None and problem.column is not None
    assert str(problem).startswith(f"{components}:{problem.line}:{problem.column}: YAML syntax: ")
    assert words in problem.msg
    for internal in ("<block", "scalar", "token", "expected"):
        assert internal not in problem.msg, problem.msg


# ----------------------------------------------------------------------------------------
# Folders: every game folder is a game, links are refused, nothing is silently left out
# ----------------------------------------------------------------------------------------


def test_a_game_folder_without_its_manifest(nile: Path) -> None:
    (nile / "game.yaml").unlink()
    with pytest.raises(ContentError) as error:
        load_all(nile.parent)
    assert (
        str(error.value)
        == f"{nile / 'game.yaml'}: missing: every game needs this file [missing_file]"
    )


def test_a_misnamed_content_file_is_not_ignored(nile: Path) -> None:
    (nile / "glossary.yaml").rename(nile / "glosary.yaml")
    message = _only_problem(nile)
    assert "glosary.yaml: not a content file (did you mean glossary.yaml?)" in message


def test_a_link_to_a_file_outside_the_tree_is_refused_unread(nile: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-VALUE\n", encoding="utf-8")
    (nile / "rules.yaml").unlink()
    (nile / "rules.yaml").symlink_to(secret)
    message = _only_problem(nile)
    assert message == f"{nile / 'rules.yaml'}: {SYMLINK_REFUSED} [file_refused]"
    assert "TOP-SECRET" not in message


@pytest.mark.parametrize("kind", ["dangling", "loop"])
def test_broken_links_are_errors_not_silent_drops(nile: Path, kind: str) -> None:
    glossary = nile / "glossary.yaml"
    glossary.unlink()
    glossary.symlink_to(nile / ("nowhere.yaml" if kind == "dangling" else "glossary.yaml"))
    assert _only_problem(nile) == f"{glossary}: {SYMLINK_REFUSED} [file_refused]"


def test_a_linked_game_folder_is_refused(nile: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    nile.rename(elsewhere)
    nile.symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(ContentError) as error:
        load_all(nile.parent)
    assert str(error.value) == f"{nile}: {SYMLINK_REFUSED} [symlink_refused]"


def test_an_error_inside_an_input_names_its_field(nile: Path) -> None:
    """Not the input's kind, which pydantic puts in the location to say which model it chose."""
    scoring = nile / "scoring.yaml"
    _replace(scoring, "label: Ricin", "label: ''")
    with pytest.raises(ContentError) as error:
        load_game(nile)
    [problem] = error.value.problems
    assert problem.path == "inputs[3].label"
    assert problem.line == _line_of(scoring, "label: ''")


# Issue 34: content validate accepted and the build could not use.


def test_a_huge_player_range_is_refused(nile: Path) -> None:
    """players.max of 10**9 ran the build out of memory (a setup and a page per count)."""
    _replace(nile / "game.yaml", "players: {min: 2, max: 6}", "players: {min: 2, max: 1000000000}")
    line = _line_of(nile / "game.yaml", "players:")
    message = _only_problem(nile)
    assert message.startswith(f"{nile / 'game.yaml'}:{line}:")
    assert "players.max: Input should be less than or equal to 20 (got 1000000000)" in message


def test_a_huge_deck_is_refused(nile: Path) -> None:
    """``copies`` of 10**9 (with a count to match) made a setup deal from 10**9 cards."""
    components = nile / "components.yaml"
    _replace(components, "{id: wheat, name: Blé}", "{id: wheat, name: Blé, copies: 1000000000}")
    problems = [str(p) for p in _problems(nile)]
    assert any("copies: Input should be less than or equal to 1000" in p for p in problems)


def _problems(folder: Path) -> list[object]:
    with pytest.raises(ContentError) as error:
        load_game(folder)
    return list(error.value.problems)


def test_a_sum_of_thirty_thousand_terms_is_refused(nile: Path) -> None:
    wide_sum(nile, 30_000)
    message = _only_problem(nile)
    assert message.startswith(f"{nile / 'scoring.yaml'}:")
    assert "compute.sum: Value error, an expression of 30,001 nodes: one holds at most 500" in (
        message
    )


def test_the_largest_expression_allowed_compiles(nile: Path) -> None:
    """The bound keeps what the engine's compiler can take: 499 terms, 500 nodes."""
    from scorer.engine import GameEngine

    wide_sum(nile, MAX_NODES - 1)
    GameEngine(load_game(nile))


@pytest.mark.parametrize("name", sorted(RESERVED_NAMES))
def test_a_game_folder_named_like_a_site_folder_is_refused(nile: Path, name: str) -> None:
    """A game named ``assets`` would be written into the built site's own assets folder."""
    folder = nile.parent / name
    nile.rename(folder)
    _replace(folder / "game.yaml", "id: nile", f"id: {name}")
    message = _only_problem(folder)
    assert message == (
        f"{folder}: the built site uses this name for its own files "
        f"({', '.join(sorted(RESERVED_NAMES))}): rename the game [reserved_name]"
    )
