"""Reading at the table, in a real browser: the one-page quick reference, rules that read
quickly, the site's basics (404, offline page, language fallback, lazy loading) and the site
served under a sub-path, in fr, uk and en, at 360x740 and 1280x800.

Screenshots go to ``$RULEBOOK_SHOTS`` when it is set, to look at them; none are taken
without it, as in the results and focus tests: no check reads them, and each cost a few
tenths of a second of the browser's CPU (the quick reference's also a change of size).
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from schemas import languages
from tests.browser.conftest import LAYOUT_SHIFTS, SHOTS, shoot
from tests.conftest import GAME_IDS

LANGUAGES = ("fr", "uk", "en")
GAMES = GAME_IDS
PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}
#: Printed pages a quick reference may take (Viticulture's year has more to say).
PAGES = {"viticulture": 2}
PREFIX = "/some/prefix/"


def _open(
    browser: Any, url: str, viewport: dict[str, int], locale: str = "en-US", worker: bool = False
) -> Any:
    workers = "allow" if worker else "block"
    context = browser.new_context(viewport=viewport, locale=locale, service_workers=workers)
    page = context.new_page()
    page.set_default_timeout(15_000)
    # Opened once loaded (its stylesheets, scripts and images in): what comes after is the
    # favicon and Material's search worker, which change nothing these tests read, and
    # waiting for the network to be idle added half a second to every page. The test of
    # what a page does not load waits for that itself.
    page.goto(url)
    return page


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_quick_reference_prints_on_one_page_and_fits_three_phone_screens(
    browser: Any, base_url: str, game: str, language: str
) -> None:
    page = _open(browser, f"{base_url}{language}/{game}/quick-reference/", PHONE)
    try:
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height / PHONE["height"] <= 3, f"{height / PHONE['height']:.2f} phone screens"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        for paper in ("A4", "Letter"):
            printed = _pdf_pages(page.pdf(format=paper))
            assert printed <= PAGES.get(game, 1), f"{paper}: {printed} pages"
        # What the content marks for it is there: the summary, the scoring, the missed rules.
        assert page.locator(".rb-quick-list").count() >= 2
        assert page.locator(".rb-categories tr").count() >= 1
        if SHOTS is not None:
            shoot(page, f"quick-{language}-{game}-360.png")
            page.set_viewport_size(LAPTOP)
            shoot(page, f"quick-{language}-{game}-1280.png")
    finally:
        page.context.close()


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_open_with_the_summary_and_keep_sources_folded(
    browser: Any, base_url: str, language: str, viewport: dict[str, int]
) -> None:
    page = _open(browser, f"{base_url}{language}/tokaido/rules/", viewport)
    try:
        first = page.locator(".md-content h2").first
        assert first.get_attribute("id") == "at_the_table"
        assert page.locator(".rb-at-table li").count() >= 3
        # Source notes are folded away, and name no internal file or untranslated title.
        notes = page.locator("details.rb-sources")
        assert notes.count() > 0
        assert page.locator("details.rb-sources[open]").count() == 0
        text = page.locator(".md-content").inner_text()
        for internal in ("games.md", ".yaml", "Foire aux questions", "gaps.md"):
            assert internal not in text
        if language == "uk":
            # Travellers go by their Ukrainian names (the worked example's players too).
            for latin in ("Kinko", "Mitsukuni", "Satsuki", "Yoshiyasu"):
                assert latin not in text
        # A term is linked once per section at most.
        repeated = page.evaluate(
            """() => {
              const found = [];
              let seen = new Set();
              for (const el of document.querySelectorAll('.md-content h2, .md-content h3, .md-content h4, .md-content a[href*="glossary/#"]')) {
                if (/^H[234]$/.test(el.tagName)) { seen = new Set(); continue; }
                const term = el.getAttribute('href').split('#')[1];
                if (seen.has(term)) found.push(term);
                seen.add(term);
              }
              return found;
            }"""
        )
        assert repeated == []
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        shoot(page, f"rules-{language}-{viewport['width']}.png")
    finally:
        page.context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_page_loads_no_search_index_nor_calculator_until_asked(
    browser: Any, base_url: str, language: str
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    try:
        page.goto(f"{base_url}{language}/nile/rules/")
        page.wait_for_load_state("networkidle")
        assert not [u for u in requested if "search_index.json" in u]
        assert not [u for u in requested if "calculator.js" in u]
        # Nor the sitemaps Material would read for a language switch the site does itself.
        assert not [u for u in requested if "sitemap.xml" in u]
        page.locator("label[for=__search]").first.click()
        page.locator(".md-search__input").fill("Nile")
        # fill() fires no keyup, which Material's search listens for: on a busy machine the
        # index arrived after the input event and no search ran (CI, uk).
        page.keyboard.press("End")
        page.wait_for_function(
            "document.querySelectorAll('.md-search-result__item').length > 0", timeout=15_000
        )
        assert [u for u in requested if "search_index.json" in u]
        # The results of the game the reader is in come first.
        first = page.locator(".md-search-result__item a").first.get_attribute("href") or ""
        assert "/nile/" in first or first.startswith("../") or "nile" in first
        page.goto(f"{base_url}{language}/nile/scoring/")
        page.wait_for_selector("[data-calculator][data-ready=true]")
        assert [u for u in requested if "calculator.js" in u]
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_wrong_address_shows_the_styled_translated_404(
    browser: Any, prefixed_url: str, language: str, viewport: dict[str, int]
) -> None:
    page = _open(browser, f"{prefixed_url}{language}/no/such/page/", viewport)
    try:
        words = {"fr": "Page introuvable", "uk": "Сторінку не знайдено", "en": "Page not found"}
        assert page.locator("h1").first.inner_text() == words[language]
        # Styled: Material's stylesheet applied (the header is coloured, the logo small).
        header = page.evaluate(
            "getComputedStyle(document.querySelector('.md-header')).backgroundColor"
        )
        assert header not in ("rgba(0, 0, 0, 0)", "transparent")
        # No giant logo: every logo (the header's, the drawer's) is icon-sized.
        tallest = page.evaluate(
            "Math.max(0, ...[...document.querySelectorAll('.md-logo img, .md-logo svg')]"
            ".map((e) => e.getBoundingClientRect().height))"
        )
        assert 0 < tallest < 60
        assert page.evaluate("document.documentElement.lang") == language
        page.get_by_role("link", name=re.compile(".")).last.wait_for()
        shoot(page, f"404-{language}-{viewport['width']}.png")
    finally:
        page.context.close()


@pytest.mark.parametrize(
    ("locale", "expected"),
    [("xh-ZA", None), ("uk-UA", "uk"), ("fr-FR", "fr"), ("ja", None)],
)
def test_browser_languages_outside_the_site_land_on_the_first_published(
    browser: Any, base_url: str, locale: str, expected: str | None
) -> None:
    """A browser asking for none of the site's languages lands on the first published one
    of content/languages.yaml (``None`` here), as the file says."""
    expected = expected or languages.published()[0]
    page = _open(browser, base_url, PHONE, locale)
    try:
        page.wait_for_url(re.compile(f"/{expected}/$"))
    finally:
        page.context.close()


# -- the site under a sub-path ------------------------------------------------------------


class _Prefixed(SimpleHTTPRequestHandler):
    """A plain static host serving the build under PREFIX, with the root 404.html."""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(PREFIX):
            return str(Path(self.directory) / "missing-outside-the-prefix")
        return super().translate_path("/" + path[len(PREFIX) :])

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        missing = Path(self.directory) / "404.html"
        if code != 404 or not missing.is_file():
            super().send_error(code, message, explain)
            return
        body = missing.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="module")
def prefixed_url(site: Path) -> Iterator[str]:
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Prefixed, directory=str(site))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("language", ["uk"])  # the switcher takes it to another language
def test_the_site_works_under_a_sub_path(browser: Any, prefixed_url: str, language: str) -> None:
    locale = {"fr": "fr-FR", "uk": "uk-UA", "en": "en-GB"}[language]
    page = _open(browser, prefixed_url, LAPTOP, locale, worker=True)  # its scope is checked
    try:
        page.wait_for_url(re.compile(f"{PREFIX}{language}/$"))
        # The language switcher keeps the page and the prefix.
        page.goto(f"{prefixed_url}{language}/tokaido/rules/")
        other = next(code for code in LANGUAGES if code != language)
        href = page.locator(f"a[data-rb-language={other}]").get_attribute("href")
        page.goto(page.evaluate("(h) => new URL(h, location.href).href", href))
        assert page.url.endswith(f"{PREFIX}{other}/tokaido/rules/")
        assert page.locator("#at_the_table").count() == 1
        # Search finds pages under the prefix.
        page.goto(f"{prefixed_url}{language}/tokaido/rules/")
        page.locator(".md-search__input").click()  # a laptop shows the search box itself
        page.locator(".md-search__input").fill("Tokaido")
        page.wait_for_function("document.querySelectorAll('.md-search-result__item').length > 0")
        link = page.locator(".md-search-result__item a").first.evaluate("a => a.href")
        assert PREFIX in link
        # The calculator draws itself, and the service worker takes the language's root.
        page.goto(f"{prefixed_url}{language}/tokaido/scoring/")
        page.wait_for_selector("[data-calculator][data-ready=true]")
        scope = page.evaluate(
            "navigator.serviceWorker.ready.then((registration) => registration.scope)"
        )
        assert scope.endswith(f"{PREFIX}{language}/")
        shoot(page, f"prefix-{language}-scoring-1280.png")
    finally:
        page.context.close()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", "critique de Kenneth Moore"),
        ("uk", "огляду Кеннета Мура"),
        ("en", "Kenneth Moore’s review"),
    ],
)
def test_worked_examples_fold_their_source(site: Path, language: str, words: str) -> None:
    """Every worked example says where it comes from, in the page's language, folded under
    it like the section's source notes (issue 14: those texts were translated but shown
    nowhere)."""
    html = (site / language / "tokaido" / "rules" / "index.html").read_text(encoding="utf-8")
    examples = html.count('<div class="rb-example"')
    assert examples >= 2
    assert html.count('<details class="note rb-sources rb-example-source">') == examples
    assert words in html


#: Whether an element is rendered, counting a block skipped by content-visibility: auto.
_RENDERED = "e => e.checkVisibility({ contentVisibilityAuto: true })"


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_a_long_rules_page_lays_out_what_comes_into_view(
    browser: Any, base_url: str, language: str
) -> None:
    """The blocks of a rules page out of view wait to be laid out (the page opens with a
    fifth of the restyling); read from top to bottom on a phone, each is laid out as it
    comes, none scrolls the page sideways, a link to the last section lands on it, and the
    printed page lays out everything."""
    context = browser.new_context(viewport=PHONE, as_shipped=True)
    page = context.new_page()
    try:
        page.goto(base_url + f"{language}/tokaido/rules/")
        last = page.locator(".md-content__inner > .rb-text").last
        assert not last.locator("p, li").first.evaluate(_RENDERED), "the last block waits"
        # A screen at a time to the end (the page grows as its blocks get their real size),
        # in the page: three calls a screen over some 100 screens cost more than the scrolling.
        wide = page.evaluate(
            """async ([step, width]) => {
              const wide = [];
              for (let top = 0, k = 0; k < 400; k++, top += step) {
                scrollTo(0, top);
                // the browser lays out what came into view at a frame
                await new Promise((done) => setTimeout(done, 30));
                if (document.documentElement.scrollWidth > width) wide.push(top);
                if (scrollY + innerHeight >= document.documentElement.scrollHeight - 1) break;
              }
              return wide;
            }""",
            [PHONE["height"], PHONE["width"]],
        )
        assert not wide, f"the page scrolls sideways once laid out at {wide}"
        last.scroll_into_view_if_needed()
        page.wait_for_timeout(50)
        assert last.locator("p, li").first.evaluate(_RENDERED), "read to the end, laid out"
        heading = page.locator(".md-content__inner > h2").last
        anchor = heading.get_attribute("id")
        page.goto(base_url + f"{language}/tokaido/rules/")
        page.goto(base_url + f"{language}/tokaido/rules/#{anchor}")
        page.wait_for_timeout(300)
        box = heading.bounding_box()
        assert box is not None and 0 <= box["y"] < PHONE["height"] / 2, box
        page.emulate_media(media="print")
        assert page.locator(".md-content__inner > .rb-text p").first.evaluate(_RENDERED)
        assert last.locator("p, li").first.evaluate(_RENDERED), "on paper, everything"
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_colours_follow_the_system_without_the_palette_script(
    browser: Any, base_url: str, language: str
) -> None:
    """Dark when the system is dark, light when it is light, and again when it changes
    while the page is open, with no palette switcher of Material's (whose script restyled
    every element of the page three times as it opened)."""
    context = browser.new_context(viewport=PHONE, color_scheme="dark")
    page = context.new_page()
    try:
        page.goto(f"{base_url}{language}/tokaido/scoring/")
        page.wait_for_selector("[data-calculator][data-ready=true]")
        assert page.locator("[data-md-component=palette]").count() == 0

        def scheme() -> list[str]:
            return page.evaluate(
                """() => [document.body.dataset.mdColorScheme,
                          document.querySelector('meta[name=color-scheme]').content,
                          getComputedStyle(document.querySelector('input')).colorScheme]"""
            )

        assert scheme() == ["slate", "dark", "dark"]
        dark_page = page.evaluate("getComputedStyle(document.body).backgroundColor")
        # The media query's change event comes at the next frame.
        page.emulate_media(color_scheme="light")
        page.wait_for_function("document.body.dataset.mdColorScheme == 'default'")
        assert scheme() == ["default", "light", "light"]
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") != dark_page
        page.emulate_media(color_scheme="dark")
        page.wait_for_function("document.body.dataset.mdColorScheme == 'slate'")
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_closed_navigation_drawer_waits_and_opens_whole(
    browser: Any, base_url: str, language: str
) -> None:
    """On a phone the navigation is a drawer beside the screen: closed, it is neither styled
    nor laid out with the page (a fifth of a calculator page's elements); opened, every link
    shows at once and leads to its page; it keeps its links while it slides away."""
    context = browser.new_context(viewport=PHONE, as_shipped=True)
    page = context.new_page()
    try:
        page.goto(f"{base_url}{language}/tokaido/rules/")
        page.wait_for_load_state("networkidle")
        links = page.locator(".md-sidebar--primary .md-nav__link")
        assert not links.first.evaluate(_RENDERED), "closed, the drawer waits"
        page.locator("label.md-header__button[for=__drawer]").click()
        page.wait_for_timeout(50)
        assert links.first.evaluate(_RENDERED)
        glossary = page.locator(".md-sidebar--primary a.md-nav__link[href='../glossary/']").first
        assert glossary.is_visible()
        # Closed and looked at in the next frame, in the page itself: a fixed wait between
        # Playwright calls could outlast the 0.25 s slide on a busy machine.
        sliding = page.evaluate(
            """() => new Promise((done) => {
              const link = document.querySelector(".md-sidebar--primary .md-nav__link");
              document.querySelector("label.md-overlay").click();
              requestAnimationFrame(() => done(link.checkVisibility({ contentVisibilityAuto: true })));
            })"""
        )
        assert sliding, "it keeps its links while it slides away"
        page.wait_for_function(
            f"!({_RENDERED})(document.querySelector('.md-sidebar--primary .md-nav__link'))"
        )
        page.locator("label.md-header__button[for=__drawer]").click()
        glossary.click()
        page.wait_for_url("**/tokaido/glossary/")
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
@pytest.mark.parametrize("slug", ["rules", "quick-reference"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_page_opens_without_a_layout_shift(
    browser: Any, base_url: str, language: str, slug: str, viewport: dict[str, int]
) -> None:
    """Nothing in the page moves while it opens: the quick reference's scoring table is
    drawn at its size (not at an estimate that then grew), and the search button is there
    from the first paint (it appeared with Material's script and pushed the language
    button aside)."""
    context = browser.new_context(viewport=viewport, as_shipped=True)
    # The page's classes once parsed, before any deferred script (Material's) has run.
    context.add_init_script(
        """document.addEventListener("readystatechange", () => {
          if (document.readyState === "interactive") window.rbParsed = document.documentElement.className;
        });"""
    )
    page = context.new_page()
    try:
        page.goto(f"{base_url}{language}/tokaido/{slug}/")
        page.wait_for_load_state("load")
        assert page.evaluate(LAYOUT_SHIFTS) == 0
        assert page.evaluate("window.rbParsed").split() == ["js"]
    finally:
        context.close()
