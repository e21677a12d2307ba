"""What a node rule is, and the registry that finds the rule of a node.

A rule is one class per node: the model it handles (schemas.expressions), how the
compiler turns it into Python source (:meth:`Rule.emit`) and how it reads in words
(:meth:`Rule.words`). Whether it compares players, depends on seats or restricts the
references of its fields is declared on the model itself, where the content checks read
it; :class:`Rule` passes it on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from schemas.expressions import Node

if TYPE_CHECKING:
    from scorer.compiler import Emitter
    from scorer.describe import Describer, Part

N = TypeVar("N", bound=Node)


class Rule(Generic[N]):
    """How the engine computes one kind of node and says it in words."""

    model: ClassVar[type[Node]]

    @property
    def name(self) -> str:
        return self.model.node_name()

    @property
    def cross_player(self) -> bool:
        return self.model.cross_player

    def emit(self, e: Emitter, node: N) -> str:
        """A Python expression computing ``node`` for player ``i`` (``p`` their inputs)."""
        raise NotImplementedError

    def test(self, e: Emitter, node: N) -> str:
        """A Python expression that is true exactly when ``node`` holds, for where only
        that is read (a condition): a comparison's ``int()`` is left out there."""
        return self.emit(e, node)

    def words(self, d: Describer, node: N) -> Part:
        """``node`` in words, as message ids and parameters (scorer.describe)."""
        raise NotImplementedError


#: Node name -> its rule, for every node the Python engine knows.
RULES: dict[str, Rule[Any]] = {}
_BY_MODEL: dict[type[Node], Rule[Any]] = {}


def register(rule: type[Rule[Any]]) -> type[Rule[Any]]:
    """Class decorator: make ``rule`` the one rule of its model."""
    instance = rule()
    name = rule.model.node_name()
    if name in RULES:
        raise ValueError(f"node {name!r} has two rules")
    RULES[name] = instance
    _BY_MODEL[rule.model] = instance
    return rule


def rule_for(node: Node) -> Rule[Any]:
    """The rule of ``node``'s kind."""
    found = _BY_MODEL.get(type(node))
    if found is None:
        raise TypeError(f"no rule for scoring node {type(node).__name__}")
    return found
