// A game's export (scorer/export.py) compiled once; checked end states scored and ranked as
// scorer/engine.py and scorer/ranking.py do.
import { compile, keepers, playerFunction, runPlayers, tableFunction, vector } from "./expr.js";
import { decidedKeys, UNDECIDED, undecidedTie } from "./result.js";
import { cmp, eq, num, truthy } from "./values.js";

/**
 * @typedef {import("../../../tools/typecheck/export").CalculatorExport} CalculatorExport
 * @typedef {import("../../../tools/typecheck/export").Expr} Expr
 * @typedef {import("../../../tools/typecheck/export").Rival} Rival
 * @typedef {import("../../../tools/typecheck/export").RankingKey} RankingKey
 * @typedef {import("./values.js").Value} Value
 * @typedef {import("./values.js").Row} Row
 * @typedef {import("./expr.js").Options} Options
 * @typedef {import("./expr.js").TileData} TileData
 */
/**
 * @typedef {{names: string[], players: Row[], options: Options, table: Row, choiceData: TileData, undecided?: string[], rivals?: Record<string, Row>}} TableState
 * @typedef {{key: string, mine: Value, theirs: Value}} Compared  one key of a tiebreak: both players' values
 * @typedef {{rank: number, decided_by: string|null, path: Compared[], against: number|null}} Placement
 */

/** @typedef {{id: string, when?: Expr}} Conditional  an item shown or asked only when ``when`` holds */

/** The ``when`` tests of items, by id. @param {Conditional[]} [items] */
const whens = (items = []) => Object.fromEntries(items.filter((x) => x.when != null).map((x) => [x.id, tableFunction(x.when)]));

/** Compile a game's export once. @param {CalculatorExport} game */
export function compileGame(game) {
  const s = game.scoring;
  const declared = Object.fromEntries(s.values.map((v) => [v.id, v.compute]));
  /** @type {import("./expr.js").Step[]} */
  const steps = [];
  /** @type {Record<string, number>} a value's details: its first award's */
  const owners = {};
  for (const id of s.value_order) {
    const start = steps.length;
    const fn = compile(declared[id], steps, s);
    const owner = steps.findIndex((step, k) => k >= start && step.cross);
    if (owner >= 0) owners[id] = owner;
    steps.push({ run: (c) => (/** @type {Record<string, Value[]>} */ (c.V)[id] = vector(fn, c)) });
  }
  return {
    game,
    /** Rows: the players, then the rivals (R: a rival's row by id). @param {Row[]} P @param {Options} O @param {Row} T @param {TileData} D @param {Record<string, number>} [R] */
    evaluate(P, O, T, D, R = {}) {
      /** @type {Record<string, Value[]>} */
      const V = {};
      /** @type {import("./expr.js").Ctx} */
      const c = { P, O, T, D, V, R, K: keepers(s, R), n: P.length - Object.keys(R).length };
      runPlayers(steps, () => 0, c);
      /** @type {Record<string, Value[]>} an award's details, per row */
      const details = {};
      for (const id in owners) details[id] = /** @type {Value[][][]} */ (c.S)[owners[id]][1];
      return { values: V, details };
    },
    inputWhen: whens(s.inputs),
    /** Count input id -> when the scoring reads it only as "at least" (``reached``). */
    reachedWhen: Object.fromEntries(s.inputs.flatMap((x) => ("reached" in x && x.reached != null ? [[x.id, tableFunction(x.reached.when)]] : []))),
    /** Choice input id -> when a player may leave it empty (``may_be_empty``). */
    mayBeEmpty: Object.fromEntries(s.inputs.flatMap((x) => ("may_be_empty" in x && x.may_be_empty != null ? [[x.id, tableFunction(x.may_be_empty)]] : []))),
    categoryWhen: whens(s.categories),
    tableWhen: whens(s.table),
    rivalWhen: whens(s.rivals),
    /** When the players win or lose as one team (ranking.team). */
    team: s.ranking.team == null ? null : tableFunction(s.ranking.team),
    /** A rival's inputs set by an expression (scorer/interpret.py, rival_fixed). */
    rivalFixed: Object.fromEntries((s.rivals ?? []).map((r) => [r.id, Object.fromEntries(
      Object.entries(r.fixed ?? {}).flatMap(([k, v]) => (typeof v == "object" && v !== null ? [[k, tableFunction(v)]] : [])))])),
    /** When each table choice is offered. */
    choiceWhen: Object.fromEntries((s.table ?? []).map((t) => [t.id, whens(t.choices)])),
    constraints: (s.constraints ?? []).map((x) => ({
      ...x, holds: playerFunction(x.check, s), active: x.when == null ? null : tableFunction(x.when),
    })),
    endChecks: (s.end_checks ?? []).map((x) => ({ message: x.message, fn: playerFunction(x.any_player, s) })),
    winRequires: s.ranking.win_requires == null ? null : playerFunction(s.ranking.win_requires, s),
  };
}

/** @typedef {ReturnType<typeof compileGame>} Compiled */

/**
 * Players compared key by key, best first: -1 when p places before q.
 * @param {{value: string, better: string}[]} keys @param {Value[][]} columns @param {number} p @param {number} q
 */
const compareRows = (keys, columns, p, q) => {
  for (let k = 0; k < keys.length; k++) {
    const c = cmp(columns[k][q], columns[k][p]);
    if (c) return keys[k].better === "higher" ? c : -c;
  }
  return 0;
};

/**
 * Competition ranks by columns[k][player], and what decided each place against the player
 * just above (just below, for the first).
 * @param {{value: string, better: string}[]} keys @param {Value[][]} columns @returns {Placement[]}
 */
export function rankPlayers(keys, columns) {
  const players = [...(columns[0] ?? []).keys()];
  // Stable, best first.
  const order = [...players].sort((a, b) => compareRows(keys, columns, a, b));
  /** @type {Placement[]} */
  const placements = [];
  order.forEach((player, position) => {
    const above = order[position - 1];
    const rank = position && !compareRows(keys, columns, above, player) ? placements[above].rank : position + 1;
    const against = position ? above : order.length > 1 ? order[1] : null;
    /** @type {Placement} */
    const placed = (placements[player] = { rank, decided_by: null, path: [], against });
    if (against == null) return;
    placed.decided_by = "shared";
    for (let k = 0; k < keys.length; k++) {
      const [mine, theirs] = [columns[k][player], columns[k][against]].map((v) => (Array.isArray(v) ? [...v] : v));
      placed.path.push({ key: keys[k].value, mine, theirs });
      if (!eq(mine, theirs)) {
        placed.decided_by = keys[k].value;
        break;
      }
    }
  });
  return placements;
}

/** A ranking key's value as JSON data: a number, or a list of numbers (scorer/result.py, plain_key). @param {Value} v */
const plain = (v) => (Array.isArray(v) ? v.map(num) : num(v));

/** Score a checked end state: scorer/result.py's Result.to_json(). @param {Compiled} g @param {TableState} state */
export function score(g, state) {
  const s = g.game.scoring;
  const { names, players, options, table, choiceData } = state;
  const n = players.length;
  const rivals = state.rivals ?? {};
  const present = Object.keys(rivals);
  /** @type {Record<string, number>} */
  const R = Object.fromEntries(present.map((id, k) => [id, n + k]));
  const rows = [...players, ...Object.values(rivals)];
  const { values, details } = g.evaluate(rows, options, table, choiceData, R);
  const shown = s.categories.filter((c) => !g.categoryWhen[c.id] || truthy(g.categoryWhen[c.id](options, table, choiceData, n)));
  const byPoints = s.kind === "points";
  if (byPoints) values.total = rows.map((_, i) => shown.reduce((t, c) => t + num(values[c.value][i]), 0));
  // Keys that read an input with a (tiebreak) problem are not compared (result.js).
  const keys = decidedKeys(s.ranking.keys, state.undecided);
  const declared = s.rivals ?? [];
  // Ranked: the players, then the rivals that take a place among them.
  const ranked = [...names.keys(), ...declared.filter((r) => r.ranked && r.id in R).map((r) => R[r.id])];
  const labels = [...names, ...present.map((id) => /** @type {Rival} */ (declared.find((r) => r.id === id)).label)];
  const placements = rankPlayers(keys, keys.map((k) => ranked.map((row) => values[k.value][row]))).map((p) => undecidedTie(p, keys.length, s.ranking.keys.length));
  const allowed = g.winRequires?.(rows, options, table, choiceData, values, R);
  // A team wins or loses together: everyone, when every player meets win_requires.
  const team = g.team != null && truthy(g.team(options, table, choiceData, n));
  const teamWon = team && (!allowed || allowed.slice(0, n).every(truthy));
  const keyValue = s.ranking.keys[0].value;
  /** @param {number} i */
  const breakdown = (i) => Object.fromEntries(shown.map((c) => [c.id, num(values[c.value][i])]));
  /** @param {number} i */
  const why = (i) => Object.fromEntries(shown.filter((c) => Object.hasOwn(details, c.value) && details[c.value]).map((c) => [c.id, details[c.value][i]]));
  const results = names.map((name, i) => {
    const p = placements[i];
    return {
      name,
      total: byPoints ? values.total[i] : null,
      key: byPoints ? null : /** @type {Value[]} */ (values[keyValue][i]).map(num),
      breakdown: breakdown(i),
      rank: p.rank,
      winner: team ? teamWon : p.rank === 1 && p.decided_by !== UNDECIDED && (!allowed || truthy(allowed[i])),
      decided_by: p.decided_by,
      against: p.against == null ? null : labels[ranked[p.against]],
      tiebreak: p.path,
      details: why(i),
      tiebreakers: Object.fromEntries(s.ranking.keys.slice(1).map((k) => [k.value, plain(values[k.value][i])])),
    };
  });
  const rivalResults = declared.filter((r) => r.id in R).map((r) => {
    const row = R[r.id];
    const place = ranked.indexOf(row);
    const rank = place < 0 ? null : placements[place].rank;
    return {
      id: r.id, name: r.label, rival: true,
      total: byPoints && r.ranked ? values.total[row] : null,
      key: !byPoints && r.ranked ? /** @type {Value[]} */ (values[keyValue][row]).map(num) : null,
      breakdown: r.ranked ? breakdown(row) : {}, rank, winner: rank === 1 && !!r.can_win, details: why(row),
    };
  });
  return {
    game: g.game.game,
    options: { ...options },
    players: results,
    notices: g.endChecks.filter((e) => !e.fn(rows, options, table, choiceData, values, R).slice(0, n).some(truthy)).map((e) => e.message),
    rivals: rivalResults,
    // The players won or lost as one team (ranking.team held): the verdict speaks of the team.
    team,
    winners: [...results, ...rivalResults].filter((p) => p.winner).map((p) => p.name),
  };
}
