"""Templates that make several items (issue 33, item 3): a ``for_each`` whose ``items``
lists what every copy makes, side by side; each slip in one of them is reported once, at
its line in the template."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from schemas.loader import ContentError, load_game
from schemas.templates import TemplateError, expand
from scorer.engine import GameEngine
from scorer.outcome import score_outcome
from tests.parity_fixture import BOUND_BASE, probe_game
from tests.schemas.test_bounds import _probe_folder
from tests.schemas.test_loader import _line_of

#: The probe's cities template, as tests/games/probe/scoring.yaml writes it.
CITIES = """  - for_each: {n: [1, 2]}      # two items side by side in every copy
    items:
      - {id: "city_{n}_tiles", kind: count, label: "City {n}: tiles", max: 9}
      - {id: "city_{n}_arms", kind: count, label: "City {n}: coats of arms", max: 3}
"""


def test_every_copy_makes_its_items_side_by_side() -> None:
    data = {"inputs": [{"for_each": {"n": [1, 2]}, "items": [{"id": "t{n}"}, {"id": "a{n}"}]}]}
    expansion = expand(data)
    assert [i["id"] for i in expansion.data["inputs"]] == ["t1", "a1", "t2", "a2"]
    # Each copy of an item comes from that item's place in the template.
    assert expansion.source(("inputs", 3, "id")) == (("inputs", 0, "items", 1, "id"), {"n": 2})


def test_the_probe_scores_the_cities_its_template_made() -> None:
    content = probe_game()
    ids = [i.id for i in content.scoring.inputs]
    at = ids.index("city_1_tiles")
    assert ids[at : at + 4] == ["city_1_tiles", "city_1_arms", "city_2_tiles", "city_2_arms"]
    state: dict[str, Any] = {**BOUND_BASE, "players": [dict(p) for p in BOUND_BASE["players"]]}
    state["players"][0].update({"hero": "a", "city_1_tiles": 4, "city_1_arms": 1})
    state["players"][0]["city_2_tiles"] = 2
    state["players"][1]["hero"] = "b"
    found = score_outcome(GameEngine(content), state)
    assert found.result is not None and not found.problems, found.problems
    # 4 tiles doubled by one coat of arms, and 2 tiles: 8 + 2.
    assert found.result.to_json()["players"][0]["breakdown"]["cities"] == 10


@pytest.mark.parametrize(
    ("old", "new", "needle", "words"),
    [
        (
            'kind: count, label: "City {n}: coats of arms"',
            'kind: cuont, label: "City {n}: coats of arms"',
            "kind: cuont",
            "cuont",
        ),
        (
            '"city_{n}_arms"',
            '"city_arms"',
            '"city_arms"',
            "each of the 2 copies of this item would have the id 'city_arms'",
        ),
        (
            "    items:\n",
            "    label: City\n    items:\n",
            '- {id: "city_{n}_tiles"',  # the list that items holds
            "makes the items it lists and nothing else: move label into each of them",
        ),
    ],
    ids=["a misspelt kind", "an id without its parameter", "a key beside items"],
)
def test_a_slip_in_one_item_is_reported_once_at_its_line(
    tmp_path: Path, old: str, new: str, needle: str, words: str
) -> None:
    folder = _probe_folder(tmp_path, CITIES, CITIES.replace(old, new))
    with pytest.raises(ContentError) as error:
        load_game(folder)
    [problem] = error.value.problems
    scoring = folder / "scoring.yaml"
    assert problem.file == str(scoring) and problem.line == _line_of(scoring, needle), problem
    assert words in problem.msg, problem.msg
    assert "for n =" not in problem.msg  # every copy: said once, for none in particular


def test_items_list_what_a_copy_makes() -> None:
    for bad in ([], "x", [{"for_each": {"m": [1]}, "id": "x{m}"}]):
        with pytest.raises(TemplateError):
            expand({"values": [{"for_each": {"n": [1]}, "items": bad}]})
