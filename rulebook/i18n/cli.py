"""``rulebook i18n``: extract, update, compile, status and check the translation catalogs."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rulebook.errors import EXIT_USAGE, counted, problems_in, report, show
from rulebook.i18n import (
    catalogs,
    catalogupdate,
    checks,
    concepts,
    glossary_export,
    ids,
    review,
    status,
)
from rulebook.i18n.catalogs import Domain
from schemas.common import LANGUAGES
from schemas.diagnostics import Diagnostic

#: Exit code when a check fails or content cannot be read.
EXIT_FAILED = 1


def _folders(args: argparse.Namespace) -> tuple[Path, Path]:
    content = Path(args.content) if args.content else args.project.content
    locales = Path(args.locales) if args.locales else args.project.locales
    return content, locales


def _domains(args: argparse.Namespace) -> tuple[list[Domain], list[Diagnostic]]:
    content, _ = _folders(args)
    found, problems = catalogs.load_domains(content, args.game or None)
    show(problems)
    return found, problems


def _languages(args: argparse.Namespace) -> list[str]:
    return list(args.lang or LANGUAGES)


def _done(problems: list[Diagnostic]) -> int:
    if problems:
        summary = problems_in(len(problems), "the content")
        print(f"{summary}: run `rulebook validate`", file=sys.stderr)
        return EXIT_FAILED
    return 0


def cmd_extract(args: argparse.Namespace) -> int:
    """Write one template per domain."""
    _, locales = _folders(args)
    domains, problems = _domains(args)
    for domain in domains:
        changed, _ = catalogupdate.write_template(domain, locales)
        state = "written" if changed else "unchanged"
        print(
            f"{catalogs.pot_path(locales, domain.name)}: {state} ({len(domain.messages)} messages)"
        )
    return _done(problems)


def cmd_update(args: argparse.Namespace) -> int:
    """Extract, then merge each template into each language's catalog."""
    _, locales = _folders(args)
    domains, problems = _domains(args)
    for domain in domains:
        _, date = catalogupdate.write_template(domain, locales)
        for language in _languages(args):
            result = catalogupdate.update_catalog(
                domain, language, locales, date, args.keep_obsolete
            )
            if result.written or result.path.exists():
                print(result.summary())
                for context, others in result.differing.items():
                    print(f"  {context}: kept the translation most copies gave; other copies:")
                    for copy, text in others:
                        print(f"    {copy}: {text}")
            else:
                print(f"{result.path}: not needed ({domain.name} is written in {language})")
    return _done(problems)


def cmd_ids(args: argparse.Namespace) -> int:
    """Give rows and steps ids, rename their catalog contexts, then update the catalogs."""
    content, locales = _folders(args)
    try:
        results = ids.assign_all(content, locales, args.game or None)
    except ValueError as error:
        return report([Diagnostic("ids", msg=str(error))])
    for result in results:
        if result.assigned:
            renamed = sum(result.renamed.values())
            given = counted(len(result.assigned), "id", "ids")
            contexts = counted(renamed, "catalog context", "catalog contexts")
            print(f"{result.path}: {given} given, {contexts} renamed")
    if not any(r.assigned for r in results):
        print("every row and step has an id")
    return cmd_update(args)


def cmd_typeset(args: argparse.Namespace) -> int:
    """Typeset every translation (quotes, apostrophes, spaces around punctuation)."""
    _, locales = _folders(args)
    domains, problems = _domains(args)
    for domain in domains:
        for language in _languages(args):
            changed = catalogupdate.typeset_catalog(domain, language, locales)
            if changed:
                print(f"{catalogs.po_path(locales, language, domain.name)}: {len(changed)} typeset")
    return _done(problems)


def cmd_compile(args: argparse.Namespace) -> int:
    """Compile catalogs to MO files, without fuzzy entries."""
    _, locales = _folders(args)
    domains, problems = _domains(args)
    for domain in domains:
        for language in _languages(args):
            target = catalogupdate.compile_catalog(domain, language, locales)
            if target is not None:
                print(f"{target}: compiled")
    return _done(problems)


def cmd_status(args: argparse.Namespace) -> int:
    """Print translated, fuzzy and missing counts."""
    _, locales = _folders(args)
    domains, problems = _domains(args)
    rows = status.status(domains, _languages(args), locales)
    if args.json:
        print(json.dumps([r.to_json() for r in rows], ensure_ascii=False, indent=2))
    else:
        print(status.render(rows))
    return _done(problems)


def cmd_glossary(args: argparse.Namespace) -> int:
    """Export each game's glossary for CAT tools."""
    _, locales = _folders(args)
    domains, problems = _domains(args)
    out = Path(args.out)
    for path in glossary_export.export(domains, _languages(args), locales, out, args.format):
        print(path)
    return _done(problems)


def cmd_concepts(args: argparse.Namespace) -> int:
    """Print the words shared across games, side by side."""
    _, locales = _folders(args)
    domains, problems = _domains(args)
    print(concepts.render(domains, _languages(args), locales))
    return _done(problems)


def cmd_check(args: argparse.Namespace) -> int:
    """Run the translation checks; fail on any failure."""
    _, locales = _folders(args)
    domains, problems = _domains(args)
    if args.pofilter_report:
        from rulebook.i18n.toolchecks import POFILTER_CHECKS, pofilter_counts

        paths = [
            (catalogs.po_path(locales, language, d.name), language)
            for d in domains
            for language in _languages(args)
            if catalogs.po_path(locales, language, d.name).exists()
        ]
        for name, count in sorted(pofilter_counts(paths).items()):
            enforced = " (enforced)" if name in POFILTER_CHECKS else ""
            print(f"{name}\t{count}{enforced}")
        return _done(problems)
    found = checks.check(domains, _languages(args), locales, complete=args.complete)
    show(found)
    failures = [f for f in found if f.severity == "error"]
    warnings = len(found) - len(failures)
    if warnings:
        waiting = counted(warnings, "translation", "translations")
        print(f"{waiting} to review after a source edit", file=sys.stderr)
    if failures:
        wrong = counted(len(failures), "translation problem", "translation problems")
        print(wrong, file=sys.stderr)
        return EXIT_FAILED
    if not problems:
        print(f"ok: {counted(len(domains), 'domain', 'domains')} in {', '.join(_languages(args))}")
    return _done(problems)


def cmd_review(args: argparse.Namespace) -> int:
    """Mark translations reviewed, as they are now, in one language."""
    _, locales = _folders(args)
    domains, problems = _domains(args)
    wanted = set(args.context or ())
    if not wanted and not args.all:
        said = "name the contexts reviewed, or give --all"
        return report([Diagnostic("usage", ("context",), said)], code=EXIT_USAGE)
    marked = 0
    for domain in domains:
        path = catalogs.po_path(locales, args.language, domain.name)
        if not path.exists():
            continue
        found = catalogs.load_entries(domain.name, args.language, locales)
        contexts = [c for c in found if args.all or c in wanted]
        done = review.mark_reviewed(path, found, contexts)
        wanted -= {*done.marked, *done.skipped}
        marked += len(done.marked)
        if done.marked:
            print(f"{path}: {len(done.marked)} marked reviewed")
        said = "not translated, fuzzy or read-only"
        skipped = done.skipped if not args.all else ()
        show(Diagnostic("not_reviewable", (c,), said, file=str(path)) for c in skipped)
    if wanted:
        said = f"no such message in {args.language}"
        return report(Diagnostic("unknown_context", (c,), said) for c in sorted(wanted))
    if not marked:
        print("nothing to mark")
    return _done(problems)


def _common(parser: argparse.ArgumentParser, languages: bool = True) -> None:
    parser.add_argument(
        "--game",
        action="append",
        metavar="ID",
        help="only this game and its glossary (or 'ui' for interface strings, "
        "'<game>.glossary' for a glossary alone); repeatable",
    )
    if languages:
        parser.add_argument(
            "--lang",
            action="append",
            choices=LANGUAGES,
            help="only this language; repeatable (default: all)",
        )
    # Folders are the project's (--project); these two older overrides stay for scripts.
    parser.add_argument("--content", metavar="DIR", help=argparse.SUPPRESS)
    parser.add_argument("--locales", metavar="DIR", help=argparse.SUPPRESS)


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``i18n`` and its subcommands to the ``rulebook`` command's subparsers."""
    i18n: argparse.ArgumentParser = subparsers.add_parser(
        "i18n",
        help="manage translation catalogs",
        description=(
            "Translation catalogs under locales/: one template per game (and ui.pot for the "
            "interface), one PO file per language, gettext contexts built from content ids."
        ),
    )
    commands = i18n.add_subparsers(dest="i18n_command", required=True, metavar="ACTION")
    actions: list[tuple[str, str, str, Callable[[argparse.Namespace], int], bool]] = [
        (
            "extract",
            "write the templates (.pot)",
            "Write locales/<game>.pot and locales/ui.pot from the content. A template whose "
            "messages did not change is left as it is.",
            cmd_extract,
            False,
        ),
        (
            "update",
            "extract, then update the translations (.po)",
            "Extract, then merge into locales/<lang>/LC_MESSAGES/<game>.po: new messages come "
            "in empty, changed ones are marked fuzzy with their old source after #|. No "
            "catalog is made for the language a game is written in.",
            cmd_update,
            True,
        ),
        (
            "ids",
            "give table rows and list steps ids, keeping their translations",
            "Give every table row and list step of the rules an id made from its first "
            "words (editing the YAML as text: comments and layout stay), rename the catalog "
            "contexts that still name them by position, then update the catalogs. Run it "
            "after merging content written without ids; a second run changes nothing.",
            cmd_ids,
            True,
        ),
        (
            "typeset",
            "typeset the translations for their language",
            "Rewrite each translation with its language's quotes, apostrophe and spaces "
            "around punctuation (content/languages.yaml), leaving link targets, code, URLs, "
            "placeholders and numbers such as 2:30 alone. Only msgstr changes.",
            cmd_typeset,
            True,
        ),
        (
            "compile",
            "compile the translations (.mo)",
            "Compile each PO file to MO next to it, leaving fuzzy and empty entries out.",
            cmd_compile,
            True,
        ),
        (
            "status",
            "show how much is translated",
            "Translated, fuzzy and missing messages per game and language. Messages already in "
            "the language count as done.",
            cmd_status,
            True,
        ),
        (
            "concepts",
            "show the words shared across games",
            "Each glossary concept (discard, tiebreak, turn...) with its word in every game and "
            "language, so shared words stay consistent; check enforces it for identical source "
            "words.",
            cmd_concepts,
            True,
        ),
        (
            "glossary",
            "export the glossaries for CAT tools (TBX or CSV)",
            "Write each game's glossary per target language (none for the game's own "
            "language): the term, its current translation, each accepted form as a term "
            "variant and the definitions, as TBX-Basic (the form translate-toolkit, and so "
            "Weblate, reads) or as CSV with translate-toolkit's columns.",
            cmd_glossary,
            True,
        ),
        (
            "review",
            "mark translations reviewed",
            "Mark the named translations (by context) of one language reviewed as they are "
            "now: a '# rulebook: reviewed <digest>' translator comment, which stops counting "
            "when the source or the translation changes. A language with require_review: "
            "true in content/languages.yaml needs every translation reviewed "
            "(`rulebook i18n check --complete`).",
            cmd_review,
            False,
        ),
        (
            "check",
            "check the translations",
            "Fail on lost numbers, broken placeholders, markup the source does not use, "
            "glossary terms not followed, empty translations, copies of the source, invalid "
            "or out-of-date catalogs.",
            cmd_check,
            True,
        ),
    ]
    for name, summary, description, run, languages in actions:
        parser = commands.add_parser(name, help=summary, description=description)
        _common(parser, languages)
        parser.set_defaults(run=run)
        if name in ("update", "ids"):
            parser.add_argument(
                "--keep-obsolete", action="store_true", help="keep removed messages as #~ entries"
            )
        elif name == "status":
            parser.add_argument("--json", action="store_true", help="print JSON")
        elif name == "glossary":
            parser.add_argument("--format", choices=glossary_export.FORMATS, default="tbx")
            parser.add_argument(
                "--out", default="glossary", metavar="DIR", help="folder (default: glossary/)"
            )
        elif name == "review":
            parser.add_argument(
                "--lang", dest="language", required=True, choices=LANGUAGES, help="the language"
            )
            parser.add_argument("context", nargs="*", help="the contexts reviewed")
            parser.add_argument(
                "--all", action="store_true", help="every translated message of the games named"
            )
        elif name == "check":
            parser.add_argument(
                "--complete",
                action="store_true",
                help=(
                    "also fail on untranslated messages and warn of fuzzy ones (a source "
                    "edit to review), where the language is published and the game not in "
                    "progress (content/languages.yaml); fail on unreviewed translations "
                    "where the language says require_review: true"
                ),
            )
            parser.add_argument(
                "--pofilter-report",
                action="store_true",
                help="count what each of translate-toolkit's checks flags (enforced or not)",
            )
    return i18n
