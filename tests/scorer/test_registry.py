"""Every scoring node is known everywhere: the model union, the Python interpreter and its
words (scorer/nodes/), and the browser runtime's NODES table (expr.js), as the readable
source, as each shipped module and as the one joined file pages load."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any, get_args

import pytest
from pydantic import BaseModel

from rulebook.site.assets import write_assets
from schemas import expressions as ex
from schemas.references import nodes
from scorer.describe import SourceWords, describe_node, render
from scorer.engine import GameEngine
from scorer.nodes import RULES, Rule
from tests.parity_fixture import probe_game

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "site" / "assets" / "calculator"
HOOK = ROOT / "tests" / "js" / "esm-hook.mjs"


def union_tags() -> set[str]:
    """The tag of every member of the ``Expr`` union, read from the type itself."""
    union = get_args(ex.Expr.__value__)[0]  # Annotated[union, discriminator, check]
    return {str(get_args(member)[1].tag) for member in get_args(union)}


NODES = sorted(union_tags())


def test_the_union_the_model_list_and_the_names_agree() -> None:
    assert set(NODES) == set(ex.NODE_NAMES)
    assert {m.node_name() for m in ex.NODE_MODELS} == set(NODES) - {"const"}
    assert set(ex.CROSS_PLAYER_NODES) == {m for m in ex.NODE_MODELS if m.cross_player}


@pytest.mark.parametrize("name", NODES)
def test_the_python_engine_evaluates_and_describes_it(name: str) -> None:
    if name == "const":
        return  # a plain number: the interpreter and the describer handle ints themselves
    rule = RULES[name]
    assert rule.model.node_name() == name
    assert type(rule).build is not Rule.build, f"{name} has no evaluation"
    assert type(rule).words is not Rule.words, f"{name} has no words"


def _node_names_in_js(module: Path, bundle: bool) -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is not installed: run scripts/bootstrap.sh --browser")
    read = "(await import(url)).expr.NODES" if bundle else "(await import(url)).NODES"
    script = (
        'import { register } from "node:module";\n'
        f"register({json.dumps(HOOK.as_uri())});\n"
        f"const url = {json.dumps(module.as_uri())};\n"
        f"console.log(JSON.stringify(Object.keys({read})));\n"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    names: list[str] = json.loads(done.stdout)
    return names


@pytest.mark.parametrize("form", ["sources", "as-shipped", "bundle"])
def test_the_browser_runtime_evaluates_every_node(form: str, tmp_path: Path) -> None:
    if form == "sources":
        names = _node_names_in_js(SOURCES / "expr.js", bundle=False)
    else:
        write_assets(tmp_path)
        module = tmp_path / ("calculator.js" if form == "bundle" else "expr.js")
        names = _node_names_in_js(module, bundle=form == "bundle")
    assert sorted(names) == sorted(set(NODES) - {"const"})


def _every_node(content: Any) -> dict[str, object]:
    """One node of each kind found in ``content``'s scoring."""
    found: dict[str, object] = {}
    for _, node in nodes(content.scoring):
        if isinstance(node, ex.Node):
            found.setdefault(node.node_name(), node)
    found.setdefault("const", 3)
    return found


def test_the_probe_game_uses_every_node_and_each_has_words() -> None:
    """The parity suite's probe game holds every node, so both runtimes are compared on each;
    each of them also reads as a non-empty sentence."""
    content = probe_game()
    found = _every_node(content)
    assert sorted(found) == NODES, sorted(set(NODES) - set(found))
    GameEngine(content)  # every node is built
    for name, node in found.items():
        for points in (False, True):
            text = render(describe_node(content, node, points), SourceWords())
            assert text.strip() and "{" not in text, (name, text)


def _takes_a_bare_number(annotation: Any) -> bool:
    """Whether ``annotation`` admits a written whole number that is not an expression."""
    if annotation is int:
        return True
    if annotation is ex.Expr:
        return False  # a number there is a constant node: an expression may stand instead
    return any(_takes_a_bare_number(arg) for arg in get_args(annotation))


def _specs(model: type[Any], seen: set[type[Any]]) -> list[tuple[str, str, Any]]:
    """(model, field, annotation) of a node and the specs below it (not other nodes)."""
    if model in seen:
        return []
    seen.add(model)
    found = []
    for name, info in model.model_fields.items():
        found.append((model.__name__, name, info.annotation))
        for arg in get_args(info.annotation) or (info.annotation,):
            if (
                isinstance(arg, type)
                and issubclass(arg, BaseModel)
                and not issubclass(arg, ex.Node)
            ):
                found += _specs(arg, seen)
    return found


def test_every_number_a_node_takes_may_be_an_expression() -> None:
    """No node field takes only a written number (issue 33, item 3): where a number is taken,
    an expression may stand, its bounds checked by schemas/bounds.py. A new field typed
    ``int`` fails here until it takes ``Expr`` (with the bound it needs)."""
    seen: set[type[Any]] = set()
    bare = [
        f"{model}.{name}"
        for node in ex.NODE_MODELS
        for model, name, annotation in _specs(node, seen)
        if _takes_a_bare_number(annotation)
    ]
    assert bare == []
