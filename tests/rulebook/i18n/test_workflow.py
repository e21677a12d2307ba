"""A translator's workflow on a copy of Nile: ids, moved and edited text, no churn, drafts."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from rulebook.cli import main
from rulebook.i18n import pofiles
from rulebook.i18n.ids import assign_ids, slug
from rulebook.site.localize import Localizer
from rulebook.site.render import Renderer
from schemas.common import LANGUAGES
from tests.conftest import CONTENT, ROOT
from tests.i18n_support import Workspace, make_workspace

STEPS_WITHOUT_IDS = """\
# A comment that must survive.
sections:
  - id: setup
    kind: setup
    title: Mise en place
    steps:
      - >-
        Mélangez les cartes et distribuez-en cinq
        à chaque joueur.
      - 'Posez la carte Inondation.'  # a trailing comment
      - id: kept
        text: Ce pas a déjà un identifiant.
    table:
      header: [Joueurs, Cultures]
      rows:
        - ["2 joueurs", "5"]
        - - 3 joueurs
          - >-
            6 cultures
    provenance: {sources: [seed_fr]}
"""


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    return make_workspace(tmp_path)


def test_ids_are_written_as_text_and_a_second_run_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text(STEPS_WITHOUT_IDS, encoding="utf-8")
    before = yaml.safe_load(STEPS_WITHOUT_IDS)
    result = assign_ids(path)
    text = path.read_text(encoding="utf-8")
    assert [a.id for a in result.assigned] == [
        "melangez_cartes_distribuez",
        "posez_carte_inondation",
        "n2_joueurs",
        "n3_joueurs",
    ]
    # Comments and the writer's layout stay; only ids and keys were added.
    assert "# A comment that must survive." in text and "# a trailing comment" in text
    assert "        text: >-\n          Mélangez les cartes" in text
    after = yaml.safe_load(text)
    section = after["sections"][0]
    assert [s["text"] for s in section["steps"]] == [
        before["sections"][0]["steps"][0],
        before["sections"][0]["steps"][1],
        "Ce pas a déjà un identifiant.",
    ]
    assert section["table"]["rows"][1] == {"id": "n3_joueurs", "cells": ["3 joueurs", "6 cultures"]}
    assert not assign_ids(path).assigned
    assert path.read_text(encoding="utf-8") == text


def test_slugs_read_well_in_both_scripts() -> None:
    assert slug("[Cartes culture](term:crop_card)", "row") == "cartes_culture"
    assert slug("Підготуйте гру як звичайно", "step") == "pidhotuite_hru_iak"
    assert slug("2", "row") == "n2"
    assert slug("—", "row") == "row"


def test_the_ids_command_keeps_translations_filed_by_position(
    workspace: Workspace, capsys: pytest.CaptureFixture[str]
) -> None:
    """Content and catalogs from before ids (a branch merged later): nothing lost, nothing fuzzy."""
    step = "rules.end.steps.three_passes"
    workspace.translate("uk", {step: "Гра закінчується після трьох проходів колоди."})
    rules = workspace.nile / "rules.yaml"
    rules.write_text(
        rules.read_text(encoding="utf-8")
        .replace("          - id: three_passes\n            text: ", "          - ")
        .replace("          - id: compare\n            text: ", "          - "),
        encoding="utf-8",
    )
    for language in LANGUAGES:
        po = workspace.po(language)
        po.write_text(
            po.read_text(encoding="utf-8")
            .replace(f'msgctxt "{step}"', 'msgctxt "rules.end.steps.1"')
            .replace('msgctxt "rules.end.steps.compare"', 'msgctxt "rules.end.steps.2"'),
            encoding="utf-8",
        )
    args = ["--content", str(workspace.content), "--locales", str(workspace.locales)]
    assert main(["i18n", "ids", *args]) == 0
    assert "2 ids given" in capsys.readouterr().out
    ids = [s.id for s in workspace.game().rules.walk()[1].steps]  # type: ignore[union-attr]
    assert ids == ["partie_arrete_apres", "comparez_piles_petite"]
    message = workspace.message("uk", "rules.end.steps.partie_arrete_apres")
    assert message.string == "Гра закінчується після трьох проходів колоди." and not message.fuzzy
    files = {p: p.read_bytes() for p in [*workspace.locales.rglob("*.po*"), rules]}
    assert main(["i18n", "ids", *args]) == 0
    assert "every row and step has an id" in capsys.readouterr().out
    assert {p: p.read_bytes() for p in files} == files


BODY = "      [culture](term:crop) compte.\n"


def _paragraphs(workspace: Workspace, *texts: str) -> None:
    extra = "".join(f"\n\n      {t}\n" for t in texts)
    rules = workspace.nile / "rules.yaml"
    original = rules.read_text(encoding="utf-8")
    head, _, tail = original.partition(BODY)
    rules.write_text(head + BODY + extra + tail, encoding="utf-8")


def test_inserting_a_paragraph_changes_only_that_paragraph(workspace: Workspace) -> None:
    _paragraphs(workspace, "Le stock est secret.", "La partie dure trois passages.")
    workspace.update()
    translations = {
        "rules.overview.body.1": "Every player harvests cards; each [crop](term:crop) counts.",
        "rules.overview.body.2": "Storage is secret.",
        "rules.overview.body.3": "The game lasts three passes.",
    }
    workspace.translate("en", translations)
    rules = workspace.nile / "rules.yaml"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace(
            "      Le stock est secret.\n",
            "      Une inondation récolte.\n\n\n      Le stock est secret.\n",
        ),
        encoding="utf-8",
    )
    result = workspace.update()["en"]
    assert result.changed == []
    assert result.moved == ["rules.overview.body.3", "rules.overview.body.4"]
    assert not workspace.message("en", "rules.overview.body.2").string  # the new one
    assert workspace.message("en", "rules.overview.body.3").string == "Storage is secret."
    assert workspace.message("en", "rules.overview.body.4").string == "The game lasts three passes."
    assert not any(m.fuzzy for m in workspace.catalog("en") if m.id)


def test_a_one_word_edit_makes_one_paragraph_fuzzy(workspace: Workspace) -> None:
    _paragraphs(workspace, "Le stock est secret.", "La partie dure trois passages.")
    workspace.update()
    workspace.translate(
        "en",
        {"rules.overview.body.2": "Storage is secret.", "rules.overview.body.3": "Three passes."},
    )
    workspace.replace_in_source("rules.yaml", "Le stock est secret.", "Le stock reste secret.")
    result = workspace.update()["en"]
    assert result.changed == ["rules.overview.body.2"]
    fuzzy = [m.context for m in workspace.catalog("en") if m.id and m.fuzzy]
    assert fuzzy == ["rules.overview.body.2"]
    assert workspace.message("en", "rules.overview.body.2").previous_id == ["Le stock est secret."]


def test_a_text_split_into_paragraphs_keeps_its_translation(workspace: Workspace) -> None:
    """A whole-text translation from before the split is cut along its paragraphs."""
    _paragraphs(workspace, "Le stock est secret.")
    source = "Chaque joueur récolte des cartes et les range dans son stock ; chaque\n[culture](term:crop) compte.\n\nLe stock est secret."
    po = workspace.po("en")
    text = po.read_text(encoding="utf-8")
    po.write_text(
        text
        + '\nmsgctxt "rules.overview.body"\n'
        + f"msgid {pofiles.normalize(source.replace(chr(10) + '[', ' ['))}\n"
        + 'msgstr "Each player harvests; each [crop](term:crop) counts.\\n\\nStorage is secret."\n',
        encoding="utf-8",
    )
    workspace.update()
    assert workspace.message("en", "rules.overview.body.2").string == "Storage is secret."
    assert not workspace.message("en", "rules.overview.body.2").fuzzy


def test_moving_and_inserting_rows_touch_only_their_messages(workspace: Workspace) -> None:
    rules = workspace.nile / "rules.yaml"
    rules.write_text(
        rules.read_text(encoding="utf-8").replace(
            "        notes:\n",
            "        table:\n          header: [Joueurs, Passages]\n          rows:\n"
            "            - {id: two, cells: [Deux joueurs, deux passages]}\n"
            "            - {id: three, cells: [Trois joueurs, trois passages]}\n"
            "        notes:\n",
            1,
        ),
        encoding="utf-8",
    )
    workspace.update()
    base = "rules.end.table.rows"
    workspace.translate(
        "en",
        {
            f"{base}.two.1": "Two players",
            f"{base}.three.1": "Three players",
            f"{base}.two.2": "two passes",
            f"{base}.three.2": "three passes",
        },
    )
    text = rules.read_text(encoding="utf-8")
    two = "            - {id: two, cells: [Deux joueurs, deux passages]}\n"
    three = "            - {id: three, cells: [Trois joueurs, trois passages]}\n"
    four = "            - {id: four, cells: [Quatre joueurs, quatre passages]}\n"
    rules.write_text(text.replace(two + three, four + three + two), encoding="utf-8")
    result = workspace.update()["en"]
    assert sorted(result.added) == [f"{base}.four.1", f"{base}.four.2"]
    assert result.changed == []
    assert workspace.message("en", f"{base}.two.1").string == "Two players"


def test_update_on_the_checkout_changes_no_byte(tmp_path: Path) -> None:
    locales = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", locales)
    before = {p.relative_to(locales): p.read_bytes() for p in locales.rglob("*.po*")}
    assert main(["i18n", "update", "--content", str(CONTENT), "--locales", str(locales)]) == 0
    after = {p.relative_to(locales): p.read_bytes() for p in locales.rglob("*.po*")}
    assert after == before


def test_drafts_show_fuzzy_translations_marked(workspace: Workspace, tmp_path: Path) -> None:
    context = "setup.steps.flood_card.text"
    workspace.translate("uk", {context: "Покладіть карту «Повінь» у центр."})
    workspace.replace_in_source("setup.yaml", "Posez la carte", "Placez la carte")
    workspace.update()
    content = workspace.game()
    source = next(s for s in content.setup.steps if s.id == "flood_card").text
    plain = Localizer("uk", content, workspace.locales).text(context, source)
    assert plain.fallback and plain.text == source
    draft = Localizer("uk", content, workspace.locales, drafts=True).text(context, source)
    assert draft.draft and not draft.fallback and draft.text.startswith("Покладіть")
    renderer = Renderer(ROOT / "site" / "templates", "uk", workspace.locales, drafts=True)
    html = str(renderer.rich(draft))
    assert 'class="rb-text rb-draft" lang="uk" data-draft' in html
    assert "rb-draft-mark" in html
