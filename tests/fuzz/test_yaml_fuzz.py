"""Hypothesis against the content reader: any text, any damage to real content, any data.

Whatever the input, reading it either succeeds or ends in a content error that is placed
(file, line, column) and short; never another exception. Each property runs all its
examples in one bounded child (tests/fuzz/bounds.py), so a runaway example cannot hang or
exhaust the machine.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schemas import yaml_reader
from schemas.expressions import NODE_NAMES
from schemas.loader import ContentError, load_game
from tests.conftest import CONTENT
from tests.fuzz.bounds import bounded

QUICK = settings(
    max_examples=250, deadline=None, suppress_health_check=list(HealthCheck), database=None
)
SLOW = settings(
    max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None
)

#: Characters that mean something to YAML, with letters, digits and a few controls.
YAML_ALPHABET = st.sampled_from(
    [
        *"ab01 -:?[]{},&*!|>'\"#%@`\\\n\r\t.~",
        "\x00",
        "\x07",
        "\x85",
        "\u2028",
        "\ufeff",
        "é",
        "\u202e",
    ]
)

#: Values that YAML 1.1, YAML 1.2 and a careless writer read differently, and broken syntax.
TRICKY = [
    "true",
    "no",
    "off",
    "~",
    "016",
    "-0",
    "1_000",
    "1:30",
    "0x1F",
    "0o17",
    ".inf",
    "1e400",
    "'14'",
    '"\\q"',
    "!!python/object:os.system x",
    "!!str 14",
    "*nowhere",
    "&a x",
    "[",
    "{",
    "? [a]",
    "<<: {}",
    "'unclosed",
    "- a",
    "a: b",
    "|",
    ">",
    "---",
    "...",
    "%YAML 1.1",
]


def _placed(problem: yaml_reader.YamlProblem, text: str) -> None:
    lines = len(re.split("\r\n|\r|\n", text)) + 1
    assert problem.line is None or 1 <= problem.line <= lines, (problem.line, lines)
    assert problem.column is None or problem.column >= 1
    assert len(problem.message) <= 300, problem.message


@QUICK
@given(st.text(YAML_ALPHABET, max_size=120))
def _any_text(text: str) -> None:
    try:
        yaml_reader.parse(text)
    except yaml_reader.YamlProblem as problem:
        _placed(problem, text)


def test_any_text_parses_or_gets_a_placed_short_error() -> None:
    bounded(_any_text, timeout=120)


# -- damage to real content -------------------------------------------------------------------


def _scalar_spans(text: str) -> list[tuple[int, int]]:
    """Where each scalar of a YAML text starts and ends."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    spans: list[tuple[int, int]] = []
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.ScalarNode):
            spans.append((node.start_mark.index, node.end_mark.index))
        elif isinstance(node, yaml.MappingNode):
            stack.extend(v for pair in node.value for v in pair)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    return spans


NILE_FILES = {
    p.name: p.read_text(encoding="utf-8") for p in sorted((CONTENT / "nile").glob("*.yaml"))
}
SPANS = {name: _scalar_spans(text) for name, text in NILE_FILES.items()}

HOSTILE_VALUE = st.one_of(
    st.sampled_from(TRICKY),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(max_size=40).map(json.dumps),
    st.text(YAML_ALPHABET, max_size=30),
    st.recursive(
        st.integers(-5, 5) | st.booleans() | st.none() | st.text("abc", max_size=3),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(st.text("xyz", min_size=1, max_size=2), inner, max_size=3)
        ),
        max_leaves=8,
    ).map(json.dumps),
)


@SLOW
@given(
    name=st.sampled_from(sorted(NILE_FILES)),
    where=st.floats(min_value=0, max_value=1, exclude_max=True),
    value=HOSTILE_VALUE,
)
def _damaged_nile(name: str, where: float, value: str) -> None:
    text = NILE_FILES[name]
    start, end = SPANS[name][int(where * len(SPANS[name]))]
    damaged = text[:start] + value + text[end:]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "nile"
        shutil.copytree(CONTENT / "nile", folder)
        (folder / name).write_text(damaged, encoding="utf-8")
        try:
            load_game(folder)
        except ContentError as error:
            assert error.problems
            for problem in error.problems:
                assert problem.file is not None, problem
                assert Path(problem.file).is_relative_to(folder), problem
                # Short, but for the list of node names an unknown node is taught (fixed text,
                # not an echo of the input).
                bound = len(str(problem.file)) + 400 + len(", ".join(NODE_NAMES))
                assert len(str(problem)) <= bound, str(problem)[:500]
                if problem.file == str(folder / name) and problem.line is not None:
                    assert problem.line <= damaged.count("\n") + 2


def test_damaged_real_content_loads_or_fails_cleanly() -> None:
    bounded(_damaged_nile, timeout=240)


# -- data written by a YAML library reads back the same ---------------------------------------

WORDS = st.text("abcdefxyzé -'", max_size=12)
DATA = st.recursive(
    WORDS | st.integers(-(2**53) + 1, 2**53 - 1) | st.booleans() | st.none(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(WORDS, inner, max_size=4),
    max_leaves=20,
)


@QUICK
@given(data=DATA, flow=st.booleans())
def _round_trip(data: Any, flow: bool) -> None:
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=flow)
    assert yaml_reader.parse(text)[0] == data, text


def test_what_pyyaml_writes_reads_back_the_same() -> None:
    bounded(_round_trip, timeout=120)
