"""The interface messages scoring descriptions are made of (scorer.describe).

They join the ``ui`` catalog (rulebook/i18n/ui.py adds them to its strings), so each is
translated in locales/<lang>/LC_MESSAGES/ui.po under the context ``ui.<key>``. The English
text here is the source and the fallback. ``{name}`` placeholders are filled with other
parts of a description: a quoted label, a number, a count phrase, another message.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Message:
    key: str
    text: str
    note: str
    plural: str | None = None


_NOTE = "Scoring described in words (the site's 'How scores are counted'). "

MESSAGES: tuple[Message, ...] = (
    Message(
        "describe_quoted",
        "“{label}”",
        _NOTE + "A name from the game (an input, a category) quoted.",
    ),
    Message("describe_and", "{a} and {b}", _NOTE + "Two conditions or names that both hold."),
    Message("describe_or", "{a} or {b}", _NOTE + "Two conditions or names, either one."),
    Message("describe_list", "{a}, {b}", _NOTE + "A list of names, before its last 'and' or 'or'."),
    Message(
        "describe_points_value",
        "{value} points",
        _NOTE + "Points given by a number computed in the game ('“Bounty” points').",
    ),
    Message(
        "describe_clauses", "{a}; {b}", _NOTE + "Two clauses of one rule, one after the other."
    ),
    Message(
        "describe_with",
        "with {what}",
        _NOTE + "A condition: an option (an expansion, a variant) is on.",
    ),
    Message(
        "describe_without",
        "without {what}",
        _NOTE + "A condition: an option is off.",
    ),
    Message(
        "describe_lacks",
        "without {what}",
        _NOTE + "A condition: a player has none of something (a card, a count).",
    ),
    Message(
        "describe_player_count",
        "the number of players",
        _NOTE + "The number of players at the table.",
    ),
    Message(
        "describe_players_eq",
        "with {players}",
        _NOTE + "A condition on the player count; {players} is a count phrase such as '3 players'.",
    ),
    Message(
        "describe_players_ne",
        "not with {players}",
        _NOTE + "A condition on the player count; {players} is a count phrase.",
    ),
    Message(
        "describe_players_at_least",
        "with {players} or more",
        _NOTE + "A condition on the player count; {players} is a count phrase.",
    ),
    Message(
        "describe_players_at_most",
        "with at most {players}",
        _NOTE + "A condition on the player count; {players} is a count phrase.",
    ),
    Message("describe_total", "the total", _NOTE + "A player's total points."),
    Message(
        "describe_rival",
        "{what} of {rival}",
        _NOTE + "A number of a non-player participant (the Automa, the neutral traveller).",
    ),
    Message(
        "describe_choice_data",
        "the number that goes with the choice of {of}: {values}",
        _NOTE + "A number printed on what was chosen; {values} lists each choice with its number.",
    ),
    Message(
        "describe_choice_value",
        "{choice}: {value}",
        _NOTE + "One choice and its number, in a list.",
    ),
    Message(
        "describe_entered",
        "the number entered for {what}",
        _NOTE + "A number players count on the table and enter as it is.",
    ),
    Message(
        "describe_per",
        "{points} for each: {what}",
        _NOTE + "{points} is a count phrase ('6 points'); {what} what is counted.",
    ),
    Message(
        "describe_per_group",
        "{points} for every {size}: {what}",
        _NOTE + "'1 point for every 3: goods left'.",
    ),
    Message(
        "describe_floor_div", "{what} ÷ {size}, rounded down", _NOTE + "A whole-number division."
    ),
    Message(
        "describe_minimum", "the smallest of: {items}", _NOTE + "The smallest of several numbers."
    ),
    Message(
        "describe_maximum", "the largest of: {items}", _NOTE + "The largest of several numbers."
    ),
    Message(
        "describe_table", "{values}", _NOTE + "A printed list of numbers, such as '0 / 1 / 3 / 6'."
    ),
    Message(
        "describe_table_points",
        "{values} points",
        _NOTE + "A printed list of points, such as '0 / 1 / 3 / 6 points'.",
    ),
    Message(
        "describe_lookup",
        "{values} for 0, 1, 2… of {index}",
        _NOTE + "A printed table read by a number: the first entry for 0, the next for 1...",
    ),
    Message(
        "describe_lookup_zero",
        "{lookup}, and 0 for more",
        _NOTE + "After a printed table: beyond its end, nothing.",
    ),
    Message(
        "describe_lookup_last",
        "{lookup}, and {last} for more",
        _NOTE + "After a printed table: beyond its end, its last entry.",
    ),
    Message(
        "describe_if",
        "{cond}: {then}",
        _NOTE + "Something that counts only when a condition holds.",
    ),
    Message(
        "describe_if_else",
        "{cond}: {then}; otherwise {otherwise}",
        _NOTE + "One thing or another, by a condition.",
    ),
    Message(
        "describe_is",
        "{what} is {choices}",
        _NOTE + "A choice (a traveller, a reading) is one of the listed ones.",
    ),
    Message(
        "describe_is_not", "{what} is not {choices}", _NOTE + "A choice is none of the listed ones."
    ),
    Message("describe_not", "not ({what})", _NOTE + "A condition that does not hold."),
    Message(
        "describe_count_at_least",
        "how many of {values} reach {at_least}",
        _NOTE + "A count of the numbers listed that are at least {at_least}.",
    ),
    Message(
        "describe_length",
        "the number of items in {what}",
        _NOTE + "The size of a pile entered card by card.",
    ),
    Message(
        "describe_last",
        "the top item of {what}",
        _NOTE + "The last card of a pile entered card by card.",
    ),
    Message(
        "describe_sum_items",
        "the sum of the items in {what}",
        _NOTE + "The values of a pile's cards (or tokens) added up.",
    ),
    Message(
        "describe_count_equal",
        "the number of items worth {value} in {what}",
        _NOTE + "How many cards of a pile have this value.",
    ),
    Message(
        "describe_row_field",
        "the row’s {field}",
        _NOTE + "A number of one row of a list (an open feature's size), inside a rule "
        "applied to each row.",
    ),
    Message(
        "describe_rows_sum",
        "{each} for each row of {rows}, added up",
        _NOTE + "A rule applied to every row of a list (each open feature) and summed.",
    ),
    Message(
        "describe_rows_count",
        "the number of rows of {rows}",
        _NOTE + "How many rows a list holds (open features).",
    ),
    Message(
        "describe_rows_count_where",
        "the number of rows of {rows} where {where}",
        _NOTE + "How many rows of a list meet a condition.",
    ),
    Message(
        "describe_rows_award",
        "{awards} to the 1st, 2nd, 3rd… row of {rows}, ranked by {measure}",
        _NOTE + "Points by place among one player's rows; {awards} is a list such as "
        "'5 / 3 points'.",
    ),
    Message(
        "describe_rows_ties_dense",
        "tied rows take the same place, and the next number takes the next place",
        _NOTE + "Tie policy of an award among a player's rows.",
    ),
    Message(
        "describe_rows_ties_competition",
        "tied rows take the same place, and the places they fill are skipped",
        _NOTE + "Tie policy of an award among a player's rows.",
    ),
    Message(
        "describe_rows_ties_pool_floor",
        "tied rows add up the points of the places they fill and share them, rounded down",
        _NOTE + "Tie policy of an award among a player's rows.",
    ),
    Message(
        "describe_rows_ties_pool_nearest",
        "tied rows add up the points of the places they fill and share them, rounded to the nearest whole number (halves round down)",
        _NOTE + "Tie policy of an award among a player's rows.",
    ),
    Message(
        "describe_sets",
        "sets of different kinds among {families}: the 1st, 2nd, 3rd… different item of a set scores {values}",
        _NOTE + "Set collection; {values} is a list of points such as '1 / 3 / 5 / 7 points'.",
    ),
    Message(
        "describe_sorted",
        "{values}, sorted from the smallest",
        _NOTE + "A ranking key: numbers sorted, then compared one by one.",
    ),
    Message(
        "describe_sorted_descending",
        "{values}, sorted from the largest",
        _NOTE + "A ranking key: numbers sorted, then compared one by one.",
    ),
    Message(
        "describe_sorted_keep",
        "{sorted}, keeping the {keep} largest",
        _NOTE + "Only some of the sorted numbers count.",
    ),
    Message(
        "describe_best_assignment",
        "{target}, with the wildcards ({wildcards}) placed for the best result on {among}",
        _NOTE + "Wild units a player places as best suits them. {wildcards} is a number or"
        " the name of what counts them, so it stands in brackets, not before the noun.",
    ),
    Message(
        "describe_rank_award",
        "{awards} to the 1st, 2nd, 3rd… by {measure}",
        _NOTE + "Points by place on a measure; {awards} is a list such as '10 / 7 / 4 points'.",
    ),
    Message(
        "describe_awards_of",
        "the points printed on {table}",
        _NOTE + "Awards read from a tile or card chosen for the table.",
    ),
    Message(
        "describe_others",
        "{points} to each other player taking part",
        _NOTE + "After the listed places, what everyone else who takes part scores.",
    ),
    Message(
        "describe_at_least",
        "at least {at_least} to take part",
        _NOTE + "The least a player needs to be ranked at all.",
    ),
    Message(
        "describe_max_gap",
        "after the first, only players within {gap} of the leader score",
        _NOTE + "A ranked award where players far behind the first get nothing.",
    ),
    Message(
        "describe_gap_of",
        "the distance printed on {table}",
        _NOTE + "The largest gap to the leader, read from a chosen tile.",
    ),
    Message(
        "describe_ties_dense",
        "tied players take the same place, and the next number takes the next place",
        _NOTE + "Tie policy of a ranked award.",
    ),
    Message(
        "describe_ties_competition",
        "tied players take the same place, and the places they fill are skipped",
        _NOTE + "Tie policy of a ranked award.",
    ),
    Message(
        "describe_ties_pool_floor",
        "tied players add up the points of the places they fill and share them, rounded down",
        _NOTE + "Tie policy of a ranked award.",
    ),
    Message(
        "describe_ties_pool_nearest",
        "tied players add up the points of the places they fill and share them, rounded to the nearest whole number (halves round down)",
        _NOTE + "Tie policy of a ranked award.",
    ),
    Message(
        "describe_rivals_take_part",
        "{award} (also ranked, without points: {rivals})",
        _NOTE
        + "Non-player participants (the neutral traveller, the Automa) take part in a ranking.",
    ),
    Message(
        "describe_most",
        "{points} to each player with the most ({measure}), ties included",
        _NOTE + "A majority: everyone tied for the most scores it.",
    ),
    Message(
        "describe_with_least",
        "{award} (at least {at_least})",
        _NOTE + "The least a player needs to win the award.",
    ),
    Message(
        "describe_held_award",
        "once activated ({holder}): among the players with the most ({measure}), {holder_points} to the one who activated it and {other_points} to each of the others",
        _NOTE + "An objective a player activated; {holder} says who holds it.",
    ),
    Message(
        "describe_table_sum",
        "the total over all players of {what}",
        _NOTE + "A number added up over the whole table.",
    ),
    Message(
        "describe_neighbours_sum",
        "the sum of ({what}) over the players {offsets} seats away",
        _NOTE
        + "Neighbours: {offsets} such as '−1 and +1' (the previous and the next player in seat order).",
    ),
    Message(
        "describe_neighbours_maximum",
        "the largest of ({what}) among the players {offsets} seats away",
        _NOTE + "Neighbours: {offsets} such as '−1 and +1'.",
    ),
    Message(
        "describe_neighbours_minimum",
        "the smallest of ({what}) among the players {offsets} seats away",
        _NOTE + "Neighbours: {offsets} such as '−1 and +1'.",
    ),
    Message(
        "describe_neighbours_seat",
        "{neighbours} (seat order from {seat})",
        _NOTE + "Where the seat order comes from.",
    ),
)

#: Count phrases of the ``ui`` catalog the descriptions use (defined in rulebook/i18n/ui.py;
#: repeated here only as the fallback when no catalog is at hand).
COUNT_KEYS: dict[str, Message] = {
    "points": Message("points", "{count} point", "", "{count} points"),
    "player_count_phrase": Message("player_count_phrase", "{count} player", "", "{count} players"),
}
