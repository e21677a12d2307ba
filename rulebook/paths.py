"""Where things are: the project a command works on, and the application's own files.

A *project* is a folder holding ``content/`` (the games), ``locales/`` (the catalogs) and
``schemas/json/`` (the exported JSON Schemas the content files point to); the site is built
into its ``site/build/`` and caches go to its ``.cache/rulebook/``. Every subcommand finds
the project the same way: ``--project DIR``, or else the working directory or the nearest
folder above it that holds ``content/`` (as git finds its repository), so a contributor can
work from any folder of a copy. The project decides everything read: its content, its
catalogs, and the languages its ``content/languages.yaml`` publishes (rulebook.cli names the
project to schemas.languages before anything reads the list).

The application's own files (site templates, the calculator's sources, the MkDocs base
configuration) are code: they come from where this package is, never from the project.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulebook.errors import CommandError

#: The folder this code runs from (this file is rulebook/paths.py).
APP_ROOT = Path(__file__).resolve().parent.parent
#: The site's templates, overrides and assets: part of the application.
SITE = APP_ROOT / "site"


class ProjectError(CommandError, LookupError):
    """No project where one was looked for (a diagnostic of type ``not_a_project``)."""


@dataclass(frozen=True)
class Project:
    """The folders of one project. Build it with :meth:`at` or :func:`find_project`."""

    root: Path
    content: Path
    locales: Path
    schemas: Path
    #: Where ``rulebook build`` writes unless told otherwise.
    site_out: Path
    #: Derived data that can be thrown away at any time (content read back, exports).
    cache: Path

    @classmethod
    def at(cls, root: Path) -> Project:
        root = root.resolve()
        return cls(
            root=root,
            content=root / "content",
            locales=root / "locales",
            schemas=root / "schemas" / "json",
            site_out=root / "site" / "build",
            cache=root / ".cache" / "rulebook",
        )

    def sources(self) -> tuple[Path, ...]:
        """Folders a build must never write into or over (see rulebook.site.output)."""
        return (self.content, self.locales, self.schemas.parent, self.root / ".git")


def find_project(given: str | Path | None = None, start: Path | None = None) -> Project:
    """The project at ``given`` (``--project``), else at or above ``start`` (the cwd)."""
    if given is not None:
        root = Path(given)
        if not (root / "content").is_dir():
            said = "not a project (no content/ folder in it)"
            raise ProjectError(said, type="not_a_project", loc=("--project",), file=str(root))
        return Project.at(root)
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "content").is_dir():
            return Project.at(folder)
    raise ProjectError(
        f"no project here: no content/ folder in {here} or above it; "
        "run the command inside a project or pass --project DIR",
        type="not_a_project",
    )


#: The project this code is checked out in, for library callers that pass no folder
#: (tests, benchmarks). Commands never use it: they use :func:`find_project`.
CHECKOUT = Project.at(APP_ROOT)
LOCALES = CHECKOUT.locales
