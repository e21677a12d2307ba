"""Templates that make several items (issue 33, item 3): a ``for_each`` whose ``items``
lists what every copy makes, side by side; each slip in one of them is reported once, at
its line in the template. Templates in the other content files (issue 32, item 7) are
placed in their own file the same way."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from schemas.loader import ContentError, load_game
from schemas.templates import TemplateError, expand
from scorer.engine import GameEngine
from scorer.outcome import score_outcome
from tests.conftest import CONTENT
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


#: River of Gold's artisans: a template in a components file.
ARTISANS = '{for_each: {n: [1, 2, 3, 4, 5, 6]}, id: "artisan_{n}", name: "Artisan de la région {n}"'


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        (
            'name: "Artisan de la région {n}"',
            'name: "Artisan de la région {m}"',
            "{m} is not a parameter of its for_each (they are {n}); did you mean {n}?",
        ),
        ("when: {is:", "whne: {is:", "unknown key"),
        (
            "in: [base, trade_favor, building_influence",
            "in: [bsae, trade_favor, building_influence",
            "'bsae' is not a choice of 'customer_set'; did you mean base? (for n = 1; "
            "likewise for n = 2, n = 3, n = 4, n = 5, n = 6)",
        ),
    ],
    ids=["a placeholder no for_each binds", "a misspelt key", "an unknown choice"],
)
def test_a_slip_in_a_components_template_is_reported_once_at_its_line(
    tmp_path: Path, old: str, new: str, words: str
) -> None:
    """A template outside the scoring file (River of Gold's customer cards) is placed in
    its own file, once for all its copies, as a scoring template is."""
    folder = tmp_path / "river_of_gold"
    shutil.copytree(CONTENT / "river_of_gold", folder)
    components = folder / "components.yaml"
    text = components.read_text(encoding="utf-8")
    line = text[: text.index(ARTISANS)].count("\n") + 1
    artisans = text.splitlines()[line - 1]
    components.write_text(text.replace(artisans, artisans.replace(old, new)), encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_game(folder)
    [problem] = error.value.problems
    assert (problem.file, problem.line) == (str(components), line), problem
    assert words in problem.msg, problem.msg
    # Said once: a reference names the copies (as in a scoring file), the rest none.
    assert ("for n =" in problem.msg) == ("likewise" in words), problem.msg


def test_a_slip_in_one_copy_of_a_glossary_template_names_its_parameters(tmp_path: Path) -> None:
    """A rule every copy but one keeps (a glossary term's id) is reported at the
    template's line in the glossary file, naming the copy it failed for."""
    folder = tmp_path / "nile"
    shutil.copytree(CONTENT / "nile", folder)
    glossary = folder / "glossary.yaml"
    text = glossary.read_text(encoding="utf-8")
    template = (
        '  - {for_each: {n: [1, 2, "X"]}, id: "row_{n}", term: "Rangée {n}",'
        ' definition: "La rangée {n} du plateau."}\n'
    )
    glossary.write_text(text.replace("terms:\n", "terms:\n" + template, 1), encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_game(folder)
    [problem] = error.value.problems
    assert problem.file == str(glossary) and problem.line == _line_of(glossary, "row_{n}"), problem
    assert problem.path.startswith("terms[0].id"), problem
    assert "(for n = X)" in problem.msg, problem.msg
