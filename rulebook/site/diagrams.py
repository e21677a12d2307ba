"""Setup diagrams as SVG, drawn at build time from the content's declared diagrams.

The renderer knows four general kinds (schemas/diagrams.py) and nothing about any game:
a track of stops with a line of pawns, a grid of places with slots, a set of families with
counts, a mat with zones. Every number it draws is a number of the checklist for the same
table (player count and options), read through :func:`number`, so the picture and the
checklist agree by construction; the tests parse the SVG and compare anyway.

The pictures are plain SVG: text as ``<text>`` (found by search, read by the print, sized
by the reader's zoom), ``role="img"`` with a translated ``<title>`` and a ``<desc>`` that
says the numbers too, colour never the only sign (a slot in use says so in words, a free
one is dashed), ``currentColor`` so dark mode and print follow. Every picture is 340 units
wide and scales to its column, so it fits a 360 px phone; labels are wrapped to their box
by an estimate of their width.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from rulebook.i18n.typography import typeset
from schemas.diagrams import (
    Count,
    Diagram,
    FamiliesDiagram,
    MatDiagram,
    SlotRow,
    SlotsDiagram,
    Space,
    SpaceKind,
    StepNumber,
    TrackDiagram,
)
from schemas.game import GameContent
from scorer.interpret import table_function

#: Width of every picture, in SVG units (about CSS pixels on a phone).
WIDTH = 340
#: Font size of labels; headings are larger.
FONT = 13
LINE = 17
#: Average advance of one character, as a share of the font size (Latin and Cyrillic
#: sans-serif text; a little generous, so an estimate that errs leaves room).
CHAR = 0.6

#: Looks a text up: (catalog context, source text) -> (words, their language).
Words = Callable[[str, str], tuple[str, str]]

#: Characters an attribute value writes as references, so that no reader folds them.
_ATTRIBUTE_REFERENCES = str.maketrans({"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})


def _escape(text: str) -> str:
    """Text inside an SVG element: ``&``, ``<`` and ``>`` as entities."""
    return html.escape(text, quote=False)


def _attribute(value: str) -> str:
    """An SVG attribute value with its quotes: double ones, or single ones around a value
    holding a double quote and no single one (else its double quotes as ``&quot;``); the
    way XML's own writer (xml.sax.saxutils.quoteattr) puts it, without importing that
    module's URL and mail machinery into every build."""
    text = _escape(value).translate(_ATTRIBUTE_REFERENCES)
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace('"', "&quot;") + '"'


# ------------------------------------------------------------------------------------------
# Numbers: what the checklist says for this table
# ------------------------------------------------------------------------------------------


def _holds(node: object, options: dict[str, Any], players: int, label: str) -> bool:
    return node is None or bool(table_function(node, label)(options, {}, {}, players))


def number(
    content: GameContent, count: Count | None, players: int, options: dict[str, Any]
) -> int | None:
    """The number ``count`` stands for at this table: written, or the checklist's."""
    if count is None or isinstance(count, int):
        return count
    assert isinstance(count, StepNumber)
    steps = {s.id: s for s in content.setup.steps}
    for step_id in count.steps:
        step = steps[step_id]
        if not _holds(step.when, options, players, f"setup.steps.{step_id}.when"):
            continue
        if count.value is not None:
            node: object = step.values[count.value]
        else:
            assert step.deal is not None
            node = step.deal.per_player if step.deal.per_player is not None else step.deal.to_table
        found = int(table_function(node, f"setup.steps.{step_id}")(options, {}, {}, players))
        found = max(found - count.skip, 0)
        return found if count.most is None else min(found, count.most)
    return 0


def seat_numbers(
    content: GameContent, steps: list[str], players: int, options: dict[str, Any]
) -> list[int] | None:
    """Each seat's number from the first of ``steps`` in play, first to leave first."""
    by_id = {s.id: s for s in content.setup.steps}
    for step_id in steps:
        step = by_id[step_id]
        if step.per_seat and _holds(step.when, options, players, f"setup.steps.{step_id}.when"):
            return [step.per_seat[min(i, len(step.per_seat) - 1)] for i in range(players)]
    return None


def applies(diagram: Diagram, players: int, options: dict[str, Any]) -> bool:
    """Whether the picture is for this table."""
    return _holds(diagram.when, options, players, f"setup.diagrams.{diagram.id}.when")


# ------------------------------------------------------------------------------------------
# Text
# ------------------------------------------------------------------------------------------


def text_width(text: str, size: float = FONT) -> float:
    """An estimate of the width ``text`` takes at ``size``."""
    return len(text) * size * CHAR


def wrap(text: str, width: float, size: float = FONT) -> list[str]:
    """``text`` in lines no wider than ``width`` (a word longer than that stands alone)."""
    lines: list[str] = []
    current = ""
    # Split at plain spaces only: a no-break space (French "; ") keeps its words together.
    for word in text.split(" "):
        if not word:
            continue
        candidate = f"{current} {word}".strip()
        if current and text_width(candidate, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    return [*lines, current] if current else lines


@dataclass
class _Canvas:
    """SVG elements being written, and the words said (for ``<desc>``)."""

    parts: list[str] = field(default_factory=list)
    said: list[str] = field(default_factory=list)

    def text(
        self,
        x: float,
        y: float,
        words: str,
        width: float,
        *,
        size: float = FONT,
        anchor: str = "start",
        bold: bool = False,
        lang: str | None = None,
        data: dict[str, str] | None = None,
    ) -> float:
        """Write ``words`` wrapped to ``width`` from baseline ``y``; the height used."""
        lines = wrap(words, width, size)
        attrs = f' x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}"'
        attrs += ' font-weight="bold"' if bold else ""
        attrs += f" lang={_attribute(lang)}" if lang else ""
        for key, value in (data or {}).items():
            attrs += f" data-{key}={_attribute(value)}"
        spans = "".join(
            f'<tspan x="{x:g}" dy="{0 if i == 0 else size * 1.3:g}">{_escape(line)}</tspan>'
            for i, line in enumerate(lines)
        )
        self.parts.append(f'<text fill="currentColor"{attrs}>{spans}</text>')
        return size * 1.3 * len(lines)

    def box(
        self, x: float, y: float, w: float, h: float, *, dashed: bool = False, shade: bool = False
    ) -> None:
        dash = ' stroke-dasharray="5 4"' if dashed else ""
        fill = ' fill="currentColor" fill-opacity="0.12"' if shade else ' fill="none"'
        self.parts.append(
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6"'
            f' stroke="currentColor" stroke-width="1.5"{fill}{dash}/>'
        )

    def raw(self, element: str) -> None:
        self.parts.append(element)


# ------------------------------------------------------------------------------------------
# The four kinds
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """The table a picture is drawn for."""

    content: GameContent
    players: int
    options: dict[str, Any]
    words: Words

    def number(self, count: Count | None) -> int | None:
        return number(self.content, count, self.players, self.options)

    def say(self, context: str, source: str) -> tuple[str, str]:
        return self.words(context, source)


def _pawns(d: TrackDiagram, t: Table, c: _Canvas, base: str, y: float) -> float:
    """The pawns in a column, first to leave at the top: each with its number, a place for
    the name of the player it is at a generated table (``data-name-slot``, filled in by
    the browser, empty here) and its seat's number; a pawn nobody plays is dashed, with
    its label beside it."""
    assert d.pawns is not None
    pawns = d.pawns
    players = t.number(pawns.count) or 0
    extra = t.number(pawns.extra) or 0
    seats = seat_numbers(t.content, pawns.seat_steps, players, t.options)
    legend, lang = t.say(f"{base}.pawns.legend", pawns.legend)
    y += c.text(12, y + FONT, legend, WIDTH - 24, lang=lang)
    c.said.append(f"{legend.rstrip('.')}: {', '.join(str(n) for n in range(1, players + 1))}")
    # The name runs from beside the pawn to the seat's number (or the edge).
    name_width = WIDTH - 50 - (56 if seats is not None else 12)
    c.raw(f'<g data-pawns="{players}" data-extra="{extra}">')
    for i in range(players + extra):
        cy = y + 8 + PAWN_ROW * i + PAWN_ROW / 2
        neutral = i >= players
        dash = ' stroke-dasharray="4 3"' if neutral else ""
        c.raw(
            f'<circle cx="27" cy="{cy:g}" r="14" fill="none" stroke="currentColor"'
            f' stroke-width="2"{dash} data-pawn="{"extra" if neutral else i + 1}"/>'
        )
        if neutral:
            continue
        c.text(27, cy + 5, str(i + 1), 28, anchor="middle", bold=True)
        c.raw(
            f'<text fill="currentColor" x="50" y="{cy + 5:g}" font-size="{FONT}"'
            f' data-name-slot="{i}" data-width="{name_width:g}"></text>'
        )
        if seats is not None:
            shown = f"{seats[i]:+d}".replace("-", "−") if seats[i] else "0"
            c.text(WIDTH - 16, cy + 5, shown, 48, anchor="end", data={"seat": str(i + 1)})
    c.raw("</g>")
    y += 8 + PAWN_ROW * players
    if extra and pawns.extra_label:
        label, lang = t.say(f"{base}.pawns.extra_label", pawns.extra_label)
        # Beside the dashed pawn: its first line level with the pawn's centre.
        used = c.text(50, y + PAWN_ROW / 2 + 5, label, WIDTH - 62, lang=lang)
        y += max(PAWN_ROW * extra, used + 14)
        c.said.append(label)
    if seats is not None and pawns.seat_label:
        label, lang = t.say(f"{base}.pawns.seat_label", pawns.seat_label)
        y += 6 + c.text(12, y + 6 + FONT, label, WIDTH - 24, lang=lang)
        c.said.append(f"{label}: {', '.join(str(s) for s in seats)}")
    return y


#: The height of one pawn's row in a line of pawns.
PAWN_ROW = 34


def _track(d: TrackDiagram, t: Table, c: _Canvas, base: str) -> float:
    y = 8.0
    if d.pawns is not None:
        y = _pawns(d, t, c, base, y) + 14
    stops = list(d.stops)
    reverse = d.reverse_when is not None and _holds(
        d.reverse_when, t.options, t.players, f"{base}.reverse_when"
    )
    legs = [list(leg) for leg in d.legs]
    if reverse:
        stops.reverse()
        legs = [leg[::-1] for leg in reversed(legs)]
    top = y + 10
    gap = 34 + (LEG_ROW if legs else 0)
    c.raw(
        f'<line x1="24" y1="{top:g}" x2="24" y2="{top + gap * (len(stops) - 1):g}"'
        ' stroke="currentColor" stroke-width="3"/>'
    )
    c.raw(f'<g data-stops="{len(stops)}">')
    names = []
    for i, stop in enumerate(stops):
        cy = top + gap * i
        ends = i in (0, len(stops) - 1)
        c.raw(
            f'<circle cx="24" cy="{cy:g}" r="{9 if ends else 7}" stroke="currentColor"'
            f' stroke-width="2" fill="{"currentColor" if ends else "none"}"'
            f" data-stop={_attribute(stop.id)}/>"
        )
        label, lang = t.say(f"{base}.stops.{stop.id}.label", stop.label)
        names.append(label)
        c.text(44, cy + 5, label, WIDTH - 56, lang=lang, bold=ends)
    c.raw("</g>")
    if not legs:
        c.said.append(" → ".join(names))
        return top + gap * (len(stops) - 1) + 20
    used = d.doubles_step is not None and _step_applies(t, d.doubles_step)
    kinds = {k.id: k for k in d.kinds}
    for i, leg in enumerate(legs):
        _leg(c, t, base, kinds, leg, top + gap * i + 16, used, i + 1)
        spaces = [
            t.say(f"{base}.kinds.{s.kind}.label", kinds[s.kind].label)[0]
            + (" ×2" if s.double else "")
            for s in leg
        ]
        c.said.append(f"{names[i]} → {names[i + 1]}: {', '.join(spaces)}")
    return _kinds_legend(d, t, c, base, top + gap * (len(stops) - 1) + 24, used)


#: The height a leg's row of spaces adds between two stops.
LEG_ROW = 40


def _step_applies(t: Table, step_id: str) -> bool:
    """Whether the setup step ``step_id`` is in this table's checklist."""
    step = next(s for s in t.content.setup.steps if s.id == step_id)
    return _holds(step.when, t.options, t.players, f"setup.steps.{step_id}.when")


def _mark(c: _Canvas, t: Table, base: str, kind: SpaceKind, x: float, y: float, w: float) -> None:
    """A space's box with its kind's mark, sized to fit the box."""
    mark, lang = t.say(f"{base}.kinds.{kind.id}.mark", kind.mark)
    c.raw(
        f'<rect x="{x:g}" y="{y:g}" width="{w - 2:g}" height="20" rx="3" fill="none"'
        f' stroke="currentColor" stroke-width="1.2" data-space={_attribute(kind.id)}/>'
    )
    size = min(10.0, (w - 4) / max(len(mark) * CHAR, 1))
    c.text(x + (w - 2) / 2, y + 14, mark, w, size=size, anchor="middle", lang=lang)


def _second_place(c: _Canvas, x: float, y: float, w: float, used: bool) -> None:
    """The second place of a double space: drawn in use, or dashed and struck out."""
    if used:
        c.raw(
            f'<rect x="{x:g}" y="{y:g}" width="{w - 2:g}" height="9" rx="2" fill="currentColor"'
            ' fill-opacity="0.35" stroke="currentColor" stroke-width="1" data-second="used"/>'
        )
        return
    c.raw(
        f'<rect x="{x:g}" y="{y:g}" width="{w - 2:g}" height="9" rx="2" fill="none"'
        ' stroke="currentColor" stroke-width="1" stroke-dasharray="3 2" data-second="unused"/>'
        f'<line x1="{x:g}" y1="{y + 9:g}" x2="{x + w - 2:g}" y2="{y:g}" stroke="currentColor"'
        ' stroke-width="1"/>'
    )


def _leg(
    c: _Canvas,
    t: Table,
    base: str,
    kinds: dict[str, SpaceKind],
    leg: list[Space],
    y: float,
    used: bool,
    number: int,
) -> None:
    """One leg's spaces in a row under its first stop, in travel order."""
    w = min(26.0, (WIDTH - 48) / max(len(leg), 1))
    doubles = sum(s.double for s in leg)
    c.raw(
        f'<g data-leg="{number}" data-spaces="{len(leg)}" data-doubles="{doubles}"'
        f' data-doubles-used="{str(used).lower()}">'
    )
    for k, space in enumerate(leg):
        x = 44 + w * k
        _mark(c, t, base, kinds[space.kind], x, y, w)
        if space.double:
            _second_place(c, x, y + 22, w, used)
    c.raw("</g>")


def _kinds_legend(d: TrackDiagram, t: Table, c: _Canvas, base: str, y: float, used: bool) -> float:
    """What each mark stands for, and what a second place in use (or not) looks like."""
    assert d.kinds_label and d.double_used_label and d.double_unused_label
    label, lang = t.say(f"{base}.kinds_label", d.kinds_label)
    y += c.text(12, y + FONT, label, WIDTH - 24, lang=lang, bold=True)
    half = (WIDTH - 24) / 2
    rows = (len(d.kinds) + 1) // 2
    names = [t.say(f"{base}.kinds.{k.id}.label", k.label) for k in d.kinds]
    # Two columns, filled down; a row is as tall as its longer name once wrapped.
    heights = [
        max(
            26.0,
            *(
                len(wrap(names[k][0], half - 40)) * FONT * 1.3 + 8
                for k in (r, r + rows)
                if k < len(names)
            ),
        )
        for r in range(rows)
    ]
    for k, kind in enumerate(d.kinds):
        x = 12 + half * (k // rows)
        ky = y + 6 + sum(heights[: k % rows])
        _mark(c, t, base, kind, x, ky, 30)
        name, lang = names[k]
        c.text(x + 36, ky + 14, name, half - 40, lang=lang)
    y += 10 + sum(heights)
    which = d.double_used_label if used else d.double_unused_label
    key = "double_used_label" if used else "double_unused_label"
    words, lang = t.say(f"{base}.{key}", which)
    _second_place(c, 12, y + 4, 30, used)
    y += c.text(48, y + 12, words, WIDTH - 60, lang=lang) + 8
    c.said.append(words)
    return y + 6


def _slots(d: SlotsDiagram, t: Table, c: _Canvas, base: str) -> float:
    used_word, used_lang = t.say(f"{base}.used_label", d.used_label)
    free_word, free_lang = t.say(f"{base}.free_label", d.free_label)
    per_row = 2
    w = (WIDTH - 12 * (per_row + 1)) / per_row
    rows = [(row, t.number(row.fill) if row.fill is not None else len(row.at)) for row in d.rows]
    y = 8.0
    said = []
    for start in range(0, len(d.columns), per_row):
        block: list[tuple[float, list[str]]] = []
        height = 0.0
        group = list(enumerate(d.columns, start=1))[start : start + per_row]
        for k, (column, source) in enumerate(group):
            x = 12 + k * (w + 12)
            inner = _Canvas()
            label, lang = t.say(f"{base}.columns.{column}", source)
            h = 8 + inner.text(x + 10, y + 8 + FONT, label, w - 20, bold=True, lang=lang)
            for row, fill in rows:
                if column not in row.at:
                    continue
                used = row.at.index(column) < (fill or 0)
                name, nlang = t.say(f"{base}.rows.{row.id}.label", row.label)
                top = y + h + 6
                inner.box(x + 10, top, 14, 14, dashed=not used, shade=used)
                if used:
                    inner.raw(
                        f'<path d="M{x + 13:g} {top + 7:g}l3 4 6-8" fill="none"'
                        ' stroke="currentColor" stroke-width="2"/>'
                    )
                state = f"{name} — {used_word if used else free_word}"
                data = {"slot": row.id, "used": "true" if used else "false"}
                dealt = _dealt(t, row, row.at.index(column)) if used else None
                room = 0
                if dealt is not None:
                    # The browser writes the item drawn for this slot in place of "in use":
                    # room is kept for the longest name the deal can draw.
                    step, index, names = dealt
                    data |= {"deal": step, "deal-index": str(index), "label": name, "column": label}
                    data["width"] = f"{w - 40:g}"
                    room = max(len(wrap(f"{name} — {n}", w - 40)) for n in names)
                    room = max(room - len(wrap(state, w - 40)), 0)
                h += 6 + inner.text(
                    x + 30,
                    top + 11,
                    state,
                    w - 40,
                    lang=nlang if nlang == (used_lang if used else free_lang) else None,
                    data=data,
                )
                h += room * FONT * 1.3
                said.append(f"{label}: {state}")
            block.append((x, inner.parts))
            height = max(height, h + 10)
        for x, parts in block:
            c.box(x, y, w, height)
            c.parts.extend(parts)
        y += height + 12
    c.said.extend(said)
    return y


def _dealt(t: Table, row: SlotRow, position: int) -> tuple[str, int, list[str]] | None:
    """When the slots of ``row`` are filled by a deal: the step dealing, the index of the
    item the slot at ``position`` (in ``at`` order) takes, and every name it may draw."""
    count = row.fill
    if not isinstance(count, StepNumber) or count.value is not None:
        return None
    steps = {s.id: s for s in t.content.setup.steps}
    for step in (steps[i] for i in count.steps):
        if step.deal is not None and _step_applies(t, step.id):
            component = t.content.components.by_id()[step.deal.component]
            names = [
                t.say(f"components.{component.id}.items.{i.id}.name", i.name)[0]
                for i in component.items or []
            ]
            return step.id, position + count.skip, names or [""]
    return None


def _family_names(d: FamiliesDiagram, t: Table) -> list[tuple[str, str, str]]:
    """(item id, name, language) of each family, when a step draws those left out."""
    if d.drawn_out is None:
        return []
    step = next(s for s in t.content.setup.steps if s.id == d.drawn_out)
    assert step.deal is not None
    component = t.content.components.by_id()[step.deal.component]
    found = []
    for item in component.items or []:
        name, lang = t.say(f"components.{component.id}.items.{item.id}.name", item.name)
        found.append((item.id, name, lang))
    return found


def _family_box(
    c: _Canvas, x: float, top: float, w: float, playing: bool, each: int, word: tuple[str, str]
) -> None:
    """One family's box: shaded with its cards when in play, dashed when in the box."""
    c.box(x, top, w, 78, dashed=not playing, shade=playing)
    if playing:
        c.text(x + w / 2, top + 44, str(each), w - 8, size=22, anchor="middle", bold=True,
               data={"cards": str(each)})  # fmt: skip
    c.text(x + w / 2, top + (66 if playing else 48), word[0], w - 8, anchor="middle",
           lang=word[1], data={"family": "in" if playing else "out"})  # fmt: skip


def _families(d: FamiliesDiagram, t: Table, c: _Canvas, base: str) -> float:
    total = t.number(d.total) or 0
    in_play = min(t.number(d.in_play) or 0, total)
    each = t.number(d.each) or 0
    cards = t.number(d.cards) or 0
    play = t.say(f"{base}.in_play_label", d.in_play_label)
    out = t.say(f"{base}.out_label", d.out_label)
    names = _family_names(d, t)
    per_row = 3
    w = (WIDTH - 12 * (per_row + 1)) / per_row
    h = 78.0
    y = 8.0
    drawn = f" data-drawn-out={_attribute(d.drawn_out)}" if d.drawn_out else ""
    c.raw(f'<g data-families="{total}" data-in-play="{in_play}"{drawn}>')
    for i in range(total):
        x = 12 + (i % per_row) * (w + 12)
        top = y + (i // per_row) * (h + 12)
        playing = i < in_play
        if i >= len(names):
            _family_box(c, x, top, w, playing, each, play if playing else out)
            continue
        # Which families a table plays is drawn: this picture, for every table, shows how
        # many; the browser names each and shows the drawn ones out (both states are drawn,
        # the other one hidden, with the family's name).
        ident, name, lang = names[i]
        c.raw(f"<g data-family-box={_attribute(ident)}>")
        for state in (True, False):
            hidden = "" if state == playing else ' display="none"'
            c.raw(f'<g data-state="{"in" if state else "out"}"{hidden}>')
            inner = _Canvas()
            _family_box(inner, x, top, w, state, each, play if state else out)
            if state != playing:  # not counted as this picture's
                inner.parts = [p.replace("data-family=", "data-family-alt=") for p in inner.parts]
            c.parts.extend(inner.parts)
            c.raw("</g>")
        c.raw('<g data-family-name="" display="none">')
        c.text(x + w / 2, top + 18, name, w - 8, size=11, anchor="middle", bold=True, lang=lang)
        c.raw("</g></g>")
    c.raw("</g>")
    y += ((total + per_row - 1) // per_row) * (h + 12)
    label, lang = t.say(f"{base}.cards_label", d.cards_label)
    y += c.text(
        12,
        y + FONT,
        f"{label} {cards}",
        WIDTH - 24,
        lang=lang,
        bold=True,
        data={"total-cards": str(cards)},
    )
    c.said.append(f"{play[0]}: {in_play} × {each}; {out[0]}: {total - in_play}; {label} {cards}")
    return y + 10


#: A link of content Markdown (``[text](term:id)``): its words only, in a picture.
_LINK = re.compile(r"\[([^\]]*)\]\((?:term|rule):[^)]*\)")


def plain(text: str) -> str:
    """Content Markdown-lite as plain words (links and emphasis marks dropped)."""
    return _LINK.sub(r"\1", text).replace("**", "").replace("*", "")


def _table_zones(d: MatDiagram, t: Table) -> list[tuple[str, str, str, int | None]]:
    """(id, context, source label, number) of each row of the rules table ``table_from``."""
    if d.table_from is None:
        return []
    rules = t.content.rules
    section = next((s for s in rules.walk() if s.id == d.table_from), None) if rules else None
    if section is None or section.table is None:
        raise ValueError(f"diagram {d.id!r}: table_from {d.table_from!r} is no rules table")
    found = []
    for row in section.table.rows:
        first = row.cells[0].strip()
        context = f"rules.{section.id}.table.rows.{row.id}.2"
        found.append((row.id, context, row.cells[1], int(first) if first.isdigit() else None))
    return found


def _mat(d: MatDiagram, t: Table, c: _Canvas, base: str) -> float:
    per_row = d.columns
    w = (WIDTH - 12 * (per_row + 1)) / per_row
    y = 8.0
    zones: list[Any] = [*d.zones, *_table_zones(d, t)]
    for start in range(0, len(zones), per_row):
        block: list[tuple[float, _Canvas]] = []
        height = 0.0
        for k, zone in enumerate(zones[start : start + per_row]):
            x = 12 + k * (w + 12)
            inner = _Canvas()
            if isinstance(zone, tuple):  # a row of a rules table: its number, then its words
                ident, context, source, value = zone
                label, lang = t.say(context, source)
                label, note = plain(label), None
            else:
                ident, value, note = zone.id, t.number(zone.value), zone.note
                label, lang = t.say(f"{base}.zones.{zone.id}.label", zone.label)
            h = 8.0
            said = label
            if value is not None:
                h += (
                    inner.text(
                        x + 10,
                        y + 32,
                        str(value),
                        w - 20,
                        size=24,
                        bold=True,
                        data={"zone": ident, "value": str(value)},
                    )
                    + 4
                )
                said = f"{value}: {label}"
            h += inner.text(x + 10, y + h + FONT, label, w - 20, bold=value is None, lang=lang)
            if note is not None:
                note, nlang = t.say(f"{base}.zones.{ident}.note", note)
                h += 4 + inner.text(x + 10, y + h + FONT + 4, note, w - 20, lang=nlang)
                said += f" ({note})"
            inner.said.append(said)
            block.append((x, inner))
            height = max(height, h + 12)
        for x, inner in block:
            c.box(x, y, w, height)
            c.parts.extend(inner.parts)
            c.said.extend(inner.said)
        y += height + 12
    return y


_KINDS: dict[type, Callable[[Any, Table, _Canvas, str], float]] = {
    TrackDiagram: _track,
    SlotsDiagram: _slots,
    FamiliesDiagram: _families,
    MatDiagram: _mat,
}


def draw(diagram: Diagram, table: Table, ident: str) -> str:
    """The picture as one SVG element; ``ident`` makes its ids unique on the page."""
    base = f"setup.diagrams.{diagram.id}"
    canvas = _Canvas()
    height = _KINDS[type(diagram)](diagram, table, canvas, base)
    title, title_lang = table.say(f"{base}.title", diagram.title)
    desc, desc_lang = table.say(f"{base}.desc", diagram.desc)
    # The sentences put together here (a label, a colon and a list) take the typography of
    # the language they are in, as every text the site composes does.
    summary = typeset(" ".join([desc, *(f"{s.rstrip('.')}." for s in canvas.said)]), desc_lang)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rb-diagram-svg" role="img"'
        f' viewBox="0 0 {WIDTH} {height:g}" width="100%"'
        f' aria-labelledby="{ident}-title {ident}-desc" data-diagram={_attribute(diagram.id)}'
        f' data-kind="{diagram.kind}" data-players="{table.players}"'
        ' font-family="system-ui, sans-serif">'
        f'<title id="{ident}-title" lang={_attribute(title_lang)}>{_escape(title)}</title>'
        f'<desc id="{ident}-desc" lang={_attribute(desc_lang)}>{_escape(summary)}</desc>'
        + "".join(canvas.parts)
        + "</svg>"
    )


def legality(content: GameContent) -> Callable[[int, dict[str, Any]], bool]:
    """Whether a table (count, options) is one the rules allow (what ``setup`` and ``score``
    accept): no picture is drawn of another. The game's rules are read once."""
    from scorer.legality import (
        option_rule_problems,
        option_rules,
        option_whens,
        unused_option_problems,
    )

    counts = content.game.players.values()
    defaults = content.option_defaults()
    rules, whens = option_rules(content), option_whens(content)

    def legal(players: int, options: dict[str, Any]) -> bool:
        return not option_rule_problems(
            rules, counts, options, players
        ) and not unused_option_problems(whens, defaults, options, players)

    return legal


def tables(content: GameContent) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every player count with the default options (an option the count requires turned on,
    as an expansion a count needs), then with each flag option turned the other way where that
    is a legal table (what the setup page shows, for reading ahead)."""
    defaults = content.option_defaults()
    legal = legality(content)
    for players in range(content.game.players.min, content.game.players.max + 1):
        base = {**defaults, **dict.fromkeys(_required(content, players), True)}
        if legal(players, base):
            yield players, base
        for option in content.scoring.options:
            if option.kind != "flag" or option.id in _required(content, players):
                continue
            changed = {**base, option.id: not base[option.id]}
            if legal(players, changed):
                yield players, changed


def _required(content: GameContent, players: int) -> set[str]:
    """The options the rules require at ``players``."""
    return {
        o.id
        for o in content.scoring.options
        if o.players is not None and players in o.players.required
    }


def every_table(content: GameContent) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every legal table: each player count with each combination of option values."""
    import itertools

    choices = [
        [(o.id, v) for v in ([False, True] if o.kind == "flag" else [c.id for c in o.choices])]
        for o in content.scoring.options
    ]
    legal = legality(content)
    for combination in itertools.product(*choices):
        options = dict(combination)
        for players in content.game.players.values():
            if legal(players, options):
                yield players, options


def signature(diagram: Diagram, content: GameContent) -> Callable[[int, dict[str, Any]], str]:
    """All that the drawing of ``diagram`` reads of a table (count, options): the conditions
    it tests and every number of the checklist it shows. Two tables with the same signature
    are drawn alike, so a build draws each signature once. The expressions are compiled
    once, here."""

    def compiled(node: object, label: str) -> Callable[..., Any] | None:
        return None if node is None else table_function(node, label)

    tests = [
        compiled(diagram.when, "when"),
        compiled(getattr(diagram, "reverse_when", None), "reverse_when"),
    ]
    steps = {s.id: s for s in content.setup.steps}
    read: list[tuple[Callable[..., Any] | None, list[tuple[str, Callable[..., Any]]], bool]] = []
    for step_id in _steps_read(diagram):
        step = steps[step_id]
        base = f"setup.steps.{step_id}"
        nodes: dict[str, object] = dict(step.values)
        if step.deal is not None:
            deal = step.deal
            nodes["deal"] = deal.per_player if deal.per_player is not None else deal.to_table
        numbers = [(k, table_function(v, f"{base}.{k}")) for k, v in nodes.items()]
        read.append((compiled(step.when, f"{base}.when"), numbers, bool(step.per_seat)))

    def sign(players: int, options: dict[str, Any]) -> str:
        found: list[object] = [t is None or bool(t(options, {}, {}, players)) for t in tests]
        for when, numbers, per_seat in read:
            if when is not None and not when(options, {}, {}, players):
                found.append(None)
                continue
            found.append([(k, f(options, {}, {}, players)) for k, f in numbers])
            found.append(players if per_seat else None)
        return repr(found)

    return sign


def _steps_read(diagram: Diagram) -> list[str]:
    """The ids of the setup steps a diagram's drawing reads."""
    found: list[str] = []
    counts: list[object] = []
    pawns = getattr(diagram, "pawns", None)
    if pawns is not None:
        counts += [pawns.count, pawns.extra]
        found += pawns.seat_steps
    counts += [getattr(diagram, name, None) for name in ("total", "in_play", "each", "cards")]
    counts += [row.fill for row in getattr(diagram, "rows", [])]
    counts += [zone.value for zone in getattr(diagram, "zones", [])]
    for count in counts:
        if isinstance(count, StepNumber):
            found += count.steps
    found += [s for s in (getattr(diagram, "doubles_step", None),) if s is not None]
    return found
