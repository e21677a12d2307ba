"""Per-file time of test files, each run alone in its own pytest process, one worker.

Run: .venv/bin/python benchmarks/bench_suite.py [--runs 2] [--slowest 5] [--against REV] FILE...

With no file, the files known to be the suite's slowest (SLOW). Each file runs as
``pytest -n 0 -p no:randomly FILE --durations=0`` (no other file's fixtures, no worker
start-up), with an empty cache folder of its own (as in CI); a file that fails is reported
as failed, never timed as if it passed.

Printed per file: wall seconds of every run, their median, the CPU seconds (user + system
of pytest and every process it waited for: Chromium, Node) and the pytest summary line;
then the sum of the phases pytest timed (setup, call, teardown: the run less start-up and
collection) with the longest setup apart (in a browser file, the site build, which the
whole suite makes once), the failures, and with ``--slowest N`` the N slowest phases.
The machine may be shared: CPU seconds move less with the load than wall seconds, and
``--runs 2`` shows the noise. ``--against REV`` times each file as it was at REV too (a
copy beside it, removed afterwards), the two versions' runs in turn, so that both meet
the same load: before and after in one command.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

#: The slowest files of the suite when this benchmark was written (seconds under load).
SLOW = (
    "tests/browser/test_search.py",
    "tests/browser/test_results_view.py",
    "tests/fuzz/test_check_linear.py",
    "tests/browser/test_calculator_layout.py",
    "tests/fuzz/test_catalog_fuzz.py",
    "tests/browser/test_reading.py",
    "tests/browser/test_table_tools.py",
    "tests/browser/test_keystrokes.py",
)

#: pytest's closing line: "12 passed, 1 failed in 34.56s" (with -q, possibly bare).
SUMMARY = re.compile(r"^=*\s*(\d+ \w+.*) in [\d.]+s.*$", re.M)
#: A --durations row: "3.21s call     tests/x.py::test_y".
DURATION = re.compile(r"^(\d+\.\d+)s (setup|call|teardown)\s+(.+)$", re.M)


@dataclass
class FileTimes:
    """What the runs of one file measured."""

    path: str
    walls: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)
    summary: str = ""
    failed: bool = False
    slowest: list[str] = field(default_factory=list)


def run_once(path: str, slowest: int) -> tuple[float, float, str, bool, list[str]]:
    """(wall s, CPU s, summary line, failed, report lines) of one pytest run of ``path``:
    the sum of the phases pytest timed (and the longest setup, a browser file's site
    build), the failures, and the ``slowest`` slowest phases."""
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-n",
        "0",
        "-p",
        "no:randomly",
        path,
        "--durations=0",
    ]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    # A cache folder of its own, empty, as in CI's fresh clone: what the suite keeps there
    # (the parity fixture) is made again in each run.
    with tempfile.TemporaryDirectory(prefix="bench-suite-") as cache:
        command += ["-o", f"cache_dir={cache}"]
        done = subprocess.run(command, cwd=HERE, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    found = SUMMARY.findall(done.stdout)
    summary = found[-1] if found else done.stdout.strip().splitlines()[-1:] or ["(no output)"]
    timed = DURATION.findall(done.stdout)
    setups = [float(s) for s, phase, _ in timed if phase == "setup"]
    lines = [
        f"phases: {sum(float(s) for s, _, _ in timed):.1f} s,"
        f" of which the longest setup {max(setups, default=0):.1f} s"
    ]
    lines += [line for line in done.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
    lines += [f"{s}s {phase} {name}" for s, phase, name in timed[:slowest]]
    return wall, cpu, str(summary), done.returncode != 0, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="test files (default: the known slowest)")
    parser.add_argument("--runs", type=int, default=1, help="runs of each file (default 1)")
    parser.add_argument("--slowest", type=int, default=0, help="show the N slowest phases")
    parser.add_argument(
        "--against",
        metavar="REV",
        help="also time each file as it was at git revision REV, the runs taken in turn",
    )
    args = parser.parse_args()
    results = []
    for path in args.files or SLOW:
        with earlier_copy(path, args.against) as before:
            # (what is timed, the file run): the earlier version first, then the current.
            versions = [(FileTimes(path), path)]
            if args.against:
                versions.insert(0, (FileTimes(f"{path}@{args.against}"), before))
            for run in range(args.runs):
                for times, where in versions:
                    wall, cpu, summary, failed, lines = run_once(where, args.slowest)
                    times.walls.append(wall)
                    times.cpus.append(cpu)
                    times.summary = summary
                    times.slowest += [f"run {run + 1}: {line}" for line in lines]
                    times.failed |= failed
        for times, _ in versions:
            results.append(times)
            report(times)
    total = sum(statistics.median(t.walls) for t in results)
    print(f"\nall files: {total:.1f} s wall (sum of medians)")
    if any(t.failed for t in results):
        sys.exit(1)


@contextlib.contextmanager
def earlier_copy(path: str, revision: str | None) -> Iterator[str]:
    """The file as it was at ``revision``, beside the file (its conftest and package apply)
    under a name of its own, removed afterwards; ``path`` itself without a revision."""
    if revision is None:
        yield path
        return
    text = subprocess.run(
        ["git", "show", f"{revision}:{path}"], cwd=HERE, capture_output=True, check=True
    ).stdout
    copy = Path(path).with_name(f"_bench_before_{Path(path).name}")
    (HERE / copy).write_bytes(text)
    try:
        yield str(copy)
    finally:
        (HERE / copy).unlink()


def report(times: FileTimes) -> None:
    """One line for the file (then what each run timed), printed as soon as it is done."""
    walls = " ".join(f"{w:.1f}" for w in times.walls)
    state = "FAILED " if times.failed else ""
    print(
        f"{state}{times.path}: median {statistics.median(times.walls):.1f} s wall"
        f" (runs: {walls}), {statistics.median(times.cpus):.1f} s CPU"
        f" (runs: {' '.join(f'{c:.1f}' for c in times.cpus)}); {times.summary}",
        flush=True,
    )
    for phase in times.slowest:
        print(f"    {phase}", flush=True)


if __name__ == "__main__":
    main()
