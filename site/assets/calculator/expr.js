// Scoring nodes (schemas/expressions.py) as closures computing what scorer/compiler.py's
// generated Python computes.
import * as H from "./mechanics.js";
import { cmp, eq, floorDiv, truthy } from "./values.js";

/**
 * @typedef {{P: any[], O: any, T: any, D: any, n: number, V?: any, S?: any[]}} Ctx
 * @typedef {(c: Ctx, i: number) => any} Fn  player i's value
 * @typedef {{run: (c: Ctx) => any, cross?: boolean}} Step  run once per table, first
 */

/** @param {Fn} f @param {Ctx} c */
export const vector = (f, c) => c.P.map((_, i) => f(c, i));

/** @type {Record<string, (a: any, b: any) => any>} */
const BINARY = {
  sum: (x, y) => x + y,
  product: (x, y) => x * y + 0, // never -0
  difference: (x, y) => x - y,
  eq: (x, y) => +eq(x, y),
  ne: (x, y) => +!eq(x, y),
  lt: (x, y) => +(cmp(x, y) < 0),
  le: (x, y) => +(cmp(x, y) <= 0),
  gt: (x, y) => +(cmp(x, y) > 0),
  ge: (x, y) => +(cmp(x, y) >= 0),
};

const add = (/** @type {number} */ x, /** @type {number} */ y) => x + y;

/**
 * Table-wide steps (awards, table sums) go to ``steps`` in Python's order: a value shows the
 * details of its first award.
 * @param {any} node @param {Step[]} steps @returns {Fn}
 */
export function compile(node, steps) {
  if (typeof node != "object" || node === null) return () => node;
  const [kind] = Object.keys(node);
  const a = node[kind];
  const sub = (/** @type {any} */ x) => compile(x, steps);
  /** @param {any[]} xs @returns {(c: Ctx, i: number) => any[]} */
  const each = (xs) => {
    const fs = xs.map(sub);
    return (c, i) => fs.map((f) => f(c, i));
  };
  /** @param {(c: Ctx) => any} run @returns {Fn} */
  const step = (run, cross = true) => {
    const k = steps.push({ run, cross }) - 1;
    return cross ? (c, i) => c.S?.[k][0][i] : (c) => c.S?.[k];
  };
  // Given, or read from a chosen tile.
  /** @param {Ctx} c @param {any} x */
  const data = (c, x, first = false) => {
    if (x?.table == null) return x ?? null;
    const got = c.D[x.table][x.field];
    return first ? (got?.length ? got[0] : null) : got || [];
  };
  /** @type {Fn} */
  const pile = (c, i) => c.P[i][a.input ?? a.of?.input];
  if (kind in BINARY) {
    const fs = each(a);
    return (c, i) => fs(c, i).reduce(BINARY[kind]);
  }
  switch (kind) {
    case "input":
      return (c, i) => c.P[i][a];
    case "table":
      return (c) => c.T[a];
    case "option":
      return (c) => c.O[a];
    case "value":
      return (c, i) => c.V[a][i];
    case "player_count":
      return (c) => c.n;
    case "floor_div": {
      const f = sub(a[0]);
      return (c, i) => floorDiv(f(c, i), a[1]);
    }
    case "minimum":
    case "maximum": {
      const fs = each(a);
      const sign = kind == "minimum" ? -1 : 1;
      return (c, i) => fs(c, i).reduce((/** @type {any} */ best, /** @type {any} */ x) => (cmp(x, best) == sign ? x : best));
    }
    case "lookup": {
      const f = sub(a.index);
      return (c, i) => H.lookup(a.table, f(c, i), a.beyond == "zero");
    }
    case "if": {
      const [then, cond, other] = [a.then, a.cond, a.else ?? 0].map(sub);
      return (c, i) => (truthy(cond(c, i)) ? then : other)(c, i);
    }
    case "all":
    case "any": {
      const fs = each(a);
      return (c, i) => +fs(c, i)[kind == "all" ? "every" : "some"](truthy);
    }
    case "not": {
      const f = sub(a);
      return (c, i) => +!truthy(f(c, i));
    }
    case "is": {
      const f = sub(a.of);
      return (c, i) => +a.in.includes(f(c, i));
    }
    case "count_at_least": {
      // A single comparison stays a bool.
      const fs = each(a.values);
      return (c, i) => /** @type {any[]} */ (fs(c, i).map((x) => cmp(x, a.at_least ?? 1) >= 0)).reduce((x, y) => +x + +y);
    }
    case "length":
      return (c, i) => pile(c, i).length;
    case "last":
      return (c, i) => pile(c, i).at(-1) ?? 0;
    case "sum_items":
      return (c, i) => pile(c, i).reduce(add, 0);
    case "count_equal":
      return (c, i) => pile(c, i).filter((/** @type {any} */ x) => eq(x, a.value)).length;
    case "set_collection": {
      const fs = each(a.families);
      return (c, i) => H.setCollection(fs(c, i), a.item_values);
    }
    case "sorted_key": {
      const [fs, keep] = [each(a.of), sub(a.keep)];
      return (c, i) => H.sortedKey(fs(c, i), a.order == "descending", keep(c, i));
    }
    case "table_sum": {
      const f = sub(a);
      return step((c) => vector(f, c).reduce(add, 0), false);
    }
    case "rank_award": {
      const f = sub(a.of);
      return step((c) => H.rankAward(vector(f, c), data(c, a.awards), a.ties, a.others ?? 0, a.at_least ?? 1, data(c, a.max_gap, true)));
    }
    case "most": {
      const f = sub(a.of);
      return step((c) => H.most(vector(f, c), a.points, a.at_least ?? 1));
    }
    case "held_award": {
      const [f, holder] = [a.of, a.holder].map(sub);
      return step((c) => H.heldAward(vector(f, c), vector(holder, c), a.holder_points, a.other_points, a.at_least ?? 1));
    }
  }
  throw new TypeError(`unknown scoring node ${kind}`);
}

/** @param {Step[]} steps @param {Fn} fn @param {Ctx} c */
export function runPlayers(steps, fn, c) {
  c.S = [];
  for (const step of steps) c.S.push(step.run(c));
  return vector(fn, c);
}

/** As Python's table_function. @param {any} node @returns {(O: any, T: any, D: any, n: number) => any} */
export function tableFunction(node) {
  /** @type {Step[]} */
  const steps = [];
  const fn = compile(node, steps);
  if (steps.length) throw new Error("cross-player mechanics are not allowed here");
  return (O, T, D, n) => fn({ P: [], O, T, D, n }, 0);
}

/** As Python's player_function. @param {any} node @returns {(P: any[], O: any, T: any, D: any, V?: any) => any[]} */
export function playerFunction(node) {
  /** @type {Step[]} */
  const steps = [];
  const fn = compile(node, steps);
  return (P, O, T, D, V) => runPlayers(steps, fn, { P, O, T, D, V, n: P.length });
}
