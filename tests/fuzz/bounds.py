"""Run hostile input through the ``rulebook`` command with a bound on time and memory.

Each run is a forked child of the test process: it starts in milliseconds (the modules are
already imported, so a suite of dozens of runs stays within its budget) and is as separate
as a subprocess: the child gets an address-space limit (RLIMIT_AS) a fixed budget above
what it already maps, the parent kills it when it takes longer than the timeout, and a
crash, a traceback or running out of memory is reported with what the child printed.

These are bounds, not speed measurements: a healthy run takes a fraction of them, and only
runaway work (an alias bomb expanding, a recursion blowing up) comes near.
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import resource
import select
import signal
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

# Imported here, once: each forked run then starts without importing anything.
from rulebook.cli import main

#: Memory a run may map beyond what the test process already maps.
MEMORY_BUDGET = 768 * 1024 * 1024
#: Seconds a run may take. Runs take well under a second; a bomb would take minutes.
TIMEOUT = 30.0
#: The most of a child's output sent back (a message longer than this is a failure anyway).
MAX_OUTPUT = 200_000


@dataclass(frozen=True)
class Run:
    """What a bounded run of the command did."""

    code: int | None
    out: str
    err: str
    #: The traceback of an exception that escaped, or None.
    crash: str | None


def _mapped_bytes() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmSize in /proc/self/status")


def bounded(work: Callable[[], Any], timeout: float = TIMEOUT, memory: int = MEMORY_BUDGET) -> Any:
    """Run ``work`` in a forked child within ``timeout`` seconds and ``memory`` more bytes.

    Return what it returned (it must pickle); raise AssertionError when it took too long,
    ran out of memory or died, and re-raise (as AssertionError, with its traceback) what
    it raised.
    """
    limit = _mapped_bytes() + memory
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read_end)
        try:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            try:
                payload = pickle.dumps(("ok", work()))
            except BaseException:
                payload = pickle.dumps(("raised", traceback.format_exc()[-MAX_OUTPUT:]))
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(payload)
        finally:
            os._exit(0)
    os.close(write_end)
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    try:
        with os.fdopen(read_end, "rb") as pipe:
            while True:
                left = deadline - time.monotonic()
                ready, _, _ = select.select([pipe], [], [], max(left, 0))
                if not ready:
                    os.kill(pid, signal.SIGKILL)
                    raise AssertionError(f"took more than {timeout:.0f} s: runaway work")
                chunk = os.read(pipe.fileno(), 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
    finally:
        _, status = os.waitpid(pid, 0)
    if not chunks:
        raise AssertionError(f"the run died without an answer (status {status}): out of memory?")
    kind, value = pickle.loads(b"".join(chunks))
    if kind == "raised":
        raise AssertionError(f"the run raised:\n{value}")
    return value


def run_command(argv: Sequence[str], timeout: float = TIMEOUT) -> Run:
    """``rulebook ARGV`` in a bounded child: its exit code, output and any escaped traceback."""

    def work() -> Run:
        out, err = io.StringIO(), io.StringIO()
        code: int | None = None
        crash = None
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(argv))
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else 1
            except BaseException:
                crash = traceback.format_exc()
        return Run(code, out.getvalue()[:MAX_OUTPUT], err.getvalue()[:MAX_OUTPUT], crash)

    return bounded(work, timeout)  # type: ignore[no-any-return]


def assert_clean_failure(run: Run, *names: str, longest_line: int = 400) -> None:
    """Exit 1, no traceback, a message naming each of ``names``, every line short."""
    assert run.crash is None, f"a traceback escaped:\n{run.crash}"
    assert "Traceback" not in run.err, run.err[-3000:]
    assert run.code == 1, f"exit {run.code}, expected 1:\n{run.out[-2000:]}\n{run.err[-2000:]}"
    for name in names:
        assert name in run.err, f"{name!r} not named in:\n{run.err[-3000:]}"
    for line in run.err.splitlines():
        assert len(line) <= longest_line, f"a {len(line):,}-character line: {line[:200]}..."


def python_command(*args: str) -> list[str]:
    """The command line that runs ``rulebook ARGS`` with this interpreter."""
    return [sys.executable, "-m", "rulebook.cli", *args]
