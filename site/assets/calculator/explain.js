// Why each score: a sentence per awarded line, from the details score() gives per category
// (place, measure, tied_with, best, won, holder...), and the path that decided each place.
//
//   Temple: 10 points — place 1, with 5 (Coins given to the temple)
//   Collector: 3 points — the most, with 7, level with Olena
//   Level with Olena, ahead on the tiebreaker — Achievement cards: 3 against 2
//
// Every word comes from the page's interface strings (Words); labels come from the game's
// export, already in the page's language. The sentences are plain text.

/**
 * @typedef {import("../../../tools/typecheck/export").CalculatorExport} CalculatorExport
 * @typedef {import("../../../tools/typecheck/export").Expr} Expr
 * @typedef {import("../../../tools/typecheck/export").Value} Declared  a value of the scoring
 * @typedef {import("../../../tools/typecheck/export").RankAwardSpec | import("../../../tools/typecheck/export").MostSpec | import("../../../tools/typecheck/export").HeldAwardSpec} Award
 * @typedef {import("./values.js").Value} Value
 * @typedef {import("./values.js").Row} Row
 * @typedef {import("./scoring.js").TableState} TableState
 * @typedef {ReturnType<typeof import("./scoring.js").score>} Result  score()'s
 * @typedef {Result["players"][number]} PlayerResult
 * @typedef {Result["rivals"][number]} RivalResult
 */

/** The first award node of a value's computation, depth first. @param {Value | undefined} node @returns {Award | null} */
function award(node) {
  if (node == null || typeof node !== "object") return null;
  for (const kind of ["rank_award", "most", "held_award"]) if (/** @type {Row} */ (node)[kind]) return /** @type {Award} */ (/** @type {Row} */ (node)[kind]);
  for (const child of Array.isArray(node) ? node : Object.values(node)) {
    const found = award(child);
    if (found) return found;
  }
  return null;
}

/** The label of what an award measures, when it is an input (or the length of one). @param {CalculatorExport} game @param {Expr | undefined} of */
function measured(game, of) {
  const node = /** @type {Row | undefined} */ (of != null && typeof of == "object" ? of : undefined);
  const id = node?.input ?? /** @type {Row | undefined} */ (node?.length)?.input;
  return typeof id === "string" ? game.scoring.inputs?.find((i) => i.id === id)?.label ?? null : null;
}

/**
 * Labels joined as a list the reader can still split: the language's "A, B and C", or
 * "A; B; C" (the language's own "; ") when a label holds a comma or that "and" itself
 * ("Influence, region 4", "Murasame and Masamune").
 * @param {import("./kit.js").Words} w @param {string[]} labels
 */
export function labelList(w, labels) {
  // The language's own word between two items ("and", "et", "і"): a label holding it
  // ("Murasame and Masamune") would blur the list as much as a comma.
  const joiner = w.list(["\u0001", "\u0002"]).slice(1, -1).trim();
  const blurs = (/** @type {string} */ l) => /[,،、]/.test(l) || (joiner !== "" && ` ${l} `.includes(` ${joiner} `));
  if (!labels.some(blurs)) return w.list(labels);
  return labels.reduce((a, b) => w.t("calc_items", { a, b }));
}

/**
 * "Winner" or "Winners", as many as there are names (the language's plural rules).
 * @param {import("./kit.js").Words} w @param {number} count
 */
export function winnersLabel(w, count) {
  return w.t("calc_winners", { count });
}

/**
 * The number inputs a value reads, in the order it reads them (through the values it reads).
 * @param {CalculatorExport} game @param {Value | undefined} node a value's computation @param {Set<string>} [seen] values already walked
 * @returns {string[]}
 */
export function inputsRead(game, node, seen = new Set()) {
  if (node === null || typeof node !== "object") return [];
  if (!Array.isArray(node) && typeof node.input === "string") return [node.input];
  if (!Array.isArray(node) && typeof node.value === "string" && Object.keys(node).length === 1) {
    if (seen.has(node.value)) return [];
    seen.add(node.value);
    const found = (game.scoring.values ?? []).find((v) => v.id === node.value);
    return found ? inputsRead(game, found.compute, seen) : [];
  }
  const all = (Array.isArray(node) ? node : Object.values(node)).flatMap((child) => inputsRead(game, child, seen));
  return [...new Set(all)];
}

/** Keys of a computation whose entries would not all count: a condition, an option, a choice. */
const GATED = new Set(["if", "cond", "option", "is", "when", "choice_data", "rival"]);

/**
 * Whether every number a computation reads is a count the player entered, read whatever
 * else holds: then listing those counts says how the points came. A condition (Nile's
 * DeLuxor, River of Gold's delivered Elder) or a yes/no entry would list numbers that did
 * not count.
 * @param {CalculatorExport} game @param {Value | undefined} node @param {Set<string>} [seen]
 * @returns {boolean}
 */
export function plainCount(game, node, seen = new Set()) {
  if (node === null || typeof node !== "object") return true;
  if (Array.isArray(node)) return node.every((child) => plainCount(game, child, seen));
  if (Object.keys(node).some((k) => GATED.has(k))) return false;
  if (typeof node.input === "string") return (game.scoring.inputs ?? []).some((i) => i.id === node.input && i.kind === "count");
  if (typeof node.value === "string" && Object.keys(node).length === 1) {
    if (seen.has(node.value)) return true;
    seen.add(node.value);
    const found = (game.scoring.values ?? []).find((v) => v.id === node.value);
    return !!found && plainCount(game, found.compute, seen);
  }
  return Object.values(node).every((child) => plainCount(game, child, seen));
}

/**
 * What a player entered for a plain count, as "Label: number" items, or null when it
 * would say nothing the points do not (one entry equal to the points, or nothing entered)
 * or could mislead (see plainCount).
 * @param {import("./kit.js").Words} w @param {CalculatorExport} game @param {Declared | undefined} value the category's value
 * @param {Row | undefined} row the player's entries @param {number} amount the points
 */
export function entered(w, game, value, row, amount) {
  if (!row || !value || !plainCount(game, value.compute)) return null;
  const inputs = game.scoring.inputs ?? [];
  const items = inputsRead(game, value.compute)
    .map((id) => inputs.find((i) => i.id === id))
    .flatMap((spec) => (spec && spec.kind === "count" && typeof row[spec.id] === "number" && row[spec.id] !== 0 ? [spec] : []))
    .map((spec) => ({ label: String(spec.label), n: /** @type {number} */ (row[spec.id]) }));
  if (!items.length || (items.length === 1 && items[0].n === amount)) return null;
  return items.map(({ label, n }) => `${label}${w.colon()}${w.num(n)}`).reduce((a, b) => w.t("calc_items", { a, b }));
}

/**
 * Why one category scored what it did, or null when it has no details. A measure that is
 * a yes/no entry (Momiji's "you fulfil the other objective best") is never shown as a
 * value: the sentence says who leads instead.
 * @param {import("./kit.js").Words} w @param {Value} details an award's (mechanics.js Detail) @param {string | null} label what is measured
 * @param {(i: number) => string} nameOf
 */
export function reason(w, details, label, nameOf) {
  if (details === null || typeof details !== "object") return null;
  const d = /** @type {import("./mechanics.js").Detail} */ (details);
  const flag = typeof d.measure === "boolean";
  const measure = w.num(d.measure) + (label ? ` (${label})` : "");
  const tied = /** @type {number[]} */ (d.tied_with ?? []).map(nameOf);
  const names = w.list(tied);
  if ("place" in d) {
    if (d.place == null) return w.t("calc_why_unplaced", { measure });
    if (d.gap_too_large) return w.t("calc_why_far", { place: w.num(d.place), measure });
    return w.t(tied.length ? "calc_why_place_tied" : "calc_why_place", { place: w.num(d.place), measure, names });
  }
  if (d.active === false) return w.t("calc_why_inactive");
  const tie = tied.length ? "_tied" : "";
  if (flag) {
    if (d.won) return w.t(`calc_why_${d.holder ? "holder_lead" : "lead"}${tie}`, { names });
    return w.t(tied.length ? "calc_why_behind" : "calc_why_no_lead", { names });
  }
  if (d.won) return w.t(`calc_why_${d.holder ? "holder" : "most"}${tie}`, { measure, names });
  if (tied.length) return w.t("calc_why_not_most", { measure, best: w.num(d.best), names });
  return w.t("calc_why_nobody", { measure });
}

/**
 * Where two ranking keys first differ: the 1-based position (0 for plain numbers) and the
 * two values there.
 * @param {Value | undefined} mine @param {Value | undefined} theirs
 */
export function firstDifference(mine, theirs) {
  if (!Array.isArray(mine) || !Array.isArray(theirs)) return { position: 0, mine, theirs };
  let k = 0;
  while (k < mine.length && k < theirs.length && mine[k] === theirs[k]) k++;
  return { position: k + 1, mine: mine[k] ?? "—", theirs: theirs[k] ?? "—" };
}

/**
 * How the player's place was decided, or null (a player alone).
 * @param {CalculatorExport} game @param {Result} result @param {PlayerResult} p one player of the result @param {import("./kit.js").Words} w
 */
export function rankingReason(game, result, p, w) {
  const keys = game.scoring.ranking.keys;
  const labelOf = (/** @type {string} */ value) => keys.find((k) => k.value === value)?.label ?? value;
  if (!p.decided_by || p.against == null) return null;
  if (p.decided_by === "shared") return w.t("calc_why_shared", { name: p.against });
  /** @type {Partial<import("./scoring.js").Compared>} */
  const step = (p.tiebreak ?? []).find((s) => s.key === p.decided_by) ?? {};
  const at = firstDifference(step.mine, step.theirs);
  const values = { key: labelOf(p.decided_by), mine: w.num(at.mine), theirs: w.num(at.theirs), name: p.against, position: w.num(at.position) };
  if (p.decided_by === keys[0].value) {
    // Points decide a points game: the lines above and the verdict say it already.
    if (game.scoring.kind === "points" && !at.position) return null;
    return w.t(at.position ? "calc_why_at" : "calc_why_decided", values);
  }
  const other = result.players.find((q) => q.name === p.against);
  return w.t(other && p.rank < other.rank ? "calc_why_tiebreak_won" : "calc_why_tiebreak_lost", values);
}

/** The ids of the categories nobody scored anything in (awards nobody won), in order. @param {CalculatorExport} game @param {Result} result */
export function unscored(game, result) {
  // A ranked rival's points count like a player's: a category only Seishin scored in keeps
  // its row, or the rival's column would not add up to its total.
  /** @type {{breakdown?: Record<string, number>}[]} */
  const everyone = [...result.players, ...(result.rivals ?? []).filter((r) => r.breakdown)];
  return game.scoring.categories
    .filter((c) => everyone.some((p) => Object.hasOwn(p.breakdown ?? {}, c.id)))
    .filter((c) => everyone.every((p) => !p.breakdown?.[c.id]))
    .map((c) => c.id);
}

/**
 * The explanation of a result: per player, in the result's order, its name, rank and lines.
 * A category nobody scored in has no line (the result says so once, see unscored()); a
 * category without details (a plain count) says its points and, given the state, the
 * numbers the player entered for it ("Meals: 24 points — Meals at 1 coin: 2; …"): how it
 * is counted is the scoring page's sentence, not a formula read aloud in a result.
 * @param {CalculatorExport} game the export (labels in the page's language) @param {Result} result score()'s result
 * @param {import("./kit.js").Words} w @param {{players?: Row[]} | null} [state] the end state scored: a plain count says what was entered
 * @returns {{name: string, rank: number, lines: string[]}[]}
 */
export function explain(game, result, w, state = null) {
  const s = game.scoring;
  const points = s.kind === "points";
  const nameOf = (/** @type {number} */ i) => result.players[i]?.name ?? "?";
  const computes = Object.fromEntries((s.values ?? []).map((v) => [v.id, v.compute]));
  const quiet = new Set(unscored(game, result));
  const valueOf = Object.fromEntries((s.values ?? []).map((v) => [v.id, v]));
  return result.players.map((p, seat) => {
    const lines = [];
    // The colon and dash come from the language's strings: French sets a space before ":".
    const line = (/** @type {string} */ category, /** @type {string} */ shown, /** @type {string | null} */ why) =>
      why ? w.t("calc_explain_line_why", { category, points: shown, why }) : w.t("calc_explain_line", { category, points: shown });
    if (!points) lines.push(line(s.ranking.keys[0].label, w.num(p.key ?? []), null));
    for (const c of s.categories) {
      if (quiet.has(c.id) || !Object.hasOwn(p.breakdown ?? {}, c.id)) continue;
      const amount = p.breakdown?.[c.id] ?? 0;
      const shown = points ? w.count("points", amount) : w.num(amount);
      const details = p.details && Object.hasOwn(p.details, c.id) ? p.details[c.id] : null;
      const why = details == null ? null : reason(w, details, measured(game, award(computes[c.value])?.of), nameOf);
      if (why) lines.push(line(c.label, shown, why));
      else if (details == null && amount && points) lines.push(line(c.label, shown, entered(w, game, valueOf[c.value], state?.players?.[seat], amount)));
    }
    const ranking = rankingReason(game, result, p, w);
    if (ranking) lines.push(ranking);
    if (p.rank === 1 && !p.winner && s.ranking.win_requires_label) lines.push(w.t("calc_why_no_win", { rule: s.ranking.win_requires_label }));
    return { name: p.name, rank: p.rank, lines };
  });
}

/**
 * One sentence on why the winner won, or null (nobody won, a single player):
 * "Dee wins with 86 points, 5 points ahead of Bo; the biggest gains: Temple and Collector".
 * @param {CalculatorExport} game @param {Result} result @param {import("./kit.js").Words} w
 * @returns {string | null}
 */
export function verdict(game, result, w) {
  const s = game.scoring;
  const players = result.players;
  const winners = players.filter((p) => p.winner);
  if (!winners.length || players.length < 2) return null;
  if (winners.length > 1) {
    // A points game's totals are numbers (null only in a game of ranking keys).
    const amount = s.kind === "points" ? w.count("points", /** @type {number} */ (winners[0].total)) : w.num(winners[0].key ?? []);
    return w.t("calc_verdict_shared", { names: w.list(winners.map((p) => p.name)), amount });
  }
  const best = winners[0];
  const others = players.filter((p) => p !== best).sort((a, b) => a.rank - b.rank);
  const next = others[0];
  if (s.kind !== "points") {
    const why = rankingReason(game, result, best, w);
    return why ? w.t("calc_verdict_key", { name: best.name, reason: why }) : null;
  }
  const labels = Object.fromEntries(s.categories.map((c) => [c.id, c.label]));
  const [total, nextTotal] = /** @type {number[]} */ ([best.total, next.total]);
  const gap = total - nextTotal;
  if (gap === 0) {
    const key = s.ranking.keys.find((k) => k.value === best.decided_by)?.label ?? best.decided_by;
    return w.t("calc_verdict_tiebreak", { name: best.name, amount: w.count("points", total), other: next.name, key });
  }
  const ahead = Object.keys(best.breakdown ?? {})
    .map((id) => ({ id, by: (best.breakdown[id] ?? 0) - (next.breakdown?.[id] ?? 0) }))
    .filter((d) => d.by > 0)
    .sort((a, b) => b.by - a.by)
    .slice(0, 2)
    .map((d) => labels[d.id] ?? d.id);
  const values = { name: best.name, amount: w.count("points", total), gap: w.count("points", gap), other: next.name, categories: labelList(w, ahead) };
  // With a single category the gains say nothing the total did not.
  return w.t(ahead.length && s.categories.length > 1 ? "calc_verdict" : "calc_verdict_plain", values);
}

// ----------------------------------------------------------------------------------------
// The verdict against a rival, as scorer/verdict.py gives it (the parity tests compare them)
// ----------------------------------------------------------------------------------------

/**
 * @typedef {{key: string, rival_id: string, rival: string, name: string | null, gap: number | null, amount: number | null, won: boolean}} RivalVerdict
 */

/**
 * The ranked rival with the most points (the first declared on a tie), or null.
 * @param {Result} result @returns {RivalResult & {total: number} | null}
 */
function strongestRival(result) {
  /** @type {RivalResult & {total: number} | null} */
  let best = null;
  for (const r of result.rivals ?? []) {
    if (r.rank == null || !Number.isInteger(r.total)) continue;
    const scored = /** @type {RivalResult & {total: number}} */ (r); // a whole number
    if (best === null || scored.total > best.total) best = scored;
  }
  return best;
}

/**
 * The verdict of a solo or team game against a ranked rival (the Automa, Seishin), or
 * null: for a game without points, without a ranked rival, for several players who do
 * not play as a team (verdict() says their winner), and while a tie among the players is
 * undecided. Data, not words: sayVerdict() words it.
 * @param {Result} result score()'s result
 * @returns {RivalVerdict | null}
 */
export function rivalVerdict(result) {
  const given = result.players ?? [];
  const rival = strongestRival(result);
  if (rival === null || !given.length || given.some((p) => p.total == null)) return null;
  if (given.some((p) => p.decided_by === "undecided")) return null;
  const players = /** @type {(PlayerResult & {total: number})[]} */ (given); // every total a number
  const ids = { rival_id: String(rival.id), rival: String(rival.name) };
  /** @param {string} key @param {string | null} name @param {number | null} gap @param {number | null} amount @param {boolean} won @returns {RivalVerdict} */
  const said = (key, name, gap, amount, won) => ({ key, ...ids, name, gap, amount, won });
  if (players.length === 1) {
    const p = players[0];
    const margin = p.total - rival.total;
    const won = !!p.winner;
    if (margin === 0) return said(won ? "calc_rival_solo_tie_won" : "calc_rival_solo_tie_lost", null, null, rival.total, won);
    if (margin > 0) return said(won ? "calc_rival_solo_won" : "calc_rival_solo_unmet", null, margin, null, won);
    return said(won ? "calc_rival_solo_won_behind" : "calc_rival_solo_lost", null, -margin, null, won);
  }
  if (!result.team) return null;
  // Said by the player closest to the rival (the first seat on a tie): they decide a win
  // or a loss on points for the whole team.
  const closest = players.reduce((a, b) => (b.total < a.total ? b : a));
  const margin = closest.total - rival.total;
  const who = String(closest.name);
  if (players.every((p) => p.winner)) {
    return margin > 0 ? said("calc_rival_team_won", who, margin, null, true) : said("calc_rival_team_won_plain", null, null, null, true);
  }
  if (margin < 0) return said("calc_rival_team_lost", who, -margin, null, false);
  if (margin === 0) return said("calc_rival_team_tie", who, null, rival.total, false);
  return said("calc_rival_team_unmet", null, null, null, false);
}

/**
 * A rival verdict in the page's words ("You beat the Automa by 4 points"): the rival named
 * as a sentence names it (its ``sentence_name`` in ``game``, else its label), with a capital
 * when the sentence opens on it, as scorer/verdict.py's say().
 * @param {import("./kit.js").Words} w @param {RivalVerdict} v @param {CalculatorExport | null} [game] the export
 */
export function sayVerdict(w, v, game = null) {
  const declared = (game?.scoring?.rivals ?? []).find((r) => r.id === v.rival_id);
  let called = String(declared?.sentence_name ?? declared?.label ?? v.rival);
  if ((w.ui[v.key] ?? v.key).startsWith("{rival}")) called = called.charAt(0).toUpperCase() + called.slice(1);
  return w.t(v.key, {
    rival: called,
    name: v.name ?? "",
    gap: v.gap == null ? "" : w.count("points", v.gap),
    amount: v.amount == null ? "" : w.count("points", v.amount),
  });
}
