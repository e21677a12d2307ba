"""`rulebook i18n glossary`: TBX-Basic and CSV files that CAT tools import whole."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from translate.storage import csvl10n, tbx

from rulebook.cli import main
from rulebook.i18n import catalogs, glossary_export
from rulebook.i18n.catalogs import Domain
from rulebook.i18n.glossary_export import Entry, Side
from schemas.common import LANGUAGES
from tests import tbx_basic
from tests.i18n_support import GLOSSARY_DOMAIN, Workspace, make_workspace

CONTENT = Path(__file__).resolve().parents[3] / "content"
LOCALES = Path(__file__).resolve().parents[3] / "locales"


@pytest.fixture()
def workspace(tmp_path: Path) -> Workspace:
    return make_workspace(tmp_path)


def _terms(side: Side) -> list[str]:
    return [side.term, *side.forms] if side.term else []


def _statuses(side: Side) -> list[str]:
    forms = [glossary_export.ADMITTED] * len(side.forms)
    return [glossary_export.PREFERRED, *forms] if side.term else []


def assert_tbx_reads_whole(path: Path, expected: list[Entry]) -> None:
    """translate-toolkit reads every term, status and definition of every language."""
    source, target = expected[0].source.language, expected[0].target.language
    with path.open("rb") as stream:
        store = tbx.tbxfile(stream, sourcelanguage=source, targetlanguage=target)
    units = {unit.getid(): unit for unit in store.units}
    assert list(units) == [entry.id for entry in expected], path
    for entry in expected:
        unit = units[entry.id]
        assert [t.text for t in unit.get_source_terms()] == _terms(entry.source), entry.id
        assert [t.text for t in unit.get_target_terms(target)] == _terms(entry.target), entry.id
        statuses = [t.administrative_status for t in unit.get_source_terms()]
        assert statuses == _statuses(entry.source), entry.id
        statuses = [t.administrative_status for t in unit.get_target_terms(target)]
        assert statuses == _statuses(entry.target), entry.id
        for side, notes in (
            (entry.source, unit.get_common_notes(source=True)),
            (entry.target, unit.get_common_notes()),
        ):
            definitions = [n.text for n in notes if n.category == "definition"]
            assert definitions == ([side.definition] if side.definition else []), entry.id


def assert_csv_reads_whole(path: Path, expected: list[Entry], game: str) -> None:
    """translate-toolkit's CSV store keeps every column of every row."""
    data = path.read_bytes()
    header = data.decode("utf-8").splitlines()[0].split(",")
    # A column the store does not know is dropped on import: there must be none.
    assert set(header) <= set(csvl10n.csvfile().fieldnames), header
    # Told the encoding, as a CAT tool's import dialog is: translate-toolkit's guess
    # (charset_normalizer) takes a short UTF-8 file with Cyrillic for MacCyrillic.
    store = csvl10n.csvfile(io.BytesIO(data), encoding="utf-8")
    assert len(store.units) == len(expected), path
    for unit, entry in zip(store.units, expected, strict=True):
        row = glossary_export.csv_row(entry, game)
        assert {column: unit.todict()[column] for column in header} == row
        assert unit.source == entry.source.term and unit.target == entry.target.term
        assert unit.getnotes("developer").startswith(entry.source.definition)
        forms = unit.getnotes("translator")
        assert (forms.split("|") if forms else []) == _terms(entry.target)


def test_tbx_is_tbx_basic_with_a_term_per_form(workspace: Workspace, tmp_path: Path) -> None:
    workspace.translate("uk", {"glossary.crop.term": "культура"}, GLOSSARY_DOMAIN)
    workspace.translate("uk", {"glossary.crop.definition": "Один із видів карт, що їх збирають."})
    out = tmp_path / "glossary"
    domain = workspace.domain()
    written = glossary_export.export([domain], ["fr", "uk", "en"], workspace.locales, out, "tbx")
    # French is Nile's own language: a French-to-French glossary is not written.
    assert [p.name for p in written] == ["nile.fr-uk.tbx", "nile.fr-en.tbx"]
    for path in written:
        assert tbx_basic.problems(path.read_bytes()) == [], path
        language = path.suffixes[0].split("-")[1]
        assert_tbx_reads_whole(path, glossary_export.entries(domain, language, workspace.locales))
    with (out / "nile.fr-uk.tbx").open("rb") as stream:
        units = {u.getid(): u for u in tbx.tbxfile(stream, "fr", "uk").units}
    crop = units["crop"]
    assert [t.text for t in crop.get_source_terms()] == ["culture", "cultures"]
    uk_terms = [t.text for t in crop.get_target_terms("uk")]
    assert uk_terms[0] == "культура" and "культурами" in uk_terms and len(uk_terms) == 8
    assert [t.text for t in units["nile"].get_target_terms("uk")] == ["Nil", "Ніл", "Нілу"]
    assert not units["storage"].get_target_terms("uk")  # not translated yet: no uk terms


@pytest.mark.parametrize(
    ("document", "problem"),
    [
        ("<termEntry id='a'>{fr}<note>n</note></termEntry>", "<note> after"),
        ("<termEntry id='a'><langSet xml:lang='fr'/></termEntry>", "no <tig/ntig>"),
        (
            "<termEntry id='a'><langSet xml:lang='fr'><tig><term>x</term>"
            "<descrip type='definition'>d</descrip></tig></langSet></termEntry>",
            "a definition inside a term",
        ),
        (
            "<termEntry id='a'><langSet xml:lang='fr'><tig><term>x</term>"
            "<termNote type='termType'>inflection</termNote></tig></langSet></termEntry>",
            "termType 'inflection'",
        ),
        ("<termEntry id='a'><note from='developer'>n</note>{fr}</termEntry>", "note attributes"),
    ],
)
def test_the_tbx_basic_checks_refuse_what_tbx_basic_refuses(document: str, problem: str) -> None:
    lang_set = "<langSet xml:lang='fr'><tig><term>x</term></tig></langSet>"
    header = (
        "<martifHeader><fileDesc><sourceDesc><p>t</p></sourceDesc></fileDesc>"
        "<encodingDesc><p type='XCSURI'>TBXBasicXCSV02.xcs</p></encodingDesc></martifHeader>"
    )
    body = document.replace("{fr}", lang_set)
    data = (
        f"<martif type='TBX-Basic' xml:lang='fr'>{header}<text><body>{body}</body></text></martif>"
    )
    assert any(problem in found for found in tbx_basic.problems(data.encode())), problem
    valid = data.replace(body, f"<termEntry id='a'>{lang_set}</termEntry>")
    assert tbx_basic.problems(valid.encode()) == []


def test_csv_reads_whole_with_translate_toolkit(workspace: Workspace, tmp_path: Path) -> None:
    workspace.translate("uk", {"glossary.crop.term": "культура"}, GLOSSARY_DOMAIN)
    out = tmp_path / "glossary"
    args = ["--content", str(workspace.content), "--locales", str(workspace.locales)]
    assert main(["i18n", "glossary", "--format", "csv", "--out", str(out), *args]) == 0
    # One file per language of the list, but French, Nile's own.
    expected_files = sorted(f"nile.fr-{code}.csv" for code in LANGUAGES if code != "fr")
    assert sorted(p.name for p in out.iterdir()) == expected_files
    expected = glossary_export.entries(workspace.domain(), "uk", workspace.locales)
    assert_csv_reads_whole(out / "nile.fr-uk.csv", expected, "nile")
    with (out / "nile.fr-uk.csv").open("rb") as stream:
        units = {u.getid(): u for u in csvl10n.csvfile(stream, encoding="utf-8").units}
    assert units["crop"].getcontext() == "glossary.crop.term"
    assert units["crop"].getnotes("developer") == "Une des sortes de cartes que l'on récolte."
    assert "культурами" in units["crop"].getnotes("translator").split("|")


def test_every_game_glossary_exports_whole(tmp_path: Path) -> None:
    domains: list[Domain] = [d for d in catalogs.load_domains(CONTENT, None)[0] if d.game]
    assert domains
    for form in glossary_export.FORMATS:
        written = glossary_export.export(domains, LANGUAGES, LOCALES, tmp_path, form)
        by_name = {path.name: path for path in written}
        for domain in domains:
            for language in LANGUAGES:
                name = f"{domain.name}.{domain.source_language}-{language}.{form}"
                if language == domain.source_language:
                    assert name not in by_name
                    continue
                expected = glossary_export.entries(domain, language, LOCALES)
                if form == "tbx":
                    assert tbx_basic.problems(by_name[name].read_bytes()) == [], name
                    assert_tbx_reads_whole(by_name[name], expected)
                else:
                    assert_csv_reads_whole(by_name[name], expected, domain.name)
