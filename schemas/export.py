"""The export document: what both runtimes read of a game (scorer.export.export_game).

The Python engine (scorer/) and the browser calculator (site/assets/calculator/) read one
document; this module is its contract. Each key either runtime reads is named here, with
whether the export always writes it (``NotRequired``: only when the content gives it, as the
export leaves ``None`` out). Scoring nodes are the content's own (schemas/expressions.py),
declared once: the export writes them as the content models dump them.

The document is typed as ``TypedDict``\\ s, so Python code may annotate what it reads with
them; pydantic validates a document against :data:`EXPORT` strictly (a key the export writes
but the contract lacks is an error: tests/schemas/test_export_contract.py checks every game's). Its
JSON Schema goes to schemas/json/export.schema.json (``rulebook schema``), and the
calculator's TypeScript declarations are generated from that (rulebook/typescript.py).

The page's language adds a few keys to the setup steps (rulebook/site/calculator.py,
``localized_export``): they are here too, marked as such.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, Union

from pydantic import ConfigDict, Discriminator, JsonValue, TypeAdapter, with_config
from typing_extensions import TypeAliasType, TypedDict

from schemas.expressions import Expr

#: Strict: no coercion, and no key the contract does not name.
_STRICT = ConfigDict(extra="forbid", strict=True)

#: A scoring node as the content declares it (schemas/expressions.py): a whole number or a
#: one-key object ``{"sum": [...]}`` naming its node. Both interpreters dispatch on its key.
#: The contract reads it with the content's own model, so each node's keys are named once.
Node = Expr


@with_config(_STRICT)
class Provenance(TypedDict):
    """Where a piece of content comes from (schemas.common.Provenance); pages show it."""

    sources: list[str]
    confidence: Literal["confirmed", "single_source", "inferred", "unconfirmed"]
    decision: NotRequired[str]


@with_config(_STRICT)
class Choice(TypedDict):
    """One value a choice input, option or table input can take, with its printed data."""

    id: str
    label: str
    #: Numbers printed on it, by name (a scoring tile's awards).
    data: dict[str, list[int]]
    when: NotRequired[Node]


@with_config(_STRICT)
class RowField(TypedDict):
    """One number of every row of a rows input (or of a table row)."""

    id: str
    label: str
    help: NotRequired[str]
    min: int
    max: int
    #: What an empty number counts as; absent: every row must give it.
    default: NotRequired[int]


@with_config(_STRICT)
class Reached(TypedDict):
    """A count that reaching ``at`` settles: true when ``when`` holds for the table."""

    at: int
    when: Node


class _Input(TypedDict):
    """What every player input says: its id, words, form group and condition."""

    id: str
    label: str
    help: NotRequired[str]
    group: NotRequired[str]
    #: A short mark for the input in a chip row: words, or a number.
    chip: NotRequired[str | int]
    #: Asked only when this holds.
    when: NotRequired[Node]


@with_config(_STRICT)
class CountInput(_Input):
    """A number the player counts on the table."""

    kind: Literal["count"]
    min: int
    max: NotRequired[int]
    component: NotRequired[str]
    table_max: NotRequired[int]
    lowers_score: bool
    affects_others: bool
    empty_is_none: bool
    reached: NotRequired[Reached]


@with_config(_STRICT)
class FlagInput(_Input):
    """Yes or no."""

    kind: Literal["flag"]
    unique: bool


@with_config(_STRICT)
class ChoiceInput(_Input):
    """One of a list (a traveller)."""

    kind: Literal["choice"]
    choices: list[Choice]
    unique: bool
    default: NotRequired[str]
    may_be_empty: NotRequired[Node]
    implies: NotRequired[str]


@with_config(_STRICT)
class PositionInput(_Input):
    """An arrival order or a seat."""

    kind: Literal["position"]
    optional: bool
    max: NotRequired[int]


@with_config(_STRICT)
class SequenceInput(_Input):
    """A pile entered card by card, with the rules of how it grows."""

    kind: Literal["sequence"]
    item_min: int
    item_max: int
    max_length: int
    first: NotRequired[int]
    non_decreasing: bool
    max_step: NotRequired[int]
    closes_at: NotRequired[int]
    distinct: bool
    component: NotRequired[str]


@with_config(_STRICT)
class RowsInput(_Input):
    """A list of records, as many as the player has."""

    kind: Literal["rows"]
    fields: list[RowField]
    max_rows: int


#: A player input, told apart by its ``kind``.
Input = TypeAliasType(
    "Input",
    Annotated[
        Union[CountInput, FlagInput, ChoiceInput, PositionInput, SequenceInput, RowsInput],  # noqa: UP007 (a name for the JSON Schema)
        Discriminator("kind"),
    ],
)


@with_config(_STRICT)
class TableInput(TypedDict):
    """What the table shares: a choice (its ``choices`` resolved, a component's items
    included), a number, or rows."""

    id: str
    kind: Literal["choice", "count", "rows"]
    label: str
    help: NotRequired[str]
    group: NotRequired[str]
    choices: list[Choice]
    component: NotRequired[str]
    distinct_within_group: bool
    min: int
    max: NotRequired[int]
    when: NotRequired[Node]
    fields: list[RowField]
    per_player: list[RowField]
    max_rows: NotRequired[int]


@with_config(_STRICT)
class OptionPlayers(TypedDict):
    """The player counts an option is tied to."""

    only: list[int]
    required: list[int]


@with_config(_STRICT)
class Option(TypedDict):
    """An expansion, variant, reading or entry choice of the whole table."""

    id: str
    category: Literal["expansion", "variant", "reading", "entry"]
    label: str
    help: NotRequired[str]
    kind: Literal["flag", "choice"]
    choices: list[Choice]
    default: str | bool
    #: Applies only when this holds (scorer/legality.py, legality.js).
    when: NotRequired[Node]
    players: NotRequired[OptionPlayers]
    provenance: NotRequired[Provenance]


@with_config(_STRICT)
class Value(TypedDict):
    """A named quantity and the node that computes it."""

    id: str
    compute: Node
    note: NotRequired[str]
    provenance: NotRequired[Provenance]


@with_config(_STRICT)
class Category(TypedDict):
    """A line of the breakdown: a value's points."""

    id: str
    label: str
    value: str
    when: NotRequired[Node]
    provenance: NotRequired[Provenance]


@with_config(_STRICT)
class RankingKey(TypedDict):
    """One key of the tiebreak chain."""

    value: str
    label: str
    better: Literal["higher", "lower"]


@with_config(_STRICT)
class Ranking(TypedDict):
    """Keys in order; players equal on every key share the place."""

    keys: list[RankingKey]
    on_full_tie: Literal["shared"]
    win_requires: NotRequired[Node]
    win_requires_label: NotRequired[str]
    #: The players who win together with a winner (a team), when the game has teams.
    team: NotRequired[Node]
    provenance: NotRequired[Provenance]


@with_config(_STRICT)
class Constraint(TypedDict):
    """A check on a player's (or the table's) entries, with its message."""

    id: str
    check: Node
    message: str
    when: NotRequired[Node]
    scope: Literal["player", "table"]


@with_config(_STRICT)
class EndCheck(TypedDict):
    """A condition that means the game has not ended when any player meets it."""

    id: str
    any_player: Node
    message: str


@with_config(_STRICT)
class RivalLabel(TypedDict):
    """A rival's own label for one of the inputs it is entered with."""

    input: str
    label: str


@with_config(_STRICT)
class Rival(TypedDict):
    """A participant that is not a player (an Automa)."""

    id: str
    label: str
    sentence_name: NotRequired[str]
    help: NotRequired[str]
    when: NotRequired[Node]
    inputs: list[str]
    labels: list[RivalLabel]
    #: Inputs it is not asked for: a number, a flag, or a node of the table.
    fixed: dict[str, int | bool | Node]
    ranked: bool
    can_win: bool
    keeps_points: bool


@with_config(_STRICT)
class TrackFact(TypedDict):
    """A fact the score-track entry asks for besides the track's square."""

    value: str
    id: str
    label: str
    help: NotRequired[str]
    max: NotRequired[int]


@with_config(_STRICT)
class ScoreTrack(TypedDict):
    """Points already on the score track (schemas/track.py); read when the scoring is built."""

    label: str
    help: NotRequired[str]
    option: str
    option_help: NotRequired[str]
    max: NotRequired[int]
    at_end: list[str]
    at_end_values: dict[str, str]
    facts: list[TrackFact]


@with_config(_STRICT)
class Scoring(TypedDict):
    """The declared scoring (schemas.scoring.Scoring, its templates expanded), with the
    value ids in an order where each comes after those it reads (``value_order``)."""

    kind: Literal["points", "ranking_key"]
    inputs: list[Input]
    table: list[TableInput]
    options: list[Option]
    values: list[Value]
    categories: list[Category]
    ranking: Ranking
    constraints: list[Constraint]
    end_checks: list[EndCheck]
    rivals: list[Rival]
    #: Form groups' headings, by group id.
    groups: dict[str, str]
    presentation: dict[str, Literal["rows", "chip_row", "number_row"]]
    score_track: NotRequired[ScoreTrack]
    provenance: NotRequired[Provenance]
    value_order: list[str]


@with_config(_STRICT)
class Limits(TypedDict):
    """A count's bounds resolved from its component (min and max for one player, for the
    whole table); a pile's only the table's."""

    min: NotRequired[int]
    max: NotRequired[int | None]
    table_max: int | None


@with_config(_STRICT)
class Deal(TypedDict):
    """A random draw from a deck, per player or to the table."""

    component: str
    per_player: NotRequired[Node]
    to_table: NotRequired[Node]
    slots: list[str]


@with_config(_STRICT)
class Doubt(TypedDict):
    """The mark and reason of a step that is not confirmed (localized export only)."""

    mark: str
    reason: str | None
    sources: list[str]


#: CLDR plural categories a step's text has a form for.
PluralCategory = Literal["zero", "one", "two", "few", "many", "other"]


@with_config(_STRICT)
class SetupStep(TypedDict):
    """One line of the setup checklist, its numbers computed for the table."""

    id: str
    text: str
    decided_text: NotRequired[str]
    #: The value whose number chooses the text's form.
    count: NotRequired[str]
    forms: NotRequired[dict[PluralCategory, str]]
    values: dict[str, Node]
    per_seat: NotRequired[list[int]]
    deal: NotRequired[Deal]
    when: NotRequired[Node]
    provenance: NotRequired[Provenance]
    #: Localized export only: the language ``forms`` are in, and the step's doubt.
    forms_lang: NotRequired[str]
    doubt: NotRequired[Doubt]


@with_config(_STRICT)
class Setup(TypedDict):
    """The setup checklist and how the first player is chosen."""

    steps: list[SetupStep]
    first_player: Literal["random"]
    first_player_when: NotRequired[Node]
    order: Literal["clockwise", "line_up", "first_only"]
    first_player_text: NotRequired[str]
    decided_first_player_text: NotRequired[str]
    #: Pictures of the setup (schemas/diagrams.py), drawn by the static pages only.
    diagrams: list[dict[str, JsonValue]]
    provenance: NotRequired[Provenance]


@with_config(_STRICT)
class DeckItem(TypedDict):
    """One card or tile of a deck the setup deals from."""

    id: str
    name: str
    data: dict[str, int | list[int]]
    copies: int
    when: NotRequired[Node]


@with_config(_STRICT)
class ComponentCount(TypedDict):
    """What the box holds of a component that inputs count."""

    name: str
    count: int | None


@with_config(_STRICT)
class Normalize(TypedDict):
    """How a name is cleaned before it is checked (``x-normalize``)."""

    form: Literal["NFC"]
    trim: str


@with_config(_STRICT)
class Echo(TypedDict):
    """How a key the end state's schema does not know is echoed in its problem
    (``x-echo``): at most ``length`` characters, each of ``refused`` written as \\uXXXX."""

    refused: str
    length: int


#: The JSON Schema keywords the end state's schemas use (schemas/endstate.py), which
#: validate.js and scorer/fields.py interpret: a keyword pydantic starts writing there
#: fails the contract test until both walks know it.
JsonSchema = TypedDict(
    "JsonSchema",
    {
        "type": NotRequired[str],
        "properties": NotRequired[dict[str, "JsonSchema"]],
        "required": NotRequired[list[str]],
        "additionalProperties": NotRequired[Union[bool, "JsonSchema"]],
        "items": NotRequired["JsonSchema"],
        "minItems": NotRequired[int],
        "maxItems": NotRequired[int],
        "minimum": NotRequired[int],
        "maximum": NotRequired[int],
        "minLength": NotRequired[int],
        "maxLength": NotRequired[int],
        "pattern": NotRequired[str],
        "enum": NotRequired[list[JsonValue]],
        "const": NotRequired[JsonValue],
        "anyOf": NotRequired[list["JsonSchema"]],
        "$ref": NotRequired[str],
        "$defs": NotRequired[dict[str, "JsonSchema"]],
        "x-invisible": NotRequired[str],
        "x-normalize": NotRequired[Normalize],
        "x-echo": NotRequired[Echo],
    },
)
with_config(_STRICT)(JsonSchema)


#: A fact computed from the details that imply it (scorer/relevance.py): ``from`` is the
#: node computing it, ``reads`` the inputs that node reads.
Implied = TypedDict("Implied", {"input": str, "from": Node, "reads": list[str]})
with_config(_STRICT)(Implied)


@with_config(_STRICT)
class Relevant(TypedDict):
    """When an input counts for a player, given their other inputs."""

    input: str
    when: Node


@with_config(_STRICT)
class Needs(TypedDict):
    """Which inputs each part of the scoring reads (scorer/needs.py), and which inputs a
    player's form asks given the others (scorer/relevance.py)."""

    totals: list[str]
    tiebreaks: dict[str, list[str]]
    constraints: dict[str, list[str]]
    categories: dict[str, list[str]]
    compared: list[str]
    relevant: list[Relevant]
    implied: list[Implied]
    tie_unless: list[Relevant]


@with_config(_STRICT)
class Players(TypedDict):
    """The player range."""

    min: int
    max: int


@with_config(_STRICT)
class Export(TypedDict):
    """Everything the calculator, the setup generator and the Python engine read of one game."""

    format: int
    game: str
    #: The game's name in each language.
    names: dict[str, str]
    players: Players
    source_language: str
    scoring: Scoring
    limits: dict[str, Limits]
    setup: Setup
    #: The items of each deck the setup deals from, by component id.
    decks: dict[str, list[DeckItem]]
    components: dict[str, ComponentCount]
    #: The end state's JSON Schema (the field checks of validate.js and scorer/fields.py).
    end_state: JsonSchema
    #: A player name's JSON Schema.
    player_name: JsonSchema
    needs: Needs


#: Validates a document against the contract (``EXPORT.validate_python(doc)``).
EXPORT: TypeAdapter[Export] = TypeAdapter(Export)


def export_json_schema() -> dict[str, Any]:
    """The contract's JSON Schema (schemas/json/export.schema.json)."""
    schema = EXPORT.json_schema()
    schema["$id"] = "export.schema.json"
    return schema
