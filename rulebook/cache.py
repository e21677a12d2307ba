"""Derived data kept between commands: made again whenever what it was made from changes.

Everything here lives in ``$XDG_CACHE_HOME/rulebook/`` (default ``~/.cache/rulebook``),
outside the project, and all of it is plain JSON data: nothing kept is ever run (a parse
of the content is validated again by the models, as if it came from the files; an export
is the document the browser calculator reads). Each entry records what it was made from:
:func:`code_version` (the application's code) and the SHA-256 of each file it read.
Nothing is ever stored for content that fails to load, so every error is found and worded
afresh.

- :func:`load_export`: a game's export (``rulebook score`` without the models), JSON, and
  :func:`load_words`: its table's words in one language, kept apart (a scoring number
  changes the one, a catalog the other);
- :func:`load_game`: a game folder's YAML as parsed, validated again on every load
  (``build``, ``serve``, ``schema``, and ``score``'s full path); :func:`load_content`,
  every game of a project;
- :func:`load_findings`: what a build found in the catalogs (that they passed its checks,
  never a failure; each catalog's counts for the translation status pages), JSON.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebook.paths import APP_ROOT

if TYPE_CHECKING:
    from rulebook.paths import Project
    from schemas.game import GameContent

#: The packages whose code derived data depends on.
CODE = ("schemas", "scorer", "rulebook")
#: Bumped when the stored shapes change.
FORMAT = 1


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rulebook"


@cache
def code_version() -> str:
    """A digest of the code (every file of schemas/, scorer/, rulebook/ by path, size and
    modification time: its modules and the data they read, such as the interface's
    strings), of the pinned dependencies (pyproject.toml) and of the Python version."""
    digest = hashlib.sha256(
        f"{FORMAT} {sys.version} {file_digest(APP_ROOT / 'pyproject.toml')}".encode()
    )
    for package in CODE:
        for folder, dirs, files in sorted(os.walk(APP_ROOT / package)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                stat = os.stat(os.path.join(folder, name))
                digest.update(f"{folder}/{name} {stat.st_size} {stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def file_digest(path: Path) -> str | None:
    """The SHA-256 of a file's bytes, or None when there is no such file.

    Read by the project's one bounded reader (schemas.file_reader.digest): a named pipe, a
    link to a device or a loop of links is never opened, so a command keyed on the files
    never hangs or fills its memory before the reader after it refuses the file cleanly.
    """
    from schemas.file_reader import digest

    return digest(path)


def entry(kind: str, where: Path, name: str) -> Path:
    """The cache file of ``kind`` for ``name`` at ``where`` (a project's folder)."""
    place = hashlib.sha256(str(where.resolve()).encode()).hexdigest()[:24]
    return cache_root() / kind / f"{name}-{place}"


def store(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` in one step; False when the cache cannot be written.

    The bytes go to a new file of a random name beside it (created, never opened if it
    exists), then replace it: a reader sees the old entry or the new one, never a part.
    (Not tempfile: importing it, with shutil and random, costs every first call 4 ms.)"""
    temporary = path.with_name(f".{path.name}.{os.urandom(8).hex()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with open(handle, "wb") as stream:
                stream.write(data)
            os.replace(temporary, path)
        except OSError:
            temporary.unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True


def tree_digest(folder: Path) -> str:
    """A digest of every file under ``folder``: its path and its bytes."""
    digest = hashlib.sha256()
    for root, dirs, files in sorted(os.walk(folder)):
        dirs.sort()
        for name in sorted(files):
            path = Path(root, name)
            digest.update(f"{path.relative_to(folder)}\0{file_digest(path)}\n".encode())
    return digest.hexdigest()


def _parsed_key(folder: Path) -> bytes:
    """What a game folder's parsed files depend on: the code, the list of languages (every
    name in every language is checked against it; the folder's files alone do not say it)
    and every file under the folder. Taken before the files are read, so a file changed
    meanwhile is never stored under its older text."""
    from schemas.languages import languages_file

    languages = file_digest(languages_file())
    return f"{code_version()} {tree_digest(folder)} {languages}".encode()


def _stored_parse(path: Path, key: bytes) -> dict[str, Any] | None:
    """The parsed files kept at ``path`` under ``key``, by file name; None when absent or
    made from anything else."""
    try:
        header, _, body = path.read_bytes().partition(b"\n")
        if header == key:
            found = json.loads(body)
            if isinstance(found, dict):
                return found
    except (OSError, ValueError):
        pass
    return None


def load_game(folder: Path, files: tuple[str, ...] | None) -> GameContent:
    """schemas.loader.load_game(folder, files), with the YAML parsed once per version of
    the folder's files, the list of languages and the code.

    Parsing the strict YAML is most of loading a game (0.25 s for the five games, against
    0.04 s to validate); what is kept is that parse, plain JSON data, validated afresh by
    the models on every load, so the content is checked by the code that reads it. Only a
    folder that loaded without a problem is kept: every error is found and worded from the
    YAML itself, with its line.
    """
    from schemas.loader import ContentError, YamlDocument, read_yaml
    from schemas.loader import load_game as load

    key = _parsed_key(folder)
    path = entry("parsed", folder, "game-all" if files is None else "game-" + "-".join(files))
    stored = _stored_parse(path, key)
    if stored is not None:
        try:
            return load(folder, files, lambda file: YamlDocument(file, stored[file.name], None))
        except (ContentError, KeyError):  # not what was kept: read the files themselves
            pass
    parsed: dict[str, str | None] = {}

    def read(file: Path) -> YamlDocument:
        document = read_yaml(file)
        # Dumped as parsed, before a validator could fill the data in place.
        try:
            parsed[file.name] = json.dumps(document.data, ensure_ascii=False)
        except (TypeError, ValueError):  # not JSON data (the reader gives none): keep nothing
            parsed[file.name] = None
        return document

    content = load(folder, files, read)
    if None not in parsed.values():
        body = ",".join(f"{json.dumps(name)}:{text}" for name, text in parsed.items())
        store(path, key + b"\n{" + body.encode() + b"}")
    return content


def load_content(content_dir: Path) -> dict[str, GameContent]:
    """schemas.loader.load_all(content_dir), each game read by :func:`load_game`.

    Content that fails to load is never kept: the ContentError comes from load_all itself.
    """
    from schemas.loader import load_all

    return load_all(content_dir, lambda folder: load_game(folder, None))


# ----------------------------------------------------------------------------------------
# A game's export and its table's words for ``rulebook score``: data, read back without
# the content models
# ----------------------------------------------------------------------------------------

#: The game files the score path reads (schemas.game.REQUIRED_FILES).
GAME_FILES = ("game", "components", "setup", "scoring")
#: Bumped when the stored export or words entries change shape.
EXPORT_FORMAT = 3


def _languages_file(project: Project) -> Path:
    from schemas.languages import FILE_NAME

    return project.content / FILE_NAME


def export_fingerprint(project: Project, game: str) -> dict[str, str | None]:
    """The digest of every file an export of ``game`` depends on (None for an absent one):
    its game/components/setup/scoring.yaml and the project's list of languages (every name
    is checked against it). Its rules text and the catalogs are not among them: the export
    holds no translation. Taken before the content is read, so a file changed meanwhile is
    never recorded as the version the export was made from."""
    files = [project.content / game / f"{name}.yaml" for name in GAME_FILES]
    files.append(_languages_file(project))
    return {str(path): file_digest(path) for path in files}


def words_fingerprint(project: Project, game: str, language: str) -> dict[str, str | None]:
    """The digest of every file the words of ``game``'s table in ``language`` may be read
    from besides the texts they translate: the ui, game and glossary catalogs (PO and MO)
    of that language and the list of languages. Taken before the catalogs are read."""
    files = [
        _catalog(project, language, domain, kind)
        for domain in ("ui", game, f"{game}.glossary")  # the glossary: its terms' words
        for kind in ("po", "mo")
    ]
    files.append(_languages_file(project))
    return {str(path): file_digest(path) for path in files}


def _catalog(project: Project, language: str, domain: str, kind: str) -> Path:
    return project.locales / language / "LC_MESSAGES" / f"{domain}.{kind}"


def _fresh(path: Path, key: str, name: str) -> Any:
    """What the entry at ``path`` holds under ``name`` (a JSON object), if it was made
    under ``key`` by this code from files that still have the digests it recorded; else
    None."""
    try:
        data = json.loads(path.read_bytes())
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            return None
        if data["code"] != code_version() or data["key"] != key:
            return None
        for where, digest in data["files"].items():
            if file_digest(Path(where)) != digest:
                return None
        value = data[name]
        return value if isinstance(value, dict) else None
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None


def _keep(path: Path, key: str, files: dict[str, str | None], name: str, value: Any) -> bool:
    data = {"format": EXPORT_FORMAT, "code": code_version(), "key": key, "files": files}
    return store(path, json.dumps({**data, name: value}).encode())


def load_export(project: Project, game: str) -> dict[str, Any] | None:
    """The stored export of ``game`` if it still fits the code and every file it was made
    from (:func:`export_fingerprint`); else None. Plain JSON: nothing in it is run."""
    found: dict[str, Any] | None = _fresh(entry("exports", project.content, game), "", "export")
    return found


def save_export(
    project: Project, game: str, export: dict[str, Any], files: dict[str, str | None]
) -> Path | None:
    """Store ``game``'s export, made from ``files`` (:func:`export_fingerprint`). Best
    effort: where it went, or None when the cache cannot be written (scoring works the
    same either way)."""
    from schemas.game import REQUIRED_FILES

    if tuple(REQUIRED_FILES) != GAME_FILES:  # the score path reads other files: no entry
        return None
    target = entry("exports", project.content, game)
    return target if _keep(target, "", files, "export", export) else None


def texts_key(texts: Any) -> str:
    """A digest of the texts a table's words translate (plain JSON data)."""
    return hashlib.sha256(json.dumps(texts, sort_keys=True).encode()).hexdigest()


def _words_entry(project: Project, game: str, language: str) -> Path | None:
    # The language comes from the command line: only a plain tag names a file.
    if not (language.isascii() and language.replace("-", "").isalnum() and len(language) < 16):
        return None
    return entry("words", project.content, f"{game}.{language}")


def load_words(project: Project, game: str, language: str, texts: Any) -> Any:
    """The stored words of ``game``'s table in ``language``, if they were made from these
    ``texts`` (the labels they translate, from the export) and from catalogs that are
    unchanged (:func:`words_fingerprint`); else None.

    Keyed apart from the export: a changed scoring number leaves the words as they were,
    and a changed catalog leaves the export."""
    path = _words_entry(project, game, language)
    return None if path is None else _fresh(path, texts_key(texts), "words")


def save_words(
    project: Project,
    game: str,
    language: str,
    texts: Any,
    words: Any,
    files: dict[str, str | None],
    domains: Sequence[str],
) -> Path | None:
    """Store the words of ``game``'s table in ``language``, made from ``texts`` and the
    catalogs of ``domains`` (what the translator read), whose digests ``files`` holds
    (:func:`words_fingerprint`); a catalog it did not read is no part of the key. Best
    effort, like :func:`save_export`."""
    path = _words_entry(project, game, language)
    if path is None:
        return None
    unread = {
        str(_catalog(project, language, domain, kind))
        for domain in ("ui", game, f"{game}.glossary")
        if domain not in domains
        for kind in ("po", "mo")
    }
    kept = {where: digest for where, digest in files.items() if where not in unread}
    return path if _keep(path, texts_key(texts), kept, "words", words) else None


# ----------------------------------------------------------------------------------------
# What a site build finds in the catalogs: the checks it passed, each catalog's counts
# ----------------------------------------------------------------------------------------

#: Bumped when the stored catalog findings change shape.
CATALOGS_FORMAT = 1


def catalogs_key(
    contents: Sequence[GameContent], domains: Sequence[str], languages: Sequence[str], locales: Path
) -> str:
    """What findings about the catalogs of ``domains`` in ``languages`` depend on: the code,
    the list of languages, each game's validated content (what its messages are extracted
    from: a digest of its JSON dump) and every catalog read (PO and MO)."""
    from schemas.languages import languages_file

    parts = [
        str(CATALOGS_FORMAT),
        code_version(),
        str(file_digest(languages_file())),
        repr(list(languages)),
    ]
    for content in contents:
        dumped = content.model_dump_json().encode()
        parts.append(f"{content.id} {hashlib.sha256(dumped).hexdigest()}")
    for language in languages:
        folder = locales / language / "LC_MESSAGES"
        for domain in domains:
            parts += [str(file_digest(folder / f"{domain}.{kind}")) for kind in ("po", "mo")]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def load_findings(locales: Path, name: str, key: str) -> Any:
    """The findings ``name`` kept for the catalogs under ``locales`` with ``key``
    (:func:`catalogs_key`), or None when absent or made from anything else."""
    try:
        stored = json.loads(entry("catalogs", locales, name).read_bytes())
        if isinstance(stored, dict) and stored.get("key") == key:
            return stored["data"]
    except (OSError, ValueError, KeyError):
        pass
    return None


def save_findings(locales: Path, name: str, key: str, data: Any) -> None:
    """Keep ``data`` (plain JSON data) as the findings ``name`` under ``key``; best effort."""
    store(entry("catalogs", locales, name), json.dumps({"key": key, "data": data}).encode())
