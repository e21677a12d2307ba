"""Where a text says a glossary term (rulebook.i18n.terms), and the glossary check built on
it: declared forms, the language's endings and compounds, and no term inside a longer one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from rulebook.i18n import catalogs, checks, glossary, pofiles
from rulebook.i18n.failure import Failure
from rulebook.i18n.glossarychecks import TermRendering, glossary_problems
from rulebook.i18n.messages import SourceMessage, extract
from rulebook.i18n.terms import DECLARED, WordRule, fold, rule_of, said
from schemas.common import LANGUAGES
from schemas.glossary import Term
from schemas.loader import load_game
from tests.conftest import CONTENT
from tests.i18n_support import GLOSSARY_DOMAIN, Workspace, make_workspace

#: A German-like rule: compounds written as one word, a few plural endings.
GERMAN = WordRule(endings=("n", "en", "e"), compounds=True)
OVERVIEW = "rules.overview.body"
STEP = "rules.end.steps.three_passes"
COMPARE = "rules.end.steps.compare"


def _said(text: str, forms: dict[str, list[str]], rule: WordRule = DECLARED) -> set[str]:
    return set(said(fold(text), forms, rule))


def test_a_language_s_endings_read_an_inflected_form() -> None:
    english, ukrainian = rule_of("en"), rule_of("uk")
    assert _said("Harvest two crops.", {"crop": ["crop"]}, english) == {"crop"}
    assert _said("Harvest two crops.", {"crop": ["crop"]}) == set()  # declared forms only
    assert _said("Гравець із культурою.", {"crop": ["культура"]}, ukrainian) == {"crop"}
    # The stem keeps its letters: an ending never makes another word of a short one.
    assert _said("гри", {"game": ["гра"]}, ukrainian) == set()


def test_a_compound_holds_the_term_at_its_start_or_its_end() -> None:
    family = {"family": ["Familie"]}
    assert _said("Sammle Blattfamilien.", family, GERMAN) == {"family"}
    assert _said("Die Familienkarte zählt.", family, GERMAN) == {"family"}
    assert _said("Sammle Blattfamilien.", family, WordRule(("n",))) == set()
    # A short term is not looked for inside longer words ("Ei" in "Reise").
    assert _said("Eine Reise.", {"egg": ["Ei"]}, GERMAN) == set()


def test_a_term_inside_a_longer_term_is_not_said() -> None:
    forms = {"turn": ["tour"], "last_round": ["dernier tour de table"]}
    assert _said("On joue un dernier tour de table.", forms) == {"last_round"}
    both = "On joue un dernier tour de table : chacun joue encore un tour."
    assert _said(both, forms) == {"last_round", "turn"}
    # The same words under two terms are said by both: neither is longer.
    assert _said("un tour", {"turn": ["tour"], "round": ["tour"]}) == {"turn", "round"}


def test_the_check_asks_for_a_compound_rendering_in_a_compounding_language() -> None:
    message = SourceMessage("rules.x.body", "Gardez vos familles de feuilles.", "fr", "f", "p")
    family = TermRendering(
        "family", False, {"fr": frozenset({"familles"}), "de": frozenset({"Familie"})}
    )
    said_right = "Behaltet eure Blattfamilien."
    assert glossary_problems(message, said_right, "de", [family], GERMAN) == []
    problems = glossary_problems(message, "Behaltet eure Blattgruppen.", "de", [family], GERMAN)
    assert problems == ["the source says 'familles' (family): expected 'Familie'"]


def test_forms_per_language_are_refused_in_content() -> None:
    with pytest.raises(ValidationError, match=r"glossary\.<id>\.forms"):
        Term(id="crop", term="culture", definition="d", forms={"fr": ["cultures"]})  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------------
# The check over a game's catalogs, its glossary read from its own catalogs
# ----------------------------------------------------------------------------------------


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    return make_workspace(tmp_path)


def _failures(workspace: Workspace) -> list[Failure]:
    domains = [workspace.domain(), workspace.glossary_domain(), catalogs.ui_domain()]
    return checks.check(domains, list(LANGUAGES), workspace.locales)


def test_an_inflected_form_the_catalog_does_not_list(workspace: Workspace) -> None:
    workspace.translate("en", {"glossary.crop.forms": "crop"}, GLOSSARY_DOMAIN)
    workspace.translate("uk", {"glossary.crop.forms": "культура"}, GLOSSARY_DOMAIN)
    workspace.translate(
        "en",
        {OVERVIEW: "Each player harvests cards into storage; all the [crops](term:crop) count."},
    )
    workspace.translate(
        "uk", {OVERVIEW: "Кожен гравець збирає карти; рахують кожну [культуру](term:crop)."}
    )
    assert _failures(workspace) == []
    workspace.translate(
        "en",
        {OVERVIEW: "Each player harvests cards into storage; all the [plants](term:crop) count."},
    )
    [failure] = _failures(workspace)
    assert (failure.type, failure.loc) == ("glossary", (OVERVIEW,))
    assert failure.file.endswith("en/LC_MESSAGES/nile.po")


def test_a_term_inside_a_longer_term_asks_for_nothing(workspace: Workspace) -> None:
    glossary = workspace.nile / "glossary.yaml"
    glossary.write_text(
        glossary.read_text(encoding="utf-8")
        + "  - {id: turn, term: tour, definition: Le moment où un joueur agit.}\n"
        + "  - {id: last_round, term: dernier tour de table, definition: Un tour de plus.}\n",
        encoding="utf-8",
    )
    workspace.replace_in_source(
        "rules.yaml",
        "La partie s'arrête après 3 passages dans la pioche.",
        "Après 3 passages dans la pioche, on joue un dernier tour de table.",
    )
    workspace.replace_in_source(
        "rules.yaml",
        "Comparez les piles, de la plus petite à la plus grande.",
        "Chacun joue encore un tour, puis comparez les piles.",
    )
    workspace.update()
    words = {"glossary.turn.term": "turn", "glossary.last_round.term": "final round"}
    workspace.translate("en", words, GLOSSARY_DOMAIN)
    workspace.translate("en", {STEP: "After 3 passes through the deck, play a final round."})
    assert [f for f in _failures(workspace) if f.type == "glossary"] == []
    # A term said on its own is still asked for.
    workspace.translate("en", {COMPARE: "Everyone plays once more, then compare the piles."})
    [failure] = [f for f in _failures(workspace) if f.type == "glossary"]
    assert failure.loc == (COMPARE,) and "'tour' (turn): expected 'turn'" in failure.msg


def test_a_forms_list_with_an_empty_or_repeated_form(workspace: Workspace) -> None:
    workspace.translate("en", {"glossary.crop.forms": "crop,, crops"}, GLOSSARY_DOMAIN)
    [failure] = _failures(workspace)
    assert (failure.type, failure.loc) == ("forms", ("glossary.crop.forms",))
    assert failure.file.endswith("en/LC_MESSAGES/nile.glossary.po")
    assert "an empty form" in failure.msg
    workspace.translate("en", {"glossary.crop.forms": "crop, crops, Crop"}, GLOSSARY_DOMAIN)
    assert "written twice: crop" in _failures(workspace)[0].msg


def test_a_build_refuses_an_unsafe_glossary_catalog(workspace: Workspace) -> None:
    """The glossary page shows each term's word: its catalog is checked before a build."""
    assert checks.site_failures([workspace.game()], ["uk"], workspace.locales) == []
    hostile = "<img src=x onerror=alert(1)>культура"
    workspace.translate("uk", {"glossary.crop.term": hostile}, GLOSSARY_DOMAIN)
    [failure] = checks.site_failures([workspace.game()], ["uk"], workspace.locales)
    assert failure.type == "markup" and failure.file.endswith("uk/LC_MESSAGES/nile.glossary.po")


# ----------------------------------------------------------------------------------------
# The terms each message uses, marked by the extraction and asked for by the check
# ----------------------------------------------------------------------------------------


def _marks(workspace: Workspace) -> dict[str, list[str]]:
    """Each template message's glossary comments, by context."""
    template = pofiles.read_catalog(catalogs.pot_path(workspace.locales, "nile"))
    return {
        str(m.context): [c for c in m.auto_comments if c.startswith(glossary.MARK)]
        for m in template
        if m.id
    }


def test_the_extraction_marks_every_term_a_message_says_or_links(workspace: Workspace) -> None:
    marks = _marks(workspace)
    # "stock" is said without a link, "culture" linked; in the glossary's order.
    assert marks[OVERVIEW] == ["Glossary: culture (crop), stock (storage)"]
    assert marks[COMPARE] == []
    # The same comment reaches the translators' catalogs.
    assert (
        glossary.MARK + "culture (crop), stock (storage)"
        in workspace.message("uk", OVERVIEW).auto_comments
    )
    workspace.replace_in_source(
        "rules.yaml",
        "Comparez les piles, de la plus petite",
        "Comparez les [tas](term:storage), du plus petit",
    )
    workspace.update()
    assert _marks(workspace)[COMPARE] == ["Glossary: stock (storage)"]


def test_the_check_asks_for_a_term_linked_by_words_the_glossary_does_not_list(
    workspace: Workspace,
) -> None:
    workspace.replace_in_source(
        "rules.yaml",
        "Comparez les piles, de la plus petite",
        "Comparez les [tas](term:storage), du plus petit",
    )
    workspace.update()
    workspace.translate("en", {"glossary.storage.term": "storage"}, GLOSSARY_DOMAIN)
    workspace.translate("en", {COMPARE: "Compare the [heaps](term:storage), smallest first."})
    [failure] = [f for f in _failures(workspace) if f.type == "glossary"]
    assert failure.loc == (COMPARE,)
    assert "the source says 'tas' (storage): expected 'storage'" in failure.msg
    workspace.translate("en", {COMPARE: "Compare the [storage](term:storage), smallest first."})
    assert [f for f in _failures(workspace) if f.type == "glossary"] == []


def _blocks(path: Path) -> dict[str, str]:
    """The entries of a catalog file as written, by context (the header left out)."""
    found = {}
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        match = re.search(r'^msgctxt "(.*)"$', block, re.MULTILINE)
        if match:
            found[match[1]] = block
    return found


def test_a_term_edited_in_the_glossary_changes_only_the_messages_that_use_it(
    workspace: Workspace,
) -> None:
    files = [catalogs.pot_path(workspace.locales, "nile"), workspace.po("uk"), workspace.po("en")]
    before = [_blocks(path) for path in files]
    # One term gains a form: the messages that say "stock" or now "piles" are the term's.
    workspace.replace_in_source(
        "glossary.yaml", "term: stock\n", "term: stock\n    forms: [piles]\n"
    )
    workspace.update()
    said = re.compile(r"(?<!\w)stock(?!\w)|\(term:storage\)", re.IGNORECASE)
    piles = re.compile(r"(?<!\w)piles(?!\w)", re.IGNORECASE)
    domain = workspace.domain()
    # The messages the term's edit is about: those that say the new form and did not use
    # the term already (their comment named it before).
    newly = {
        m.context
        for m in domain.messages
        if any(piles.search(t) for t in m.texts) and not any(said.search(t) for t in m.texts)
    }
    assert COMPARE in newly
    for path, old in zip(files, before, strict=True):
        new = _blocks(path)
        assert new.keys() == old.keys()
        changed = {context for context in new if new[context] != old[context]}
        assert changed == newly, path


def test_a_long_mark_breaks_between_terms_within_the_catalog_width() -> None:
    """A catalog's writer wraps a comment line longer than its width at any space, which
    would part a term's word from its id: the marks break between terms themselves."""
    content = load_game(CONTENT / "momiji")
    marks = glossary.TermMarks(content, pofiles.WIDTH)
    ids = {term.id: term.term for term in content.glossary.terms} if content.glossary else {}
    long = 0
    for message in extract(content, described=False):
        lines = marks.notes(message)
        assert all(len(line) <= pofiles.WIDTH for line in lines)
        listed = " ".join(lines).removeprefix(glossary.MARK)
        named = re.findall(r"(?:^|, )(.+?) \((\w+)\)(?=,|$)", listed)
        assert ", ".join(f"{word} ({i})" for word, i in named) == listed
        assert all(ids[i] == word for word, i in named)
        assert [i for _, i in named] == [t.id for t in marks.terms(message)]
        long += len(lines) > 1
    assert long > 0
