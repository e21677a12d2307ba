"""``rulebook build`` and ``rulebook serve``, registered on the main command's parser."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebook.errors import (
    EXIT_INVALID,
    EXIT_USAGE,
    CommandError,
    counted,
    problems_in,
    refused,
    report,
)

if TYPE_CHECKING:
    from rulebook.site.build import BuildReport
    from rulebook.site.options import BuildOptions


def build_options(args: argparse.Namespace) -> BuildOptions:
    """The build options the command line asks for."""
    # Imported here so that other subcommands do not pay for MkDocs, Jinja2 and nh3.
    from rulebook.site.options import BuildOptions
    from schemas.common import LANGUAGES

    languages = tuple(dict.fromkeys(args.lang)) if args.lang else LANGUAGES
    unknown = [language for language in languages if language not in LANGUAGES]
    if unknown:
        raise CommandError(
            f"unknown language {unknown[0]!r}; one of: {', '.join(LANGUAGES)}",
            EXIT_USAGE,
            type="unknown_language",
            loc=("--lang",),
            ctx={"value": unknown[0], "allowed": list(LANGUAGES)},
        )
    return BuildOptions(
        project=args.project,
        out=Path(args.out) if args.out else None,
        languages=languages,
        drafts=bool(getattr(args, "drafts", False)),
        site_url=_site_url(getattr(args, "site_url", None)),
    )


def _site_url(value: str | None) -> str | None:
    """The published address, with one final slash; only http(s) addresses."""
    if value is None:
        return None
    if not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", value):
        raise CommandError(
            f"{value!r}: expected the address the site is published at, "
            "such as https://example.org/rules/",
            EXIT_USAGE,
            type="site_url",
            loc=("--site-url",),
        )
    return value.rstrip("/") + "/"


def _build(options: BuildOptions) -> BuildReport | None:
    from rulebook.site.build import BuildError, build_site
    from schemas.loader import ContentError

    out = options.target
    try:
        built = build_site(options)
    except ContentError as error:
        found = problems_in(len(error.problems), "the content")
        report(error.problems, f"build failed: {found}; {out} was left as it was")
        return None
    except BuildError as error:
        why = f": {error.summary}" if error.summary else ""
        report(error.problems, f"build failed{why}; {out} was left as it was")
        return None
    untranslated = ", ".join(f"{k} {v}" for k, v in built.untranslated.items() if v)
    print(
        f"built {counted(built.pages, 'page', 'pages')} in {', '.join(built.languages)} "
        f"into {built.out} in {built.seconds:.1f} s"
        + (f"; pages with untranslated text: {untranslated}" if untranslated else "")
    )
    return built


def cmd_build(args: argparse.Namespace) -> int:
    return 0 if _build(build_options(args)) else EXIT_INVALID


def cmd_serve(args: argparse.Namespace) -> int:
    from rulebook.site.serve import make_server

    options = build_options(args)
    built = _build(options)
    if built is None:
        return EXIT_INVALID
    if args.watch:
        from rulebook.site.live import serve_live

        return serve_live(options, args.port, built.out)
    try:
        server = make_server(built.out, args.port)
    except OSError as error:
        said = f"cannot serve on 127.0.0.1:{args.port}: {error.strerror}"
        return refused(said, "serve", loc=("--port",), ctx={"port": args.port})
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"serving {built.out} on {url} (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


_DRAFTS_HELP = (
    "translators' preview: show fuzzy translations, marked as drafts, instead of their source"
)


def port(text: str) -> int:
    """A TCP port number (0 picks a free one)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 0 to 65535, not {number}")
    return number


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", help="output folder (default: the project's site/build)")
    parser.add_argument(
        "--lang",
        action="append",
        metavar="LANG",
        help="build only this language, e.g. fr; repeatable (default: every language)",
    )


def _languages_said() -> str:
    """The project's languages for the help text: ``Français (/fr/), ...``, each in progress
    said so; the list's own error is left for the command to report."""
    from schemas.languages import LanguagesError, specs

    try:
        found = specs()
    except LanguagesError:
        return "every language of content/languages.yaml"
    return ", ".join(
        f"{spec.name} (/{spec.code}/{'' if spec.published else ', in progress'})" for spec in found
    )


def register(commands: Any) -> None:
    """Add ``build`` and ``serve`` to the subcommands of ``rulebook``."""
    build = commands.add_parser(
        "build",
        help="build the site in every language",
        description=(
            "Render the content into Markdown and build the MkDocs site in "
            f"{_languages_said()}, with a language chooser at / (content/languages.yaml "
            "lists them). The output folder is replaced only when the whole build succeeded, "
            "and only if it is new, empty or written by an earlier build; never inside the "
            "project's sources."
        ),
    )
    _common(build)
    build.add_argument("--drafts", action="store_true", help=_DRAFTS_HELP)
    build.add_argument(
        "--site-url",
        metavar="URL",
        help=(
            "the address the site is published at (https://example.org/rules/): fills the "
            "sitemaps and canonical links; the site works under any sub-path without it"
        ),
    )
    build.set_defaults(run=cmd_build)

    serve = commands.add_parser(
        "serve",
        help="build the site and serve it on 127.0.0.1",
        description="Build the site, then serve it on http://127.0.0.1:PORT/ until Ctrl+C.",
    )
    _common(serve)
    serve.add_argument("--port", type=port, default=8000, help="port (default: 8000)")
    serve.add_argument(
        "--watch",
        action="store_true",
        help="rebuild what a change to the content or the catalogs touches, and reload the page",
    )
    serve.add_argument("--drafts", action="store_true", help=_DRAFTS_HELP)
    serve.set_defaults(run=cmd_serve)
