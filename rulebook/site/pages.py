"""The site's pages: which pages there are (declared once, here) and how each is made.

Pages per game, in navigation order: overview (``index``), ``setup``, ``rules`` (when the
game has rules), ``scoring``, ``variants``, ``glossary`` (when it has one),
``quick-reference`` and ``rules-in-question``; and the site's own pages (the home page). A
new page is one entry in
:data:`GAME_PAGES` or :data:`SITE_PAGES` (or :func:`add_game_page` / :func:`add_site_page`
from another module), a model function and a template ``<slug>.md.j2`` in site/templates/.

Each page's ``missing`` records every text it shows in its source language (the build's
count of pages with untranslated text, and the notice on the page, come from it): read
from what the page holds (:func:`shown_fallbacks`), so a part several pages share counts
on each page that shows it, and only there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

from rulebook.site.calculator import island_data, localized_export, script_json
from rulebook.site.localize import Fragment, Localizer
from rulebook.site.models.glossary import glossary_model
from rulebook.site.models.overview import overview
from rulebook.site.models.questions import questions_model
from rulebook.site.models.quick import quick_model
from rulebook.site.models.rules import rules_model
from rulebook.site.models.scoring import scoring_model
from rulebook.site.models.setup import setup_model
from rulebook.site.models.variants import variants_model
from rulebook.site.translation_status import PATH as STATUS_PATH
from rulebook.site.translation_status import status_model
from rulebook.site.view import GameView, LocalGame, PageLink
from schemas.game import GameContent


@dataclass
class Page:
    """One Markdown page of one language's build."""

    path: str
    template: str
    #: The page's name in the navigation ("Setup").
    title: Fragment
    #: The first heading and the browser title ("Nile — Setup").
    heading: str
    game: GameView | None
    model: Any
    #: Contexts that fell back to their source text on this page.
    missing: list[str] = field(default_factory=list)
    #: The calculator and setup data (already JSON), for pages with a widget.
    island: str | None = None


@dataclass(frozen=True)
class GamePage:
    """A page every game has (or every game that ``shown`` accepts)."""

    slug: str
    #: The interface string that names the page.
    title: str
    model: Callable[[LocalGame], Any]
    #: The widget the page holds (its data island), if any.
    widget: str | None = None
    shown: Callable[[GameContent], bool] = lambda content: True

    @property
    def template(self) -> str:
        return f"{self.slug.replace('-', '_')}.md.j2"


@dataclass(frozen=True)
class SitePage:
    """A page of the whole site in one language (the home page)."""

    path: str
    template: str
    title: str
    #: The model from every game of the build (in id order), the interface's localizer
    #: and the site's languages (in the order of its language chooser).
    model: Callable[[Sequence[GameContent], Localizer, Sequence[str]], Any]
    #: Listed after the games in the navigation (pages for translators, not players).
    after_games: bool = False


@dataclass(frozen=True)
class HomeModel:
    intro: Fragment
    games: tuple[GameView, ...]


def _home(games: Sequence[GameContent], loc: Localizer, languages: Sequence[str]) -> HomeModel:
    return HomeModel(loc.ui("home_intro"), tuple(game_view(content, loc) for content in games))


#: Every game page, in navigation order.
GAME_PAGES: list[GamePage] = [
    GamePage("index", "overview", overview),
    GamePage("setup", "setup", setup_model, widget="setup"),
    GamePage("rules", "rules", rules_model, shown=lambda c: c.rules is not None),
    GamePage("scoring", "scoring", scoring_model, widget="calculator"),
    GamePage("variants", "variants", variants_model),
    GamePage(
        "glossary",
        "glossary",
        glossary_model,
        shown=lambda c: c.glossary is not None and bool(c.glossary.terms),
    ),
    GamePage("quick-reference", "quick_reference", quick_model),
    GamePage("rules-in-question", "rules_in_question", questions_model),
]

#: The site's own pages, before the games' in the navigation.
SITE_PAGES: list[SitePage] = [
    SitePage("index.md", "home.md.j2", "site_title", _home),
    SitePage(STATUS_PATH, "translation_status.md.j2", "translation_status", status_model, True),
]


def add_game_page(page: GamePage, after: str | None = None) -> None:
    """Declare another game page, after the page ``after`` (default: last)."""
    slugs = [p.slug for p in GAME_PAGES]
    GAME_PAGES.insert(slugs.index(after) + 1 if after else len(GAME_PAGES), page)


def add_site_page(page: SitePage) -> None:
    """Declare another page of the whole site."""
    SITE_PAGES.append(page)


def game_view(content: GameContent, loc: Localizer) -> GameView:
    """What every page of a game knows about it: its name and its pages."""
    links = tuple(PageLink(p.slug, loc.ui(p.title)) for p in GAME_PAGES if p.shown(content))
    return GameView(
        id=content.id,
        name=content.game.name(loc.language),
        players=content.game.players,
        minutes=content.game.minutes,
        links=links,
    )


def _island(game: LocalGame, widget: str | None) -> tuple[str | None, list[str]]:
    """The widget's data island, and the contexts of its texts that fall back."""
    if widget is None:
        return None, []
    localized = game.part(
        "export", lambda: localized_export(game.content, game.loc, game.build.export())
    )
    data = island_data(game.content, game.loc, widget, localized)
    return script_json(data), list(data["fallback"])


def shown_fallbacks(*shown: Any) -> list[str]:
    """The texts of every fallback fragment in what a page shows, in order, once each."""
    found: dict[str, None] = {}

    def visit(item: Any) -> None:
        if isinstance(item, Fragment):
            if item.fallback:
                found[item.text] = None
        elif is_dataclass(item) and not isinstance(item, type):
            for part in fields(item):
                visit(getattr(item, part.name))
        elif isinstance(item, list | tuple):
            for part in item:
                visit(part)
        elif isinstance(item, dict):
            for part in item.values():
                visit(part)

    for item in shown:
        visit(item)
    return list(found)


def game_pages(game: LocalGame) -> list[Page]:
    """Every page of one game in one language, in navigation order."""
    loc = game.loc
    pages: list[Page] = []
    for declared in GAME_PAGES:
        if not declared.shown(game.content):
            continue
        view = game.part("view", lambda: game_view(game.content, loc))
        model = declared.model(game)
        island, widget_missing = _island(game, declared.widget)
        title = next(link.title for link in view.links if link.slug == declared.slug)
        pages.append(
            Page(
                path=f"{game.content.id}/{declared.slug}.md",
                template=declared.template,
                title=title,
                heading=f"{view.name} — {title.text}",
                game=view,
                model=model,
                # The widget's labels count too: it marks its fallbacks the same way.
                missing=shown_fallbacks(title, view, model) + widget_missing,
                island=island,
            )
        )
    return pages


def site_pages(
    games: Sequence[GameContent],
    loc: Localizer,
    languages: Sequence[str],
    after_games: bool = False,
) -> list[Page]:
    """The site's own pages in one language of the site's ``languages``: those before the
    games, or those after."""
    pages = []
    for declared in SITE_PAGES:
        if declared.after_games != after_games:
            continue
        title = loc.ui(declared.title)
        model = declared.model(games, loc, languages)
        missing = shown_fallbacks(title, model)
        pages.append(
            Page(declared.path, declared.template, title, title.text, None, model, missing)
        )
    return pages
