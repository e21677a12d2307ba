// The table tools' modules for their tests, and a small game to try them on.
import { register } from "node:module";

register("./esm-hook.mjs", import.meta.url);

// Each module comes from the one file pages load, calculator.js, in the folder
// RULEBOOK_CALCULATOR names (tests/calculator/test_js_parity.py writes it as the site does); the bundle
// exports every module it joins by name. Without it (node run by hand), from the sources,
// whose stack traces are readable.
const shipped = process.env.RULEBOOK_CALCULATOR;
const bundle = shipped ? new URL(`file://${shipped.replace(/\/?$/, "/")}calculator.js`).href : null;
const sources = new URL("../../site/assets/calculator/", import.meta.url);

/** A calculator module by name ("share", "store", ...). @param {string} name */
export async function tool(name) {
  if (!bundle) return import(new URL(`${name}.js`, sources).href);
  const found = (await import(bundle))[name];
  if (!found) throw new Error(`calculator.js holds no module ${name}`);
  return found;
}

/** A game's export with every input kind, options of both kinds and a table input. */
export const GAME = {
  format: 1,
  game: "probe",
  names: { en: "Probe Quest", fr: "Quête sonde", uk: "Пробний квест" },
  players: { min: 2, max: 5 },
  scoring: {
    kind: "points",
    options: [
      { id: "expansion", kind: "flag", default: false, label: "Expansion" },
      { id: "reading", kind: "choice", default: "strict", label: "Reading", choices: [{ id: "strict", label: "Strict" }, { id: "loose", label: "Loose" }] },
    ],
    table: [{ id: "tile", label: "Tile", choices: [{ id: "north", label: "North" }, { id: "south", label: "South" }] }],
    inputs: [
      { id: "coins", kind: "count", label: "Coins given to the temple" },
      { id: "relic", kind: "flag", label: "Relic" },
      { id: "traveller", kind: "choice", label: "Traveller", choices: [{ id: "hiro", label: "Hiro" }, { id: "kinko", label: "Kinko" }] },
      { id: "arrival", kind: "position", label: "Arrival" },
      { id: "pile", kind: "sequence", label: "Pile" },
      { id: "souvenirs", kind: "count", label: "Souvenirs" },
    ],
    values: [
      { id: "temple_points", compute: { rank_award: { of: { input: "coins" }, awards: [10, 7, 4], ties: "dense", at_least: 1 } } },
      { id: "collector_points", compute: { most: { of: { sum: [{ input: "souvenirs" }, 1] }, points: 3 } } },
      { id: "relic_points", compute: { if: { cond: { input: "relic" }, then: { held_award: { of: { length: { input: "pile" } }, holder: { input: "relic" }, holder_points: 10, other_points: 3 } }, else: 0 } } },
      { id: "plain", compute: { input: "souvenirs" } },
    ],
    categories: [
      { id: "temple", label: "Temple", value: "temple_points" },
      { id: "collector", label: "Collector", value: "collector_points" },
      { id: "relic", label: "Relic objective", value: "relic_points" },
      { id: "souvenirs", label: "Souvenirs", value: "plain" },
    ],
    ranking: { keys: [{ value: "total", label: "Points", better: "higher" }, { value: "achievements", label: "Achievement cards", better: "higher" }] },
  },
};

/** Interface strings as the island carries them (English). */
export const UI = {
  default_player: "Player {n}",
  copied: "Copied",
  calc_chart: "Each player's score by category",
  calc_explain_line: "{category}: {points}",
  calc_explain_line_why: "{category}: {points} — {why}",
  calc_verdict: "{name} wins with {amount}, {gap} ahead of {other}; the biggest gains: {categories}",
  calc_verdict_plain: "{name} wins with {amount}, {gap} ahead of {other}",
  calc_verdict_tiebreak: "{name} wins with {amount}, level with {other}, ahead on the tiebreaker: {key}",
  calc_verdict_shared: "{names} share the win with {amount}",
  calc_verdict_key: "{name} wins. {reason}",
  calc_why_place: "place {place}, with {measure}",
  calc_why_place_tied: "place {place}, shared with {names}, with {measure}",
  calc_why_far: "place {place}, with {measure}, but too far behind the leader",
  calc_why_unplaced: "not ranked, with {measure}",
  calc_why_most: "the most, with {measure}",
  calc_why_most_tied: "the most, with {measure}, level with {names}",
  calc_why_not_most: "{measure}, against {best} for {names}",
  calc_why_nobody: "{measure}; nobody has enough",
  calc_why_inactive: "nobody activated it",
  calc_why_holder: "activated it and has the most, with {measure}",
  calc_why_holder_tied: "activated it and has the most, with {measure}, level with {names}",
  calc_why_decided: "{key}: {mine} against {theirs} for {name}",
  calc_why_at: "{key}: in position {position}, {mine} against {theirs} for {name}",
  calc_why_tiebreak_won: "Level with {name}, ahead on the tiebreaker — {key}: {mine} against {theirs}",
  calc_why_tiebreak_lost: "Level with {name}, behind on the tiebreaker — {key}: {mine} against {theirs}",
  calc_why_shared: "Shared place: tied with {name} on every tiebreaker",
  calc_why_no_win: "First place, but not a win: {rule}",
  calc_why_lead: "leads it",
  calc_why_lead_tied: "leads it, level with {names}",
  calc_why_holder_lead: "activated it and leads it",
  calc_why_holder_lead_tied: "activated it and leads it, level with {names}",
  calc_why_behind: "behind {names}",
  calc_why_no_lead: "nobody leads it",
  calc_items: "{a}; {b}",
};

/** An island in English, with the count phrase of points. */
export const ISLAND = {
  language: "en",
  ui: UI,
  counts: { points: { lang: "en", forms: { one: "{count} point", other: "{count} points" } } },
};

/** Names that would do harm if they were ever read as markup, a URL or a pattern. */
export const HOSTILE_NAMES = [
  "<img src=x onerror=alert(1)>",
  "</script><script>alert(1)</script>",
  "\"><svg onload=alert(1)>",
  "javascript:alert(1)",
  "{names} {place} $& $1",
  "a;b,c+d%2Ce#f&g=h",
  "Олена 🎲",
  "O'Brien \\ `x`",
];
