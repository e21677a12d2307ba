"""The rules of TBX-Basic that the glossary export must keep, as explicit checks.

No validator for TBX-Basic's ``martif`` form ships with a pinned package (translate-toolkit
reads TBX but does not validate it, and its schemas are not redistributable here), so the
rules are written out: the core structure of ISO 30042:2008 (the TBXcoreStructV02 DTD's
content models) and the TBX-Basic data categories with their picklists (the TBX-Basic XCS,
whose values the TBX-Basic schematron for TBX v3 repeats).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"

#: ``%auxInfo;``: what may come before the language sets of an entry, before the terms of a
#: language set, and after the term notes of a term.
AUX_INFO = frozenset(
    {"descrip", "descripGrp", "admin", "adminGrp", "transacGrp", "note", "ref", "xref"}
)
#: TBX-Basic's data categories by element, with the picklist of those that have one.
DESCRIP_TYPES = frozenset({"definition", "context", "subjectField"})
ADMIN_TYPES = frozenset({"customerSubset", "projectSubset", "source"})
TERM_NOTE_VALUES: dict[str, frozenset[str] | None] = {
    "administrativeStatus": frozenset(
        {
            "preferredTerm-admn-sts",
            "admittedTerm-admn-sts",
            "deprecatedTerm-admn-sts",
            "supersededTerm-admn-sts",
        }
    ),
    "termType": frozenset(
        {"fullForm", "acronym", "abbreviation", "shortForm", "variant", "phrase"}
    ),
    "partOfSpeech": frozenset({"noun", "verb", "adjective", "adverb", "properNoun", "other"}),
    "grammaticalGender": frozenset({"masculine", "feminine", "neuter", "other"}),
    "geographicalUsage": None,
    "termLocation": None,
}
#: The attributes the core structure allows on a note (``from`` is translate-toolkit's own).
NOTE_ATTRIBUTES = frozenset({"id", XML_LANG})


def _sequence(
    parent: ET.Element, first: frozenset[str], then: tuple[str, ...], where: str
) -> list[str]:
    """Problems unless ``parent``'s children are some of ``first``, then one or more ``then``."""
    problems = []
    seen_then = False
    for child in parent:
        if child.tag in then:
            seen_then = True
        elif child.tag in first:
            if seen_then:
                problems.append(f"{where}: <{child.tag}> after the <{'/'.join(then)}> elements")
        else:
            problems.append(f"{where}: <{child.tag}> is not allowed here")
    if not seen_then:
        problems.append(f"{where}: no <{'/'.join(then)}>")
    return problems


def _data_categories(entry: ET.Element, where: str) -> list[str]:
    problems = []
    for node in entry.iter():
        kind = node.get("type")
        if node.tag == "descrip" and kind not in DESCRIP_TYPES:
            problems.append(f"{where}: descrip type {kind!r} is not TBX-Basic")
        if node.tag == "admin" and kind not in ADMIN_TYPES:
            problems.append(f"{where}: admin type {kind!r} is not TBX-Basic")
        if node.tag == "termNote":
            if kind not in TERM_NOTE_VALUES:
                problems.append(f"{where}: termNote type {kind!r} is not TBX-Basic")
            elif (allowed := TERM_NOTE_VALUES[kind]) is not None and node.text not in allowed:
                problems.append(f"{where}: {kind} {node.text!r} is not in TBX-Basic's list")
        if node.tag == "note" and set(node.attrib) - NOTE_ATTRIBUTES:
            problems.append(f"{where}: note attributes {sorted(node.attrib)} are not TBX")
    return problems


def _definitions(entry: ET.Element, where: str) -> list[str]:
    """A definition belongs to the entry or a language set (in a descripGrp or not)."""
    allowed = set()
    for level in (entry, *entry.findall("langSet")):
        allowed.update(level.findall("descrip"))
        allowed.update(level.findall("descripGrp/descrip"))
    return [
        f"{where}: a definition inside a term"
        for node in entry.iter("descrip")
        if node.get("type") == "definition" and node not in allowed
    ]


def _tig(tig: ET.Element, where: str) -> list[str]:
    children = list(tig)
    if not children or children[0].tag != "term" or not (children[0].text or "").strip():
        return [f"{where}: a <tig> starts with its non-empty <term>"]
    problems = []
    notes_done = False
    for child in children[1:]:
        if child.tag == "termNote" and not notes_done:
            continue
        notes_done = True
        if child.tag not in AUX_INFO:
            problems.append(f"{where}: <{child.tag}> out of place in a <tig>")
    return problems


def _entry(entry: ET.Element) -> list[str]:
    where = f"termEntry {entry.get('id')!r}"
    problems = _sequence(entry, AUX_INFO, ("langSet",), where)
    languages = [lang_set.get(XML_LANG) for lang_set in entry.findall("langSet")]
    if None in languages or len(set(languages)) != len(languages):
        problems.append(f"{where}: each langSet needs its own xml:lang, got {languages}")
    for lang_set in entry.findall("langSet"):
        here = f"{where} langSet {lang_set.get(XML_LANG)}"
        problems += _sequence(lang_set, AUX_INFO, ("tig", "ntig"), here)
        for tig in lang_set.findall("tig"):
            problems += _tig(tig, here)
    return problems + _data_categories(entry, where) + _definitions(entry, where)


def problems(data: bytes) -> list[str]:
    """What in ``data`` breaks TBX-Basic's structure or data categories; empty when valid."""
    root = ET.fromstring(data)
    found = []
    if root.tag != "martif" or root.get("type") != "TBX-Basic" or not root.get(XML_LANG):
        found.append("the root is <martif type='TBX-Basic' xml:lang=...>")
    if [child.tag for child in root] != ["martifHeader", "text"]:
        found.append("<martif> holds <martifHeader> then <text>")
    if root.find("martifHeader/fileDesc/sourceDesc") is None:
        found.append("the header has fileDesc/sourceDesc")
    if root.find("martifHeader/encodingDesc/p[@type='XCSURI']") is None:
        found.append("the header names the dialect's XCS (encodingDesc/p type=XCSURI)")
    body = root.find("text/body")
    if body is None:
        return [*found, "no text/body"]
    ids = [entry.get("id") for entry in body]
    if len(set(ids)) != len(ids):
        found.append("termEntry ids repeat")
    for entry in body:
        if entry.tag != "termEntry":
            found.append(f"<{entry.tag}> in the body")
            continue
        found += _entry(entry)
    return found
