"""YAML text in, plain data and its node tree out: bounded, strict and in the YAML 1.2 core schema.

Content is untrusted input, so reading it is bounded: aliases may not expand a file past
``MAX_VALUES`` values (a 649-byte "billion laughs" file would otherwise expand to 10¹⁰),
nesting stops at ``MAX_DEPTH`` levels, numbers stay within what the browser computes
exactly. Every problem is a :class:`YamlProblem` with a line, a column and words a
contributor understands, never the parser's internals, and never more than a short excerpt
of the input.

Plain values follow the YAML 1.2 core schema, not PyYAML's YAML 1.1: ``no``, ``on``,
``1_000``, ``1:30`` and ``2009-01-01`` are text, not a boolean, a number, a sexagesimal
or a date; only ``true``/``false`` are booleans. A number with a leading zero (``016``,
octal 14 in YAML 1.1 and 16 in YAML 1.2) is refused as ambiguous. Mapping keys are always
text (they are field names and ids). No tags, no merge keys (``<<``), one document a file.

The parser is libyaml's when PyYAML has it (ten times faster); composing the events into
data is done here, without recursion, so the limits hold before anything is built.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, cast

import yaml
from yaml.error import Mark
from yaml.events import (
    AliasEvent,
    CollectionStartEvent,
    DocumentStartEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

#: The most values (scalars, lists and mappings, counted once per use of an alias) a file may
#: hold: ten times the largest content file today.
MAX_VALUES = 250_000
#: The deepest nesting of lists and mappings, aliases expanded; content today reaches 15.
MAX_DEPTH = 64
#: The largest whole number the browser calculator computes exactly (2⁵³ − 1).
MAX_INTEGER = 2**53 - 1
#: How much of an offending value an error message may echo.
EXCERPT = 40

_PARSER = yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"

# The YAML 1.2 core schema (https://yaml.org/spec/1.2.2/#1032-tag-resolution).
_NULLS = {"", "~", "null", "Null", "NULL"}
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_DECIMAL = re.compile(r"[-+]?[0-9]+")
_LEADING_ZERO = re.compile(r"[-+]?0[0-9]")
_OCTAL = re.compile(r"0o[0-7]+")
_HEX = re.compile(r"0x[0-9a-fA-F]+")
_FLOAT_RE = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_INFINITY = re.compile(r"[-+]?\.(?:inf|Inf|INF)")
_NAN = re.compile(r"\.(?:nan|NaN|NAN)")

#: Characters YAML does not allow in a stream (C0 controls but tab and line breaks, DEL, C1
#: controls, surrogates, U+FFFE and U+FFFF), and the line separators NEL, U+2028 and U+2029,
#: which YAML parsers count as line breaks and editors do not: lines would not match.
#: Listed as they are rather than as the complement of what is allowed: the same set, and
#: compiling it costs a first command 0.5 ms instead of 3.
_FORBIDDEN = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]"
)
_BREAK = re.compile("\r\n|\r|\n")


class YamlProblem(Exception):
    """Text that is not content YAML, with where (1-based line and column) and what."""

    def __init__(self, line: int | None, column: int | None, message: str):
        self.line = line
        self.column = column
        self.message = message
        super().__init__(f"{line}:{column}: {message}")


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` quoted, cut to ``limit`` characters: what an error message may echo."""
    shown = text if len(text) <= limit else text[: limit - 1] + "…"
    return repr(shown)


def parse(text: str) -> tuple[Any, Node | None]:
    """The data of a one-document YAML ``text`` and its node tree (for line numbers).

    An empty text gives ``(None, None)``. Raise :class:`YamlProblem` on the first problem.
    """
    bad = _FORBIDDEN.search(text)
    if bad is not None:
        line, column = _position(text, bad.start())
        code = f"U+{ord(bad.group()):04X}"
        what = "line separator" if bad.group() in "\x85\u2028\u2029" else "control character"
        raise YamlProblem(line, column, f"a {what} ({code}) is not allowed: remove it")
    composer = _Composer()
    try:
        for event in yaml.parse(text, Loader=_PARSER):
            composer.feed(event)
    except yaml.MarkedYAMLError as error:
        raise _syntax_problem(error, text) from None
    except yaml.YAMLError as error:  # a reader error without a mark
        raise YamlProblem(None, None, f"YAML syntax: {error}") from None
    return composer.data, composer.root


def _position(text: str, index: int) -> tuple[int, int]:
    breaks = list(_BREAK.finditer(text, 0, index))
    return len(breaks) + 1, index - (breaks[-1].end() if breaks else 0) + 1


def _marks(event: Event) -> tuple[Mark | None, Mark | None]:
    """An event's marks, as nodes type them (libyaml's marks have the same line and column)."""
    return cast(Mark | None, event.start_mark), cast(Mark | None, event.end_mark)


def _at(mark: Any) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


# ----------------------------------------------------------------------------------------
# Composing events into data and nodes, with the limits
# ----------------------------------------------------------------------------------------


@dataclass
class _Open:
    """A list or mapping whose end has not been read yet."""

    node: SequenceNode | MappingNode
    data: list[Any] | dict[str, Any]
    anchor: str | None
    #: The value count when it opened: its own size is the count at its end minus this.
    opened_at: int
    #: Levels of nesting below it so far (aliases expanded).
    height: int = 0
    #: A mapping's key read, waiting for its value.
    key: ScalarNode | None = None


@dataclass
class _Anchored:
    node: Node
    data: Any
    size: int
    height: int


@dataclass
class _Composer:
    """Builds data and nodes from parser events, refusing what content may not hold."""

    stack: list[_Open] = field(default_factory=list)
    anchors: dict[str, _Anchored | None] = field(default_factory=dict)
    values: int = 0
    documents: int = 0
    data: Any = None
    root: Node | None = None

    def feed(self, event: Event) -> None:
        if isinstance(event, DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                line, column = _at(event.start_mark)
                raise YamlProblem(
                    line, column, "a second YAML document ('---'): a content file holds one"
                )
        elif isinstance(event, ScalarEvent):
            self._scalar(event)
        elif isinstance(event, CollectionStartEvent):
            self._open(event)
        elif isinstance(event, SequenceEndEvent | MappingEndEvent):
            self._close(event)
        elif isinstance(event, AliasEvent):
            self._alias(event)

    # -- values ------------------------------------------------------------------------

    def _scalar(self, event: ScalarEvent) -> None:
        line, column = _at(event.start_mark)
        self._refuse_tag(event.tag, line, column)
        style = event.style or None  # libyaml says '' for a plain scalar, PyYAML None
        node = ScalarNode(_STR, event.value, *_marks(event), style)
        if self._is_key():
            value: Any = event.value  # keys are names: always text
        elif event.implicit[0]:
            node.tag, value = _resolve(event.value, line, column)
        else:
            value = event.value  # quoted or block text
        self._count(1, 0, line, column)
        self._register(event.anchor, _Anchored(node, value, 1, 0))
        self._add(node, value, line, column)

    def _open(self, event: CollectionStartEvent) -> None:
        line, column = _at(event.start_mark)
        self._refuse_tag(event.tag, line, column)
        if self._is_key():
            raise YamlProblem(line, column, "a key must be a name, not a list or a mapping")
        if len(self.stack) + 1 > MAX_DEPTH:
            raise YamlProblem(line, column, f"nested deeper than {MAX_DEPTH} levels")
        self._count(1, 0, line, column)
        opened: _Open
        if isinstance(event, MappingStartEvent):
            node = MappingNode(_MAP, [], *_marks(event), event.flow_style)
            opened = _Open(node, {}, event.anchor, self.values)
        else:
            seq = SequenceNode(_SEQ, [], *_marks(event), event.flow_style)
            opened = _Open(seq, [], event.anchor, self.values)
        if event.anchor is not None:
            self.anchors[event.anchor] = None  # open: an alias to it now would be a loop
        self.stack.append(opened)

    def _close(self, event: Event) -> None:
        closed = self.stack.pop()
        # Where the list or mapping ends, as PyYAML's composer marks it: text edits need it.
        closed.node.end_mark = _marks(event)[1]
        if closed.anchor is not None:
            size = self.values - closed.opened_at + 1
            self.anchors[closed.anchor] = _Anchored(
                closed.node, closed.data, size, closed.height + 1
            )
        line, column = _at(closed.node.start_mark)
        self._add(closed.node, closed.data, line, column, height=closed.height + 1)

    def _alias(self, event: AliasEvent) -> None:
        line, column = _at(event.start_mark)
        name = (event.anchor or "")[:EXCERPT]
        if event.anchor not in self.anchors:
            raise YamlProblem(line, column, f"alias *{name} has no anchor &{name} before it")
        anchored = self.anchors[event.anchor]
        if anchored is None:
            raise YamlProblem(
                line, column, f"alias *{name} is inside its own anchor: it would repeat forever"
            )
        if self._is_key() and not isinstance(anchored.node, ScalarNode):
            raise YamlProblem(line, column, "a key must be a name, not a list or a mapping")
        self._count(anchored.size, anchored.height, line, column)
        self._add(anchored.node, anchored.data, line, column, height=anchored.height)

    # -- checks --------------------------------------------------------------------------

    def _count(self, size: int, height: int, line: int, column: int) -> None:
        """Count ``size`` more values; refuse a file past the limits."""
        self.values += size
        if self.values > MAX_VALUES:
            raise YamlProblem(
                line,
                column,
                f"more than {MAX_VALUES:,} values once aliases (*name) are expanded: "
                "use fewer aliases or split the file",
            )
        if len(self.stack) + height > MAX_DEPTH:
            raise YamlProblem(
                line, column, f"nested deeper than {MAX_DEPTH} levels once aliases are expanded"
            )

    @staticmethod
    def _refuse_tag(tag: str | None, line: int, column: int) -> None:
        if tag is not None and tag != "!":
            raise YamlProblem(
                line,
                column,
                f"YAML tag {excerpt(tag.replace('tag:yaml.org,2002:', '!!'))} is not allowed "
                "in content: remove it "
                "(put the value in quotes to keep it as text)",
            )

    def _register(self, anchor: str | None, anchored: _Anchored) -> None:
        if anchor is not None:
            self.anchors[anchor] = anchored

    def _is_key(self) -> bool:
        top = self.stack[-1] if self.stack else None
        return top is not None and isinstance(top.node, MappingNode) and top.key is None

    def _add(self, node: Node, value: Any, line: int, column: int, height: int = 0) -> None:
        """Put a finished value into the list or mapping being read (or make it the root)."""
        if not self.stack:
            self.root, self.data = node, value
            return
        parent = self.stack[-1]
        parent.height = max(parent.height, height)
        if isinstance(parent.data, list):
            parent.node.value.append(node)
            parent.data.append(value)
        elif parent.key is None:
            assert isinstance(node, ScalarNode)
            key = node.value
            if key == "<<" and node.style is None:
                raise YamlProblem(
                    line, column, "merge keys (<<) are not supported: write the keys out"
                )
            if key in parent.data:
                raise YamlProblem(line, column, f"duplicate key {excerpt(key)}")
            parent.key = node
        else:
            parent.node.value.append((parent.key, node))
            parent.data[parent.key.value] = value
            parent.key = None


def _resolve(text: str, line: int, column: int) -> tuple[str, Any]:
    """The tag and value of a plain scalar, by the YAML 1.2 core schema."""
    if text in _NULLS:
        return _NULL, None
    if text in _BOOLS:
        return _BOOL, _BOOLS[text]
    if _LEADING_ZERO.match(text) and _FLOAT_RE.fullmatch(text):
        raise YamlProblem(
            line,
            column,
            f"number {excerpt(text)} starts with 0, which YAML reads differently by version "
            "(016 is 14 or 16): write it without the zero, or in quotes if it is text",
        )
    if _DECIMAL.fullmatch(text):
        return _INT, _integer(text, 10, line, column)
    if _OCTAL.fullmatch(text):
        return _INT, _integer(text[2:], 8, line, column)
    if _HEX.fullmatch(text):
        return _INT, _integer(text[2:], 16, line, column)
    if _FLOAT_RE.fullmatch(text):
        return _FLOAT, float(text)
    if _INFINITY.fullmatch(text):
        return _FLOAT, float("-inf" if text.startswith("-") else "inf")
    if _NAN.fullmatch(text):
        return _FLOAT, float("nan")
    return _STR, text


def _integer(digits: str, base: int, line: int, column: int) -> int:
    # Check the length first: int() of thousands of digits is slow, and refused past 4,300.
    if len(digits.lstrip("+-")) > len(f"{MAX_INTEGER:x}" if base == 16 else str(MAX_INTEGER)):
        value = MAX_INTEGER + 1
    else:
        value = int(digits, base)
    if abs(value) > MAX_INTEGER:
        raise YamlProblem(
            line,
            column,
            f"number {excerpt(digits)} is too large: at most {MAX_INTEGER:,} "
            "(the largest whole number the browser computes exactly)",
        )
    return value


# ----------------------------------------------------------------------------------------
# Syntax errors in words
# ----------------------------------------------------------------------------------------

#: Fragments of PyYAML's and libyaml's messages, and what they mean for a contributor.
_HINTS: tuple[tuple[tuple[str, ...], str], ...] = (
    (
        ("mapping values are not allowed",),
        "a ':' where no key can start: indent this key like the keys around it, "
        "or put text that holds ': ' in quotes",
    ),
    (
        ("did not find expected key", "expected <block end>", "expected '-' indicator"),
        "this line does not line up with the lines above it: the keys of one mapping, and "
        "the '- ' items of one list, start in the same column",
    ),
    (
        ("could not find expected ':'",),
        "a key without ':' after it, or text over several lines that needs quotes",
    ),
    (
        ("unknown escape character",),
        "unknown escape in double quotes: write \\\\ for a backslash, or use single quotes",
    ),
    (
        ("',' or ']'",),
        "a list in [ ] is not closed here: a ']' or a ',' is missing",
    ),
    (
        ("',' or '}'",),
        "a mapping in { } is not closed here: a '}' or a ',' is missing",
    ),
    (
        ("sequence entries are not allowed",),
        "a '- ' list item where a value was expected: start the list on the next line, indented",
    ),
    (
        ("alphabetic or numeric character",),
        "'&' and '*' start an anchor or an alias and need a name after them: "
        "put text that starts with & or * in quotes",
    ),
    (
        ("node content",),
        "a value is missing here",
    ),
    (
        ("expected comment or line break",),
        "unexpected text here: nothing may follow on this line (a '#' comment needs a space "
        "before it; the text of '|' or '>' starts on the next line)",
    ),
    (
        ("unexpected end of stream",),
        "the file ends before this is closed: a closing quote or bracket is missing",
    ),
)

_CONTEXTS = {
    "block mapping": "the mapping",
    "block collection": "the block",
    "flow sequence": "the list",
    "flow mapping": "the mapping",
    "quoted scalar": "the quoted text",
    "double-quoted scalar": "the quoted text",
    "single-quoted scalar": "the quoted text",
    "simple key": "the key",
}


def _syntax_problem(error: yaml.MarkedYAMLError, text: str) -> YamlProblem:
    mark = error.problem_mark or error.context_mark
    line, column = _at(mark) if mark is not None else (None, None)
    problem = error.problem or ""
    words = _character_hint(problem, text, mark) or next(
        (hint for fragments, hint in _HINTS if any(f in problem for f in fragments)),
        problem,
    )
    context = error.context or ""
    where = next((w for key, w in _CONTEXTS.items() if key in context), None)
    start = error.context_mark
    if where and start is not None and mark is not None and start.line != mark.line:
        words += f" ({where} that starts at line {start.line + 1})"
    return YamlProblem(line, column, f"YAML syntax: {words}")


def _character_hint(problem: str, text: str, mark: Any) -> str | None:
    """Words for a character that cannot start a value (a tab, an '@', a backtick)."""
    if "cannot start any token" not in problem and "tab character" not in problem:
        return None
    character = ""
    if mark is not None:
        lines = text.split("\n")
        if mark.line < len(lines) and mark.column < len(lines[mark.line]):
            character = lines[mark.line][mark.column]
    if character == "\t" or "tab character" in problem:
        return "a tab: YAML indents with spaces only"
    shown = repr(character) if character else "this character"
    return f"{shown} cannot start a value: put the text in quotes"
