"""Word rules a language declares as data (content/languages.yaml): number words, compounds
and idioms; and the words a game's sections written in another language say its terms by
(``forms_in`` in glossary.yaml).

German, as the trial of issue 32 wrote it, raised false alarms no language could answer
without a waiver: "zu zweit", "beide" and "Nullen" read as lost numbers, "Zug" not read in
"Spielzug", and the French « tour complet » (a full round) read as the term "tour" (a turn).
Each test shows the alarm without the declaration, its absence with it, and that a real
miss is still caught.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.i18n import catalogs, checks, glossary, pofiles
from rulebook.i18n.catalogchecks import template_problem
from rulebook.i18n.glossarychecks import TermRendering, glossary_problems
from rulebook.i18n.messages import SourceMessage, extract
from rulebook.i18n.terms import WordRule, fold, rule_of, said
from rulebook.i18n.textchecks import missing_numbers
from schemas import languages
from schemas.common import LANGUAGES
from schemas.loader import load_game
from tests.conftest import CONTENT, copy_languages
from tests.i18n_support import GLOSSARY_DOMAIN, Workspace, make_workspace

#: German as the trial declared it, and the word rules it then lacked.
GERMAN = """\
  - code: de
    name: Deutsch
    state: in_progress
    term_endings: [e, n, en, s, es, er, ern]
    compounds: true
"""
GERMAN_NUMBER_WORDS = """\
    number_words:
      0: [Nullen]
      2: [zu zweit, beide, beiden, zweimal]
      3: [zu dritt, dreimal]
      4: [zu viert]
"""


def _use_languages(tmp_path: Path, german: str, french_idioms: bool = True) -> None:
    """Read the checkout's languages with German added as ``german`` says (and French
    without its idioms if asked), from a copy in ``tmp_path``."""
    target = tmp_path / "content" / "languages.yaml"
    copy_languages(target, [p.name for p in CONTENT.iterdir() if p.is_dir()], leave_out=["de"])
    text = target.read_text(encoding="utf-8")
    if not french_idioms:
        text = text.replace("    idioms: [tour complet]\n", "", 1)
    target.write_text(text + german, encoding="utf-8")
    languages.use_project(target.parent)


# ----------------------------------------------------------------------------------------
# Number words
# ----------------------------------------------------------------------------------------

#: French sources and German translations that keep every number, in words German writes.
KEPT = [
    ("À 2 joueurs, retirez la famille 5.", "Zu zweit entfernt ihr die Familie 5."),
    ("À 3 joueurs, retirez la famille 4.", "Zu dritt entfernt ihr die Familie 4."),
    ("À 4 joueurs, gardez toutes les familles.", "Zu viert behaltet ihr alle Familien."),
    ("Les deux joueurs à égalité partagent la place.", "Beide Spieler teilen sich den Platz."),
    ("A a la pile 0, 0, 0, 1 : trois 0.", "A hat den Stapel 0, 0, 0, 1: drei Nullen."),
    # A phrase's words parted by a no-break space, as typesetting may leave them.
    ("À 2 joueurs, chacun pioche.", "Zu\u00a0zweit zieht jeder."),
]


@pytest.mark.parametrize(("source", "translation"), KEPT)
def test_a_declared_number_word_keeps_the_number(
    tmp_path: Path, source: str, translation: str
) -> None:
    _use_languages(tmp_path, GERMAN)
    assert missing_numbers(source, translation, "fr", "de") != []  # the trial's false alarm
    _use_languages(tmp_path, GERMAN + GERMAN_NUMBER_WORDS)
    assert missing_numbers(source, translation, "fr", "de") == []


def test_a_dropped_or_changed_number_is_still_caught(tmp_path: Path) -> None:
    _use_languages(tmp_path, GERMAN + GERMAN_NUMBER_WORDS)
    source = "À 2 joueurs, piochez 3 cartes."
    assert missing_numbers(source, "Zu zweit zieht ihr drei Karten.", "fr", "de") == []
    assert missing_numbers(source, "Zu zweit zieht ihr Karten.", "fr", "de") == ["3"]
    # A word of another number is a changed number.
    assert missing_numbers(source, "Zu dritt zieht ihr drei Karten.", "fr", "de") == ["2"]
    assert missing_numbers("Les deux joueurs", "Alle Spieler", "fr", "de") == ["2"]


def test_the_published_languages_words_are_declared_the_same_way() -> None:
    """French and English words num2words lacks come from the file too."""
    assert languages.language("en").number_words[2] == ("twice", "both", "pair", "double")
    assert missing_numbers("Jouez 2 fois.", "Play twice.", "fr", "en") == []
    assert missing_numbers("Jouez 2 fois.", "Play thrice.", "fr", "en") == ["2"]


# ----------------------------------------------------------------------------------------
# Compounds
# ----------------------------------------------------------------------------------------

TURN = TermRendering("turn", False, {"fr": frozenset({"tour"}), "de": frozenset({"Zug", "Züge"})})


def test_a_short_term_is_read_as_a_compound_s_head(tmp_path: Path) -> None:
    _use_languages(tmp_path, GERMAN)
    german = rule_of("de")
    message = SourceMessage("rules.x.body", "À votre tour, jouez une carte.", "fr", "f", "p")
    right = "Bei deinem Spielzug spielst du eine Karte."
    plain = WordRule(german.endings)  # the same language writing no compounds
    assert glossary_problems(message, right, "de", [TURN], plain) != []
    assert glossary_problems(message, right, "de", [TURN], german) == []
    assert glossary_problems(message, "Nach zwei Spielzügen endet es.", "de", [TURN], german) == []
    # A missing term is still missed: another word, or the term's letters opening a word
    # that is no compound of it ("Zugang", access).
    for wrong in ("In deiner Runde spielst du eine Karte.", "Der Zugang kostet eine Karte."):
        problems = glossary_problems(message, wrong, "de", [TURN], german)
        assert problems == ["the source says 'tour' (turn): expected 'Zug', 'Züge'"]


def test_a_term_opens_a_compound_only_from_four_letters() -> None:
    german = WordRule(("e", "n", "en"), compounds=True)
    assert set(said(fold("Die Familienkarte zählt."), {"family": ["Familie"]}, german))
    assert not said(fold("Der Zugang ist frei."), {"turn": ["Zug"]}, german)
    assert set(said(fold("Ein Spielzug."), {"turn": ["Zug"]}, german)) == {"turn"}


# ----------------------------------------------------------------------------------------
# Idioms
# ----------------------------------------------------------------------------------------

FULL_ROUND = SourceMessage(
    "setup.x.decision",
    "Qui le clôt (retour au premier joueur ou tour complet) n'est pas précisé.",
    "fr",
    "f",
    "p",
)


def test_a_term_inside_an_idiom_of_the_source_is_not_asked_for(tmp_path: Path) -> None:
    german = "Wer sie beendet (zurück beim Startspieler oder nach einer vollen Runde), ist offen."
    _use_languages(tmp_path, GERMAN, french_idioms=False)
    assert glossary_problems(FULL_ROUND, german, "de", [TURN]) != []  # the trial's alarm
    _use_languages(tmp_path, GERMAN)
    assert glossary_problems(FULL_ROUND, german, "de", [TURN]) == []
    # The term said outside the idiom is still asked for.
    both = SourceMessage("r", "Jouez un tour complet, puis encore un tour.", "fr", "f", "p")
    problems = glossary_problems(both, "Spielt eine volle Runde, dann noch eine.", "de", [TURN])
    assert problems == ["the source says 'tour' (turn): expected 'Zug', 'Züge'"]


def test_the_extraction_does_not_mark_a_term_inside_an_idiom() -> None:
    content = load_game(CONTENT / "momiji")
    marks = glossary.TermMarks(content, pofiles.WIDTH)
    messages = {m.context: m for m in extract(content, described=False)}
    decision = messages["setup.steps.end_of_game.provenance.decision"]
    assert "tour complet" in decision.text
    assert "turn" not in [term.id for term in marks.terms(decision)]
    assert "last_round" in [term.id for term in marks.terms(decision)]  # « dernier tour »


@pytest.mark.parametrize(
    ("entry", "where"),
    [
        ("    idioms: [tour complet, '{x}']\n", "languages[0].idioms[1]"),
        ("    idioms: tour complet\n", "languages[0].idioms"),
        ("    number_words: {101: [cent un]}\n", "languages[0].number_words.101"),
        ("    number_words: {2: [zu zweit, '2']}\n", "languages[0].number_words.2[1]"),
        ("    number_words: [zwei]\n", "languages[0].number_words"),
    ],
)
def test_a_wrong_word_rule_is_refused_at_its_line(tmp_path: Path, entry: str, where: str) -> None:
    listed = tmp_path / "languages.yaml"
    listed.write_text(f"languages:\n  - code: fr\n    name: Français\n{entry}", encoding="utf-8")
    languages.use_project(tmp_path)
    with pytest.raises(languages.LanguagesError) as raised:
        languages.specs()
    [diagnostic] = raised.value.problems
    assert diagnostic.line == 4 and where in str(raised.value)


# ----------------------------------------------------------------------------------------
# Sections written in another language: their words for the terms are content
# ----------------------------------------------------------------------------------------

NOTE = "rules.ukrainian_note.body"  # « Кожна культура має 14 карт. », written in Ukrainian


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    return make_workspace(tmp_path)


def _note_marks(workspace: Workspace) -> list[str]:
    template = pofiles.read_catalog(catalogs.pot_path(workspace.locales, "nile"))
    [entry] = [m for m in template if m.context == NOTE]
    return [c for c in entry.auto_comments if c.startswith(glossary.MARK)]


def _glossary_failures(workspace: Workspace) -> list[str]:
    domains = [workspace.domain(), workspace.glossary_domain(), catalogs.ui_domain()]
    found = checks.check(domains, list(LANGUAGES), workspace.locales)
    return [f"{f.loc[0]}: {f.msg}" for f in found if f.type == "glossary"]


def test_a_section_in_another_language_is_marked_from_the_words_the_content_declares(
    workspace: Workspace,
) -> None:
    # The Ukrainian glossary catalog says « культура », but the template reads no catalog.
    assert _note_marks(workspace) == []
    workspace.replace_in_source(
        "glossary.yaml",
        "    forms: [cultures]\n",
        "    forms: [cultures]\n    forms_in: {uk: [культура]}\n",
    )
    workspace.update()
    assert _note_marks(workspace) == ["Glossary: culture (crop)"]
    # The words are source words, not messages of their own.
    template = pofiles.read_catalog(catalogs.pot_path(workspace.locales, "nile"))
    assert not [m for m in template if "forms_in" in str(m.context)]
    # The check asks the translations of the section for the term.
    workspace.translate("en", {NOTE: "Each plant has 14 cards."})
    assert _glossary_failures(workspace) == [
        f"{NOTE}: the source says 'культура' (crop): expected 'crop', 'crops'"
    ]
    workspace.translate("en", {NOTE: "Each crop has 14 cards."})
    assert _glossary_failures(workspace) == []


def test_a_translator_s_edit_of_the_glossary_catalog_leaves_the_template_as_it_is(
    workspace: Workspace,
) -> None:
    workspace.replace_in_source(
        "glossary.yaml",
        "    forms: [cultures]\n",
        "    forms: [cultures]\n    forms_in: {uk: [культура]}\n",
    )
    workspace.update()
    assert template_problem(workspace.domain(), workspace.locales) is None
    # Weblate writes another Ukrainian word for the term into the glossary catalog: the
    # template still is what the content makes, with no extraction run.
    workspace.translate(
        "uk",
        {"glossary.crop.term": "рослина", "glossary.crop.forms": "рослина, рослини"},
        GLOSSARY_DOMAIN,
    )
    assert template_problem(workspace.domain(), workspace.locales) is None
    assert _note_marks(workspace) == ["Glossary: culture (crop)"]
