"""`rulebook i18n check`: what it refuses, and where it says the problem is."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.i18n import catalogs, checks
from rulebook.i18n.failure import Failure
from rulebook.i18n.safetychecks import link_problem, markup_problem, placeholder_problem
from rulebook.i18n.textchecks import missing_numbers
from schemas.common import LANGUAGES
from tests.i18n_support import GLOSSARY_DOMAIN, Workspace, make_workspace

NOTE = "components.crops.note"
DEAL = "setup.steps.deal_hands.text"
LABEL = "scoring.inputs.papyrus.label"
GROUP = "scoring.groups.storage"
OVERVIEW = "rules.overview.body"
FLOOD = "setup.steps.flood_card.text"


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    return make_workspace(tmp_path)


def _failures(workspace: Workspace, complete: bool = False) -> list[Failure]:
    domains = [workspace.domain(), workspace.glossary_domain(), catalogs.ui_domain()]
    return checks.check(domains, list(LANGUAGES), workspace.locales, complete=complete)


def _only(workspace: Workspace, check: str, context: str) -> Failure:
    failures = _failures(workspace)
    assert [(f.type, f.loc) for f in failures] == [(check, (context,))], failures
    return failures[0]


def test_fresh_catalogs_pass(workspace: Workspace) -> None:
    assert _failures(workspace) == []


def test_untranslated_messages_fail_only_when_complete_is_asked(workspace: Workspace) -> None:
    failures = _failures(workspace, complete=True)
    assert failures and {f.type for f in failures} == {"incomplete"}


def test_a_dropped_number(workspace: Workspace) -> None:
    workspace.translate("en", {NOTE: "Each crop has many cards. Nile DeLuxor adds two."})
    failure = _only(workspace, "numbers", NOTE)
    assert "14" in failure.msg
    # The line is the message's msgid in the catalog.
    lines = workspace.po("en").read_text(encoding="utf-8").splitlines()
    assert failure.line is not None and lines[failure.line - 1].startswith("msgid")
    assert lines[failure.line - 2] == f'msgctxt "{NOTE}"'


def test_a_broken_placeholder(workspace: Workspace) -> None:
    # DEAL is a count phrase: a translation gives each form (English: one, other).
    broken = "Shuffle the crop and speculation cards; deal {card} each."
    workspace.translate("en", {DEAL: (broken, broken)})
    failures = _failures(workspace)
    [failure] = [f for f in failures if f.type == "placeholders"]
    assert failure.loc == (DEAL,)
    assert "missing {cards}" in failure.msg and "unknown {card}" in failure.msg
    # gettext's own compiler refuses it too, at the message's lines.
    assert {f.type for f in failures} == {"placeholders", "msgfmt"}
    assert any("'card'" in f.msg for f in failures if f.type == "msgfmt")
    stray = "Shuffle the crop and speculation cards; deal {cards each."
    workspace.translate("en", {DEAL: (stray, stray)})
    [failure] = [f for f in _failures(workspace) if f.type == "placeholders"]
    assert "stray '{'" in failure.msg


def test_a_glossary_deviation(workspace: Workspace) -> None:
    good = "Each player harvests cards into storage; every [crop](term:crop) counts."
    workspace.translate("en", {OVERVIEW: good})
    assert _failures(workspace) == []
    workspace.translate("en", {OVERVIEW: good.replace("[crop]", "[plant]")})
    failure = _only(workspace, "glossary", OVERVIEW)
    assert "'culture' (crop)" in failure.msg and "'crops'" in failure.msg
    # Ukrainian inflected forms come from Term.forms.
    workspace.translate(
        "uk", {OVERVIEW: "Кожен гравець збирає карти; кожна [культура](term:crop) важлива."}
    )
    assert _only(workspace, "glossary", OVERVIEW).file.endswith("en/LC_MESSAGES/nile.po")


def test_a_word_used_in_another_sense_can_be_waived(workspace: Workspace) -> None:
    bad = "Each player harvests cards into storage; every [plant](term:crop) counts."
    workspace.translate("en", {OVERVIEW: bad}, flags={OVERVIEW: {"ignore-glossary"}})
    assert _failures(workspace) == []


def test_the_glossary_rendering_comes_from_the_catalog(workspace: Workspace) -> None:
    workspace.translate("en", {GROUP: "Cards in your hoard, by crop"})
    assert _failures(workspace) == []  # no English rendering of "stock" yet
    workspace.translate("en", {"glossary.storage.term": "storage"}, GLOSSARY_DOMAIN)
    failure = _only(workspace, "glossary", GROUP)
    assert "expected 'storage'" in failure.msg
    workspace.translate("en", {GROUP: "Cards in your storage, by crop"})
    assert _failures(workspace) == []


@pytest.mark.parametrize(
    ("translation", "expected"),
    [
        ("Papyrus<script>alert(1)</script>", "<script>"),
        ('<img src="x" onerror="alert(1)">Papyrus', "<img>"),
        ('<a href="javascript:alert(1)">Papyrus</a>', "script URL"),
        ("[Papyrus](javascript:alert(1))", "script URL"),
    ],
)
def test_injected_markup(workspace: Workspace, translation: str, expected: str) -> None:
    workspace.translate("en", {LABEL: translation})
    failures = _failures(workspace)
    assert failures and {f.loc for f in failures} == {(LABEL,)}
    assert any(expected in f.msg for f in failures if f.type == "markup"), failures


def test_markup_allowed_by_the_source(workspace: Workspace) -> None:
    workspace.replace_in_source(
        "scoring.yaml",
        "group: storage, label: Papyrus,",
        "group: storage, label: Papyrus <b>sec</b>,",
    )
    workspace.update()
    workspace.translate("en", {LABEL: "Dry <b>papyrus</b>"})
    assert _failures(workspace) == []
    workspace.translate("en", {LABEL: "Dry <b onmouseover=alert(1)>papyrus</b>"})
    assert "onmouseover= on <b>" in _only(workspace, "markup", LABEL).msg
    workspace.translate("en", {LABEL: "Dry papyrus"})
    assert "drops <b>" in _only(workspace, "markup", LABEL).msg


def test_an_empty_translation(workspace: Workspace) -> None:
    workspace.translate("uk", {LABEL: "   "})
    assert "empty" in _only(workspace, "empty", LABEL).msg
    workspace.translate("uk", {"ui.points": ("{count} очко", "", "{count} очок")}, domain="ui")
    failures = [f for f in _failures(workspace) if f.loc == ("ui.points",)]
    assert [(f.type, f.msg.split(":")[0]) for f in failures] == [
        ("empty", "an empty translation (form 1)")
    ]


def test_an_untranslated_copy(workspace: Workspace) -> None:
    source = next(m.text for m in workspace.domain().messages if m.context == FLOOD)
    workspace.translate("en", {FLOOD: source})
    assert "same as the source" in _only(workspace, "unchanged", FLOOD).msg
    # Proper names kept as they are, and copies the translator vouches for, pass.
    workspace.translate("en", {FLOOD: "Put the Flood card face up; set the Locusts aside."})
    workspace.translate("en", {"glossary.nile.term": "Nil"}, GLOSSARY_DOMAIN)
    workspace.translate("en", {LABEL: "Papyrus"}, flags={LABEL: {"ignore-same"}})
    assert _failures(workspace) == []
    workspace.translate("uk", {LABEL: "Papyrus"})
    _only(workspace, "unchanged", LABEL)


def test_catalog_validity(workspace: Workspace) -> None:
    # The Plural-Forms header must match the language.
    nile = workspace.po("en")
    nile.write_text(
        nile.read_text(encoding="utf-8").replace("nplurals=2", "nplurals=3"), encoding="utf-8"
    )
    failures = _failures(workspace)
    assert [f.msg.split(" (")[0] for f in failures if f.type == "catalog"] == [
        "Plural-Forms has nplurals=3, expected 2"
    ]
    assert failures[0].file == str(nile) and failures[0].line == 1
    # A plural with more forms than the language has.
    path = workspace.po("uk", "ui")
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace('msgstr[2] ""\n', 'msgstr[2] ""\nmsgstr[3] ""\n', 1), encoding="utf-8"
    )
    failure = next(f for f in _failures(workspace) if f.file == str(path))
    assert "more translations than num_plurals" in failure.msg
    # A syntax error, with its line.
    path.write_text(text.replace('msgctxt "ui.total"', 'msgctx "ui.total"'), encoding="utf-8")
    failure = next(f for f in _failures(workspace) if f.file == str(path))
    assert "does not parse" in failure.msg
    assert failure.line is not None
    assert "msgctx " in path.read_text(encoding="utf-8").splitlines()[failure.line - 1]


def test_out_of_date_catalogs(workspace: Workspace) -> None:
    workspace.replace_in_source("setup.yaml", "Posez", "Placez")
    failures = _failures(workspace)
    assert {(Path(f.file).name, f.type) for f in failures} == {
        ("nile.pot", "outdated"),
        ("nile.po", "outdated"),
    }


def test_the_command_fails_and_says_where(
    workspace: Workspace, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--content", str(workspace.content), "--locales", str(workspace.locales)]
    assert main(["i18n", "check", *args]) == 0
    workspace.translate(
        "en", {DEAL: ("Shuffle and deal 5 card each.", "Shuffle and deal 5 cards each.")}
    )
    assert main(["i18n", "check", *args]) == 1
    err = capsys.readouterr().err
    assert f"{workspace.po('en')}:" in err
    assert f"{DEAL}: missing {{cards}}" in err and "[placeholders]" in err
    assert main(["i18n", "check", "--lang", "uk", *args]) == 0


def test_string_checks() -> None:
    assert missing_numbers("De 2 à 5 joueurs", "From 2 to 6 players") == ["5"]
    assert missing_numbers("1 000 points, 1,5", "1,000 points, 1.5") == []
    assert missing_numbers("5 ou 5", "5") == ["5"]
    assert missing_numbers("{players} joueurs", "players") == []
    assert placeholder_problem("avec {players}", "with {players}") is None
    assert markup_problem("A & B < 3", "A &amp; B < 3") is None
    assert markup_problem("a <b>b</b>", "x <b>y") is not None  # unclosed
    assert link_problem("[x](rule:end)", "[y](rule:end)") is None
    assert link_problem("[x](rule:end)", "[y](rule:start)") is not None


def test_a_shared_word_reads_the_same_in_every_game(tmp_path: Path) -> None:
    """'défausse' (concept discard) in Nile and Momiji: one Ukrainian word for both."""
    import shutil

    from rulebook.i18n.catalogs import game_domain
    from rulebook.i18n.checks import check
    from schemas.loader import load_game
    from tests.conftest import CONTENT, ROOT

    locales = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", locales)
    domains = [game_domain(load_game(CONTENT / game)) for game in ("nile", "momiji")]
    assert [f for f in check(domains, ["uk"], locales) if f.type == "concept"] == []
    po = locales / "uk" / "LC_MESSAGES" / "momiji.glossary.po"
    text = po.read_text(encoding="utf-8")
    marker = 'msgctxt "glossary.discard.term"\nmsgid "défausse"\nmsgstr "скидання"'
    assert marker in text
    po.write_text(text.replace(marker, marker.replace("скидання", "відбій")), encoding="utf-8")
    [failure] = [f for f in check(domains, ["uk"], locales) if f.type == "concept"]
    assert failure.loc == ("glossary.discard.term",)
    assert failure.file.endswith("momiji.glossary.po")
    assert "'скидання'" in failure.msg and "'відбій'" in failure.msg


def test_the_cross_game_view_lists_each_concept_per_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from rulebook.cli import main

    assert main(["i18n", "concepts", "--game", "nile", "--game", "momiji"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["concept", "game", *LANGUAGES]
    # French, Ukrainian and English lead the list; a language added after them (its
    # columns next) does not change theirs.
    assert LANGUAGES[:3] == ("fr", "uk", "en")
    discard = [line.split()[:6] for line in lines if line.startswith("discard")]
    assert discard == [
        ["discard", "momiji", "défausse", "скидання", "discard", "pile"],
        ["discard", "nile", "défausse", "скидання", "discard", "pile"],
    ]


def test_a_fuzzy_translation_is_a_warning_not_a_failure(workspace: Workspace) -> None:
    """A source edit makes a published translation fuzzy: it is reported for review and
    does not fail (the page shows the source meanwhile); a missing one still fails."""
    note = "Each crop has 14 cards. Nile DeLuxor adds two."
    workspace.translate("en", {NOTE: note}, flags={NOTE: {"fuzzy"}})
    found = [
        f for f in _failures(workspace, complete=True) if f.file.endswith("en/LC_MESSAGES/nile.po")
    ]
    [fuzzy] = [f for f in found if f.loc == (NOTE,)]
    assert (fuzzy.type, fuzzy.severity == "warning") == ("outdated", True)
    assert str(fuzzy).startswith("warning: ")
    others = [f for f in found if f.loc != (NOTE,)]
    assert others and all(f.type == "incomplete" and f.severity == "error" for f in others)
