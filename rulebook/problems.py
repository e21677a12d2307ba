"""Problems in the reader's language: scorer.problems.Problem rendered for the command line.

A problem is a diagnostic without a sentence (schemas.diagnostics); :meth:`ProblemWords.
diagnostic` gives it its ``msg`` here, so the command line prints it as it prints every
other diagnostic and ``--json`` gives it in the same shape.

Each code's message is the interface string ``ui.problem_<code>`` (rulebook/i18n/ui.json),
counts through their plural forms; the names in it (fields, options, choices, players,
the game) are the content's labels in the same language. The browser renders the same
problems with site/assets/calculator/problems.js, from the same catalog.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from babel.lists import format_list

from rulebook.i18n.numbers import format_number
from rulebook.i18n.runtime import Translator
from rulebook.i18n.ui import UI_STRINGS
from schemas.diagnostics import Diagnostic
from schemas.game import GameContent
from schemas.scoring import ChoiceInput, Option, PlayerInput, RowsInput, TableInput
from scorer.problems import Problem

_TEXT = {s.key: s.text for s in UI_STRINGS}
_PLURAL = {s.key for s in UI_STRINGS if s.plural}
_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")


def _fill(text: str, values: dict[str, str]) -> str:
    """Placeholders filled in one pass: a value holding braces stays as it is."""
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)


class ProblemWords:
    """Renders the problems of one game's end state (or setup) in one language."""

    def __init__(self, content: GameContent, translate: Translator, names: Sequence[str] = ()):
        self.content = content
        self.translate = translate
        self.language = translate.language
        self.names = list(names)
        self._inputs = {spec.id: spec for spec in content.scoring.inputs}
        self._table = {spec.id: spec for spec in content.scoring.table}
        self._options = {o.id: o for o in content.scoring.options}
        self._rivals = {r.id: r for r in content.scoring.rivals}

    # -- words --------------------------------------------------------------------------

    def ui(self, key: str, values: dict[str, str] | None = None, count: int | None = None) -> str:
        """An interface string, its plural form chosen by ``count``."""
        if key in _PLURAL:
            text = self.translate.count(f"ui.{key}", count or 0)
        else:
            text = self.translate(f"ui.{key}", _TEXT[key])
        return _fill(text, values or {})

    def number(self, value: Any) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            return format_number(value, self.language)
        return str(value)

    def either(self, items: Sequence[str]) -> str:
        return format_list(list(items), style="or", locale=self.language) if items else "—"

    def both(self, items: Sequence[str]) -> str:
        return format_list(list(items), locale=self.language) if items else "—"

    def players(self, count: int) -> str:
        return self.translate.count("ui.player_count_phrase", count)

    def player_range(self, low: int, high: int) -> str:
        if low == high:
            return self.players(high)
        return _fill(self.translate.count("ui.player_range", high), {"min": self.number(low)})

    def player(self, index: int) -> str:
        """A player's name, or "Player 2" while it has none."""
        name = self.names[index] if index < len(self.names) else ""
        return name or self.ui("default_player", {"n": self.number(index + 1)})

    def input_label(self, ident: str) -> str:
        spec = self._inputs.get(ident)
        if spec is None:
            return ident
        return self.translate(f"scoring.inputs.{ident}.label", spec.label)

    def _row_where(self, ident: str, rest: Sequence[Any]) -> list[str]:
        """A rows input's row and number in words ("Row 2", "Size"), as problems.js says them."""
        spec = self._inputs.get(ident)
        if not isinstance(spec, RowsInput) or not rest or not isinstance(rest[0], int):
            return []
        found = [self.ui("calc_row", {"n": self.number(rest[0] + 1)})]
        if len(rest) >= 2:
            labels = {f.id: f.label for f in spec.fields}
            name = str(rest[1])
            context = f"scoring.inputs.{ident}.fields.{name}.label"
            found.append(self.translate(context, labels[name]) if name in labels else name)
        return found

    def _shared_where(self, loc: Sequence[Any]) -> list[str]:
        """A shared row's place in words ("Row 2", "Followers", and whose), as problems.js
        says them."""
        spec = self._table.get(str(loc[1]))
        rest = loc[2:]
        if spec is None or spec.kind != "rows" or not isinstance(rest[0], int):
            return []
        found = [self.ui("calc_row", {"n": self.number(rest[0] + 1)})]
        if len(rest) >= 2:
            name = str(rest[1])
            for part, fields in (("fields", spec.fields), ("per_player", spec.per_player)):
                label = next((f.label for f in fields if f.id == name), None)
                if label is not None:
                    context = f"scoring.table.{spec.id}.{part}.{name}.label"
                    found.append(self.translate(context, label))
        if len(rest) >= 3 and isinstance(rest[2], int):
            found.append(self.player(rest[2]))
        return found

    def option_label(self, ident: str) -> str:
        option = self._options.get(ident)
        if option is None:
            return ident
        return self.translate(f"scoring.options.{ident}.label", option.label)

    def table_label(self, ident: str) -> str:
        spec = self._table.get(ident)
        if spec is None:
            return ident
        return self.translate(f"scoring.table.{ident}.label", spec.label)

    def choice_label(self, field: PlayerInput | TableInput | Option | None, choice: str) -> str:
        if isinstance(field, TableInput):
            for found in self.content.table_choices(field):
                if found.id == choice:
                    context = (
                        f"components.{field.component}.items.{choice}.name"
                        if field.component
                        else f"scoring.table.{field.id}.choices.{choice}.label"
                    )
                    return self.translate(context, found.label)
        if isinstance(field, ChoiceInput | Option):
            kind = "inputs" if isinstance(field, ChoiceInput) else "options"
            for option in field.choices:
                if option.id == choice:
                    context = f"scoring.{kind}.{field.id}.choices.{choice}.label"
                    return self.translate(context, option.label)
        return choice

    def value(self, field: PlayerInput | TableInput | Option | None, value: Any) -> str:
        """A value given in a field, as the field shows it."""
        if isinstance(value, bool):
            return self.ui("yes" if value else "no")
        if isinstance(value, list):
            # A list of records (a rows input): each row's numbers "3 / 1 / 0".
            return ", ".join(
                " / ".join(self.number(x) for x in v.values())
                if isinstance(v, dict)
                else self.number(v)
                for v in value
            )
        if isinstance(value, str):
            return self.choice_label(field, value)
        return self.number(value)

    # -- problems -------------------------------------------------------------------------

    def _field(self, problem: Diagnostic) -> PlayerInput | TableInput | Option | None:
        loc = problem.loc
        if len(loc) >= 3 and loc[0] == "players":
            return self._inputs.get(str(loc[2]))
        if len(loc) == 2 and loc[0] == "table":
            return self._table.get(str(loc[1]))
        if len(loc) == 2 and loc[0] == "options":
            return self._options.get(str(loc[1]))
        return None

    def message(self, problem: Problem) -> str:
        """What is wrong, in the reader's words."""
        code, params = problem.code, problem.params
        if code == "constraint":
            ident = params["id"]
            declared = next(c for c in self.content.scoring.constraints if c.id == ident)
            return self.translate(f"scoring.constraints.{ident}.message", declared.message)
        field = self._field(problem)
        allowed = [self.choice_label(field, c) for c in params.get("allowed", [])]
        words = {
            k: self.number(v)
            for k, v in params.items()
            if isinstance(v, int) and not isinstance(v, bool)
        }
        words["game"] = self.content.game.names.get(self.language)
        words["allowed"] = self.either(allowed)
        if "value" in params:
            words["value"] = self.value(field, params["value"])
        if "count" in params and code in (
            "player_count",
            "option_required",
            "option_not_for_count",
            "not_for_count",
        ):
            words["given"] = self.players(params["count"])
        if "min" in params and code in ("player_count", "option_required", "option_not_for_count"):
            words["range"] = self.player_range(params["min"], params["max"])
        if code in ("names_count", "per_player_count"):
            words["table"] = self.players(params["players"])
        if code == "wrong_game":
            words["expected"] = words["game"]
        if code == "duplicate_name":
            words["name"] = str(params["name"])
        if "who" in params:
            words["who"] = self.both([self.player(i) for i in params["who"]])
        if "placed" in params:
            words["placed"] = ", ".join(self.number(v) for v in params["placed"])
        if "other" in params:
            words["other"] = self.table_label(params["other"])
        if "option" in params:
            words["option"] = self.option_label(params["option"])
        if code == "shared_total":
            component = self.content.components.by_id()[params["component"]]
            words["component"] = self.translate(f"components.{component.id}.name", component.name)
            words["inputs"] = self.both([self.input_label(i) for i in params["inputs"]])
        key = (
            "problem_not_json_at" if code == "not_json" and "line" in params else f"problem_{code}"
        )
        return self.ui(key, words, params.get("count"))

    def where(self, problem: Diagnostic) -> str:
        """The field in words: the player and the field's label (of a problem, or of the
        diagnostic :meth:`diagnostic` made of it)."""
        loc = problem.loc
        if len(loc) >= 2 and loc[0] == "players":
            who = self.player(loc[1]) if isinstance(loc[1], int) else None
            field = loc[2] if len(loc) >= 3 else None
            if problem.type == "duplicate_name" and isinstance(loc[1], int):
                # Both players bear the name: their seat tells them apart.
                return self.ui("default_player", {"n": self.number(loc[1] + 1)})
            if field == "name" or field is None:
                return who or ""
            label = ", ".join([self.input_label(str(field)), *self._row_where(str(field), loc[3:])])
            return f"{who}, {label}" if who else label
        if len(loc) >= 2 and loc[0] == "rivals":
            return self.rival_where(str(loc[1]), loc[2:])
        if len(loc) == 2 and loc[0] == "table":
            return self.table_label(str(loc[1]))
        if len(loc) >= 3 and loc[0] == "table":  # a number of a row the players share
            return ", ".join([self.table_label(str(loc[1])), *self._shared_where(loc)])
        if len(loc) == 2 and loc[0] == "options" and "option" not in problem.ctx:
            return self.option_label(str(loc[1]))  # (a message with {option} names it)
        return ""

    def rival_where(self, ident: str, rest: Sequence[Any]) -> str:
        """A rival's field in words, as its form names it: its own third-person label
        ("Regions where Seishin owns at least one building"), else its name and the
        player's label ("Seishin, Influence in region 1"); its name alone without a field."""
        rival = self._rivals.get(ident)
        if rival is None:
            return ""
        name = self.translate(f"scoring.rivals.{ident}.label", rival.label)
        if not rest:
            return name
        field = str(rest[0])
        own = next((item for item in rival.labels if item.input == field), None)
        if own is not None:
            label = self.translate(f"scoring.rivals.{ident}.labels.{field}.label", own.label)
            return ", ".join([label, *self._row_where(field, rest[1:])])
        return ", ".join([name, self.input_label(field), *self._row_where(field, rest[1:])])

    def head(self, problem: Diagnostic) -> str:
        """Where a problem is, for the terminal: ``players[0].wheat (Ana, Wheat)``."""
        where = self.where(problem)
        path = problem.path
        return f"{path} ({where})" if where and path else path or where

    def diagnostic(self, problem: Problem, file: str | None = None) -> Diagnostic:
        """The problem with its message in the reader's words, in ``file`` (the end state's)
        when there is one; a file that is not JSON has the line and column of the slip."""
        params = problem.params
        line, column = (params["line"], params["column"]) if "line" in params else (None, None)
        words = self.message(problem)
        return Diagnostic(
            problem.code, problem.loc, words, params, file, line, column, problem.severity
        )

    def line(self, problem: Problem, file: str | None = None) -> str:
        """One line for the terminal: ``players[0].wheat (Ana, Wheat): must be at most 14
        [above_max]``, as rulebook.errors prints every diagnostic."""
        return self.diagnostic(problem, file).shown(self.head(problem))
