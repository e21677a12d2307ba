"""Setup pictures: the numbers drawn equal the checklist's, for every table; accessible SVG.

Each picture is parsed as XML and read the way a player reads it (pawns, slots in use,
families in play, numbers in zones); what it shows is compared with ``make_setup`` for the
same player count and options: every count of every game, with every option set.
"""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from rulebook.i18n.runtime import translator
from rulebook.site.diagrams import WIDTH, Table, applies, draw, every_table, tables, text_width
from rulebook.site.localize import Localizer
from rulebook.site.models.setup import key_value, setup_model
from rulebook.site.view import GameBuild, LocalGame
from schemas.game import GameContent
from scorer.setup import SetupError, SetupResult, make_setup

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[3]


def _option_sets(content: GameContent) -> list[dict[str, Any]]:
    choices = []
    for option in content.scoring.options:
        values = [False, True] if option.kind == "flag" else [c.id for c in option.choices]
        choices.append([(option.id, v) for v in values])
    return [dict(combo) for combo in itertools.product(*choices)] if choices else [{}]


def _source(context: str, text: str) -> tuple[str, str]:
    return text, "fr"


def _tables(content: GameContent) -> list[tuple[int, dict[str, Any], SetupResult]]:
    """Every legal table of the game, with the checklist the generator makes for it."""
    found = []
    for options in _option_sets(content):
        for players in content.game.players.values():
            try:
                found.append((players, options, make_setup(content, players, "s", None, options)))
            except SetupError:
                continue
    return found


def _pictures(content: GameContent, players: int, options: dict[str, Any]) -> dict[str, Any]:
    return {
        d.id: ET.fromstring(draw(d, Table(content, players, options, _source), f"t-{d.id}"))
        for d in content.setup.diagrams
        if applies(d, players, options)
    }


def _step(result: SetupResult, step_id: str) -> Any:
    return next((s for s in result.steps if s.id == step_id), None)


def _texts(svg: Any, **data: str) -> list[str]:
    """The words of the <text> elements whose data-* attributes match."""
    found = []
    for text in svg.iter(f"{SVG}text"):
        if all(text.get(f"data-{k}") == v for k, v in data.items()):
            found.append("".join(text.itertext()))
    return found


#: The pictures each game of the first five draws; a game added later needs at least one.
KNOWN_PICTURES = {
    "momiji": ["families"],
    "nile": ["mat"],
    "river_of_gold": ["slots"],
    "tokaido": ["track"],
    "viticulture": ["mat", "mat"],
}


def test_every_game_declares_its_pictures(games: dict[str, GameContent]) -> None:
    kinds = {g: sorted(d.kind for d in c.setup.diagrams) for g, c in games.items()}
    assert [g for g, drawn in kinds.items() if not drawn] == []
    assert {g: kinds.get(g) for g in KNOWN_PICTURES} == KNOWN_PICTURES


def test_tokaido_line_up_and_road_follow_the_table(games: dict[str, GameContent]) -> None:
    content = games["tokaido"]
    for players, options, result in _tables(content):
        svg = _pictures(content, players, options)["road"]
        pawns = [c for c in svg.iter(f"{SVG}circle") if c.get("data-pawn")]
        seated = [c for c in pawns if c.get("data-pawn") != "extra"]
        assert len(seated) == len(result.players)
        neutral = _step(result, "neutral_traveller") is not None
        assert len(pawns) - len(seated) == (1 if neutral else 0), (players, options)
        # The coins of the Preparation variant, first to leave first, as the checklist says.
        seats = [s for s in result.steps if s.per_seat]
        shown = [
            int(t.replace("−", "-").replace("+", ""))
            for i in range(1, players + 1)
            for t in _texts(svg, seat=str(i))
        ]
        if seats:
            assert shown == [seats[0].per_seat[name] for name in result.turn_order]
        else:
            assert shown == []
        stops = [c.get("data-stop") for c in svg.iter(f"{SVG}circle") if c.get("data-stop")]
        start = "edo" if options.get("reverse") else "kyoto"
        # Kyoto, the three intermediate inns, Edo: four meals at most, as the rules say.
        assert stops[0] == start and len(stops) == 5
        # Between two inns, every space of the board in travel order, 50 in all; the double
        # spaces' second places are in play exactly where the checklist says so.
        legs = [g for g in svg.iter(f"{SVG}g") if g.get("data-leg")]
        spaces = [int(g.get("data-spaces")) for g in legs]
        assert spaces == ([12, 13, 12, 13] if options.get("reverse") else [13, 12, 13, 12])
        doubles_used = _step(result, "double_spaces_used") is not None
        assert doubles_used == (_step(result, "double_spaces_unused") is None)
        seconds = [r.get("data-second") for r in svg.iter(f"{SVG}rect") if r.get("data-second")]
        doubles = sum(int(g.get("data-doubles")) for g in legs)
        # One second place per double space, plus the legend's example.
        assert len(seconds) == doubles + 1 and doubles == 24
        assert set(seconds) == {"used" if doubles_used else "unused"}, players
        # The first row is the leg that starts the journey, read in the direction of travel.
        road = next(d for d in content.setup.diagrams if d.id == "road")
        declared = [s.kind for s in road.legs[0]]
        if options.get("reverse"):
            declared = [s.kind for s in road.legs[-1]][::-1]
        first = [r.get("data-space") for r in legs[0].iter(f"{SVG}rect") if r.get("data-space")]
        assert first == declared


def test_river_of_gold_slots_in_use_are_the_dealt_items(games: dict[str, GameContent]) -> None:
    content = games["river_of_gold"]
    for players, options, result in _tables(content):
        svg = _pictures(content, players, options)["regions"]

        def used(row: str, svg: Any = svg) -> int:
            return sum(
                1
                for t in svg.iter(f"{SVG}text")
                if t.get("data-slot") == row and t.get("data-used") == "true"
            )

        assert used("scoring_tile") == len(_step(result, "scoring_tiles").table)
        assert used("market") == len(_step(result, "imperial_markets").table)
        buildings = [s for s in result.steps if s.id.startswith("starting_buildings_") and s.table]
        dealt = len(buildings[0].table) if buildings else 0
        assert used("building_two_three") + used("building_two") == dealt, players
        # Slots not in use say so in words, not by colour alone.
        assert all(
            t.get("data-used") == "true" or "libre" in "".join(t.itertext())
            for t in svg.iter(f"{SVG}text")
            if t.get("data-slot")
        )


def test_momiji_families_in_play_match_the_checklist(games: dict[str, GameContent]) -> None:
    content = games["momiji"]
    for players, options, result in _tables(content):
        svg = _pictures(content, players, options)["families"]
        families = _step(result, "number_families").values["families"]
        assert len(_texts(svg, family="in")) == families
        removed = _step(result, "remove_families")
        assert len(_texts(svg, family="out")) == (len(removed.table) if removed else 0)
        assert _texts(svg, **{"total-cards": str(_step(result, "deal_hands").values["cards"])})


def test_nile_and_viticulture_zones_say_the_checklist_numbers(
    games: dict[str, GameContent],
) -> None:
    nile = games["nile"]
    for players, options, result in _tables(nile):
        svg = _pictures(nile, players, options)["table"]
        assert _texts(svg, zone="hand") == [str(_step(result, "deal_hands").values["cards"])]
        assert _texts(svg, zone="passes") == [str(_step(result, "passes").values["passes"])]
    viticulture = games["viticulture"]
    rules = viticulture.rules
    assert rules is not None
    spring = next(s for s in rules.walk() if s.id == "spring")
    assert spring.table is not None
    for players, options, _ in _tables(viticulture):
        chart = _pictures(viticulture, players, options)["wake_up_chart"]
        rows = [t.get("data-value") for t in chart.iter(f"{SVG}text") if t.get("data-zone")]
        assert rows == [r.cells[0] for r in spring.table.rows]
        # Links of the rules text are words in the picture, never Markdown.
        assert not any("](" in t for t in _texts(chart))


def test_pictures_are_accessible_images_with_text_as_text(games: dict[str, GameContent]) -> None:
    for content in games.values():
        for players, options, _ in _tables(content)[:6]:
            for ident, svg in _pictures(content, players, options).items():
                assert svg.get("role") == "img"
                title_id, desc_id = svg.get("aria-labelledby").split()
                title = svg.find(f"{SVG}title")
                desc = svg.find(f"{SVG}desc")
                assert title is not None and title.get("id") == title_id and title.text
                assert desc is not None and desc.get("id") == desc_id and desc.text
                # The numbers are in the description too, for readers who do not see it.
                numbers = {t for t in _texts(svg) if re.fullmatch(r"[−+]?\d+", t) and len(t) < 4}
                for n in numbers - {"0"}:
                    assert n.lstrip("+−") in desc.text, (content.id, ident, n)
                assert svg.find(f".//{SVG}path[@data-text]") is None
                for text in svg.iter(f"{SVG}text"):
                    size = float(text.get("font-size"))
                    x = float(text.get("x"))
                    for span in text.iter(f"{SVG}tspan"):
                        width = text_width(span.text or "", size)
                        if text.get("text-anchor") == "middle":
                            assert x - width / 2 >= 0 and x + width / 2 <= WIDTH
                        else:
                            assert x + width <= WIDTH, (content.id, span.text)


@pytest.mark.parametrize("language", ["uk", "en"])
def test_pictures_speak_the_readers_language(games: dict[str, GameContent], language: str) -> None:
    content = games["river_of_gold"]
    translate = translator(content, language, ROOT / "locales")

    def words(context: str, text: str) -> tuple[str, str]:
        return translate(context, text), language

    diagram = content.setup.diagrams[0]
    svg = ET.fromstring(draw(diagram, Table(content, 3, content.option_defaults(), words), "x"))
    title = svg.find(f"{SVG}title")
    assert title is not None and title.text != diagram.title
    shown = " ".join(_texts(svg))
    assert ("Регіон\u00a01" if language == "uk" else "Region\u00a01") in shown


def test_the_renderer_knows_no_game() -> None:
    """Diagram kinds are general: no game's id, name or data is written in the renderer."""
    source = (ROOT / "rulebook/site/diagrams.py").read_text(encoding="utf-8").lower()
    for word in ["tokaido", "nile", "momiji", "river", "viticulture", "kyoto", "région", "koku"]:
        assert word not in source, word


def test_pictures_for_reading_ahead_are_of_legal_tables(games: dict[str, GameContent]) -> None:
    """Every table the setup page draws is one ``setup`` accepts (Nile at six with DeLuxor)."""
    for content in games.values():
        drawn = list(tables(content))
        counts = {players for players, _ in drawn}
        assert counts == set(content.game.players.values()), content.id
        for players, options in drawn:
            make_setup(content, players, "s", None, options)  # raises on an illegal table
    nile_six = [options for players, options in tables(games["nile"]) if players == 6]
    assert nile_six and all(options["deluxor"] for options in nile_six)


def test_every_legal_table_has_its_picture(games: dict[str, GameContent]) -> None:
    """The page holds the drawing of every table the generator can make, found by the key
    the browser builds (player count, then the values of the options that change it), and
    that drawing is the table's own."""
    for content in games.values():
        game = LocalGame(GameBuild(content), Localizer("fr", content))
        model = setup_model(game)
        by_id = {p.id: p.svg for p in model.pictures}
        for plan in model.table_pictures:
            by_id |= dict(plan.extra)
            diagram = next(d for d in content.setup.diagrams if d.id == plan.diagram)
            every = list(every_table(content))
            # Every table has its key; the drawing itself is compared on an even sample of
            # 60 per game (Tokaido has hundreds of tables: drawing each takes a minute).
            for n, (players, options) in enumerate(every):
                if not applies(diagram, players, options):
                    continue
                key = "|".join([str(players), *(key_value(options[o]) for o in plan.options)])
                assert key in plan.pictures, (content.id, key)
                if n % max(len(every) // 60, 1):
                    continue
                shown = by_id[plan.pictures[key]]
                own = draw(diagram, Table(content, players, options, _words(game)), "x")
                assert _same_drawing(shown, own), (content.id, players, options)


def _words(game: LocalGame) -> Any:
    def words(context: str, source: str) -> tuple[str, str]:
        fragment = game.loc.text(context, source)
        return fragment.text, fragment.lang

    return words


def _same_drawing(a: str, b: str) -> bool:
    """Two drawings alike but for their ids and the count they were first drawn for."""
    strip = re.compile(r'(aria-labelledby|id)="[^"]*"|data-players="\d+"')
    return strip.sub("", a) == strip.sub("", b)


def test_a_generated_table_s_picture_has_room_for_its_names_and_draw(
    games: dict[str, GameContent],
) -> None:
    """A pawn per player with an empty place for its name; a family per item of the deal
    that draws those left out, named (hidden until the browser shows the draw); a slot a
    deal fills says which deal and which item."""
    tokaido = games["tokaido"]
    svg = _pictures(tokaido, 4, tokaido.option_defaults())["road"]
    slots = [t for t in svg.iter(f"{SVG}text") if t.get("data-name-slot") is not None]
    assert [t.get("data-name-slot") for t in slots] == ["0", "1", "2", "3"]
    assert all(not "".join(t.itertext()) and float(t.get("data-width")) > 100 for t in slots)
    momiji = games["momiji"]
    svg = _pictures(momiji, 2, {})["families"]
    boxes = [g.get("data-family-box") for g in svg.iter(f"{SVG}g") if g.get("data-family-box")]
    assert boxes == [f"family_{x}" for x in "abcdef"]
    gold = games["river_of_gold"]
    svg = _pictures(gold, 4, gold.option_defaults())["regions"]
    dealt = [(t.get("data-deal"), t.get("data-deal-index")) for t in svg.iter(f"{SVG}text")]
    tiles = sorted(int(i) for step, i in dealt if step == "scoring_tiles")
    assert tiles == [0, 1, 2, 3, 4, 5]
