"""Building another checkout's site with that checkout's own code, for before/after figures.

The benchmarks compare this tree with a copy of an earlier commit (``git archive REV``): each
copy must be built by its own renderer and calculator, so the build runs in a child Python
whose import path starts at that copy.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def build(project: Path, out: Path, language: str = "en") -> None:
    """Build one language of ``project``'s site into ``out`` with that project's own code."""
    env = {**os.environ, "PYTHONPATH": str(project)}
    subprocess.run(
        [sys.executable, "-m", "rulebook", "build", "--out", str(out), "--lang", language],
        cwd=project,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
