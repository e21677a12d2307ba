"""The browser tests' Chromium flags keep every feature Playwright itself turns off.

Chromium keeps only the last ``--disable-features`` it is given, so tests/browser/conftest.py
repeats Playwright's own list before adding the features the tests turn off. When the
Playwright pin changes, this test fails until the repeated list follows the new one.
"""

from __future__ import annotations

import re
from pathlib import Path

import playwright

from tests.browser.conftest import LAUNCH_ARGS, PLAYWRIGHT_DISABLED_FEATURES

#: Where the Playwright driver bundles its Chromium switches.
BUNDLE = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"


def playwright_disabled_features() -> list[str]:
    text = BUNDLE.read_text(encoding="utf-8")
    found = re.search(r"disabledFeatures = \[(.*?)\]\.filter", text, re.S)
    assert found, f"no disabledFeatures list in {BUNDLE}: read how this Playwright sets it"
    body = re.sub(r"//[^\n]*", "", found.group(1))  # its comments name issues, not features
    return re.findall(r'"([^"]+)"', body)


def test_the_launch_flags_keep_playwrights_disabled_features() -> None:
    theirs = playwright_disabled_features()
    assert len(theirs) >= 5, theirs
    assert set(theirs) <= set(PLAYWRIGHT_DISABLED_FEATURES), sorted(
        set(theirs) - set(PLAYWRIGHT_DISABLED_FEATURES)
    )
    flags = [a for a in LAUNCH_ARGS if a.startswith("--disable-features=")]
    assert len(flags) == 1, flags  # a second one would replace the first
    assert set(theirs) <= set(flags[0].split("=", 1)[1].split(","))
