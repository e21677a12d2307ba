"""Templates, updates, compilation, status and run-time lookups on a copy of Nile."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo

from rulebook.cli import main
from rulebook.i18n import catalogs, status
from rulebook.i18n.messages import natural_key
from rulebook.i18n.runtime import translator
from tests.i18n_support import Workspace, make_workspace

CHANGED = "setup.steps.flood_card.text"
FLOOD_FR = "Posez la carte Inondation face visible au centre de la table"
FLOOD_UK = "Покладіть карту «Повінь» горілиць у центрі столу й відкладіть «Сарану»."
FLOOD_EN = "Place the Flood card face up in the middle of the table; set the Locusts aside."
OTHER = {
    "uk": {"setup.steps.passes.text": "Гра триває {passes} повних проходів колоди."},
    "en": {"setup.steps.passes.text": "The game lasts {passes} full passes of the deck."},
}


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
    # Nile is written in French: its French catalog holds only the Ukrainian-source section.
    french = {str(m.context) for m in workspace.catalog("fr") if m.id}
    assert french == {"rules.ukrainian_note.body", "rules.ukrainian_note.title"}
    ukrainian = {str(m.context) for m in workspace.catalog("uk") if m.id}
    assert "rules.ukrainian_note.body" not in ukrainian
    assert CHANGED in ukrainian
    # Interface strings are written in English: no English catalog.
    assert not workspace.po("en", "ui").exists()
    assert workspace.po("uk", "ui").exists()


def test_update_is_stable(workspace: Workspace) -> None:
    files = sorted(workspace.locales.rglob("*.po*"))
    before = {f: f.read_bytes() for f in files}
    results = workspace.update()
    assert not any(r.written for r in results.values())
    assert {f: f.read_bytes() for f in files} == before
    text = workspace.po("uk").read_text(encoding="utf-8")
    assert 'msgid ""\n"Chaque joueur cultive' in text  # long texts wrap
    contexts = [m.context for m in workspace.catalog("uk") if m.id]
    assert contexts == sorted(contexts, key=lambda c: natural_key(str(c)))


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
        other = workspace.message(language, "setup.steps.passes.text")
        assert other.string == OTHER[language]["setup.steps.passes.text"]
        assert not other.fuzzy
    assert not results["fr"].written
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


def test_removed_and_added_messages(workspace: Workspace) -> None:
    glossary = workspace.nile / "glossary.yaml"
    glossary.write_text(
        glossary.read_text(encoding="utf-8").replace("id: nile\n", "id: river\n"),
        encoding="utf-8",
    )
    result = workspace.update()["uk"]
    assert result.added == ["glossary.river.definition", "glossary.river.term"]
    assert result.removed == ["glossary.nile.definition", "glossary.nile.term"]
    assert "glossary.nile" not in workspace.po("uk").read_text(encoding="utf-8")


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


def test_status_command_json(workspace: Workspace, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--content", str(workspace.content), "--locales", str(workspace.locales)]
    assert main(["i18n", "status", "--json", "--game", "nile", "--lang", "uk", *args]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["domain"], r["language"]) for r in rows] == [("nile", "uk")]
    assert rows[0]["done"] == 2 and rows[0]["percent"] < 100


def test_compile_leaves_fuzzy_out(workspace: Workspace) -> None:
    _translate_some(workspace)
    workspace.replace_in_source("setup.yaml", "Posez", "Placez")
    workspace.update()
    target = catalogs.compile_catalog(workspace.domain(), "uk", workspace.locales)
    assert target is not None
    with target.open("rb") as stream:
        compiled = {m.context: m.string for m in read_mo(stream) if m.id}
    assert compiled == {"setup.steps.passes.text": OTHER["uk"]["setup.steps.passes.text"]}
    assert catalogs.compile_catalog(workspace.domain(), "fr", workspace.locales) is not None


def test_runtime_falls_back_and_says_so(workspace: Workspace) -> None:
    _translate_some(workspace)
    workspace.translate("uk", {"ui.total": "Разом"}, domain="ui")
    content = workspace.game()
    translate = translator(content, "uk", workspace.locales)
    passes = "setup.steps.passes.text"
    source = next(s for s in content.setup.steps if s.id == "passes").text
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
    assert main(["i18n", "compile", *args]) == 0
    assert (workspace.locales / "uk" / "LC_MESSAGES" / "nile.mo").exists()
    assert main(["i18n", "status", *args]) == 0
    assert "nile" in capsys.readouterr().out


@pytest.mark.parametrize("action", ["extract", "update", "compile", "status", "check"])
def test_every_action_has_help(action: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["i18n", action, "--help"])
    assert exit_.value.code == 0
    assert "--game" in capsys.readouterr().out
