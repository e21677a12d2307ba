"""Functions the compiler generated, as data that ``marshal`` can store, and back.

The compiler (scorer.compiler) turns a game's declared scoring into Python functions. A
frozen function is its code object plus what its code reads from its globals, each name
recorded by reference (a module by name, a function or class by module and qualified name,
a builtin by name) or as a constant. Thawing rebuilds an equal function without the
compiler or the content models. Anything that cannot be recorded this way (a closure, a
global that is neither importable nor a constant) raises :class:`Unfreezable`, and the
game simply gets no cached program.
"""

from __future__ import annotations

import builtins
import importlib
import types
from collections.abc import Callable, Iterator
from typing import Any

#: A frozen function: (code, defaults, globals it reads).
Frozen = tuple[types.CodeType, tuple[Any, ...] | None, dict[str, tuple[Any, ...]]]

_CONSTANTS = (int, str, bool, float, type(None))


def _plain(value: Any) -> bool:
    """Data marshal stores as it is: constants, and tuples, lists and dicts of them."""
    if isinstance(value, _CONSTANTS):
        return True
    if isinstance(value, tuple | list):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(_plain(k) and _plain(v) for k, v in value.items())
    return False


class Unfreezable(ValueError):
    """A function whose globals cannot be recorded by reference."""


def _names(code: types.CodeType) -> Iterator[str]:
    yield from code.co_names
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _names(const)


def _resolve(module: str, qualname: str) -> Any:
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


def _reference(name: str, value: Any) -> tuple[Any, ...]:
    if isinstance(value, types.ModuleType):
        return ("module", value.__name__)
    if isinstance(value, _CONSTANTS) or (
        isinstance(value, tuple) and all(isinstance(v, _CONSTANTS) for v in value)
    ):
        return ("value", value)
    if isinstance(value, dict) and _plain(value):  # a template the function only copies
        return ("value", value)
    module, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    if isinstance(module, str) and isinstance(qualname, str) and "<" not in qualname:
        try:
            if _resolve(module, qualname) is value:
                return ("ref", module, qualname)
        except (ImportError, AttributeError):
            pass
    raise Unfreezable(f"global {name!r} ({type(value).__name__}) cannot be recorded")


def freeze(function: Callable[..., Any]) -> Frozen:
    """``function`` as data; raise Unfreezable when that is not possible."""
    if not isinstance(function, types.FunctionType):
        raise Unfreezable(f"{function!r} is not a plain function")
    if function.__closure__ or function.__kwdefaults__:
        raise Unfreezable(f"{function.__name__} has a closure or keyword-only defaults")
    space = function.__globals__
    used: dict[str, tuple[Any, ...]] = {}
    for name in set(_names(function.__code__)):
        if name in space and name != "__builtins__":
            used[name] = _reference(name, space[name])
    given = space.get("__builtins__", builtins)
    allowed = given if isinstance(given, dict) else vars(given)
    for name, value in allowed.items():
        if getattr(builtins, name, None) is not value:
            raise Unfreezable(f"builtin {name!r} is not Python's own")
    used["__builtins__"] = ("builtins", tuple(sorted(allowed)))
    defaults = function.__defaults__
    if defaults is not None and not all(_plain(v) for v in defaults):
        raise Unfreezable(f"{function.__name__} has defaults that are not constants")
    return function.__code__, defaults, used


def thaw(frozen: Frozen) -> Callable[..., Any]:
    """The function :func:`freeze` recorded."""
    code, defaults, used = frozen
    space: dict[str, Any] = {}
    for name, reference in used.items():
        kind = reference[0]
        if kind == "builtins":
            space[name] = {n: getattr(builtins, n) for n in reference[1]}
        elif kind == "module":
            space[name] = importlib.import_module(reference[1])
        elif kind == "ref":
            space[name] = _resolve(reference[1], reference[2])
        else:
            space[name] = reference[1]
    return types.FunctionType(code, space, code.co_name, defaults)
