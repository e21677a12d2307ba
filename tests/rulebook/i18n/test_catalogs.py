"""Templates, updates, compilation, status and run-time lookups on a copy of Nile."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo

from rulebook.cli import main
from rulebook.i18n import catalogs, catalogupdate, pofiles, status
from rulebook.i18n.runtime import translator
from schemas.common import LANGUAGES
from tests.i18n_support import GLOSSARY_DOMAIN, Workspace, make_workspace

CHANGED = "setup.steps.flood_card.text"
FLOOD_FR = "Posez la carte Inondation face visible au centre de la table"
FLOOD_UK = "Покладіть карту «Повінь» горілиць у центрі столу й відкладіть «Сарану»."
FLOOD_EN = "Place the Flood card face up in the middle of the table; set the Locusts aside."
OTHER = {
    "uk": {"setup.steps.locusts_into_deck.text": "Замішайте «Сарану» в решту карт: це колода."},
    "en": {"setup.steps.locusts_into_deck.text": "Shuffle the Locusts into the rest: the deck."},
}
OTHER_CONTEXT = "setup.steps.locusts_into_deck.text"


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    return make_workspace(tmp_path)


def _translate_some(workspace: Workspace) -> None:
    workspace.translate("uk", {CHANGED: FLOOD_UK, **OTHER["uk"]})
    workspace.translate("en", {CHANGED: FLOOD_EN, **OTHER["en"]})


def test_layout_and_source_language(workspace: Workspace) -> None:
    locales = workspace.locales
    assert (locales / "nile.pot").exists()
    assert (locales / "ui.pot").exists()
    # Every catalog holds every message, so every language counts the same total.
    contexts = [m.context for m in workspace.domain().messages]
    for language in LANGUAGES:
        assert [m.context for m in workspace.catalog(language) if m.id] == contexts
    # Messages written in the catalog's language are read-only copies of their source.
    french = {str(m.context): m for m in workspace.catalog("fr") if m.id}
    assert "read-only" in french[CHANGED].flags and french[CHANGED].string == french[CHANGED].id
    assert "read-only" not in french["rules.ukrainian_note.body"].flags
    assert not french["rules.ukrainian_note.body"].string
    ukrainian = {str(m.context): m for m in workspace.catalog("uk") if m.id}
    assert "read-only" in ukrainian["rules.ukrainian_note.body"].flags
    # Interface strings are written in English: the English catalog is all copies.
    english_ui = [m for m in workspace.catalog("en", "ui") if m.id]
    assert english_ui and all("read-only" in m.flags for m in english_ui)
    # A count phrase's copy has one form per plural form of the language.
    points = next(m for m in english_ui if m.context == "ui.points")
    assert list(points.string) == ["{count} point", "{count} points"]


def test_update_is_stable(workspace: Workspace) -> None:
    files = sorted(workspace.locales.rglob("*.po*"))
    before = {f: f.read_bytes() for f in files}
    results = workspace.update()
    assert not any(r.written for r in results.values())
    assert {f: f.read_bytes() for f in files} == before
    text = workspace.po("uk").read_text(encoding="utf-8")
    assert 'msgid ""\n"Chaque joueur cultive' in text  # long texts wrap
    # Messages come in reading order, with a reference a translator can follow.
    contexts = [m.context for m in workspace.catalog("uk") if m.id]
    assert contexts == [m.context for m in workspace.domain().messages]
    # The reference names the file only: a line number would move with every edit above it.
    assert "#: content/nile/setup.yaml\n" in text
    assert "#: content/nile/setup.yaml:" not in text


def test_the_header_says_which_numbers_each_plural_form_serves(workspace: Workspace) -> None:
    """French has three forms (CLDR's many) where gettext tools often expect two: say why."""
    french = workspace.po("fr", "ui").read_text(encoding="utf-8")
    header = french[: french.index('msgid ""')]
    assert "msgstr[0] one (0, 1); msgstr[1] many\n# (1000000); msgstr[2] other" in header
    assert "msgstr[1] (many) serves only large round numbers such as 1000000" in header
    ukrainian = workspace.po("uk").read_text(encoding="utf-8")
    assert (
        "msgstr[0] one (1, 21, 31); msgstr[1]\n# few (2, 3, 4); msgstr[2] many (0, 5, 6)"
        in ukrainian
    )
    assert "serves only large round numbers" not in ukrainian


def test_update_keeps_another_tools_wrapping(workspace: Workspace) -> None:
    """A catalog saved by a PO editor that wraps differently is not rewrapped by update."""
    _translate_some(workspace)
    path = workspace.po("uk")
    text = path.read_text(encoding="utf-8")
    # Join every continued string onto one line, as `msgcat --no-wrap` would (ending with one
    # newline, as msgcat and translate-toolkit do: the test's babel leaves a blank line).
    unwrapped = text.replace('"\n"', "").rstrip("\n") + "\n"
    assert unwrapped != text
    path.write_text(unwrapped, encoding="utf-8")
    results = workspace.update()
    assert not results["uk"].written
    assert path.read_text(encoding="utf-8") == unwrapped
    # A real change rewrites only the entry that changed.
    workspace.replace_in_source("setup.yaml", FLOOD_FR, FLOOD_FR.replace("Posez", "Placez"))
    workspace.update()
    _, before_blocks = pofiles.blocks(unwrapped)
    _, after_blocks = pofiles.blocks(path.read_text(encoding="utf-8"))
    changed = [c for c in after_blocks if after_blocks[c] != before_blocks.get(c)]
    assert changed == [CHANGED]


def test_a_changed_source_makes_exactly_that_message_fuzzy(workspace: Workspace) -> None:
    _translate_some(workspace)
    workspace.replace_in_source("setup.yaml", FLOOD_FR, FLOOD_FR.replace("Posez", "Placez"))
    results = workspace.update()
    for language, wanted in (("uk", FLOOD_UK), ("en", FLOOD_EN)):
        assert results[language].changed == [CHANGED]
        assert results[language].added == results[language].removed == []
        fuzzy = [str(m.context) for m in workspace.catalog(language) if m.id and m.fuzzy]
        assert fuzzy == [CHANGED]
        message = workspace.message(language, CHANGED)
        assert message.string == wanted
        assert message.previous_id[0].startswith(FLOOD_FR)
        assert message.id.startswith("Placez")
        text = workspace.po(language).read_text(encoding="utf-8")
        assert '#| msgid ""\n#| "Posez la carte' in text
        # The other translation is untouched.
        other = workspace.message(language, OTHER_CONTEXT)
        assert other.string == OTHER[language][OTHER_CONTEXT]
        assert not other.fuzzy
    # The French catalog's read-only copy follows the new source, never fuzzy: a change.
    assert results["fr"].changed == [CHANGED] and results["fr"].fuzzy == []
    assert results["uk"].fuzzy == [CHANGED] and results["uk"].fuzzy_total == 1
    assert "0 new, 1 changed (1 made fuzzy), 0 obsolete; 1 fuzzy in all" in (
        results["uk"].summary()
    )
    copy = workspace.message("fr", CHANGED)
    assert copy.string == copy.id and copy.id.startswith("Placez") and not copy.fuzzy
    # Updating again changes nothing: the fuzzy mark and the old source stay.
    before = workspace.po("uk").read_bytes()
    assert not any(r.written for r in workspace.update().values())
    assert workspace.po("uk").read_bytes() == before


def test_a_second_change_keeps_the_text_the_translation_was_made_for(
    workspace: Workspace,
) -> None:
    _translate_some(workspace)
    workspace.replace_in_source("setup.yaml", "Posez", "Placez")
    workspace.update()
    workspace.replace_in_source("setup.yaml", "Placez", "Mettez")
    workspace.update()
    message = workspace.message("uk", CHANGED)
    assert message.fuzzy and message.string == FLOOD_UK
    assert message.previous_id[0].startswith("Posez")


def test_a_sentence_that_grows_by_a_line_changes_only_its_own_entries(
    workspace: Workspace,
) -> None:
    """An edit early in a file touches a few lines of each catalog, not every later entry."""
    _translate_some(workspace)
    workspace.update()
    files = [workspace.locales / "nile.pot", *(workspace.po(lang) for lang in LANGUAGES)]
    before = {f: f.read_text(encoding="utf-8").splitlines() for f in files}
    # The first text of the setup file: every later setup message stands below it.
    first = "first_player_text: Le premier joueur est tiré au sort ;"
    workspace.replace_in_source("setup.yaml", first, f"{first} avec un dé,\n  par exemple,")
    workspace.update()
    for file in files:
        after = file.read_text(encoding="utf-8").splitlines()
        diff = [
            line
            for line in difflib.unified_diff(before[file], after, lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))
        ]
        assert 0 < len(diff) <= 24, (file.name, len(diff), diff[:40])


def test_a_reference_with_a_line_number_loses_it_on_update(workspace: Workspace) -> None:
    """A catalog written with line numbers (by an older version) is brought to file-only."""
    path = workspace.po("uk")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("#: content/nile/setup.yaml\n", "#: content/nile/setup.yaml:7\n"))
    assert workspace.update()["uk"].written
    assert path.read_text(encoding="utf-8") == text


def test_removed_and_added_messages(workspace: Workspace) -> None:
    glossary = workspace.nile / "glossary.yaml"
    glossary.write_text(
        glossary.read_text(encoding="utf-8").replace("id: nile\n", "id: river\n"),
        encoding="utf-8",
    )
    result = workspace.update()["uk"]
    assert result.added == ["glossary.river.definition"]
    assert result.removed == ["glossary.nile.definition"]
    assert "glossary.nile" not in workspace.po("uk").read_text(encoding="utf-8")
    # The term's word and forms went with it in the glossary's catalog.
    words = workspace.po("uk", GLOSSARY_DOMAIN).read_text(encoding="utf-8")
    assert "glossary.nile." not in words
    assert 'msgctxt "glossary.river.term"' in words and 'msgctxt "glossary.river.forms"' in words


def test_status_counts_the_source_language_as_done(workspace: Workspace) -> None:
    _translate_some(workspace)
    workspace.replace_in_source("setup.yaml", "Posez", "Placez")
    domain = workspace.domain()
    total = len(domain.messages)
    french = status.domain_status(domain, "fr", workspace.locales)
    assert (french.source, french.missing) == (total - 2, 2)  # the Ukrainian section
    # Before `update`, the changed message already counts as fuzzy (its text differs).
    ukrainian = status.domain_status(domain, "uk", workspace.locales)
    assert (ukrainian.source, ukrainian.translated, ukrainian.fuzzy) == (2, 1, 1)
    assert ukrainian.missing == total - 4
    workspace.update()
    assert status.domain_status(domain, "uk", workspace.locales) == ukrainian
    english_ui = status.domain_status(catalogs.ui_domain(), "en", workspace.locales)
    assert english_ui.percent == 100.0


def test_a_terms_word_is_read_from_the_glossary_catalog(workspace: Workspace) -> None:
    """The glossary page's headword (and every reader of a term's word) finds it in the
    game's glossary catalog; a game and its glossary count as one on the status page."""
    translate = translator(workspace.game(), "uk", workspace.locales)
    assert translate("glossary.crop.term", "culture") == "culture"
    assert not translate.is_translated("glossary.crop.term")
    workspace.translate("uk", {"glossary.crop.term": "культура"}, GLOSSARY_DOMAIN)
    translate = translator(workspace.game(), "uk", workspace.locales)
    assert translate("glossary.crop.term", "culture") == "культура"
    parts = [
        status.domain_status(domain, "uk", workspace.locales)
        for domain in (workspace.domain(), workspace.glossary_domain())
    ]
    both = status.combined(parts, "nile")
    assert both.total == parts[0].total + parts[1].total == len(workspace.domain().messages) + 6
    assert both.translated == parts[0].translated + 3  # the word, and two forms lists


def test_status_command_json(workspace: Workspace, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--content", str(workspace.content), "--locales", str(workspace.locales)]
    assert main(["i18n", "status", "--json", "--game", "nile", "--lang", "uk", *args]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["domain"], r["language"]) for r in rows] == [("nile", "uk"), (GLOSSARY_DOMAIN, "uk")]
    assert rows[0]["done"] == 2 and rows[0]["percent"] < 100


def test_compile_leaves_fuzzy_out(workspace: Workspace) -> None:
    _translate_some(workspace)
    workspace.replace_in_source("setup.yaml", "Posez", "Placez")
    workspace.update()
    target = catalogupdate.compile_catalog(workspace.domain(), "uk", workspace.locales)
    assert target is not None
    with target.open("rb") as stream:
        compiled = {m.context: m.string for m in read_mo(stream) if m.id}
    # The translation, and the copies of the section written in Ukrainian.
    assert compiled == {
        OTHER_CONTEXT: OTHER["uk"][OTHER_CONTEXT],
        "rules.ukrainian_note.title": "Примітка",
        "rules.ukrainian_note.body": "Кожна культура має 14 карт.",
    }
    assert catalogupdate.compile_catalog(workspace.domain(), "fr", workspace.locales) is not None


def test_runtime_falls_back_and_says_so(workspace: Workspace) -> None:
    _translate_some(workspace)
    workspace.translate("uk", {"ui.total": "Разом"}, domain="ui")
    content = workspace.game()
    translate = translator(content, "uk", workspace.locales)
    passes = OTHER_CONTEXT
    source = next(s for s in content.setup.steps if s.id == "locusts_into_deck").text
    assert translate(passes, source) == OTHER["uk"][passes]
    assert translate.is_translated(passes)
    assert translate("ui.total", "Total") == "Разом"
    # Missing: the source text, and a notice is due.
    assert translate("setup.first_player_text", "Le premier") == "Le premier"
    assert not translate.is_translated("setup.first_player_text")
    # Written in Ukrainian already.
    assert translate.is_translated("rules.ukrainian_note.body")
    # A caller holding another text gets its own text back.
    assert translate(passes, "autre texte") == "autre texte"
    # Deck items are looked up by their component and item ids.
    workspace.translate("uk", {"components.crops.items.papyrus.name": "Папірус"})
    translate = translator(content, "uk", workspace.locales)
    assert translate("components.crops.items.papyrus.name", "Papyrus") == "Папірус"
    # Fuzzy is never shown.
    workspace.replace_in_source("setup.yaml", "Posez", "Placez")
    workspace.update()
    content = workspace.game()
    translate = translator(content, "uk", workspace.locales)
    new = next(s for s in content.setup.steps if s.id == "flood_card").text
    assert translate(CHANGED, new) == new
    assert translate.state(CHANGED) == "fuzzy"
    # French readers get the French source, and the Ukrainian section untranslated.
    french = translator(content, "fr", workspace.locales)
    assert french.is_translated(CHANGED)
    assert french.state("rules.ukrainian_note.body") == "missing"


def test_commands_run_end_to_end(workspace: Workspace, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--content", str(workspace.content), "--locales", str(workspace.locales)]
    assert main(["i18n", "extract", *args]) == 0
    assert "unchanged" in capsys.readouterr().out
    assert main(["i18n", "update", *args]) == 0
    out = capsys.readouterr().out
    assert "fr/LC_MESSAGES/nile.po: unchanged" in out
    assert "0 new, 0 changed" in out and "updated" not in out
    assert main(["i18n", "compile", *args]) == 0
    assert (workspace.locales / "uk" / "LC_MESSAGES" / "nile.mo").exists()
    assert main(["i18n", "status", *args]) == 0
    assert "nile" in capsys.readouterr().out


@pytest.mark.parametrize(
    "action",
    [
        "extract",
        "update",
        "ids",
        "typeset",
        "compile",
        "status",
        "review",
        "check",
        "glossary",
        "concepts",
    ],
)
def test_every_action_has_help(action: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["i18n", action, "--help"])
    assert exit_.value.code == 0
    assert "--game" in capsys.readouterr().out


def test_typesetting_leaves_a_terms_forms_as_written(tmp_path: Path) -> None:
    """A term's forms are words to match, never shown: a translator may list a straight and
    a curly apostrophe both, and typesetting would make them one form written twice."""
    from rulebook.paths import APP_ROOT as ROOT
    from schemas.loader import load_game

    content = load_game(ROOT / "content" / "river_of_gold")
    domain = catalogs.glossary_domain(content)
    locales = tmp_path / "locales"
    source = catalogs.po_path(ROOT / "locales", "en", domain.name)
    copy = catalogs.po_path(locales, "en", domain.name)
    copy.parent.mkdir(parents=True)
    headword = 'msgstr "Emperor’s Visit"\n'
    text = source.read_text(encoding="utf-8")
    assert text.count(headword) == 1
    copy.write_text(text.replace(headword, 'msgstr "Emperor\'s Visit"\n'), encoding="utf-8")
    forms = "glossary.emperor_visit.forms"
    written = catalogs.load_entries(domain.name, "en", locales)[forms].string
    assert written == "Emperor's Visit, Emperor’s Visit"
    changed = catalogupdate.typeset_catalog(domain, "en", locales)
    assert changed == ["glossary.emperor_visit.term"], "the headword is typeset"
    assert forms not in changed
    assert catalogs.load_entries(domain.name, "en", locales)[forms].string == written
