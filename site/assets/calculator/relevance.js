// Which inputs count for a player: the browser's half of scorer/relevance.py, node for node.
//
// The export says, under needs.relevant, when each conditional input counts (an input read
// only under an `if` on the same player's traveller, a held card, an option) and, under
// needs.implied, the score track's facts that the details they sum up imply. settle() fixes
// the options and the player count (what hides a field for everyone); hidden() evaluates one
// player's row (what hides it for that player). The form (ui.js) asks only what counts.

import { truthy } from "./values.js";

/**
 * @typedef {import("../../../tools/typecheck/export").Needs} Needs
 * @typedef {Pick<Needs, "relevant" | "implied"> & Partial<Pick<Needs, "tie_unless">>} Relevance  what it reads of the export's ``needs``
 * @typedef {import("../../../tools/typecheck/export").Expr} Expr
 * @typedef {import("./values.js").Value} Value
 * @typedef {import("./values.js").Row} Row
 * @typedef {import("./expr.js").Options} Options
 */
/**
 * What the node named ``K`` holds. @template {import("../../../tools/typecheck/export").NodeName} K
 * @typedef {import("../../../tools/typecheck/export").NodeArg<K>} Arg
 */

/** A part of a condition that depends on a player's inputs. */
class Open {
  /** @param {Expr} node */
  constructor(node) {
    this.node = node;
  }
}

/** A number as Python's int() of a bool or an int, else 0. @param {Value | Open | undefined} x @returns {number} */
const number = (x) => (typeof x == "boolean" ? +x : Number.isInteger(x) ? /** @type {number} */ (x) : 0);

/** @type {Record<string, (a: number, b: number) => boolean>} */
const COMPARE = { eq: (a, b) => a === b, ne: (a, b) => a !== b, lt: (a, b) => a < b, le: (a, b) => a <= b, gt: (a, b) => a > b, ge: (a, b) => a >= b };

/**
 * ``node``'s value, or an Open of what is left when ``row`` is null.
 * @param {Expr} node @param {Options} options @param {number} count @param {Row | null} row @returns {Value | Open}
 */
function partial(node, options, count, row) {
  if (typeof node == "boolean" || typeof node == "number") return node;
  // A node is an object of one key, its name; each branch reads what that node holds.
  const [[name, arg]] = /** @type {[string, unknown][]} */ (Object.entries(node));
  if (name == "input") return row == null ? new Open(node) : row[/** @type {Arg<"input">} */ (arg)];
  if (name == "option") return options[/** @type {Arg<"option">} */ (arg)];
  if (name == "player_count") return count;
  if (name == "not") {
    const inner = partial(/** @type {Arg<"not">} */ (arg), options, count, row);
    return inner instanceof Open ? new Open({ not: inner.node }) : !truthy(inner);
  }
  if (name == "all" || name == "any") {
    const left = [];
    for (const item of /** @type {Arg<"all">} */ (arg)) {
      const value = partial(item, options, count, row);
      if (value instanceof Open) left.push(value.node);
      else if (truthy(value) !== (name == "all")) return name == "any";
    }
    if (!left.length) return name == "all";
    return new Open(left.length == 1 ? left[0] : name == "all" ? { all: left } : { any: left });
  }
  if (name == "if") {
    const spec = /** @type {Arg<"if">} */ (arg);
    const cond = partial(spec.cond, options, count, row);
    if (cond instanceof Open) return new Open({ if: { ...spec, cond: cond.node } });
    return partial(/** @type {Expr} */ (truthy(cond) ? spec.then : spec.else), options, count, row);
  }
  if (name == "is") {
    const spec = /** @type {Arg<"is">} */ (arg);
    const of = partial(spec.of, options, count, row);
    // (A condition on a node the form reads is written as such: the Open keeps it.)
    if (of instanceof Open) return new Open({ is: { of: /** @type {Arg<"is">["of"]} */ (of.node), in: spec.in } });
    return spec.in.includes(/** @type {string} */ (of));
  }
  // The rest fold their operands: comparisons, sums and the like.
  const items = /** @type {Expr[]} */ (arg).map((x) => partial(x, options, count, row));
  if (items.some((x) => x instanceof Open)) return new Open(node);
  if (COMPARE[name]) return COMPARE[name](number(items[0]), number(items[1]));
  const numbers = items.map(number);
  if (name == "sum") return numbers.reduce((a, b) => a + b, 0);
  if (name == "product") return numbers.reduce((a, b) => a * b, 1);
  if (name == "difference") return numbers[0] - numbers[1];
  return name == "minimum" ? Math.min(...numbers) : Math.max(...numbers);
}

/**
 * A condition's value for one player (``row``: every input, defaults filled in: nothing is
 * left open). @param {Expr} node @param {Row} row @param {Options} options @param {number} count
 */
export const evaluate = (node, row, options, count) => /** @type {Value} */ (partial(node, options, count, row));

/**
 * Per conditional input, with the options and the player count known: true (it counts for
 * everyone), false (for nobody) or the condition left to evaluate per player.
 * @param {Relevance} relevance @param {Options} options @param {number} count @returns {Record<string, Expr | boolean>}
 */
export function settle(relevance, options, count) {
  /** @type {Record<string, Expr | boolean>} */
  const out = {};
  for (const entry of relevance.relevant) {
    const value = partial(entry.when, options, count, null);
    out[entry.input] = value instanceof Open ? value.node : truthy(value);
  }
  return out;
}

/** The inputs a condition names, in the order it names them. @param {Value} node @returns {string[]} */
export function reads(node) {
  /** @type {string[]} */
  const found = [];
  const visit = (/** @type {Value} */ x) => {
    if (Array.isArray(x)) x.forEach(visit);
    else if (x && typeof x == "object") {
      for (const [name, arg] of Object.entries(x)) {
        if (name == "input" && typeof arg == "string") {
          if (!found.includes(arg)) found.push(arg);
        } else visit(arg);
      }
    }
  };
  visit(node);
  return found;
}

/** ``value`` when it has its input's type (its default's), else the default. @param {Value | undefined} value @param {Value} fallback @returns {Value} */
function clean(value, fallback) {
  const ok = typeof fallback == "boolean" ? typeof value == "boolean"
    : Number.isInteger(fallback) ? Number.isInteger(value) && typeof value == "number"
      : typeof value == "string";
  return ok ? /** @type {Value} */ (value) : fallback;
}

/**
 * The inputs among ``asked`` that do not count for the player whose inputs are ``row``
 * (their defaults stand in for the rest), and the implied facts with their values.
 * @param {Relevance} relevance @param {Row} row @param {Row} defaults
 * @param {string[]} asked @param {Options} options @param {number} count
 * @returns {[string[], Row]}
 */
export function hidden(relevance, row, defaults, asked, options, count) {
  /** @type {Row} */
  const seen = Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, clean(row[k], v)]));
  /** @type {string[]} */
  const out = [];
  for (const { input, when } of relevance.relevant) {
    if (asked.includes(input) && !truthy(evaluate(when, seen, options, count))) {
      out.push(input);
      seen[input] = defaults[input];
    }
  }
  /** @type {Row} */
  const implied = {};
  for (const entry of relevance.implied) {
    const shown = entry.reads.every((r) => asked.includes(r) && !out.includes(r));
    if (asked.includes(entry.input) && !out.includes(entry.input) && shown) {
      implied[entry.input] = evaluate(entry.from, seen, options, count);
      out.push(entry.input);
    }
  }
  return [out, implied];
}

/**
 * The inputs among ``asked`` that count only on a tie for the player whose inputs are
 * ``row`` (needs.tie_unless): the form asks them in its tie fold. An input that does not
 * count at all (hidden()) is read at its default, and is not one.
 * @param {Relevance} relevance @param {Row} row @param {Row} defaults
 * @param {string[]} asked @param {Options} options @param {number} count
 * @returns {string[]}
 */
export function tieOnly(relevance, row, defaults, asked, options, count) {
  const [hide] = hidden(relevance, row, defaults, asked, options, count);
  /** @type {Row} */
  const seen = Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, hide.includes(k) ? v : clean(row[k], v)]));
  return (relevance.tie_unless ?? [])
    .filter(({ input, when }) => asked.includes(input) && !hide.includes(input) && !truthy(evaluate(when, seen, options, count)))
    .map(({ input }) => input);
}

/**
 * The form's order of the asked inputs: an input that counts only under a condition on
 * another field comes right after that field (the last it reads), within its section;
 * with the field each one follows.
 * @template {{id: string}} S an input as the form holds it
 * @param {S[][]} sections the inputs in their sections (score track first, tiebreak last)
 * @param {Record<string, Expr | boolean>} settled what settle() gave
 * @returns {{order: S[], after: Map<string, string>}}
 */
export function placeDependents(sections, settled) {
  /** @type {Map<string, string>} */
  const after = new Map();
  const order = sections.flatMap((specs) => {
    const ids = specs.map((s) => s.id);
    /** @type {Map<string, S[]>} */
    const followers = new Map();
    for (const spec of specs) {
      const cond = settled[spec.id];
      if (cond == null || typeof cond == "boolean") continue;
      const anchors = reads(cond).filter((id) => id != spec.id && ids.includes(id));
      if (!anchors.length) continue;
      const anchor = anchors.reduce((a, b) => (ids.indexOf(a) > ids.indexOf(b) ? a : b));
      after.set(spec.id, anchor);
      followers.set(anchor, [...(followers.get(anchor) ?? []), spec]);
    }
    /** @type {S[]} */
    const placed = [];
    const put = (/** @type {S} */ spec) => {
      placed.push(spec);
      for (const next of followers.get(spec.id) ?? []) put(next);
    };
    for (const spec of specs) if (!after.has(spec.id)) put(spec);
    return placed;
  });
  return { order, after };
}
