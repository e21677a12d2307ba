"""The calculator's own files, as the site ships them.

The sources in site/assets/calculator/ are separate ES modules with their JSDoc and
comments, for readers and TypeScript. A page loads one script,
``calculator.js``: the widgets (ui.js) and every module they import statically, joined
into one ES module, so the page makes one request instead of a chain of them. Each module
keeps its own scope (a function wrapping its body returns what it exports), so joining
changes no name and no result; the bundle also exports each module it holds by name,
which is how the parity tests run it. Every module is shipped on its own as well, so a
dynamic ``import("./x.js")`` (code loaded only when needed) finds its file next to the
bundle.

Everything goes through rjsmin, which only drops comments and white space; the stylesheet
loses its comments and spare white space.

Joining needs no bundler because the modules keep to a small form, checked here: static
imports from ``./<name>.js`` at the start of a line (``import { a, b as c }``,
``import * as ns`` or ``import "./x.js"``); exports are ``export function|class|const``
declarations or ``export { a, b as c }`` lists; no cycles. Anything else fails the build
with the file and the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import rjsmin

from rulebook import paths

#: Where the calculator's sources live.
SOURCES = paths.SITE / "assets" / "calculator"
#: The module the pages load; the bundle holds it and everything it imports.
ENTRY = "ui.js"
#: The files a page loads, as write_assets() names them.
SCRIPT = "calculator.js"
STYLESHEET = "calculator.css"
#: The stylesheet's sources, joined in this order: the widgets, the table tools, the setup
#: page (checklist and diagrams), print.
STYLESHEET_SOURCES = ("calculator.css", "tools.css", "setup.css", "print.css")

_IMPORT_NAMES = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*"\./([\w-]+)\.js";?[ \t]*$', re.M)
_IMPORT_ALL = re.compile(r'^import\s*\*\s*as\s+(\w+)\s+from\s*"\./([\w-]+)\.js";?[ \t]*$', re.M)
_IMPORT_BARE = re.compile(r'^import\s*"\./([\w-]+)\.js";?[ \t]*$', re.M)
_EXPORT_LIST = re.compile(r"^export\s*\{([^}]*)\};?[ \t]*$", re.M)
_EXPORT = re.compile(r"^export\s+(?:async\s+)?(function\*?|class|const)\s+(\w+)", re.M)
_LEFT_OVER = re.compile(r"^\s*(import|export)\b.*$", re.M)


class BundleError(ValueError):
    """A calculator module uses a form of import or export the joiner does not handle."""


@dataclass
class _Module:
    name: str
    body: str
    #: (module, local name, imported name); imported name None for ``import * as``.
    imports: list[tuple[str, str, str | None]]
    #: Modules imported only for their effects.
    bare: list[str]
    #: Exported name -> local name.
    exports: dict[str, str]


def _variable(module: str) -> str:
    return "__rb_" + re.sub(r"\W", "_", module)


def _names(path: Path, listed: str) -> list[tuple[str, str]]:
    """``a, b as c`` as [(a, a), (b, c)]."""
    found = []
    for item in listed.split(","):
        parts = item.split()
        if len(parts) == 1:
            found.append((parts[0], parts[0]))
        elif len(parts) == 3 and parts[1] == "as":
            found.append((parts[0], parts[2]))
        elif parts:
            raise BundleError(f"{path.name}: cannot read {item.strip()!r}")
    return found


def _parse(path: Path) -> _Module:
    text = path.read_text(encoding="utf-8")
    imports: list[tuple[str, str, str | None]] = []
    for match in _IMPORT_NAMES.finditer(text):
        imports += [(match[2], local, name) for name, local in _names(path, match[1])]
    for match in _IMPORT_ALL.finditer(text):
        imports.append((match[2], match[1], None))
    bare = [match[1] for match in _IMPORT_BARE.finditer(text)]
    exports: dict[str, str] = {}
    for match in _EXPORT_LIST.finditer(text):
        exports.update({exported: local for local, exported in _names(path, match[1])})
    exports.update({match[2]: match[2] for match in _EXPORT.finditer(text)})
    body = text
    for pattern in (_IMPORT_NAMES, _IMPORT_ALL, _IMPORT_BARE, _EXPORT_LIST):
        body = pattern.sub("", body)
    body = _EXPORT.sub(lambda m: m[0][len("export") :].lstrip(), body)
    left = _LEFT_OVER.search(body)
    if left is not None:
        statement = left[0].strip()
        line = text[: text.find(statement)].count("\n") + 1
        raise BundleError(f"{path.name}:{line}: the joiner cannot bundle {statement!r}")
    return _Module(path.stem, body, imports, bare, exports)


def _order(sources: Path, entry: str) -> list[_Module]:
    """The entry and every module it imports, each after the modules it imports."""
    done: dict[str, _Module] = {}
    visiting: list[str] = []

    def visit(name: str) -> None:
        if name in done:
            return
        if name in visiting:
            raise BundleError(f"import cycle: {' -> '.join([*visiting, name])}")
        path = sources / f"{name}.js"
        if not path.is_file():
            raise BundleError(f"{visiting[-1]}.js imports {name}.js, which does not exist")
        visiting.append(name)
        module = _parse(path)
        for imported in [*(i[0] for i in module.imports), *module.bare]:
            visit(imported)
        visiting.pop()
        done[name] = module

    visit(Path(entry).stem)
    for module in done.values():
        for imported, _, name in module.imports:
            if name is not None and name not in done[imported].exports:
                raise BundleError(f"{module.name}.js imports {name} that {imported}.js lacks")
    return list(done.values())


def bundle(sources: Path = SOURCES, entry: str = ENTRY) -> str:
    """``entry`` and its static imports as one ES module, readable (not minified yet)."""
    modules = _order(sources, entry)
    chunks = ["// Built by rulebook.site.assets from site/assets/calculator/ - do not edit."]
    for module in modules:
        lines = [
            f"const {local} = {_variable(imported)}{'' if name is None else '.' + name};"
            for imported, local, name in module.imports
        ]
        pairs = ", ".join(
            local if local == exported else f"{exported}: {local}"
            for exported, local in module.exports.items()
        )
        chunks.append(
            f"const {_variable(module.name)} = (() => {{\n{chr(10).join(lines)}\n"
            f"{module.body}\nreturn {{ {pairs} }};\n}})();"
        )
    names = ", ".join(f"{_variable(m.name)} as {m.name}" for m in modules)
    chunks.append(f"export {{ {names} }};")
    return "\n".join(chunks) + "\n"


_CSS_STRING = re.compile(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'""")


def minify_css(text: str) -> str:
    """CSS without comments and spare white space; strings are left as they are."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    out = []
    last = 0
    for match in _CSS_STRING.finditer(text):
        out.append(_squeeze_css(text[last : match.start()]))
        out.append(match[0])
        last = match.end()
    out.append(_squeeze_css(text[last:]))
    return "".join(out).strip() + "\n"


def _squeeze_css(text: str) -> str:
    text = re.sub(r"\s+", " ", text)
    return re.sub(r" ?([{};,]) ?", r"\1", text).replace(";}", "}")


def shipped_files(sources: Path = SOURCES) -> dict[str, str]:
    """Every file the site ships, by name, with the text it serves.

    ``calculator.js`` (what a page loads), each module on its own (minified) and the
    stylesheet.
    """
    files = {SCRIPT: rjsmin.jsmin(bundle(sources))}
    for source in sorted(sources.glob("*.js")):
        if source.name == SCRIPT:
            raise BundleError(f"{source}: the bundle's name is taken by a source")
        files[source.name] = rjsmin.jsmin(source.read_text(encoding="utf-8"))
    css = "\n".join((sources / name).read_text(encoding="utf-8") for name in STYLESHEET_SOURCES)
    files[STYLESHEET] = minify_css(css)
    return files


def page_files(sources: Path = SOURCES) -> dict[str, str]:
    """The files a page with a widget loads up front: the bundle and the stylesheet."""
    files = shipped_files(sources)
    return {name: files[name] for name in (SCRIPT, STYLESHEET)}


def write_assets(
    target: Path, sources: Path = SOURCES, files: dict[str, str] | None = None
) -> list[Path]:
    """Write every shipped file (``files``, when already made) to ``target``; return them."""
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in (shipped_files(sources) if files is None else files).items():
        out = target / name
        out.write_text(text, encoding="utf-8")
        written.append(out)
    return written
