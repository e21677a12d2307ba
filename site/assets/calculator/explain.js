// Why each score: a sentence per awarded line, from the details score() gives per category
// (place, measure, tied_with, best, won, holder...), and the path that decided each place.
//
//   Temple: 10 points — place 1 with 5 (Coins given to the temple)
//   Collector: 3 points — shared — 7, tied with Olena
//   Won on tiebreak — Achievement cards: 3 against 2 (Olena)
//
// Every word comes from the page's interface strings (Words); labels come from the game's
// export, already in the page's language. The sentences are plain text.

/** The first award node of a value's computation, depth first. @param {any} node @returns {any} */
function award(node) {
  if (node === null || typeof node !== "object") return null;
  for (const kind of ["rank_award", "most", "held_award"]) if (node[kind]) return node[kind];
  for (const child of Array.isArray(node) ? node : Object.values(node)) {
    const found = award(child);
    if (found) return found;
  }
  return null;
}

/** The label of what an award measures, when it is an input (or the length of one). @param {any} game @param {any} of */
function measured(game, of) {
  const id = of?.input ?? of?.length?.input;
  return typeof id === "string" ? game.scoring.inputs?.find((/** @type {any} */ i) => i.id === id)?.label ?? null : null;
}

/**
 * Why one category scored what it did, or null when it has no details.
 * @param {import("./kit.js").Words} w @param {any} d the details @param {string | null} label what is measured
 * @param {(i: number) => string} nameOf
 */
export function reason(w, d, label, nameOf) {
  if (d === null || typeof d !== "object") return null;
  const measure = w.num(d.measure) + (label ? ` (${label})` : "");
  const tied = (d.tied_with ?? []).map(nameOf);
  const names = w.list(tied);
  if ("place" in d) {
    if (d.place == null) return w.t("calc_why_unplaced", { measure });
    if (d.gap_too_large) return w.t("calc_why_far", { place: w.num(d.place), measure });
    return w.t(tied.length ? "calc_why_place_tied" : "calc_why_place", { place: w.num(d.place), measure, names });
  }
  if (d.active === false) return w.t("calc_why_inactive");
  if (d.won && d.holder) return w.t(tied.length ? "calc_why_holder_tied" : "calc_why_holder", { measure, names });
  if (d.won) return w.t(tied.length ? "calc_why_most_tied" : "calc_why_most", { measure, names });
  if (tied.length) return w.t("calc_why_not_most", { measure, best: w.num(d.best), names });
  return w.t("calc_why_nobody", { measure });
}

/**
 * Where two ranking keys first differ: the 1-based position (0 for plain numbers) and the
 * two values there.
 * @param {any} mine @param {any} theirs
 */
export function firstDifference(mine, theirs) {
  if (!Array.isArray(mine) || !Array.isArray(theirs)) return { position: 0, mine, theirs };
  let k = 0;
  while (k < mine.length && k < theirs.length && mine[k] === theirs[k]) k++;
  return { position: k + 1, mine: mine[k] ?? "—", theirs: theirs[k] ?? "—" };
}

/**
 * How the player's place was decided, or null (a player alone).
 * @param {any} game @param {any} result @param {any} p one player of the result @param {import("./kit.js").Words} w
 */
export function rankingReason(game, result, p, w) {
  const keys = game.scoring.ranking.keys;
  const labelOf = (/** @type {string} */ value) => keys.find((/** @type {any} */ k) => k.value === value)?.label ?? value;
  if (!p.decided_by || p.against == null) return null;
  if (p.decided_by === "shared") return w.t("calc_why_shared", { name: p.against });
  const step = (p.tiebreak ?? []).find((/** @type {any} */ s) => s.key === p.decided_by) ?? {};
  const at = firstDifference(step.mine, step.theirs);
  const values = { key: labelOf(p.decided_by), mine: w.num(at.mine), theirs: w.num(at.theirs), name: p.against, position: w.num(at.position) };
  if (p.decided_by === keys[0].value) return w.t(at.position ? "calc_why_at" : "calc_why_decided", values);
  const other = result.players.find((/** @type {any} */ q) => q.name === p.against);
  return w.t(other && p.rank < other.rank ? "calc_why_tiebreak_won" : "calc_why_tiebreak_lost", values);
}

/**
 * The explanation of a result: per player, in the result's order, its name and lines.
 * @param {any} game the export (labels in the page's language) @param {any} result score()'s result
 * @param {import("./kit.js").Words} w
 * @returns {{name: string, lines: string[]}[]}
 */
export function explain(game, result, w) {
  const s = game.scoring;
  const points = s.kind === "points";
  const nameOf = (/** @type {number} */ i) => result.players[i]?.name ?? "?";
  const computes = Object.fromEntries((s.values ?? []).map((/** @type {any} */ v) => [v.id, v.compute]));
  return result.players.map((/** @type {any} */ p) => {
    const lines = [];
    if (!points) lines.push(`${s.ranking.keys[0].label}: ${w.num(p.key ?? [])}`);
    for (const c of s.categories) {
      if (!p.details || !Object.hasOwn(p.details, c.id)) continue;
      const why = reason(w, p.details[c.id], measured(game, award(computes[c.value])?.of), nameOf);
      const amount = p.breakdown?.[c.id] ?? 0;
      if (why) lines.push(`${c.label}: ${points ? w.count("points", amount) : w.num(amount)} — ${why}`);
    }
    const ranking = rankingReason(game, result, p, w);
    if (ranking) lines.push(ranking);
    if (p.rank === 1 && !p.winner && s.ranking.win_requires_label) lines.push(w.t("calc_why_no_win", { rule: s.ranking.win_requires_label }));
    return { name: p.name, lines };
  });
}
