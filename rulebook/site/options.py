"""What a site build is asked to do: one dataclass, so a new option is one field."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulebook.paths import CHECKOUT, Project
from schemas.common import LANGUAGES


@dataclass(frozen=True)
class BuildOptions:
    """Options of ``rulebook build`` (and of each rebuild under ``rulebook serve --watch``)."""

    #: Where content/ and locales/ are.
    project: Project = CHECKOUT
    #: The output folder; default: the project's site/build.
    out: Path | None = None
    #: The languages to build, in the order of the language chooser.
    languages: tuple[str, ...] = LANGUAGES
    #: Translators' preview: fuzzy translations shown, marked as drafts, instead of the source.
    drafts: bool = False
    #: Where the site will be published (``https://example.org/rules/``), for the sitemaps
    #: and canonical links; without it the site still works anywhere, with empty sitemaps.
    site_url: str | None = None

    @property
    def target(self) -> Path:
        """The output folder, absolute."""
        return (self.out or self.project.site_out).absolute()
