"""The languages the project publishes: read from content/languages.yaml, never from code.

The file lists each language with its name and its typography (quotes, apostrophe, the
no-break spaces around punctuation). Everything that depends on the set of languages (the
``Language`` type, the names every game must give, the site's builds and switcher, the
catalogs) reads :data:`LANGUAGES` or :func:`language` from here, so adding a language is a
change of content and configuration only.

The file is looked up in ``$RULEBOOK_CONTENT`` when that is set and holds one, else in the
checkout's content/ folder.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

#: The file's name, in the content folder.
FILE_NAME = "languages.yaml"

_CHECKOUT_CONTENT = Path(__file__).resolve().parent.parent / "content"

Space = Literal["narrow", "nbsp"]

#: The characters each kind of space stands for.
SPACES: dict[str, str] = {"narrow": "\u202f", "nbsp": "\u00a0"}


class LanguageSpec(BaseModel):
    """One published language."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    code: str = Field(pattern=r"^[a-z]{2,3}(?:_[A-Z]{2})?$")
    name: str = Field(min_length=1)
    #: The search index's language, when lunr has no pipeline for ``code``.
    search: str | None = None
    #: Opening and closing quotes, then the pair used inside them.
    quotes: tuple[str, str, str, str] | None = None
    apostrophe: str | None = None
    space_before: dict[str, Space] = Field(default_factory=dict)
    space_after: dict[str, Space] = Field(default_factory=dict)


class LanguagesFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    languages: list[LanguageSpec] = Field(min_length=1)


class LanguagesError(ValueError):
    """content/languages.yaml is missing or wrong."""


def languages_file() -> Path:
    """Where the list of languages is read from."""
    override = os.environ.get("RULEBOOK_CONTENT")
    if override and (Path(override) / FILE_NAME).is_file():
        return Path(override) / FILE_NAME
    return _CHECKOUT_CONTENT / FILE_NAME


@cache
def _load(path: Path) -> tuple[LanguageSpec, ...]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        specs = LanguagesFile.model_validate(data).languages
    except (OSError, yaml.YAMLError) as error:
        raise LanguagesError(f"{path}: cannot read the list of languages: {error}") from None
    except ValidationError as error:
        raise LanguagesError(f"{path}: {error}") from None
    codes = [s.code for s in specs]
    repeated = sorted({c for c in codes if codes.count(c) > 1})
    if repeated:
        raise LanguagesError(f"{path}: languages listed twice: {repeated}")
    return tuple(specs)


def specs() -> tuple[LanguageSpec, ...]:
    """Every published language, in the file's order."""
    return _load(languages_file())


def language(code: str) -> LanguageSpec:
    """The published language ``code``; KeyError when it is not published."""
    for spec in specs():
        if spec.code == code:
            return spec
    raise KeyError(code)


#: The codes of the published languages, in order; the first is the site root's default.
LANGUAGES: tuple[str, ...] = tuple(s.code for s in specs())
