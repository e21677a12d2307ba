"""``rulebook score``: score an end state given as JSON, as a table or as JSON.

Two paths give the same answer. The quick one runs the game's scoring program from the
cache (rulebook.program: compiled once per version of the content, catalogs and code) and
needs neither the content models nor pydantic. It answers only for an end state it
accepts; anything else, and every cache miss, goes the full way (load and validate the
content, ``GameEngine``), whose problems are reported exactly as the engine words them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebook.errors import CommandError, report

if TYPE_CHECKING:
    from rulebook.commands import Translate
    from schemas.game import GameContent

#: What the text table needs besides the result: its words in one language.
Labels = dict[str, Any]


def read_state(source: str) -> Any:
    """The end state (parsed JSON) from a file, or from standard input for ``-``."""
    where = "standard input" if source == "-" else source
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as error:
        raise CommandError(f"{where}: cannot read: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise CommandError(f"{where}: not UTF-8 text (byte {error.start})") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise CommandError(
            f"{where}:{error.lineno}:{error.colno}: not valid JSON: {error.msg}"
        ) from None
    except RecursionError:
        raise CommandError(f"{where}: nested too deeply to be an end state") from None
    return raw


def labels(content: GameContent, translate: Translate) -> Labels:
    """The words of the text table in one language (kept with the cached program too)."""
    scoring = content.scoring
    return {
        "kind": scoring.kind,
        "categories": {
            c.id: translate(f"scoring.categories.{c.id}.label", c.label) for c in scoring.categories
        },
        "keys": {
            k.value: translate(f"scoring.ranking.{k.value}.label", k.label)
            for k in scoring.ranking.keys
        },
        "first_key": scoring.ranking.keys[0].value,
        "end_checks": {
            c.message: translate(f"scoring.end_checks.{c.id}.message", c.message)
            for c in scoring.end_checks
        },
        "ui": {
            key: translate(f"ui.{key}", text)
            for key, text in (
                ("total", "Total"),
                ("rank", "Rank"),
                ("winners", "Winners"),
                ("shared_place", "shared place"),
            )
        },
    }


def score_table(words: Labels, result: dict[str, Any]) -> str:
    """A result (``Result.to_json()``) as a terminal table: a column per player."""
    from rulebook import tables

    players = result["players"]
    ui = words["ui"]
    header = [""] + [p["name"] for p in players]
    rows = [
        [words["categories"][key]] + [str(p["breakdown"][key]) for p in players]
        for key in players[0]["breakdown"]
    ]
    first_key = words["first_key"]
    if words["kind"] == "points":
        rows.append([ui["total"]] + [str(p["total"]) for p in players])
    else:
        rows.append(
            [words["keys"][first_key]] + [" ".join(str(v) for v in p["key"] or []) for p in players]
        )
    rows.append([ui["rank"]] + [str(p["rank"]) for p in players])
    lines = [tables.render(header, rows), ""]
    lines.append(f"{ui['winners']}: {', '.join(result['winners']) or '-'}")
    for player in players:
        decided_by = player["decided_by"]
        if decided_by in (None, first_key):
            continue
        if decided_by == "shared":
            lines.append(f"{player['name']}: {ui['shared_place']} ({player['against']})")
        else:
            step = player["tiebreak"][-1]
            lines.append(
                f"{player['name']}: {words['keys'][decided_by]} "
                f"{step['mine']} / {step['theirs']} ({player['against']})"
            )
    lines.extend(f"! {words['end_checks'].get(n, n)}" for n in result["notices"])
    return "\n".join(lines)


def _print(result: dict[str, Any], words: Labels | None, as_json: bool) -> None:
    if as_json or words is None:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        print(score_table(words, result))


def run(args: argparse.Namespace) -> int:
    from rulebook import program
    from rulebook.commands import known_game

    known_game(args.project, args.game)
    raw = read_state(args.state)
    if isinstance(raw, dict) and "game" not in raw:  # the file may leave the game out
        raw = {"game": args.game, **raw}
    quick = program.load(args.project, args.game)
    if quick is not None and (args.lang is None or args.lang in quick.languages):
        scored = quick.score(raw)
        if scored is not None:
            _print(scored, None if args.json else quick.labels(args.lang), args.json)
            return 0
    return _full(args, raw)


def _full(args: argparse.Namespace, raw: Any) -> int:
    """Load and validate the content, score with the engine, and cache the program."""
    from rulebook import program
    from rulebook.commands import check_language, load_one, translator
    from scorer.engine import GameEngine
    from scorer.validate import EndStateError

    check_language(args.lang)
    files = program.fingerprint(args.project, args.game)
    content = load_one(args.project, args.game)
    engine = GameEngine(content)
    program.save(
        args.project,
        engine,
        lambda language: labels(content, translator(args.project, content, language)),
        files,
    )
    where = "standard input" if args.state == "-" else args.state
    try:
        result = engine.score(raw)
    except EndStateError as error:
        located = [f"{where}: {problem}" for problem in error.problems]
        return report(located, f"{len(error.problems)} problem(s) in the end state")
    words = None if args.json else labels(content, translator(args.project, content, args.lang))
    _print(result.to_json(), words, args.json)
    return 0


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "score",
        help="score an end state",
        description="Score an end state given as JSON (see the README and `rulebook schema`).",
    )
    parser.add_argument("game", help="game id, e.g. tokaido")
    parser.add_argument("state", help="end-state JSON file, or - for standard input")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--lang", metavar="LANG", help="language of the labels, e.g. uk (default: the game's)"
    )
    parser.set_defaults(run=run)
