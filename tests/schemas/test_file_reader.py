"""The one bounded reader (schemas.file_reader): what it refuses, and that it never hangs or
reads a file whole to refuse it."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from rulebook.cache import file_digest, tree_digest
from schemas.file_reader import RefusedFile, digest, read_bytes, read_stream, read_text
from tests.fuzz.bounds import bounded

SECRET = "TOP-SECRET-VALUE"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "content").mkdir(parents=True)
    (tmp_path / "secret.txt").write_text(SECRET, encoding="utf-8")
    return root


def _refusal(path: Path, **options: object) -> str:
    """The message of reading ``path``, in a bounded child: a hang or a crash fails."""

    def work() -> str:
        try:
            read_bytes(path, 1000, **options)  # type: ignore[arg-type]
        except RefusedFile as refused:
            return str(refused)
        return "read"

    message: str = bounded(work, timeout=10)
    return message


def test_a_regular_file_is_read(project: Path) -> None:
    file = project / "content" / "a.yaml"
    file.write_bytes(b"a: 1\n")
    assert read_bytes(file, 5, within=project) == b"a: 1\n"
    assert read_text(file, 5) == "a: 1\n"


def test_a_named_pipe_is_refused_without_waiting(project: Path) -> None:
    fifo = project / "content" / "a.yaml"
    os.mkfifo(fifo)
    message = _refusal(fifo)
    assert message.startswith(f"{fifo}: ") and "named pipe" in message


def test_a_link_to_a_device_is_refused_before_it_is_opened(project: Path) -> None:
    link = project / "content" / "a.yaml"
    link.symlink_to("/dev/zero")
    assert "is a device" in _refusal(link)


def test_a_loop_of_links_is_refused(project: Path) -> None:
    loop = project / "content" / "a.yaml"
    loop.symlink_to(loop.name)
    assert "loop of symbolic links" in _refusal(loop)


def test_a_link_leaving_the_project_is_refused_unread(project: Path) -> None:
    link = project / "content" / "a.yaml"
    link.symlink_to(project.parent / "secret.txt")
    message = _refusal(link, within=project)
    assert "leads outside" in message and SECRET not in message
    assert "secret.txt" not in message  # not even where it leads
    # A link that stays inside the project is read; the user's own file may be anywhere.
    (project / "content" / "c.yaml").write_text("c: 1\n", encoding="utf-8")
    (project / "content" / "d.yaml").symlink_to("c.yaml")
    assert read_bytes(project / "content" / "d.yaml", 10, within=project) == b"c: 1\n"
    assert _refusal(link) == "read"


def test_a_folder_linked_out_of_the_project_is_refused(project: Path) -> None:
    elsewhere = project.parent / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "a.yaml").write_text(SECRET, encoding="utf-8")
    (project / "content" / "game").symlink_to(elsewhere, target_is_directory=True)
    assert "leads outside" in _refusal(project / "content" / "game" / "a.yaml", within=project)


def test_no_link_at_all_when_links_are_refused(project: Path) -> None:
    (project / "content" / "a.yaml").write_text("a: 1\n", encoding="utf-8")
    (project / "content" / "b.yaml").symlink_to("a.yaml")
    message = _refusal(project / "content" / "b.yaml", follow_links=False, link_refused="no")
    assert message.endswith(": no")


def test_a_file_past_the_bound_is_refused_and_never_read_whole(project: Path) -> None:
    big = project / "content" / "a.yaml"
    big.write_bytes(b"x" * 5000)
    assert _refusal(big) == f"{big}: is 5,000 bytes: a file has at most 1,000"
    assert len(read_bytes(big, 1000, refuse_larger=False)) == 1001


def test_a_stream_is_read_to_one_byte_past_the_bound() -> None:
    class Endless(io.RawIOBase):
        asked = 0

        def read(self, size: int = -1) -> bytes:
            assert size > 0, "a whole read of an endless stream"
            self.asked += size
            return b"x" * size

    stream = Endless()
    with pytest.raises(RefusedFile, match="more than 1,000 bytes"):
        read_stream(stream, 1000, "standard input")  # type: ignore[arg-type]
    assert stream.asked == 1001
    assert len(read_stream(Endless(), 10, "-", refuse_larger=False)) == 11  # type: ignore[arg-type]


def test_text_that_is_not_utf8_is_refused_at_its_line(project: Path) -> None:
    file = project / "content" / "a.yaml"
    file.write_bytes(b"a: 1\nb: \xff\n")
    with pytest.raises(RefusedFile) as refused:
        read_text(file, 100)
    assert str(refused.value).startswith(f"{file}:2:4: not UTF-8")


def test_a_name_with_control_characters_is_shown_escaped(project: Path) -> None:
    file = project / "content" / "a\x1b[31m.yaml"
    assert "\\x1b[31m" in _refusal(file) and "\x1b" not in _refusal(file)


def test_the_caches_never_open_what_the_reader_refuses(project: Path) -> None:
    """Issue 34: the cache read files whole before the reader ran (a FIFO hung, /dev/zero
    filled the memory, a loop raised OSError)."""
    content = project / "content"
    (content / "a.yaml").write_text("a: 1\n", encoding="utf-8")
    os.mkfifo(content / "fifo.yaml")
    (content / "zero.yaml").symlink_to("/dev/zero")
    (content / "loop.yaml").symlink_to("loop.yaml")

    def work() -> list[str | None]:
        return [file_digest(content / n) for n in ("fifo.yaml", "zero.yaml", "loop.yaml")] + [
            tree_digest(content)
        ]

    *refused, tree = bounded(work, timeout=10)
    assert all(d is not None and d.startswith("refused: ") for d in refused), refused
    assert tree and digest(content / "a.yaml") == file_digest(content / "a.yaml")
    assert file_digest(content / "missing.yaml") is None
