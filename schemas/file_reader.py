"""One bounded reader for every file a command reads: content, languages, catalogs, end states.

Every file a command opens comes from a folder someone else may have written, so it is
read only when it is safe: a regular file (never a named pipe, which would block the read,
a device such as ``/dev/zero``, which never ends, or a socket), no larger than the bound its
kind allows (at most that many bytes plus one are ever read, never the whole of a file), and,
when the caller names the folder the file belongs to (``within``), a file whose real place
is inside that folder: a symbolic link leading out of the project is refused unread, so the
target's bytes never reach a message, a log or the site. A loop of symbolic links is refused
too. Every refusal is a :class:`RefusedFile` naming the file and saying what is wrong in one
line.

:func:`digest` takes a file's SHA-256 the same careful way, for the caches: a file it may not
read gets a digest that says so, and the reader that comes after it refuses the file with
its message.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from pathlib import Path
from typing import BinaryIO

#: How many characters of a file's name a message shows.
MAX_SHOWN_NAME = 300
#: The largest file :func:`digest` hashes; a larger one is keyed on its size and time.
MAX_DIGEST_BYTES = 64 * 1024 * 1024

_CHUNK = 1 << 16


class RefusedFile(Exception):
    """A file that cannot or may not be read; ``str()`` is the one-line message."""

    def __init__(
        self, path: Path | str, reason: str, line: int | None = None, column: int | None = None
    ) -> None:
        self.path = Path(path)
        self.reason = reason
        self.line = line
        self.column = column
        where = shown_name(str(path))
        if line is not None:
            where += f":{line}" + (f":{column}" if column is not None else "")
        super().__init__(f"{where}: {reason}")


def shown_name(name: str) -> str:
    """A file's name as a message may print it: no control characters, not too long."""
    text = "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in name[:MAX_SHOWN_NAME])
    return text if len(name) <= MAX_SHOWN_NAME else text + "…"


def _kind(mode: int, what: str = "a file") -> str | None:
    """Why a file of this mode is not read as ``what``, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return f"is a folder, not {what}"
    if stat.S_ISFIFO(mode):
        return "is a named pipe (FIFO), not a regular file: reading it could wait forever"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a regular file"
    return "is not a regular file"


def _why_not(error: OSError, linked: bool) -> str:
    if error.errno == errno.ELOOP:
        return "is a loop of symbolic links: it leads to no file"
    if error.errno in (errno.ENOENT, errno.ENOTDIR):
        return "is a symbolic link to a missing file" if linked else "missing"
    return f"cannot be read: {error.strerror or error}"


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
    except ValueError:
        return False
    return True


def _real_place(path: Path, within: Path | None, follow_links: bool, link_refused: str) -> Path:
    """Where ``path`` really is, once its links are followed; refused unless it may be read."""
    try:
        info = os.lstat(path)
    except OSError as error:
        raise RefusedFile(path, _why_not(error, linked=False)) from None
    linked = stat.S_ISLNK(info.st_mode)
    if linked and not follow_links:
        raise RefusedFile(path, link_refused)
    if not linked and within is None:
        return path
    try:
        real = Path(os.path.realpath(path, strict=True))
    except OSError as error:
        raise RefusedFile(path, _why_not(error, linked=True)) from None
    if within is not None and not _inside(real, Path(os.path.realpath(within))):
        # Not the target's name either: where a link points can be a secret of its own.
        raise RefusedFile(
            path,
            f"leads outside {shown_name(str(within))} (a symbolic link): "
            "only files inside the project are read",
        )
    return real


def read_bytes(
    path: Path,
    limit: int,
    *,
    within: Path | None = None,
    follow_links: bool = True,
    link_refused: str = "is a symbolic link: only real files are read here",
    what: str = "a file",
    refuse_larger: bool = True,
) -> bytes:
    """At most ``limit`` bytes of the regular file ``path``; :class:`RefusedFile` otherwise.

    ``within``: the folder the file must really be in (its links followed); None for a file
    the user named themselves. ``follow_links=False`` refuses any symbolic link, with
    ``link_refused`` as the message. ``what`` names the kind of file in messages.
    ``refuse_larger=False`` gives the first ``limit + 1`` bytes of a larger file instead,
    for a caller that words that problem itself.
    """
    real = _real_place(path, within, follow_links, link_refused)
    try:
        mode = os.stat(real).st_mode
    except OSError as error:
        raise RefusedFile(path, _why_not(error, linked=real != path)) from None
    refused = _kind(mode, what)
    if refused is not None:  # told before opening: opening a device can do things
        raise RefusedFile(path, refused)
    # No waiting on a FIFO swapped in since the check, no link swapped in either.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(real, flags)
    except OSError as error:
        raise RefusedFile(path, _why_not(error, linked=real != path)) from None
    with os.fdopen(descriptor, "rb", buffering=0) as handle:
        info = os.fstat(descriptor)
        refused = _kind(info.st_mode, what)
        if refused is not None:
            raise RefusedFile(path, refused)
        if refuse_larger and info.st_size > limit:
            raise RefusedFile(path, too_large(info.st_size, limit, what))
        data = read_stream(handle, limit, path, what, refuse_larger)
    return data


def read_stream(
    stream: BinaryIO,
    limit: int,
    name: Path | str,
    what: str = "a file",
    refuse_larger: bool = True,
) -> bytes:
    """At most ``limit`` bytes of an open stream (standard input); refused past the bound.

    Reads ``limit + 1`` bytes at most, in chunks, so a stream that never ends costs no more;
    with ``refuse_larger=False`` those bytes are given back for the caller to refuse.
    """
    chunks: list[bytes] = []
    size = 0
    try:
        while size <= limit:
            chunk = stream.read(min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise RefusedFile(name, f"cannot be read: {error.strerror or error}") from None
    if size > limit and refuse_larger:
        raise RefusedFile(name, f"holds more than {limit:,} bytes: {what} has at most {limit:,}")
    return b"".join(chunks)


def too_large(size: int, limit: int, what: str = "a file") -> str:
    """The words for a file of ``size`` bytes over its ``limit``."""
    return f"is {size:,} bytes: {what} has at most {limit:,}"


def read_text(
    path: Path,
    limit: int,
    *,
    within: Path | None = None,
    follow_links: bool = True,
    link_refused: str = "is a symbolic link: only real files are read here",
    what: str = "a file",
) -> str:
    """:func:`read_bytes` decoded as UTF-8; a byte that is not, refused with its line."""
    raw = read_bytes(
        path, limit, within=within, follow_links=follow_links, link_refused=link_refused, what=what
    )
    return decode(raw, path)


def decode(raw: bytes, path: Path | str) -> str:
    """``raw`` as UTF-8 text; :class:`RefusedFile` at the line and column of a bad byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        byte = raw[error.start]
        raise RefusedFile(
            path,
            f"not UTF-8 text: byte 0x{byte:02x} is not a character (save the file as UTF-8)",
            line,
            column,
        ) from None


def digest(path: Path) -> str | None:
    """The SHA-256 of a file's bytes; None when there is no such file.

    A file that may not be read (a pipe, a device, a loop of links) is never opened: its
    digest names what it is, so a cache keyed on it never matches stored data, and the
    reader after it gives the message. A file past :data:`MAX_DIGEST_BYTES` is keyed on
    its size and modification time.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None if not os.path.islink(path) else "refused: a link to a missing file"
    except NotADirectoryError:
        return None
    except OSError as error:
        return f"refused: {errno.errorcode.get(error.errno or 0, 'error')}"
    refused = _kind(info.st_mode)
    if refused is not None:
        return f"refused: {refused}"
    if info.st_size > MAX_DIGEST_BYTES:
        return f"large: {info.st_size} {info.st_mtime_ns}"
    try:
        return hashlib.sha256(read_bytes(path, MAX_DIGEST_BYTES)).hexdigest()
    except RefusedFile as refusal:
        return f"refused: {refusal.reason}"
