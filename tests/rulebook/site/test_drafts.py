"""The translators' preview (`rulebook build --drafts`, issue 32 item 6): beside each draft,
a mark in the page's language and the source text with what changed since the translation;
in a language that requires review, a mark beside each translation still waiting for it."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.i18n import catalogs, review
from rulebook.paths import Project
from rulebook.site.build import BuildOptions, build_site
from rulebook.site.render import word_diff
from schemas import languages
from tests.conftest import nile_project

#: One worker runs this module: its project and preview build (module fixtures) are made
#: once, not once on each worker its tests are handed to.
pytestmark = pytest.mark.xdist_group("site_drafts")

FLOOD = "setup.steps.flood_card.text"
OLD = "Posez la carte Inondation face visible"
NEW = "Placez la carte Inondation face cachée"
REVIEWED = "setup.steps.locusts_into_deck.text"
OLD_TITLE = "Cartes culture"
NEW_TITLE = "Les cartes culture"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    """Nile with a source edit made after its translations (so they are fuzzy), and English
    requiring review, one of its translations reviewed."""
    found = nile_project(tmp_path_factory.mktemp("drafts"))
    setup = found.content / "nile" / "setup.yaml"
    text = setup.read_text(encoding="utf-8")
    assert text.count(OLD) == 1
    setup.write_text(text.replace(OLD, NEW), encoding="utf-8")
    rules = found.content / "nile" / "rules.yaml"
    written = rules.read_text(encoding="utf-8")
    assert written.count(f"title: {OLD_TITLE}\n") == 1
    rules.write_text(written.replace(f"title: {OLD_TITLE}\n", f"title: {NEW_TITLE}\n"), "utf-8")
    assert main(["--project", str(found.root), "i18n", "update", "--game", "nile"]) == 0
    languages = found.content / "languages.yaml"
    listed = languages.read_text(encoding="utf-8")
    languages.write_text(
        listed.replace("  - code: en\n", "  - code: en\n    require_review: true\n", 1),
        encoding="utf-8",
    )
    return found


def _page(out: Path, language: str) -> str:
    return (out / language / "nile" / "setup" / "index.html").read_text(encoding="utf-8")


def _built(project: Project, out: Path, drafts: bool) -> Path:
    languages.use_project(project.content)  # the copy's list: English requires review
    build_site(BuildOptions(project=project, out=out, languages=("uk", "en"), drafts=drafts))
    return out


@pytest.fixture(scope="module")
def preview(project: Project, tmp_path_factory: pytest.TempPathFactory) -> Path:
    entries = catalogs.load_entries("nile", "en", project.locales)
    path = catalogs.po_path(project.locales, "en", "nile")
    assert review.mark_reviewed(path, entries, [REVIEWED]).marked == (REVIEWED,)
    return _built(project, tmp_path_factory.mktemp("preview") / "out", drafts=True)


def _draft_of(page: str, needle: str) -> str:
    """The draft block of the page that holds ``needle``."""
    blocks = re.findall(r'<div class="rb-text rb-draft".*?</div></div>', page, re.DOTALL)
    found = [b for b in blocks if needle in b]
    assert len(found) == 1, (needle, blocks[:3])
    return found[0]


def test_a_draft_shows_its_mark_and_what_changed_in_its_source(preview: Path) -> None:
    block = _draft_of(_page(preview, "uk"), "Покладіть карту Повені")
    assert 'lang="uk" data-draft="fuzzy"' in block
    # The mark is words in the page's language, not only an outline.
    assert re.search(r'<small class="rb-draft-mark"[^>]*>чернетка</small>', block)
    # The source now, in its language, with the words it lost and gained.
    assert '<div class="rb-draft-source" data-search-exclude>' in block
    assert "Оригінал зі змінами, внесеними після цього перекладу:" in html.unescape(block)
    assert 'class="rb-draft-text" lang="fr"' in block
    assert "<del>Posez</del> <ins>Placez</ins> la carte Inondation" in block
    assert "<del>visible</del> <ins>cachée</ins>" in block


def test_an_unreviewed_translation_is_marked_where_review_is_required(preview: Path) -> None:
    english = _page(preview, "en")
    unreviewed = re.findall(r'data-draft="unreviewed"', english)
    assert unreviewed, "English requires review: its unreviewed translations are marked"
    assert re.search(r'<small class="rb-draft-mark"[^>]*>not reviewed</small>', english)
    assert "Source text:" in html.unescape(english)  # its source beside it, unchanged
    # Ukrainian requires no review: only its fuzzy translation is a draft.
    assert 'data-draft="unreviewed"' not in _page(preview, "uk")


def test_the_reviewed_translation_is_not_marked(project: Project, preview: Path) -> None:
    entry = catalogs.load_entries("nile", "en", project.locales)[REVIEWED]
    assert review.is_reviewed(entry)
    english = html.unescape(_page(preview, "en"))
    shown = str(entry.string)[:30]
    assert shown in english, "the reviewed translation is on the page"
    assert not re.search(r'data-draft="unreviewed"><p>' + re.escape(shown), english)
    assert re.search(r'data-draft="unreviewed"><p>', english), "the others are marked"


def test_the_published_site_shows_no_preview_marks(
    project: Project, tmp_path: Path, preview: Path
) -> None:
    out = _built(project, tmp_path / "out", drafts=False)
    for language in ("uk", "en"):
        page = _page(out, language)
        assert "rb-draft" not in page and "data-draft" not in page
    # The fuzzy translation is not published: its page shows the source, marked.
    assert "Placez la carte Inondation" in _page(out, "uk")


def test_word_diff_escapes_every_word() -> None:
    diff = str(word_diff("un <b>mot</b> ici", "un <i>mot</i> ici"))
    assert "<b>" not in diff and "<i>" not in diff
    assert diff.startswith("un <del>") and "<ins>" in diff and diff.endswith("ici")


def test_a_change_of_policy_is_seen_by_the_next_preview(
    project: Project, preview: Path, tmp_path: Path
) -> None:
    """Pages are kept between builds while what they come from is unchanged: the list of
    languages is part of it, so turning review off drops the marks on the next build."""
    languages = project.content / "languages.yaml"
    required = languages.read_text(encoding="utf-8")
    first = _built(project, tmp_path / "first", drafts=True)  # kept for the next build
    assert 'data-draft="unreviewed"' in _page(first, "en")
    languages.write_text(required.replace("    require_review: true\n", ""), encoding="utf-8")
    try:
        out = _built(project, tmp_path / "out", drafts=True)
        assert 'data-draft="unreviewed"' not in _page(out, "en")
    finally:
        languages.write_text(required, encoding="utf-8")


def test_a_draft_heading_shows_its_mark_and_source_under_it(preview: Path) -> None:
    """A heading holds its words only (they are the table of contents' and the anchor's):
    its draft mark and its source with what changed follow it, as a draft paragraph's do."""
    page = (preview / "uk" / "nile" / "rules" / "index.html").read_text(encoding="utf-8")
    heading = re.search(r'<h\d [^>]*id="crop_cards"[^>]*>(.*?)</h\d>', page, re.DOTALL)
    assert heading is not None and 'data-draft="1"' in heading.group(0)
    assert "Карти культур" in heading.group(1) and "rb-draft-source" not in heading.group(1)
    note = page[heading.end() :].lstrip()
    assert note.startswith('<div class="rb-draft-heading" data-search-exclude>')
    note = note[: note.index("</div></div>")]
    assert re.search(r'<small class="rb-draft-mark"[^>]*>чернетка</small>', note)
    assert 'class="rb-draft-text" lang="fr"' in note
    assert "<del>Cartes</del> <ins>Les cartes</ins> culture" in note
