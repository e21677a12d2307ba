"""Results as plain data: what ``dataclasses.asdict`` gives, in a fraction of its time.

``asdict`` deep-copies every leaf through ``copy.deepcopy``, which made turning a result
into JSON cost more than scoring it. Results hold only dataclasses, dicts, lists, tuples
and JSON scalars, so a walk that rebuilds the containers and keeps the scalars gives the
same data (tests/scorer/test_conformance.py compares the two on every conformance case).
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

#: The field names of each dataclass met so far.
_NAMES: dict[type, tuple[str, ...]] = {}


def _names(kind: type) -> tuple[str, ...]:
    found = _NAMES.get(kind)
    if found is None:
        found = _NAMES[kind] = tuple(f.name for f in fields(kind))
    return found


def plain(value: Any) -> Any:
    """``value`` with every dataclass as a dict of its fields and every container copied."""
    kind = type(value)
    if kind in (int, str, bool, float) or value is None:
        return value
    if kind is list:
        return [plain(item) for item in value]
    if kind is dict:
        return {key: plain(item) for key, item in value.items()}
    if kind is tuple:
        return tuple(plain(item) for item in value)
    if is_dataclass(value) and not isinstance(value, type):
        return {name: plain(getattr(value, name)) for name in _names(kind)}
    raise TypeError(f"not plain data: {kind.__name__}")
