// Scoring nodes (schemas/expressions.py) as closures computing what scorer/interpret.py's
// rules (scorer/nodes/) compute, node for node. NODES holds one entry per node, the browser's
// counterpart of scorer/nodes/; tests/scorer/test_registry.py holds both to the list of nodes, and
// its type (NodeName, from the export's contract) holds it to the nodes schemas/ declares.
import * as H from "./mechanics.js";
import { cmp, eq, floorDiv, num, truthy } from "./values.js";

/**
 * @typedef {import("../../../tools/typecheck/export").Expr} Expr
 * @typedef {import("../../../tools/typecheck/export").ChoiceData} ChoiceDataRef
 * @typedef {import("../../../tools/typecheck/export").NodeName} NodeName
 * @typedef {import("../../../tools/typecheck/export").CalculatorExport["scoring"]} Scoring  as the calculator's island ships it
 * @typedef {import("./values.js").Value} Value
 * @typedef {import("./values.js").Row} Row
 * @typedef {Record<string, string | boolean>} Options  the table's options, by id
 * @typedef {Record<string, Record<string, number[]>>} TileData  each chosen tile's printed numbers, by table input
 */
/**
 * Rows are the players, then the rivals at the table: n players, R a rival's row by id.
 * W is the record of a rows input being read (scorer/nodes/rows.py): set for each row a row expression runs on.
 * S holds each step's result: an award's points and details, a column, or a table number.
 * @typedef {{P: Row[], O: Options, T: Row, D: TileData, n: number, V?: Record<string, Value[]>, S?: Value[], R?: Record<string, number>, K?: Set<number>, W?: Row}} Ctx
 * @typedef {(c: Ctx, i: number) => Value} Fn  row i's value
 * @typedef {{run: (c: Ctx) => Value, cross?: boolean}} Step  run once per table, first
 * @typedef {{sub: (x: Expr | null | undefined) => Fn, each: (xs: Expr[]) => (c: Ctx, i: number) => Value[], step: (run: (c: Ctx) => Value, cross?: boolean) => Fn, scoring: Scoring | undefined}} Tools
 */

/** @param {Fn} f @param {Ctx} c */
export const vector = (f, c) => c.P.map((_, i) => f(c, i));

/** The rows a comparison sees: the players, and the rivals if it says so. @param {Fn} f @param {Ctx} c @param {boolean} [rivals] */
const compared = (f, c, rivals) => (rivals ? vector(f, c) : vector(f, c).slice(0, c.n));
/** A comparison's result over the players, with rivals' rows filled. @param {Value[]} xs @param {Ctx} c @param {Value} [fill] */
const padded = (xs, c, fill = 0) => (xs.length < c.P.length ? [...xs, ...c.P.slice(xs.length).map(() => fill)] : xs);
/**
 * Rivals keep no points, but those that say ``keeps_points`` (rows in c.K); those that took part
 * keep their details (their place). @param {import("./mechanics.js").Award} result @param {Ctx} c
 * @returns {[Value[], Value[]]}
 */
const award = ([points, details], c) => [
  c.K?.size ? c.P.map((_, r) => (r < c.n || (c.K?.has(r) && r < points.length) ? points[r] : 0)) : padded(points.slice(0, c.n), c),
  padded(details, c, null),
];
/** The rows of the rivals that keep their award points. @param {Scoring | undefined} scoring @param {Record<string, number>} R */
export const keepers = (scoring, R) => new Set((scoring?.rivals ?? []).filter((r) => r.keeps_points && r.id in R).map((r) => R[r.id]));

// Arithmetic takes numbers and bools (a bool counts as 0 or 1, as in Python and in JS): the
// casts below say so to the type check and change nothing.
/** @param {Value} x @returns {number} */
const n = (x) => /** @type {number} */ (x);
const add = (/** @type {Value} */ x, /** @type {Value} */ y) => n(x) + n(y);
/** A node that folds its operands with ``f``. @param {(x: Value, y: Value) => Value} f @returns {(a: Expr[], t: Tools) => Fn} */
const fold = (f) => (a, t) => {
  const fs = t.each(a);
  return (c, i) => fs(c, i).reduce(f);
};
/** A comparison node: ``f`` reads cmp's sign. @param {(k: number) => boolean} f */
const compare = (f) => fold((x, y) => +f(cmp(x, y)));
/** A tile's data named by ``x``, if it names one. @param {Expr | ChoiceDataRef | null | undefined} x @returns {x is ChoiceDataRef} */
const tileData = (x) => x != null && typeof x == "object" && "table" in x && "field" in x && x.table != null && x.field != null;
/** Given, or read from a chosen tile. @param {Ctx} c @param {Expr | ChoiceDataRef | null | undefined} x */
const data = (c, x, first = false) => {
  if (!tileData(x)) return x ?? null;
  const got = c.D[x.table][x.field];
  return first ? (got?.length ? got[0] : null) : got || [];
};
/** A per-place number: a constant, a tile's data, or a table-level expression. @param {Expr | ChoiceDataRef | null | undefined} x @param {Tools} t @param {boolean} first @returns {Fn} */
const perPlace = (x, t, first) => (x != null && typeof x == "object" && !("table" in x && "field" in x) ? t.sub(x) : (c) => data(c, x, first));
/** Award points: one number, or one per row. @param {Expr} x @param {Tools} t */
const points = (x, t) => (typeof x == "object" && x !== null ? t.sub(x) : null);
/** A pile input's cards. @param {{input: string}} ref @returns {(c: Ctx, i: number) => Value[]} */
const pile = (ref) => (c, i) => /** @type {Value[]} */ (c.P[i][ref.input]);

/**
 * ``f`` run on each row of the player's rows input ``ref``, the row set as c.W (and put back).
 * @param {{input: string}} ref @param {Fn} f @returns {(c: Ctx, i: number) => Value[]}
 */
const perRow = (ref, f) => (c, i) => {
  const saved = c.W;
  try {
    return /** @type {Row[]} */ (c.P[i][ref.input]).map((row) => ((c.W = row), f(c, i)));
  } finally {
    c.W = saved;
  }
};

/** The values of the rows ``c`` has computed so far. @param {Ctx} c */
const values = (c) => /** @type {Record<string, Value[]>} */ (c.V);
/** A rows input's rows, or a table's. @param {Value | undefined} x */
const rows = (x) => /** @type {Row[]} */ (x);

/** @type {{[K in NodeName]: (a: import("../../../tools/typecheck/export").NodeArg<K>, t: Tools) => Fn}} */
export const NODES = {
  input: (a) => (c, i) => c.P[i][a],
  table: (a) => (c) => c.T[a],
  option: (a) => (c) => c.O[a],
  value: (a) => (c, i) => values(c)[a][i],
  player_count: () => (c) => c.n,
  rival: (a) => (c) => {
    const row = c.R?.[a.id];
    if (row == null) return 0;
    return a.input != null ? c.P[row][a.input] : values(c)[/** @type {string} */ (a.value)][row];
  },
  choice_data: (a, t) => {
    const k = a.index ?? 0;
    const [input, table] = ["input" in a.of ? a.of.input : null, "table" in a.of ? a.of.table : null];
    const spec = input == null ? null : t.scoring?.inputs.find((x) => x.id === input);
    const choices = spec && "choices" in spec ? spec.choices : [];
    const field = a.field;
    if (typeof k == "number" && typeof field == "string") {
      if (table != null) return (c) => c.D[table][field]?.[k] ?? 0;
      const byChoice = Object.fromEntries(choices.filter((ch) => ch.data?.[field] != null && ch.data[field].length > k).map((ch) => [ch.id, ch.data[field][k]]));
      return (c, i) => byChoice[/** @type {string} */ (c.P[i][/** @type {string} */ (input)])] ?? 0;
    }
    // An index or a field computed for the row (scorer/nodes/basic.py: _nth).
    const [at, name] = [t.sub(k), typeof field == "string" ? () => field : t.sub(field)];
    /** The list under key ``k`` of ``data``, if it has one. @param {Value | undefined} data @param {Value} k @returns {Value | undefined} */
    const own = (data, k) => (data != null && typeof k == "string" && Object.hasOwn(/** @type {Row} */ (data), k) ? /** @type {Row} */ (data)[k] : undefined);
    /** @param {Value | undefined} found @param {Value} n */
    const nth = (found, n) => {
      const x = num(n);
      return Array.isArray(found) && Number.isInteger(x) && x >= 0 && x < found.length ? found[x] : 0;
    };
    if (table != null) return (c, i) => nth(own(c.D[table], name(c, i)), at(c, i));
    /** @type {Row} */
    const byChoice = Object.fromEntries(choices.map((ch) => [ch.id, ch.data ?? {}]));
    return (c, i) => nth(own(own(byChoice, c.P[i][/** @type {string} */ (input)]), name(c, i)), at(c, i));
  },
  sum: fold(add),
  product: fold((x, y) => n(x) * n(y) + 0), // never -0
  difference: fold((x, y) => n(x) - n(y)),
  floor_div: ([value, divisor], t) => {
    const f = t.sub(value);
    if (typeof divisor == "number") return (c, i) => floorDiv(f(c, i), divisor);
    // A computed divisor is at least 1 (schemas/bounds.py); the floor keeps it so.
    const d = t.sub(divisor);
    return (c, i) => floorDiv(f(c, i), Math.max(num(d(c, i)), 1));
  },
  minimum: (a, t) => {
    const fs = t.each(a);
    return (c, i) => fs(c, i).reduce((best, x) => (cmp(x, best) == -1 ? x : best));
  },
  maximum: (a, t) => {
    const fs = t.each(a);
    return (c, i) => fs(c, i).reduce((best, x) => (cmp(x, best) == 1 ? x : best));
  },
  lookup: (a, t) => {
    const f = t.sub(a.index);
    const table = a.table;
    if (table.every((x) => typeof x == "number")) return (c, i) => H.lookup(/** @type {number[]} */ (table), f(c, i), a.beyond == "zero");
    const entries = t.each(a.table); // computed for the row, as whole numbers
    return (c, i) => H.lookup(entries(c, i).map(num), f(c, i), a.beyond == "zero");
  },
  if: (a, t) => {
    const [then, cond, other] = [a.then, a.cond, a.else ?? 0].map(t.sub);
    return (c, i) => (truthy(cond(c, i)) ? then : other)(c, i);
  },
  eq: fold((x, y) => +eq(x, y)),
  ne: fold((x, y) => +!eq(x, y)),
  lt: compare((k) => k < 0),
  le: compare((k) => k <= 0),
  gt: compare((k) => k > 0),
  ge: compare((k) => k >= 0),
  all: (a, t) => {
    const fs = t.each(a);
    return (c, i) => +fs(c, i).every(truthy);
  },
  any: (a, t) => {
    const fs = t.each(a);
    return (c, i) => +fs(c, i).some(truthy);
  },
  not: (a, t) => {
    const f = t.sub(a);
    return (c, i) => +!truthy(f(c, i));
  },
  is: (a, t) => {
    const f = t.sub(a.of);
    return (c, i) => +a.in.includes(/** @type {string} */ (f(c, i)));
  },
  count_at_least: (a, t) => {
    // A single comparison stays a bool.
    const [fs, least] = [t.each(a.values), t.sub(a.at_least ?? 1)];
    return (c, i) => {
      const k = least(c, i);
      return /** @type {(number | boolean)[]} */ (fs(c, i).map((x) => cmp(x, k) >= 0)).reduce((x, y) => +x + +y);
    };
  },
  length: (a) => (c, i) => pile(a)(c, i).length,
  last: (a) => (c, i) => pile(a)(c, i).at(-1) ?? 0,
  sum_items: (a) => (c, i) => pile(a)(c, i).reduce(add, 0),
  count_equal: (a, t) => {
    const value = t.sub(a.value);
    return (c, i) => {
      const v = value(c, i);
      return pile(a.of)(c, i).filter((x) => eq(x, v)).length;
    };
  },
  field: (a) => (c) => /** @type {Row} */ (c.W)[a],
  rows_sum: (a, t) => {
    const values = perRow(a.of, t.sub(a.each));
    return (c, i) => values(c, i).reduce(add, 0);
  },
  rows_count: (a, t) => {
    if (a.where == null) return (c, i) => rows(c.P[i][a.of.input]).length;
    const values = perRow(a.of, t.sub(a.where));
    return (c, i) => values(c, i).filter(truthy).length;
  },
  rows_award: (a, t) => {
    const [measures, awards, least] = [perRow(a.of, t.sub(a.by)), t.each(a.awards), t.sub(a.at_least ?? 1)];
    return (c, i) => H.rankAward(measures(c, i), awards(c, i).map(n), a.ties, 0, n(least(c, i)), null)[0].reduce(add, 0);
  },
  // Each row the table shares awards its points among the players by their number in it
  // (scorer/nodes/rows.py, RowsMajorityRule); a rival has no number there.
  rows_majority: (a, t) => {
    const [awards, least] = [t.each(a.awards), t.sub(a.at_least ?? 1)];
    return (c, i) => {
      const saved = c.W;
      let total = 0;
      try {
        for (const row of rows(c.T[a.of.table]) ?? []) {
          c.W = row;
          const points = H.rankAward([.../** @type {Value[]} */ (row[a.by])], awards(c, i).map(n), a.ties, 0, n(least(c, i)), null)[0];
          total += i < points.length ? points[i] : 0;
        }
      } finally {
        c.W = saved;
      }
      return total;
    };
  },
  set_collection: (a, t) => {
    const [fs, worth] = [t.each(a.families), t.each(a.item_values)];
    return (c, i) => H.setCollection(fs(c, i), worth(c, i).map(num));
  },
  sorted_key: (a, t) => {
    const [fs, keep] = [t.each(a.of), t.sub(a.keep)];
    return (c, i) => H.sortedKey(fs(c, i), a.order == "descending", keep(c, i));
  },
  best_assignment: (a, t) => {
    const [wildcards, target] = [t.sub(a.wildcards), t.sub(a.maximize)];
    const among = a.among.map((ref) => ref.input);
    // The target reads row i of a table where that row holds the wildcards placed.
    return (c, i) =>
      H.bestAssignment(wildcards(c, i), (trial) => target({ ...c, P: c.P.map((p, k) => (k == i ? trial : p)) }, i), c.P[i], among);
  },
  table_sum: (a, t) => {
    const f = t.sub(a);
    return t.step((c) => compared(f, c, false).reduce(add, 0), false);
  },
  rank_award: (a, t) => {
    const [f, others] = [t.sub(a.of), t.sub(a.others ?? 0)];
    const given = a.awards;
    /** @type {(c: Ctx, i: number) => Value} */
    const awards = Array.isArray(given) ? t.each(given) : (c) => data(c, given);
    const [gap, least] = [perPlace(a.max_gap, t, true), t.sub(a.at_least ?? 1)];
    return t.step((c) => award(H.rankAward(compared(f, c, a.rivals), /** @type {number[]} */ (awards(c, 0)), a.ties, n(others(c, 0)), n(least(c, 0)), /** @type {number | null} */ (gap(c, 0))), c));
  },
  most: (a, t) => {
    const [f, p, least] = [t.sub(a.of), points(a.points, t), t.sub(a.at_least ?? 1)];
    return t.step((c) => award(H.most(compared(f, c, a.rivals), /** @type {number | number[]} */ (p ? compared(p, c, a.rivals) : a.points), n(least(c, 0))), c));
  },
  held_award: (a, t) => {
    const [f, holder, mine, theirs] = [t.sub(a.of), t.sub(a.holder), points(a.holder_points, t), points(a.other_points, t)];
    const least = t.sub(a.at_least ?? 1);
    return t.step((c) => {
      const [held, other] = [mine ? compared(mine, c, a.rivals) : a.holder_points, theirs ? compared(theirs, c, a.rivals) : a.other_points];
      const [mineTo, theirsTo] = /** @type {(number | number[])[]} */ ([held, other]);
      return award(H.heldAward(compared(f, c, a.rivals), compared(holder, c, a.rivals), mineTo, theirsTo, n(least(c, 0))), c);
    });
  },
  neighbours: (a, t) => {
    const [f, seat, offsets] = [t.sub(a.of), a.seat == null ? null : t.sub(a.seat), t.each(a.offsets)];
    // Offsets written, or computed once for the table (as whole numbers).
    return t.step((c) => [padded(H.neighbours(compared(f, c, false), offsets(c, 0).map(num), seat && compared(seat, c, false), a.aggregate ?? "sum"), c)]);
  },
};

/**
 * Table-wide steps (awards, table sums) go to ``steps`` in Python's order: a value shows the
 * details of its first award. ``scoring`` is the export's, for nodes that read declarations.
 * @param {Expr | null | undefined} node @param {Step[]} steps @param {Scoring} [scoring] @returns {Fn}
 */
export function compile(node, steps, scoring) {
  if (typeof node != "object" || node === null) return () => /** @type {Value} */ (node); // a number, or absent (undefined)
  const [kind] = Object.keys(node);
  // Dispatch on the node's one key: each rule takes what its node holds (NodeArg).
  const make = /** @type {Record<string, ((a: unknown, t: Tools) => Fn) | undefined>} */ (NODES)[kind];
  if (!make) throw new TypeError(`unknown scoring node ${kind}`);
  /** @type {Tools} */
  const t = {
    scoring,
    sub: (x) => compile(x, steps, scoring),
    each: (xs) => {
      const fs = xs.map(t.sub);
      return (c, i) => fs.map((f) => f(c, i));
    },
    step: (run, cross = true) => {
      const k = steps.push({ run, cross }) - 1;
      // An award's step holds [points, details]: a row reads its points.
      return cross ? (c, i) => /** @type {Value} */ (/** @type {Value[][][] | undefined} */ (c.S)?.[k][0][i]) : (c) => /** @type {Value} */ (c.S?.[k]);
    },
  };
  return make(/** @type {Record<string, unknown>} */ (node)[kind], t);
}

/** @param {Step[]} steps @param {Fn} fn @param {Ctx} c */
export function runPlayers(steps, fn, c) {
  c.S = [];
  for (const step of steps) c.S.push(step.run(c));
  return vector(fn, c);
}

/** As scorer/interpret.py's table_function. @param {Expr | null | undefined} node @returns {(O: Options, T: Row, D: TileData, n: number) => Value} */
export function tableFunction(node) {
  /** @type {Step[]} */
  const steps = [];
  const fn = compile(node, steps);
  if (steps.length) throw new Error("cross-player mechanics are not allowed here");
  return (O, T, D, n) => fn({ P: [], O, T, D, n }, 0);
}

/**
 * As scorer/interpret.py's player_function; R maps each rival at the table to its row, after the players.
 * @param {Expr} node @param {Scoring} [scoring] @returns {(P: Row[], O: Options, T: Row, D: TileData, V?: Record<string, Value[]>, R?: Record<string, number>) => Value[]}
 */
export function playerFunction(node, scoring) {
  /** @type {Step[]} */
  const steps = [];
  const fn = compile(node, steps, scoring);
  return (P, O, T, D, V, R = {}) => runPlayers(steps, fn, { P, O, T, D, V, R, K: keepers(scoring, R), n: P.length - Object.keys(R).length });
}

export { num };
