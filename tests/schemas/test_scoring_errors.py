"""Errors in a scoring file teach: they say where (file, line, field path), what is wrong,
what would be right (the closest node or id, the reason a reference is not allowed), and
point at the ``for_each`` template a wrong copy came from."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from schemas.diagnostics import Diagnostic
from schemas.expressions import NODE_NAMES
from schemas.loader import ContentError, load_game
from tests.conftest import CONTENT
from tests.schemas.test_loader import _line_of, _replace


def _copy(tmp_path: Path, game: str) -> Path:
    folder = tmp_path / "content" / game
    shutil.copytree(CONTENT / game, folder)
    return folder


def _problems(folder: Path) -> list[Diagnostic]:
    with pytest.raises(ContentError) as error:
        load_game(folder)
    return error.value.problems


def test_an_unknown_node_suggests_the_closest_and_lists_them_all(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "river_of_gold")
    scoring = folder / "scoring.yaml"
    _replace(scoring, "floor_div: [{value: goods_left}, 3]", "floordiv: [{value: goods_left}, 3]")
    [problem] = _problems(folder)
    assert problem.file == str(scoring) and problem.line == _line_of(scoring, "floordiv")
    assert problem.path.endswith("compute.product[1]")
    assert "'floordiv' is not a scoring node; did you mean floor_div?" in problem.msg
    assert all(name in problem.msg for name in NODE_NAMES if name != "const")


def test_award_points_say_what_they_may_be(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "tokaido")
    scoring = folder / "scoring.yaml"
    _replace(
        scoring,
        "{most: {of: {value: bath_cards}, points: 3}}",
        "{most: {of: {value: bath_cards}, points: three}}",
    )
    [problem] = _problems(folder)
    assert problem.path.endswith("compute.most.points")
    assert problem.line == _line_of(scoring, "points: three")
    assert "whole number" in problem.msg and "{input: id}" in problem.msg


def test_a_reference_not_allowed_says_why(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "nile")
    scoring = folder / "scoring.yaml"
    _replace(
        scoring,
        "component: grapes_cards, when: {option: deluxor}",
        "component: grapes_cards, when: {input: papyrus}",
    )
    [problem] = _problems(folder)
    assert problem.path == "inputs[5].when.input"
    assert problem.msg.startswith("an input reference is not allowed here: an input's `when`")
    assert "before anyone enters anything" in problem.msg


def test_a_comparison_of_players_in_a_condition_says_why(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "nile")
    scoring = folder / "scoring.yaml"
    _replace(
        scoring,
        "value: grapes_count, when: {option: deluxor}",
        "value: grapes_count, when: {most: {of: {option: deluxor}, points: 1}}",
    )
    [problem] = _problems(folder)
    assert problem.path == "categories[5].when"
    assert problem.msg.startswith("most compares players, which is not possible here")


def test_setup_may_not_read_what_players_count(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "nile")
    _replace(
        folder / "setup.yaml",
        "    values:\n      cards: 5",
        "    values:\n      cards: {input: wheat}",
    )
    [problem] = _problems(folder)
    assert Path(problem.file).name == "setup.yaml"
    assert "setup happens before anyone plays" in problem.msg


def test_an_unknown_id_names_only_the_closest(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "tokaido")
    scoring = folder / "scoring.yaml"
    _replace(scoring, "compute: {input: donations}", "compute: {input: donation}")
    _replace(scoring, "{product: [2, {input: cherry_trees}]}", "{product: [2, {input: zzz}]}")
    problems = _problems(folder)
    close = next(p for p in problems if "'donation'" in p.msg)
    assert close.msg == "unknown input 'donation'; did you mean donations?"
    far = next(p for p in problems if "'zzz'" in p.msg)
    assert "no input id is close to it" in far.msg and len(far.msg) < 100


def test_an_error_in_a_template_points_at_the_template_once(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "river_of_gold")
    scoring = folder / "scoring.yaml"
    _replace(
        scoring,
        'rank_award: {of: {input: "influence_{n}"}',
        'rank_award: {of: {input: "influense_{n}"}',
    )
    [problem] = _problems(folder)
    assert problem.line == _line_of(scoring, "influense_{n}")
    assert problem.path == "values[1].compute.rank_award.of.input"
    assert problem.msg.startswith("unknown input 'influense_1'; did you mean influence_1?")
    assert "(for n = 1; likewise for n = 2, n = 3, n = 4, n = 5, n = 6)" in problem.msg


def test_a_validation_error_in_a_template_is_reported_once(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "river_of_gold")
    scoring = folder / "scoring.yaml"
    _replace(scoring, "ties: pool_floor,", "ties: pool_flor,")
    [problem] = _problems(folder)
    assert problem.line == _line_of(scoring, "ties: pool_flor,")
    assert problem.path == "values[1].compute.rank_award.ties"
    assert "pool_floor" in problem.msg and "for n =" not in problem.msg


def test_a_copy_that_alone_fails_names_its_parameters(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "river_of_gold")
    scoring = folder / "scoring.yaml"
    _replace(
        scoring,
        "  - for_each: {n: [1, 2, 3, 4, 5, 6]}\n    id: region_{n}",
        "  - for_each: {n: [1, 2, 3, 4, 5, 6, 7]}\n    id: region_{n}",
    )
    problems = _problems(folder)
    unknown = [p for p in problems if "influence_7" in p.msg]
    assert unknown and all("(for n = 7)" in p.msg for p in unknown)
    assert all(p.line == _line_of(scoring, "rank_award: {of: {input") for p in unknown[:1])


def test_a_malformed_for_each_is_an_error_at_its_line(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "river_of_gold")
    scoring = folder / "scoring.yaml"
    _replace(
        scoring,
        "  - for_each: {n: [1, 2, 3, 4, 5, 6]}\n    id: tile_region_{n}",
        "  - for_each: {n: []}\n    id: tile_region_{n}",
    )
    [problem] = _problems(folder)
    assert problem.path == "table[0].for_each.n"
    assert problem.line == _line_of(scoring, "for_each: {n: []}")
    assert "non-empty list" in problem.msg
    assert problem.msg.endswith("(got [])"), "the excerpt is what is wrong, not the file"


def test_rivals_taking_part_need_rivals(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "momiji")  # a game without rivals
    scoring = folder / "scoring.yaml"
    _replace(
        scoring,
        "values:\n",
        "values:\n  - {id: probe, compute: {rank_award: {of: {input: acorns}, awards: [3, 1],"
        " ties: dense, rivals: true}}}\n",
    )
    [problem] = _problems(folder)
    assert problem.msg == "rivals: true, but the scoring declares no rivals"


def test_choice_data_names_the_fields_there_are(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "river_of_gold")
    scoring = folder / "scoring.yaml"
    _replace(
        scoring,
        "  - id: favor_left\n    compute: {input: favor}",
        "  - id: favor_left\n    compute: {choice_data: {of: {table: tile_region_1}, field: award}}",
    )
    [problem] = _problems(folder)
    assert (
        "no choice of 'tile_region_1' carries 'award'; their fields: awards, max_gap" in problem.msg
    )


def test_wildcards_need_a_bounded_search(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "river_of_gold")
    scoring = folder / "scoring.yaml"
    wild = (
        "  - id: favor_left\n    compute: {{best_assignment: {{wildcards: {w}, among: "
        "[{{input: silk}}, {{input: rice}}, {{input: pottery}}, {{input: koku}}], "
        "maximize: {{input: silk}}}}}}"
    )
    _replace(
        scoring,
        "  - id: favor_left\n    compute: {input: favor}",
        wild.format(w="{input: track_points}"),
    )
    # An input with no upper bound (the track's own bound removed).
    _replace(scoring, "    max: 500\n    group: score_track", "    group: score_track")
    [problem] = _problems(folder)
    assert "no known maximum" in problem.msg and problem.path.endswith("best_assignment.wildcards")
    _replace(scoring, "wildcards: {input: track_points}", "wildcards: 40")
    [problem] = _problems(folder)
    assert "12341 placements to try; the engine tries at most 5000" in problem.msg


def test_a_wildcard_target_may_not_read_values(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "river_of_gold")
    scoring = folder / "scoring.yaml"
    _replace(
        scoring,
        "  - id: favor_left\n    compute: {input: favor}",
        "  - id: favor_left\n    compute: {best_assignment: {wildcards: 2, among: [{input: silk}], maximize: {value: goods_left}}}",
    )
    [problem] = _problems(folder)
    assert problem.msg.startswith(
        "a value reference is not allowed here: the target is computed again"
    )


def test_a_row_in_an_undeclared_group_is_refused_where_it_stands(tmp_path: Path) -> None:
    """A misspelt ``group`` (of an input, also inside a ``for_each`` template, or of a table
    input) names the closest declared group, at the row's line (issue 34)."""
    folder = _copy(tmp_path, "river_of_gold")
    scoring = folder / "scoring.yaml"
    _replace(
        scoring,
        "group: customers, component: artisan_cards",
        "group: customer, component: artisan_cards",
    )
    _replace(scoring, "group: scoring_tiles", "group: tiles")
    problems = _problems(folder)
    assert [p.path.rsplit(".", 1)[-1] for p in problems] == ["group", "group"], problems
    artisans, tiles = problems
    assert artisans.line == _line_of(scoring, "group: customer,")
    assert "unknown group 'customer'; did you mean customers?" in artisans.msg
    assert tiles.line == _line_of(scoring, "group: tiles")
    assert "unknown group 'tiles'" in tiles.msg


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        # An Elder without the text of its chip.
        (
            '    group: elders\n    chip: "{n}"\n',
            "    group: elders\n",
            "must be a flag with a chip text",
        ),
        # A chip on a field whose group is shown as rows.
        (
            "group: customers, component: artisan_cards,",
            "group: customers, chip: artisans, component: artisan_cards,",
            "has a chip but its group is no chip row",
        ),
        # A presentation for a group the file does not declare.
        ("{elders: chip_row,", "{elder: chip_row,", "names group 'elder', which groups lacks"),
        # A count of a number row without the text over its box.
        ("chip: Marchés, label: Marchés", "label: Marchés", "must be a count with a chip text"),
        # Yes/no fields shown as a row of number boxes.
        ("{elders: chip_row,", "{elders: number_row,", "must be a count with a chip text"),
    ],
)
def test_a_chip_row_takes_flags_with_chips_only(
    tmp_path: Path, old: str, new: str, said: str
) -> None:
    folder = _copy(tmp_path, "river_of_gold")
    _replace(folder / "scoring.yaml", old, new)
    problems = _problems(folder)
    assert any(said in p.msg for p in problems), [p.msg for p in problems]
