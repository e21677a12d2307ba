"""Browser tests: the built site served on 127.0.0.1 and driven with Playwright in Chromium.

The site is built once per run from the real content (shared by the xdist workers, which
each serve it and drive their own Chromium). Chromium is Debian's
(/usr/bin/chromium, or $RULEBOOK_CHROMIUM): ``playwright install`` cannot download browsers
here. A missing browser or Playwright fails these tests; it never skips them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from rulebook.site.build import build_site
from rulebook.site.options import BuildOptions
from rulebook.site.serve import serve_in_thread
from tests.browser.forms import FORGET_TABLE
from tests.conftest import game_project

CHROMIUM = Path(os.environ.get("RULEBOOK_CHROMIUM", "/usr/bin/chromium"))
#: Chromium keeps only the last ``--disable-features`` it is given, and Playwright gives its
#: own first (playwright 1.65.2's list, repeated here whole so that none of it is lost).
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
#: Headless Chromium (156) opens a window per context, and each window loads its address
#: bar's suggestion popup (chrome://omnibox-popup.top-chrome/) in a renderer of its own:
#: about a second of CPU per context, as much as the page under test costs, for a popup no
#: test opens (the tests never type in the address bar).
UNUSED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + UNUSED_FEATURES),
]
INSTALL_HINT = "install it with `bash scripts/bootstrap.sh --browser` (apt-get install -y chromium)"


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for the whole run: the xdist workers share the temporary
    folder's parent, and a lock makes the first worker build while the others wait."""
    import fcntl

    base = tmp_path_factory.getbasetemp()
    # Under xdist each worker's folder is inside the run's own; alone, the run's is ours.
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    out = shared / "browser-site" / "site"
    with (shared / "browser-site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "index.html").exists():
            build_site(BuildOptions(out=out))
    return out


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    server, url = serve_in_thread(site)
    yield url
    server.shutdown()
    server.server_close()


#: A style that lays out even what is out of view: the calculator's results and explanation,
#: the blocks of a page's text.
LAY_OUT_RESULTS = """addEventListener("DOMContentLoaded", () => {
  const style = document.createElement("style");
  style.textContent = ".rb-calc-results, .rb-explain, .md-content__inner > * { content-visibility: visible !important; }";
  document.head.append(style);
});"""


#: How much of the page's content moved while it opened, summed as CLS counts it (every
#: shift the browser buffered since the page started, none caused by the reader), for the
#: shifted elements inside the content. The header is left out: when the browser paints
#: before it has parsed the whole header, a button parsed next can still nudge the
#: language button aside (0.001 on a phone; nothing the page's code does).
LAYOUT_SHIFTS = """() => new Promise((done) => {
  let total = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.hadRecentInput && e.sources.some((s) => s.node?.closest?.(".md-content"))) total += e.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
  setTimeout(() => done(total), 300);
})"""


class Chromium:
    """The launched browser, whose new contexts block service workers unless a test allows
    them (``service_workers="allow"``). Every page of the site registers its language's
    offline worker once idle, and the worker then fetches all the language's pages and
    assets from the test's server: seconds of work in each test whose subject it is not.
    The tests of offline use and of the worker's scope allow it.

    The calculator's results and explanation, and the blocks of a page's text, are not laid
    out while out of view (``content-visibility: auto``: a keystroke, and a long page as it
    opens, cost less), and Chromium then gives their ``innerText`` as empty and their width
    as the estimate: the contexts lay them out anyway, so a test can read a result or
    measure a table without scrolling to it first, unless it asks for the page as shipped
    (``as_shipped=True``), as the tests of that behaviour do."""

    def __init__(self, launched: Any) -> None:
        self._launched = launched

    def new_context(self, as_shipped: bool = False, **options: Any) -> Any:
        options.setdefault("service_workers", "block")
        context = self._launched.new_context(**options)
        if not as_shipped:
            context.add_init_script(LAY_OUT_RESULTS)
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self._launched, name)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the playwright package is missing: run `pip install -e '.[dev]'`")
    if not CHROMIUM.exists() and shutil.which(str(CHROMIUM)) is None:
        pytest.fail(f"Chromium not found at {CHROMIUM}: {INSTALL_HINT}")
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        except Exception as error:  # Playwright raises its own Error type
            pytest.fail(f"Chromium at {CHROMIUM} did not start ({error}): {INSTALL_HINT}")
        yield Chromium(launched)
        launched.close()


def checked_page(browser: Any, locale: str) -> Iterator[Any]:
    """A page in its own context (own storage); any uncaught script error fails the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.set_default_timeout(10_000)
    yield opened
    context.close()
    assert errors == [], f"script errors on the page: {errors}"


@contextmanager
def probe_site(root: Path, game: str, probe: list[tuple[str, str]]) -> Iterator[str]:
    """Serve, in English only, a copy of ``game`` whose scoring.yaml has each probe text
    put after its anchor (before it when the anchor is ``groups:``, so a probe can declare
    what precedes the groups); yield the site's address."""
    project = game_project(root, game)
    scoring = project.content / game / "scoring.yaml"
    text = scoring.read_text(encoding="utf-8")
    for anchor, added in probe:
        at = text.index(anchor) + (0 if anchor == "groups:\n" else len(anchor))
        text = text[:at] + added + text[at:]
    scoring.write_text(text, encoding="utf-8")
    build_site(BuildOptions(project=project, out=root / "site", languages=("en",)))
    server, url = serve_in_thread(root / "site")
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def sized_page(browser: Any, width: int, height: int) -> Iterator[Any]:
    """A checked page (``checked_page``, English locale) at ``width`` x ``height``."""
    for page in checked_page(browser, "en-US"):
        page.set_viewport_size({"width": width, "height": height})
        yield page


#: Where screenshots go to be looked at (``RULEBOOK_SHOTS=DIR``); none are taken without it:
#: no check reads them, and each costs the browser a few tenths of a second of CPU (a
#: whole page's more), which a run that only checks has no use for.
SHOTS = Path(os.environ["RULEBOOK_SHOTS"]) if os.environ.get("RULEBOOK_SHOTS") else None


def shoot(target: Any, name: str, **options: Any) -> None:
    """A screenshot of ``target`` (a page or a locator, with Playwright's ``options``) into
    SHOTS as ``name``, when screenshots are asked for."""
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(SHOTS / name), **options)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page; any uncaught script error on it fails the test."""
    yield from checked_page(browser, "en-US")


@pytest.fixture(scope="module")
def kept_pages(browser: Any) -> Iterator[dict[tuple[int, int], Any]]:
    """Pages kept for a module's calculator tests, one per screen size (see calculator_at):
    a context of its own per test costs a quarter of a second of CPU, as much as the page."""
    pages: dict[tuple[int, int], Any] = {}
    yield pages
    for page in pages.values():
        page.context.close()


@contextmanager
def calculator_at(
    browser: Any,
    kept: dict[tuple[int, int], Any],
    url: str,
    size: tuple[int, int],
    timeout: float | None = None,
) -> Iterator[tuple[Any, list[str]]]:
    """The calculator at ``url``, drawn in the kept page of the screen ``size`` (width,
    height), and the script errors the page raises while the test has it. The page comes
    with no table kept from the test before: it is forgotten (FORGET_TABLE) before the page
    is opened, as the tests do between two tables. A test that fails leaves its page to no
    other test."""
    page = kept.get(size)
    if page is None:
        page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
        if timeout is not None:
            page.set_default_timeout(timeout)
        kept[size] = page
    else:
        page.evaluate(FORGET_TABLE)
    errors: list[str] = []

    def record(error: Any) -> None:
        errors.append(str(error))

    page.on("pageerror", record)
    try:
        page.goto(url)
        page.wait_for_function(
            "document.querySelector('[data-calculator]')?.dataset.ready === 'true'"
        )
        yield page, errors
    except BaseException:
        del kept[size]
        page.context.close()
        raise
    page.remove_listener("pageerror", record)
