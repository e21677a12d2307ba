"""The declared scoring and setup of a game as plain JSON, for the browser calculator.

The browser runtime interprets exactly this document; nothing in it is code. Limits that
come from components are resolved here, so both engines enforce the same numbers.

The document is typed as its contract (schemas.export.Export), so callers read its fields
by name. Its parts are the content's dump and JSON Schemas, plain JSON data to the type
checker: where the export builds on them they are cast to the contract's parts, and
tests/schemas/test_export_contract.py validates every game's whole document against the
contract. The contract is imported for the type checker only: building its validator
would cost the first ``rulebook score`` after a change for nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from schemas import expressions as ex
from schemas.endstate import count_limits, end_state_schema, player_name_schema
from schemas.game import GameContent
from schemas.references import nodes
from schemas.scoring import CountInput, Scoring
from scorer.needs import needs
from scorer.relevance import derive

if TYPE_CHECKING:
    from schemas import export as contract

#: The names of the nodes that compare players (a read inside one is any player's).
CROSS_PLAYER = frozenset(m.node_name() for m in ex.CROSS_PLAYER_NODES)

#: Bumped when the document's shape changes in a way the runtime must know about.
FORMAT = 1


def export_game(content: GameContent) -> contract.Export:
    """Everything the calculator and setup generator need for one game."""
    # Dumped through the content's serializer, made when it was validated (GameContent.dump).
    dumped = content.dump("game", "components", "setup", "scoring")
    declared = dumped["scoring"]
    # Table inputs carry their choices resolved, component items included (listed ones
    # are in the dump as they are).
    for exported, table_input in zip(declared["table"], content.scoring.table, strict=True):
        if table_input.component is not None:
            exported["choices"] = [
                c.model_dump(mode="json", by_alias=True, exclude_none=True)
                for c in content.table_choices(table_input)
            ]
    scoring = cast("contract.Scoring", {**declared, "value_order": value_order(content.scoring)})
    limits: dict[str, contract.Limits] = {}
    for spec in content.scoring.inputs:
        if isinstance(spec, CountInput):
            least, most, table_most = count_limits(content, spec)
            limits[spec.id] = {"min": least, "max": most, "table_max": table_most}
    components = content.components.by_id()
    for spec in content.scoring.inputs:
        component = getattr(spec, "component", None)
        if spec.kind == "sequence" and component is not None:
            limits[spec.id] = {"table_max": components[component].count}
    dumped_components = {c["id"]: c for c in dumped["components"]["components"]}
    decks = {
        step.deal.component: dumped_components[step.deal.component]["items"]
        for step in content.setup.steps
        if step.deal is not None
    }
    counted: set[str] = {
        component
        for spec in content.scoring.inputs
        if (component := getattr(spec, "component", None))
    }
    return {
        "format": FORMAT,
        "game": content.id,
        "names": dumped["game"]["names"],
        "players": dumped["game"]["players"],
        "source_language": content.game.source_language,
        "scoring": scoring,
        "limits": limits,
        "setup": dumped["setup"],
        "decks": decks,
        # What the box holds, for limits shared by several inputs.
        "components": {
            ident: {"name": components[ident].name, "count": components[ident].count}
            for ident in sorted(counted)
        },
        # The field checks (the end state's JSON Schema) and what each part of the scoring
        # reads, so validate.js finds the problems scorer/validate.py finds.
        "end_state": cast("contract.JsonSchema", end_state_schema(content)),
        "player_name": cast("contract.JsonSchema", player_name_schema()),
        # And which inputs count for a player, given their other inputs (the form asks
        # only those: scorer/relevance.py).
        "needs": cast(
            "contract.Needs", {**needs(content).to_json(), **derive(declared, CROSS_PLAYER)}
        ),
    }


def value_order(scoring: Scoring) -> list[str]:
    """Value ids in an order where every value comes after those it uses."""
    declared = {v.id: v for v in scoring.values}
    order: list[str] = []
    done: set[str] = set()

    def visit(ident: str) -> None:
        if ident in done:
            return
        done.add(ident)
        for _, node in nodes(declared[ident].compute):
            read = _value_read(node)
            if read in declared:
                visit(read)
        order.append(ident)

    for value in scoring.values:
        visit(value.id)
    return order


def _value_read(node: object) -> str | None:
    """The value ``node`` reads: a value reference, or a rival's value."""
    if isinstance(node, ex.ValueRef):
        return node.value
    if isinstance(node, ex.RivalRef):
        return node.rival.value
    return None
