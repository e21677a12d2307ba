"""Hostile catalogs through ``rulebook i18n check``: exit 1, the file and line named, no traceback.

Black-box on purpose: the catalog code belongs to the translation tooling (rulebook/i18n/);
these tests only say what the command must do with a damaged or hostile PO file.
"""

from __future__ import annotations

import contextlib
import io
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.cli import main
from rulebook.i18n.checks import site_failures
from schemas.common import LANGUAGES
from schemas.loader import game_folders, load_game
from tests.conftest import CONTENT, ROOT, copy_languages
from tests.fuzz.bounds import assert_clean_failure, bounded, run_command

SOURCE_PO = ROOT / "locales" / "uk" / "LC_MESSAGES" / "nile.po"
FIRST_ENTRY = 'msgctxt "cases.cases.big_storage_does_not_help.source"'
#: The first line of that entry's Ukrainian text (the translation wraps onto its own lines).
TRANSLATION = '"Пораховано вручну'
LOST_NUMBER = "13\u00a0карт папірусу"  # typeset: the number keeps its word
#: Stand-ins for "nile.po:<line of the damaged entry>:", resolved against the real catalog.
AT_TRANSLATION, AT_LOST_NUMBER = "@translation", "@lost-number"


def _line_of(needle: str) -> str:
    """``nile.po:N:`` for the entry of the source catalog whose text holds ``needle``."""
    lines = SOURCE_PO.read_text(encoding="utf-8").splitlines()
    found = next((n for n, line in enumerate(lines) if needle in line), None)
    assert found is not None, f"{needle!r} is not in {SOURCE_PO}"
    # An entry is reported at its msgid line, the first "msgid" at or above the needle.
    while not lines[found].startswith("msgid "):
        found -= 1
    return f"nile.po:{found + 1}:"


def _project(root: Path) -> tuple[Path, Path]:
    """A checkout with Nile only: its content, its template and its uk and en catalogs."""
    content, locales = root / "content", root / "locales"
    shutil.copytree(CONTENT / "nile", content / "nile")
    (locales).mkdir()
    shutil.copy(ROOT / "locales" / "nile.pot", locales)
    for language in ("uk", "en"):
        folder = locales / language / "LC_MESSAGES"
        folder.mkdir(parents=True)
        shutil.copy(ROOT / "locales" / language / "LC_MESSAGES" / "nile.po", folder)
    return content, locales


def _check(content: Path, locales: Path) -> list[str]:
    # Ukrainian only: one catalog is enough, and each check costs about a second.
    where = ["--content", str(content), "--locales", str(locales)]
    return ["i18n", "check", *where, "--game", "nile", "--lang", "uk"]


def _text(old: str, new: str) -> Callable[[str], str]:
    def damage(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, 1)

    return damage


def _fuzzy(needle: str, text: str) -> str:
    """``text`` with the entry holding ``needle`` flagged fuzzy (before its msgctxt line)."""
    at = text.rindex("\nmsgctxt ", 0, text.index(needle)) + 1
    return text[:at] + "#, fuzzy\n" + text[at:]


def _before_first_entry(line: str) -> Callable[[str], str]:
    return lambda text: text.replace(FIRST_ENTRY, f"{line}\n{FIRST_ENTRY}", 1)


#: Damage to the Ukrainian catalog, and what the message must name besides the file.
CASES: dict[str, tuple[Callable[[str], str], tuple[str, ...]]] = {
    "a NUL byte": (_text(TRANSLATION, '"\x00Пораховано вручну'), ("nile.po:",)),
    "a garbage line": (_before_first_entry("@@@ garbage"), ("nile.po:", "does not parse")),
    "a keyword misspelt": (
        _text(f'{FIRST_ENTRY}\nmsgid ""', f'{FIRST_ENTRY}\nmsgidx ""'),
        ("nile.po:", "does not parse"),
    ),
    "a plural count that is not a number": (
        _text("nplurals=3;", "nplurals=abc;"),
        ("nile.po:", "does not parse"),
    ),
    "a script": (
        _text(TRANSLATION, '"<script>alert(1)</script>Пораховано вручну'),
        (AT_TRANSLATION, "<script>"),
    ),
    "an event handler": (
        _text(TRANSLATION, '"<b onclick=alert(1)>Пораховано</b> вручну'),
        (AT_TRANSLATION, "markup"),
    ),
    "a javascript link": (
        _text(TRANSLATION, '"[x](javascript:alert(1)) Пораховано вручну'),
        (AT_TRANSLATION,),
    ),
    "a lost number": (_text(LOST_NUMBER, "14\u00a0карт папірусу"), (AT_LOST_NUMBER, "13")),
    "an empty file": (lambda text: "", ("nile.po", "rulebook i18n update")),
    "only the header": (
        lambda text: text[: text.index(FIRST_ENTRY)],
        ("nile.po", "differ from the content"),
    ),
    "an unterminated string": (
        _text('msgstr ""\n' + TRANSLATION, 'msgstr "Пораховано\n' + TRANSLATION),
        ("nile.po:", "closing quote"),
    ),
    "more plural forms than the header says": (
        _text("nplurals=3;", "nplurals=2;"),
        ("nile.po:", "num_plurals"),
    ),
    "a plural formula of another language": (
        _text("nplurals=3; plural=", "nplurals=3; plural=(n != 1); x="),
        ("nile.po:1:", "Plural-Forms", "chooses form"),
    ),
    "a plural formula gettext cannot read": (
        _text("nplurals=3; plural=", "nplurals=3; plural=n/0; x="),
        ("nile.po:1:", "Plural-Forms", "not a formula"),
    ),
    "a right-to-left override": (
        _text(TRANSLATION, '"\u202eПораховано вручну'),
        (AT_TRANSLATION, "U+202E", "uk text"),
    ),
    "a right-to-left isolate": (
        _text(TRANSLATION, '"\u2067Пораховано вручну\u2069'),
        (AT_TRANSLATION, "U+2067", "U+2069"),
    ),
    "a printf placeholder": (_text(TRANSLATION, '"%s Пораховано вручну'), (AT_TRANSLATION, "%s")),
    "a named printf placeholder": (
        _text(TRANSLATION, '"%(x)s Пораховано вручну'),
        (AT_TRANSLATION, "%(x)s"),
    ),
    "a message of a megabyte": (
        _text(TRANSLATION, '"' + "Ж" * 1_000_000 + "Пораховано вручну"),
        (AT_TRANSLATION, "40,000 characters"),
    ),
    "30 MB of padding comments": (
        lambda text: text + "# padding\n" * 3_000_000,
        ("at most 4,000,000",),
    ),
    "a script in a fuzzy entry (shown by build --drafts)": (
        lambda text: _text(TRANSLATION, '"<script>alert(1)</script>Пораховано вручну')(
            _fuzzy(TRANSLATION, text)
        ),
        ("nile.po:", "never allowed: <script>"),
    ),
    "an entry twice": (
        lambda text: text + "\n" + text[text.index(FIRST_ENTRY) :][:400],
        ("nile.po:",),
    ),
}


@pytest.fixture
def project(tmp_path: Path) -> tuple[Path, Path]:
    return _project(tmp_path)


@pytest.fixture(scope="module", autouse=True)
def _warm(tmp_path_factory: pytest.TempPathFactory) -> None:
    """One check of an intact project in this process, before the forked runs: each run
    then starts with the modules imported, the patterns compiled and the language models
    loaded (a cold check costs 1.2 s of CPU, a warm one 0.4 s). The caches it fills are
    keyed by each file's path and version, so no run reads the intact catalog's entries."""
    content, locales = _project(tmp_path_factory.mktemp("warm"))
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        main(_check(content, locales))


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_catalogs_fail_cleanly(project: tuple[Path, Path], case: str) -> None:
    content, locales = project
    damage, names = CASES[case]
    po = locales / "uk" / "LC_MESSAGES" / "nile.po"
    po.write_text(damage(po.read_text(encoding="utf-8")), encoding="utf-8")
    lines = {AT_TRANSLATION: _line_of(TRANSLATION), AT_LOST_NUMBER: _line_of(LOST_NUMBER)}
    expected = [lines.get(name, name) for name in names]
    assert_clean_failure(run_command(_check(content, locales)), str(po), *expected)


def test_a_catalog_linked_from_outside_never_shows_its_text(project: tuple[Path, Path]) -> None:
    content, locales = project
    secret = project[0].parent / "secret.txt"
    secret.write_text("TOP-SECRET-5e8b\n", encoding="utf-8")
    po = locales / "uk" / "LC_MESSAGES" / "nile.po"
    po.unlink()
    po.symlink_to(secret)
    run = run_command(_check(content, locales))
    assert_clean_failure(run, str(po))
    assert "TOP-SECRET" not in run.err


def _folder(po: Path) -> None:
    po.unlink()
    po.mkdir()


#: Catalogs the command cannot read at all: a clean failure naming the file, never a traceback.
UNREADABLE: dict[str, Callable[[Path], None]] = {
    "bytes that are not UTF-8": lambda po: po.write_bytes(
        po.read_bytes().replace("Пораховано".encode(), b"\xff\xfe", 1)
    ),
    "an unknown charset": lambda po: po.write_text(
        po.read_text(encoding="utf-8").replace("charset=utf-8", "charset=klingon", 1),
        encoding="utf-8",
    ),
    "random bytes": lambda po: po.write_bytes(bytes(range(128, 256)) * 8),
    "a folder": lambda po: _folder(po),
}


@pytest.mark.parametrize("case", sorted(UNREADABLE))
def test_unreadable_catalogs_fail_cleanly(project: tuple[Path, Path], case: str) -> None:
    content, locales = project
    po = locales / "uk" / "LC_MESSAGES" / "nile.po"
    UNREADABLE[case](po)
    assert_clean_failure(run_command(_check(content, locales)), str(po))


# -- random damage --------------------------------------------------------------------------

PO_PIECES = st.sampled_from(
    [
        'msgid "',
        'msgstr "',
        'msgctxt "',
        "msgstr[0] ",
        "msgid_plural ",
        '"',
        "\\",
        "\\n",
        "#, fuzzy",
        "#| ",
        "#~ ",
        "{count}",
        "{",
        "}",
        "<b>",
        "</i>",
        "](rule:x)",
        "13",
        "\n",
        " ",
        "é",
        "Ж",
        "\t",
    ]
)


def _random_damage(project: tuple[Path, Path]) -> None:
    content, locales = project
    po = locales / "uk" / "LC_MESSAGES" / "nile.po"
    original = po.read_text(encoding="utf-8")
    body = original.index(FIRST_ENTRY)  # the header stays: a charset typo is a case above

    @settings(max_examples=8, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(
        where=st.integers(0, len(original) - body - 1),
        piece=st.lists(PO_PIECES, min_size=1, max_size=6).map("".join),
    )
    def damaged(where: int, piece: str) -> None:
        at = body + where
        po.write_text(original[:at] + piece + original[at:], encoding="utf-8")
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = main(_check(content, locales))
        assert code in (0, 1)
        if code == 1:
            assert str(po) in err.getvalue() or "nile" in err.getvalue(), err.getvalue()[-2000:]

    damaged()


def test_random_damage_gives_a_result_or_a_placed_error(project: tuple[Path, Path]) -> None:
    bounded(lambda: _random_damage(project), timeout=240)


# -- what build refuses ---------------------------------------------------------------------

#: Catalogs `i18n check` refuses for safety: `build` must refuse them too, with the place.
UNSAFE_TO_BUILD = (
    "a script",
    "an event handler",
    "a javascript link",
    "a right-to-left override",
    "a printf placeholder",
    "an unterminated string",
    "more plural forms than the header says",
    "a plural formula of another language",
    "a message of a megabyte",
    "a script in a fuzzy entry (shown by build --drafts)",
)


@pytest.mark.parametrize("case", UNSAFE_TO_BUILD)
def test_build_refuses_what_check_refuses_for_safety(project: tuple[Path, Path], case: str) -> None:
    content, locales = project
    copy_languages(content / "languages.yaml", ("nile",))
    damage, names = CASES[case]
    po = locales / "uk" / "LC_MESSAGES" / "nile.po"
    po.write_text(damage(po.read_text(encoding="utf-8")), encoding="utf-8")
    lines = {AT_TRANSLATION: _line_of(TRANSLATION), AT_LOST_NUMBER: _line_of(LOST_NUMBER)}
    expected = [lines.get(name, name) for name in names]
    out = content.parent / "out"
    run = run_command(
        ["build", "--project", str(content.parent), "--lang", "uk", "--out", str(out)]
    )
    assert_clean_failure(run, str(po), *expected, "rulebook i18n check")
    assert not out.exists()  # nothing written


def test_build_still_takes_a_lost_number_and_a_fuzzy_entry(project: tuple[Path, Path]) -> None:
    # Only the safety checks stop a build: a lost number is the translators' to mend, and a
    # fuzzy entry falls back to its source (or shows as a draft with --drafts).
    content, locales = project
    po = locales / "uk" / "LC_MESSAGES" / "nile.po"
    text = CASES["a lost number"][0](po.read_text(encoding="utf-8"))
    po.write_text(text.replace(FIRST_ENTRY, "#, fuzzy\n" + FIRST_ENTRY, 1), encoding="utf-8")
    assert site_failures([load_game(content / "nile")], ["uk", "en"], locales) == []


def test_the_published_catalogs_pass_the_build_checks() -> None:
    contents = [load_game(folder) for folder in game_folders(CONTENT)]
    assert site_failures(contents, LANGUAGES, ROOT / "locales") == []


@pytest.mark.parametrize(
    ("case", "why"),
    [
        ("an unterminated string", "rulebook i18n check"),
        ("30 MB of padding comments", "a catalog has at most 4,000,000"),  # refused unread
    ],
)
def test_score_names_a_catalog_it_cannot_read(
    project: tuple[Path, Path], case: str, why: str
) -> None:
    content, locales = project
    copy_languages(content / "languages.yaml", ("nile",))
    damage, _ = CASES[case]
    po = locales / "uk" / "LC_MESSAGES" / "nile.po"
    po.write_text(damage(po.read_text(encoding="utf-8")), encoding="utf-8")
    state = str(ROOT / "examples" / "nile.json")
    run = run_command(["score", "--project", str(content.parent), "--lang", "uk", "nile", state])
    assert_clean_failure(run, str(po), why)


@pytest.mark.parametrize("command", ["update", "typeset", "compile"])
def test_catalog_commands_name_a_catalog_that_does_not_read(
    project: tuple[Path, Path], command: str
) -> None:
    """The commands that rewrite or compile catalogs met an unclosed string with babel's
    PoFileError traceback; now they name the file and the line, as check does."""
    content, locales = project
    copy_languages(content / "languages.yaml", ("nile",))
    po = locales / "uk" / "LC_MESSAGES" / "nile.po"
    damage, _ = CASES["an unterminated string"]
    po.write_text(damage(po.read_text(encoding="utf-8")), encoding="utf-8")
    run = run_command(["i18n", command, "--project", str(content.parent)])
    assert_clean_failure(run, f"{po}:", "closing quote", "rulebook i18n check")
