"""Extraction: every translatable text, with a context built from ids."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import pytest
import yaml
from pydantic import BaseModel

from rulebook.i18n import catalogs
from rulebook.i18n.catalogs import game_domain
from rulebook.i18n.messages import ExtractError, _walked_fields, extract, natural_key
from rulebook.i18n.ui import ui_messages
from schemas.common import Text
from schemas.loader import load_game
from tests.i18n_support import Workspace, make_workspace


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    return make_workspace(tmp_path)


def test_contexts_are_built_from_ids(workspace: Workspace) -> None:
    contexts = {m.context for m in extract(workspace.game())}
    expected = {
        "game.summary",
        "components.crops.name",
        "components.crops.note",
        "components.crops.provenance.decision",
        "components.crops.items.papyrus.name",
        "setup.steps.deal_hands.text",
        "setup.first_player_text",
        "scoring.inputs.papyrus.label",
        "scoring.options.deluxor.label",
        "scoring.categories.papyrus.label",
        "scoring.ranking.storage.label",
        "scoring.ranking.provenance.decision",
        "scoring.constraints.crops_in_play.message",
        "scoring.groups.storage",
        "scoring.values.storage.note",
        "rules.overview.title",
        "rules.overview.body",
        "rules.end.title",  # a child section is not nested under its parent
        "rules.end.steps.three_passes",  # steps are named by their ids, not positions
        "rules.end.steps.compare",
        "rules.end.notes.tie",
        "glossary.crop.definition",
    }
    assert expected <= contexts
    # A term's word and forms are its glossary's messages, not the game's.
    assert not any(c.startswith("glossary.") and not c.endswith(".definition") for c in contexts)
    words = [m.context for m in catalogs.glossary_domain(workspace.game()).messages]
    assert words[:2] == ["glossary.crop.term", "glossary.crop.forms"]
    # Proper names, per-language data and refused test states are not messages; the
    # conformance cases shown as worked examples are, and so is how we describe each source
    # (an English page said "Règle de Tokaido, Funforge (transcription anglaise…)").
    assert not any(c.startswith(("game.names", "cases.invalid")) for c in contexts)
    assert "game.sources.seed_fr.title" in contexts
    assert "cases.cases.modelretailer_example.title" in contexts
    assert "cases.cases.modelretailer_example.source" in contexts
    assert not any(".forms." in c for c in contexts)


def test_contexts_do_not_depend_on_order(workspace: Workspace) -> None:
    before = {m.context: m.text for m in extract(workspace.game())}
    path = workspace.nile / "components.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["components"].reverse()
    data["components"][-1]["items"].reverse()
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    after = {m.context: m.text for m in extract(load_game(workspace.nile))}
    assert after == before


def test_messages_know_their_language_format_and_origin(workspace: Workspace) -> None:
    messages = {m.context: m for m in extract(workspace.game(), workspace.nile)}
    step = messages["setup.steps.deluxor_remove_crops.text"]
    assert step.language == "fr"
    assert step.placeholders == {"players", "removed"}
    assert step.flags == {"python-brace-format"}
    assert step.file == "content/nile/setup.yaml"
    assert step.comments[-1] == "steps[deluxor_remove_crops].text"
    # A translator reads what the text is, where it shows, and what its placeholders hold.
    assert step.comments[0].startswith("Setup checklist step")
    assert "Page: nile/setup/#step-deluxor-remove-crops" in step.comments
    assert "{removed}: a number set by the player count and options, 1 to 2." in step.comments
    assert "{players}: the number of players, 2 to 5." in step.comments
    # It is a count phrase, chosen by {removed}: its French singular comes from the content.
    assert step.plural is not None and step.count == "removed"
    assert "retirez du jeu {removed} culture, tirée" in step.text
    assert "retirez du jeu {removed} cultures, tirées" in step.plural
    assert step.line > 0
    assert messages["setup.steps.flood_card.text"].flags == frozenset()
    note = messages["rules.ukrainian_note.body"]
    assert note.language == "uk"
    assert "Source language of this text: uk" in note.comments
    assert messages["rules.end.steps.three_passes"].comments[-1] == (
        "sections[overview].children[end].steps[three_passes].text"
    )
    assert (
        "Rules: a numbered step (id three_passes)."
        in messages["rules.end.steps.three_passes"].comments
    )


def test_messages_come_in_reading_order(workspace: Workspace) -> None:
    contexts = [m.context for m in extract(workspace.game())]
    assert contexts.index("game.summary") < contexts.index("components.crops.name")
    assert contexts.index("rules.end.steps.three_passes") < contexts.index(
        "rules.end.steps.compare"
    )
    assert natural_key("rules.a.steps.2") < natural_key("rules.a.steps.10")


def test_paragraphs_are_messages_and_wordless_texts_are_not(workspace: Workspace) -> None:
    workspace.replace_in_source(
        "rules.yaml",
        "      [culture](term:crop) compte.\n",
        "      [culture](term:crop) compte.\n\n\n      Second paragraphe.\n\n\n      14 + 3\n",
    )
    messages = {m.context: m for m in extract(workspace.game(), workspace.nile)}
    assert "rules.overview.body" not in messages
    assert messages["rules.overview.body.2"].text == "Second paragraphe."
    assert "Paragraph 2 of 3." in messages["rules.overview.body.2"].comments
    assert "rules.overview.body.3" not in messages  # "14 + 3" reads the same everywhere


def test_two_items_with_one_id_are_refused(workspace: Workspace) -> None:
    path = workspace.nile / "components.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["components"].append(dict(data["components"][1]))
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ExtractError, match=r"components\.papyrus_cards\.name"):
        game_domain(load_game(workspace.nile))


def test_ui_strings_keep_the_contexts_the_cli_uses() -> None:
    messages = {m.context: m for m in ui_messages()}
    for context, text in [
        ("ui.total", "Total"),
        ("ui.rank", "Rank"),
        ("ui.winners", "Winners"),
        ("ui.shared_place", "shared place"),
        ("ui.seed", "setup code"),
        ("ui.first_player", "First player"),
    ]:
        assert messages[context].text == text
        assert messages[context].language == "en"
    assert messages["ui.points"].msgid == ("{count} point", "{count} points")


class _Amount(BaseModel):
    amount: int


class _Tree(BaseModel):
    """A recursive model without text (as scoring expressions are)."""

    amount: int
    children: list[_Tree] = []


class _Words(BaseModel):
    label: Text


class _Holder(BaseModel):
    label: Text
    amount: int
    amounts: list[_Amount]
    tree: _Tree | None = None
    nested: dict[str, list[_Words]] | None = None
    kind: Literal["a", "b"] = "a"
    anything: Any = None


def test_the_walk_enters_only_fields_that_may_hold_text() -> None:
    """A text field, a field that may hold a model with text at any depth and one that
    says nothing of what it holds are walked; numbers, literals and models that hold no
    text at any depth (recursive ones too) are not."""
    walked = [name for name, _, _ in _walked_fields(_Holder)]
    assert walked == ["label", "nested", "anything"]
    assert _walked_fields(_Tree) == ()
