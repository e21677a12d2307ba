"""The results every player at the table can read (issue 28, item 4), on a phone (360x740)
and a laptop (1280x800), in fr, uk and en:

- at the top, every player (and a rival that takes a place) with their place and total,
  tied players sharing the number of their place;
- then the breakdown, every player's readable without a column out of view;
- a solo or co-op game says who won or lost against the rival, never "Winners: —", in
  one sentence by its margin to the rival (scorer/verdict.py), the command's very words,
  right under the places, and the rival's fields name it in the third person.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from rulebook.cache import load_content
from rulebook.commands.score import labels, verdict_line
from rulebook.i18n.runtime import translator
from schemas.cases import Case
from scorer.engine import GameEngine
from tests.browser.conftest import calculator_at, shoot
from tests.browser.forms import FORGET_TABLE, enter_state, fill_field

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = load_content(CONTENT)
SCREENS = {"phone": (360, 740), "laptop": (1280, 800)}

#: Whether the element is drawn and wholly inside the screen's width and inside every box
#: around it that scrolls or clips sideways (a column scrolled out of its table's box is
#: hidden as surely as one off the screen).
READABLE = """e => {
  if (!e.checkVisibility()) return false;
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.left < -0.5 || r.right > innerWidth + 0.5) return false;
  for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
    if (!/(auto|scroll|hidden|clip)/.test(getComputedStyle(a).overflowX)) continue;
    const b = a.getBoundingClientRect();
    if (r.left < b.left - 0.5 || r.right > b.right + 0.5) return false;
  }
  return e.scrollWidth <= e.clientWidth + 1;
}"""


def _cases_by_count(game: str) -> dict[int, Case]:
    """A case per player count: the one with the most distinct places."""
    cases = GAMES[game].cases
    assert cases is not None
    found: dict[int, Case] = {}
    for case in cases.cases:
        n = len(case.state["players"])
        if n not in found or len({e.rank for e in case.expected}) > len(
            {e.rank for e in found[n].expected}
        ):
            found[n] = case
    return dict(sorted(found.items()))


@contextmanager
def _opened(browser: Any, kept: dict[tuple[int, int], Any], url: str, screen: str) -> Iterator[Any]:
    """The calculator at ``url`` on ``screen``, in the module's kept page of that size."""
    with calculator_at(browser, kept, url, SCREENS[screen], timeout=10_000) as (page, _):
        yield page


def _fresh(page: Any) -> None:
    """The page again with no table kept from the case before."""
    page.evaluate(FORGET_TABLE)
    page.reload()
    page.wait_for_function("document.querySelector('[data-calculator]')?.dataset.ready === 'true'")


#: What check_standings reads, in one call: each Playwright call is a round trip to the
#: browser (some 60 of them per table, half a second of CPU, more than the page costs).
#: Called on the breakdown's parts Playwright sees as visible (its own ``:visible``), in the
#: order of the page; a frame goes by first, as it did between the calls it replaces (the
#: form's grid is fitted once laid out).
STANDINGS = (
    """async (parts, count) => {
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
  const readable = """
    + READABLE
    + """;
  const box = (e) => {
    if (!e || e.getClientRects().length === 0) return null;
    const r = e.getBoundingClientRect();
    return { y: r.y, height: r.height };
  };
  const calc = document.querySelector("[data-calculator]");
  const lists = calc.querySelectorAll("[data-standings]");
  const players = [];
  for (let index = 0; index < count; index++) {
    const found = calc.querySelectorAll(`[data-standings] > li[data-standing="${index}"]:not([data-rival])`);
    const item = found[0];
    players.push(found.length !== 1 ? { count: found.length } : {
      count: 1,
      places: [...item.querySelectorAll("[data-place]")].map((p) => p.getAttribute("data-place")),
      text: item.innerText,
      readable: readable(item),
    });
  }
  return {
    lists: lists.length,
    items: [...calc.querySelectorAll("[data-standings] > li")]
      .map((li) => ({ text: li.innerText, rival: li.hasAttribute("data-rival") })),
    players,
    parts: parts.map((e) => ({ key: e.dataset.resultCard ?? e.dataset.resultName, readable: readable(e) })),
    top: lists.length === 1 ? box(lists[0]) : null,
    below: box(parts[0]),
    overflow: document.documentElement.scrollWidth - innerWidth,
  };
}"""
)


def check_standings(page: Any, case: Case) -> list[str]:
    """What is wrong with the results of ``case`` as the page shows them."""
    calc = page.locator("[data-calculator]")
    order = [p["name"] for p in case.state["players"]]
    parts = calc.locator("[data-result-card]:visible, [data-result-name]:visible")
    seen = parts.evaluate_all(STANDINGS, len(order))
    wrong: list[str] = []
    if seen["lists"] != 1:
        return ["no list of places at the top"]
    shown = [item["text"] for item in seen["items"]]
    players = [item["text"] for item in seen["items"] if not item["rival"]]
    if len(players) != len(order):
        wrong.append(f"{len(players)} of {len(order)} players at the top: {shown}")
    for expected in case.expected:
        item = seen["players"][order.index(expected.name)]
        if item["count"] != 1:
            wrong.append(f"{expected.name} is not at the top")
            continue
        if len(item["places"]) != 1:
            wrong.append(f"{expected.name}: {len(item['places'])} places shown")
        elif item["places"][0] != str(expected.rank):
            wrong.append(f"{expected.name}: place {item['places'][0]}, expected {expected.rank}")
        text = item["text"]
        if expected.name not in text or (
            expected.total is not None and f"{expected.total}" not in text.replace("\u202f", "")
        ):
            wrong.append(f"{expected.name}: the top reads {text!r}")
        if not item["readable"]:
            wrong.append(f"{expected.name}: the top line is cut or off the screen")
    # Then the breakdown, each player's part readable where it is.
    keys = [part["key"] for part in seen["parts"]]
    for index, name in enumerate(order):
        if str(index) not in keys:
            wrong.append(f"{name}'s breakdown is not shown")
            continue
        if not seen["parts"][keys.index(str(index))]["readable"]:
            wrong.append(f"{name}'s breakdown is out of view to the side")
    top, below = seen["top"], seen["below"]
    if top and below and top["y"] + top["height"] > below["y"] + 0.5:
        wrong.append("the standings are not above the breakdown")
    if seen["overflow"] > 0:
        wrong.append("the page scrolls sideways")
    return wrong


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("language", ["fr", "uk", "en"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_player_at_the_top_of_the_results(
    browser: Any,
    kept_pages: dict[tuple[int, int], Any],
    base_url: str,
    game: str,
    language: str,
    screen: str,
) -> None:
    """Every player count of the game in English; its largest table in French and
    Ukrainian (the words change, the layout is the same)."""
    by_count = _cases_by_count(game)
    counts = list(by_count) if language == "en" else [max(by_count)]
    with _opened(browser, kept_pages, f"{base_url}{language}/{game}/scoring/", screen) as page:
        for k, count in enumerate(counts):
            if k:
                _fresh(page)
            case = by_count[count]
            enter_state(page, {"game": game, **case.state}, game)
            wrong = check_standings(page, case)
            if count == max(by_count):
                shoot(
                    page.locator("[data-results]"), f"calc-results-{game}-{language}-{screen}.png"
                )
            assert wrong == [], f"{game}, {count} players ({case.id}): {wrong}"


@pytest.mark.parametrize("screen", SCREENS)
def test_a_shared_win_shares_the_place(
    browser: Any, kept_pages: dict[tuple[int, int], Any], base_url: str, screen: str
) -> None:
    """Two players level on points and on every tiebreaker share first place: both are
    numbered 1, and the next player is 3rd."""
    with _opened(browser, kept_pages, base_url + "en/viticulture/scoring/", screen) as page:
        state = {
            "game": "viticulture",
            "players": [
                {"name": "Ben", "vp": 21},
                {"name": "Chloe", "vp": 21},
                {"name": "Dee", "vp": 12},
            ],
        }
        enter_state(page, state, "viticulture")
        items = page.locator("[data-standings] > li")
        assert [items.nth(k).inner_text().split(" — ")[0] for k in range(3)] == [
            "1. Ben",
            "1. Chloe",
            "3. Dee",
        ]


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_solo_and_coop_say_who_won_against_the_rival(
    browser: Any, kept_pages: dict[tuple[int, int], Any], base_url: str, language: str
) -> None:
    """Viticulture solo against the Automa (at 20), won then lost; River of Gold against
    Seishin, the team losing: a line says who won, and the rival has its place at the top."""
    with _opened(
        browser, kept_pages, f"{base_url}{language}/viticulture/scoring/", "phone"
    ) as page:
        calc = page.locator("[data-calculator]")
        state = {
            "game": "viticulture",
            "options": {"solo_automa": True},
            "players": [{"name": "Anna", "vp": 24}],
        }
        enter_state(page, state, "viticulture")
        assert calc.locator("[data-winners]").inner_text() == "Anna"
        assert calc.locator('[data-outcome="won"]').count() == 1
        rival = calc.locator('[data-standings] > li[data-rival="automa"]')
        assert rival.locator("[data-place]").get_attribute("data-place") == "2"
        calc.locator('[data-input="vp"][data-player="0"]').fill("18")
        assert calc.locator("[data-winners]").count() == 0, "no 'Winners: —'"
        outcome = calc.locator('[data-outcome="lost"]').inner_text()
        assert "Automa" in outcome or "Автома" in outcome, outcome
        assert rival.locator("[data-place]").get_attribute("data-place") == "1"
        page.evaluate(FORGET_TABLE)
        page.goto(base_url + f"{language}/river_of_gold/scoring/")
        page.wait_for_function(
            "document.querySelector('[data-calculator]')?.dataset.ready === 'true'"
        )
        cases = GAMES["river_of_gold"].cases
        assert cases is not None
        case = next(c for c in cases.cases if c.id == "seishin_coop_team_loses")
        assert not any(e.winner for e in case.expected)
        enter_state(page, {"game": "river_of_gold", **case.state}, "river_of_gold")
        assert calc.locator("[data-winners]").count() == 0, "no 'Winners: —'"
        assert calc.locator("[data-outcome]").count() == 1
        assert calc.locator('[data-standings] > li[data-rival="seishin"]').count() == 1
        assert check_standings(page, case) == []
        shoot(page.locator("[data-results]"), f"calc-results-seishin-{language}-phone.png")


def _rival_states() -> list[tuple[str, dict[str, Any]]]:
    """Solo won and lost against the Automa, and River of Gold's solo and co-op cases
    against Seishin (won, lost, tied, a goal missed)."""
    solo = {"game": "viticulture", "options": {"solo_automa": True}}
    states = [
        ("viticulture", {**solo, "players": [{"name": "Anna", "vp": 24}]}),
        ("viticulture", {**solo, "players": [{"name": "Anna", "vp": 17}]}),
    ]
    cases = GAMES["river_of_gold"].cases
    assert cases is not None
    for ident in (
        "seishin_solo_tie_loses",
        "seishin_coop_team_loses",
        "seishin_coop_team_wins_crab",
        "seishin_coop_crab_fails",
    ):
        case = next(c for c in cases.cases if c.id == ident)
        states.append(("river_of_gold", {"game": "river_of_gold", **case.state}))
    return states


def _command_says(game: str, state: dict[str, Any], language: str) -> str:
    """The verdict line ``rulebook score`` prints for ``state`` in ``language``."""
    content = GAMES[game]
    result = GameEngine(content).score(state).to_json()
    said = verdict_line(labels(content, translator(content, language)), result)
    assert said is not None, "a game against a rival has a verdict"
    return said


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_the_verdict_against_a_rival_leads_the_results(
    browser: Any, kept_pages: dict[tuple[int, int], Any], base_url: str, language: str, screen: str
) -> None:
    """The sentence the command prints is the one the page shows, right under the places
    and above the breakdown, on the first screen of the results."""
    states = _rival_states()
    url = f"{base_url}{language}/{states[0][0]}/scoring/"
    with _opened(browser, kept_pages, url, screen) as page:
        calc = page.locator("[data-calculator]")
        for k, (game, state) in enumerate(states):
            # The first state goes into the page as _opened drew it, with no table kept.
            if k and game != states[k - 1][0]:
                page.evaluate(FORGET_TABLE)
                page.goto(base_url + f"{language}/{game}/scoring/")
                page.wait_for_function(
                    "document.querySelector('[data-calculator]')?.dataset.ready === 'true'"
                )
            elif k:
                _fresh(page)
            enter_state(page, state, game)
            verdict = calc.locator("[data-verdict][data-outcome]")
            assert verdict.count() == 1, f"{game} {k}: no verdict against the rival"
            assert verdict.inner_text() == _command_says(game, state, language)
            page.locator("[data-results]").evaluate("e => e.scrollIntoView({block: 'start'})")
            box = verdict.bounding_box()
            height = page.evaluate("innerHeight")
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (
                f"{game} {k}: the verdict is not on the first screen of the results: {box}"
            )
            assert verdict.evaluate(READABLE), f"{game} {k}: the verdict is cut"
            breakdown = calc.locator("[data-result-card], [data-result-name]").first.bounding_box()
            assert breakdown is not None and box["y"] < breakdown["y"]
            shoot(page, f"verdict-{game}-{k}-{language}-{screen}.png")


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_the_rivals_fields_name_it(
    browser: Any, kept_pages: dict[tuple[int, int], Any], base_url: str, language: str
) -> None:
    """Seishin's fields say what Seishin owns, where the players' say "you"."""
    url = f"{base_url}{language}/river_of_gold/scoring/"
    with _opened(browser, kept_pages, url, "laptop") as page:
        content = GAMES["river_of_gold"]
        translate = translator(content, language)
        seishin = next(r for r in content.scoring.rivals if r.id == "seishin")
        name = translate("scoring.rivals.seishin.label", seishin.label)
        fill_field(page.locator('[data-calculator] [data-option="seishin_level"]'), "level_2")
        field = page.locator('[data-calculator] [data-rival="seishin"][data-input="built_regions"]')
        label = page.locator(f'label[for="{field.get_attribute("id")}"]').inner_text()
        own = next(item for item in seishin.labels if item.input == "built_regions")
        assert label == translate("scoring.rivals.seishin.labels.built_regions.label", own.label)
        assert name in label
        spec = next(i for i in content.scoring.inputs if i.id == "built_regions")
        assert label != translate("scoring.inputs.built_regions.label", spec.label)
