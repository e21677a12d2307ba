"""The hostile-input census: run every probe of every family and count how each one ended.

    .venv/bin/python -m tests.fuzz.census [--family F] [--game G] [--full] [--json FILE]

Each probe (tests/fuzz/families.py) runs the real command (``rulebook.cli.main``) on its own
temporary copy of the project, in a forked child (tests/fuzz/bounds.py) under a CPU limit
(RLIMIT_CPU), an address-space limit and a wall-clock timeout, with ``--project`` always
given. Its outcome is one of:

* **clean**: exit 1 or 2, no traceback, a message naming the file or the field;
* **vague**: refused without a traceback, but naming neither file nor field;
* **traceback**: an exception escaped (a RecursionError, an OSError...);
* **hang**: the CPU limit or the timeout was hit;
* **memory**: the memory limit was hit (a MemoryError, or the child died of it);
* **wrong accept**: exit 0 where the command must refuse.

Independently of that, **outside** counts the probes that changed, added or removed a file in
the folder beside the copy (a reader's files, the target of a link out of the project), and
**leaked** those whose output printed the secret a link out of the project points to.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import re
import resource
import shutil
import signal
import sys
import tempfile
import traceback
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from rulebook.cli import build_parser
from rulebook.cli import main as rulebook_main
from tests.conftest import copy_languages
from tests.fuzz import bounds
from tests.fuzz.families import (
    CONTENT,
    FAMILIES,
    LOCALES,
    ROOT,
    SECRET,
    Probe,
    all_probes,
    game_ids,
)

#: Outcomes, in the order of the table's columns.
OUTCOMES = ("clean", "vague", "traceback", "hang", "memory", "wrong accept")
#: A probe whose damage could not be made (the content changed under it): a bug of the census.
HARNESS = "harness"
#: A probe's wall-clock bound is this many times its CPU bound (the machine is shared).
WALL_FACTOR = 5.0
#: The wall-clock bound of a probe that uses no CPU (a FIFO that never opens).
MIN_WALL = 30.0


@dataclass(frozen=True)
class Outcome:
    """How one probe ended."""

    key: str
    family: str
    kind: str
    outside: bool
    leaked: bool
    code: int | None
    detail: str


def copy_project(root: Path, games: Iterable[str]) -> Path:
    """A project of some games alone under ``root/project``: their content, their catalogs
    (and the interface's), content/languages.yaml and the exported schemas."""
    project = root / "project"
    games = tuple(games)
    for game in games:
        shutil.copytree(CONTENT / game, project / "content" / game)
    copy_languages(project / "content" / "languages.yaml", games)
    wanted = {"ui", *games}
    for catalog in LOCALES.glob("**/*.po*"):
        if catalog.name.split(".")[0] in wanted:
            target = project / catalog.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(catalog, target)
    shutil.copytree(ROOT / "schemas" / "json", project / "schemas" / "json")
    return project


def snapshot(folder: Path) -> dict[str, str]:
    """Every entry under ``folder``: a file's bytes (as hex of a hash), a link's target."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*")):
        relative = str(path.relative_to(folder))
        if path.is_symlink():
            found[relative] = "link:" + os.readlink(path)
        elif path.is_dir():
            found[relative] = "dir"
        elif path.is_file():
            found[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            found[relative] = "special"
    return found


def _changed(before: dict[str, str], after: dict[str, str], writes: str | None) -> list[str]:
    keys = set(before) | set(after)
    if writes is not None:
        keys = {k for k in keys if k != writes and not k.startswith(writes + "/")}
    return sorted(k for k in keys if before.get(k) != after.get(k))


def _run(probe: Probe, argv: list[str], project: Path) -> bounds.Run:
    """The command in a bounded child: CPU limit, memory limit, timeout, standard input."""
    cpu = max(1, int(probe.cpu))

    def work() -> bounds.Run:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 2))
        os.chdir(project)
        if probe.stdin is not None:
            sys.stdin = io.TextIOWrapper(io.BytesIO(probe.stdin), encoding="utf-8")
        else:
            sys.stdin = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
        return _call(argv)

    wall = max(MIN_WALL, probe.cpu * WALL_FACTOR)
    return bounds.bounded(work, timeout=wall)  # type: ignore[no-any-return]


def _call(argv: list[str]) -> bounds.Run:
    """``rulebook ARGV`` in this (forked) process, as bounds.run_command runs it."""
    out, err = io.StringIO(), io.StringIO()
    code: int | None = None
    crash = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = rulebook_main(argv)
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
        except BaseException:
            crash = traceback.format_exc()[-bounds.MAX_OUTPUT :]
    return bounds.Run(
        code, out.getvalue()[: bounds.MAX_OUTPUT], err.getvalue()[-bounds.MAX_OUTPUT :], crash
    )


def _died(message: str) -> str:
    """``hang`` or ``memory``, from what bounds.bounded said when a child did not answer."""
    if message.startswith("took more than"):
        return "hang"
    found = re.search(r"status (\d+)", message)
    if found is not None:
        status = int(found[1])
        if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
            return "hang"
    if "MemoryError" in message:
        return "memory"
    if "the run raised" in message:
        return "traceback"
    return "memory"


def classify(probe: Probe, run: bounds.Run) -> str:
    """One of OUTCOMES for a run that answered."""
    crash = run.crash or ("Traceback" in run.err and run.err) or None
    if crash:
        return "memory" if "MemoryError" in crash else "traceback"
    said = run.err + run.out
    named = any(name and name in said for name in probe.names) if probe.names else False
    if run.code == 0:
        if probe.expect == "either":
            return "clean"
        if probe.expect == "refuse_or_warn" and any(n in run.err for n in probe.names):
            return "clean"
        return "wrong accept"
    if run.code in (1, 2) and named:
        return "clean"
    return "vague"


def run_probe(probe: Probe, scratch: Path | None = None) -> Outcome:
    """Make the probe's copy, run it, classify it, and remove the copy."""
    root = Path(tempfile.mkdtemp(prefix="census-", dir=scratch))
    try:
        project = copy_project(root, probe.games)
        outside = root / "outside"
        outside.mkdir()
        (outside / "secret.yaml").write_text(f"password: {SECRET}\n", encoding="utf-8")
        try:
            probe.make(project, outside)
        except Exception as error:  # any failure to damage is the census's own
            return Outcome(probe.key, probe.family, HARNESS, False, False, None, repr(error))
        before = snapshot(outside)

        def resolve(text: str) -> str:
            return text.replace("{project}", str(project)).replace("{outside}", str(outside))

        argv = ["--project", str(project), *map(resolve, probe.argv)]
        probe = replace(probe, names=tuple(map(resolve, probe.names)))
        code: int | None = None
        try:
            run = _run(probe, argv, project)
        except AssertionError as error:
            kind, detail, leaked = _died(str(error)), str(error)[-2000:], SECRET in str(error)
        else:
            kind, code = classify(probe, run), run.code
            said = (run.crash or "") + run.err + run.out
            detail, leaked = _summary(run), SECRET in said
        changed = _changed(before, snapshot(outside), probe.writes)
        if changed:
            detail = f"changed outside: {changed[:5]}\n{detail}"
        return Outcome(probe.key, probe.family, kind, bool(changed), leaked, code, detail)
    finally:
        _remove(root)


def _remove(root: Path) -> None:
    """Remove a probe's folder, FIFOs and links included (never following a link)."""
    for path in root.rglob("*"):
        if path.is_symlink() or (path.exists() and not path.is_dir() and not path.is_file()):
            path.unlink()
    shutil.rmtree(root, ignore_errors=True)


def _summary(run: bounds.Run) -> str:
    text = run.crash or run.err or run.out
    lines = [line for line in text.splitlines() if line.strip()]
    return f"exit {run.code}: " + " | ".join(line[:200] for line in lines[-3:])


def table(outcomes: Sequence[Outcome]) -> str:
    """The figures per family: tried, then each outcome, then outside and leaked."""
    columns = (*OUTCOMES, HARNESS) if any(o.kind == HARNESS for o in outcomes) else OUTCOMES
    head = ("family", "tried", *columns, "outside", "leaked")
    rows: list[tuple[str, ...]] = [head]
    families = [f for f in FAMILIES if any(o.family == f for o in outcomes)]
    for family in [*families, "all"]:
        mine = [o for o in outcomes if family in ("all", o.family)]
        kinds = Counter(o.kind for o in mine)
        rows.append(
            (
                family,
                str(len(mine)),
                *(str(kinds[k]) for k in columns),
                str(sum(o.outside for o in mine)),
                str(sum(o.leaked for o in mine)),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = [" | ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]
    lines.insert(1, "-+-".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.fuzz.census", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--family", action="append", choices=FAMILIES, help="only this family")
    parser.add_argument("--game", action="append", help="only probes of this game")
    parser.add_argument("--match", metavar="TEXT", help="only probes whose key holds TEXT")
    parser.add_argument("--full", action="store_true", help="content trees on every game")
    parser.add_argument("--json", metavar="FILE", help="also write every outcome as JSON lines")
    parser.add_argument("--list", action="store_true", help="list the probes, run none")
    parser.add_argument(
        "--table", nargs="+", metavar="FILE", help="print the table of earlier --json files"
    )
    args = parser.parse_args(argv)
    if args.table:
        saved = [
            Outcome(**json.loads(line))
            for name in args.table
            for line in Path(name).read_text(encoding="utf-8").splitlines()
            if line.strip()
        ]
        print(table(saved))
        return 0

    from rulebook.cache import load_content

    games = load_content(CONTENT)
    assert sorted(games) == game_ids(), "content/ and the loaded games differ"
    probes = [
        p
        for p in all_probes(games, full=args.full)
        if (not args.family or p.family in args.family)
        and (not args.game or p.game in args.game)
        and (not args.match or args.match in p.key)
    ]
    if args.list:
        for probe in probes:
            print(probe.key)
        return 0
    build_parser()  # import every subcommand once: each forked run starts without importing
    outcomes: list[Outcome] = []
    report = open(args.json, "a", encoding="utf-8") if args.json else None  # noqa: SIM115
    try:
        for number, probe in enumerate(probes, 1):
            outcome = run_probe(probe)
            outcomes.append(outcome)
            flag = " OUTSIDE" if outcome.outside else ""
            print(f"[{number}/{len(probes)}] {outcome.kind:12}{flag} {probe.key}", file=sys.stderr)
            if report is not None:
                report.write(json.dumps(outcome.__dict__, ensure_ascii=False) + "\n")
                report.flush()
    finally:
        if report is not None:
            report.close()
    print(table(outcomes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
