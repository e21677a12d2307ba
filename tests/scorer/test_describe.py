"""Every category of every game reads as a sentence in every language (scorer.describe).

The words come from the ``ui`` catalog, the names from each game's catalog, numbers and
counts by the language's rules: what the site's "How scores are counted" cells show.
"""

from __future__ import annotations

import pytest

from rulebook.cache import load_content
from rulebook.i18n.numbers import format_number
from rulebook.i18n.runtime import Translator, translator
from rulebook.i18n.typography import typeset
from schemas.common import LANGUAGES
from schemas.game import GameContent
from scorer.describe import (
    CallbackWords,
    Description,
    describe_category,
    describe_condition,
    describe_value,
    messages,
    render,
)
from tests.conftest import CONTENT

GAMES = load_content(CONTENT)


def words(content: GameContent, language: str) -> tuple[CallbackWords, Translator]:
    """Lookups in ``language`` through the catalogs, as the site makes them."""
    t = translator(content, language)
    found = CallbackWords(
        lambda key, source: t(f"ui.{key}", source),
        lambda context, source: t(context, source),
        lambda key, number: t.count(f"ui.{key}", number),
        lambda number: format_number(number, language),
    )
    return found, t


def _untranslated(description: Description, t: Translator) -> list[str]:
    return [key for key, _ in messages(description) if not t.is_translated(f"ui.{key}")]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_category_reads_as_a_sentence(game_id: str, language: str) -> None:
    content = GAMES[game_id]
    w, t = words(content, language)
    for category in content.scoring.categories:
        description = describe_category(content, category.id)
        text = render(description, w)
        assert len(text) > 3 and "{" not in text, (category.id, text)
        assert not _untranslated(description, t), (category.id, _untranslated(description, t))
        if category.when is not None:
            condition = describe_condition(content, category.when)
            assert condition is not None and render(condition, w).strip(), category.id
    for key in content.scoring.ranking.keys:
        assert render(describe_value(content, key.value), w).strip(), key.value


def _say(game: str, category: str, language: str) -> str:
    content = GAMES[game]
    return render(describe_category(content, category), words(content, language)[0])


def test_a_ranked_award_says_its_points_places_and_ties() -> None:
    assert _say("tokaido", "temple", "en") == (
        "10 / 7 / 4 points to the 1st, 2nd, 3rd… by “Coins donated to the Temple”; "
        "2\u00a0points to each other player taking part; at least 1 to take part; "
        "tied players take the same place, and the next number takes the next place "
        "(also ranked, without points: “Neutral traveler”)"
    )


def test_per_group_sets_and_majorities_read_as_the_rules_say() -> None:
    assert _say("river_of_gold", "artisans", "en") == (
        "“Delivered Artisans” × ((“Silk left” + “Rice left” + “Pottery left”) ÷ 3, rounded down)"
    )
    assert _say("tokaido", "souvenirs", "en").endswith(
        "the 1st, 2nd, 3rd… different item of a set scores 1 / 3 / 5 / 7 / 9 points"
    )
    assert _say("tokaido", "gourmet", "en").startswith(
        "3\u00a0points to each player with the most ("
    )


def test_counts_follow_each_language_s_plural_rules() -> None:
    assert _say("tokaido", "swords", "uk").startswith("8\u00a0очок за кожну одиницю: «")
    assert _say("tokaido", "cherry_trees", "uk").startswith("2\u00a0очки за кожну одиницю: «")
    assert _say("tokaido", "donations", "uk").startswith("1\u00a0очко за кожну одиницю: «")
    assert _say("tokaido", "swords", "fr").startswith("8\u00a0points par unité\u00a0: «\u00a0")


def test_conditions_name_options_and_player_counts() -> None:
    momiji = GAMES["momiji"]
    pile_5 = next(c for c in momiji.scoring.categories if c.id == "pile_5")
    said = {
        language: render(describe_condition(momiji, pile_5.when), words(momiji, language)[0])  # type: ignore[arg-type]
        for language in LANGUAGES
    }
    known = {
        "fr": "à 3\u00a0joueurs ou plus",
        "uk": "у грі 3\u00a0гравці або більше",
        "en": "with 3\u00a0players or more",
    }
    # The languages written here; one added to the list is said too, in its own words.
    assert {code: said[code] for code in known} == known
    assert all(said.values()) and set(said) == set(LANGUAGES)
    nile = GAMES["nile"]
    grapes = next(c for c in nile.scoring.categories if c.id == "grapes")
    text = render(describe_condition(nile, grapes.when), words(nile, "fr")[0])  # type: ignore[arg-type]
    assert (
        text
        == "avec «\u00a0Nile DeLuxor (cultures supplémentaires selon le nombre de joueurs)\u00a0»"
    )


def test_quotes_inside_a_name_become_the_inner_quotes_once_typeset() -> None:
    # The page typesets every text it shows (rulebook.i18n.typography): a quoted name that
    # holds quotes gets the language's inner pair there.
    assert "«Карти „Купальня“»" in typeset(_say("tokaido", "bath_houses", "uk"), "uk")
    assert "«\u00a0Accomplissement “premier panorama rizière”\u00a0»" in typeset(
        _say("tokaido", "panorama_achievements", "fr"), "fr"
    )


def test_a_description_is_message_ids_and_parameters() -> None:
    found = messages(describe_category(GAMES["tokaido"], "temple"))
    keys = [key for key, _ in found]
    assert keys == [
        "describe_rivals_take_part",
        "describe_clauses",
        "describe_rank_award",
        "describe_table_points",
        "describe_quoted",
        "describe_others",
        "describe_at_least",
        "describe_ties_dense",
        "describe_quoted",  # the rival, by its label
    ]
    award = dict(found)["describe_rank_award"]
    assert set(award) == {"awards", "measure"}


def test_the_site_s_descriptions_take_each_language_s_quotes_and_spaces() -> None:
    """What the scoring page and the calculator show (rulebook.site.models.scoring). The
    patterns “{label}” and "{a}; {b}" have no letter: the site once skipped looking them up
    and printed English quotes in every language («“Pièces données au Temple”; 2 points»)."""
    from rulebook.site.localize import Localizer
    from rulebook.site.models.scoring import describe_in

    content = GAMES["tokaido"]
    by_id = {c.id: c for c in content.scoring.categories}

    def shown(language: str, category: str) -> str:
        return describe_in(content, Localizer(language, content), by_id[category]).text

    french = shown("fr", "temple")
    assert "«\u00a0Pièces données au Temple\u00a0»" in french, french
    assert "\u202f;" in french and "“" not in french, french
    assert "«Карти „Гаряче джерело“ на 2\u00a0очки»" in shown("uk", "hot_springs")
    # An interface pattern without a letter is still the language's own.
    assert Localizer("fr", content).ui("describe_quoted").text == "«\u00a0{label}\u00a0»"
    assert Localizer("fr", content).ui("calc_explain_line").text == "{category}\u00a0: {points}"
    english = shown("en", "temple")
    assert "“" in english and "«" not in english, english
