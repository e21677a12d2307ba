"""The interface strings' source files (rulebook/i18n/ui.json, scorer/words.json): read
strictly, each problem named with its file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulebook.i18n.ui import UI_FILE, UI_STRINGS, ui_messages
from schemas.file_reader import RefusedFile
from scorer.words import WORDS_FILE, read_messages

#: A well-formed file: one section with a note prefix, two messages (one plural).
GOOD = """{
  "rows": {
    "about": "Rows of a list input.",
    "note_prefix": "Calculator: ",
    "messages": {
      "row_add": {
        "text": "Add a row",
        "note": "the button under a list."
      },
      "rows_full": {
        "text": "At most {count} row",
        "plural": "At most {count} rows",
        "note": "under a full list."
      }
    }
  }
}
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "strings.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_gives_its_messages_with_their_prefix(tmp_path: Path) -> None:
    sections = read_messages(write(tmp_path, GOOD))
    assert list(sections) == ["rows"]
    add, full = sections["rows"]
    assert (add.key, add.text, add.note, add.plural) == (
        "row_add",
        "Add a row",
        "Calculator: the button under a list.",
        None,
    )
    assert (full.plural, full.counted) == ("At most {count} rows", "count")


@pytest.mark.parametrize(
    ("old", "new", "line", "said"),
    [
        # Not JSON: a comma missing after the text.
        ('"Add a row",', '"Add a row"', 8, "not JSON"),
        # The same key twice in one section: the second one is named.
        ('"rows_full": {', '"row_add": {', 10, "'row_add' is given twice"),
        # The same field twice in one message: that message's line.
        ('"text": "Add a row",', '"text": "Add a row", "text": "Add",', 6, "'text' is given twice"),
        ('"note": "the button under a list."', '"note": " "', 6, "note may not be empty"),
        ('"note": "the button under a list."', '"plural": "Add rows"', 6, "'note' is missing"),
        ('"plural": "At most {count} rows"', '"plural": "At most {n} rows"', 10, "{count}, {n}"),
        ('"text": "Add a row",', '"text": "Add a row", "hint": "",', 6, "unknown field 'hint'"),
        ('"text": "Add a row",', '"text": "Add a row", "count": "n",', 6, "count names"),
        ('"text": "Add a row",', '"text": 3,', 6, "every field is text"),
        ('"row_add": {', '"Row-add": {', 6, "lower-case letters"),
        ('"about": "Rows of a list input.",', "", 2, "'about' is missing"),
    ],
)
def test_a_malformed_entry_is_named_with_file_and_line(
    tmp_path: Path, old: str, new: str, line: int, said: str
) -> None:
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(RefusedFile) as error:
        read_messages(path)
    assert (error.value.path, error.value.line) == (path, line)
    assert said in error.value.reason
    assert str(error.value).startswith(f"{path}:{line}: ")


def test_a_section_given_twice_is_named_at_the_second(tmp_path: Path) -> None:
    body = GOOD.strip()[1:-1].rstrip()
    path = write(tmp_path, "{" + body + "," + body.replace("row_add", "row_new") + "\n}\n")
    with pytest.raises(RefusedFile) as error:
        read_messages(path)
    assert error.value.line == 17
    assert error.value.reason == "section 'rows' is given twice"


def test_a_key_of_another_file_or_section_is_a_duplicate(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    with pytest.raises(RefusedFile) as error:
        read_messages(path, {"rows_full": "scorer/words.json"})
    assert error.value.line == 10
    assert error.value.reason == "message 'rows_full' is given twice (also in scorer/words.json)"
    data = json.loads(GOOD)
    data["more"] = {"about": "Again.", "messages": {"row_add": {"text": "x", "note": "y"}}}
    with pytest.raises(RefusedFile) as error:
        read_messages(write(tmp_path, json.dumps(data, indent=2)))
    assert error.value.line == 20
    assert error.value.reason == "message 'row_add' is given twice"


def test_the_sources_are_the_interface_catalog() -> None:
    """Every message of both files is an interface string, each key once, and extraction
    sees each with its note."""
    sources = [*read_messages(UI_FILE).values(), *read_messages(WORDS_FILE).values()]
    keys = [m.key for section in sources for m in section]
    assert len(keys) == len(set(keys)) == len(UI_STRINGS)
    assert set(keys) == {s.key for s in UI_STRINGS}
    extracted = {m.context: m for m in ui_messages()}
    assert all(extracted[f"ui.{s.key}"].notes == (s.note,) for s in UI_STRINGS)


def test_each_interface_string_names_the_file_it_is_written_in() -> None:
    """The catalog's ``#:`` origin is the JSON file that holds the string, without a line
    (as the content catalogs name theirs), so a translator following it finds the text."""
    root = Path(__file__).resolve().parents[3]
    written = {
        f"{path.relative_to(root).as_posix()}": {
            m.key for section in read_messages(path).values() for m in section
        }
        for path in (UI_FILE, WORDS_FILE)
    }
    origins = {m.context: m.file for m in ui_messages()}
    assert set(origins.values()) == set(written) == {"rulebook/i18n/ui.json", "scorer/words.json"}
    assert all(context.removeprefix("ui.") in written[file] for context, file in origins.items())
    pot = (root / "locales" / "ui.pot").read_text(encoding="utf-8")
    said = {line for line in pot.splitlines() if line.startswith("#: ")}
    assert said == {f"#: {file}" for file in written}
