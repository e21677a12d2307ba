"""``rulebook build`` and ``rulebook serve``, registered on the main command's parser."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebook import paths
from schemas.loader import ContentError

if TYPE_CHECKING:
    from rulebook.site.build import BuildReport

#: Where the site is built by default (rulebook.site.build.DEFAULT_OUT).
DEFAULT_OUT = paths.SITE / "build"

#: Exit code of a failed build (the previous site is left in place).
EXIT_FAILED = 1


def _build(args: argparse.Namespace) -> BuildReport | None:
    # Imported here so that other subcommands do not pay for MkDocs, Jinja2 and nh3.
    from rulebook.site.build import BuildError, build_site

    out = Path(args.out) if args.out else DEFAULT_OUT
    try:
        report = build_site(out, drafts=getattr(args, "drafts", False))
    except ContentError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print(
            f"build failed: {len(error.problems)} problem(s) in the content; "
            f"{out} was left as it was",
            file=sys.stderr,
        )
        return None
    except BuildError as error:
        print(f"build failed: {error}\n{out} was left as it was", file=sys.stderr)
        return None
    untranslated = ", ".join(f"{k} {v}" for k, v in report.untranslated.items() if v)
    print(
        f"built {report.pages} page(s) in {', '.join(report.languages)} into {report.out} "
        f"in {report.seconds:.1f} s"
        + (f"; pages with untranslated text: {untranslated}" if untranslated else "")
    )
    return report


def cmd_build(args: argparse.Namespace) -> int:
    return 0 if _build(args) else EXIT_FAILED


def cmd_serve(args: argparse.Namespace) -> int:
    from rulebook.site.serve import make_server

    report = _build(args)
    if report is None:
        return EXIT_FAILED
    try:
        server = make_server(report.out, args.port)
    except OSError as error:
        print(f"cannot serve on 127.0.0.1:{args.port}: {error.strerror}", file=sys.stderr)
        return EXIT_FAILED
    print(f"serving {report.out} on http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)")
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


def register(commands: Any) -> None:
    """Add ``build`` and ``serve`` to the subcommands of ``rulebook``."""
    build = commands.add_parser(
        "build",
        help="build the site in every language",
        description=(
            "Render the content into Markdown and build the MkDocs site in French, Ukrainian "
            "and English (/fr/, /uk/, /en/, with a language chooser at /). The output folder is "
            "replaced only when the whole build succeeded."
        ),
    )
    build.add_argument("--out", help=f"output folder (default: {DEFAULT_OUT})")
    build.add_argument("--drafts", action="store_true", help=_DRAFTS_HELP)
    build.set_defaults(run=cmd_build)

    serve = commands.add_parser(
        "serve",
        help="build the site and serve it on 127.0.0.1",
        description="Build the site, then serve it on http://127.0.0.1:PORT/ until Ctrl+C.",
    )
    serve.add_argument("--out", help=f"output folder (default: {DEFAULT_OUT})")
    serve.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    serve.add_argument("--drafts", action="store_true", help=_DRAFTS_HELP)
    serve.set_defaults(run=cmd_serve)
