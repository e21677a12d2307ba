"""``rulebook score``: score an end state given as JSON, as a table or as JSON.

Two paths give the same answer. The quick one reads the game's export from the cache
(rulebook.cache.load_export: plain JSON, made once per version of the game's scoring
files and the code) and the words of its table in the reader's language (load_words:
made once per version of the texts they translate and of that language's catalogs), and
scores with the engine (scorer.engine.Engine: the export interpreted, the engine's own
validation), needing neither the content models nor pydantic. An end state with
problems, and every cache miss, goes the full way (load and validate the content,
``GameEngine``), which words the problems in the reader's language.

The two entries are kept apart so that a change makes again only what it touches: a
scoring number, the export (the words, made from the labels alone, stay); a catalog, the
words of its language (the export stays); a sentence of the rules, neither.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebook.errors import CommandError, report

if TYPE_CHECKING:
    from rulebook.i18n.runtime import Translator
    from schemas.game import GameContent
    from scorer.engine import GameEngine
    from scorer.outcome import Outcome
    from scorer.problems import Problem

#: The most winners a table has: every seat and every rival (a count phrase's forms repeat
#: past it, the last one stands for more).
MOST_WINNERS = 12

#: The point counts the labels say ready-made (a verdict's margin or tied total rarely
#: passes it); larger ones are made with the plural rules.
POINTS_SAID = 250

#: What the text table needs besides the result: its words in one language.
Labels = dict[str, Any]


def read_bytes(source: str) -> bytes:
    """The file's bytes, or standard input's, never more than a little past the bound.

    The file is read by the project's bounded reader (schemas.file_reader): a named pipe,
    a device or a loop of links is refused before anything is read. The file is the user's
    own, named on the command line, so it may be anywhere.
    """
    from schemas.file_reader import RefusedFile, read_stream, shown_name
    from schemas.file_reader import read_bytes as bounded
    from scorer.reading import MAX_BYTES

    # A file past the bound is read only to MAX_BYTES + 1: the end state's own problem
    # (file_too_large) words it in the reader's language.
    try:
        if source == "-":
            return read_stream(sys.stdin.buffer, MAX_BYTES, "standard input", refuse_larger=False)
        return bounded(Path(source), MAX_BYTES, what="an end-state file", refuse_larger=False)
    except RefusedFile as refused:
        shown = shown_name(str(refused.path))
        raise CommandError(
            refused.reason,
            type="file_refused",
            file=shown,
            line=refused.line,
            column=refused.column,
        ) from None


def printable_path(where: str) -> str:
    """A file name as it can be shown in a message (no control characters, not too long)."""
    from scorer.problems import printable

    return printable(where)


def table_texts(scoring: dict[str, Any], source_language: str) -> dict[str, Any]:
    """What the words of a table translate, as plain data: the scoring's kind and the
    labels of its categories, ranking keys, end checks and rivals, from the scoring as the
    export holds it (the content's scoring dumped to JSON). The words are made from these
    alone (:func:`table_words`), so the cache keys them by these, not by the whole export:
    a changed number keeps them."""
    ranking = scoring["ranking"]
    return {
        "source_language": source_language,
        "kind": scoring["kind"],
        "categories": [[c["id"], c["label"]] for c in scoring.get("categories", [])],
        "keys": [[k["value"], k["label"]] for k in ranking["keys"]],
        "end_checks": [[c["id"], c["message"]] for c in scoring.get("end_checks", [])],
        "rivals": [
            [r["id"], r["label"], r.get("sentence_name")] for r in scoring.get("rivals", [])
        ],
    }


def labels(content: GameContent, translate: Translator) -> Labels:
    """The words of the text table in one language (kept in the cache beside the export)."""
    scoring = content.dump("scoring")["scoring"]
    return table_words(table_texts(scoring, content.game.source_language), translate)


def table_words(texts: dict[str, Any], translate: Translator) -> Labels:
    """The words of the text table in ``translate``'s language, from :func:`table_texts`."""
    return {
        "kind": texts["kind"],
        "categories": {
            ident: translate(f"scoring.categories.{ident}.label", label)
            for ident, label in texts["categories"]
        },
        "keys": {
            value: translate(f"scoring.ranking.{value}.label", label)
            for value, label in texts["keys"]
        },
        "first_key": texts["keys"][0][0],
        "end_checks": {
            message: translate(f"scoring.end_checks.{ident}.message", message)
            for ident, message in texts["end_checks"]
        },
        # "Winner" or "Winners" by the number of winners (index 0: none), chosen here: the
        # quick path prints without loading the plural rules.
        "winners": [translate("ui.calc_no_winner", "No winner")]
        + [translate.count("ui.calc_winners", n) for n in range(1, MOST_WINNERS + 1)],
        **(verdict_words(texts, translate) if texts["rivals"] else NO_VERDICT),
        "ui": {
            key: translate(f"ui.{key}", text)
            for key, text in (
                ("total", "Total"),
                ("rank", "Rank"),
                ("colon", ": "),
                ("shared_place", "shared place"),
                ("undecided", "undecided (see the problems above)"),
            )
        },
    }


#: The verdict's words of a game without rivals: it never says one (scorer.verdict).
NO_VERDICT: Labels = {"verdict": {}, "rivals": {}, "points_said": [], "points": None}


def verdict_words(texts: dict[str, Any], translate: Translator) -> Labels:
    """The words of the verdict against a rival (scorer.verdict), made for a game with
    rivals only: its sentences, the rivals' names and the point count phrase's patterns (a
    language and its forms by CLDR category)."""
    from rulebook.i18n.numbers import format_count
    from scorer.verdict import MESSAGES as VERDICT_MESSAGES

    # The count phrase's patterns looked up once: its many numbers below only format.
    points = translate.count_patterns("ui.points")
    return {
        "verdict": {m.key: translate(f"ui.{m.key}", m.text) for m in VERDICT_MESSAGES},
        "rivals": {
            ident: translate(f"scoring.rivals.{ident}.sentence_name", sentence_name)
            if sentence_name
            else translate(f"scoring.rivals.{ident}.label", label)
            for ident, label, sentence_name in texts["rivals"]
        },
        # Count phrases made here up to POINTS_SAID: the quick path then loads no plural rules.
        "points_said": [format_count(n, points[1], points[0]) for n in range(POINTS_SAID + 1)],
        "points": list(points),
    }


def winners_line(words: Labels, winners: list[str]) -> str:
    """ "Winner: Jenny", "Winners: A, B" (each language's plural forms) or "No winner"."""
    said: list[str] = words["winners"]
    if not winners:
        return said[0]
    return f"{said[min(len(winners), len(said) - 1)]}{words['ui']['colon']}{', '.join(winners)}"


def verdict_line(words: Labels, result: dict[str, Any]) -> str | None:
    """The sentence on a solo or team game against a rival, or None (scorer.verdict)."""
    from scorer.verdict import rival_verdict, say

    verdict = rival_verdict(result)
    if verdict is None:
        return None
    return say(
        verdict,
        words["verdict"][verdict.key],
        lambda n: _points(words, n),
        words["rivals"].get(verdict.rival_id, verdict.rival),
    )


def _points(words: Labels, count: int) -> str:
    """``count`` points as a count phrase: made with the labels, or (past POINTS_SAID)
    with the plural rules, loaded only then."""
    said: list[str] = words["points_said"]
    if 0 <= count < len(said):
        return said[count]
    from rulebook.i18n.numbers import format_count

    language, patterns = words["points"]
    return format_count(count, patterns, language)


def score_table(words: Labels, result: dict[str, Any]) -> str:
    """A result (``Result.to_json()``) as a terminal table: a column per player."""
    from rulebook import tables
    from scorer.result import UNDECIDED

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
    lines.append(winners_line(words, result["winners"]))
    said = verdict_line(words, result)
    if said is not None:
        lines.append(said)
    for player in players:
        decided_by = player["decided_by"]
        if decided_by in (None, first_key):
            continue
        if decided_by == "shared":
            lines.append(f"{player['name']}{ui['colon']}{ui['shared_place']} ({player['against']})")
        elif decided_by == UNDECIDED:  # a tiebreaker with a problem: no key to show
            lines.append(f"{player['name']}{ui['colon']}{ui['undecided']} ({player['against']})")
        else:
            step = player["tiebreak"][-1]
            lines.append(
                f"{player['name']}{ui['colon']}{words['keys'][decided_by]} "
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
    from rulebook import cache
    from rulebook.commands import known_game
    from scorer.problems import EndStateError
    from scorer.reading import read_end_state

    known_game(args.project, args.game)
    try:
        raw = read_end_state(read_bytes(args.state))
    except EndStateError as error:  # not JSON, too large, too deep: the full path words it
        return _full(args, None, error.problems, cache.load_export(args.project, args.game))
    if isinstance(raw, dict) and "game" not in raw:  # the file may leave the game out
        raw = {"game": args.game, **raw}
    export = cache.load_export(args.project, args.game)
    if export is None:
        return _full(args, raw, [])
    words = None
    # The JSON result needs no words; a language asked for is known to be one of the
    # project's when its words were kept (the full path checks it before making them).
    if not args.json or args.lang is not None:
        language = args.lang or export["source_language"]
        texts = table_texts(export["scoring"], export["source_language"])
        words = cache.load_words(args.project, args.game, language, texts)
        if words is None:
            return _full(args, raw, [], export)
    from scorer.engine import Engine
    from scorer.outcome import score_outcome

    outcome = score_outcome(Engine(export), raw)
    if outcome.result is None or outcome.problems:
        # Problems are worded in the reader's language from the content's labels.
        return _full(args, raw, [], export)
    _print(outcome.result.to_json(), words, args.json)
    return 0


def _full(
    args: argparse.Namespace,
    raw: Any,
    unread: list[Problem],
    export: dict[str, Any] | None = None,
) -> int:
    """Load and validate the content, score with the engine, and keep in the cache what
    was missing there: the export, and the words of the table in the reader's language
    (each language's words are made when a reader first asks for them). ``export`` is the
    cached one, when it was there and still fits its files.

    ``unread`` are the problems of a file that could not be read as an end state at all.
    """
    from rulebook import cache
    from rulebook.commands import check_language, load_one
    from scorer.engine import GameEngine
    from scorer.outcome import Outcome, score_outcome

    check_language(args.lang)
    # Digests taken before the content is read: a file changed meanwhile cannot be stored
    # under the digest of its older text.
    files = cache.export_fingerprint(args.project, args.game)
    content = load_one(args.project, args.game)
    engine = GameEngine(content)
    # What the command made so far (the modules, the content models, the engine) lives
    # until the process ends: the collector is told to leave it alone (gc.freeze), so that
    # neither the full collection the table's words set off nor the one at exit walks it,
    # and it is not torn down object by object at exit (together about 50 ms of a first
    # call's 350 CPU). An in-process caller keeps the cyclic garbage not yet collected at
    # this point: about 500 objects, under 100 kB, a call.
    gc.freeze()
    if export is None:
        cache.save_export(args.project, args.game, engine.export, files)
    outcome = Outcome(None, unread) if unread else score_outcome(engine, raw)
    result = outcome.result
    if not outcome.problems:
        if result is not None:
            # Made for the JSON result too when a language is asked for: the quick path
            # knows a language by its kept words.
            words = _words(args, engine) if not args.json or args.lang is not None else None
            _print(result.to_json(), words, args.json)
        return 0
    # The table is printed beside the problems only when there is a result to show.
    shown = None if args.json or result is None else _words(args, engine)
    return _problems(args, raw, content, outcome, shown)


def _words(args: argparse.Namespace, engine: GameEngine) -> Labels:
    """The words of the table in the reader's language: kept ones, else made from the
    export's labels and the catalogs, and kept."""
    from rulebook import cache
    from rulebook.commands import translator

    export = engine.export
    language = args.lang or export["source_language"]
    texts = table_texts(export["scoring"], export["source_language"])
    kept: Labels | None = cache.load_words(args.project, args.game, language, texts)
    if kept is not None:
        return kept
    files = cache.words_fingerprint(args.project, args.game, language)
    # The table's game words are all its scoring's labels: no other file's are extracted.
    translate = translator(args.project, engine.content, args.lang, files=("scoring",))
    words = table_words(texts, translate)
    cache.save_words(args.project, args.game, language, texts, words, files, translate.domains)
    return words


def _problems(
    args: argparse.Namespace,
    raw: Any,
    content: GameContent,
    outcome: Outcome,
    words: Labels | None,
) -> int:
    """Print the problems of an end state (and its result when only a tiebreaker's field
    has one) in the reader's language; exit code 1."""
    # Imported only now: the machinery that words problems is a good part of a first call.
    from rulebook.commands import translator
    from rulebook.problems import ProblemWords
    from schemas.names import normalize_name
    from scorer.problems import excerpt

    translate = translator(args.project, content, args.lang)
    result = outcome.result
    said = ProblemWords(content, translate)
    if isinstance(raw, dict) and isinstance(raw.get("players"), list):
        said.names = [
            excerpt(normalize_name(p["name"]))
            if isinstance(p, dict) and isinstance(p.get("name"), str)
            else ""
            for p in raw["players"]
        ]
    where = "standard input" if args.state == "-" else printable_path(args.state)
    found = [said.diagnostic(p, where) for p in outcome.problems]
    if args.json:
        shown: dict[str, Any] = {
            "game": content.id,
            "problems": [d.details() for d in found],
            "result": None if result is None else result.to_json(),
        }
        print(json.dumps(shown, ensure_ascii=False, indent=2))
    elif result is not None:
        _print(result.to_json(), words, args.json)
    summary = translate.count("ui.problems_in_state", len(outcome.problems))
    if result is not None:
        summary += f" ({said.ui('problems_tiebreak')})"
    return report(found, summary, said.head)


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
