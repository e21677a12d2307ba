"""Translation checks: what ``rulebook i18n check`` refuses, the runner of every check.

The checks live by idea: rulebook.i18n.safetychecks (placeholders, markup, links, bidi),
rulebook.i18n.glossarychecks (glossary terms, copies of the source, words shared across
games), rulebook.i18n.textchecks (numbers and the text's own form), rulebook.i18n.catalogchecks
(a catalog as a whole) and rulebook.i18n.toolchecks (msgfmt, translate-toolkit); a failure is
a rulebook.i18n.failure.Failure.

Each translated (non-fuzzy) message is checked against its source text:

``numbers``       every number of the source appears in the translation, in digits or as a
                  word of its language ("deux", "дві", "both");
``placeholders``  the same ``{placeholders}``, none broken or added, and no ``%s`` or
                  ``%(name)s`` the source does not have;
``links``         the same Markdown link targets (``[text](term:<id>)``, ``(rule:<id>)``);
``markup``        only the tags and attributes the source uses (nh3 with an allow-list
                  built from the source, like Weblate's safe-html check), none dropped, and
                  no script, event handler or ``javascript:`` URL in any case;
``glossary``      a glossary term the source uses (says, or links to: the terms the
                  extraction marks in its comments) is rendered by the glossary's word for the
                  language (its ``glossary.<id>.term`` translation in the game's glossary
                  catalog, or one of its ``glossary.<id>.forms``; rulebook.i18n.glossary), an
                  inflection or a compound of it (rulebook.i18n.terms); a term inside a
                  longer term the source says is not asked for. The translator may flag the
                  entry ``#, ignore-glossary`` when the source uses the word in another
                  sense (French "été", summer and "been");
``forms``         a term's forms are a list: no empty item between commas, no form twice;
``empty``         a translation that is only blanks, or a plural with some forms left out;
``unchanged``     a copy of the source, unless it is made only of names kept as they are
                  (``Term.keep``, the glossary's own rendering, the game's name) or the
                  translator flagged it ``#, ignore-same``;
``bidi``          no bidirectional embedding, override or isolate (U+202A-U+202E,
                  U+2066-U+2069) the source does not have: they reorder what a reader sees;
``emails``        the same e-mail addresses (in linear time: translate-toolkit's took quadratic);
``whitespace``, ``doubled``, ``brackets``, ``emphasis``, ``entities``, ``typography``,
``language``      see rulebook.i18n.textchecks: stray spaces and line breaks, a word twice,
                  unbalanced brackets, a dropped **bold** or a ``**`` without its pair, an
                  HTML reference such as ``&lt;b&gt;``, text not typeset for its language, a
                  sentence left in the source language or another of the project's;

A translator waives a check for one entry with a translator comment, which every PO editor
can write (Poedit cannot set flags)::

    # rulebook: ignore-same, ignore-glossary

or with the flag of the same name (``#, ignore-same``); a waiver that excuses nothing is a
failure (``waiver``: rulebook.i18n.waivers). Markup, placeholder, link, bidi, e-mail and
empty-text checks cannot be waived: they guard the site. A fuzzy message, which a
translators' preview (``build --drafts``) shows, is checked for what is unsafe whatever its
source (draft_problems). ``rulebook build`` runs the checks that guard the site
(build_failures), so it never builds a catalog refused for them.

Every check takes time linear in the length of the text (a regular expression that retried
from every character of a long run once took minutes over a megabyte), and a catalog is
bounded (rulebook.i18n.catalogs.MAX_CATALOG_BYTES, MAX_MESSAGE_CHARS).

and each catalog as a whole: it parses (within its bounds, every string closed), its
``Language`` and ``Plural-Forms`` headers are right (the formula chooses the language's
forms), babel's ``Catalog.check`` passes, and it and the template are up to date with the
content, and the copies of messages written in the catalog's own language (``read-only``)
equal their source. Untranslated and fuzzy messages are not errors unless ``complete`` is
asked for.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from babel.messages.catalog import Message
from babel.messages.pofile import PoFileError

from rulebook.errors import counted
from rulebook.i18n import glossary
from rulebook.i18n.catalogchecks import (
    header_failures,
    is_copy,
    msgid_of,
    template_problem,
    tool_failures,
    unread_failure,
)
from rulebook.i18n.catalogs import (
    Domain,
    entries,
    game_domain,
    glossary_domain,
    load_entries,
    po_path,
    read_catalog_once,
    state,
    ui_domain,
)
from rulebook.i18n.failure import Failure
from rulebook.i18n.glossarychecks import (
    TermRendering,
    concept_failures,
    glossary_problems,
    normalized,
    renderings,
    unchanged_problem,
)
from rulebook.i18n.messages import SourceMessage
from rulebook.i18n.pofiles import read_catalog, strings, translated
from rulebook.i18n.review import review_problem
from rulebook.i18n.safetychecks import draft_problems, safety_problems
from rulebook.i18n.textchecks import (
    bracket_problems,
    doubled_word,
    email_problem,
    emphasis_problem,
    entity_problem,
    missing_numbers,
    other_language_sentences,
    typography_problem,
    whitespace_problems,
)
from rulebook.i18n.waivers import excused, idle, waivers
from schemas.common import LANGUAGES
from schemas.game import GameContent
from schemas.languages import complete_required, review_required


def check_message(
    message: SourceMessage,
    entry: Message,
    language: str,
    terms: Sequence[TermRendering] = (),
    names: Iterable[str] = (),
) -> list[tuple[str, str]]:
    """(check, problem) pairs for one translated message."""
    forms = strings(entry)
    if not translated(entry):
        blank = [str(i) for i, f in enumerate(forms) if not f.strip()]
        which = "" if len(forms) == 1 else f" (form {', '.join(blank)})"
        return [
            (
                "empty",
                f"an empty translation{which}: write it, or clear it to leave it untranslated",
            )
        ]
    waived = waivers(entry)
    kept = _kept_words(terms, language, names)
    found: list[tuple[str, str]] = []
    for index, form in enumerate(forms):
        source = message.text if index == 0 or message.plural is None else message.plural
        found.extend(_form_problems(message, source, form, language))
        if index == 0:
            found.extend(("glossary", p) for p in glossary_problems(message, form, language, terms))
            problem = unchanged_problem(source, form, language, terms, names)
            if problem:
                found.append(("unchanged", problem))
            if normalized(source) != normalized(form):
                others = [message.language, *LANGUAGES]
                for sentence, other in other_language_sentences(form, language, others, kept):
                    found.append(("language", f"a sentence left in {other}: {sentence!r}"))
    # Every check runs, waived or not: a waiver that excuses nothing is reported, so none
    # outlives the problem it was written for (rulebook.i18n.waivers).
    stale = [("waiver", _idle_text(w)) for w in idle(entry, (name for name, _ in found))]
    found = [(name, text) for name, text in found if not excused(name, waived)] + stale
    return list(dict.fromkeys(found))


def _idle_text(waiver: str) -> str:
    return f"`ignore-{waiver}` excuses nothing here any more: remove it"


def _form_problems(
    message: SourceMessage, source: str, form: str, language: str
) -> list[tuple[str, str]]:
    """The checks of one form of a translation against the source form it renders."""
    found: list[tuple[str, str]] = []
    lost = missing_numbers(source, form, message.language, language)
    if lost:
        found.append(
            (
                "numbers",
                f"numbers of the source missing: {', '.join(lost)} (in digits or in words)",
            )
        )
    found.extend(safety_problems(source, form, language))
    for name, problem in (
        ("emails", email_problem(source, form)),
        ("doubled", doubled_word(source, form)),
        ("emphasis", emphasis_problem(source, form)),
        ("entities", entity_problem(source, form)),
        ("typography", typography_problem(form, language)),
    ):
        if problem:
            found.append((name, problem))
    found.extend(("whitespace", p) for p in whitespace_problems(source, form))
    found.extend(("brackets", p) for p in bracket_problems(source, form))
    return found


def _kept_words(
    terms: Sequence[TermRendering], language: str, names: Iterable[str]
) -> frozenset[str]:
    """Words that stay as they are in a translation: names and kept terms."""
    words: set[str] = set()
    for phrase in [*names, *(f for t in terms if t.keep for f in t.forms.get(language, ()))]:
        words.update(w.casefold() for w in re.findall(r"[^\W\d_]+", phrase or ""))
    return frozenset(words)


def check_catalog(
    domain: Domain,
    language: str,
    locales: Path,
    terms: Sequence[TermRendering] = (),
    complete: bool = False,
    review: bool = False,
) -> list[Failure]:
    """Every failure of the catalog of ``domain`` in ``language``.

    ``review`` also fails each translation without a reviewer's mark of its current text
    (rulebook.i18n.review).
    """
    path = po_path(locales, language, domain.name)
    file = str(path)
    wanted = {m.context: m for m in domain.messages}
    if not os.path.lexists(path):  # a broken link is there: the reader says what it is
        return [
            Failure(
                file,
                None,
                "",
                "catalog",
                f"missing ({counted(len(wanted), 'message', 'messages')} of {domain.name} belong in it): "
                "run `rulebook i18n update`",
            )
        ]
    try:
        catalog = read_catalog(path, language)
    except PoFileError as error:
        return [unread_failure(file, error)]
    failures = header_failures(catalog, language, file)
    for item in catalog:
        item.flags.discard("python-format")  # our texts have no %-formats, only {braces}
    for item, errors in catalog.check():
        for problem in errors:
            failures.append(
                Failure(file, item.lineno, str(item.context or ""), "catalog", str(problem))
            )
    found = entries(catalog)
    outdated = sorted(set(wanted) ^ set(found)) + sorted(
        c for c in set(wanted) & set(found) if msgid_of(found[c]) != wanted[c].msgid
    )
    outdated += sorted(
        c
        for c, m in wanted.items()
        if m.language == language and c in found and not is_copy(found[c], m, language)
    )
    if outdated:
        failures.append(
            Failure(
                file,
                None,
                "",
                "outdated",
                f"{counted(len(outdated), 'message differs', 'messages differ')} from the content (first: "
                f"{outdated[0]}): run `rulebook i18n update`",
            )
        )
    names = _names(domain, language)
    for context, entry in found.items():
        message = wanted.get(context)
        if message is None or msgid_of(entry) != message.msgid or message.language == language:
            continue
        untouched = all(not form for form in strings(entry))
        if entry.fuzzy or untouched:
            if complete and entry.fuzzy:
                # A source edit must not stop the site: the old translation waits for review
                # while the page shows the source, and the status page lists it.
                what = "fuzzy: review it against the new source"
                failures.append(Failure(file, entry.lineno, context, "outdated", what, "warning"))
            elif complete:
                failures.append(Failure(file, entry.lineno, context, "incomplete", "missing"))
            # A draft is shown in a translators' preview (build --drafts): nothing unsafe.
            for name, text in _entry_problems(message, entry, language, draft=True):
                failures.append(Failure(file, entry.lineno, context, name, text))
            continue
        if domain.glossary and glossary.is_forms(context):
            problems = forms_entry_problems(message, entry, language)
        else:
            problems = check_message(message, entry, language, terms, names)
        for name, text in problems:
            failures.append(Failure(file, entry.lineno, context, name, text))
        unreviewed = review_problem(entry) if review else None
        if unreviewed:
            # A failure, not a warning like a fuzzy entry: a fuzzy entry's page shows the
            # source, but an unreviewed translation would be published as it is.
            failures.append(Failure(file, entry.lineno, context, "unreviewed", unreviewed))
    return failures


def forms_entry_problems(
    message: SourceMessage, entry: Message, language: str
) -> list[tuple[str, str]]:
    """The checks of a term's forms (``glossary.<id>.forms``): a list of words, not a
    sentence, so only the checks that guard the site and the list's own (``forms``)."""
    form = strings(entry)[0]
    found = safety_problems(message.text, form, language)
    found.extend(("forms", problem) for problem in glossary.forms_problems(form))
    return found


def _entry_problems(
    message: SourceMessage, entry: Message, language: str, draft: bool
) -> list[tuple[str, str]]:
    """The safety checks of every form of ``entry`` (only a draft's, when ``draft``)."""
    check = draft_problems if draft else safety_problems
    found: list[tuple[str, str]] = []
    for index, form in enumerate(strings(entry)):
        source = message.text if index == 0 or message.plural is None else message.plural
        found.extend(check(source, form, language))
    return list(dict.fromkeys(found))


def build_failures(domain: Domain, language: str, locales: Path) -> list[Failure]:
    """What ``rulebook build`` refuses in the catalog of ``domain`` in ``language``.

    The catalog must read (within its bounds) and have the right ``Language`` and
    ``Plural-Forms``; every translation a page may show must pass the SAFETY_CHECKS (a draft,
    shown with ``--drafts``, the checks of draft_problems). These are failures of
    ``rulebook i18n check`` too, so a catalog it refuses for them is never built; missing and
    fuzzy translations are not failures (the page shows the source instead). A catalog
    none of whose messages a reader of ``language`` needs translated (every one is written in
    ``language``: a French game's French catalog) is not read: no page shows any of it.
    """
    path = po_path(locales, language, domain.name)
    file = str(path)
    if not path.exists() or not domain.to_translate(language):
        return []
    try:
        catalog = read_catalog_once(path, language)  # the pages read it again
    except PoFileError as error:
        return [unread_failure(file, error)]
    failures = header_failures(catalog, language, file)
    wanted = domain.by_context()
    for context, entry in entries(catalog).items():
        message = wanted.get(context)
        if message is None or message.language == language or not translated(entry):
            continue
        draft = state(message, entry, language) != "translated"
        for name, text in _entry_problems(message, entry, language, draft):
            failures.append(Failure(file, entry.lineno, context, name, text))
    return failures


def site_failures(
    contents: Iterable[GameContent],
    languages: Sequence[str],
    locales: Path,
    domain_of: Callable[[GameContent], Domain] = game_domain,
) -> list[Failure]:
    """build_failures of every catalog a site of ``contents`` in ``languages`` reads (each
    game's, its glossary's, whose words the pages show, and the interface's); ``domain_of``
    extracts a game's messages (a build passes the one its pages use)."""
    contents = list(contents)
    glossaries = [glossary_domain(c) for c in contents if c.glossary and c.glossary.terms]
    domains = [*(domain_of(content) for content in contents), *glossaries, ui_domain()]
    return [
        failure
        for domain in domains
        for language in languages
        for failure in build_failures(domain, language, locales)
    ]


def _names(domain: Domain, language: str) -> set[str]:
    if domain.content is None:
        return set()
    game = domain.content.game
    return {game.name(language), game.name(domain.source_language)}


def _entries_or_none(domain: Domain, language: str, locales: Path) -> dict[str, Message]:
    """The entries of a catalog; none when it does not parse (reported by its own check)."""
    try:
        return load_entries(domain.name, language, locales)
    except PoFileError:
        return {}


def check(
    domains: Iterable[Domain],
    languages: Sequence[str],
    locales: Path,
    complete: bool = False,
) -> list[Failure]:
    """Every failure of every catalog of ``domains`` in ``languages``, and of templates.

    ``complete`` also fails untranslated messages and reports fuzzy ones as warnings, in the
    published languages only, and there not in a game in progress
    (schemas.languages.complete_required); in a language that says ``require_review:
    true``, it fails each translation without a reviewer's mark too.
    """
    domains = list(domains)
    failures: list[Failure] = []
    glossaries: dict[str, tuple[Domain, dict[str, dict[str, Message]]]] = {}
    for domain in domains:
        problem = template_problem(domain, locales)
        if problem:
            failures.append(problem)
        terms = _terms(domain, glossaries, locales)
        for language in languages:
            # Completeness only where readers are sent: a language or a game in progress
            # (content/languages.yaml) lands partial, but every translation it has is checked.
            # A glossary goes with its game.
            owner = glossary.game_of(domain.name)
            required = complete and complete_required(language, owner)
            review = complete and review_required(language, owner)
            failures.extend(check_catalog(domain, language, locales, terms, required, review))
            failures.extend(tool_failures(po_path(locales, language, domain.name), language))
    failures.extend(concept_failures(list(glossaries.values()), languages, locales))
    return failures


def _terms(
    domain: Domain,
    glossaries: dict[str, tuple[Domain, dict[str, dict[str, Message]]]],
    locales: Path,
) -> Sequence[TermRendering]:
    """The glossary renderings a game domain or its glossary domain is checked with, read
    from the glossary's catalogs once per game (kept in ``glossaries``)."""
    content = domain.content
    if content is None or content.glossary is None:
        return []
    if content.id not in glossaries:
        own = domain if domain.glossary else glossary_domain(content)
        found = {language: _entries_or_none(own, language, locales) for language in LANGUAGES}
        glossaries[content.id] = (own, found)
    return renderings(*glossaries[content.id])
