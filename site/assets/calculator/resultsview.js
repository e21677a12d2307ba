// The calculator's results: every player's place and total, who won and why, and the
// breakdown (a table where the columns fit, a card per player on a phone); while problems
// stand, what is counted so far and each player's "at least" total.

import { labelList, rivalVerdict, sayVerdict, unscored, verdict } from "./explain.js";
import { given } from "./formkit.js";
import { el } from "./kit.js";

/**
 * @typedef {import("./scoresheet.js").Calculator} Calculator
 * @typedef {import("./runtime.js").Result} Result
 * @typedef {import("./runtime.js").Counted} Counted
 * @typedef {Result["players"][number]} PlayerResult
 * @typedef {Result["rivals"][number]} RivalResult
 * @typedef {(PlayerResult & {id?: undefined, rival?: undefined}) | (RivalResult & {decided_by?: undefined, against?: undefined, tiebreak?: undefined})} Standing  a line of the results: a player's, or a rival's beside them
 * @typedef {string | Node} Cell  what a cell of the breakdown shows
 */
/** A row of a breakdown: its label, a player's cell (by index), its key. @typedef {{label: Node, cell: (i: number) => Cell, key: string, cls?: string}} BreakdownRow */

/**
 * Per player, the least their total can be from what is entered. A category counts as
 * it stands unless it reads a faulty or missing input (the partial state holds its
 * default, for every player), or compares players and reads a field some player has
 * not filled in yet (a majority goes to whoever enters more later): such a category
 * counts at most 0 (its value with the defaults, when below 0; a category only goes
 * below 0 through an input whose least value is negative, and then no floor is given).
 * @param {Calculator} calc
 * @param {Counted} partial
 * @returns {{open: Set<string>, floors: (number | null)[]}} the categories not counted yet, and the floors
 */
export function counted(calc, partial) {
  const needs = calc.game.needs ?? {};
  const reads = needs.categories ?? {};
  const compared = new Set(needs.compared ?? []);
  const inputs = new Map(calc.game.scoring.inputs.map((x) => [x.id, x]));
  const least = (/** @type {string} */ id) => { const spec = inputs.get(id); return spec?.kind === "count" ? spec.min : undefined; };
  const negative = (/** @type {string} */ id) => (calc.game.limits?.[id]?.min ?? least(id) ?? 0) < 0;
  const rows = calc.values.slice(0, calc.count);
  const empty = (/** @type {string} */ id) => ["count", "sequence"].includes(inputs.get(id)?.kind ?? "") && rows.some((row) => !given(row[id]));
  /** @type {Set<string>} the categories not counted yet */
  const open = new Set();
  let unbounded = false;
  for (const [category, read] of Object.entries(reads)) {
    const faulty = /** @type {string[]} */ (read).filter((id) => partial.faulty.has(id));
    if (faulty.length || (compared.has(category) && /** @type {string[]} */ (read).some(empty))) open.add(category);
    if (faulty.some(negative)) unbounded = true;
  }
  const floors = partial.result.players.map((p) => {
    if (unbounded) return null;
    return Object.entries(p.breakdown ?? {}).reduce((sum, [id, v]) => sum + (open.has(id) ? Math.min(0, Number(v)) : Number(v)), 0);
  });
  return { open, floors };
}

/**
 * While problems stand, what is counted so far: a row per category whose inputs are
 * all in (and that someone scored in), and each player's "at least" total; the same
 * cards as the result on a phone.
 * @param {Calculator} calc
 * @param {Counted} partial
 */
export function soFar(calc, partial) {
  const t = calc.texts;
  if (calc.game.scoring.kind !== "points") return [];
  const { open, floors } = counted(calc, partial);
  const players = partial.result.players;
  const labels = Object.fromEntries(calc.game.scoring.categories.map((c) => [c.id, c.label]));
  const shown = Object.keys(players[0]?.breakdown ?? {}).filter((id) => !open.has(id) && players.some((p) => p.breakdown[id]));
  if (!shown.length) return [];
  /** @type {number[]} */
  const order = players.map((_, i) => i);
  /** @type {BreakdownRow[]} */
  const rows = shown.map((id) => ({ label: t.text(labels[id] ?? id, `scoring.categories.${id}.label`), cell: (i) => t.num(players[i].breakdown[id]), key: `breakdown.${id}` }));
  const floor = (/** @type {number} */ i) => { const n = floors[i]; return n == null ? "?" : t.t("calc_at_least", { total: t.num(n) }); };
  rows.push({ label: t.node("total"), cell: floor, key: "total", cls: "rb-strong" });
  return [
    el("p", { class: "rb-problems-title", "data-so-far-title": "" }, t.node("calc_so_far")),
    // Nobody has won anything yet: no star.
    breakdown(calc, players.map((p) => ({ ...p, winner: false })), order, rows, "so-far"),
  ];
}

/**
 * The result, for a table to read in one glance: every player's place and total, who
 * won and why first, then the breakdown with the players in rank order (winners first). A category
 * nobody scored in is one line under the table; the tiebreak row shows only when a tie
 * was broken (or could not be).
 * The empty fields that count (``blank``) are listed under the verdict, not above the
 * places: every player's place stays at the top.
 * @param {Calculator} calc
 * @param {Result} result @param {boolean} [titled] @param {Node[]} [blank]
 */
export function resultView(calc, result, titled = true, blank = []) {
  const t = calc.texts;
  if (!result) return [];
  const s = calc.game.scoring;
  const points = s.kind === "points";
  // The rivals beside the players, flagged (a neutral traveller has no total: its cells show "—").
  /** @type {Standing[]} */
  const players = [...result.players, ...(result.rivals ?? [])];
  const place = (/** @type {Standing} */ p) => p.rank ?? Infinity;
  /** @type {number[]} */
  const order = players.map((_, i) => i).sort((a, b) => place(players[a]) - place(players[b]) || a - b);
  const labels = Object.fromEntries(s.categories.map((c) => [c.id, c.label]));
  const keyLabels = Object.fromEntries(s.ranking.keys.map((k) => [k.value, k.label]));
  /** @type {BreakdownRow[]} */
  const rows = [];
  /** @param {Node} label @param {(p: Standing) => Cell} cell @param {string} key @param {string} [cls] */
  const row = (label, cell, key, cls) => rows.push({ label, cell: (i) => cell(players[i]), key, cls });
  const quiet = new Set(unscored(calc.game, result));
  for (const key of Object.keys(players[0]?.breakdown ?? {})) {
    if (quiet.has(key)) continue;
    row(t.text(labels[key] ?? key, `scoring.categories.${key}.label`), (p) => String(p.breakdown[key] ?? "—"), `breakdown.${key}`);
  }
  if (!points) {
    const key = s.ranking.keys[0];
    row(t.text(key.label, `scoring.ranking.${key.value}.label`), (p) => (p.key ?? []).join(" "), "key", "rb-strong");
  } else {
    row(t.node("total"), (p) => String(p.total ?? "—"), "total", "rb-strong");
  }
  row(t.node("rank"), (p) => String(p.rank ?? "—"), "rank");
  const first = s.ranking.keys[0].value;
  if (players.some((p) => p.decided_by && p.decided_by !== first)) {
    row(t.node("tiebreak"), (p) => (p.rival ? "" : tiebreak(calc, p, keyLabels)), "tiebreak", "rb-tiebreak");
  }
  const winners = result.winners ?? result.players.filter((p) => p.winner).map((p) => p.name);
  const amount = (/** @type {Standing} */ p) => (points ? t.count("points", /** @type {number} */ (p.total)) : (p.key ?? []).join(" "));
  // Against a rival (solo, a team) the margin to it says the outcome (scorer/verdict.py).
  const against = rivalVerdict(result);
  const why = against ? null : verdict(calc.game, result, t);
  const out = [
    ...(titled ? [el("h3", {}, t.node("results"))] : []),
    ...(players.length > 1 ? [standings(calc, players, order, amount)] : []),
    ...(against?.won === false ? [] : [outcome(calc, result, winners)]),
    ...(against ? [el("p", { class: "rb-verdict rb-outcome", "data-verdict": "", "data-outcome": against.won ? "won" : "lost" },
      el("strong", { text: sayVerdict(t, against, calc.game) }))] : []),
    ...(why ? [el("p", { class: "rb-verdict", "data-verdict": "", text: why })] : []),
    ...blank,
    breakdown(calc, players, order, rows, "result"),
    ...(quiet.size ? [el("p", { class: "rb-help", "data-unscored": "" },
      t.t("calc_unscored", { categories: labelList(t, [...quiet].map((id) => labels[id] ?? id)) }))] : []),
  ];
  // Against a ranked rival (the Automa), say what winning takes.
  if (s.ranking.win_requires_label && (result.rivals ?? []).some((r) => r.rank != null)) {
    out.push(el("p", { class: "rb-help", "data-win-requires": "" }, t.text(s.ranking.win_requires_label, "scoring.ranking.win_requires_label")));
  }
  if (result.notices?.length) {
    out.push(el("div", { class: "admonition warning rb-notices" },
      el("p", { class: "admonition-title" }, t.node("notices")),
      el("ul", {}, result.notices.map((n) => {
        const check = (s.end_checks ?? []).find((c) => c.message === n);
        return el("li", {}, t.text(n, check ? `scoring.end_checks.${check.id}.message` : ""));
      }))));
  }
  return out;
}

/**
 * Every player (and every rival that takes a place) with their place and total, in
 * place order, at the top of the results: a phone shows the whole table at once. Tied
 * players share their place's number ("1. Ben", "1. Chloe"), so the list numbers each
 * item itself instead of counting them.
 * @param {Calculator} calc
 * @param {Standing[]} players @param {number[]} order @param {(p: Standing) => string} amount
 */
function standings(calc, players, order, amount) {
  return el("ol", { class: "rb-standings", "data-standings": "" }, order.filter((i) => players[i].rank != null).map((i) =>
    el("li", { "data-standing": i, "data-rival": players[i].rival ? players[i].id : null, class: players[i].winner ? "rb-won" : null },
      el("span", { class: "rb-place", "data-place": players[i].rank, text: `${calc.texts.num(players[i].rank)}.` }), " ",
      el("strong", { text: players[i].name }), ` — ${amount(players[i])}`)));
}

/**
 * Who won: the winners' names; when nobody at the table wins against a rival that takes
 * a place (the Automa, Seishin), the rival's win and the table's loss, not "Winners: —".
 * @param {Calculator} calc
 * @param {Result} result @param {string[]} winners
 */
function outcome(calc, result, winners) {
  const t = calc.texts;
  const ranked = (result.rivals ?? []).filter((r) => r.rank != null);
  if (!winners.length && ranked.length && result.players.every((p) => p.decided_by !== "undecided")) {
    return el("p", { class: "rb-winners rb-outcome", "data-outcome": "lost" },
      el("strong", { text: t.t("calc_rival_wins", { rival: t.list(ranked.map((r) => r.name)) }) }));
  }
  return el("p", { class: "rb-winners" }, t.node("calc_winners", { count: winners.length }), t.colon(), el("strong", { "data-winners": "", text: winners.join(", ") || "—" }));
}

/**
 * The breakdown: a table with a column per player where the columns fit; on a phone a
 * card per player in place order, so no player's column sits out of view to the side.
 * Only the one the screen shows is built (a keystroke builds the results again), and
 * the results are built again when the screen changes width (calc() listens).
 * @param {Calculator} calc
 * @param {Standing[]} players @param {number[]} order @param {BreakdownRow[]} rows
 * @param {"result" | "so-far"} kind what the cells are marked with (data-result, data-so-far)
 */
function breakdown(calc, players, order, rows, kind) {
  const mark = kind === "result" ? "data-result" : "data-so-far";
  const name = (/** @type {number} */ i) => ({ "data-rival": players[i].rival ? players[i].id : null, class: players[i].winner ? "rb-won" : null,
    ...(kind === "result" ? { "data-result-name": i } : {}) });
  if (!calc.narrow?.matches) {
    const head = el("tr", {}, el("th", { scope: "col" }, calc.texts.node("players")),
      order.map((i) => el("th", { scope: "col", ...name(i) }, players[i].name)));
    const body = el("tbody", {}, rows.map((r) => el("tr", { class: r.cls ?? null, [`${mark}-row`]: r.key }, el("th", { scope: "row" }, r.label),
      order.map((i) => el("td", { [mark]: r.key, "data-player": i }, r.cell(i))))));
    return el("div", { class: "rb-scroll rb-table rb-calc-result" }, el("table", {}, el("thead", {}, head), body));
  }
  return el("div", { class: "rb-result-cards", "data-result-cards": "" }, order.map((i) =>
    el("section", { class: `rb-result-card${players[i].winner ? " rb-won-card" : ""}`, "data-result-card": i },
      el("p", { class: "rb-card-name" }, el("strong", { text: players[i].name, ...name(i) })),
      el("dl", {}, rows.flatMap((r) => {
        const cell = r.cell(i);
        if (cell === "" || cell == null) return [];
        return [el("div", { class: r.cls ?? null, [`${mark}-row`]: r.key }, el("dt", {}, r.label.cloneNode(true)), el("dd", { [mark]: r.key, "data-player": i }, cell))];
      })))));
}

/** Why a player has their place. @param {Calculator} calc @param {Standing} p @param {Record<string, string>} keyLabels */
function tiebreak(calc, p, keyLabels) {
  const t = calc.texts;
  if (!p.decided_by) return "—";
  if (p.decided_by === "undecided") return t.node("undecided");
  if (p.decided_by === "shared") return el("span", {}, t.node("shared_place"), p.against ? ` (${t.t("against", { name: p.against })})` : "");
  const step = (p.tiebreak ?? []).at(-1);
  const shown = (/** @type {unknown} */ v) => (Array.isArray(v) ? v.join(" ") : String(v));
  return el("span", {},
    t.text(keyLabels[p.decided_by] ?? p.decided_by, `scoring.ranking.${p.decided_by}.label`),
    step ? `${t.colon()}${shown(step.mine)} / ${shown(step.theirs)}` : "",
    p.against ? ` (${t.t("against", { name: p.against })})` : "");
}
