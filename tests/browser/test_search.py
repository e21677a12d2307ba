"""Search at the table: each game's own vocabulary, in each language, typed as a reader
types it (no accents, an ASCII apostrophe, a dictionary or an inflected form), lands on
the section that answers within the first three results, online and offline; search says
when it cannot run; offline, a page of a language not kept answers with the site's own
offline page in the reader's language, and the root works once visited.

A "result" is a link the result list shows without a further tap (Material folds a page's
weaker sections under "more on this page"): a page's link, then its shown sections.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from rulebook.site.serve import serve_in_thread

LANGUAGES = ("fr", "uk", "en")

#: (game, what is asked, the sections that answer it, the words typed in each language).
CASES: list[tuple[str, str, tuple[str, ...], dict[str, list[str]]]] = [
    (
        "nile",
        "locusts",
        ("nile/rules/#locusts", "nile/rules/#locusts_card", "nile/glossary/#locusts_card"),
        {
            "fr": ["sauterelles", "sauterelle"],
            "uk": ["сарана", "сарани", "сарану"],
            "en": ["locusts", "locust"],
        },
    ),
    (
        "nile",
        "tie",
        # The complete tie's example is a subsection of the tiebreaker's (h3 under its h2).
        ("nile/rules/#tiebreak", "nile/rules/#full_tie_example", "nile/glossary/#tiebreak"),
        {
            "fr": ["egalite", "égalité", "departage"],
            "uk": ["нічия", "нічиєю", "нічиї"],
            "en": ["tie", "ties", "tiebreaker"],
        },
    ),
    (
        "nile",
        "harvest",
        ("nile/rules/#harvest", "nile/glossary/#harvest"),
        {"fr": ["recolte", "récolte"], "uk": ["урожай", "урожаю"], "en": ["harvest"]},
    ),
    (
        "river_of_gold",
        "emperor",
        ("river_of_gold/rules/#emperor_visit", "river_of_gold/glossary/#emperor_visit"),
        {
            "fr": ["empereur", "l'empereur", "l’Empereur"],
            "uk": ["імператор", "імператора"],
            "en": ["emperor", "emperor's"],
        },
    ),
    (
        "river_of_gold",
        "two-player gap",
        ("river_of_gold/rules/#two_player_gap",),
        {"fr": ["ecart", "l'ecart"]},
    ),
    (
        "viticulture",
        "wake-up",
        ("viticulture/glossary/#wake_up_chart", "viticulture/rules/#spring"),
        {
            "fr": ["reveil", "réveil"],
            "uk": ["пробудження", "пробудженню"],
            "en": ["wake-up", "wake up"],
        },
    ),
    (
        "momiji",
        "acorn",
        ("momiji/rules/#acorns", "momiji/glossary/#acorn"),
        {
            "fr": ["gland", "glands"],
            "uk": ["жолудь", "жолуді", "жолудів"],
            "en": ["acorn", "acorns"],
        },
    ),
    (
        "tokaido",
        "inn",
        ("tokaido/glossary/#inn", "tokaido/rules/#space_inn"),
        {"fr": ["relais"], "uk": ["корчма", "корчми"], "en": ["inn", "inns"]},
    ),
]

#: The links the result list shows, pages and sections, in order (not those under "more").
SHOWN = """() => [...document.querySelectorAll('.md-search-result__list > li > a')]
  .map((a) => a.getAttribute('href'))"""


def open_search(page: Any) -> None:
    """Tap the search: the magnifier on a phone, the field itself on a wide screen."""
    toggle = page.locator("label.md-header__button[for=__search]")
    if toggle.is_visible():
        toggle.click()
    else:
        page.locator("input.md-search__input").click()


def shown_results(page: Any, language: str, query: str) -> list[str]:
    """Type ``query`` into the open search and return the shown results as paths under the
    language's root (``nile/rules/#harvest``), once the results (or "none") are there."""
    page.locator("input.md-search__input").fill("")
    page.keyboard.press("End")  # Material reads the field on keyup: the old results go
    page.wait_for_function("() => !document.querySelector('.md-search-result__list > li')")
    # The whole query at once, then one keyup: typed letter by letter, each prefix is
    # searched, and the results of "l" could be read for those of "l'empereur".
    page.locator("input.md-search__input").fill(query)
    page.keyboard.press("End")
    try:
        page.locator(".md-search-result__list > li").first.wait_for(timeout=8_000)
    except PlaywrightTimeout:
        return []
    # No wait for more: Material shows the first ten pages' groups in the task that shows
    # the first one (its result list appends them from one synchronous array), and the
    # worker answers a query with one message.
    found = [
        re.sub(r"\?h=[^#]*", "", href.split(f"/{language}/", 1)[-1])
        for href in page.evaluate(SHOWN)
    ]
    return found


def misses(page: Any, base_url: str, language: str) -> list[str]:
    """Every query of CASES in ``language`` whose answer is not in the first three results,
    each searched from its game's rules page (as at the table), the search opened once on
    each page and each query typed in place of the one before."""
    missed = []
    # Each game's page is opened once for all its cases: each opening builds the search
    # index again in the page's worker (a second of CPU), and every query starts afresh.
    for game in dict.fromkeys(case[0] for case in CASES):
        asked_here = [
            (asked, answers, queries[language])
            for of, asked, answers, queries in CASES
            if of == game and language in queries
        ]
        if not asked_here:
            continue
        page.goto(f"{base_url}{language}/{game}/rules/")
        open_search(page)
        for asked, answers, words in asked_here:
            for query in words:
                first = shown_results(page, language, query)[:3]
                if not any(result in answers for result in first):
                    missed.append(f"{game}: {asked}: {query!r} -> {first}")
    return missed


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_games_words_land_on_their_section_online(
    page: Any, base_url: str, language: str
) -> None:
    assert misses(page, base_url, language) == []


@contextmanager
def offline_site(browser: Any, site: Path, locale: str, first: str) -> Iterator[tuple[Any, str]]:
    """A page that opened ``first`` online, once, with the service workers on, and is then
    cut from the network (its own server stopped, the context offline)."""
    server, url = serve_in_thread(site)
    context = browser.new_context(service_workers="allow", locale=locale)
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(url + first)
        # The language's worker and the root's, registered once idle; installing keeps
        # every page of the language, its search index and search workers.
        page.wait_for_function(
            "async () => { const all = await navigator.serviceWorker.getRegistrations();"
            " return all.length === 2 && all.every((r) => r.active?.state === 'activated'); }",
            timeout=60_000,
        )
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        server.shutdown()
        server.server_close()
        context.set_offline(True)
        # Only what the workers kept: nothing from the browser's own cache.
        context.new_cdp_session(page).send("Network.clearBrowserCache")
        yield page, url
    finally:
        server.shutdown()
        context.close()
    assert errors == [], f"script errors on the page: {errors}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_games_words_land_on_their_section_offline_from_the_first_visit(
    browser: Any, site: Path, language: str
) -> None:
    """Search is never used online: the index comes from what the first visit kept."""
    with offline_site(browser, site, language, f"{language}/") as (page, url):
        assert misses(page, url, language) == []


def test_search_says_when_it_cannot_run(browser: Any, base_url: str) -> None:
    """Offline without a worker (blocked here, as before a first visit kept anything): the
    search says it cannot start, in the page's language, instead of initialising for ever."""
    context = browser.new_context(locale="uk-UA")  # service workers blocked
    page = context.new_page()
    try:
        page.goto(base_url + "uk/nile/rules/")
        context.set_offline(True)
        open_search(page)
        meta = page.locator(".md-search-result__meta")
        said = meta.get_attribute("data-rb-unavailable") or ""
        assert said.startswith("Пошук не може запуститися")
        page.wait_for_function(
            "(said) => document.querySelector('.md-search-result__meta').textContent === said",
            arg=said,
        )
    finally:
        context.close()


def test_offline_a_language_not_kept_shows_the_readers_offline_page(
    browser: Any, site: Path
) -> None:
    """A French reader who opened the French site goes offline: the Ukrainian pages (never
    opened) and a French page answer with the French offline page, styled and with working
    links; the site's root still sends the reader to the French pages."""
    with offline_site(browser, site, "fr-FR", "") as (page, url):
        assert page.url == url + "fr/"  # the root sent the French reader to French
        page.goto(url + "uk/nile/rules/")
        assert page.locator("html").get_attribute("lang") == "fr"
        assert page.locator("h1").inner_text() == "Vous êtes hors ligne"
        assert page.locator(".md-header").evaluate("(e) => e.getBoundingClientRect().height") > 0
        assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") in (
            "sticky",
            "fixed",
        ), "Material's stylesheet applies"
        page.locator(".md-content a.md-button").click()
        page.wait_for_url(url + "fr/")
        assert page.locator("html").get_attribute("lang") == "fr"
        page.goto(url + "fr/no/such/page/")
        assert page.locator("h1").inner_text() == "Vous êtes hors ligne"
        page.goto(url)
        page.wait_for_url(url + "fr/")
        assert page.locator(".md-content h1").count() == 1
