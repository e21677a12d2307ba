"""``rulebook schema``: export (or check) the JSON Schemas into the project's schemas/json/."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rulebook.errors import counted, report
from schemas.diagnostics import Diagnostic


def run(args: argparse.Namespace) -> int:
    from rulebook.cache import load_content
    from rulebook.schema_export import export_schemas

    out = Path(args.out) if args.out else args.project.schemas
    written = export_schemas(load_content(args.project.content), out, check=args.check)
    if args.check:
        if written:
            stale = [
                Diagnostic("schema_stale", msg="out of date", file=str(out / name))
                for name in written
            ]
            schemas = counted(len(stale), "JSON Schema is", "JSON Schemas are")
            return report(stale, f"{schemas} out of date: run `rulebook schema`")
        print(f"ok: JSON Schemas in {out} are up to date")
        return 0
    print(f"wrote {counted(len(written), 'schema file', 'schema files')} to {out}")
    return 0


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "schema",
        help="export JSON Schemas",
        description="Export the JSON Schemas of content files, of each game's end state and "
        "of the export document the engines read into the project's schemas/json/ (the "
        "content files point their editors there).",
    )
    parser.add_argument("--out", help="folder to write to (default: the project's schemas/json)")
    parser.add_argument("--check", action="store_true", help="only check the files are up to date")
    parser.set_defaults(run=run)
