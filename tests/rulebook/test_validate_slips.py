"""`rulebook validate` on content with one slip each: the slips a new game's author makes
(issue 33), each refused with exit 1, its file:line and what would be right."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.cli import main
from tests.conftest import game_project


def _copy(tmp_path: Path, game: str) -> Path:
    """A project holding a copy of ``game`` alone; the game's folder."""
    return game_project(tmp_path, game).content / game


def _edit(file: Path, old: str, new: str, nth: int = 1) -> int:
    """Replace the ``nth`` occurrence of ``old`` in ``file``; the line it starts on."""
    text = file.read_text(encoding="utf-8")
    at = -1
    for _ in range(nth):
        at = text.index(old, at + 1)
    file.write_text(text[:at] + new + text[at + len(old) :], encoding="utf-8")
    return text.count("\n", 0, at) + 1


def _validate(folder: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The problems `rulebook validate` prints (it must fail), without the summary line."""
    assert main(["validate", str(folder.parent)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err.splitlines()[:-1]


def test_a_misspelt_group_in_a_template_is_refused_once_with_the_closest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _copy(tmp_path, "river_of_gold")
    line = _edit(game / "scoring.yaml", "group: influence\n", "group: influense\n")
    assert _validate(game, capsys) == [
        f"{game / 'scoring.yaml'}:{line}:12: inputs[1].group: unknown group 'influense'; "
        "did you mean influence? (for n = 1; likewise for n = 2, n = 3, n = 4, n = 5, n = 6) "
        "[unknown_group]"
    ]


def test_a_placeholder_no_template_binds_is_refused_with_the_closest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`{m}` for `{n}` stayed in the label, shown as is in every language."""
    game = _copy(tmp_path, "river_of_gold")
    line = _edit(game / "scoring.yaml", "Influence en région {n}", "Influence en région {m}")
    assert _validate(game, capsys) == [
        f"{game / 'scoring.yaml'}:{line}:12: inputs[1].label: {{m}} is not a parameter of its "
        "for_each (they are {n}); did you mean {n}? (got 'Influence en région {m}') [template]"
    ]


def test_a_template_id_without_its_parameter_is_refused_at_the_template(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It was 'input id ... is already used' at line 2, the top of the file."""
    game = _copy(tmp_path, "river_of_gold")
    line = _edit(game / "scoring.yaml", "id: influence_{n}", "id: influence")
    [problem] = _validate(game, capsys)
    assert problem.startswith(
        f"{game / 'scoring.yaml'}:{line}:9: inputs[1].id: each of the 6 copies of this item "
        "would have the id 'influence' (n = 1; n = 2; n = 3; n = 4; n = 5; n = 6): put {n} in it"
    )


def test_a_template_slip_that_breaks_every_case_is_said_once_at_the_template(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A `max` that took the region's number: 61 lines, one per value in a case, none
    naming the template; now one line at the template with its copies and the cases."""
    game = _copy(tmp_path, "river_of_gold")
    scoring = game / "scoring.yaml"
    _edit(
        scoring,
        "    label: Influence en région {n}\n",
        '    label: Influence en région {n}\n    max: "{n}"\n',
    )
    text = scoring.read_text(encoding="utf-8")
    line = (
        text.count("\n", 0, text.index("- for_each: {n: [1, 2, 3, 4, 5, 6]}\n    id: influence_"))
        + 1
    )
    [problem] = _validate(game, capsys)
    assert problem.startswith(
        f"{scoring}:{line}:5: inputs[1]: 61 values in 17 conformance cases are refused with "
        "above_max by the copies of this template for n = 1; n = 2; n = 3; n = 4; n = 5; n = 6: "
        "the template or the cases are wrong; first 'full_three_players' (cases.yaml:"
    ), problem


def test_a_misspelt_field_in_a_case_names_its_line_and_the_closest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _copy(tmp_path, "momiji")
    line = _edit(game / "cases.yaml", "hold_zeros: true}", "hold_zeroes: true}")
    assert _validate(game, capsys) == [
        f"{game / 'cases.yaml'}:{line}:25: cases[0].state: case 'two_players_full_tie' cannot be "
        "scored: players[0].hold_zeroes: unknown field 'hold_zeroes'; did you mean hold_zeros? "
        "[case_unscorable]"
    ]


def test_a_misspelt_field_in_a_refused_state_is_found_by_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A refused state is expected to fail: validate did not look at it, and `rulebook test`
    said only `unknown_field`."""
    game = _copy(tmp_path, "momiji")
    cases = game / "cases.yaml"
    line = _edit(
        cases, "- {name: A, pile_1: [0, 1, 4]}", "- {name: A, pile_1: [0, 1, 4], acorn: 2}"
    )
    [problem] = _validate(game, capsys)
    assert problem == (
        f"{cases}:{line}:47: invalid[0].state: refused state 'leaf_valued_four' has a field the "
        "game does not have: players[0].acorn: unknown field 'acorn'; did you mean acorns? "
        "[refused_state_field]"
    )


def test_affects_others_where_nothing_carries_the_count_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Set by mistake, it silently takes the input out of the property tests."""
    game = _copy(tmp_path, "nile")
    scoring = game / "scoring.yaml"
    line = _edit(
        scoring, "{id: wheat, kind: count,", "{id: wheat, affects_others: true, kind: count,"
    )
    [problem] = _validate(game, capsys)
    assert problem.startswith(f"{scoring}:{line}:")
    assert "affects_others: true, but no other player's score reads" in problem


def test_a_count_carried_to_the_neighbours_must_say_affects_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without it the property tests fail on a rule that is right (one more gift card lets
    a neighbour overtake its owner)."""
    game = _copy(tmp_path, "nile")
    scoring = game / "scoring.yaml"
    _edit(
        scoring,
        "values:\n",
        "values:\n  - {id: beside, compute: {neighbours: {of: {input: wheat}, offsets: [1]}}}\n",
    )
    text = scoring.read_text(encoding="utf-8")
    line = text.count("\n", 0, text.index("id: wheat")) + 1
    [problem] = _validate(game, capsys)
    assert problem.startswith(f"{scoring}:{line}:")
    assert (
        "value 'beside' carries 'wheat' into other players' scores (a `neighbours` or "
        "`table_sum` node reads it), so one more of it may lower its owner's rank: say "
        "`affects_others: true`"
    ) in problem


def test_rulebook_test_places_a_misspelt_field_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`rulebook test` said only `players[0].acorn: unknown_field`."""
    game = _copy(tmp_path, "momiji")
    cases = game / "cases.yaml"
    line = _edit(
        cases, "- {name: A, pile_1: [0, 1, 4]}", "- {name: A, pile_1: [0, 1, 4], acorn: 2}"
    )
    assert main(["test", "momiji", "--project", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"{cases}:{line}:47: invalid[0].state: refused state 'leaf_valued_four'" in err
    assert "did you mean acorns?" in err


def test_a_computed_index_that_can_be_negative_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An expression where an index is taken: its bounds derived from the inputs' (issue 33,
    item 3), and the range found said, with how to declare a bound."""
    game = _copy(tmp_path, "river_of_gold")
    line = _edit(
        game / "scoring.yaml",
        "    compute: {input: favor}\n",
        "    compute: {choice_data: {of: {table: tile_region_1}, field: awards,\n"
        "                            index: {difference: [{input: favor}, 1]}}}\n",
    )
    [problem] = _validate(game, capsys)
    assert problem.startswith(f"{game / 'scoring.yaml'}:{line + 1}:36: values["), problem
    assert problem.endswith(
        "compute.choice_data.index: the index may be -1 to 5 here, and a place in a list is "
        "0 or more: bound it ({maximum: [..., 0]}) or read inputs that cannot be negative "
        "[index_may_be_negative]"
    ), problem
