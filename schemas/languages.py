"""The languages the project publishes: read from content/languages.yaml, never from code.

The file lists each language with its name and its typography (quotes, apostrophe, the
no-break spaces around punctuation). Everything that depends on the set of languages (the
``Language`` type, the names every game must give, the site's builds and switcher, the
catalogs) reads :data:`LANGUAGES` or :func:`language` from here, so adding a language is a
change of content and configuration only.

The project decides: the command calls :func:`use_project` with the content folder of the
project it works on (``--project``, or the one found from the working directory) before
anything reads the list, so a copy of the project that declares one more language is seen
as it is. Library callers that name no project (tests, benchmarks) get the checkout's.

The file is content, so it is read like content: by the bounded reader (a regular file
inside the project, at most :data:`MAX_BYTES`), parsed by the strict YAML reader (no tags,
aliases bounded) and checked field by field, each problem with its line. This module
imports neither pydantic nor PyYAML until the list is read: the command imports it first.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, cast

from schemas import file_reader
from schemas.diagnostics import Diagnostic, DiagnosticError

#: The file's name, in the content folder.
FILE_NAME = "languages.yaml"
#: The largest languages file read (today's is under 2 kB).
MAX_BYTES = 64_000
#: The most languages a project publishes (each is a build of the whole site).
MAX_LANGUAGES = 50
#: The longest text a field holds (a name, a quote, the search index's language).
MAX_TEXT = 40

Space = Literal["narrow", "nbsp"]

#: The characters each kind of space stands for.
SPACES: dict[str, str] = {"narrow": "\u202f", "nbsp": "\u00a0"}

_CODE = re.compile(r"[a-z]{2,3}(?:_[A-Z]{2})?")
_FIELDS = (
    "code",
    "name",
    "state",
    "in_progress",
    "require_review",
    "search",
    "quotes",
    "apostrophe",
    "space_before",
    "space_after",
    "term_endings",
    "compounds",
    "idioms",
    "number_words",
)
#: The most endings a language gives the glossary check.
MAX_ENDINGS = 100
#: The most idioms, and the most number words per number, a language declares.
MAX_WORDS = 200
#: The highest number a language declares words for (the number check spells no more).
MAX_NUMBER = 100
#: A word or phrase a language declares: letters, with spaces, hyphens or apostrophes
#: between them ("zu zweit", "vingt-et-un", "п’ятьох").
_PHRASE = re.compile(r"[^\W\d_]+(?:[ \-’'ʼ][^\W\d_]+)*")

#: What a language is: ``published`` (every game and the interface must be translated, and
#: the site's root sends readers to it) or ``in_progress`` (translators' work lands as it is
#: checked for correctness only, and the root never sends readers to it).
State = Literal["published", "in_progress"]
STATES: tuple[State, ...] = ("published", "in_progress")

#: The list's file, the application's until the command names its project. Kept as one
#: path, not joined on each call: specs() is asked for thousands of times a build (every
#: text typeset), and a fresh path each time was most of what it cost.
_file = Path(__file__).resolve().parent.parent / "content" / FILE_NAME

#: :func:`codes`, bound by ``from schemas.languages import LANGUAGES`` (module __getattr__).
LANGUAGES: tuple[str, ...]


@dataclass(frozen=True)
class LanguageSpec:
    """One language of the site, published or in progress."""

    code: str
    name: str
    state: State = "published"
    #: Games (or ``ui``) whose translation into this published language is under way: like
    #: an in-progress language, they are checked for correctness, not for completeness.
    in_progress: tuple[str, ...] = ()
    #: Whether a published translation must carry a reviewer's mark (rulebook.i18n.review)
    #: before ``rulebook i18n check --complete`` passes; off by default.
    require_review: bool = False
    #: The search index's language, when lunr has no pipeline for ``code``.
    search: str | None = None
    #: Opening and closing quotes, then the pair used inside them.
    quotes: tuple[str, str, str, str] | None = None
    apostrophe: str | None = None
    space_before: dict[str, Space] = field(default_factory=dict)
    space_after: dict[str, Space] = field(default_factory=dict)
    #: Endings a word of a glossary term may take in this language's texts (a light stem
    #: rule: with ``s``, "crop" also reads "crops"); declared forms cover the rest.
    term_endings: tuple[str, ...] = ()
    #: Whether the language writes compounds as one word: a glossary term then also reads
    #: at the start or the end of a longer word ("Familie" in "Blattfamilien").
    compounds: bool = False
    #: Phrases whose words keep their everyday sense, not a glossary term's: a term said
    #: inside one is not said (French « tour complet », a full round, is nobody's turn).
    idioms: tuple[str, ...] = ()
    #: Words the number check reads as a number in this language beside the ones it knows
    #: (num2words): German « zu zweit », « beide » for 2, « Nullen » for 0.
    number_words: dict[int, tuple[str, ...]] = field(default_factory=dict)

    @property
    def published(self) -> bool:
        """Whether readers are sent to this language (it must be complete)."""
        return self.state == "published"

    def complete_required(self, domain: str) -> bool:
        """Whether every message of ``domain`` (a game, or ``ui``) must be translated."""
        return self.published and domain not in self.in_progress

    def review_required(self, domain: str) -> bool:
        """Whether every translation of ``domain`` must be reviewed: a domain that must be
        complete, in a language that says ``require_review: true``."""
        return self.require_review and self.complete_required(domain)


class LanguagesError(DiagnosticError):
    """content/languages.yaml is missing or wrong; its one diagnostic says where and what."""


def use_project(content: Path) -> None:
    """Read the list of languages from the content folder ``content`` from now on."""
    global _file
    _file = content / FILE_NAME


def languages_file() -> Path:
    """Where the list of languages is read from: the project's content folder."""
    return _file


def specs() -> tuple[LanguageSpec, ...]:
    """Every published language, in the file's order (read again when the file changes)."""
    path = languages_file()
    try:
        info = os.stat(path)
    except OSError:
        return _load(path, None)  # the reader says what is wrong
    return _load(path, (info.st_mtime_ns, info.st_size, info.st_ino))


def codes() -> tuple[str, ...]:
    """The codes of the published languages, in order; the first is the site root's."""
    return tuple(spec.code for spec in specs())


def published() -> tuple[str, ...]:
    """The codes of the published languages (not in progress), in order."""
    return tuple(spec.code for spec in specs() if spec.published)


def complete_required(code: str, domain: str) -> bool:
    """Whether ``domain`` must be complete in ``code``: a published language where the
    game (or ``ui``) is not in progress. A language not listed needs nothing."""
    return any(spec.code == code and spec.complete_required(domain) for spec in specs())


def review_required(code: str, domain: str) -> bool:
    """Whether every translation of ``domain`` into ``code`` must carry a reviewer's mark.
    A language not listed needs none."""
    return any(spec.code == code and spec.review_required(domain) for spec in specs())


def language(code: str) -> LanguageSpec:
    """The published language ``code``; KeyError when it is not published."""
    for spec in specs():
        if spec.code == code:
            return spec
    raise KeyError(code)


def unknown_domains(game_ids: Collection[str]) -> list[Diagnostic]:
    """Each ``in_progress`` entry that names neither a game of ``game_ids`` nor ``ui``,
    a diagnostic (``unknown_domain``) at its line.

    A misspelt game id there would leave the game it meant required complete with no word
    said, so ``rulebook validate``, which knows the games, reports it at its line.
    """
    from schemas import yaml_reader

    known = sorted({*game_ids, "ui"})
    wrong: list[tuple[Loc, str]] = []
    for index, spec in enumerate(specs()):
        for position, domain in enumerate(spec.in_progress):
            if domain in known:
                continue
            close = difflib.get_close_matches(domain, known, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            message = (
                f"{_shown(domain)} is neither a game of this project nor `ui`{hint}: "
                f"in_progress names {', '.join(known)}"
            )
            wrong.append((("languages", index, "in_progress", position), message))
    if not wrong:
        return []
    # specs() read the file without fault: parse it once more for the lines.
    path = languages_file()
    _, root = yaml_reader.parse(path.read_text(encoding="utf-8"))
    return [
        _Problem(loc, message, type="unknown_domain").diagnostic(path, root)
        for loc, message in wrong
    ]


def __getattr__(name: str) -> Any:
    # LANGUAGES is read when it is first imported, not when this module is: by then the
    # command has named its project.
    if name == "LANGUAGES":
        return codes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@lru_cache(maxsize=8)
def _load(path: Path, version: tuple[int, int, int] | None) -> tuple[LanguageSpec, ...]:
    """The languages of the file at ``path`` as it is at ``version`` (its time, size, inode)."""
    from schemas import yaml_reader

    try:
        text = file_reader.read_text(
            path, MAX_BYTES, within=path.parent.parent, what="a languages file"
        )
    except file_reader.RefusedFile as refused:
        said = f"{refused.reason} (the list of languages)"
        at = (refused.line, refused.column)
        raise _Problem((), said, at, "file_refused").error(path) from None
    try:
        data, root = yaml_reader.parse(text)
    except yaml_reader.YamlProblem as problem:
        at = (problem.line, problem.column)
        raise _Problem((), problem.message, at, "yaml_syntax").error(path) from None
    try:
        return _languages(data)
    except _Problem as problem:
        raise problem.error(path, root) from None


# ----------------------------------------------------------------------------------------
# Checking the file, field by field
# ----------------------------------------------------------------------------------------

Loc = tuple[str | int, ...]


class _Problem(Exception):
    """What is wrong at ``loc`` in the file (its line found from the node tree)."""

    def __init__(
        self,
        loc: Loc,
        message: str,
        at: tuple[int | None, int | None] = (None, None),
        type: str = "languages",
    ):
        super().__init__(message)
        self.loc = loc
        self.message = message
        self.at = at
        self.type = type

    def diagnostic(self, path: Path, root: Any = None) -> Diagnostic:
        """The problem as a diagnostic: the file's name, the line and column of ``loc``."""
        line, column = self.at if root is None else _position(root, self.loc)
        shown = file_reader.shown_name(str(path))
        return Diagnostic(self.type, self.loc, self.message, file=shown, line=line, column=column)

    def error(self, path: Path, root: Any = None) -> LanguagesError:
        return LanguagesError([self.diagnostic(path, root)])


def _position(root: Any, loc: Loc) -> tuple[int | None, int | None]:
    """The 1-based line and column of the value at ``loc``, or of its nearest parent."""
    from yaml.nodes import MappingNode, SequenceNode

    node = root
    for step in loc:
        if isinstance(node, MappingNode):
            found = next((v for k, v in node.value if k.value == step), None)
        elif isinstance(node, SequenceNode) and isinstance(step, int) and step < len(node.value):
            found = node.value[step]
        else:
            found = None
        if found is None:
            break
        node = found
    if node is None:
        return None, None
    return node.start_mark.line + 1, node.start_mark.column + 1


def _shown(value: Any) -> str:
    return file_reader.shown_name(repr(value)[: MAX_TEXT + 2])


def _languages(data: Any) -> tuple[LanguageSpec, ...]:
    if not isinstance(data, dict) or "languages" not in data:
        raise _Problem((), "the file lists the published languages under `languages:`")
    unknown = sorted(str(key) for key in data if key != "languages")
    if unknown:
        raise _Problem((unknown[0],), "unknown key: the file holds only `languages:`")
    listed = data["languages"]
    if not isinstance(listed, list) or not listed:
        raise _Problem(("languages",), "a list of at least one language is expected")
    if len(listed) > MAX_LANGUAGES:
        raise _Problem(
            ("languages",),
            f"{len(listed):,} languages listed: at most {MAX_LANGUAGES} are published",
        )
    found: list[LanguageSpec] = []
    seen: set[str] = set()
    for index, entry in enumerate(listed):
        spec = _spec(entry, ("languages", index))
        if spec.code in seen:
            raise _Problem(("languages", index, "code"), f"{spec.code!r} is listed twice")
        seen.add(spec.code)
        found.append(spec)
    return tuple(found)


def _spec(entry: Any, loc: Loc) -> LanguageSpec:
    if not isinstance(entry, dict):
        raise _Problem(
            loc, f"a language is a mapping with `code:` and `name:` (got {_shown(entry)})"
        )
    for key in entry:
        if key not in _FIELDS:
            raise _Problem((*loc, key), f"unknown key; a language has {', '.join(_FIELDS)}")
    code = _text(entry, "code", loc, required=True)
    if not _CODE.fullmatch(code):
        raise _Problem(
            (*loc, "code"), f"{_shown(code)} is not a language code such as fr, uk or pt_BR"
        )
    quotes = entry.get("quotes")
    if quotes is not None and not (
        isinstance(quotes, list) and len(quotes) == 4 and all(_short(q) for q in quotes)
    ):
        raise _Problem(
            (*loc, "quotes"), "four quotes are expected: opening, closing, then the inner pair"
        )
    state = entry.get("state", "published")
    if state not in STATES:
        raise _Problem(
            (*loc, "state"), f"{_shown(state)}: a language is `published` or `in_progress`"
        )
    return LanguageSpec(
        code=code,
        name=_text(entry, "name", loc, required=True),
        state=cast(State, state),
        in_progress=_ids(entry, "in_progress", loc),
        require_review=_flag(entry, "require_review", loc),
        search=_text(entry, "search", loc) or None,
        quotes=None if quotes is None else cast(tuple[str, str, str, str], tuple(quotes)),
        apostrophe=_text(entry, "apostrophe", loc) or None,
        space_before=_spaces(entry, "space_before", loc),
        space_after=_spaces(entry, "space_after", loc),
        term_endings=_endings(entry, "term_endings", loc),
        compounds=_flag(entry, "compounds", loc),
        idioms=_phrases(entry.get("idioms"), (*loc, "idioms")),
        number_words=_number_words(entry, "number_words", loc),
    )


def _phrases(value: Any, loc: Loc) -> tuple[str, ...]:
    """A list of words or phrases, each once, as a language declares them."""
    if value is None:
        return ()
    if not isinstance(value, list) or not 0 < len(value) <= MAX_WORDS:
        raise _Problem(loc, f"a list of 1 to {MAX_WORDS} words or phrases is expected")
    for index, item in enumerate(value):
        if not (_short(item) and _PHRASE.fullmatch(item)):
            raise _Problem(
                (*loc, index),
                f"{_shown(item)} is not a word or phrase (letters, with spaces, hyphens or "
                f"apostrophes between them, at most {MAX_TEXT} characters)",
            )
    return tuple(dict.fromkeys(value))


def _number_words(entry: dict[str, Any], key: str, loc: Loc) -> dict[int, tuple[str, ...]]:
    value = entry.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _Problem(
            (*loc, key), "a mapping of numbers to their words is expected (2: [zu zweit, beide])"
        )
    found: dict[int, tuple[str, ...]] = {}
    for written, words in value.items():
        # The strict reader gives every key as text; the line is found by the key as written.
        at = (*loc, key, str(written))
        if not re.fullmatch(r"\d{1,3}", str(written)) or int(written) > MAX_NUMBER:
            raise _Problem(at, f"{_shown(written)} is not a number from 0 to {MAX_NUMBER}")
        found[int(written)] = _phrases(words, at)
    return found


def _endings(entry: dict[str, Any], key: str, loc: Loc) -> tuple[str, ...]:
    value = entry.get(key)
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > MAX_ENDINGS:
        raise _Problem((*loc, key), f"a list of at most {MAX_ENDINGS} word endings is expected")
    for index, item in enumerate(value):
        if not isinstance(item, str) or not re.fullmatch(r"[^\W\d_]{1,8}", item):
            raise _Problem((*loc, key, index), f"{_shown(item)} is not an ending of 1 to 8 letters")
    return tuple(dict.fromkeys(value))


def _ids(entry: dict[str, Any], key: str, loc: Loc) -> tuple[str, ...]:
    value = entry.get(key)
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > 1000:
        raise _Problem((*loc, key), "a list of game ids (or `ui`) is expected")
    for index, item in enumerate(value):
        if not isinstance(item, str) or not re.fullmatch(r"[a-z][a-z0-9_]{0,63}", item):
            raise _Problem((*loc, key, index), f"{_shown(item)} is not a game id (or `ui`)")
    return tuple(value)


def _flag(entry: dict[str, Any], key: str, loc: Loc) -> bool:
    value = entry.get(key, False)
    if not isinstance(value, bool):
        raise _Problem((*loc, key), f"`true` or `false` is expected (got {_shown(value)})")
    return value


def _short(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT


def _text(entry: dict[str, Any], key: str, loc: Loc, required: bool = False) -> str:
    value = entry.get(key)
    if value is None and not required:
        return ""
    if not _short(value) or not str(value).strip():
        raise _Problem(
            (*loc, key),
            f"a text of 1 to {MAX_TEXT} characters is expected"
            + ("" if value is None else f" (got {_shown(value)})"),
        )
    return str(value)


def _spaces(entry: dict[str, Any], key: str, loc: Loc) -> dict[str, Space]:
    value = entry.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _Problem((*loc, key), "a mapping of characters to `narrow` or `nbsp` is expected")
    for char, kind in value.items():
        if len(char) != 1 or kind not in SPACES:
            raise _Problem(
                (*loc, key, char),
                f"one character mapped to `narrow` or `nbsp` is expected (got {_shown(kind)})",
            )
    return cast(dict[str, Space], dict(value))
