"""The calculator at a real table (issue 11): on a phone (360x740) and a laptop (1280x800),
every game at its smallest and largest table.

- the page never scrolls sideways;
- while any field has focus, its player's name (and running total) is on screen, not
  covered by anything;
- every problem is listed at once, in the player's words, each naming the player;
- the result is in rank order, winners first;
- a 4-player Tokaido game entered from the score track takes at most 30 field entries
  and gives the full count's result;
- every "How scores are counted" cell says something, in every language.
"""

from __future__ import annotations

import re
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from rulebook.cache import load_content
from schemas.cases import Case
from scorer.engine import GameEngine
from tests.browser.conftest import LAYOUT_SHIFTS, calculator_at
from tests.browser.forms import enter_state, fill_field, open_tie_fold
from tests.track_support import track_state

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = load_content(CONTENT)
SCREENS = {"phone": (360, 740), "laptop": (1280, 800)}
TABLES = [
    (game, count, screen)
    for game, content in GAMES.items()
    for count in sorted({content.game.players.min, content.game.players.max})
    for screen in SCREENS
]


def _open(browser: Any, base_url: str, path: str, screen: str) -> tuple[Any, Any, Any]:
    width, height = SCREENS[screen]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url + path)
    page.wait_for_function("document.querySelector('[data-calculator]')?.dataset.ready === 'true'")
    return context, page, errors


def _kept(
    browser: Any, kept: dict[tuple[int, int], Any], url: str, screen: str
) -> AbstractContextManager[tuple[Any, list[str]]]:
    """The calculator at ``url`` in the module's kept page of ``screen``'s size, and its
    script errors (a test whose subject is the page opening opens its own: _open)."""
    return calculator_at(browser, kept, url, SCREENS[screen])


def _overflow(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


#: Whether the element is inside the viewport and is what the screen shows at its centre.
SHOWN = """e => {
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) return false;
  const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
  const top = document.elementFromPoint(x, y);
  return !!top && (e === top || e.contains(top) || top.contains(e));
}"""


#: Focuses a player's first, middle and last field in turn (the browser scrolls each into
#: view, as a tap or Tab would) and says what is wrong at each: the field covered, the
#: player's name (a tab, or the name field) out of view, the page wider than the screen.
#: One script call per player: these checks are synchronous layout reads.
FOCUS_EACH = (
    """(calc, player) => {
  const shown = """
    + SHOWN
    + """;
  const visible = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  const named = () => [...calc.querySelectorAll(`[data-switch="${player}"], [data-player-name="${player}"]`)]
    .some((e) => visible(e) && shown(e));
  const fields = [...calc.querySelectorAll(`[data-input][data-player="${player}"]`)];
  if (!fields.length) return ["no fields"];
  const wrong = [];
  for (const k of new Set([0, fields.length >> 1, fields.length - 1])) {
    fields[k].focus();
    if (!shown(fields[k])) wrong.push(`field ${k} is covered`);
    if (!named()) wrong.push(`the name is out of view at field ${k}`);
    if (document.documentElement.scrollWidth > innerWidth) wrong.push(`the page scrolls sideways at field ${k}`);
  }
  return wrong;
}"""
)


def _every_tab_whole_and_distinct(calc: Any, count: int) -> None:
    """The switcher shows every player's tab whole: none scrolled out of the row, no label
    or total cut short, and no two tabs reading the same (default names cut to «Граве…»
    made five identical tabs)."""
    row = calc.locator("[data-switcher]").bounding_box()
    tabs = calc.locator("[data-switch]")
    assert tabs.count() == count
    seen = []
    for k in range(count):
        tab = tabs.nth(k)
        box = tab.bounding_box()
        assert (
            row["x"] - 0.5 <= box["x"] and box["x"] + box["width"] <= row["x"] + row["width"] + 0.5
        ), f"tab {k + 1} of {count} is outside the row"
        for part in (".rb-switch-name", ".rb-running"):
            assert tab.locator(part).evaluate("e => e.scrollWidth <= e.clientWidth"), (
                f"tab {k + 1}: {part} is cut"
            )
        seen.append(tab.inner_text())
    assert len(set(seen)) == count, f"tabs read the same: {seen}"


@pytest.mark.parametrize(
    ("game", "count", "screen"), TABLES, ids=[f"{g}-{n}-{s}" for g, n, s in TABLES]
)
def test_the_form_fits_and_names_stay_in_view(
    browser: Any,
    kept_pages: dict[tuple[int, int], Any],
    base_url: str,
    game: str,
    count: int,
    screen: str,
) -> None:
    with _kept(browser, kept_pages, f"{base_url}en/{game}/scoring/", screen) as (page, errors):
        calc = page.locator("[data-calculator]")
        calc.locator("[data-player-count]").select_option(str(count))
        open_tie_fold(calc)  # the fields needed only on a tie must fit too
        assert _overflow(page) <= 0, f"the page scrolls sideways at {SCREENS[screen][0]} px"
        if screen == "phone":
            _every_tab_whole_and_distinct(calc, count)
        for player in range(count):
            if screen == "phone":
                calc.locator(f'[data-switch="{player}"]').click()
            assert calc.evaluate(FOCUS_EACH, player) == [], f"player {player + 1}"
        assert page.locator(".md-top:visible").count() == 0, "no floating button over the form"
        if screen == "laptop":
            box = calc.locator(".rb-calc-grid").bounding_box()
            assert box is not None and box["x"] + box["width"] <= SCREENS[screen][0]
        assert not errors, errors


def test_six_players_fit_a_laptop(
    browser: Any, kept_pages: dict[tuple[int, int], Any], base_url: str
) -> None:
    with _kept(browser, kept_pages, base_url + "en/viticulture/scoring/", "laptop") as (page, _):
        calc = page.locator("[data-calculator]")
        calc.locator("[data-player-count]").select_option("6")
        scroll = calc.locator(".rb-calc-scroll")
        assert scroll.evaluate("e => e.scrollWidth <= e.clientWidth"), "six columns fit"
        for player in range(6):
            assert calc.locator(f'[data-player-name="{player}"]').evaluate(SHOWN)


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_every_problem_at_once_with_the_players_name(
    browser: Any, kept_pages: dict[tuple[int, int], Any], base_url: str, language: str
) -> None:
    """Nile: a decimal, two values over the limit and too many cards of one crop for the
    box, all listed in one round, each with the player's name and never a path."""
    url = f"{base_url}{language}/nile/scoring/"
    with _kept(browser, kept_pages, url, "phone") as (page, _):
        calc = page.locator("[data-calculator]")
        calc.locator('[data-player-name="0"]').fill("Dee")
        for field, value in (("papyrus", "1.5"), ("wheat", "99"), ("lettuce", "99")):
            calc.locator(f'[data-input="{field}"][data-player="0"]').fill(value)
        items = calc.locator("[data-problems] li")
        assert items.count() >= 3
        texts = [items.nth(k).inner_text() for k in range(items.count())]
        assert all("Dee" in t for t in texts), texts
        assert not any(re.search(r"players\[|\]\.", t) for t in texts), texts
        invalid = calc.locator('[aria-invalid="true"][data-player="0"]')
        assert invalid.count() >= 3, "each problem marks its field"


def _enter(calc: Any, state: dict[str, Any], phone: bool) -> tuple[int, int]:
    """Type an end state in as a player would: (entries in the players' fields, entries in
    the settings: options, player count, table). Names are not counted: they come from the
    setup; nor is a tap on the next player's tab on a phone."""
    entries = 0
    for option, value in state.get("options", {}).items():
        field = calc.locator(f'[data-option="{option}"]')
        if isinstance(value, bool):
            if field.is_checked() != value:
                field.set_checked(value)
                entries += 1
        elif field.input_value() != str(value):
            field.select_option(str(value))
            entries += 1
    players = state["players"]
    calc.locator("[data-player-count]").select_option(str(len(players)))
    entries += 1
    for table_input, value in state.get("table", {}).items():
        calc.locator(f'[data-table="{table_input}"]').select_option(str(value))
        entries += 1
    settings, entries = entries, 0
    for index, player in enumerate(players):
        if phone:
            calc.locator(f'[data-switch="{index}"]').click()
        calc.locator(f'[data-player-name="{index}"]').fill(player["name"])
        for key, value in player.items():
            if key == "name" or value in (0, False, [], None):
                continue  # an empty field is already zero
            field = calc.locator(f'[data-input="{key}"][data-player="{index}"]')
            if not field.is_visible():  # needed of this player only on a tie: folded
                open_tie_fold(calc)
            fill_field(field, value)
            entries += 1
    return entries, settings


def _largest_base_case(game: str, players: int) -> Case:
    cases = GAMES[game].cases
    assert cases is not None
    found = [
        c
        for c in cases.cases
        if len(c.state["players"]) == players and not any(c.state.get("options", {}).values())
    ]
    assert found, f"a {players}-player base-game case of {game}"
    return found[0]


@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_tokaido_from_the_score_track_in_30_entries(
    browser: Any, kept_pages: dict[tuple[int, int], Any], base_url: str, screen: str
) -> None:
    content = GAMES["tokaido"]
    engine = GameEngine(content)
    case = _largest_base_case("tokaido", 4)
    full = {"game": "tokaido", **case.state}
    entered = track_state(content, engine, full)
    with _kept(browser, kept_pages, base_url + "en/tokaido/scoring/", screen) as (page, _):
        calc = page.locator("[data-calculator]")
        fields, settings = _enter(calc, entered, screen == "phone")
        # The goal is 30 in all; the mode and the player count are 2 more, once per game.
        assert fields <= 30, f"{fields} field entries from the score track"
        expected = {e.name: e for e in case.expected}
        for index, player in enumerate(entered["players"]):
            total = calc.locator(f'[data-result="total"][data-player="{index}"]').inner_text()
            rank = calc.locator(f'[data-result="rank"][data-player="{index}"]').inner_text()
            assert (int(total), int(rank)) == (
                expected[player["name"]].total,
                expected[player["name"]].rank,
            )
        print(f"Tokaido, 4 players, {screen}: {fields} + {settings} entries from the score track")
    # A full count types every field that is not zero (the full game is typed in, and its
    # result checked, by test_site_browser.py's conformance tests).
    full_fields = sum(
        1
        for player in full["players"]
        for key, value in player.items()
        if key != "name" and value not in (0, False, [], None)
    )
    print(f"Tokaido, 4 players, {screen}: {full_fields} + {settings} entries in a full count")
    assert full_fields > fields


@pytest.mark.parametrize("game", sorted(GAMES))
def test_results_in_rank_order_winners_first(
    browser: Any, kept_pages: dict[tuple[int, int], Any], base_url: str, game: str
) -> None:
    cases = GAMES[game].cases
    assert cases is not None
    case = max(cases.cases, key=lambda c: len({e.rank for e in c.expected}))
    with _kept(browser, kept_pages, f"{base_url}en/{game}/scoring/", "laptop") as (page, _):
        calc = page.locator("[data-calculator]")
        enter_state(page, {"game": game, **case.state}, game)  # the subject is the result
        heads = calc.locator("[data-result-name]")
        names = [heads.nth(k).inner_text() for k in range(heads.count())]
        ranks = {e.name: e.rank for e in case.expected}
        assert [ranks[n] for n in names] == sorted(ranks[n] for n in names), names
        winners = [e.name for e in case.expected if e.winner]
        if winners:
            first_place = calc.locator("[data-standings] li").first.inner_text()
            assert any(w in first_place for w in winners), first_place
            assert calc.locator("[data-verdict]").count() == (1 if len(case.expected) > 1 else 0)
        first = GAMES[game].scoring.ranking.keys[0].value
        broken = any(e.decided_by not in (None, first) for e in case.expected)
        assert calc.locator('[data-result-row="tiebreak"]').count() == (1 if broken else 0)


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_every_explanation_cell_says_something(site: Path, language: str) -> None:
    for game in GAMES:
        html = (site / language / game / "scoring" / "index.html").read_text(encoding="utf-8")
        table = html.split('class="rb-scroll rb-table rb-categories"', 1)[1].split("</table>", 1)[0]
        cells = re.findall(r"<td>(.*?)</td>", table, flags=re.S)
        # Categories scored alike share a row; each keeps its anchor.
        anchors = re.findall(r'id="category-([^"]+)"', table)
        wanted = [c.id.replace("_", "-") for c in GAMES[game].scoring.categories]
        assert sorted(anchors) == sorted(wanted), game
        assert len(cells) == len(re.findall(r"<tr id=", table)), game
        empty = [k for k, cell in enumerate(cells) if not re.sub(r"<[^>]+>", "", cell).strip()]
        assert not empty, f"{language}/{game}: empty cells {empty}"


#: Whether an element is rendered, counting a subtree skipped by content-visibility: auto.
RENDERED = "e => e.checkVisibility({ contentVisibilityAuto: true })"


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_results_out_of_view_wait_and_read_right_once_scrolled_to(
    browser: Any, base_url: str, language: str
) -> None:
    """On a phone the results sit below the form: the browser skips laying them out while the
    table types (a keystroke's main cost), and lays them out once the player scrolls to
    them, whole, with the right winner and no sideways scroll; on paper they print."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, as_shipped=True)
    page = context.new_page()
    try:
        page.goto(base_url + f"{language}/tokaido/scoring/")
        page.wait_for_function(
            "document.querySelector('[data-calculator]')?.dataset.ready === 'true'"
        )
        case = max(GAMES["tokaido"].cases.cases, key=lambda c: len(c.expected))  # type: ignore[union-attr]
        enter_state(page, {"game": "tokaido", **case.state}, "tokaido")
        calc = page.locator("[data-calculator]")
        results, explained = calc.locator("[data-results]"), page.locator("[data-explain]")
        page.evaluate("scrollTo(0, 0)")
        page.wait_for_timeout(100)  # the browser decides what is near the screen at the next frame
        winners_line = calc.locator("[data-winners]")
        assert not winners_line.evaluate(RENDERED), "results out of view are not laid out"
        results.scroll_into_view_if_needed()
        page.wait_for_function(f"({RENDERED})(document.querySelector('[data-winners]'))")
        winners = [e.name for e in case.expected if e.winner]
        shown = winners_line.inner_text()
        assert winners and all(name in shown for name in winners), shown
        assert _overflow(page) <= 0, "the results scroll the page sideways"
        explained.scroll_into_view_if_needed()
        page.wait_for_function(f"({RENDERED})(document.querySelector('[data-explain-player]'))")
        assert page.locator("[data-explain-player]").count() == len(case.expected)
        assert _overflow(page) <= 0, "the explanation scrolls the page sideways"
        page.evaluate("scrollTo(0, 0)")
        page.emulate_media(media="print")
        assert winners_line.evaluate(RENDERED), "the printed sheet lays the results out"
    finally:
        context.close()


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_the_calculator_opens_without_a_jump_and_fits_its_grid_at_first(
    browser: Any, base_url: str, language: str, screen: str
) -> None:
    """Nothing on the calculator page moves while it opens (the form is drawn before the
    page is first shown, and the grid is fitted once laid out, not measured inside the
    first draw), and the grid scrolls in its own box exactly when it is wider than the page,
    from the first view on and after the window changes size."""
    context, page, errors = _open(browser, base_url, f"{language}/tokaido/scoring/", screen)
    try:
        assert page.evaluate(LAYOUT_SHIFTS) == 0
        calc = page.locator("[data-calculator]")
        calc.locator("[data-player-count]").select_option("5")
        calc.locator('[data-view="all"]').click()
        box = calc.locator(".rb-calc-scroll")
        fits = "b => b.classList.contains('rb-scrolls') === (b.scrollWidth > b.clientWidth + 1)"
        page.wait_for_timeout(50)
        assert box.evaluate(fits)
        wide = box.evaluate("b => b.classList.contains('rb-scrolls')")
        assert wide == (screen == "phone"), "five players overflow a phone, not a laptop"
        page.set_viewport_size({"width": 1280 if screen == "phone" else 360, "height": 800})
        page.wait_for_function(
            f"document.querySelector('.rb-calc-scroll').classList.contains('rb-scrolls') === {str(not wide).lower()}"
        )
        assert box.evaluate(fits)
    finally:
        context.close()
    assert not errors, errors
