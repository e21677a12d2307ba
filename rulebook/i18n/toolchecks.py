"""The catalogs through the translators' own tools: gettext's msgfmt and translate-toolkit.

``msgfmt``    ``msgfmt --check-format --check-header`` must compile each catalog: what a
              gettext build or a PO editor would refuse (a final newline in one string but
              not the other, a broken ``python-brace-format`` placeholder, a bad header).
``pofilter``  translate-toolkit's checks (the ones Weblate and Pootle run), limited to
              :data:`POFILTER_CHECKS`: those that only ever find real defects here. The rest
              are noise for this content and are counted, not enforced, by
              :func:`pofilter_counts` (``rulebook i18n check --pofilter-report``):
              ``brackets`` and ``doublewords`` count brackets and repeats against the source
              (a translator may add a parenthesis; "1, 1, 3" is a ranking), ``puncspacing``
              and the quoting checks compare French spacing with the other languages',
              ``numbers`` wants digits where a number is rightly spelled out. The project's
              own checks do those jobs in a way that suits each language (rulebook.i18n.textchecks).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebook.i18n.pofiles import READ_ONLY

if TYPE_CHECKING:
    from translate.filters import checks as tt_checks
    from translate.storage import pypo

#: translate-toolkit checks enforced by ``rulebook i18n check``.
#: (The project's own checks cover spaces at either end, double spaces, placeholders and
#: markup, with messages that say what to do; pofilter's would report them a second time.
#: Its ``emails`` check is the project's own too (rulebook.i18n.textchecks.email_problem):
#: pofilter's pattern takes quadratic time over a long word.)
POFILTER_CHECKS: tuple[str, ...] = (
    "newlines",
    "tabs",
    "escapes",
    "urls",
    "simpleplurals",
)

#: (file, line, context, check, message) of one problem.
Problem = tuple[str, int | None, str, str, str]

_MSGFMT_LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): (?P<message>.*)$")


def _without_prefixes(line: str, program: str, path: Path) -> str:
    """A msgfmt line without the program and file names the problem already carries."""
    for prefix in (f"{program}: ", f"{path}: ", f"{path}:"):
        line = line.removeprefix(prefix)
    return line


def msgfmt_problems(paths: Iterable[Path]) -> list[Problem]:
    """What ``msgfmt --check-format --check-header`` says about each catalog."""
    program = shutil.which("msgfmt")
    found: list[Problem] = []
    for path in paths:
        if program is None:
            return [
                (
                    str(path),
                    None,
                    "",
                    "msgfmt",
                    "gettext's msgfmt is not installed: run `bash scripts/bootstrap.sh --browser`",
                )
            ]
        run = subprocess.run(
            [program, "--check-format", "--check-header", "-o", "/dev/null", str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode == 0:
            continue
        lines = [line for line in run.stderr.splitlines() if line.strip()]
        for line in lines:
            match = _MSGFMT_LINE.match(line)
            if match and "fatal error" not in match["message"]:
                found.append((str(path), int(match["line"]), "", "msgfmt", match["message"]))
        if not found or found[-1][0] != str(path):
            said = [_without_prefixes(line, program, path) for line in lines]
            found.append((str(path), None, "", "msgfmt", " ".join(said) or "msgfmt failed"))
    return found


def _units(path: Path) -> Iterable[tuple[pypo.pounit, str]]:
    """The translated units of a catalog a translator wrote (not the read-only copies)."""
    # Imported here: a site build's checks need none of translate-toolkit.
    from translate.storage import pypo

    parse: Any = pypo.pofile.parsefile  # translate-toolkit's stores are not typed
    store = parse(str(path))
    for unit in store.units:
        if unit.isheader() or not unit.istranslated() or unit.isfuzzy():
            continue
        if READ_ONLY in "".join(unit.typecomments):
            continue
        yield unit, str(unit.getcontext())


def _checker(language: str, names: Iterable[str] | None) -> tt_checks.StandardChecker:
    from translate.filters import checks as tt_checks

    config = tt_checks.CheckerConfig(targetlanguage=language)
    return tt_checks.StandardChecker(
        checkerconfig=config, limitfilters=list(names) if names else None
    )


def pofilter_problems(path: Path, language: str) -> list[Problem]:
    """The enforced translate-toolkit checks that fail in one catalog."""
    checker = _checker(language, POFILTER_CHECKS)
    found: list[Problem] = []
    try:
        units = list(_units(path))
    except ValueError as error:  # translate-toolkit's PoParseError: never a traceback
        return [(str(path), None, "", "pofilter", f"translate-toolkit cannot read it: {error}")]
    for unit, context in units:
        for name, message in sorted(checker.run_filters(unit).items()):
            if name in POFILTER_CHECKS:
                found.append((str(path), None, context, f"pofilter:{name}", str(message)))
    return found


def pofilter_counts(paths: Iterable[tuple[Path, str]]) -> Counter[str]:
    """How many entries each of translate-toolkit's default checks flags, over catalogs."""
    counts: Counter[str] = Counter()
    for path, language in paths:
        checker = _checker(language, None)
        for unit, _ in _units(path):
            counts.update(list(checker.run_filters(unit)))
    return counts
