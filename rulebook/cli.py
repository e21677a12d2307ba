"""The ``rulebook`` command line. Each subcommand is a thin layer over a library call."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rulebook import paths, tables
from rulebook.i18n.runtime import Translator
from rulebook.problems import ProblemWords
from schemas.common import LANGUAGES
from schemas.endstate import normalize_name
from schemas.game import REQUIRED_FILES, GameContent
from schemas.loader import ContentError, game_folders, load_all, load_game
from scorer.engine import GameEngine
from scorer.outcome import Outcome, score_outcome
from scorer.problems import EndStateError, Problem, excerpt, printable
from scorer.reading import MAX_BYTES, read_end_state
from scorer.result import Result
from scorer.setup import SetupError, SetupResult, make_setup

#: Exit codes: 0 success, 1 invalid input or content, 2 wrong usage.
EXIT_INVALID = 1


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return EXIT_INVALID


def _load(content_dir: Path | None = None) -> dict[str, GameContent]:
    return load_all(content_dir or paths.content_dir())


def _game(name: str) -> GameContent:
    """Load one game only: scoring a game should not wait for (or fail on) the others."""
    content_dir = paths.content_dir()
    known = [folder.name for folder in game_folders(content_dir)] if content_dir.is_dir() else []
    if name not in known:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(known)}")
    return load_game(content_dir / name, files=REQUIRED_FILES)


# ----------------------------------------------------------------------------------------
# validate
# ----------------------------------------------------------------------------------------


def cmd_validate(args: argparse.Namespace) -> int:
    content_dir = Path(args.content_dir) if args.content_dir else paths.content_dir()
    try:
        games = load_all(content_dir)
    except ContentError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return _fail(f"{len(error.problems)} problem(s) in {content_dir}")
    failures = []
    for content in games.values():
        try:
            GameEngine(content)
        except (ValueError, SyntaxError) as error:  # a compile failure is a content error too
            failures.append(f"{content_dir / content.id}/scoring.yaml: {error}")
    for failure in failures:
        print(failure, file=sys.stderr)
    if failures:
        return _fail(f"{len(failures)} problem(s) in {content_dir}")
    print(f"ok: {len(games)} game(s) in {content_dir}: {', '.join(sorted(games))}")
    return 0


# ----------------------------------------------------------------------------------------
# score
# ----------------------------------------------------------------------------------------


def _read_bytes(source: str) -> bytes:
    """The file's bytes, or standard input's, never more than a little past the bound."""
    if source == "-":
        return sys.stdin.buffer.read(MAX_BYTES + 1)
    with open(source, "rb") as stream:
        return stream.read(MAX_BYTES + 1)


def cmd_score(args: argparse.Namespace) -> int:
    content = _game(args.game)
    where = "standard input" if args.state == "-" else printable(args.state)
    words = ProblemWords(content, _translator(content, args.lang))
    try:
        raw = read_end_state(_read_bytes(args.state))
    except OSError as error:
        return _fail(f"{where}: cannot read: {error.strerror}")
    except EndStateError as error:
        outcome = Outcome(None, error.problems)
    else:
        if isinstance(raw, dict) and "game" not in raw:
            raw = {"game": content.id, **raw}
        outcome = score_outcome(GameEngine(content), raw)
        if isinstance(raw, dict) and isinstance(raw.get("players"), list):
            words.names = [
                excerpt(normalize_name(p["name"]))
                if isinstance(p, dict) and isinstance(p.get("name"), str)
                else ""
                for p in raw["players"]
            ]
    result = outcome.result
    if args.json:
        if outcome.problems:
            shown: dict[str, Any] = {
                "game": content.id,
                "problems": [words.to_json(p) for p in outcome.problems],
                "result": None if result is None else result.to_json(),
            }
        else:
            assert result is not None
            shown = result.to_json()
        print(json.dumps(shown, ensure_ascii=False, indent=2))
    elif result is not None:
        print(score_table(content, result, words.translate))
    for problem in outcome.problems:
        if problem.code == "not_json" and "line" in problem.params:
            at = f"{where}:{problem.params['line']}:{problem.params['column']}"
            print(f"{at}: {words.message(problem)}", file=sys.stderr)
        else:
            print(f"{where}: {words.line(problem)}", file=sys.stderr)
    if outcome.problems:
        summary = words.translate.count("ui.problems_in_state", len(outcome.problems))
        if result is not None:
            summary += f" ({words.ui('problems_tiebreak')})"
        return _fail(summary)
    return 0


Translate = Callable[[str, str], str]


def _translator(content: GameContent, language: str | None) -> Translator:
    """Look labels up in the game's catalogs; fall back to the source text."""
    from rulebook.i18n.runtime import translator

    return translator(content, language or content.game.source_language)


def score_table(content: GameContent, result: Result, translate: Translate) -> str:
    """The result as a terminal table: a column per player, a row per category."""
    scoring = content.scoring
    labels = {
        c.id: translate(f"scoring.categories.{c.id}.label", c.label) for c in scoring.categories
    }
    header = [""] + [p.name for p in result.players]
    rows = [
        [labels[key]] + [str(p.breakdown[key]) for p in result.players]
        for key in result.players[0].breakdown
    ]
    if scoring.kind == "points":
        rows.append([translate("ui.total", "Total")] + [str(p.total) for p in result.players])
    else:
        key_label = translate(
            f"scoring.ranking.{scoring.ranking.keys[0].value}.label", scoring.ranking.keys[0].label
        )
        rows.append([key_label] + [" ".join(str(v) for v in p.key or []) for p in result.players])
    rows.append([translate("ui.rank", "Rank")] + [str(p.rank) for p in result.players])
    lines = [tables.render(header, rows), ""]
    winners = ", ".join(result.winners) or "-"
    lines.append(f"{translate('ui.winners', 'Winners')}: {winners}")
    for player in result.players:
        if player.decided_by not in (None, scoring.ranking.keys[0].value):
            key = player.decided_by
            if key == "shared":
                lines.append(
                    f"{player.name}: {translate('ui.shared_place', 'shared place')} ({player.against})"
                )
            else:
                step = player.tiebreak[-1]
                label = next(k.label for k in scoring.ranking.keys if k.value == key)
                label = translate(f"scoring.ranking.{key}.label", label)
                lines.append(
                    f"{player.name}: {label} {step['mine']} / {step['theirs']} ({player.against})"
                )
    checks = {c.message: c.id for c in scoring.end_checks}
    lines.extend(
        f"! {translate(f'scoring.end_checks.{checks[n]}.message', n)}" for n in result.notices
    )
    return "\n".join(lines)


# ----------------------------------------------------------------------------------------
# setup
# ----------------------------------------------------------------------------------------


def _parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--option takes KEY=VALUE, got {printable(pair)!r}")
        options[key] = {"true": True, "false": False}.get(value.lower(), value)
    return options


_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")


def fill(text: str, values: dict[str, int]) -> str:
    """Replace ``{name}`` by its value; other braces are left as they are."""
    return _PLACEHOLDER.sub(
        lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text
    )


def cmd_setup(args: argparse.Namespace) -> int:
    content = _game(args.game)
    names = args.names.split(",") if args.names else None
    try:
        result = make_setup(content, args.players, args.seed, names, _parse_options(args.option))
    except SetupError as error:
        words = ProblemWords(content, _translator(content, args.lang), [])
        for problem in error.problems:
            print(f"setup: {_setup_line(words, problem, names)}", file=sys.stderr)
        return _fail(f"setup: {words.translate.count('ui.problems_in_setup', len(error.problems))}")
    except ValueError as error:
        return _fail(f"setup: {error}")
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    else:
        language = args.lang or content.game.source_language
        print(setup_text(content, result, _translator(content, language), language))
    return 0


def _setup_line(words: ProblemWords, problem: Problem, names: list[str] | None) -> str:
    """A setup problem for the terminal: --names, --option or --players, and what is wrong."""
    loc = problem.loc
    if loc[:1] == ("options",):
        where = f"--option {excerpt(str(loc[1]))}" if len(loc) > 1 else "--option"
    elif len(loc) == 3 and names is not None:
        where = f"--names #{int(loc[1]) + 1} ({excerpt(names[int(loc[1])])})"
    else:
        where = "--players"
    return f"{where}: {words.message(problem)}"


def setup_text(
    content: GameContent, result: SetupResult, translate: Translate, language: str
) -> str:
    """The setup as a numbered checklist."""
    lines = [
        f"{content.game.names.get(language)} - {len(result.players)} "
        f"({translate('ui.seed', 'seed')} {result.seed})",
        f"{translate('ui.first_player', 'First player')}: {result.first_player}",
        "",
    ]
    deals = {s.id: s.deal.component for s in content.setup.steps if s.deal is not None}
    for number, step in enumerate(result.steps, start=1):
        deck = f"components.{deals.get(step.id, '')}"
        text = translate(f"setup.steps.{step.id}.text", step.text)
        lines.append(f"{number}. {fill(text, step.values)}")
        for name, items in step.per_player.items():
            lines.append(
                f"   {name}: {', '.join(translate(f'{deck}.items.{i.id}.name', i.name) for i in items)}"
            )
        for name, amount in step.per_seat.items():
            lines.append(f"   {name}: {amount}")
        for index, item in enumerate(step.table):
            slot = f"{step.slots[index]}: " if index < len(step.slots) else ""
            lines.append(f"   {slot}{translate(f'{deck}.items.{item.id}.name', item.name)}")
    return "\n".join(lines)


# ----------------------------------------------------------------------------------------
# schema
# ----------------------------------------------------------------------------------------


def cmd_schema(args: argparse.Namespace) -> int:
    from rulebook.schema_export import export_schemas

    out = Path(args.out) if args.out else paths.SCHEMAS_JSON
    games = _load()
    written = export_schemas(games, out, check=args.check)
    if args.check:
        if written:
            for name in written:
                print(f"out of date: {out / name}", file=sys.stderr)
            return _fail("JSON Schemas are out of date: run `rulebook schema`")
        print(f"ok: JSON Schemas in {out} are up to date")
        return 0
    print(f"wrote {len(written)} schema file(s) to {out}")
    return 0


# ----------------------------------------------------------------------------------------
# the parser
# ----------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulebook",
        description="Board-game rules as structured content: check it, score games, set them up.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    validate = commands.add_parser(
        "validate",
        help="check every game's content",
        description="Check all content: every error with its file, line and field path.",
    )
    validate.add_argument("content_dir", nargs="?", help="content folder (default: content/)")
    validate.set_defaults(run=cmd_validate)

    score = commands.add_parser(
        "score",
        help="score an end state",
        description="Score an end state given as JSON (see the README and `rulebook schema`).",
    )
    score.add_argument("game", help="game id, e.g. tokaido")
    score.add_argument("state", help="end-state JSON file, or - for standard input")
    score.add_argument("--json", action="store_true", help="print the result as JSON")
    score.add_argument(
        "--lang", choices=LANGUAGES, help="language of the labels (default: the game's)"
    )
    score.set_defaults(run=cmd_score)

    setup = commands.add_parser(
        "setup",
        help="make a setup checklist",
        description="The setup checklist for a player count, reproducible from its seed.",
    )
    setup.add_argument("game", help="game id, e.g. momiji")
    setup.add_argument("--players", type=int, required=True, help="number of players")
    setup.add_argument(
        "--seed", help="seed text; the same seed gives the same setup (default: random)"
    )
    setup.add_argument("--names", help="player names in seating order, comma-separated")
    setup.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an expansion, variant or reading, e.g. crossroads=true",
    )
    setup.add_argument("--json", action="store_true", help="print the setup as JSON")
    setup.add_argument(
        "--lang", choices=LANGUAGES, help="language of the checklist (default: the game's)"
    )
    setup.set_defaults(run=cmd_setup)

    schema = commands.add_parser(
        "schema",
        help="export JSON Schemas",
        description="Export the JSON Schemas of content files and of each game's end state.",
    )
    schema.add_argument("--out", help="folder to write to (default: schemas/json)")
    schema.add_argument("--check", action="store_true", help="only check the files are up to date")
    schema.set_defaults(run=cmd_schema)

    from rulebook.i18n.cli import register as register_i18n

    register_i18n(commands)
    from rulebook.site.cli import register as register_site

    register_site(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except ContentError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        return _fail(f"{len(error.problems)} problem(s) in the content: run `rulebook validate`")
    except KeyError as error:
        return _fail(str(error.args[0]))
    return code


if __name__ == "__main__":
    sys.exit(main())
