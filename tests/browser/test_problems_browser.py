"""Problems in the browser: all at once, in the page's words, next to their fields; totals
that stand when only a tiebreak field is wrong; the setup generator refusing what score does."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulebook.i18n.runtime import translator
from rulebook.problems import ProblemWords
from scorer.problems import Problem
from tests.browser.forms import open_tie_fold, widget_ready
from tests.conftest import real_game


def _fill(calc: Any, values: dict[tuple[str, int], str]) -> None:
    for (field, player), value in values.items():
        target = calc.locator(f'[data-input="{field}"][data-player="{player}"]')
        if not target.is_visible():  # a phone shows one player at a time: switch to them
            tab = calc.locator(f'[data-switch="{player}"]')
            if tab.count() and tab.is_visible():
                tab.click()
        if not target.is_visible():  # a field needed only on a tie: open their fold
            open_tie_fold(calc)
        if target.evaluate("e => e.tagName") == "SELECT":
            target.select_option(value)
        else:
            target.fill(value)


def _problems(calc: Any) -> list[tuple[str, str]]:
    items = calc.locator("[data-problems] li")
    return [
        (items.nth(k).get_attribute("data-problem"), items.nth(k).get_attribute("data-loc"))
        for k in range(items.count())
    ]


@pytest.mark.parametrize(
    ("language", "meals", "sea"),
    [
        ("en", "A traveler takes at most one meal", "expected a whole number"),
        ("fr", "Un voyageur prend au plus un repas", "nombre entier attendu"),
        ("uk", "Мандрівник бере щонайбільше одну страву", "потрібне ціле число"),
    ],
)
def test_every_problem_at_once_in_the_page_language(
    page: Any, base_url: str, language: str, meals: str, sea: str
) -> None:
    """Issue 11: a decimal, two range errors and the meals rule, in one round."""
    page.goto(base_url + f"{language}/tokaido/scoring/")
    calc = widget_ready(page, "[data-calculator]")
    _fill(
        calc,
        {
            ("traveller", 0): "kinko",
            ("traveller", 1): "chuubei",
            ("sea", 0): "1.5",
            ("paddy", 1): "9",
            ("mountain", 1): "9",
            ("meals_1", 0): "3",
            ("meals_2", 0): "2",
        },
    )
    assert sorted(_problems(calc)) == sorted(
        [
            ("int_type", '["players",0,"sea"]'),
            ("above_max", '["players",1,"paddy"]'),
            ("above_max", '["players",1,"mountain"]'),
            ("constraint", '["players",0]'),
        ]
    )
    text = calc.locator("[data-problems]").inner_text()
    assert meals in text and sea in text and "players[" not in text
    # Each problem next to its field: the decimal at the sea field, the meals rule at the
    # meal fields the rule reads.
    for field, player in (("sea", 0), ("meals_1", 0), ("meals_2", 0), ("paddy", 1)):
        target = calc.locator(f'[data-input="{field}"][data-player="{player}"]')
        assert target.get_attribute("aria-invalid") == "true", field
        # The field is described by its problem, and by its help where it has one (behind
        # its ⓘ, so not shown): every id names an element, and the problem is on screen.
        described = (target.get_attribute("aria-describedby") or "").split()
        assert all(page.locator(f"#{i}").count() == 1 for i in described), described
        shown = [page.locator(f"#{i}") for i in described if page.locator(f"#{i}").is_visible()]
        assert len(shown) == 1 and shown[0].inner_text(), (field, described)
    assert calc.locator("[data-winners]").count() == 0


def test_a_tiebreak_field_never_hides_the_totals(page: Any, base_url: str) -> None:
    page.goto(base_url + "en/viticulture/scoring/")
    calc = widget_ready(page, "[data-calculator]")
    _fill(calc, {("vp", 0): "21", ("vp", 1): "21", ("lira", 0): "4.5"})
    assert _problems(calc) == [("int_type", '["players",0,"lira"]')]
    assert [
        calc.locator(f'[data-result="total"][data-player="{i}"]').inner_text() for i in (0, 1)
    ] == ["21", "21"]
    assert "undecided" in calc.locator('[data-result="tiebreak"][data-player="0"]').inner_text()
    assert calc.locator("[data-winners]").inner_text() == "—"
    _fill(calc, {("vp", 0): "24"})  # no tie left to break: the faulty lira no longer matters
    assert calc.locator("[data-winners]").inner_text() == "Player 1"
    _fill(calc, {("lira", 0): "4"})
    assert _problems(calc) == []


def test_the_setup_generator_refuses_what_score_refuses(page: Any, base_url: str) -> None:
    page.goto(base_url + "en/nile/setup/")
    setup = widget_ready(page, "[data-setup]")
    setup.locator("[data-setup-players]").select_option("6")
    setup.locator("[data-setup-generate]").click()
    error = setup.locator("[data-setup-error]")
    assert error.inner_text() == "Nile is for 2–5\u00a0players; with 6\u00a0players, it needs " + (
        "Nile DeLuxor (extra crops depending on the player count)"
    )
    assert setup.locator("[data-checklist]").count() == 0
    setup.locator('[data-setup-name="1"]').fill("Player 1 ")
    setup.locator('[data-option="deluxor"]').check()
    setup.locator("[data-setup-generate]").click()
    codes = setup.locator("[data-setup-error] li")
    assert [codes.nth(k).get_attribute("data-problem") for k in range(codes.count())] == [
        "duplicate_name",
        "duplicate_name",
    ]
    setup.locator('[data-setup-name="1"]').fill("Bo")
    setup.locator("[data-setup-generate]").click()
    assert setup.locator("[data-checklist]").count() == 1


@pytest.mark.parametrize("width", [360, 1280])
def test_problems_fit_the_screen(browser: Any, base_url: str, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 740 if width < 400 else 800})
    page = context.new_page()
    try:
        page.goto(base_url + "uk/viticulture/scoring/")
        calc = widget_ready(page, "[data-calculator]")
        _fill(calc, {("vp", 0): "21", ("vp", 1): "21", ("red_wines", 1): "3 3"})
        assert calc.locator("[data-problems] li").count() == 1
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"the page scrolls sideways at {width} px"
    finally:
        context.close()


def test_a_fresh_form_shows_no_error_and_lists_what_is_left(page: Any, base_url: str) -> None:
    """Issue 11: an untouched form is not wrong. Nothing is red; the results list each field
    still to enter (a link to it); a field chosen and then cleared is an error at the field."""
    page.goto(base_url + "uk/tokaido/scoring/")
    calc = widget_ready(page, "[data-calculator]")
    assert calc.locator("[aria-invalid]").count() == 0
    assert calc.locator(".rb-error:visible").count() == 0
    assert calc.locator("[data-problems]").count() == 0
    left = calc.locator("[data-todo] li")
    assert [left.nth(k).inner_text() for k in range(left.count())] == [
        "Гравець 1, Ваш мандрівник",
        "Гравець 2, Ваш мандрівник",
    ]
    assert "Ще треба ввести" in calc.locator("[data-results]").inner_text()

    left.nth(1).locator(".rb-link").click()
    second = calc.locator('[data-input="traveller"][data-player="1"]')
    assert second.evaluate("e => e === document.activeElement"), "the link focuses the field"

    _fill(calc, {("traveller", 0): "kinko"})
    _fill(calc, {("traveller", 0): ""})
    first = calc.locator('[data-input="traveller"][data-player="0"]')
    assert first.get_attribute("aria-invalid") == "true"
    assert _problems(calc) == [("required", '["players",0,"traveller"]')]
    assert left.count() == 1, "the untouched second player is still only left to enter"


def test_a_table_field_offers_only_what_the_player_count_uses(page: Any, base_url: str) -> None:
    """Issue 11: River of Gold's scoring tiles come in a 2-player and a 3–4-player set, and
    Seishin counts as one more participant; a field lists only the set in use. A tile chosen
    before the count changed stays listed, with its problem, so the field says what is wrong."""
    page.goto(base_url + "en/river_of_gold/scoring/")
    calc = widget_ready(page, "[data-calculator]")
    tile = '[data-table="tile_region_1"]'

    def offered() -> set[str]:
        labels: list[str] = calc.locator(f"{tile} option").evaluate_all(
            "options => options.filter(o => o.value).map(o => o.textContent)"
        )
        return {label.split(" tile")[0] for label in labels}

    calc.locator("[data-player-count]").select_option("2")
    assert offered() == {"2-player"}
    # Two players and Seishin: three participants.
    calc.locator('[data-option="seishin_level"]').select_option("level_1")
    assert offered() == {"3–4-player"}
    calc.locator('[data-option="seishin_level"]').select_option("off")
    calc.locator("[data-player-count]").select_option("4")
    assert offered() == {"3–4-player"}
    calc.locator(tile).select_option("t_12_8_4")
    calc.locator("[data-player-count]").select_option("2")
    assert offered() == {"2-player", "3–4-player"}
    assert calc.locator(f"{tile} option").evaluate_all(
        "options => options.filter(o => o.value && !o.textContent.startsWith('2-')).map(o => o.value)"
    ) == ["t_12_8_4"]
    assert ("not_for_count", '["table","tile_region_1"]') in _problems(calc)


def test_an_option_the_count_hides_is_no_longer_in_effect(page: Any, base_url: str) -> None:
    """Issue 34: Seishin chosen at two players, then four: its field is hidden, and so is
    Seishin (its level stays at "off" in the state, as setup and score require), where
    Seishin stayed at the table and in the state, unseen."""
    page.goto(base_url + "en/river_of_gold/scoring/")
    calc = widget_ready(page, "[data-calculator]")
    calc.locator("[data-player-count]").select_option("2")
    calc.locator('[data-option="seishin_level"]').select_option("level_1")
    assert calc.locator('[data-rival-fields="seishin"]').count() == 1
    calc.locator("[data-player-count]").select_option("4")
    assert calc.locator('[data-option="seishin_level"]').count() == 0
    assert calc.locator('[data-rival-fields="seishin"]').count() == 0
    assert ("not_used", '["options","seishin_level"]') not in _problems(calc)
    # Back at two, the table's choice is still there.
    calc.locator("[data-player-count]").select_option("2")
    assert calc.locator('[data-option="seishin_level"]').input_value() == "level_1"
    assert calc.locator('[data-rival-fields="seishin"]').count() == 1


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_a_problem_without_a_field_name_reads_as_its_message(
    page: Any, base_url: str, language: str
) -> None:
    """The solo option at a two-player table has no field name to go before its message:
    the message itself is the link to its field, with no colon before it (the list said
    "Check the highlighted fields:: Solo game…", the heading's words and two colons)."""
    page.goto(base_url + f"{language}/viticulture/scoring/")
    calc = widget_ready(page, "[data-calculator]")
    calc.locator("[data-player-count]").select_option("2")
    option = calc.locator('[data-option="solo_automa"]')
    if option.get_attribute("type") == "checkbox":
        option.check()
    else:
        option.select_option("true")
    item = calc.locator('[data-problems] [data-problem="option_not_for_count"]')
    assert item.count() == 1, calc.locator("[data-problems]").inner_text()
    said = item.inner_text().strip()
    button = item.locator(".rb-link")
    assert button.count() == 1 and button.inner_text().strip() == said, said
    assert "Automa" in said and not said.startswith((":", " :")), said
    assert "::" not in said and ": :" not in said, said
    heading = calc.locator(".rb-problems-title").first.inner_text().strip()
    assert heading not in said, said


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_a_rivals_problem_names_its_field_in_the_rivals_words(
    page: Any, base_url: str, language: str
) -> None:
    """Issue 28, item 4: a problem in Seishin's fields is named as its form names the
    field ("Regions where Seishin owns at least one building"), not in the players' "you",
    and as the command line names it (rulebook/problems.py); a field without a label of
    its own is Seishin's: "Seishin, Influence in region 1"."""
    page.goto(base_url + f"{language}/river_of_gold/scoring/")
    calc = widget_ready(page, "[data-calculator]")
    calc.locator("[data-player-count]").select_option("2")
    calc.locator('[data-option="seishin_level"]').select_option("level_2")
    fields = {"built_regions": ("9", 6), "influence_1": ("40", 18)}
    for field, (value, _) in fields.items():
        calc.locator(f'[data-rival="seishin"][data-input="{field}"]').fill(value)
    content = real_game("river_of_gold")
    said = ProblemWords(content, translator(content, language))
    for field, (_, top) in fields.items():
        loc = ["rivals", "seishin", field]
        item = calc.locator(
            f"[data-problems] li[data-loc='{json.dumps(loc, separators=(',', ':'))}']"
        )
        where = said.where(Problem(tuple(loc), "above_max", {"max": top}))
        assert item.locator(".rb-link").inner_text() == where
        assert item.inner_text().startswith(where)
    own = said.where(Problem(("rivals", "seishin", "built_regions"), "above_max", {"max": 6}))
    players = said.where(Problem(("players", 0, "built_regions"), "above_max", {"max": 6}))
    assert own != players.split(", ", 1)[1]


def test_a_field_name_keeps_its_colon_on_its_line(browser: Any, base_url: str) -> None:
    """French sets a no-break space before the colon after a field's name, and the name is a
    link to the field: at no width of the list may a line start with that colon ("Joueur 1,
    Mer" / " : nombre entier attendu"), as it did when the name was a button (an inline
    block, after which a line may break even before a no-break space)."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        page.goto(base_url + "fr/tokaido/scoring/")
        calc = widget_ready(page, "[data-calculator]")
        _fill(calc, {("sea", 0): "1.5", ("paddy", 1): "9"})
        items = calc.locator("[data-problems] li:has(.rb-link)")
        assert items.count() == 2
        for k in range(items.count()):
            parted = items.nth(k).evaluate(
                """li => {
                  const parted = [];
                  const button = li.querySelector(".rb-link");
                  const colon = document.createRange();
                  colon.setStart(button.nextSibling, 0);
                  colon.setEnd(button.nextSibling, 1);
                  for (let width = 90; width <= 320; width += 2) {
                    li.style.width = `${width}px`;
                    const name = button.getBoundingClientRect();
                    if (colon.getBoundingClientRect().top >= name.bottom - 1) parted.push(width);
                  }
                  li.style.width = "";
                  return parted;
                }"""
            )
            assert parted == [], f"the colon starts a line at these widths (px): {parted}"
    finally:
        context.close()
