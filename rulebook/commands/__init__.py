"""The subcommands of ``rulebook``, one module each, declared in rulebook.cli.COMMANDS.

Each module's ``register(commands)`` adds its parser; its imports stay inside the functions
that need them, so choosing one subcommand loads only what it uses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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
        raise CommandError(f"unknown game {name!r} in {project.content}; known: {known}")
    return folder


#: Games already loaded in this process, by (folder, files asked for): the digest of the
#: folder's files then, and the content. A process that runs many commands (the test
#: suite's command-line fuzzing, an editor's integration) reads a game once per version.
_LOADED: dict[tuple[Path, tuple[str, ...] | None], tuple[str, GameContent]] = {}


def _folder_digest(folder: Path) -> str:
    import hashlib

    digest = hashlib.sha256()
    for file in sorted(folder.rglob("*")):
        if file.is_file():
            digest.update(str(file.relative_to(folder)).encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()


def load_one(project: Project, name: str, files: Iterable[str] | None = ()) -> GameContent:
    """Load one game only: scoring a game should not wait for (or fail on) the others.

    ``files`` are the game's files to read besides the required ones (None: all of them).
    The same files, unchanged, give the same (immutable) content without reading it again.
    """
    from schemas.loader import load_game

    folder = known_game(project, name)
    wanted = None if files is None else tuple(files)
    key = (folder.resolve(), wanted)
    digest = _folder_digest(folder)  # before reading: a later change cannot hide under it
    found = _LOADED.get(key)
    if found is not None and found[0] == digest:
        return found[1]
    content = load_game(folder, files=wanted)
    _LOADED[key] = (digest, content)
    return content


def translator(project: Project, content: GameContent, language: str | None) -> Translator:
    """Labels from the project's catalogs for ``content``; the source text when untranslated."""
    from rulebook.i18n.runtime import translator as make

    return make(content, language or content.game.source_language, project.locales)


def check_language(language: str | None) -> None:
    """Refuse a language the project does not publish, naming the ones it does."""
    from schemas.common import LANGUAGES

    if language is not None and language not in LANGUAGES:
        raise CommandError(
            f"unknown language {language!r}; one of: {', '.join(LANGUAGES)}", EXIT_USAGE
        )
