"""The output folder of a build: refused when unsafe, swapped in atomically, kept tidy.

A build writes only into a folder that is new, empty, or was written by ``rulebook build``
(it holds the :data:`MARKER` file); never into or over the project's sources. The new site
is built beside the output in a staging folder and then put in place in one step: Linux's
renameat2(RENAME_EXCHANGE) swaps the two folders atomically, so there is always a whole
site at the output path; where the system cannot exchange, two renames are the fallback.
Everything a build leaves beside the output (``.<name>.new-*``, ``.<name>.old-*``,
``.<name>.work-*``) is removed by the next build, under a lock (``.<name>.lock``) that
also keeps two builds from writing one folder at the same time.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rulebook.paths import APP_ROOT, Project

#: The file that says a folder was written by ``rulebook build`` (and may be replaced).
MARKER = ".rulebook-build"
MARKER_TEXT = "This folder was written by `rulebook build`; the next build replaces it.\n"
#: What builds leave beside the output folder while they run.
LEFTOVERS = ("new", "old", "work")


class OutputError(RuntimeError):
    """The output folder cannot (or must not) be written; nothing was changed."""


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def check_output(out: Path, project: Project) -> Path:
    """``out`` made absolute, or OutputError saying why a build must not write there."""
    out = Path(os.path.realpath(out))
    root = Path(os.path.realpath(project.root))
    for source in (*project.sources(), APP_ROOT / ".git"):
        source = Path(os.path.realpath(source))
        if _inside(out, source):
            raise OutputError(f"refusing to build into {out}: it is inside {source}")
    for holder in (root, APP_ROOT):
        if _inside(holder, out):
            raise OutputError(
                f"refusing to build into {out}: it holds the project's sources ({holder})"
            )
    if out.exists() and not out.is_dir():
        raise OutputError(f"refusing to build into {out}: it is a file, not a folder")
    if out.is_dir() and not _written_by_a_build(out):
        raise OutputError(
            f"refusing to build into {out}: the folder is not empty and was not written by "
            f"`rulebook build` (it has no {MARKER} file); choose a new or empty folder"
        )
    return out


def _written_by_a_build(out: Path) -> bool:
    """Empty, marked, or holding just what builds wrote before they left a marker."""
    if (out / MARKER).is_file():
        return True
    from schemas.common import LANGUAGES

    names = {p.name for p in out.iterdir()}
    return names <= {"index.html", *LANGUAGES} and all(
        (out / n).is_dir() for n in names - {"index.html"}
    )


def _prefix(out: Path, kind: str) -> str:
    return f".{out.name}.{kind}-"


def _lock(path: Path, out: Path) -> int:
    """A lock on ``path`` (made if needed); the file stays the one at ``path``."""
    while True:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(descriptor)
            raise OutputError(f"another build is writing {out}; wait for it to end") from None
        try:
            if os.fstat(descriptor).st_ino == os.stat(path).st_ino:
                return descriptor
        except FileNotFoundError:
            pass
        os.close(descriptor)  # the holder before us removed it meanwhile: lock the new one


@contextmanager
def locked(out: Path) -> Iterator[None]:
    """Hold the output's lock; remove what killed builds left beside it."""
    path = out.parent / f".{out.name}.lock"
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        descriptor = _lock(path, out)
    except OSError as error:
        raise OutputError(f"cannot write {out}: {error.strerror}") from None
    try:
        for kind in LEFTOVERS:
            for left in out.parent.glob(f"{_prefix(out, kind)}*"):
                shutil.rmtree(left, ignore_errors=True)
        yield
    finally:
        path.unlink(missing_ok=True)
        os.close(descriptor)


def scratch(out: Path, kind: str) -> Path:
    """A new folder beside ``out`` for a build's ``kind`` (``new`` or ``work``)."""
    try:
        return Path(tempfile.mkdtemp(prefix=_prefix(out, kind), dir=out.parent))
    except OSError as error:
        raise OutputError(f"cannot write {out}: {error.strerror}") from None


def mark(folder: Path) -> None:
    (folder / MARKER).write_text(MARKER_TEXT, encoding="utf-8")


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one step; False where the system cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    done = renameat2(
        _AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), ctypes.c_uint(_RENAME_EXCHANGE)
    )
    if done == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def swap_in(staging: Path, out: Path) -> None:
    """Put ``staging`` at ``out``; the old site goes away only once the new one is there."""
    if not out.exists():
        os.rename(staging, out)
        return
    if _exchange(staging, out):
        shutil.rmtree(staging, ignore_errors=True)  # it holds the old site now
        return
    old = Path(tempfile.mkdtemp(prefix=_prefix(out, "old"), dir=out.parent))
    old.rmdir()
    os.rename(out, old)
    try:
        os.rename(staging, out)
    except OSError:
        os.rename(old, out)
        raise
    shutil.rmtree(old, ignore_errors=True)
