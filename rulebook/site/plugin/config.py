"""The options of the rulebook plugin, as a language's MkDocs configuration gives them."""

from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config


class RulebookConfig(Config):  # type: ignore[no-untyped-call]
    """``plugins: [rulebook: {project, language, languages, drafts}]`` in mkdocs.<lang>.yml."""

    #: The project folder: its content/ and locales/ are what the pages are made from.
    project = c.Type(str)
    #: The language this build makes (``fr``); its pages only.
    language = c.Type(str)
    #: Every language of the site, in the chooser's order (the 404 page's words are in
    #: each); empty: every language of the project.
    languages = c.ListOfItems(c.Type(str), default=[])
    #: Translators' preview: fuzzy translations shown, marked as drafts, instead of the source.
    drafts = c.Type(bool, default=False)
