"""The subcommands of ``rulebook``, one module each, declared in rulebook.cli.COMMANDS.

Each module's ``register(commands)`` adds its parser; its imports stay inside the functions
that need them, so choosing one subcommand loads only what it uses.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from rulebook.errors import EXIT_USAGE, CommandError
from rulebook.paths import Project

if TYPE_CHECKING:
    from rulebook.i18n.runtime import Translator
    from schemas.game import GameContent

#: Looks a text up: (catalog context, source text[, values choosing a count phrase's form])
#: -> text in the reader's language.
Translate = Callable[..., str]


def game_ids(project: Project) -> list[str]:
    """The games of the project (folders of content/ with a game.yaml)."""
    from schemas.loader import game_folders

    return [folder.name for folder in game_folders(project.content)]


def known_game(project: Project, name: str) -> Path:
    """The folder of game ``name``; a CommandError listing the known games if there is none."""
    folder = project.content / name
    if not (folder / "game.yaml").is_file():
        known = ", ".join(game_ids(project)) if project.content.is_dir() else "none"
        said = f"unknown game {name!r} in {project.content}; known: {known}"
        raise CommandError(said, type="unknown_game", loc=("game",), ctx={"value": name})
    return folder


def load_one(project: Project, name: str, files: Iterable[str] | None = ()) -> GameContent:
    """Load one game only: scoring a game should not wait for (or fail on) the others.

    ``files`` are the game's files to read besides the required ones (None: all of them).
    Unchanged files and code give the content back from the cache (rulebook.cache).
    """
    from rulebook.cache import load_game

    return load_game(known_game(project, name), None if files is None else tuple(files))


def translator(
    project: Project,
    content: GameContent,
    language: str | None,
    files: Collection[str] | None = None,
) -> Translator:
    """Labels from the project's catalogs for ``content`` (the messages of its ``files``
    only, when named: rulebook.i18n.runtime.translator); the source text when untranslated."""
    from rulebook.i18n.runtime import translator as make

    return make(content, language or content.game.source_language, project.locales, files=files)


def check_language(language: str | None) -> None:
    """Refuse a language the project does not publish, naming the ones it does."""
    from schemas.common import LANGUAGES

    if language is not None and language not in LANGUAGES:
        raise CommandError(
            f"unknown language {language!r}; one of: {', '.join(LANGUAGES)}",
            EXIT_USAGE,
            type="unknown_language",
            loc=("--lang",),
            ctx={"value": language, "allowed": list(LANGUAGES)},
        )
