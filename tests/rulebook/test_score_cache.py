"""``rulebook score`` scores a cached export exactly as the engine scores the content.

The cache holds data, not code (issue 27): a game's export (scorer.export.export_game, the
document the browser calculator reads) as JSON, and the words of its table. Read back, it
is interpreted by the same engine (scorer.engine.Engine) without the content models. For
every game and the probe game, every end state of the parity fixture (conformance cases,
refused states, random, option-changed and corrupted states) gets from the export read
back as JSON the engine's problems and result to the last detail.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from rulebook import cache
from rulebook.commands.score import labels, table_texts, table_words
from rulebook.i18n.runtime import Translator, translator
from rulebook.paths import Project
from schemas.game import GameContent
from scorer.engine import Engine, GameEngine
from scorer.outcome import score_outcome
from tests.conftest import GAME_IDS, ROOT, game_project, score_once
from tests.parity_fixture import probe_game

#: One worker runs this module: the fixture is built once; a second worker would only wait for it.
pytestmark = pytest.mark.xdist_group("parity")

#: What a problem is, without the words each language gives it.
PROBLEM = ("loc", "code", "params", "severity")


@pytest.fixture(scope="module")
def states(parity_fixture: Path) -> dict[str, list[dict[str, Any]]]:
    fixture = json.loads(parity_fixture.read_text(encoding="utf-8"))
    return {game_id: game["states"] for game_id, game in fixture["games"].items()}


@pytest.mark.parametrize("game_id", [*GAME_IDS, "probe"])
def test_the_export_read_back_scores_as_the_engine_does(
    game_id: str, games: dict[str, GameContent], states: dict[str, list[dict[str, Any]]]
) -> None:
    content = probe_game() if game_id == "probe" else games[game_id]
    stored = Engine(json.loads(json.dumps(GameEngine(content).export)))  # as the cache holds it
    wrong = []
    for item in states[game_id]:
        found = score_outcome(stored, item["state"])
        problems = [json.loads(json.dumps(p.to_json())) for p in found.problems]
        expected = [{k: p[k] for k in PROBLEM} for p in item.get("problems", [])]
        if problems != expected:
            wrong.append(f"{item['id']}: problems {problems}, the engine's {item.get('problems')}")
        result = None if found.result is None else json.loads(json.dumps(found.result.to_json()))
        if result != item.get("result"):
            wrong.append(f"{item['id']}: a different result")
    assert wrong == []
    assert len(states[game_id]) > 50  # the fixture reaches every kind of state


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")


def _append(path: Path, line: str) -> None:
    path.write_text(path.read_text("utf-8") + line, "utf-8")


def test_a_stored_export_follows_its_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A change to a file the export was made from, or to the code, and it is not used;
    the rules text and the catalogs are none of them (the export holds no translation)."""
    from schemas.loader import load_game

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    project: Project = game_project(tmp_path / "project", "nile")
    engine = GameEngine(load_game(project.content / "nile"))

    def store() -> bool:
        files = cache.export_fingerprint(project, "nile")
        return cache.save_export(project, "nile", engine.export, files) is not None

    assert store()
    assert cache.load_export(project, "nile") == json.loads(json.dumps(engine.export))
    _append(project.content / "nile" / "rules.yaml", "\n# a comment\n")
    _append(project.locales / "uk" / "LC_MESSAGES" / "nile.po", "\n")
    _append(project.locales / "fr" / "LC_MESSAGES" / "ui.po", "\n")
    assert cache.load_export(project, "nile") is not None
    for name in ("game", "components", "setup", "scoring"):
        _append(project.content / "nile" / f"{name}.yaml", "\n# a comment\n")
        assert cache.load_export(project, "nile") is None, name
        assert store()
    languages = project.content / "languages.yaml"  # every name is checked against it
    _append(languages, "\n# a comment\n")
    assert cache.load_export(project, "nile") is None
    assert store()
    assert cache.load_export(project, "nile") is not None
    monkeypatch.setattr(cache, "code_version", lambda: "another version")
    assert cache.load_export(project, "nile") is None


def test_stored_words_follow_the_catalogs_they_were_read_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The words of a table are kept per language, keyed by the labels they translate and
    the catalogs the translator read: another language's catalog, or a game catalog a
    reader of the game's own language never reads, leaves them; a label does not."""
    from schemas.loader import load_game

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    project: Project = game_project(tmp_path / "project", "nile")
    content = load_game(project.content / "nile")
    export = GameEngine(content).export
    texts = table_texts(export["scoring"], export["source_language"])
    folder = {language: project.locales / language / "LC_MESSAGES" for language in ("fr", "uk")}

    def store(language: str) -> Translator:
        files = cache.words_fingerprint(project, "nile", language)
        translate = translator(content, language, project.locales)
        words = table_words(texts, translate)
        saved = cache.save_words(project, "nile", language, texts, words, files, translate.domains)
        assert saved is not None
        assert cache.load_words(project, "nile", language, texts) == words
        return translate

    assert store("uk").domains == ("ui", "nile", "nile.glossary")
    _append(folder["fr"] / "nile.po", "\n")
    assert cache.load_words(project, "nile", "uk", texts) is not None
    for name in ("nile.po", "nile.glossary.po", "ui.po"):
        _append(folder["uk"] / name, "\n")
        assert cache.load_words(project, "nile", "uk", texts) is None, name
        store("uk")
    (folder["uk"] / "nile.mo").write_bytes(b"")  # a compiled catalog appears
    assert cache.load_words(project, "nile", "uk", texts) is None
    store("uk")
    relabelled = json.loads(json.dumps(texts))
    relabelled["categories"][0][1] = "Papyrus du Nil"
    assert cache.load_words(project, "nile", "uk", relabelled) is None
    # Every message of Nile is written in French: a French reader's words read no game
    # catalog, and keep whatever becomes of it.
    assert store("fr").domains == ("ui",)
    _append(folder["fr"] / "nile.po", "\n")
    assert cache.load_words(project, "nile", "fr", texts) is not None
    _append(folder["fr"] / "ui.po", "\n")
    assert cache.load_words(project, "nile", "fr", texts) is None
    store("fr")
    _append(project.content / "languages.yaml", "\n# a comment\n")
    assert cache.load_words(project, "nile", "fr", texts) is None
    store("fr")
    monkeypatch.setattr(cache, "code_version", lambda: "another version")
    assert cache.load_words(project, "nile", "fr", texts) is None


@pytest.mark.parametrize("game_id", [*GAME_IDS, "probe"])
def test_a_table_is_worded_from_its_scoring_s_messages_alone(
    game_id: str, games: dict[str, GameContent], engines: dict[str, GameEngine]
) -> None:
    """``rulebook score`` words its table with a translator that knows the scoring's
    messages only: in every language, the same words as one that knows every message of
    the game, and no glossary catalog read."""
    from schemas.common import LANGUAGES

    content = probe_game() if game_id == "probe" else games[game_id]
    export = GameEngine(content).export if game_id == "probe" else engines[game_id].export
    texts = table_texts(export["scoring"], export["source_language"])
    for language in LANGUAGES:
        whole = table_words(texts, translator(content, language))
        scoring = translator(content, language, files=("scoring",))
        assert table_words(texts, scoring) == whole, language
        assert set(scoring.domains) <= {"ui", content.id}
    assert texts["categories"]  # the words include the scoring's own labels


def test_the_cached_entries_are_plain_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the cache holds is data: JSON that loads without running anything."""
    from schemas.loader import load_game

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    project: Project = game_project(tmp_path / "project", "nile")
    content = load_game(project.content / "nile")
    export = GameEngine(content).export
    files = cache.export_fingerprint(project, "nile")
    path = cache.save_export(project, "nile", export, files)
    assert path is not None
    assert set(json.loads(path.read_bytes())) == {"format", "code", "key", "files", "export"}
    texts = table_texts(export["scoring"], export["source_language"])
    files = cache.words_fingerprint(project, "nile", "en")
    words = labels(content, translator(content, "en", project.locales))
    path = cache.save_words(project, "nile", "en", texts, words, files, ("ui",))
    assert path is not None
    assert set(json.loads(path.read_bytes())) == {"format", "code", "key", "files", "words"}


def test_a_damaged_entry_is_made_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry cut short, of another shape, or holding something else than an object
    under its name is no entry: the command makes it again."""
    from schemas.loader import load_game

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    project: Project = game_project(tmp_path / "project", "nile")
    export = GameEngine(load_game(project.content / "nile")).export
    path = cache.save_export(project, "nile", export, cache.export_fingerprint(project, "nile"))
    assert path is not None
    whole = json.loads(path.read_bytes())
    for damaged in (
        path.read_bytes()[:100],
        json.dumps([whole]).encode(),
        json.dumps({**whole, "export": [export]}).encode(),
        json.dumps({k: v for k, v in whole.items() if k != "export"}).encode(),
        json.dumps({**whole, "files": None}).encode(),
    ):
        path.write_bytes(damaged)
        assert cache.load_export(project, "nile") is None
    path.write_bytes(json.dumps(whole).encode())
    assert cache.load_export(project, "nile") == json.loads(json.dumps(export))


def test_the_code_version_follows_the_data_files_of_the_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The interface's strings and the engine's words are data files beside the modules
    (rulebook/i18n/ui.json, scorer/words.json): a kept table's words follow them too."""
    for package in cache.CODE:
        (tmp_path / package).mkdir()
        (tmp_path / package / "module.py").write_text("", "utf-8")
    (tmp_path / "pyproject.toml").write_text("", "utf-8")
    words = tmp_path / "scorer" / "words.json"
    words.write_text("{}", "utf-8")
    monkeypatch.setattr(cache, "APP_ROOT", tmp_path)
    versions = []
    for text in ('{"total": "Total"}', '{"total": "Sum"}'):
        cache.code_version.cache_clear()
        versions.append(cache.code_version())
        words.write_text(text, "utf-8")
    cache.code_version.cache_clear()
    versions.append(cache.code_version())
    assert len(set(versions)) == 3
    cache.code_version.cache_clear()


def test_a_language_that_is_not_a_plain_tag_names_no_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--lang`` comes from the command line: it never makes a path of the cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    project: Project = game_project(tmp_path / "project", "nile")
    for language in ("../../x", "fr/..", "", "f" * 40):
        assert cache.load_words(project, "nile", language, {}) is None
        assert cache.save_words(project, "nile", language, {}, {}, {}, ()) is None
    assert not (tmp_path / "cache").exists()


# ----------------------------------------------------------------------------------------
# The first call after a change, as a user runs it
# ----------------------------------------------------------------------------------------


def _score(cache_dir: Path, project: Project, game: str, *args: str) -> tuple[str, list[str]]:
    """``rulebook score`` of ``game``'s example in ``project``: its output and the heavy
    modules it loaded (none on the quick path)."""
    run = score_once(
        cache_dir,
        "--project",
        str(project.root),
        game,
        str(ROOT / "examples" / f"{game}.json"),
        *args,
    )
    out, _, loaded = run.stdout.rpartition("loaded: ")
    return out + run.stderr + f"(exit {run.returncode})", ast.literal_eval(loaded)


def test_a_changed_scoring_number_changes_the_score_at_once(tmp_path: Path) -> None:
    """A number of the scoring changed after the export was kept: the next call scores
    with the new number (the words, made from the labels, are kept), as a first call on
    an empty cache does."""
    project = game_project(tmp_path / "project", "tokaido")
    kept = tmp_path / "cache"
    table = ("--lang", "en")
    before = {args: _score(kept, project, "tokaido", *args)[0] for args in (table, ("--json",))}
    assert _score(kept, project, "tokaido", *table) == (before[table], [])  # the quick path
    _edit(
        project.content / "tokaido" / "scoring.yaml",
        "compute: {product: [6, {value: meal_count}]}",
        "compute: {product: [7, {value: meal_count}]}",
    )
    after, loaded = _score(kept, project, "tokaido", *table)
    assert "pydantic" in loaded and "babel" not in loaded  # the words were kept
    assert after == _score(tmp_path / "empty", project, "tokaido", *table)[0] != before[table]
    said, loaded = _score(kept, project, "tokaido", "--json")
    assert loaded == []  # the export made again by the call before
    assert said == _score(tmp_path / "empty", project, "tokaido", "--json")[0]
    assert said != before["--json",]


def test_a_broken_content_file_is_reported_at_its_line_after_a_kept_export(
    tmp_path: Path,
) -> None:
    project = game_project(tmp_path / "project", "nile")
    kept = tmp_path / "cache"
    _score(kept, project, "nile")
    scoring = project.content / "nile" / "scoring.yaml"
    _edit(scoring, "kind: ranking_key\n", "kind: ranking_key\nscore_twice: true\n")
    line = scoring.read_text("utf-8").splitlines().index("score_twice: true") + 1
    out, _ = _score(kept, project, "nile")
    assert f"{scoring}:{line}:" in out and "score_twice: unknown key" in out
    assert out.endswith("(exit 1)")


def test_a_rules_sentence_and_its_catalogs_keep_the_scoring_entries(tmp_path: Path) -> None:
    """A sentence of the rules rewritten and the catalogs updated for it: the export is
    kept, and so are the words of a reader of the game's own language (no catalog of the
    game is read for them); another language's words are made again from its catalog."""
    project = game_project(tmp_path / "project", "nile")
    kept = tmp_path / "cache"
    french, _ = _score(kept, project, "nile")
    ukrainian, _ = _score(kept, project, "nile", "--lang", "uk")
    sentence = "Dans Nile, vous êtes agriculteur sur les rives du Nil."
    _edit(
        project.content / "nile" / "rules.yaml", sentence, "Dans Nile, vous semez au bord du Nil."
    )
    for language in ("fr", "uk", "en"):
        _append(project.locales / language / "LC_MESSAGES" / "nile.po", "\n")
    assert _score(kept, project, "nile") == (french, [])
    again, loaded = _score(kept, project, "nile", "--lang", "uk")
    assert again == ukrainian and "pydantic" in loaded
    assert _score(kept, project, "nile", "--lang", "uk") == (ukrainian, [])


def test_the_engine_names_the_total_as_the_content_does() -> None:
    """The export is read without the models: the engine's own name for the total must be
    the content's (schemas.scoring.TOTAL), a value id no game may declare."""
    from schemas.scoring import TOTAL
    from scorer import assemble

    assert assemble.TOTAL == TOTAL


def test_a_kept_export_still_refuses_an_unknown_language(tmp_path: Path) -> None:
    """The JSON result needs no words, but ``--lang`` is checked as on a first call."""
    project = game_project(tmp_path / "project", "nile")
    kept = tmp_path / "cache"
    said, _ = _score(kept, project, "nile", "--json")
    assert _score(kept, project, "nile", "--json") == (said, [])
    out, _ = _score(kept, project, "nile", "--json", "--lang", "xx")
    assert "unknown language 'xx'" in out and out.endswith("(exit 2)")
    assert _score(kept, project, "nile", "--json", "--lang", "uk")[0] == said
    assert _score(kept, project, "nile", "--json", "--lang", "uk") == (said, [])
