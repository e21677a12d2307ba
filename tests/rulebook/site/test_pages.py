"""The page models: every text a page shows in its source language is recorded as such.

The build counts the pages with untranslated text from each page's ``missing`` record, and
tests/rulebook/site/test_translated.py relies on that record to prove the catalogs complete; a text
shown as a fallback but not recorded would pass unnoticed, and a page that records a text
it does not show would carry the "not translated" notice for nothing.
"""

from __future__ import annotations

import shutil
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po, write_po

from rulebook.site.build import TEMPLATES
from rulebook.site.localize import Fragment, Localizer
from rulebook.site.models.quick import quick_model
from rulebook.site.pages import game_pages
from rulebook.site.render import Renderer, page_links
from rulebook.site.view import GameBuild, LocalGame
from schemas import languages
from schemas.game import GameContent
from tests.conftest import ROOT


def fallbacks(model: Any) -> set[str]:
    """The texts of every fallback fragment anywhere in a page model."""
    found: set[str] = set()
    if isinstance(model, Fragment):
        if model.fallback:
            found.add(model.text)
    elif is_dataclass(model) and not isinstance(model, type):
        for item in fields(model):
            found |= fallbacks(getattr(model, item.name))
    elif isinstance(model, list | tuple):
        for item in model:
            found |= fallbacks(item)
    elif isinstance(model, dict):
        for item in model.values():
            found |= fallbacks(item)
    return found


@pytest.mark.parametrize("game_id", ["tokaido", "nile"])
def test_every_fallback_a_page_shows_is_recorded(
    games: dict[str, GameContent], game_id: str, tmp_path: Path
) -> None:
    """With empty catalogs every message falls back: each must be in its page's record."""
    content = games[game_id]
    unrecorded = {}
    no_catalogs = Localizer("en", content, tmp_path)
    for page in game_pages(LocalGame(GameBuild(content), no_catalogs)):
        missed = fallbacks(page.model) - set(page.missing)
        if missed:
            unrecorded[page.path] = [*sorted(missed)[:3], f"... {len(missed)} in all"]
    assert unrecorded == {}


def test_only_pages_that_show_a_fallback_record_it(
    games: dict[str, GameContent], tmp_path: Path
) -> None:
    """Every Nile message translated but the overview's body: only the rules page shows it."""
    nile = games["nile"]
    with (ROOT / "locales/en/LC_MESSAGES/nile.po").open("rb") as stream:
        catalog = read_po(stream)
    # A body of several paragraphs is one message per paragraph: take the first.
    overview = next(s for s in nile.rules.sections if s.id == "overview")  # type: ignore[union-attr]
    first = overview.body.split("\n\n")[0]  # type: ignore[union-attr]
    untranslated = catalog.get(first, context="rules.overview.body.1")
    assert untranslated is not None and untranslated.string
    untranslated.string = ""
    (tmp_path / "en" / "LC_MESSAGES").mkdir(parents=True)
    with (tmp_path / "en" / "LC_MESSAGES" / "nile.po").open("wb") as stream:
        write_po(stream, catalog)
    # The glossary's words, in their own catalog, as they are.
    glossary = "en/LC_MESSAGES/nile.glossary.po"
    shutil.copyfile(ROOT / "locales" / glossary, tmp_path / glossary)
    renderer = Renderer(TEMPLATES, "en", tmp_path)
    recorded, marked = set(), set()
    for page in game_pages(LocalGame(GameBuild(nile), Localizer("en", nile, tmp_path))):
        if page.missing:
            recorded.add(page.path)
        if "rb-fallback" in renderer.render(page, page_links(page)):
            marked.add(page.path)
    assert recorded == marked == {"nile/rules.md"}


@pytest.mark.parametrize("language", languages.codes())
def test_how_scores_are_counted_leads_with_the_rule_in_words(language: str) -> None:
    """Issue 29: each row of "How scores are counted" (and of the quick reference) opens
    with the content's own sentence, translated like any rule, and folds the formula under
    it; categories scored alike (six regions, six family piles) share one row, their rule
    said once, and no category is left out."""
    from rulebook.cache import load_content
    from rulebook.site.models.scoring import scoring_model
    from schemas.track import INPUT as TRACK_CATEGORY

    for game_id, content in sorted(load_content(ROOT / "content").items()):
        game = LocalGame(GameBuild(content), Localizer(language, content))
        model = scoring_model(game)
        rows = model.rows
        assert sorted(i for row in rows for i in row.ids) == sorted(
            c.id for c in content.scoring.categories
        )
        for row in rows:
            if row.ids == (TRACK_CATEGORY,):  # the score-track mode's own total: its label says it
                continue
            assert row.formula is not None, f"{game_id} {row.ids}: no sentence, only the formula"
            assert row.lead.text != row.formula.text
            # A game still in progress in the language may show its source sentence.
            due = languages.complete_required(language, game_id)
            assert not (due and row.lead.fallback), f"{game_id} {row.ids}: not translated"
        leads = [row.lead.text for row in rows]
        said = [(row.lead.text, row.condition) for row in rows]
        assert len(said) == len(set(said)), f"{game_id}: a rule said twice: {leads}"
        quick = quick_model(game)
        assert all(row.formula is None or row.lead.text in leads for row in quick.rows)
    gold = load_content(ROOT / "content")["river_of_gold"]
    regions = scoring_model(LocalGame(GameBuild(gold), Localizer(language, gold)))
    assert [row.ids for row in regions.rows if len(row.ids) > 1] == [
        tuple(f"region_{n}" for n in range(1, 7))
    ]


def _quick_reference_gaps(content: GameContent) -> list[str]:
    """What the game's quick reference lacks of what CONTRIBUTING asks every game."""
    loc = Localizer(content.game.source_language, content)
    quick = quick_model(LocalGame(GameBuild(content), loc))
    gaps = []
    opening = content.rules.sections[0].kind if content.rules else "no rules.yaml"
    if opening != "summary":
        gaps.append(f"the rules open with {opening!r}, not the summary")
    if not any(s.steps for s in quick.summaries):
        gaps.append("no summary with steps")
    if not any(s.body or s.steps for s in quick.missed):
        gaps.append("no missed rules")
    return gaps


def test_every_game_gives_its_quick_reference_a_summary_and_missed_rules(
    games: dict[str, GameContent],
) -> None:
    """The quick reference is what the content marks for it (CONTRIBUTING, "Add a game"):
    the rules open with a `summary` section whose steps say the turn, the end and how to
    win, and a `missed` section of the base game lists the rules players forget. Checked
    here on the page model, so a new game without them fails in seconds, not only in the
    browser test that prints the page (tests/browser/test_reading.py)."""
    lacking = {g: gaps for g, content in games.items() if (gaps := _quick_reference_gaps(content))}
    assert lacking == {}
