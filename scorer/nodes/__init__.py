"""The scoring nodes the Python engine knows, each declared once.

Importing this package registers every rule (one module per family of nodes):
:mod:`.basic` (references, arithmetic and logic), :mod:`.piles` (sequence inputs),
:mod:`.rows` (rows inputs, read row by row),
:mod:`.combinations` (sets, sorted keys, wildcards) and :mod:`.table` (what compares
players: awards, table sums, neighbours). The browser runtime's counterpart is the
``NODES`` table of site/assets/calculator/expr.js; tests/scorer/test_registry.py holds the two,
the models and the descriptions to the same list of nodes.
"""

from scorer.nodes import basic, combinations, piles, rows, table
from scorer.nodes.base import RULES, Rule, register, rule_for

__all__ = [
    "RULES",
    "Rule",
    "basic",
    "combinations",
    "piles",
    "register",
    "rows",
    "rule_for",
    "table",
]
