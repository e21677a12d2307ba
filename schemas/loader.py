"""Reading content folders: YAML in, validated models out, or every error at once.

Each error is a schemas.diagnostics.Diagnostic: where (file, line, column, field path) and
what (its type, the value, what was expected), echoing at most a short excerpt of the
input. Content is untrusted: files are read only when they are regular files inside the
content folder and not too large, and their YAML is parsed with limits
(schemas.yaml_reader).
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError
from pydantic_core import ErrorDetails

from schemas import file_reader, yaml_reader
from schemas.diagnostics import Diagnostic, DiagnosticError, plain
from schemas.game import GAME_FILES, REQUIRED_FILES, GameContent
from schemas.references import check_references

Loc = tuple[str | int, ...]

#: The largest content file read: ten times the largest one today (77 KB).
MAX_FILE_BYTES = 1_000_000
#: How many characters of an offending value a message shows.
MAX_EXCERPT = 60
#: How many characters of a key a field path shows (ids have at most 64).
MAX_KEY = 64

#: Names a game folder cannot take: a game's pages are written to ``<language>/<game>/`` of
#: the built site, beside the site's own folders (MkDocs' ``assets`` and ``search``) and
#: files (``index.html``, ``offline.html``, ``sitemap.xml``, ``manifest.webmanifest``,
#: ``sw.js``). A game named ``assets`` would be written over the calculator's scripts.
RESERVED_NAMES = frozenset({"assets", "search", "index", "offline", "sitemap", "manifest", "sw"})

SYMLINK_REFUSED = (
    "is a symbolic link: content must be real files and folders inside the content folder"
)


class ContentError(DiagnosticError):
    """Content that cannot be used; ``problems`` lists every error found."""


def located(
    type: str,
    file: Path,
    message: str,
    path: Loc = (),
    at: tuple[int | None, int | None] = (None, None),
    ctx: dict[str, Any] | None = None,
) -> Diagnostic:
    """A content error at ``path`` of ``file``, on the line and column ``at``; ``ctx``
    holds the values its message is made from."""
    found = plain(ctx or {})
    return Diagnostic(type, shown_loc(path), message, found, str(file), at[0], at[1])


def shown_loc(path: Loc) -> Loc:
    """``path`` with each long key (an unknown one the content gave) cut to ``MAX_KEY``."""
    return tuple(
        step[: MAX_KEY - 1] + "…" if isinstance(step, str) and len(step) > MAX_KEY else step
        for step in path
    )


@dataclass
class YamlDocument:
    """A parsed YAML file that can say on which line any value stands."""

    file: Path
    data: Any
    root: yaml.Node | None

    def position_of(self, path: Loc) -> tuple[int | None, int | None]:
        """The 1-based line and column of the value at ``path``, or of its nearest parent."""
        node = self.root
        if node is None:
            return None, None
        found = node
        for step in path:
            if isinstance(node, yaml.MappingNode):
                match = next((v for k, v in node.value if k.value == step), None)
                if match is None:
                    continue
                node = match
            elif isinstance(node, yaml.SequenceNode) and isinstance(step, int):
                if step >= len(node.value):
                    break
                node = node.value[step]
            else:
                continue
            found = node
        return found.start_mark.line + 1, found.start_mark.column + 1

    def line_of(self, path: Loc) -> int | None:
        """The 1-based line of the value at ``path``, or of its nearest existing parent."""
        return self.position_of(path)[0]


def read_text(file: Path) -> str:
    """The text of one content file; raise ContentError unless it is safe to read.

    A content file is a regular UTF-8 file of at most ``MAX_FILE_BYTES``, never a folder, a
    device or a symbolic link: a link could point outside the content, and its target's
    characters would then reach error messages and the site (schemas.file_reader).
    """
    try:
        return file_reader.read_text(
            file,
            MAX_FILE_BYTES,
            follow_links=False,
            link_refused=SYMLINK_REFUSED,
            what="a content file",
        )
    except file_reader.RefusedFile as refused:
        at = (refused.line, refused.column)
        raise ContentError([located("file_refused", file, refused.reason, at=at)]) from None


def read_yaml(file: Path) -> YamlDocument:
    """Read and parse ``file``; any problem becomes a ContentError with its line and column."""
    text = read_text(file)
    try:
        data, root = yaml_reader.parse(text)
    except yaml_reader.YamlProblem as problem:
        at = (problem.line, problem.column)
        raise ContentError([located("yaml_syntax", file, problem.message, at=at)]) from None
    return YamlDocument(file, data, root)


def data_path(data: Any, loc: Loc) -> Loc:
    """Drop the union tags pydantic puts in error locations, keeping the real YAML keys."""
    path: list[str | int] = []
    current = data
    for index, step in enumerate(loc):
        in_mapping = isinstance(current, dict) and step in current
        in_list = isinstance(current, list) and isinstance(step, int) and step < len(current)
        if in_mapping or in_list:
            current = current[step]
            path.append(step)
        elif not isinstance(current, dict | list) or (path and step == path[-1]):
            continue  # a union tag, which repeats the key it was chosen by
        elif isinstance(current, dict) and isinstance(step, str):
            if index < len(loc) - 1:
                continue  # a union tag chosen by a value (an input's kind): the key follows
            path.append(step)  # a missing required key: name it
            break
    return tuple(path)


def validation_problems(document: YamlDocument, errors: Iterable[ErrorDetails]) -> list[Diagnostic]:
    """Every pydantic error of one file, placed on its line, with pydantic's type and ctx.

    ``errors`` are located from the file's root (ValidationError.errors())."""
    problems = []
    for item in errors:
        path = data_path(document.data, tuple(item["loc"]))
        message = item["msg"]
        if item["type"] not in {"missing", "extra_forbidden"} and "input" in item:
            message += f" (got {short_repr(item['input'])})"
        if item["type"] == "extra_forbidden":
            message = "unknown key (not part of this file's schema)"
        at = document.position_of(path)
        ctx = item.get("ctx", {})
        problems.append(located(item["type"], document.file, message, path, at, ctx))
    return problems


def short_repr(value: Any, limit: int = MAX_EXCERPT) -> str:
    """``repr(value)`` cut to ``limit`` characters, without ever writing the whole of it.

    Aliases can make a small file hold a huge value; only its first characters are built.
    """
    parts: list[str] = []
    budget = [limit + 1]

    def emit(text: str) -> None:
        parts.append(text[: budget[0]])
        budget[0] -= len(parts[-1])

    def walk(item: Any) -> None:
        if budget[0] <= 0:
            return
        if isinstance(item, dict):
            emit("{")
            for index, (key, inner) in enumerate(item.items()):
                if budget[0] <= 0:
                    return
                emit(", " if index else "")
                walk(key)
                emit(": ")
                walk(inner)
            emit("}")
        elif isinstance(item, list):
            emit("[")
            for index, inner in enumerate(item):
                if budget[0] <= 0:
                    return
                emit(", " if index else "")
                walk(inner)
            emit("]")
        elif isinstance(item, str):
            emit(repr(item[: budget[0]]) if len(item) > budget[0] else repr(item))
        else:
            emit(repr(item))

    walk(value)
    text = "".join(parts)
    return text if len(text) <= limit else text[: limit - 3] + "..."


#: Reads and parses one content file (read_yaml, or a reader that keeps what it parsed).
Reader = Callable[[Path], YamlDocument]


def validate_files(
    documents: dict[str, YamlDocument],
) -> tuple[GameContent | None, dict[str, list[Diagnostic]]]:
    """Validate a game's files, each by its model, as the fields of one GameContent: the
    content, or None and each file's problems by file name. A required file absent from
    ``documents`` is no problem here (reading it found one).

    One validator for the whole game rather than one per file: each model makes its
    validator when first used (schemas.common.Strict), and the expressions the components,
    the setup and the scoring all hold are then made once instead of three times (20 ms
    of CPU at a first ``rulebook score`` after a change). GameContent's fields are the files of
    GAME_FILES with their models, so each error is the one the file's model gives, located
    from the file's root once the field's name is taken off.
    """
    problems: dict[str, list[Diagnostic]] = {}
    data: dict[str, Any] = {}
    for name, document in documents.items():
        if document.data is not None:
            data[name] = document.data
            continue
        # An empty file: GameContent would read None as an optional file left out, so its
        # model says alone what it lacks (no model takes None).
        try:
            GAME_FILES[name].model_validate(None)
        except ValidationError as error:
            problems[name] = validation_problems(document, error.errors(include_url=False))
    try:
        content = GameContent.model_validate(data)
    except ValidationError as error:
        by_file: dict[str, list[ErrorDetails]] = {}
        for item in error.errors(include_url=False):
            name = str(item["loc"][0])
            if name in data:
                by_file.setdefault(name, []).append({**item, "loc": item["loc"][1:]})
        for name, errors in by_file.items():
            problems[name] = validation_problems(documents[name], errors)
        return None, problems
    return (None if problems else content), problems


def _stray_files(folder: Path) -> list[Diagnostic]:
    """Links and unknown YAML files in a game folder: never silently left out."""
    problems = []
    known = [f"{name}.yaml" for name in GAME_FILES]
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith("."):
            continue
        if entry.name in known:
            continue  # read (or refused) by read_text
        if entry.is_symlink():
            problems.append(located("symlink_refused", entry, SYMLINK_REFUSED))
        elif entry.suffix in {".yaml", ".yml"}:
            close = difflib.get_close_matches(entry.name, known, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            message = f"not a content file{hint}: a game folder holds {', '.join(known)}"
            problems.append(located("stray_file", entry, message, ctx={"known": known}))
    return problems


def load_game(
    folder: Path, files: Iterable[str] | None = None, read: Reader = read_yaml
) -> GameContent:
    """Load and check one game folder; raise ContentError listing every problem.

    ``files`` limits loading to some of the game's files (the required ones are always
    read): scoring a game does not need its rules text. ``read`` parses each file
    (rulebook.cache gives back the data it kept from an earlier parse).
    """
    if folder.is_symlink():
        raise ContentError([located("symlink_refused", folder, SYMLINK_REFUSED)])
    if not folder.is_dir():
        raise ContentError([located("not_a_folder", folder, "not a folder")])
    try:
        # A stray file is the content's problem (validate reports it), not a score's.
        problems = _stray_files(folder) if files is None else []
    except OSError as error:
        said = f"cannot read: {error.strerror}"
        raise ContentError([located("unreadable", folder, said)]) from None
    if folder.name in RESERVED_NAMES:
        reserved = ", ".join(sorted(RESERVED_NAMES))
        message = f"the built site uses this name for its own files ({reserved}): rename the game"
        problems.append(located("reserved_name", folder, message, ctx={"reserved": RESERVED_NAMES}))
    documents: dict[str, YamlDocument] = {}
    #: Each file's problems, by file: listed in the order of GAME_FILES.
    found: dict[str, list[Diagnostic]] = {}
    wanted = set(GAME_FILES) if files is None else set(files) | set(REQUIRED_FILES)
    for name in GAME_FILES:
        if name not in wanted:
            continue
        file = folder / f"{name}.yaml"
        if not os.path.lexists(file):  # a dangling link exists: it is refused, not missing
            if name in REQUIRED_FILES:
                said = "missing: every game needs this file"
                found[name] = [located("missing_file", file, said)]
            continue
        try:
            documents[name] = read(file)
        except ContentError as error:
            found[name] = error.problems
    content, invalid = validate_files(documents)
    found.update(invalid)
    problems.extend(p for name in GAME_FILES for p in found.get(name, []))
    if problems or content is None:
        raise ContentError(problems)
    if content.game.id != folder.name:
        at = documents["game"].position_of(("id",))
        said = f"is {content.game.id!r} but the folder is {short_repr(folder.name)}"
        problems.append(located("id_mismatch", folder / "game.yaml", said, ("id",), at))
    for problem in check_references(content):
        document = documents[problem.file]
        at = document.position_of(problem.path)
        problems.append(
            located(problem.type, document.file, problem.message, problem.path, at, problem.ctx)
        )
    if problems:
        raise ContentError(problems)
    return content


def game_folders(content_dir: Path) -> list[Path]:
    """The game folders under ``content_dir``, sorted by name.

    Every folder is a game (one without ``game.yaml`` is an error when loaded, never left
    out), and so is every symbolic link, which loading refuses. Files and hidden entries
    (``.git``, editor folders) are not games.
    """
    return sorted(
        entry
        for entry in content_dir.iterdir()
        if not entry.name.startswith(".") and (entry.is_symlink() or entry.is_dir())
    )


def load_all(
    content_dir: Path, load: Callable[[Path], GameContent] = load_game
) -> dict[str, GameContent]:
    """Every game under ``content_dir``; raise ContentError with the problems of all games.

    ``load`` loads one game folder (rulebook.cache.load_game keeps what it parsed)."""
    if not content_dir.is_dir():
        raise ContentError([located("not_a_folder", content_dir, "not a folder")])
    try:
        folders = game_folders(content_dir)
    except OSError as error:
        said = f"cannot read: {error.strerror}"
        raise ContentError([located("unreadable", content_dir, said)]) from None
    games: dict[str, GameContent] = {}
    problems: list[Diagnostic] = []
    for folder in folders:
        try:
            games[folder.name] = load(folder)
        except ContentError as error:
            problems.extend(error.problems)
    if not games and not problems:
        said = "no game folder (a folder with game.yaml)"
        problems.append(located("no_game", content_dir, said))
    if problems:
        raise ContentError(problems)
    return games
