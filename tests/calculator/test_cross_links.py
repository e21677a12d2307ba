"""The comments that tie one runtime to the other name what is there: a calculator module
that says it does what ``scorer/interpret.py rival_fixed`` does names a Python file that
exists and a name that file defines, and a Python module that names ``fields.js
fieldProblems`` names a function, class, constant or type that module defines.

A link is a path (or a calculator module's file name, perhaps with ``'s``) followed by a
name in double backquotes or one that reads as code (with an underscore or a capital
letter), so the English words after a path ("gives", "the") are not taken for names.
"""

from __future__ import annotations

import re

import pytest

from tests.typecheck_support import CALCULATOR, ROOT

#: A Python file of the project and what follows it in a comment (``, `` or ``: `` or a
#: space, the name perhaps in double backquotes).
PYTHON_LINK = re.compile(
    r"(?<![\w/])((?:scorer|schemas|rulebook)/[\w/]+\.py)[ ,:]+(``)?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?)"
)
#: A calculator module and what follows it.
JS_LINK = re.compile(r"\b(\w+\.js)(?:'s)?[ ,:(]+(``)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)")

#: The Python files whose comments may name the calculator's modules.
PYTHON_SOURCES = sorted(
    p for folder in ("scorer", "schemas", "rulebook") for p in (ROOT / folder).rglob("*.py")
)


def _names_code(quoted: str | None, name: str) -> bool:
    return bool(quoted) or "_" in name or any(c.isupper() for c in name)


def _defined_in_python(text: str, name: str) -> bool:
    """``name`` is a function, class, or module or class attribute of ``text``."""
    pattern = rf"^\s*(?:async\s+)?(?:def|class)\s+{re.escape(name)}\b|^\s*{re.escape(name)}\s*[:=]"
    return re.search(pattern, text, re.MULTILINE) is not None


def _defined_in_js(text: str, name: str) -> bool:
    """``name`` is a function, class, constant, method, key or JSDoc type of ``text``."""
    word = re.escape(name)
    pattern = (
        rf"(?:function\*?|class|const|let)\s+{word}\b|@typedef\s+\{{.*\}}\s+{word}\b"
        rf"|^\s+(?:static\s+|get\s+|async\s+)*{word}\s*[:(]"
    )
    return re.search(pattern, text, re.MULTILINE) is not None


def _line(text: str, at: int) -> int:
    return text.count("\n", 0, at) + 1


@pytest.mark.parametrize("module", sorted(p.name for p in CALCULATOR.glob("*.js")))
def test_every_python_name_a_calculator_module_gives_is_there(module: str) -> None:
    text = (CALCULATOR / module).read_text(encoding="utf-8")
    wrong = []
    for link in PYTHON_LINK.finditer(text):
        path, quoted, name = link.groups()
        target = ROOT / path
        if not target.is_file():
            wrong.append(f"{module}:{_line(text, link.start())}: {path} is not a file")
            continue
        source = target.read_text(encoding="utf-8")
        if _names_code(quoted, name) and not all(
            _defined_in_python(source, part) for part in name.split(".")
        ):
            wrong.append(f"{module}:{_line(text, link.start())}: {path} defines no {name}")
    assert wrong == []


def test_every_calculator_name_a_python_module_gives_is_there() -> None:
    modules = {p.name for p in CALCULATOR.glob("*.js")}
    wrong = []
    for source in PYTHON_SOURCES:
        text = source.read_text(encoding="utf-8")
        for link in JS_LINK.finditer(text):
            module, quoted, name = link.groups()
            # Other scripts (the bundle, the search's, the offline worker) are not linked by name.
            if module not in modules or not _names_code(quoted, name):
                continue
            body = (CALCULATOR / module).read_text(encoding="utf-8")
            if not all(_defined_in_js(body, part) for part in name.split(".")):
                where = f"{source.relative_to(ROOT)}:{_line(text, link.start())}"
                wrong.append(f"{where}: {module} defines no {name}")
    assert wrong == []
