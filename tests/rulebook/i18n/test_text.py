"""Typography, numbers in words, and the checks of one translation, on real catalog sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.i18n.number_words import has_word_for, words_for
from rulebook.i18n.textchecks import (
    bracket_problems,
    doubled_word,
    emphasis_problem,
    entity_problem,
    missing_numbers,
    other_language_sentences,
    source_language_sentences,
    typography_problem,
    whitespace_problems,
)
from rulebook.i18n.toolchecks import msgfmt_problems
from rulebook.i18n.typography import typeset
from tests.i18n_support import Workspace, make_workspace

NNBSP, NBSP = "\u202f", "\u00a0"


@pytest.mark.parametrize(
    ("language", "text", "expected"),
    [
        # French: narrow no-break space before ; ! ?, a full one before : and inside « ».
        (
            "fr",
            "Nile DeLuxor : avec 3 joueurs ; retirez-en une !",
            f"Nile DeLuxor{NBSP}: avec 3{NBSP}joueurs{NNBSP}; retirez-en une{NNBSP}!",
        ),
        ("fr", 'la carte "Inondation"', f"la carte «{NBSP}Inondation{NBSP}»"),
        ("fr", "l'eau d'ici", "l’eau d’ici"),
        # An elision before a link or a tag: the link's text is the word it touches.
        (
            "fr",
            "l'[Automa](term:automa) et d'<a href=\"#edo\">Edo</a>",
            'l’[Automa](term:automa) et d’<a href="#edo">Edo</a>',
        ),
        # A rising pair of numbers is a range, with an en dash; a falling pair names a
        # tile or a score, a chain of them a tile or a date.
        (
            "fr",
            "3-4 joueurs, 1-9 ; tuile 9-5, 10-6-2, le 2024-01-05, x-1",
            f"3–4{NBSP}joueurs, 1–9{NNBSP}; tuile 9-5, 10-6-2, le 2024-01-05, x-1",
        ),
        ("en", "a 3-4-player tile", "a 3–4-player tile"),
        # A short number that ends a line stays with its word; a long one, or one inside
        # the line before punctuation, may part from it.
        ("uk", "Плитка підрахунку регіону 5", f"Плитка підрахунку регіону{NBSP}5"),
        (
            "fr",
            "Tuile de la région 5.\nÉpoque 2 : 12 ou 1000",
            f"Tuile de la région{NBSP}5.\nÉpoque 2{NBSP}: 12{NBSP}ou 1000",
        ),
        ("en", "Region 3 scoring tile, {count} 5", f"Region 3{NBSP}scoring tile, {{count}} 5"),
        # A short number keeps the word it counts, a link's or emphasis's too; a longer
        # number, a decimal, a code and a placeholder do not.
        ("uk", "ціною 1 монета", f"ціною 1{NBSP}монета"),
        # A count phrase's number is filled in later: its placeholder keeps the word too.
        (
            "uk",
            "{count} очок, {count} — {name} пише",
            f"{{count}}{NBSP}очок, {{count}} — {{name}} пише",
        ),
        (
            "fr",
            "2 [pièces](term:coin), 3 **cartes**, 1000 ans, 4,5 points, x2 fois, {n} cartes",
            f"2{NBSP}[pièces](term:coin), 3{NBSP}**cartes**, 1000 ans, 4,5 points, x2 fois, "
            "{n} cartes",
        ),
        # A number before a colon no number follows is a label, not a time.
        ("fr", "Région 1: tuile, à 2:30", f"Région 1{NBSP}: tuile, à 2:30"),
        # Quotes inside quotes take the inner pair, which hugs its text.
        (
            "fr",
            "« Carte « Source » » et « x »",
            f"«{NBSP}Carte “Source”{NBSP}» et «{NBSP}x{NBSP}»",
        ),
        # Times, ratios, link targets, placeholders and code are left alone.
        (
            "fr",
            "Voir [la règle](rule:setup) à 2:30, ratio 3:2, {count}.",
            "Voir [la règle](rule:setup) à 2:30, ratio 3:2, {count}.",
        ),
        (
            "fr",
            "Voir https://example.com/a?b=c et `code : x`.",
            "Voir https://example.com/a?b=c et `code : x`.",
        ),
        # Ukrainian: «…» with „…“ inside, no space before punctuation, one apostrophe.
        (
            "uk",
            'карту "Повінь" ; слово "в "лапках"" : так',
            "карту «Повінь»; слово «в „лапках“»: так",
        ),
        ("uk", "п'ять і пʼять", "п’ять і п’ять"),
        # English: curly quotes and apostrophe.
        ("en", 'The "big" player\'s turn : go !', "The “big” player’s turn: go!"),
    ],
)
def test_typeset(language: str, text: str, expected: str) -> None:
    assert typeset(text, language) == expected
    assert typeset(expected, language) == expected  # idempotent


def test_a_language_without_rules_is_left_alone() -> None:
    assert typeset('a "b" : c', "xx") == 'a "b" : c'


def test_typography_check_says_what_to_change() -> None:
    problem = typography_problem("Attention : voir", "fr")
    assert problem is not None and "rulebook i18n typeset" in problem
    assert typography_problem(f"Attention{NBSP}: voir", "fr") is None


def test_number_words_cover_genders_and_cases() -> None:
    uk = words_for(1, "uk")
    assert {"один", "одна", "одне", "одного", "одній", "однією", "одну"} <= uk
    assert {"дві", "двох", "двома", "обидві", "двоє"} <= words_for(2, "uk")
    assert {"п’ять", "п’яти", "п’ятьма"} <= words_for(5, "uk")
    assert {"deux", "trois", "onze", "une", "première"} <= words_for(2, "fr") | words_for(
        3, "fr"
    ) | words_for(11, "fr") | words_for(1, "fr")
    assert {"two", "twice", "both", "second"} <= words_for(2, "en")
    # "in a game of N" is an adverb with у or в, whichever the sound before it wants.
    assert {"удвох", "вдвох", "утрьох", "втрьох", "вчотирьох", "учотирьох"} <= words_for(
        2, "uk"
    ) | words_for(3, "uk") | words_for(4, "uk")
    assert {"уп’ятьох", "вп’ятьох"} <= words_for(5, "uk")
    assert {"ушістьох", "вшістьох"} <= words_for(6, "uk")


@pytest.mark.parametrize(
    ("source", "translation", "source_language", "language", "lost"),
    [
        # Sentences of the catalogs, with the numbers spelled out the way each language does.
        ("Elle montre 2 cultures différentes.", "Вона показує дві різні культури.", "fr", "uk", []),
        ("les 2 champs concernés sont récoltés", "обидва відповідні поля збирають", "fr", "uk", []),
        ("Avec 1 carte culture seulement", "Лише з однією картою культури", "fr", "uk", []),
        ("distribuez 5 cartes face cachée", "deal five cards face down", "fr", "en", []),
        ("Jouez 1 fois", "Play once", "fr", "en", []),
        (
            "À 3 joueurs, l'oignon est retiré.",
            "With three players, the onion is removed.",
            "fr",
            "en",
            [],
        ),
        # The French source spells numbers out; the translation keeps them, in digits or words.
        ("Les deux joueurs partagent la place.", "Both players share the place.", "fr", "en", []),
        ("Les deux joueurs partagent la place.", "Обидва гравці ділять місце.", "fr", "uk", []),
        # Ukrainian says "twice", "two times" or inflects the numeral; all of them keep the 2.
        ("Jouez 2 fois.", "Зіграйте двічі.", "fr", "uk", []),
        ("Jouez 2 fois.", "Зіграйте два рази.", "fr", "uk", []),
        (
            "À 2 joueurs, retirez 1 carte.",
            "У грі для двох гравців приберіть одну карту.",
            "fr",
            "uk",
            [],
        ),
        ("Jouez 1 fois de plus.", "Зіграйте ще один раз.", "fr", "uk", []),
        ("Prenez 3 pièces.", "Візьміть три монети.", "fr", "uk", []),
        ("pour 11 points", "за одинадцять очок", "fr", "uk", []),
        # A value one higher is «на одиницю більша»; a six-sided die is «шестигранний».
        ("ou la dépasse de 1", "або більша за неї на одиницю", "fr", "uk", []),
        ("Dé à 6 faces", "Шестигранний кубик", "fr", "uk", []),
        ("Dé à 6 faces", "Шестигранного кубика", "fr", "uk", []),
        ("Dé à 6 faces", "П’ятигранний кубик", "fr", "uk", ["6"]),
        ("de 0 à 3 actions", "від нуля до трьох дій", "fr", "uk", []),
        ("ou 7 (6 joueurs)", "або сімома (6 гравців)", "fr", "uk", []),
        ("avec 8 cartes", "з вісьмома картами", "fr", "uk", []),
        (
            "Faites 1 ou 2 de ces 2 actions.",
            "Виконайте одну чи обидві з цих двох дій.",
            "fr",
            "uk",
            [],
        ),
        # A number dropped, or said as another number, is still caught.
        ("Jouez 2 fois.", "Зіграйте.", "fr", "uk", ["2"]),
        ("Prenez 3 pièces.", "Візьміть дві монети.", "fr", "uk", ["3"]),
        ("Piochez 2 cartes et 1 pièce.", "Візьміть дві карти.", "fr", "uk", ["1"]),
        # A changed number is still caught.
        ("distribuez 5 cartes", "deal six cards", "fr", "en", ["5"]),
        ("Les trois joueurs", "The two players", "fr", "en", ["3"]),
        ("Вона показує 2 культури.", "Elle montre trois cultures.", "uk", "fr", ["2"]),
    ],
)
def test_numbers_in_digits_or_words(
    source: str, translation: str, source_language: str, language: str, lost: list[str]
) -> None:
    assert missing_numbers(source, translation, source_language, language) == lost


def test_a_number_word_is_a_whole_word() -> None:
    assert not has_word_for(2, "twofold", "en")
    assert has_word_for(2, "Both players", "en")


def test_whitespace_doubled_brackets_and_emphasis() -> None:
    assert whitespace_problems("A.", " A.") == ["starts with a space the source does not have"]
    assert whitespace_problems("A.\n", "A.") == [
        "a final line break must be there exactly when the source has one"
    ]
    assert whitespace_problems("A b.", "A  b.") == ["two spaces in a row"]
    assert doubled_word("Le joueur joue.", "The the player plays.") is not None
    assert doubled_word("Quand vous vous arrêtez", "Quand vous vous arrêtez") is None
    assert doubled_word("Classement 1, 1, 3.", "Ranks 1, 1, 3.") is None
    assert bracket_problems("(a) b", "(a b") == ["unbalanced ()"]
    assert bracket_problems("a", "(a) b") == []
    assert emphasis_problem("**soit** A, **soit** B", "**either** A or B") == (
        "1 **bold** span dropped"
    )
    assert emphasis_problem("un *autre* souvenir", "another souvenir") == (
        "1 *italic* span dropped"
    )
    assert emphasis_problem("un *autre* souvenir", "an *other* souvenir") is None


def test_a_sentence_left_in_the_source_language() -> None:
    source = "Calcul à la main : A et B à 22 PV, puis le départage."
    left = "Computed by hand: A and B on 22 VP. Le départage se fait sur les lires restantes."
    found = source_language_sentences(source, left, "fr", "en", frozenset())
    assert found == ["Le départage se fait sur les lires restantes."]
    good = "Computed by hand: A and B on 22 VP, then the tiebreak on the lira left."
    assert source_language_sentences(source, good, "fr", "en", frozenset()) == []
    # Short labels and names are not judged.
    assert source_language_sentences("Gourmet", "Gourmet", "fr", "en", frozenset()) == []
    # Web addresses are in no language: a list of them is not a sentence left in French.
    reviews = (
        "Autres adresses : https://rivcoach.wordpress.com/2010/10/10/review-nile-by-minion-games/"
    )
    listed = "Інші адреси: https://rivcoach.wordpress.com/2010/10/10/review-nile-by-minion-games/"
    assert source_language_sentences(reviews, listed, "fr", "uk", frozenset()) == []


def test_unbalanced_emphasis() -> None:
    source = "**Fin** : pendant le dernier passage de la pioche, même au milieu d'un tour."
    stray_bold = "**End**: during the last pass through the deck, even in the middle of a **turn."
    assert emphasis_problem(source, stray_bold) == (
        "unbalanced emphasis: '**' without its pair (the page would show it as it is)"
    )
    stray_italic = "**End**: during the last pass through the *deck, even mid-turn."
    assert "'*' without its pair" in (emphasis_problem(source, stray_italic) or "")
    # Marks inside words, list bullets, code and link targets are no emphasis.
    assert emphasis_problem("3 × 5", "3*5 = 15, snake_case, `a*`, [x](https://a.b/c_d)") is None
    assert emphasis_problem("a\nb", "* first\n* second") is None
    # A stray mark the source has too is the source's business.
    assert emphasis_problem("5 * 3 cartes", "5 * 3 cards") is None


def test_html_entities() -> None:
    source = "Gardez la carte en main."
    assert entity_problem(source, "Keep the &lt;b&gt;card&lt;/b&gt; in hand.") == (
        "HTML character references &gt;, &lt;: write the character itself "
        "(the page would show the reference as it is)"
    )
    assert str(entity_problem(source, "Keep the card&#160;in hand.")).startswith(
        "HTML character reference &#160;: "
    )
    assert entity_problem(source, "Keep the card in hand & play.") is None
    assert entity_problem("A &amp; B", "A &amp; B") is None


def test_a_sentence_left_in_another_language() -> None:
    """An English sentence in a Ukrainian (or German) translation of a French game."""
    ukrainian = (
        "Покладіть карту горілиць у центрі столу. "
        "Then shuffle the Locusts into the rest of the deck and deal the cards."
    )
    assert other_language_sentences(ukrainian, "uk", ["fr", "en"], frozenset()) == [
        ("Then shuffle the Locusts into the rest of the deck and deal the cards.", "en")
    ]
    german = (
        "Legt die Flutkarte offen in die Tischmitte. "
        "Then shuffle the Locusts into the rest of the deck and deal the cards."
    )
    assert [
        lang for _, lang in other_language_sentences(german, "de", ["fr", "en"], frozenset())
    ] == ["en"]
    clean = "Покладіть карту горілиць у центрі столу й відкладіть «Сарану» вбік."
    assert other_language_sentences(clean, "uk", ["fr", "en"], frozenset()) == []


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    return make_workspace(tmp_path)


def test_new_checks_name_the_catalog_line(workspace: Workspace) -> None:
    """Stray emphasis, HTML references and an English sentence fail i18n check, at file:line."""
    from rulebook.i18n import catalogs, checks

    flood = "setup.steps.flood_card.text"
    locusts = "setup.steps.locusts_into_deck.text"
    first = "setup.first_player_text"
    workspace.translate(
        "uk",
        {
            flood: "Покладіть карту «Повінь» горілиць у **центрі столу й відкладіть «Сарану».",
            locusts: "Замішайте «Сарану» в решту карт: це &lt;b&gt;колода&lt;/b&gt;.",
            first: "Першого гравця обирають жеребом. Then play goes on clockwise round the table.",
        },
    )
    domains = [workspace.domain(), catalogs.ui_domain()]
    failures = checks.check(domains, ["uk"], workspace.locales)
    found = {(f.loc, f.type) for f in failures}
    assert {((flood,), "emphasis"), ((locusts,), "entities"), ((first,), "language")} <= found
    # The sentence is named in its own language (it was called French: the check chose
    # between the source's language and the catalog's only).
    language = next(f for f in failures if f.type == "language")
    assert "a sentence left in en: 'Then play goes on clockwise" in language.msg
    po = workspace.po("uk")
    lines = po.read_text(encoding="utf-8").splitlines()
    for failure in failures:
        if failure.loc in {(flood,), (locusts,), (first,)}:
            assert failure.file == str(po) and failure.line is not None
            # The line is the entry's msgid, right below its msgctxt.
            assert lines[failure.line - 2] == f'msgctxt "{failure.loc[0]}"'
            assert lines[failure.line - 1].startswith("msgid ")
            assert str(failure).startswith(f"{po}:{failure.line}: {failure.loc[0]}:")


def test_waivers_are_translator_comments_a_po_editor_can_write(workspace: Workspace) -> None:
    from rulebook.i18n import catalogs, checks

    label = "scoring.inputs.papyrus.label"
    workspace.translate("uk", {label: "Papyrus"})
    domains = [workspace.domain(), catalogs.ui_domain()]
    failures = checks.check(domains, ["uk"], workspace.locales)
    assert [(f.type, f.loc) for f in failures] == [("unchanged", (label,))]
    po = workspace.po("uk")
    text = po.read_text(encoding="utf-8")
    marker = f'msgctxt "{label}"'
    block_start = text.rfind("\n\n", 0, text.index(marker)) + 2
    po.write_text(
        text[:block_start]
        + "# rulebook: ignore-same (the crop keeps its Latin name)\n"
        + text[block_start:],
        encoding="utf-8",
    )
    assert checks.check(domains, ["uk"], workspace.locales) == []


def test_msgfmt_refuses_what_gettext_refuses(tmp_path: Path) -> None:
    po = tmp_path / "bad.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: en\\n"\n\n'
        'msgid "a line\\n"\nmsgstr "une ligne"\n',
        encoding="utf-8",
    )
    problems = msgfmt_problems([po])
    assert (str(po), 7, "", "msgfmt") in [p[:4] for p in problems]
    assert any("do not both end with" in p[4] for p in problems)
