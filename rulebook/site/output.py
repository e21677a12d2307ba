"""The output folder of a build: refused when unsafe, swapped in atomically, kept tidy.

A build replaces only what a build wrote. The folder must be new, empty, or hold the
:data:`MARKER` file of an earlier build, which lists every file that build wrote with its
SHA-256: a folder holding anything else (a reader's own page, a file edited since) is
refused, naming those files, and nothing is touched. Never into or over the project's
sources either.

The new site is built in a staging folder beside the output and then put in place in one
step: Linux's renameat2(RENAME_EXCHANGE) swaps the two folders atomically, so there is always
a whole site at the output path; where the system cannot exchange, two renames are the
fallback. The staging folder is the only thing a build puts beside the output: its
Markdown sources are written in the system's temporary folder, and the lock that keeps two
builds from writing one folder lives there too. The staging folder carries a stamp naming
its output; a build stopped by a signal removes it on the way out, and one killed outright
(SIGKILL) leaves it for the next build of the same output to remove. A folder without that
stamp is never removed, whatever its name.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import hashlib
import json
import os
import shutil
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from rulebook.paths import APP_ROOT, Project

#: The file that says a folder was written by ``rulebook build``, and lists what it wrote.
MARKER = ".rulebook-build"
#: The first line of the marker; the JSON list of written files follows.
MARKER_TEXT = "This folder was written by `rulebook build`; the next build replaces it.\n"
#: The stamp inside a staging folder: the name of the output it is for.
STAMP = ".rulebook-staging"
#: What a staging folder's name starts with (short, so any output name fits beside it).
STAGING_PREFIX = ".rulebook-new-"
#: How many unexpected files a refusal names before it says "and N more".
NAMED = 5


class OutputError(RuntimeError):
    """The output folder cannot (or must not) be written; nothing was changed."""


class Stopped(BaseException):
    """The build was stopped by a signal; what it had begun is undone."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def check_output(out: Path, project: Project) -> Path:
    """``out`` made absolute, or OutputError saying why a build must not write there."""
    try:
        return _checked(Path(os.path.realpath(out)), project)
    except OSError as error:  # a name too long, a folder we may not read, ...
        raise OutputError(f"cannot write {out}: {error.strerror or error}") from None


def _checked(out: Path, project: Project) -> Path:
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
    if out.is_dir():
        _check_replaceable(out, own=out == Path(os.path.realpath(project.site_out)))
    return out


def _check_replaceable(out: Path, own: bool) -> None:
    """Refuse ``out`` unless it is empty or holds exactly what the last build wrote.

    ``own`` is the project's own output folder (``site/build``, which git ignores): there a
    marker from before builds listed their files is taken at its word.
    """
    found = _files(out)
    if not found:
        return
    written = _written(out)
    if own and written == {} and (out / MARKER).is_file():
        return
    if written is None:
        raise OutputError(
            f"refusing to build into {out}: the folder is not empty and was not written by "
            f"`rulebook build` (it has no {MARKER} file listing what a build wrote); "
            "choose a new or empty folder"
        )
    foreign = sorted(name for name in found if written.get(name) != _digest(out / name))
    if foreign:
        shown = ", ".join(foreign[:NAMED])
        more = f" and {len(foreign) - NAMED} more" if len(foreign) > NAMED else ""
        raise OutputError(
            f"refusing to build into {out}: it holds files the last build did not write, "
            f"or that were changed since ({shown}{more}); move them out of the folder or "
            "choose another one"
        )


def _files(folder: Path) -> set[str]:
    """Every file, link and empty folder under ``folder``, as paths relative to it; the
    marker is left out. Links are not followed."""
    found = set()
    for root, dirs, files in os.walk(folder):
        relative = Path(root).relative_to(folder)
        for name in files + [d for d in dirs if os.path.islink(os.path.join(root, d))]:
            found.add((relative / name).as_posix())
        if not dirs and not files and root != str(folder):
            found.add(relative.as_posix() + "/")
    found.discard(MARKER)
    found.discard(STAMP)
    return found


def _digest(path: Path) -> str | None:
    """The SHA-256 of a regular file's bytes; None for anything else (a link, a folder)."""
    if path.is_symlink() or not path.is_file():
        return None
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _written(out: Path) -> dict[str, str] | None:
    """What the marker of ``out`` says a build wrote (path -> SHA-256); None without one.

    A marker of an older build, which listed nothing, counts as listing nothing: only an
    empty folder could then be replaced, and the refusal says what is in the way.
    """
    marker = out / MARKER
    if marker.is_symlink() or not marker.is_file():
        return None
    text = marker.read_text(encoding="utf-8", errors="replace")
    _, _, listing = text.partition("\n")
    try:
        files = json.loads(listing) if listing.strip() else {}
    except ValueError:
        return {}
    if not isinstance(files, dict):
        return {}
    return {str(k): str(v) for k, v in files.items()}


def mark(folder: Path) -> None:
    """Write the marker of ``folder``: every file in it, with its SHA-256."""
    files = {name: _digest(folder / name) for name in sorted(_files(folder))}
    listing = json.dumps({k: v for k, v in files.items() if v is not None}, indent=0)
    (folder / MARKER).write_text(MARKER_TEXT + listing + "\n", encoding="utf-8")


def _lock_path(out: Path) -> Path:
    """Where the lock of ``out`` lives: the system's temporary folder, never beside it."""
    folder = Path(tempfile.gettempdir()) / f"rulebook-{os.getuid()}" / "locks"
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    return folder / hashlib.sha256(os.fsencode(out)).hexdigest()[:32]


def _lock(path: Path, out: Path) -> int:
    """A lock on ``path`` (made if needed); the file stays the one at ``path``."""
    while True:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
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
    """Hold the output's lock; remove the staging folders killed builds of it left."""
    try:
        path = _lock_path(out)
        descriptor = _lock(path, out)
    except OSError as error:
        raise OutputError(f"cannot write {out}: {error.strerror}") from None
    try:
        _clear_leftovers(out)
        yield
    finally:
        path.unlink(missing_ok=True)
        os.close(descriptor)


def _clear_leftovers(out: Path) -> None:
    """Remove the staging folders beside ``out`` whose stamp names ``out``, and only those."""
    if not out.parent.is_dir():
        return
    for left in out.parent.glob(f"{STAGING_PREFIX}*"):
        stamp = left / STAMP
        if left.is_symlink() or stamp.is_symlink() or not stamp.is_file():
            continue
        if stamp.read_text(encoding="utf-8", errors="replace") == out.name:
            shutil.rmtree(left, ignore_errors=True)


def staging(out: Path) -> Path:
    """A new, stamped folder beside ``out`` to build the next site in."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        folder = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=out.parent))
        (folder / STAMP).write_text(out.name, encoding="utf-8")
    except OSError as error:
        raise OutputError(f"cannot write {out}: {error.strerror}") from None
    return folder


def work_folder() -> Path:
    """A new folder for a build's sources, in the system's temporary folder."""
    try:
        return Path(tempfile.mkdtemp(prefix="rulebook-work-"))
    except OSError as error:
        raise OutputError(f"cannot make a working folder: {error.strerror}") from None


@contextmanager
def stoppable() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into :class:`Stopped`, so a stopped build cleans up after
    itself like an interrupted one (Ctrl+C). Only the main thread can take signals."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        raise Stopped(signum)

    previous = {s: signal.signal(s, stop) for s in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


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
    """Put ``staging`` at ``out``; the old site goes away only once the new one is there.

    The stamp moves from the new site to the old one, so the site in place never carries it
    and the old one, wherever a kill leaves it, is a leftover the next build removes.
    """
    (staging / STAMP).unlink(missing_ok=True)
    if not out.exists():
        os.rename(staging, out)
        return
    # Stamped before the swap, the old site is known as a leftover wherever a kill leaves it.
    (out / STAMP).write_text(out.name, encoding="utf-8")
    try:
        exchanged = _exchange(staging, out)
    except OSError:
        (out / STAMP).unlink(missing_ok=True)
        raise
    if exchanged:
        shutil.rmtree(staging, ignore_errors=True)  # it holds the old site now
        return
    old = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=out.parent))
    (old / STAMP).write_text(out.name, encoding="utf-8")  # a kill here leaves it stamped
    os.rename(out, old / "site")
    try:
        os.rename(staging, out)
    except OSError:
        os.rename(old / "site", out)
        (out / STAMP).unlink(missing_ok=True)
        raise
    finally:
        shutil.rmtree(old, ignore_errors=True)
