"""Template copies translated once (issue 32, item 7): the copies of a ``for_each`` template
that differ only by a number are one catalog message with that number as a placeholder,
each copy rendered from it, and the copies' own translations carried into it by
``rulebook i18n update``."""

from __future__ import annotations

import difflib
import re
import shutil
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.i18n import catalogs, pofiles
from rulebook.i18n.catalogs import Domain, game_domain, po_path
from rulebook.i18n.merge import unfill
from rulebook.i18n.pofiles import read_catalog
from rulebook.i18n.runtime import translator
from rulebook.paths import Project
from rulebook.site.calculator import localized_export
from rulebook.site.localize import Localizer
from schemas.loader import load_game
from tests.conftest import game_project

GAME = "river_of_gold"
LABEL = "scoring.inputs.influence_{n}.label"
HEAD = "  - for_each: {n: [1, 2, 3, 4, 5, 6]}\n    id: influence_{n}\n"


def _template(scoring: str) -> str:
    """The influence template as the scoring file writes it: its head, then its keys."""
    start = scoring.index(HEAD)
    end = scoring.index("\n  - ", start + len(HEAD)) + 1
    return scoring[start:end]


def _written_out(template: str, n: int) -> str:
    """One copy of the influence template, written out as a template-less item would be."""
    item = template.replace(HEAD, "  - id: influence_{n}\n")
    return item.replace('"{n}"', str(n)).replace("{n}", str(n))


def _write_out(scoring: Path) -> str:
    """Write the influence template's six copies out in ``scoring``; return the file's text."""
    templated = scoring.read_text(encoding="utf-8")
    template = _template(templated)
    copies = "".join(_written_out(template, n) for n in range(1, 7))
    scoring.write_text(templated.replace(template, copies), encoding="utf-8")
    return templated


def _domain(project: Project) -> Domain:
    folder = project.content / GAME
    return game_domain(load_game(folder), folder)


def _update(project: Project, capsys: pytest.CaptureFixture[str] | None = None) -> str:
    assert main(["--project", str(project.root), "i18n", "update", "--game", GAME]) == 0
    return capsys.readouterr().out if capsys is not None else ""


def _set(
    project: Project, language: str, translations: dict[str, str], fuzzy: bool = False
) -> None:
    """Write translations into a catalog by context, as a PO editor would."""
    path = po_path(project.locales, language, GAME)
    catalog = read_catalog(path, language)
    for message in catalog:
        if message.context in translations:
            message.string = translations[str(message.context)]
            message.flags.discard("fuzzy")
            message.flags |= {"fuzzy"} if fuzzy else set()
    path.write_bytes(pofiles.render(catalog))


@pytest.fixture
def project(tmp_path: Path) -> Project:
    return game_project(tmp_path, GAME)


@pytest.fixture(scope="module")
def written_out_once(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The project with the influence template's six copies written out and its catalogs
    updated for them, and the scoring file's templated text: where the tests of carrying
    the copies' translations start. Made once for them (an update costs some two seconds
    of CPU); each takes a copy of it (written_out)."""
    project = game_project(tmp_path_factory.mktemp("written-out"), GAME)
    templated = _write_out(project.content / GAME / "scoring.yaml")
    _update(project)
    return project.root, templated


@pytest.fixture
def written_out(written_out_once: tuple[Path, str], tmp_path: Path) -> tuple[Project, str]:
    """A copy of written_out_once's project, the test's own, and the templated text."""
    root, templated = written_out_once
    shutil.copytree(root, tmp_path / "project")
    return Project.at(tmp_path / "project"), templated


def test_a_template_is_one_message_that_names_its_placeholder_and_copies(
    project: Project,
) -> None:
    messages = _domain(project).by_context()
    label = messages[LABEL]
    assert label.text == "Influence en région {n}"
    assert [c for c, _ in label.copies] == [
        f"scoring.inputs.influence_{n}.label" for n in range(1, 7)
    ]
    assert [dict(values) for _, values in label.copies] == [{"n": n} for n in range(1, 7)]
    assert label.flags == {"python-brace-format"}
    notes = " ".join(label.comments)
    assert "{n}: a number, one copy of this text for each of 1, 2, 3, 4, 5, 6." in notes
    assert "One message for the 6 copies" in notes and "keeping {n}" in notes
    assert label.path == "inputs[influence_{n}].label"
    # No copy keeps a message of its own.
    assert not any(re.fullmatch(r"scoring\.inputs\.influence_\d\.\w+", c) for c in messages)
    # A help every copy shares word for word is one message too, with no placeholder.
    assert messages["scoring.inputs.influence_{n}.help"].placeholders == frozenset()
    # Copies that differ by a word (the good a smuggler counts) stay one message each.
    smugglers = [c for c in messages if c.startswith("scoring.inputs.smuggler_")]
    assert "scoring.inputs.smuggler_1.label" in smugglers
    assert "scoring.inputs.smuggler_{n}.label" not in smugglers


def test_every_copy_is_rendered_from_the_one_translation(project: Project) -> None:
    _set(project, "uk", {LABEL: "Вплив на шкалі регіону {n}"})
    content = load_game(project.content / GAME)
    translate = translator(content, "uk", project.locales)
    for n in range(1, 7):
        context, source = f"scoring.inputs.influence_{n}.label", f"Influence en région {n}"
        # Typeset once the number is in: it ends the label, so it keeps to its word.
        assert translate(context, source) == f"Вплив на шкалі регіону\u00a0{n}"
        assert translate.state(context, source) == "translated"
    # A text the content no longer has is not taken for the copy's.
    assert translate.state("scoring.inputs.influence_2.label", "Influence en région 3") == "missing"
    # The calculator's labels are the same per-copy texts.
    doc, fallback = localized_export(content, Localizer("uk", content, project.locales))
    labels = {i["id"]: i["label"] for i in doc["scoring"]["inputs"]}
    assert [labels[f"influence_{n}"] for n in range(1, 7)] == [
        f"Вплив на шкалі регіону\u00a0{n}" for n in range(1, 7)
    ]
    assert not any(c.startswith("scoring.inputs.influence_") for c in fallback)


def test_an_untranslated_template_falls_back_copy_by_copy(project: Project) -> None:
    _set(project, "en", {LABEL: ""})
    content = load_game(project.content / GAME)
    loc = Localizer("en", content, project.locales)
    found = loc.text("scoring.inputs.influence_4.label", "Influence en région 4")
    # Typeset as the page shows it: the number that ends the label keeps to its word.
    assert (found.text, found.lang, found.fallback) == ("Influence en région\u00a04", "fr", True)
    assert loc.missing == ["scoring.inputs.influence_4.label"]


def test_update_carries_the_copies_translations_into_the_template(
    written_out: tuple[Project, str], capsys: pytest.CaptureFixture[str]
) -> None:
    project, templated = written_out
    scoring = project.content / GAME / "scoring.yaml"
    copies = {
        f"scoring.inputs.influence_{n}.label": f"Influence in region {n}" for n in range(1, 7)
    }
    copies["scoring.inputs.influence_6.label"] = "Influence on the track of region 6"
    _set(project, "en", copies)
    _set(
        project,
        "uk",
        {f"scoring.inputs.influence_{n}.label": f"Вплив у регіоні {n}" for n in (2, 5)},
    )

    scoring.write_text(templated, encoding="utf-8")
    out = _update(project, capsys)

    en = read_catalog(po_path(project.locales, "en", GAME), "en")
    entry = en.get("Influence en région {n}", context=LABEL)
    assert entry is not None and entry.string == "Influence in region {n}" and not entry.fuzzy
    assert not any(
        re.fullmatch(r"scoring\.inputs\.influence_\d\.label", str(m.context)) for m in en
    )
    uk = read_catalog(po_path(project.locales, "uk", GAME), "uk")
    assert uk.get("Influence en région {n}", context=LABEL).string == "Вплив у регіоні {n}"
    # The update says what it did (the label and the help every copy shares), and which
    # copy said something else; the copies carried over are not reported obsolete.
    assert re.search(r"en/LC_MESSAGES/river_of_gold\.po: updated .*2 from template copies", out)
    assert f"{LABEL}: kept the translation most copies gave" in out
    assert "scoring.inputs.influence_6.label: Influence on the track of region 6" in out
    assert "0 obsolete" in out.split("en/LC_MESSAGES/river_of_gold.po")[1].split("\n")[0]


def test_copies_translated_as_drafts_give_a_draft(written_out: tuple[Project, str]) -> None:
    """Copies whose translations were all fuzzy give the template a fuzzy one: it stays a
    draft until a translator reads it."""
    project, templated = written_out
    scoring = project.content / GAME / "scoring.yaml"
    copies = {f"scoring.inputs.influence_{n}.label": f"Influence in region {n}" for n in (1, 2)}
    _set(project, "en", copies, fuzzy=True)
    scoring.write_text(templated, encoding="utf-8")
    _update(project)
    en = read_catalog(po_path(project.locales, "en", GAME), "en")
    entry = en.get("Influence en région {n}", context=LABEL)
    assert entry is not None and entry.fuzzy and entry.string == "Influence in region {n}"


def test_the_placeholder_checks_hold_for_template_messages(
    project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    _set(project, "uk", {LABEL: "Вплив у регіоні"})
    args = ["--project", str(project.root), "i18n", "check", "--game", GAME, "--lang", "uk"]
    assert main(args) == 1
    said = capsys.readouterr()
    assert re.search(rf"{re.escape(LABEL)}.*placeholder", said.out + said.err)


def test_a_number_goes_back_to_its_placeholder_only_when_it_is_unambiguous() -> None:
    assert unfill("Region 3: 2 points", "Région {n} : 2 points", {"n": 3}) == "Region {n}: 2 points"
    # The number twice for one placeholder: which one is the region?
    assert unfill("Region 2: 2 points", "Région {n} : 2 points", {"n": 2}) is None
    # Written as a word: nothing to put back.
    assert unfill("Region three", "Région {n}", {"n": 3}) is None
    # 13 is not 3.
    assert unfill("Region 13 or 3", "Région {n} ou 13", {"n": 3}) == "Region 13 or {n}"
    assert unfill("Same for all", "Pareil partout", {"n": 3}) == "Same for all"


def test_a_sentence_edit_in_a_template_changes_one_entry_per_catalog(project: Project) -> None:
    """Issue 32's bound: a one-sentence source edit that adds a line changes at most 24 lines
    of any catalog. In a template's text it did not: each of its six copies' entries changed
    (44 lines of each translated catalog, measured before this change); now one entry does."""
    paths = [catalogs.pot_path(project.locales, GAME)] + [
        po_path(project.locales, language, GAME) for language in ("fr", "uk", "en")
    ]
    before = {path: path.read_text(encoding="utf-8").splitlines() for path in paths}
    scoring = project.content / GAME / "scoring.yaml"
    text = scoring.read_text(encoding="utf-8")
    old = "entrez alors 0 pour cette région."
    assert text.count(old) == 1
    scoring.write_text(
        text.replace(old, old[:-1] + ", même si votre marqueur y était encore au dernier tour."),
        encoding="utf-8",
    )
    _update(project)
    for path in paths:
        after = path.read_text(encoding="utf-8").splitlines()
        diff = difflib.unified_diff(before[path], after, lineterm="", n=0)
        changed = [line for line in diff if line[:1] in "+-" and line[:3] not in ("+++", "---")]
        assert 0 < len(changed) <= 24, (path, changed)


def test_a_draft_template_shows_each_copy_its_own_source(project: Project) -> None:
    """In the drafts preview a fuzzy template message is a draft in every copy, each beside
    its own source and the one the translation was made for, its number filled in."""
    path = po_path(project.locales, "uk", GAME)
    catalog = read_catalog(path, "uk")
    entry = catalog.get("Influence en région {n}", context=LABEL)
    assert entry is not None
    entry.flags |= {"fuzzy"}
    entry.previous_id = ["Influence dans la région {n}"]
    path.write_bytes(pofiles.render(catalog))
    content = load_game(project.content / GAME)
    draft = Localizer("uk", content, project.locales, drafts=True).text(
        "scoring.inputs.influence_5.label", "Influence en région 5"
    )
    assert (draft.draft, draft.review, draft.lang) == (True, "fuzzy", "uk")
    assert draft.text == "Вплив у регіоні\u00a05"
    assert (draft.source, draft.previous) == ("Influence en région 5", "Influence dans la région 5")
    # The published site shows the source, marked, in that copy.
    published = Localizer("uk", content, project.locales).text(
        "scoring.inputs.influence_5.label", "Influence en région 5"
    )
    assert (published.text, published.fallback) == ("Influence en région\u00a05", True)


#: River of Gold's artisans: a template of the components file, six cards of one name.
ARTISAN = "components.customer_cards.items.artisan_{n}.name"


def _write_out_artisans(components: Path) -> str:
    """Write the artisans' six cards out in ``components``; return the file's text."""
    templated = components.read_text(encoding="utf-8")
    line = next(line for line in templated.splitlines() if '"artisan_{n}"' in line)
    indent, when = line[: line.index("-")], line[line.index("when: ") :]
    copies = "\n".join(
        f"{indent}- {{id: artisan_{n}, name: Artisan de la région {n}, {when}" for n in range(1, 7)
    )
    components.write_text(templated.replace(line, copies), encoding="utf-8")
    return templated


def test_a_components_template_is_one_message_each_card_rendered_from_it(
    project: Project,
) -> None:
    """Templates outside the scoring file are translated once too: the six artisan cards
    are one message, and each card (as the setup generator names a dealt one) reads as the
    translation with its own number."""
    messages = _domain(project).by_context()
    artisan = messages[ARTISAN]
    assert artisan.text == "Artisan de la région {n}"
    assert [c for c, _ in artisan.copies] == [
        f"components.customer_cards.items.artisan_{n}.name" for n in range(1, 7)
    ]
    assert artisan.path == "components[customer_cards].items[artisan_{n}].name"
    # The nobles differ by what they count: one message each.
    assert "components.customer_cards.items.noble_1.name" in messages
    assert not any(c.startswith("components.customer_cards.items.noble_{") for c in messages)
    _set(project, "uk", {ARTISAN: "Майстер регіону {n}"})
    translate = translator(load_game(project.content / GAME), "uk", project.locales)
    for n in range(1, 7):
        context = f"components.customer_cards.items.artisan_{n}.name"
        assert translate(context, f"Artisan de la région {n}") == f"Майстер регіону\u00a0{n}"


def test_update_carries_a_components_templates_copies_and_names_each_that_differs(
    project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    components = project.content / GAME / "components.yaml"
    templated = _write_out_artisans(components)
    _update(project, capsys)
    copies = {
        f"components.customer_cards.items.artisan_{n}.name": f"Artisan of region {n}"
        for n in range(1, 7)
    }
    # One copy wrote its number as a word, one says something else: both outvoted, both named.
    copies["components.customer_cards.items.artisan_4.name"] = "Artisan of region four"
    copies["components.customer_cards.items.artisan_6.name"] = "Craftsman of region 6"
    _set(project, "en", copies)

    components.write_text(templated, encoding="utf-8")
    out = _update(project, capsys)

    en = read_catalog(po_path(project.locales, "en", GAME), "en")
    entry = en.get("Artisan de la région {n}", context=ARTISAN)
    assert entry is not None and entry.string == "Artisan of region {n}" and not entry.fuzzy
    assert f"{ARTISAN}: kept the translation most copies gave" in out
    assert "components.customer_cards.items.artisan_4.name: Artisan of region four" in out
    assert "components.customer_cards.items.artisan_6.name: Craftsman of region 6" in out
    assert "artisan_1.name:" not in out
    assert "0 obsolete" in out.split("en/LC_MESSAGES/river_of_gold.po")[1].split("\n")[0]
