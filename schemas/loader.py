"""Reading content folders: YAML in, validated models out, or every error at once.

Each error says where (file, line, field path) and what (the value, what was expected).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from schemas.game import GAME_FILES, REQUIRED_FILES, GameContent
from schemas.references import check_references

Loc = tuple[str | int, ...]


@dataclass(frozen=True)
class Located:
    """One content error, with everything a writer needs to find and fix it."""

    file: Path
    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else str(self.file)
        field = f" {self.path}:" if self.path else ""
        return f"{where}:{field} {self.message}"


class ContentError(Exception):
    """Content that cannot be used; ``problems`` lists every error found."""

    def __init__(self, problems: list[Located]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class _StrictLoader(yaml.SafeLoader):
    """A safe loader that refuses duplicate keys instead of keeping the last one."""


def _construct_mapping(
    loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False
) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
    _construct_mapping,
)


@dataclass
class YamlDocument:
    """A parsed YAML file that can say on which line any value stands."""

    file: Path
    data: Any
    root: yaml.Node | None

    def line_of(self, path: Loc) -> int | None:
        """The 1-based line of the value at ``path``, or of its nearest existing parent."""
        node = self.root
        line = node.start_mark.line + 1 if node is not None else None
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
            line = node.start_mark.line + 1
        return line


def read_yaml(file: Path) -> YamlDocument:
    """Parse ``file``; a syntax error becomes a ContentError with its line."""
    try:
        text = file.read_text(encoding="utf-8")
        root = yaml.compose(text, Loader=_StrictLoader)
        data = yaml.load(text, Loader=_StrictLoader)
    except UnicodeDecodeError as error:
        raise ContentError([Located(file, None, "", f"not UTF-8 text: {error}")]) from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else None
        raise ContentError([Located(file, line, "", f"YAML syntax: {error.problem}")]) from None
    return YamlDocument(file, data, root)


def data_path(data: Any, loc: Loc) -> Loc:
    """Drop the union tags pydantic puts in error locations, keeping the real YAML keys."""
    path: list[str | int] = []
    current = data
    for step in loc:
        in_mapping = isinstance(current, dict) and step in current
        in_list = isinstance(current, list) and isinstance(step, int) and step < len(current)
        if in_mapping or in_list:
            current = current[step]
            path.append(step)
        elif not isinstance(current, dict | list) or (path and step == path[-1]):
            continue  # a union tag, which repeats the key it was chosen by
        elif isinstance(current, dict) and isinstance(step, str):
            path.append(step)  # a missing required key: name it
            break
    return tuple(path)


def format_path(path: Iterable[str | int]) -> str:
    """``('values', 3, 'compute')`` as ``values[3].compute``."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else str(step))
    return text


def validation_problems(document: YamlDocument, error: ValidationError) -> list[Located]:
    """Every pydantic error of one file, placed on its line."""
    problems = []
    for item in error.errors(include_url=False):
        path = data_path(document.data, tuple(item["loc"]))
        message = item["msg"]
        if item["type"] not in {"missing", "extra_forbidden"} and "input" in item:
            message += f" (got {_short(item['input'])})"
        if item["type"] == "extra_forbidden":
            message = "unknown key (not part of this file's schema)"
        problems.append(Located(document.file, document.line_of(path), format_path(path), message))
    return problems


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def load_model(
    file: Path, model: type[BaseModel]
) -> tuple[BaseModel | None, YamlDocument | None, list[Located]]:
    """Read and validate one file against ``model``."""
    try:
        document = read_yaml(file)
    except ContentError as error:
        return None, None, error.problems
    try:
        return model.model_validate(document.data), document, []
    except ValidationError as error:
        return None, document, validation_problems(document, error)


def load_game(folder: Path, files: Iterable[str] | None = None) -> GameContent:
    """Load and check one game folder; raise ContentError listing every problem.

    ``files`` limits loading to some of the game's files (the required ones are always
    read): scoring a game does not need its rules text.
    """
    problems: list[Located] = []
    parts: dict[str, Any] = {}
    documents: dict[str, YamlDocument] = {}
    wanted = set(GAME_FILES) if files is None else set(files) | set(REQUIRED_FILES)
    for name, model in GAME_FILES.items():
        if name not in wanted:
            continue
        file = folder / f"{name}.yaml"
        if not file.exists():
            if name in REQUIRED_FILES:
                problems.append(Located(file, None, "", "missing: every game needs this file"))
            continue
        loaded, document, found = load_model(file, model)
        problems.extend(found)
        if loaded is not None and document is not None:
            parts[name] = loaded
            documents[name] = document
    if problems:
        raise ContentError(problems)
    content = GameContent(**parts)
    if content.game.id != folder.name:
        problems.append(
            Located(
                folder / "game.yaml",
                documents["game"].line_of(("id",)),
                "id",
                f"is {content.game.id!r} but the folder is {folder.name!r}",
            )
        )
    for problem in check_references(content):
        document = documents[problem.file]
        problems.append(
            Located(
                document.file,
                document.line_of(problem.path),
                format_path(problem.path),
                problem.message,
            )
        )
    if problems:
        raise ContentError(problems)
    return content


def game_folders(content_dir: Path) -> list[Path]:
    """The game folders under ``content_dir``, sorted by name."""
    return sorted(p for p in content_dir.iterdir() if p.is_dir() and (p / "game.yaml").exists())


def load_all(content_dir: Path) -> dict[str, GameContent]:
    """Every game under ``content_dir``; raise ContentError with the problems of all games."""
    if not content_dir.is_dir():
        raise ContentError([Located(content_dir, None, "", "not a folder")])
    games: dict[str, GameContent] = {}
    problems: list[Located] = []
    for folder in game_folders(content_dir):
        try:
            games[folder.name] = load_game(folder)
        except ContentError as error:
            problems.extend(error.problems)
    if not games and not problems:
        problems.append(Located(content_dir, None, "", "no game folder (a folder with game.yaml)"))
    if problems:
        raise ContentError(problems)
    return games
