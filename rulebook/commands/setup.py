"""``rulebook setup``: a game's setup checklist for a player count, reproducible from a seed."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rulebook.commands import Translate, check_language, load_one, translator
from rulebook.errors import refused, report

if TYPE_CHECKING:
    from rulebook.i18n.runtime import Translator
    from schemas.diagnostics import Diagnostic
    from schemas.game import GameContent
    from schemas.setup import SetupStep
    from scorer.setup import SetupResult


#: The longest --players value read: a count with more digits is refused as it is given.
MAX_COUNT_DIGITS = 64


def player_count(text: str) -> int:
    """``--players``: a whole number of at most ``MAX_COUNT_DIGITS`` digits (the game's
    range is checked with the game, so that the message can name it)."""
    from scorer.problems import excerpt

    digits = text.strip().lstrip("+-")
    if not digits.isascii() or not digits.isdigit() or len(digits) > MAX_COUNT_DIGITS:
        raise argparse.ArgumentTypeError(f"a whole number of players, got {excerpt(text)!r}")
    return int(text)


#: The longest seed read: a seed is a word or two to share, printed back with the setup.
MAX_SEED = 200


def seed_text(text: str) -> str:
    """``--seed``: at most ``MAX_SEED`` printable characters (it is printed back: a control
    or text-direction character would act on the terminal)."""
    from scorer.problems import excerpt

    if len(text) > MAX_SEED or not text.isprintable():
        raise argparse.ArgumentTypeError(
            f"at most {MAX_SEED} printable characters, got {excerpt(text)!r}"
        )
    return text


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs as options; ``true`` and ``false`` are flags."""
    from scorer.problems import printable

    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--option takes KEY=VALUE, got {printable(pair)!r}")
        options[key] = {"true": True, "false": False}.get(value.lower(), value)
    return options


_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")


def fill(text: str, values: dict[str, int]) -> str:
    """Replace ``{name}`` by its value; other braces are left as they are."""
    return _PLACEHOLDER.sub(
        lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text
    )


def run(args: argparse.Namespace) -> int:
    from scorer.setup import SetupError, make_setup

    check_language(args.lang)
    content = load_one(args.project, args.game)
    names = args.names.split(",") if args.names else None
    try:
        result = make_setup(content, args.players, args.seed, names, parse_options(args.option))
    except SetupError as error:
        from rulebook.problems import ProblemWords

        translate = translator(args.project, content, args.lang)
        words = ProblemWords(content, translate, [])
        found = [words.diagnostic(problem) for problem in error.problems]
        if args.json:  # the problems in the shape every diagnostic takes, as score gives them
            shown = {"game": content.id, "problems": [d.details() for d in found]}
            print(json.dumps(shown, ensure_ascii=False, indent=2))
        summary = f"setup: {translate.count('ui.problems_in_setup', len(found))}"
        return report(found, summary, lambda problem: _flag(problem, names))
    except ValueError as error:
        return refused(str(error), "option_format")
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    else:
        language = args.lang or content.game.source_language
        print(setup_text(content, result, translator(args.project, content, language), language))
    return 0


def _flag(problem: Diagnostic, names: list[str] | None) -> str:
    """Where a setup problem is, for the terminal: --names, --option or --players."""
    from scorer.problems import excerpt

    loc = problem.loc
    if loc[:1] == ("options",):
        return f"--option {excerpt(str(loc[1]))}" if len(loc) > 1 else "--option"
    if len(loc) == 3 and names is not None:
        return f"--names #{int(loc[1]) + 1} ({excerpt(names[int(loc[1])])})"
    return "--players"


def setup_text(
    content: GameContent, result: SetupResult, translate: Translator, language: str
) -> str:
    """The setup as a numbered checklist.

    What the checklist puts together (a label and its value, a doubt and its reason) is
    joined with the language's own colon, ``ui.colon`` (French: « Premier joueur : P3 »), as
    on the site; the players' names and the seed are printed as they were given.
    """
    from rulebook.i18n.typography import typeset

    colon = translate("ui.colon", ": ")
    players = translate.count("ui.player_count_phrase", len(result.players))
    code = f"{translate('ui.seed', 'setup code')}{colon}{result.seed}"
    lines = [f"{typeset(content.game.names.get(language), language)} — {players} ({code})"]
    if result.first_player is not None:
        lines.append(f"{translate('ui.first_player', 'First player')}{colon}{result.first_player}")
    lines.append("")
    deals = {s.id: s.deal.component for s in content.setup.steps if s.deal is not None}
    declared = {s.id: s for s in content.setup.steps}
    for number, step in enumerate(result.steps, start=1):
        deck = f"components.{deals.get(step.id, '')}"
        decided = declared[step.id].decided_text is not None
        where = "decided_text" if decided else "text"
        text = translate(
            f"setup.steps.{step.id}.{where}", step.text, {} if decided else step.values
        )
        lines.append(f"{number}. {fill(text, step.values)}")
        lines.extend(_doubt_lines(declared[step.id], translate, colon))
        # One card per line: card names hold commas of their own.
        for name, items in step.per_player.items():
            cards = [translate(f"{deck}.items.{i.id}.name", i.name) for i in items]
            if len(cards) == 1:
                lines.append(f"   {name}{colon}{cards[0]}")
            else:
                lines.append(f"   {name}{colon.rstrip()}")
                lines.extend(f"     - {card}" for card in cards)
        for name, amount in step.per_seat.items():
            lines.append(f"   {name}{colon}{amount}")
        slots = [
            translate(f"setup.steps.{step.id}.deal.slots.{n}", slot)
            for n, slot in enumerate(step.slots, start=1)
        ]
        for index, item in enumerate(step.table):
            slot = f"{slots[index]}{colon}" if index < len(slots) else ""
            lines.append(f"   {slot}{translate(f'{deck}.items.{item.id}.name', item.name)}")
    return "\n".join(lines)


#: A run of breakable spaces (a reason written on several lines); no-break ones are the
#: language's typography and stay.
_SPACES = re.compile(r"[^\S\u00a0\u202f]+")


def _doubt_lines(step: SetupStep, translate: Translate, colon: str = ": ") -> list[str]:
    """How sure a step is and why, when it rests on a single source, an inference or an
    unconfirmed fact: the mark and reason the setup page gives it."""
    from rulebook.i18n.ui import UI_STRINGS

    provenance = step.provenance
    if provenance is None or provenance.confidence == "confirmed":
        return []
    key = f"confidence_{provenance.confidence}"
    mark = translate(f"ui.{key}", next(s.text for s in UI_STRINGS if s.key == key))
    if provenance.decision is None:
        return [f"   ({mark})"]
    reason = translate(f"setup.steps.{step.id}.provenance.decision", provenance.decision)
    return [f"   ({mark}{colon}{_SPACES.sub(' ', reason).strip()})"]


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "setup",
        help="make a setup checklist",
        description="The setup checklist for a player count, reproducible from its seed.",
    )
    parser.add_argument("game", help="game id, e.g. momiji")
    parser.add_argument("--players", type=player_count, required=True, help="number of players")
    parser.add_argument(
        "--seed",
        type=seed_text,
        help="seed text; the same seed gives the same setup (default: random)",
    )
    parser.add_argument("--names", help="player names in seating order, comma-separated")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an expansion, variant or reading, e.g. crossroads=true",
    )
    parser.add_argument("--json", action="store_true", help="print the setup as JSON")
    parser.add_argument(
        "--lang", metavar="LANG", help="language of the checklist, e.g. uk (default: the game's)"
    )
    parser.set_defaults(run=run)
