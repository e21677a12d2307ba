"""Interface strings shared by the command line and the site: the ``ui`` catalog domain.

They are written in English, the language every contributor reads, and translated into
French and Ukrainian through ``locales/<lang>/LC_MESSAGES/ui.po`` like game content. Each
string's context is ``ui.<key>``; code looks them up with the English text as the fallback,
for example ``translate("ui.total", "Total")``, so the text here must match the calling code.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.i18n.messages import SourceMessage
from scorer.verdict import MESSAGES as VERDICT_MESSAGES
from scorer.words import MESSAGES as DESCRIPTION_MESSAGES

#: The catalog domain of interface strings.
UI_DOMAIN = "ui"

#: The language interface strings are written in.
UI_LANGUAGE = "en"

#: Where interface strings are defined, for translator comments.
_FILE = "rulebook/i18n/ui.py"


@dataclass(frozen=True)
class UiString:
    """One interface string. ``plural`` makes it a count phrase, chosen by ``{count}``
    (or by the placeholder ``count`` names)."""

    key: str
    text: str
    note: str
    plural: str | None = None
    count: str = "count"


#: Every interface string. Keys are stable: code and catalogs refer to ``ui.<key>``.
UI_STRINGS: tuple[UiString, ...] = (
    UiString("total", "Total", "Score sheet row: a player's total points."),
    UiString("rank", "Rank", "Score sheet row: a player's place (1, 2, ...)."),
    UiString("winners", "Winners", "Followed by the winners' names."),
    UiString("shared_place", "shared place", "Two players tied on every tiebreaker."),
    UiString(
        "seed",
        "setup code",
        "The code a random setup is drawn from (the same code, the same setup); followed by it.",
    ),
    UiString(
        "colon",
        ": ",
        "Between a label and its value, on the pages and in the calculator and the setup"
        " ('Winners: Ana', 'Players: 2–4', 'Journey points: 14 / 10'), with the spaces the"
        " language sets around it (French: a space before the colon).",
    ),
    UiString("first_player", "First player", "Followed by the first player's name."),
    UiString("players", "Players", "Heading: the players of a game."),
    UiString("player_count", "Number of players", "Form label."),
    UiString("setup", "Setup", "Page title: setting the game up."),
    UiString("scoring", "Scoring", "Page title: the score calculator."),
    UiString("rules", "Rules", "Page title: the rules reference."),
    UiString("glossary", "Glossary", "Page title: the game's terms."),
    UiString("options", "Options", "Heading: expansions, variants and readings of a rule."),
    UiString("calculate", "Calculate", "Button: compute the scores."),
    UiString("reset", "Reset", "Button: clear the form."),
    UiString("sources", "Sources", "Heading: the documents the content was checked against."),
    UiString(
        "source_note", "Note on the sources", "Label of a note saying which reading a rule follows."
    ),
    UiString(
        "not_translated",
        "This text is not translated yet; it is shown in its original language.",
        "Notice shown next to text that falls back to its source language.",
    ),
    # -- the site and its widgets --
    UiString("site_title", "Board-game rules companion", "Site page text (site title)."),
    UiString(
        "home_intro",
        "Look a rule up, set a game up without mistakes and compute the final scores.",
        "Site page text (home intro).",
    ),
    UiString("games", "Games", "Site page text (games)."),
    UiString("overview", "Overview", "Site page text (overview)."),
    UiString("variants", "Variants and expansions", "Site page text (variants)."),
    UiString("quick_reference", "Quick reference", "Site page text (quick reference)."),
    UiString(
        "rules_in_question",
        "Rules in question",
        "Site page title: the rules the sources leave open.",
    ),
    UiString(
        "rules_in_question_intro",
        "The rules and options below are not settled by the sources found: each says which"
        " reading this site follows, how sure it is and what it was checked against.",
        "Site page text: the first paragraph of the rules-in-question page.",
    ),
    UiString(
        "see_the_rule", "See the rule", "Site page text: link from a rule in question to the rule."
    ),
    UiString(
        "see_the_option", "See the option", "Site page text: link from an option in question to it."
    ),
    UiString("playing_time", "Playing time", "Site page text (playing time)."),
    UiString("minutes", "{min}–{max} min", "Site page text (minutes)."),
    UiString("minutes_one", "{min} min", "Site page text (minutes one)."),
    UiString("designers", "Designers", "Site page text (designers)."),
    UiString("publishers", "Publishers", "Site page text (publishers)."),
    UiString("year", "Year", "Site page text (year)."),
    UiString(
        "other_names",
        "Other names",
        "Overview page: the game's names in the site's other languages, so a player who "
        "knows another name (the one on the box) finds the game.",
    ),
    UiString("components", "Components", "Site page text (components)."),
    UiString("component", "Component", "Site page text (component)."),
    UiString("count", "Count", "Site page text (count)."),
    UiString("per_player_max", "Most per player", "Site page text (per player max)."),
    UiString("values", "Printed values", "Site page text (values)."),
    UiString("contents", "Contents", "Site page text (contents)."),
    UiString(
        "source_kind_official",
        "Official rules",
        "Kind of a source the content was checked against.",
    ),
    UiString(
        "source_kind_seed", "Rules summary", "Kind of a source the content was checked against."
    ),
    UiString(
        "source_kind_bga", "Board Game Arena", "Kind of a source the content was checked against."
    ),
    UiString(
        "source_kind_implementation",
        "Implementation",
        "Kind of a source the content was checked against.",
    ),
    UiString("source_kind_review", "Review", "Kind of a source the content was checked against."),
    UiString("source_kind_faq", "FAQ", "Kind of a source the content was checked against."),
    UiString("only_with", "Only with:", "Site page text (only with)."),
    UiString("not_with", "Not with:", "Site page text (not with)."),
    UiString(
        "some_configurations",
        "Only in some configurations",
        "Site page text (some configurations).",
    ),
    UiString("confidence_confirmed", "Confirmed", "How well a rule is confirmed by the sources."),
    UiString(
        "confidence_single_source", "Single source", "How well a rule is confirmed by the sources."
    ),
    UiString("confidence_inferred", "Inferred", "How well a rule is confirmed by the sources."),
    UiString(
        "confidence_unconfirmed", "Not confirmed", "How well a rule is confirmed by the sources."
    ),
    UiString("checked_against", "Checked against:", "Site page text (checked against)."),
    UiString("not_found_title", "Page not found", "Title of the page shown for a wrong address."),
    UiString(
        "not_found_text",
        "There is no page at this address. It may have moved: start again from the home page.",
        "Text of the page shown for a wrong address.",
    ),
    UiString("not_found_home", "Home page", "Link from the page-not-found page to the home page."),
    UiString(
        "offline_title", "You are offline", "Title of the page shown offline for a page not kept."
    ),
    UiString(
        "offline_text",
        "This page has not been saved on this device yet. The pages you have already opened "
        "work offline; this one will too once you are back online.",
        "Text of the page shown offline for a page the device has not kept.",
    ),
    UiString(
        "search_unavailable",
        "Search cannot start: its index is not on this device yet. Open the site once with a "
        "connection, and search will work offline too.",
        "Shown in the search box when search cannot run (offline before its index was kept).",
    ),
    UiString("not_translated_short", "not translated", "Site widget text (not translated short)."),
    UiString(
        "page_not_translated",
        "Parts of this page are not translated yet: they are shown in their original language and marked.",
        "Site page text (page not translated).",
    ),
    UiString("checklist", "Checklist", "Site page text (checklist)."),
    UiString("deal_from", "Drawn at random from:", "Site page text (deal from)."),
    UiString("per_seat", "By seat, from the first player:", "Site page text (per seat)."),
    UiString("setup_generator", "Setup generator", "Site page text (setup generator)."),
    UiString(
        "setup_generator_intro",
        "Choose the players and, if you like, a setup code: the same code always gives the same setup, so the link can be shared.",
        "Site page text (setup generator intro).",
    ),
    UiString("player_name", "Name of player {n}", "Site widget text (player name)."),
    UiString("default_player", "Player {n}", "Site widget text (default player)."),
    UiString(
        "seed_label",
        "Setup code (empty: a new one is drawn)",
        "Setup generator: the label of the setup code field.",
    ),
    UiString("generate", "Make the setup", "Site widget text (generate)."),
    UiString("link_to_setup", "Link to this setup", "Site widget text (link to setup)."),
    UiString("copy_link", "Copy the link", "Site widget text (copy link)."),
    UiString("copied", "Copied", "Site widget text (copied)."),
    UiString(
        "new_draw",
        "New draw",
        "Setup generator button: draw the table again with a new setup code (the other"
        " button, 'Make the setup', keeps the code typed in the form).",
    ),
    UiString(
        "generated_checklist",
        "Your table's setup",
        "Setup page: heading of the checklist the generator made for the players, count and"
        " options chosen in the form (the page's generic checklist comes later).",
    ),
    UiString("turn_order", "Turn order", "Site widget text (turn order)."),
    UiString(
        "line_up",
        "Starting line-up, from the first to leave to the last:",
        "Setup generator: above the drawn order of the pawns in their starting line (Tokaido:"
        " there is no turn order, the traveller furthest back moves).",
    ),
    UiString(
        "setup_reading_ahead",
        "For reading ahead: the checklist and the pictures for every player count",
        "Setup page: the folded section under the generator, for readers who read the setup"
        " before the table is known; the generated checklist and its picture come first.",
    ),
    UiString(
        "setup_pictures",
        "Setup in pictures",
        "Setup page heading: diagrams drawn from the content, one per player count.",
    ),
    UiString(
        "pictures_players",
        "Players: {counts}",
        "Setup page: under a diagram, the player counts it is drawn for ({counts}: 2–4, or 3).",
    ),
    UiString(
        "pictures_with",
        "With: {option}",
        "Setup page: under a diagram drawn with an option on ({option}: the option's label).",
    ),
    UiString(
        "pictures_without",
        "Without: {option}",
        "Setup page: under a diagram drawn with an option, on by default, turned off.",
    ),
    UiString(
        "javascript_needed", "This tool needs JavaScript.", "Site page text (javascript needed)."
    ),
    UiString(
        "runtime_missing", "This tool could not be loaded.", "Site widget text (runtime missing)."
    ),
    UiString("calculator", "Score calculator", "Site page text (calculator)."),
    UiString(
        "calculator_intro",
        "Enter what each player has on the table at the end; the result follows as you type.",
        "Site page text (calculator intro).",
    ),
    UiString("table_inputs", "Shared by the table", "Site widget text (table inputs)."),
    UiString("name", "Name", "Site widget text (name)."),
    UiString("not_chosen", "not chosen", "Site widget text (not chosen)."),
    UiString(
        "sequence_help",
        "Card values from the bottom of the pile up, separated by spaces",
        "Site widget text (sequence help).",
    ),
    UiString("not_a_number", "Whole numbers only", "Site widget text (not a number)."),
    UiString("results", "Results", "Site widget text (results)."),
    UiString("winner", "Winner", "Site widget text (winner)."),
    UiString("decided_by", "Place decided by", "Site widget text (decided by)."),
    UiString("against", "against {name}", "Site widget text (against)."),
    UiString(
        "tiebreak",
        "Tiebreaker",
        "Calculator results: the row naming the tiebreaker that decided a place.",
    ),
    UiString("problems", "Check the highlighted fields:", "Site widget text (problems)."),
    UiString(
        "fix_to_see",
        "The result appears once every field is valid.",
        "Site widget text (fix to see).",
    ),
    UiString(
        "still_to_enter",
        "Still to enter:",
        "Calculator results: heads the list of fields nobody has filled in yet (each a link to its field).",
    ),
    UiString(
        "enter_to_see",
        "The result appears once these are entered.",
        "Calculator results: under the list of fields still to enter.",
    ),
    UiString("notices", "Please note", "Site widget text (notices)."),
    UiString("how_scoring_works", "How scores are counted", "Site page text (how scoring works)."),
    UiString("category", "Category", "Site page text (category)."),
    UiString("how_computed", "How it is computed", "Site page text (how computed)."),
    UiString(
        "formula",
        "The exact count",
        "Scoring page: the folded line under a category's rule that opens how the calculator"
        " counts it, step by step.",
    ),
    UiString(
        "formula_alike",
        "The others in this row are counted the same way, each with its own numbers.",
        "Scoring page: under the exact count of the first of several categories scored alike"
        " (six regions, six family piles).",
    ),
    UiString("ranking", "Ranking and ties", "Site page text (ranking)."),
    UiString("better_higher", "higher is better", "Site page text (better higher)."),
    UiString("better_lower", "lower is better", "Site page text (better lower)."),
    UiString(
        "full_tie",
        "Players still tied after every tiebreaker share the place.",
        "Site page text (full tie).",
    ),
    UiString("checks", "What the calculator checks", "Site page text (checks)."),
    UiString("end_checks", "End of the game", "Site page text (end checks)."),
    UiString("worked_example", "Worked example", "Site page text (worked example)."),
    UiString("example_source", "Source:", "Site page text (example source)."),
    UiString("given", "On the table", "Site page text (given)."),
    UiString("result", "Result", "Site page text (result)."),
    UiString("yes", "yes", "Site widget text (yes)."),
    UiString("no", "no", "Site widget text (no)."),
    UiString("decisions", "Decisions on the rules", "Site page text (decisions)."),
    UiString("kind_expansion", "Expansions", "Site page text (kind expansion)."),
    UiString("kind_variant", "Variants", "Site page text (kind variant)."),
    UiString("kind_reading", "Rule interpretations", "Site page text (kind reading)."),
    UiString("default", "Default:", "Site page text (default)."),
    UiString("on", "on", "Site widget text (on)."),
    UiString("off", "off", "Site widget text (off)."),
    UiString(
        "no_options",
        "No expansion or variant is described for this game yet.",
        "Site page text (no options).",
    ),
    UiString("related_rules", "In the rules:", "Site page text (related rules)."),
    UiString("related_setup", "In the setup:", "Site page text (related setup)."),
    UiString("print", "Print this page", "Site page text (print)."),
    UiString("value_table", "Table", "Site page text (value table)."),
    UiString("choices", "Choices", "Site page text (choices)."),
    # -- problems with an end state or a setup request (scorer/problems.py CODES) --
    # Each code has its message "problem_<code>"; {count} messages are plural. Names of
    # fields, players, options and choices are filled in by the code that shows them.
    *(
        UiString(f"problem_{code}", text, f"A problem with {what}. {note}".strip(), plural)
        for code, text, what, note, plural in (
            (
                "file_too_large",
                "the file is larger than {max} bytes; an end state takes a few kilobytes",
                "an end-state file",
                "",
                None,
            ),
            (
                "not_utf8",
                "the file is not UTF-8 text; save it as UTF-8",
                "an end-state file",
                "",
                None,
            ),
            ("not_json", "the file is not valid JSON", "an end-state file", "", None),
            (
                "not_json_at",
                "the file is not valid JSON (line {line}, column {column})",
                "an end-state file",
                "",
                None,
            ),
            (
                "too_deep",
                "brackets are nested more than {max} deep; an end state needs four levels",
                "an end-state file",
                "",
                None,
            ),
            (
                "not_object",
                "an end state is a JSON object that lists the players",
                "an end-state file",
                "",
                None,
            ),
            (
                "duplicate_key",
                "given twice in the same object; keep one of the two values",
                "a field",
                "The file names the same key twice; which value was meant is not known.",
                None,
            ),
            ("missing", "required", "a field", "The field is missing.", None),
            (
                "unknown_field",
                "unknown field for this game",
                "a field",
                "The file names a field the game does not have.",
                None,
            ),
            (
                "wrong_game",
                "this end state is for another game; expected {expected}",
                "an end state",
                "{expected} is the game's name.",
                None,
            ),
            ("object_type", "expected a JSON object", "a field", "", None),
            ("list_type", "expected a list", "a field", "", None),
            ("int_type", "expected a whole number", "a field", "", None),
            ("number_too_large", "this number is far too large", "a field", "", None),
            ("bool_type", "expected yes or no (true or false)", "a field", "", None),
            ("string_type", "expected text", "a field", "", None),
            (
                "choice",
                "expected one of: {allowed}",
                "a field",
                "{allowed} lists the choices.",
                None,
            ),
            ("below_min", "must be at least {min}", "a number", "", None),
            ("above_max", "must be at most {max}", "a number", "", None),
            (
                "too_long",
                "at most {count} value",
                "a pile or a list of tokens",
                "",
                "at most {count} values",
            ),
            ("name_empty", "give a name", "a player's name", "", None),
            (
                "name_too_long",
                "at most {count} character",
                "a player's name",
                "",
                "at most {count} characters",
            ),
            (
                "name_control",
                "a name cannot hold control characters or text-direction marks",
                "a player's name",
                "",
                None,
            ),
            (
                "player_count",
                "{game} is for {range}, not {count}",
                "the table",
                "{range} is like '2–6 players'; {given} ('7 players') may be used instead of {count}.",
                None,
            ),
            (
                "option_required",
                "{game} is for {range}; with {given}, it needs {option}",
                "the options",
                "Nile at 6 players needs DeLuxor. {range} is like '2–5 players', {given} like '6 players'.",
                None,
            ),
            (
                "option_not_for_count",
                "{option} is only for {range}, not with {given}",
                "the options",
                "The solo Automa at 4 players. {range} is like '1 player', {given} like '4 players'.",
                None,
            ),
            (
                "names_count",
                "{count} name given for {table}",
                "the names of a setup",
                "{table} is like '4 players'.",
                "{count} names given for {table}",
            ),
            (
                "per_player_count",
                "{count} number given for {table}",
                "a row the players share",
                "One number per player: each player's followers on a road. {table} is like "
                "'4 players'.",
                "{count} numbers given for {table}",
            ),
            (
                "deck_too_small",
                "not enough to deal: {count} needed, the deck holds {available}",
                "a setup",
                "A deal the box cannot make at this player count.",
                None,
            ),
            (
                "duplicate_name",
                "another player is named “{name}” too: each player needs a different name",
                "a player's name",
                "",
                None,
            ),
            (
                "not_used",
                "not used with these options and this number of players (given: {value})",
                "a field",
                "",
                None,
            ),
            ("required", "required: one of {allowed}", "a field", "", None),
            (
                "not_for_count",
                "{value} is not used with {given}; expected one of {allowed}",
                "a choice shared by the table",
                "",
                None,
            ),
            (
                "already_placed",
                "{value} is already placed in {other}",
                "a choice shared by the table",
                "{other} names another field.",
                None,
            ),
            (
                "table_total",
                "all players together hold {total}, but the game has only {max}",
                "a count",
                "",
                None,
            ),
            (
                "unique_flag",
                "only one player can have this; given for {who}",
                "a yes/no field",
                "{who} lists players' names.",
                None,
            ),
            (
                "unique_choice",
                "{value} exists once but is given to {who}",
                "a choice",
                "{who} lists players' names.",
                None,
            ),
            (
                "place_required",
                "required: a place from 1 to {last}",
                "a place in an order",
                "",
                None,
            ),
            (
                "past_last_place",
                "{value} is past the last place ({last})",
                "a place in an order",
                "",
                None,
            ),
            (
                "place_repeated",
                "each place goes to one player; given: {placed}",
                "an order",
                "",
                None,
            ),
            (
                "place_gap",
                "places run 1, 2, 3… without gaps; given: {placed}",
                "an order",
                "",
                None,
            ),
            ("pile_repeated", "{value} appears twice; each value exists once", "a pile", "", None),
            ("pile_first", "a pile starts with {first}, not {value}", "a pile", "", None),
            (
                "pile_closed",
                "a {closes_at} closes the pile: nothing may follow it (given: {value})",
                "a pile",
                "",
                None,
            ),
            ("pile_lower", "{value} is lower than the card below it ({below})", "a pile", "", None),
            (
                "pile_step",
                "{value} is more than {max_step} above the card below it ({below})",
                "a pile",
                "",
                None,
            ),
            (
                "pile_total",
                "all piles together hold {count} card, but the game has only {max}",
                "the piles",
                "",
                "all piles together hold {count} cards, but the game has only {max}",
            ),
            (
                "shared_total",
                "{component}: all players together hold {total} ({inputs}), but the game has only {max}",
                "counts of one component",
                "{inputs} lists the fields that count it.",
                None,
            ),
        )
    ),
    UiString(
        "player_range",
        "{min}–{count} player",
        "A range of player counts in a problem ('Nile is for 2–5 players'); {count} is the larger.",
        plural="{min}–{count} players",
    ),
    UiString(
        "problems_in_state",
        "{count} problem in the end state",
        "Command line: the last line after the problems of an end-state file.",
        plural="{count} problems in the end state",
    ),
    UiString(
        "problems_in_setup",
        "{count} problem in the setup request",
        "Command line: the last line after the problems of a setup request.",
        plural="{count} problems in the setup request",
    ),
    UiString(
        "problems_tiebreak",
        "These problems only concern tiebreakers: the totals below stand.",
        "Calculator: shown above the results when every problem is in a field only a tiebreaker reads.",
    ),
    UiString(
        "undecided",
        "undecided (see the problems above)",
        "Calculator, results: a tie the calculator cannot break until a problem is fixed.",
    ),
    UiString(
        "points",
        "{count} point",
        "A number of points; {count} is the formatted number.",
        plural="{count} points",
    ),
    UiString(
        "player_count_phrase",
        "{count} player",
        "A number of players; {count} is the formatted number.",
        plural="{count} players",
    ),
    # -- translators' previews and the translation status page --
    UiString(
        "draft",
        "Draft translation: not reviewed since its source changed.",
        "Preview for translators (build --drafts): the title of the mark beside a fuzzy "
        "translation shown as a draft.",
    ),
    UiString("draft_short", "draft", "Preview for translators: the short mark of a draft."),
    UiString(
        "unreviewed",
        "Translation not reviewed yet: this language publishes reviewed translations only.",
        "Preview for translators (build --drafts): the title of the mark beside a translation "
        "that waits for a reviewer, in a language that requires review.",
    ),
    UiString(
        "unreviewed_short",
        "not reviewed",
        "Preview for translators: the short mark of a translation waiting for review.",
    ),
    UiString(
        "draft_source",
        "Source text:",
        "Preview for translators: the label before the source text shown under a draft.",
    ),
    UiString(
        "draft_source_changed",
        "Source text, with its changes since this translation:",
        "Preview for translators: the label before the source text shown under a draft, "
        "its removed words struck out and its new words underlined.",
    ),
    UiString(
        "translation_status",
        "Translation status",
        "Site page title: how far each game is translated.",
    ),
    UiString(
        "translation_status_intro",
        "How much of each game is translated into each language: translated, reviewed (read "
        "against the source and marked so), to review (the source changed since) and missing. "
        "Shared words show each concept's term in every game.",
        "Translation status page: the introduction.",
    ),
    UiString("status_language", "Language", "Translation status page: a table heading."),
    UiString("status_game", "Game", "Translation status page: a table heading."),
    UiString("status_translated", "Translated", "Translation status page: a table heading."),
    UiString(
        "status_reviewed",
        "Reviewed",
        "Translation status page: a table heading, beside Translated: how many of the "
        "translated messages a reviewer has read against their source and marked reviewed "
        "(a dash where nothing is translated).",
    ),
    UiString(
        "status_fuzzy",
        "To review",
        "Translation status page: a table heading (fuzzy messages: the source changed).",
    ),
    UiString("status_missing", "Missing", "Translation status page: a table heading."),
    UiString("status_done", "Done", "Translation status page: a table heading (a percentage)."),
    UiString(
        "status_concepts",
        "Shared words across games",
        "Translation status page: heading of the table of glossary concepts.",
    ),
    UiString("status_concept", "Concept", "Translation status page: a table heading."),
    UiString(
        "permalink_title",
        "Permanent link",
        "Every page: the tooltip of the ¶ sign beside a heading, a link to that heading.",
    ),
    UiString(
        "status_interface",
        "Interface",
        "Translation status page: the row of the site's own words (menus, buttons, the "
        "calculator's labels), beside the rows of the games.",
    ),
    UiString(
        "status_in_progress",
        "in progress",
        "Translation status page: after a language's name, when its translation is under way "
        "and not yet published (the site's root does not send readers to it).",
    ),
    UiString(
        "status_outdated",
        "Translations being updated",
        "Translation status page: heading of the list of messages whose source changed since "
        "they were translated.",
    ),
    UiString(
        "status_outdated_intro",
        "Messages whose source changed since they were translated, by game and language: "
        "readers see the source, marked, until a translator reviews them.",
        "Translation status page: the text under the heading of outdated messages.",
    ),
    UiString(
        "status_outdated_none",
        "None: every translation is up to date.",
        "Translation status page: shown instead of the list when no message is outdated.",
    ),
    # -- the calculator's table tools (share, keep, export, explain): keys start with calc_ --
    UiString(
        "calc_tools",
        "This table",
        "Calculator: name of the bar of buttons that share, keep, export and print the table.",
    ),
    UiString(
        "calc_copy_link",
        "Copy a link to this table",
        "Calculator button: copies a link that reopens the table with every entry, in any language.",
    ),
    UiString(
        "calc_undo",
        "Undo",
        "Calculator button: takes back the last change to the table. The browser's own "
        "dialogs have a Cancel button: use another word than its Cancel here (fr Défaire, "
        "not Annuler), since the reset question names this button.",
    ),
    UiString(
        "calc_clear_confirm",
        "Clear every entry of this table? The Undo button can still bring them back.",
        "Calculator: the question asked before the table is cleared; the browser shows it "
        "with its own OK and Cancel buttons. Name the Undo button exactly as ui.calc_undo.",
    ),
    UiString(
        "calc_keep",
        "Keep in history",
        "Calculator button: saves the finished game in the history of this device.",
    ),
    UiString("calc_kept", "Kept in history", "Calculator: shown after the game was saved."),
    UiString(
        "calc_history",
        "Games kept on this device",
        "Calculator heading: the finished games saved in this browser.",
    ),
    UiString(
        "calc_games_kept",
        "{count} game kept on this device",
        "Calculator: how many finished games this browser keeps; {count} is the number.",
        plural="{count} games kept on this device",
    ),
    UiString("calc_reopen", "Reopen", "Calculator button: puts a kept game back in the table."),
    UiString("calc_forget", "Remove", "Calculator button: removes a game from the history."),
    UiString(
        "calc_print", "Print the score sheet", "Calculator button: prints the table and results."
    ),
    UiString(
        "calc_bgstats",
        "Send to BG Stats",
        "Calculator link: opens the BG Stats app with this play; the app's name stays as it is.",
    ),
    UiString(
        "calc_download",
        "Download the result (JSON)",
        "Calculator link: saves the result as a JSON file.",
    ),
    UiString(
        "calc_bad_link",
        "This link could not be read: it is damaged or was made for another version of the calculator. The table was left as it was.",
        "Calculator notice: the table in the address could not be used.",
    ),
    UiString(
        "calc_bad_storage",
        "What this device had saved for this calculator could not be read. It is kept here: download it, or remove it.",
        "Calculator notice: the saved table or history was damaged or made by another version; it was set aside, not deleted.",
    ),
    UiString(
        "calc_aside_dropped",
        "{count} older saved record was removed to make room: this device keeps the {most} newest.",
        "Calculator notice, with the saved records that could not be opened: past the most"
        " this device keeps, the oldest go; {count} is how many went, {most} how many are kept.",
        plural="{count} older saved records were removed to make room: this device keeps the"
        " {most} newest.",
    ),
    UiString(
        "calc_unfit",
        "A table saved on this device was made for an earlier version of this calculator. What still fits is open; what no longer fits is listed here and kept on this device.",
        "Calculator notice: the game's content changed since the table was saved; the list below says what no longer fits.",
    ),
    UiString(
        "calc_unfit_gone",
        "{what}: {value} (no longer asked)",
        "Calculator, what no longer fits: {what} is a player and a field (or an option), {value} what was saved; the field no longer exists.",
    ),
    UiString(
        "calc_unfit_choice",
        "{what}: {value} (no longer one of the choices)",
        "Calculator, what no longer fits: the saved choice {value} is no longer offered for {what}.",
    ),
    UiString(
        "calc_unfit_limit",
        "{what}: {value} (outside what this version allows)",
        "Calculator, what no longer fits: the saved value {value} of {what} is beyond the field's limits or of another kind now.",
    ),
    UiString(
        "calc_unfit_player",
        "{what}: more players than this version allows",
        "Calculator, what no longer fits: {what} is a player's name; this player is left out of the table.",
    ),
    UiString(
        "calc_unfit_undo",
        "Earlier steps of Undo that no longer fit",
        "Calculator, what no longer fits: some of the changes Undo could take back were left out.",
    ),
    UiString(
        "calc_unfit_short",
        "(saved for an earlier version: some entries no longer fit)",
        "Calculator history: shown beside a kept game whose entries do not all fit the game's current content.",
    ),
    UiString(
        "calc_unfit_download",
        "Download what was saved (JSON)",
        "Calculator button: saves what this device had kept, exactly as it was, as a JSON file.",
    ),
    UiString(
        "calc_from_link",
        "The table from the link is open. The Undo button brings back the table you had.",
        "Calculator notice: a shared link replaced the table saved on this device. Name the "
        "Undo button exactly as ui.calc_undo.",
    ),
    UiString(
        "calc_explain", "Why these scores", "Calculator heading: the explanation of each score."
    ),
    UiString(
        "calc_chart",
        "Each player's score by category",
        "Calculator: the title of the stacked bar chart of the scores.",
    ),
    UiString(
        "calc_why_place",
        "place {place}, with {measure}",
        "Calculator, why a score: a ranked award; {place} is 1, 2, 3..., {measure} what the player has.",
    ),
    UiString(
        "calc_why_place_tied",
        "place {place}, shared with {names}, with {measure}",
        "Calculator, why a score: a ranked award shared with other players; {names} is a list of names.",
    ),
    UiString(
        "calc_why_far",
        "place {place}, with {measure}, but too far behind the leader",
        "Calculator, why a score: a ranked award lost because the gap to the first is too large.",
    ),
    UiString(
        "calc_why_unplaced",
        "not ranked, with {measure}",
        "Calculator, why a score: the player has too little to take part in a ranked award.",
    ),
    UiString(
        "calc_why_most",
        "the most, with {measure}",
        "Calculator, why a score: the player alone has the most.",
    ),
    UiString(
        "calc_why_most_tied",
        "the most, with {measure}, level with {names}",
        "Calculator, why a score: the players tied for the most each score it; {names} is a list of names.",
    ),
    UiString(
        "calc_why_not_most",
        "{measure}, against {best} for {names}",
        "Calculator, why a score: another player has the most; {best} is their number, {names} their names.",
    ),
    UiString(
        "calc_why_nobody",
        "{measure}; nobody has enough",
        "Calculator, why a score: nobody reaches the minimum, so nobody scores it.",
    ),
    UiString(
        "calc_why_inactive",
        "nobody activated it",
        "Calculator, why a score: an objective that no player activated scores nothing.",
    ),
    UiString(
        "calc_why_holder",
        "activated it and has the most, with {measure}",
        "Calculator, why a score: the player who activated the objective also leads it.",
    ),
    UiString(
        "calc_why_holder_tied",
        "activated it and has the most, with {measure}, level with {names}",
        "Calculator, why a score: the player who activated the objective is tied for the lead.",
    ),
    UiString(
        "calc_why_lead",
        "leads it",
        "Calculator, why a score: the player alone leads an award decided by a yes/no entry"
        " (Momiji's 'you fulfil the other objective best').",
    ),
    UiString(
        "calc_why_lead_tied",
        "leads it, level with {names}",
        "Calculator, why a score: the player shares the lead of an award decided by a yes/no"
        " entry; {names} is a list of names.",
    ),
    UiString(
        "calc_why_holder_lead",
        "activated it and leads it",
        "Calculator, why a score: the player who activated the objective leads it (a yes/no entry).",
    ),
    UiString(
        "calc_why_holder_lead_tied",
        "activated it and leads it, level with {names}",
        "Calculator, why a score: the player who activated the objective shares its lead"
        " (a yes/no entry); {names} is a list of names.",
    ),
    UiString(
        "calc_why_behind",
        "behind {names}",
        "Calculator, why a score: other players lead an award decided by a yes/no entry;"
        " {names} is a list of names.",
    ),
    UiString(
        "calc_items",
        "{a}; {b}",
        "Calculator: two names of a list joined where a name holds a comma itself"
        " ('Influence, region 4; Influence, region 3').",
    ),
    UiString(
        "calc_why_no_lead",
        "nobody leads it",
        "Calculator, why a score: nobody leads an award decided by a yes/no entry.",
    ),
    UiString(
        "calc_no_winner",
        "No winner",
        "Command line: the result's last line when nobody wins (a cooperative game lost).",
    ),
    UiString(
        "calc_winners",
        "Winner",
        "Calculator and command line: before the winners' names ('Winner: Jenny').",
        plural="Winners",
    ),
    UiString(
        "calc_why_decided",
        "{key}: {mine} against {theirs} for {name}",
        "Calculator, why a score: the first ranking key; {key} is its name, {name} the player compared with.",
    ),
    UiString(
        "calc_why_at",
        "{key}: in position {position}, {mine} against {theirs} for {name}",
        "Calculator, why a score: the key is a list (Nile's piles, smallest first) and differs first at {position}.",
    ),
    UiString(
        "calc_why_tiebreak_won",
        "Level with {name}, ahead on the tiebreaker — {key}: {mine} against {theirs}",
        "Calculator, why a score: equal on the first key, the player is ahead on the tiebreaker {key}.",
    ),
    UiString(
        "calc_why_tiebreak_lost",
        "Level with {name}, behind on the tiebreaker — {key}: {mine} against {theirs}",
        "Calculator, why a score: equal on the first key, the player is behind on the tiebreaker {key}.",
    ),
    UiString(
        "calc_explain_line",
        "{category}: {points}",
        "Calculator, why a score: one line of a player's explanation, a category and what it"
        " gave ('Temple: 4 points'; for a game ranked without points, the first key and its"
        " value).",
    ),
    UiString(
        "calc_explain_line_why",
        "{category}: {points} — {why}",
        "Calculator, why a score: one line of a player's explanation, with how the category"
        " was counted or awarded ({why}: 'rank 2, tied with Bo').",
    ),
    UiString(
        "calc_why_shared",
        "Shared place: tied with {name} on every tiebreaker",
        "Calculator, why a score: no key separates the two players.",
    ),
    UiString(
        "calc_why_no_win",
        "First place, but not a win: {rule}",
        "Calculator, why a score: the game sets a condition for winning; {rule} is that condition, in full.",
    ),
    UiString(
        "calc_view",
        "How to show the players",
        "Calculator: the label of the two buttons that switch the form's layout.",
    ),
    UiString(
        "calc_view_one",
        "One player at a time",
        "Calculator button: the form shows one player's fields, with a switcher of players.",
    ),
    UiString(
        "calc_view_all",
        "All players side by side",
        "Calculator button: the form shows every player in a column.",
    ),
    UiString(
        "calc_switch_player",
        "Whose score to enter",
        "Calculator: the label of the row of player buttons (name and total so far).",
    ),
    UiString(
        "calc_next_player",
        "Next player: {name}",
        "Calculator button: shows the next player's fields; {name} is that player.",
    ),
    UiString(
        "calc_see_results",
        "See the results",
        "Calculator button under the last player's fields: goes down to the results.",
    ),
    UiString(
        "calc_tie_fold",
        "Only needed to break a tie",
        "Calculator: the button that opens the fields only a tiebreaker reads (lira, wines);"
        " they are folded until the table opens them.",
    ),
    UiString(
        "calc_reached",
        "{count} or more",
        "Calculator: beside the box that stands for a count the scoring reads only as"
        " 'at least {count}' (from Tokaido's score track, Contemplation reads only whether"
        " a panorama is complete: 3 paddy cards or more); {count} is a number.",
    ),
    UiString(
        "calc_choice_other",
        "Another",
        "Calculator: the empty entry of a list a player may leave as it is, because only some"
        " of its choices count (from the score track, only Mitsukuni among Tokaido's"
        " travellers); it stands for any other choice. One word, no dashes.",
    ),
    UiString(
        "calc_tie_fold_help",
        "Fill these in only if the totals are equal: they decide who wins the tie.",
        "Calculator: the help under ui.calc_tie_fold.",
    ),
    UiString(
        "calc_nothing_yet",
        "The result shows here as soon as you enter the scores.",
        "Calculator: the results of a form where nothing is entered yet (no winner is named).",
    ),
    UiString(
        "calc_not_entered",
        "Not entered yet (an empty field counts as 0):",
        "Calculator results: heads the list of number fields left empty that the totals (or a"
        " tie) read, a line per player, each field a link to it.",
    ),
    UiString(
        "calc_counted_as",
        "{field} (counted as {value})",
        "Calculator results, in the list of fields not entered: an empty field whose default"
        " is not 0; {field} is its label, {value} the number it counts as.",
    ),
    UiString("calc_less", "One less", "Calculator: the − button beside a small count."),
    UiString("calc_more", "One more", "Calculator: the + button beside a small count."),
    UiString(
        "calc_help_for",
        "Help: {field}",
        "Calculator: the name of the ⓘ button beside a field's label, which shows or hides the"
        " field's help; {field} is the label.",
    ),
    UiString(
        "calc_row",
        "Row {n}",
        "Calculator: the heading of one row of a list input (an open feature with its"
        " numbers); {n} is its number, from 1.",
    ),
    UiString(
        "calc_row_add",
        "Add a row",
        "Calculator: the button under a list input that adds a row (an open feature).",
    ),
    UiString(
        "calc_row_remove",
        "Remove row {n}",
        "Calculator: what a screen reader says for the × button that removes a row of a list"
        " input; {n} is its number, from 1.",
    ),
    UiString(
        "calc_rows_full",
        "At most {count} row",
        "Calculator: under a list input whose rows are all used; {count} is the most it holds.",
        plural="At most {count} rows",
    ),
    UiString(
        "calc_verdict",
        "{name} wins with {amount}, {gap} ahead of {other}; the biggest gains: {categories}",
        "Calculator, the result in one sentence; {amount} and {gap} are e.g. '86 points' and '5 points', {categories} a list of one or two scoring categories (joined with '; ' when a name holds a comma)."
        "{categories} a list of scoring categories.",
    ),
    UiString(
        "calc_verdict_plain",
        "{name} wins with {amount}, {gap} ahead of {other}",
        "Calculator, the result in one sentence; {amount} and {gap} are e.g. '86 points' and '5 points'.",
    ),
    UiString(
        "calc_verdict_tiebreak",
        "{name} wins with {amount}, level with {other}, ahead on the tiebreaker: {key}",
        "Calculator, the result in one sentence: equal totals, won on the tiebreaker {key}.",
    ),
    UiString(
        "calc_verdict_shared",
        "{names} share the win with {amount}",
        "Calculator, the result in one sentence: several winners; {names} is a list of names.",
    ),
    UiString(
        "calc_verdict_key",
        "{name} wins. {reason}",
        "Calculator, the result in one sentence for a game without points; {reason} is a "
        "sentence like ui.calc_why_at.",
    ),
    UiString(
        "calc_at_least",
        "at least {total}",
        "Calculator: a running total while a field is missing or wrong; {total} is e.g."
        " '12 points', counted from the categories entered so far.",
    ),
    UiString(
        "calc_tab_problems",
        "a field to fix",
        "Calculator, said by screen readers after a player's tab name when a problem is in"
        " that player's fields (the tab shows a red mark).",
    ),
    UiString(
        "calc_so_far",
        "Counted so far (a category still waiting for an entry is left out):",
        "Calculator results while a field is missing or wrong: heads a table of the points"
        " already counted per player, with each total as ui.calc_at_least.",
    ),
    UiString(
        "calc_rival_wins",
        "{rival} wins: the table loses",
        "Calculator, the result of a solo or co-op game against an automatic rival (the"
        " Automa, Seishin) when no player wins; {rival} is the rival's name.",
    ),
    UiString(
        "calc_unscored",
        "Nobody scored in: {categories}",
        "Calculator: one line for the scoring categories no player scored any point in.",
    ),
    # -- the verdict against a rival (scorer.verdict), declared with the engine --
    *(UiString(m.key, m.text, m.note) for m in VERDICT_MESSAGES),
    # -- scoring in words (scorer.describe): the words are declared with the engine --
    *(UiString(m.key, m.text, m.note, m.plural) for m in DESCRIPTION_MESSAGES),
)


def ui_messages() -> list[SourceMessage]:
    """The interface strings as catalog messages, sorted by context."""
    messages = [
        SourceMessage(
            context=f"ui.{s.key}",
            text=s.text,
            language=UI_LANGUAGE,
            file=_FILE,
            path="",
            plural=s.plural,
            count=s.count if s.plural else None,
            notes=(s.note,),
        )
        for s in UI_STRINGS
    ]
    return sorted(messages, key=lambda m: m.context)
