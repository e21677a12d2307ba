"""The search's word folding (site/assets/search/normalise.js, run in Node) and the index's
weights and worker (rulebook.site.search).

The folding runs in the browser's search worker on the index and on the query alike, so a
dictionary form, an inflected form, an unaccented or elided spelling of one word must all
fold to the same index word (or the query's fold must begin it: the search matches prefixes).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from rulebook.site.search import (
    SearchError,
    material_worker,
    rank_sections,
    worker_text,
    write_search_worker,
)

ROOT = Path(__file__).resolve().parents[3]
NORMALISE = ROOT / "site" / "assets" / "search" / "normalise.js"


def run_node(calls: list[tuple[str, str, str]]) -> list[object]:
    """Call normalise.js's functions in Node: (function, language, text) -> their results."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed to run the site's search code (apt-get install nodejs)")
    script = (
        f"const s = require({json.dumps(str(NORMALISE))});"
        f"const calls = {json.dumps(calls, ensure_ascii=False)};"
        "process.stdout.write(JSON.stringify(calls.map(([f, l, t]) => s[f](l, t))));"
    )
    done = subprocess.run(
        [node, "-e", script], capture_output=True, text=True, check=True, timeout=60
    )
    results: list[object] = json.loads(done.stdout)
    return results


def folded(language: str, words: list[str]) -> list[list[str]]:
    found = run_node([("normaliseWords", language, word) for word in words])
    return [list(map(str, result)) for result in found if isinstance(result, list)]


#: Each game's own Ukrainian vocabulary: the dictionary form first, then inflected forms
#: the rules print (content/*/ and locales/uk/), which must all fold to one stem.
UKRAINIAN = [
    ["сарана", "сарани", "сарану", "сараною", "сарані"],  # locusts (Nile)
    ["імператор", "імператора", "імператором", "імператорові"],  # emperor (River of Gold)
    ["нічия", "нічиєю", "нічиєї", "нічиї", "нічию", "нічиїми"],  # tie (every game)
    ["урожай", "урожаю", "урожаєм", "урожаї", "врожай", "врожаю"],  # harvest (Nile)
    ["жолудь", "жолуді", "жолудів", "жолудем", "жолудями"],  # acorn (Momiji)
    ["пробудження", "пробудженню", "пробудженням", "пробуджень"],  # wake-up (Viticulture)
    ["корчма", "корчми", "корчмі", "корчмою"],  # inn (Tokaido)
    ["гравець", "гравця", "гравці", "гравцями"],  # player: the vowel that comes and goes
    ["рахунок", "рахунку"],
]


@pytest.mark.parametrize("forms", UKRAINIAN, ids=lambda forms: forms[0])
def test_ukrainian_forms_of_a_word_fold_to_one_stem(forms: list[str]) -> None:
    stems = folded("uk", forms)
    assert all(len(stem) == 1 for stem in stems), stems
    assert len({stem[0] for stem in stems}) == 1, dict(zip(forms, stems, strict=True))


def test_ukrainian_keeps_short_words_apostrophes_and_other_words_apart() -> None:
    stems = folded("uk", ["гра", "м’ята", "м'ята", "мʼята", "ґанок", "імператорський", "«сарани»,"])
    assert stems[0] == ["гра"], "no stem shorter than three letters"
    assert stems[1] == stems[2] == stems[3] == ["мят"], "an apostrophe is inside the word"
    assert stems[4] == folded("uk", ["ганку"])[0], "ґ is read as г"
    assert stems[5] != ["імператор"], "the adjective is another word (found by prefix)"
    assert stems[6] == ["саран"], "punctuation around a word is not an ending"


@pytest.mark.parametrize(
    ("spellings", "word"),
    [
        (["égalité", "egalite", "Égalités", "l’égalité", "d'égalité", "(égalité)."], "egalite"),
        (["empereur", "l'empereur", "l’Empereur", "L’EMPEREUR", "l‘empereur"], "empereur"),
        (["réveil", "reveil", "Réveil"], "reveil"),
        (["écart", "ecart", "l’écart", "l'ecart"], "ecart"),
        (["récolte", "recolte", "récoltes"], "recolte"),
        (["sauterelle", "sauterelles"], "sauterelle"),
        (["gland", "glands"], "gland"),
        (["jeu", "jeux"], "jeu"),
        (["œuvre", "oeuvre"], "oeuvre"),
    ],
)
def test_french_folds_accents_elisions_and_plurals(spellings: list[str], word: str) -> None:
    assert folded("fr", spellings) == [[word]] * len(spellings)


def test_english_folds_plurals_and_possessives_but_not_ss_us_is() -> None:
    found = folded("en", ["locusts", "acorns", "ties", "Emperor’s", "bonus", "pass", "this"])
    assert found == [
        ["locust"],
        ["acorn"],
        ["tie"],
        ["emperor", "s"],
        ["bonus"],
        ["pass"],
        ["this"],
    ]


def test_a_query_is_folded_word_by_word_and_keeps_its_syntax() -> None:
    found = run_node(
        [
            ("normaliseQuery", "fr", "l'empereur"),
            ("normaliseQuery", "fr", "+égalité -Réveil gland*"),
            ("normaliseQuery", "uk", "нічиєю"),
            ("normaliseQuery", "fr", '"jusqu’à l’écart"'),
            ("normaliseQuery", "en", "tie~1"),
        ]
    )
    assert found == [
        "empereur^10 empereur",
        "+egalite -reveil gland*",
        "нічи^10 нічи",
        '"a^10 a ecart^10 ecart"',
        "tie~1",
    ]


def test_folding_the_fold_changes_nothing_but_a_ukrainian_stem() -> None:
    """The index is folded once and the query once: why the worker leaves lunr's search
    pipeline alone (a second fold would stem a Ukrainian stem again)."""
    assert folded("fr", ["egalite", "sauterelle", "empereur"]) == [
        ["egalite"],
        ["sauterelle"],
        ["empereur"],
    ]
    assert folded("uk", ["нічи"]) != [["нічи"]]


def built_index(root: Path, docs: list[dict[str, str]]) -> Path:
    index = root / "search" / "search_index.json"
    index.parent.mkdir(parents=True)
    index.write_text(json.dumps({"config": {"lang": ["fr"]}, "docs": docs}), encoding="utf-8")
    return index


def test_glossary_terms_then_rules_sections_weigh_more(tmp_path: Path) -> None:
    index = built_index(
        tmp_path,
        [
            {"location": "nile/glossary/", "title": "Glossaire", "text": ""},
            {"location": "nile/glossary/#harvest", "title": "récolte", "text": "x"},
            {"location": "nile/rules/#harvest", "title": "2. Récolte", "text": "x"},
            {"location": "nile/variants/#option-x", "title": "Option", "text": "récolte"},
            {"location": "", "title": "Accueil", "text": ""},
        ],
    )
    rank_sections(index)
    docs = json.loads(index.read_text(encoding="utf-8"))["docs"]
    assert [doc.get("boost") for doc in docs] == [None, 3.0, 2.0, None, None]
    rank_sections(index)
    assert json.loads(index.read_text(encoding="utf-8"))["docs"] == docs, "the same again"


def test_the_worker_wraps_materials_and_knows_the_language(tmp_path: Path) -> None:
    workers = tmp_path / "assets" / "javascripts" / "workers"
    workers.mkdir(parents=True)
    (workers / "search.1234abcd.min.js").write_text("x", encoding="utf-8")
    (workers / "search.1234abcd.min.js.map").write_text("{}", encoding="utf-8")
    assert material_worker(tmp_path) == "search.1234abcd.min.js"
    written = write_search_worker(tmp_path, "uk")
    text = written.read_text(encoding="utf-8")
    assert text.startswith('const MATERIAL = "search.1234abcd.min.js";\nconst LANGUAGE = "uk";\n')
    assert "importScripts(MATERIAL)" in text and "stemUkrainian" in text
    assert text == worker_text("search.1234abcd.min.js", "uk")


@pytest.mark.parametrize("names", [[], ["search.a.min.js", "search.b.min.js"]])
def test_no_single_material_worker_is_a_clear_error(tmp_path: Path, names: list[str]) -> None:
    workers = tmp_path / "assets" / "javascripts" / "workers"
    workers.mkdir(parents=True)
    for name in names:
        (workers / name).write_text("x", encoding="utf-8")
    with pytest.raises(
        SearchError, match=f"expected one Material search worker.*found {len(names)}"
    ):
        material_worker(tmp_path)
