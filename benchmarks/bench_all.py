"""Every figure of issue 16 in one run, each against its reference, with the ratios.

Run: .venv/bin/python benchmarks/bench_all.py [--root DIR] [--runs 7] [--suite]

Rows (whole processes, CPU = user + system time of the child, median of ``--runs``):

1. ``rulebook score nile examples/nile.json`` against ``python -c "import pydantic"``
   (goal: at most 2x). The first call after a change fills the export cache
   (rulebook.cache.load_export); it is shown apart, then the steady state.
2. ``rulebook build`` against bare ``mkdocs build`` of the same generated pages, three
   languages (goal: at most 1.5x); and ``rulebook build --lang fr``.
3. The declared engine and the engine with validation against the hand-written scorer
   (benchmarks/bench_scoring.py; goals 0.8x and 0.3x: the engine helper's).
4. ``rulebook serve --watch``: from saving one changed French sentence of Nile's rules to
   the French pages being told to reload, and the page holding the new sentence.
5. With ``--suite``: ``bash scripts/test.sh``, wall time (goal: 8 minutes on an idle
   2-core machine).

``--root DIR`` measures another checkout (e.g. an export of main) with this Python; rows
its code cannot do are shown as such.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
PYTHON = sys.executable

#: Writes the Markdown and MkDocs configs of every language for ``root`` into a folder,
#: with this checkout's API or main's older one.
SOURCES = """
import sys
from pathlib import Path
work, site = Path(sys.argv[1]), Path(sys.argv[2])
from schemas.common import LANGUAGES
try:
    from rulebook.site.build import SiteSources, load_builds
    from rulebook.site.options import BuildOptions
    from rulebook.paths import Project
    options = BuildOptions(project=Project.at(Path.cwd()))
    sources = SiteSources(work, options)
    builds = load_builds(options)
    for language in LANGUAGES:
        sources.write(builds, language, site)
except ImportError:
    from rulebook.site.build import write_sources
    from schemas.loader import load_all
    write_sources(work, load_all(Path("content")), LANGUAGES, None, site)
"""


def cpu_of(
    command: Sequence[str], cwd: Path, env: dict[str, str] | None = None
) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of ``command``; it must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=env, check=True, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def median_cpu(
    command: Sequence[str], cwd: Path, runs: int, env: dict[str, str] | None = None
) -> float:
    return statistics.median(cpu_of(command, cwd, env)[0] for _ in range(runs))


def rulebook(root: Path) -> list[str]:
    return [PYTHON, "-m", "rulebook.cli"]


def environment(root: Path, cache: Path) -> dict[str, str]:
    """The checkout's code first on the path; a private cache."""
    return {
        **os.environ,
        "PYTHONPATH": str(root),
        "XDG_CACHE_HOME": str(cache),
        "NO_MKDOCS_2_WARNING": "1",
        "SOURCE_DATE_EPOCH": "0",
    }


def row(name: str, ours: float, reference: float, goal: str, unit: str = "s CPU") -> None:
    print(
        f"  {name:<58} {ours:8.2f} {unit} vs {reference:6.2f} {unit}  ratio {ours / reference:5.2f}  ({goal})"
    )


# ----------------------------------------------------------------------------------------


def bench_score(root: Path, env: dict[str, str], runs: int) -> None:
    pydantic = median_cpu([PYTHON, "-c", "import pydantic"], root, runs, env)
    command = [*rulebook(root), "score", "nile", "examples/nile.json"]
    first, _ = cpu_of(command, root, env)
    steady = median_cpu(command, root, runs, env)
    print("score")
    row("rulebook score nile (first call, fills the cache)", first, pydantic, "")
    row("rulebook score nile vs python -c 'import pydantic'", steady, pydantic, "goal <= 2")


def bench_build(root: Path, env: dict[str, str], runs: int) -> None:
    print("build")
    with tempfile.TemporaryDirectory(prefix="bench-build-") as folder:
        where = Path(folder)
        work, bare_site = where / "work", where / "bare"
        work.mkdir()
        apart = {**env, "XDG_CACHE_HOME": str(where / "cache")}  # leaves the build's cache cold
        subprocess.run(
            [PYTHON, "-c", SOURCES, str(work), str(bare_site)], cwd=root, env=apart, check=True
        )
        configs = sorted(work.glob("mkdocs.*.yml"))
        mkdocs = Path(PYTHON).with_name("mkdocs")
        bare = statistics.median(
            sum(cpu_of([str(mkdocs), "build", "-q", "-f", str(c)], work, env)[0] for c in configs)
            for _ in range(runs)
        )
        build = [*rulebook(root), "build", "--out"]
        cold, cold_wall = cpu_of([*build, str(where / "site0")], root, env)
        ours = [cpu_of([*build, str(where / f"site{n}")], root, env) for n in range(1, runs + 1)]
        cpu = statistics.median(c for c, _ in ours)
        wall = statistics.median(w for _, w in ours)
        row("rulebook build, first (nothing kept) vs bare mkdocs", cold, bare, "")
        row(
            f"rulebook build ({len(configs)} languages) vs bare mkdocs build",
            cpu,
            bare,
            "goal <= 1.5",
        )
        print(
            f"  {'rulebook build, wall time (first, then steady)':<58} {cold_wall:8.2f} s, {wall:.2f} s"
        )
        try:
            one = [
                cpu_of(
                    [*rulebook(root), "build", "--lang", "fr", "--out", str(where / "fr")],
                    root,
                    env,
                )
                for _ in range(runs)
            ]
        except subprocess.CalledProcessError:
            print(f"  {'rulebook build --lang fr':<58} (this checkout has no --lang)")
        else:
            fr = next(c for c in configs if c.name == "mkdocs.fr.yml")
            bare_fr = median_cpu([str(mkdocs), "build", "-q", "-f", str(fr)], work, runs, env)
            row(
                "rulebook build --lang fr vs bare mkdocs build (fr)",
                statistics.median(c for c, _ in one),
                bare_fr,
                "",
            )


def bench_engine(root: Path, env: dict[str, str]) -> None:
    print("engine (benchmarks/bench_scoring.py)")
    probe = (
        "import sys; sys.path.insert(0, 'benchmarks'); import bench_scoring as b\n"
        "from schemas.loader import load_game\nfrom scorer.engine import GameEngine\nfrom pathlib import Path\n"
        "e = GameEngine(load_game(Path('content/tokaido')))\n"
        "c = next(c for c in e.content.cases.cases if c.id == b.CASE)\n"
        "raw = {'game': 'tokaido', **c.state}; s = e.check(raw); n = len(s.players); b.check_agreement(e)\n"
        "h = b.rate(lambda: b.hand_written(s.players), 1.0, n)\n"
        "d = b.rate(lambda: e.score_state(s, explain=False), 1.0, n)\n"
        "v = b.rate(lambda: e.score(raw), 1.0, n)\n"
        "print(h, d, v)\n"
    )
    out = subprocess.run(
        [PYTHON, "-c", probe], cwd=root, env=env, check=True, capture_output=True, text=True
    )
    hand, declared, validated = map(float, out.stdout.split())
    unit = "k/s"
    row(
        "declared engine vs hand-written (player-states/s)",
        declared / 1000,
        hand / 1000,
        "goal >= 0.8",
        unit,
    )
    row(
        "engine with validation vs hand-written", validated / 1000, hand / 1000, "goal >= 0.3", unit
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def bench_watch(root: Path, env: dict[str, str]) -> None:
    print("serve --watch")
    with tempfile.TemporaryDirectory(prefix="bench-watch-") as folder:
        project = Path(folder) / "project"
        for part in ("content", "locales"):
            shutil.copytree(root / part, project / part)
        port = _free_port()
        serve = subprocess.Popen(
            [*rulebook(root), "--project", str(project), "serve", "--watch", "--port", str(port)],
            cwd=root,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            assert serve.stdout is not None
            for line in serve.stdout:
                if line.startswith("watching") or "error" in line.lower() or "usage" in line:
                    break
            if serve.poll() is not None or not line.startswith("watching"):
                print(f"  {'save to reload':<58} (this checkout has no serve --watch)")
                return
            base = f"http://127.0.0.1:{port}"
            with urllib.request.urlopen(f"{base}/__rulebook/reload?page=/fr/&seen=x") as answer:
                seen = answer.read().decode()
            rules = project / "content" / "nile" / "rules.yaml"
            text = rules.read_text(encoding="utf-8")
            old = "Dans Nile, vous êtes agriculteur sur les rives du Nil."
            new = "Dans Nile, vous cultivez les rives du Nil en attendant la crue."
            saved = time.perf_counter()
            rules.write_text(text.replace(old, new), encoding="utf-8")
            with urllib.request.urlopen(
                f"{base}/__rulebook/reload?page=/fr/&seen={seen}", timeout=120
            ) as answer:
                answer.read()
            told = time.perf_counter() - saved
            with urllib.request.urlopen(f"{base}/fr/nile/rules/") as answer:
                shown = "en attendant la crue" in answer.read().decode("utf-8")
            print(
                f"  {'one French sentence: save to the fr pages reloading':<58} {told:8.2f} s wall"
                f"  (new text on the page: {'yes' if shown else 'NO'})"
            )
        finally:
            serve.terminate()
            serve.wait(timeout=30)


def bench_suite(root: Path) -> None:
    print("test suite")
    started = time.perf_counter()
    run = subprocess.run(
        ["bash", "scripts/test.sh"], cwd=root, capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - started
    tail = re.findall(r"\d+ passed[^\n]*", run.stdout)
    print(
        f"  {'bash scripts/test.sh':<58} {wall / 60:8.2f} min wall  (exit {run.returncode}; {tail[-1] if tail else ''}; goal <= 8 min)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=HERE, help="checkout to measure")
    parser.add_argument("--runs", type=int, default=7, help="runs per measure (median)")
    parser.add_argument("--suite", action="store_true", help="also time bash scripts/test.sh")
    args = parser.parse_args()
    root = args.root.resolve()
    with tempfile.TemporaryDirectory(prefix="bench-cache-") as cache:
        env = environment(root, Path(cache))
        print(f"{root} on {os.cpu_count()} CPU(s), load {os.getloadavg()[0]:.2f}")
        bench_score(root, env, args.runs)
        bench_build(root, env, max(1, args.runs // 3))
        bench_engine(root, env)
        bench_watch(root, env)
        if args.suite:
            bench_suite(root)


if __name__ == "__main__":
    main()
