"""The checks of a catalog as a whole: it parses within its bounds (unread_failure), its
``Language`` and ``Plural-Forms`` headers are right (header_failures), its template is up to
date with the content (template_problem), and msgfmt and translate-toolkit's enforced checks
pass (tool_failures)."""

from __future__ import annotations

import gettext
import os
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError

from rulebook.i18n.catalogs import Domain, pot_path
from rulebook.i18n.catalogupdate import template_bytes
from rulebook.i18n.failure import Failure
from rulebook.i18n.messages import SourceMessage
from rulebook.i18n.numbers import PLURAL_SAMPLES, forms_for_catalog, sample_indexes
from rulebook.i18n.pofiles import READ_ONLY, CatalogRefused, catalog_bytes, read_catalog
from rulebook.i18n.toolchecks import msgfmt_problems, pofilter_problems


def template_problem(domain: Domain, locales: Path) -> Failure | None:
    path = pot_path(locales, domain.name)
    if not os.path.lexists(path):  # a broken link is there: the reader says what it is
        return Failure(str(path), None, "", "outdated", "missing: run `rulebook i18n extract`")
    expected = template_bytes(domain, locales)
    if expected is None or catalog_bytes(path) != expected:
        return Failure(
            str(path),
            None,
            "",
            "outdated",
            "the template differs from the content: run `rulebook i18n extract`",
        )
    return None


def is_copy(entry: Message, message: SourceMessage, language: str) -> bool:
    """Whether ``entry`` is the read-only copy of a message written in ``language``."""
    expected = forms_for_catalog(message.texts, language)
    got = entry.string if isinstance(entry.string, str) else list(entry.string or [])
    return READ_ONLY in entry.flags and not entry.fuzzy and got == expected


def tool_failures(path: Path, language: str) -> list[Failure]:
    """What msgfmt and translate-toolkit's enforced checks say about one catalog."""
    if not path.exists():
        return []
    try:
        read_catalog(path, language)
    except PoFileError:
        return []  # the catalog check already says it does not parse
    problems = [*msgfmt_problems([path]), *pofilter_problems(path, language)]
    return [
        Failure(file, line, context, check, text) for file, line, context, check, text in problems
    ]


def unread_failure(file: str, error: PoFileError) -> Failure:
    """The failure of a catalog that does not parse or is refused unread."""
    if isinstance(error, CatalogRefused):
        return Failure(
            file, error_line(error.lineno) if error.lineno else None, "", "catalog", str(error)
        )
    # Babel ends its message with the line counted from 0; the failure has it from 1.
    said = str(error).removesuffix(f" on {error.lineno}")
    if "num_plurals" in said:
        said += " (it has more forms than the Plural-Forms header's nplurals)"
    return Failure(file, error_line(error.lineno), "", "catalog", f"does not parse: {said}")


def error_line(lineno: int | None) -> int | None:
    """A parse error's line: babel counts those from 0 (but message lines from 1)."""
    return None if lineno is None else lineno + 1


def msgid_of(entry: Message) -> str | tuple[str, ...]:
    return entry.id if isinstance(entry.id, str) else tuple(entry.id)


def header_failures(catalog: Catalog, language: str, file: str) -> list[Failure]:
    failures = []
    if str(catalog.locale_identifier) != language:
        failures.append(
            Failure(
                file,
                1,
                "",
                "catalog",
                f"Language header says {catalog.locale_identifier!r}, expected {language!r}",
            )
        )
    expected = Catalog(locale=language)
    if catalog.num_plurals != expected.num_plurals:
        failures.append(
            Failure(
                file,
                1,
                "",
                "catalog",
                f"Plural-Forms has nplurals={catalog.num_plurals}, expected "
                f"{expected.num_plurals} ({expected.plural_forms})",
            )
        )
    else:
        problem = plural_rule_problem(str(catalog.plural_expr), language)
        if problem:
            failures.append(Failure(file, 1, "", "catalog", f"Plural-Forms: {problem}"))
    return failures


def plural_rule_problem(expression: str, language: str) -> str | None:
    """How the ``plural=`` formula of a header differs from the language's, if it does.

    Formulas are compared by what they choose for the numbers that reach every category
    (an editor may write the language's formula another way).
    """
    wanted = Catalog(locale=language).plural_expr
    try:
        rule = gettext.c2py(expression)
        for number, expected in zip(PLURAL_SAMPLES, sample_indexes(language), strict=True):
            got = rule(number)
            if got != expected:
                return (
                    f"plural={expression} chooses form {got} for {number}, "
                    f"{language} needs form {expected} (plural={wanted})"
                )
    except (ValueError, ArithmeticError, RecursionError):
        return f"plural={expression:.200} is not a formula gettext reads (plural={wanted})"
    return None
