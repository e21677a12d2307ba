"""What a node rule is, and the registry that finds the rule of a node.

A rule is one class per node (Ludii's shape: one small named ludeme each): the model it
handles (schemas.expressions), how it is evaluated (:meth:`Rule.build`: from the node as
the export writes it, a function of a row, as the browser's expr.js builds its closures)
and how it reads in words (:meth:`Rule.words`). Whether it compares players, depends on
seats or restricts the references of its fields is declared on the model itself, where
the content checks read it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

if TYPE_CHECKING:
    from schemas import expressions as ex
    from schemas.expressions import Node
    from scorer.describe import Describer
    from scorer.interpret import Fn, Tools
    from scorer.parts import Part

N = TypeVar("N", bound="Node")


class _Deferred:
    """A module imported when first read: the rules evaluate the export without the
    content models (a cached export is scored without them); only words and the model
    itself load them."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        return getattr(importlib.import_module(self._name), attr)


if not TYPE_CHECKING:  # the node rules' ``ex``: the content models, loaded for words only
    ex = _Deferred("schemas.expressions")

__all__ = ["RULES", "Rule", "ex", "register", "rule_for"]


class Rule(Generic[N]):
    """How the engine computes one kind of node and says it in words."""

    #: The node's name: its key in the export (``{"sum": [...]}``) and its model's tag.
    name: ClassVar[str]

    @property
    def model(self) -> type[Node]:
        """The node's content model (schemas.expressions), which declares its fields and
        flags (whether it compares players, depends on seats...)."""
        from schemas.expressions import NODE_MODELS

        return next(m for m in NODE_MODELS if m.node_name() == self.name)

    def build(self, a: Any, t: Tools) -> Fn:
        """The function of row ``i`` computing the node whose argument (the export's
        form, ``{name: a}``) is ``a``; ``t`` builds its operands (scorer.interpret)."""
        raise NotImplementedError

    def words(self, d: Describer, node: N) -> Part:
        """``node`` in words, as message ids and parameters (scorer.describe)."""
        raise NotImplementedError


#: Node name -> its rule, for every node the Python engine knows.
RULES: dict[str, Rule[Any]] = {}


def register(rule: type[Rule[Any]]) -> type[Rule[Any]]:
    """Class decorator: make ``rule`` the one rule of its model."""
    name = rule.name
    if name in RULES:
        raise ValueError(f"node {name!r} has two rules")
    RULES[name] = rule()
    return rule


def rule_for(node: Node) -> Rule[Any]:
    """The rule of ``node``'s kind."""
    found = RULES.get(type(node).node_name())
    if found is None:
        raise TypeError(f"no rule for scoring node {type(node).__name__}")
    return found
