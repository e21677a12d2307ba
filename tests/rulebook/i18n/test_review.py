"""Reviewed translations (issue 32, item 6): the mark a reviewer leaves in the catalog, and
the publication policy that can require it (``require_review`` in content/languages.yaml)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from translate.storage import po as ttk_po

from rulebook.cli import main
from rulebook.i18n import catalogs, checks, review
from rulebook.i18n.failure import Failure
from rulebook.site.localize import Localizer
from rulebook.site.translation_status import status_model
from schemas import languages
from schemas.common import LANGUAGES
from tests.conftest import CONTENT
from tests.i18n_support import Workspace, make_workspace

NOTE = "components.crops.note"
TIE = "rules.end.notes.tie"
EN_NOTE = (
    "In Nile, each crop has 16 cards; in Nile DeLuxor, 14. Nile has five crops; Nile DeLuxor "
    "adds grapes and onions, and removes some depending on the number of players."
)


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Workspace:
    """Nile's workspace with its own copy of the checkout's languages.yaml, read from there."""
    found = make_workspace(tmp_path)
    (found.content / languages.FILE_NAME).write_text(
        (CONTENT / languages.FILE_NAME).read_text(encoding="utf-8"), encoding="utf-8"
    )
    monkeypatch.setattr(languages, "_file", found.content / languages.FILE_NAME)
    return found


def _require_review(workspace: Workspace, code: str) -> None:
    path = workspace.content / languages.FILE_NAME
    text = path.read_text(encoding="utf-8")
    entry = f"  - code: {code}\n"
    assert text.count(entry) == 1
    path.write_text(text.replace(entry, f"{entry}    require_review: true\n"), encoding="utf-8")


def _failures(workspace: Workspace) -> list[Failure]:
    domains = [workspace.domain(), catalogs.ui_domain()]
    return checks.check(domains, list(LANGUAGES), workspace.locales, complete=True)


def _unreviewed(workspace: Workspace) -> list[Failure]:
    return [f for f in _failures(workspace) if f.type == "unreviewed"]


def test_no_language_requires_review_by_default(workspace: Workspace) -> None:
    """Today's policy: a translated message without a review mark fails nothing."""
    assert not any(spec.require_review for spec in languages.specs())
    workspace.translate("en", {NOTE: EN_NOTE})
    assert _unreviewed(workspace) == []


def test_an_unreviewed_translation_fails_where_review_is_required(workspace: Workspace) -> None:
    _require_review(workspace, "en")
    workspace.translate("en", {NOTE: EN_NOTE})
    found = _unreviewed(workspace)
    [failure] = [f for f in found if f.loc == (NOTE,)]
    assert failure.file == str(workspace.po("en"))
    assert failure.severity == "error"  # published as it is: a failure, unlike a fuzzy entry
    assert "'Dans Nile, chaque culture a 16 cartes" in failure.msg  # its msgid, quoted
    lines = workspace.po("en").read_text(encoding="utf-8").splitlines()
    assert failure.line is not None and lines[failure.line - 1].startswith("msgid")
    assert str(failure).startswith(f"{workspace.po('en')}:{failure.line}: {NOTE}: not reviewed")
    assert str(failure).endswith(" [unreviewed]")
    # Every other translated message of English (the interface's copies are read-only, in
    # the source language) is unreviewed too; French and Ukrainian require nothing.
    assert all(f.file == str(workspace.po("en")) for f in found)


def test_a_review_mark_counts_until_either_text_changes(workspace: Workspace) -> None:
    _require_review(workspace, "en")
    workspace.translate("en", {NOTE: EN_NOTE})
    entries = catalogs.load_entries("nile", "en", workspace.locales)
    done = review.mark_reviewed(workspace.po("en"), entries, [NOTE, "no.such.context"])
    assert done == review.Marked((NOTE,), ("no.such.context",))
    assert (NOTE,) not in {f.loc for f in _unreviewed(workspace)}
    marked = workspace.message("en", NOTE)
    assert review.is_reviewed(marked)
    assert marked.user_comments == [review.review_comment(marked)]
    # An edit after the review (by any tool) leaves the old mark, which no longer counts.
    workspace.translate("en", {NOTE: EN_NOTE.replace("In Nile", "In Nile itself")})
    [failure] = [f for f in _unreviewed(workspace) if f.loc == (NOTE,)]
    assert "reviewed for another text" in failure.msg


def test_marking_changes_only_the_marked_entry(workspace: Workspace) -> None:
    workspace.translate("en", {NOTE: EN_NOTE})
    before = workspace.po("en").read_text(encoding="utf-8")
    entries = catalogs.load_entries("nile", "en", workspace.locales)
    review.mark_reviewed(workspace.po("en"), entries, [NOTE])
    after = workspace.po("en").read_text(encoding="utf-8")
    added = [line for line in after.splitlines() if line not in before.splitlines()]
    assert added == [f"# {review.review_comment(workspace.message('en', NOTE))}"]
    assert after.replace(added[0] + "\n", "", 1) == before
    # A second review of the same text writes the same bytes; an update keeps the mark.
    review.mark_reviewed(workspace.po("en"), entries, [NOTE])
    assert workspace.po("en").read_text(encoding="utf-8") == after
    workspace.update()
    assert review.is_reviewed(workspace.message("en", NOTE))


def test_a_fuzzy_translation_stays_a_warning_where_review_is_required(
    workspace: Workspace,
) -> None:
    _require_review(workspace, "en")
    workspace.translate("en", {NOTE: EN_NOTE}, flags={NOTE: {"fuzzy"}})
    english = str(workspace.po("en"))
    mine = [f for f in _failures(workspace) if f.loc == (NOTE,) and f.file == english]
    assert [(f.type, f.severity == "warning") for f in mine] == [("outdated", True)]


def test_translate_toolkit_keeps_the_mark(workspace: Workspace) -> None:
    """Weblate saves PO files through translate-toolkit: a reviewed catalog reads and writes
    back byte for byte, mark included."""
    workspace.translate("en", {NOTE: EN_NOTE})
    workspace.update()  # the catalog as the project writes it, not as the test's babel does
    entries = catalogs.load_entries("nile", "en", workspace.locales)
    review.mark_reviewed(workspace.po("en"), entries, [NOTE])
    data = workspace.po("en").read_bytes()
    assert f"\n# {review.review_comment(workspace.message('en', NOTE))}\n".encode() in data
    assert bytes(ttk_po.pofile(data)) == data


def test_the_command_marks_and_check_passes(
    workspace: Workspace, capsys: pytest.CaptureFixture[str]
) -> None:
    _require_review(workspace, "en")
    workspace.translate("en", {NOTE: EN_NOTE, TIE: "A complete tie is shared."})
    folders = ["--project", str(workspace.content.parent)]
    check = ["i18n", "check", "--game", "nile", "--lang", "en", *folders]
    assert main([*check, "--complete"]) == 1
    assert "[unreviewed]" in capsys.readouterr().err
    assert main(["i18n", "review", "--lang", "en", "--game", "nile", NOTE, *folders]) == 0
    assert main(["i18n", "review", "--lang", "en", "--game", "nile", "--all", *folders]) == 0
    capsys.readouterr()
    main([*check, "--complete"])
    assert "[unreviewed]" not in capsys.readouterr().err
    assert review.is_reviewed(workspace.message("en", TIE))
    # The status counts the reviewed translations (both of the two translated here).
    assert main(["i18n", "status", "--json", "--game", "nile", "--lang", "en", *folders]) == 0
    [row] = [r for r in json.loads(capsys.readouterr().out) if r["domain"] == "nile"]
    assert (row["translated"], row["reviewed"]) == (2, 2)


def test_the_status_page_counts_the_reviewed_translations(workspace: Workspace) -> None:
    """The site's translation status page shows, per game and language, how many of the
    translated messages carry a current review mark, beside translated and fuzzy."""
    workspace.translate("en", {NOTE: EN_NOTE, TIE: "A complete tie is shared."})
    workspace.update()
    entries = catalogs.load_entries("nile", "en", workspace.locales)
    review.mark_reviewed(workspace.po("en"), entries, [NOTE])
    languages = ("fr", "uk", "en")
    model = status_model([workspace.game()], Localizer("uk", None, workspace.locales), languages)
    rows = {(r.game, r.lang): r for r in model.rows}
    english, french = rows[("Ніл", "en")], rows[("Ніл", "fr")]
    assert (english.reviewed, english.fuzzy) == ("1", "0")
    # Nothing translated into the game's own language: nothing to review there.
    assert french.reviewed == "—"
