// What makes a table legal, the same for the setup generator and the calculator, as
// scorer/legality.py: the game's player range, the counts each option is tied to (its
// ``players`` rule), the options that apply at all (their ``when``: an option that does not
// apply may be left out or at its default, any other value is refused as ``not_used``), and
// names as the end state's name field takes them.

import { tableFunction } from "./expr.js";
import { fieldProblems, normalize } from "./fields.js";
import { problem } from "./problems.js";
import { truthy } from "./values.js";

/**
 * @typedef {import("./problems.js").Problem} Problem
 * @typedef {import("./values.js").Value} Value
 * @typedef {import("./expr.js").Options} Options
 * @typedef {import("../../../tools/typecheck/export").Export} Export
 * @typedef {import("../../../tools/typecheck/export").JsonSchema} JsonSchema
 * @typedef {ReturnType<typeof tableFunction>} OptionWhen
 * @typedef {{players: Export["players"], scoring: Pick<Export["scoring"], "options">}} Table
 *   what legality reads of the export: all the setup page's island holds of it too
 */

/** @param {number[]} counts */
const range = (counts) => (counts.length ? { min: Math.min(...counts), max: Math.max(...counts) } : { min: 0, max: 0 });

/** A table of ``count`` players outside the game's range. @param {Table} game the export @param {number} count @returns {Problem[]} */
export function playerCountProblems(game, count) {
  const { min, max } = game.players;
  return min <= count && count <= max ? [] : [problem(["players"], "player_count", { count, min, max })];
}

/**
 * Options on at a player count they are not for, or off where the count needs them.
 * @param {Table} game @param {Options} options @param {number} count @returns {Problem[]}
 */
export function optionRuleProblems(game, options, count) {
  const declared = game.scoring.options ?? [];
  const needed = new Set(declared.flatMap((o) => o.players?.required ?? []));
  const without = [];
  for (let n = game.players.min; n <= game.players.max; n++) if (!needed.has(n)) without.push(n);
  /** @type {Problem[]} */
  const out = [];
  for (const option of declared) {
    const rule = option.players;
    if (!rule) continue;
    const on = options[option.id] === true;
    const loc = ["options", option.id];
    if (on && rule.only?.length && !rule.only.includes(count)) {
      out.push(problem(loc, "option_not_for_count", { option: option.id, count, ...range(rule.only) }));
    } else if (!on && (rule.required ?? []).includes(count)) {
      out.push(problem(loc, "option_required", { option: option.id, count, ...range(without) }));
    }
  }
  return out;
}

/** @type {WeakMap<object, Record<string, OptionWhen>>} each export's compiled option tests */
const compiledWhens = new WeakMap();

/** The ``when`` of each option that has one, compiled once per export. @param {Table} game @returns {Record<string, OptionWhen>} */
export function optionWhens(game) {
  let found = compiledWhens.get(game);
  if (!found) {
    found = {};
    for (const option of game.scoring.options ?? []) if (option.when != null) found[option.id] = tableFunction(option.when);
    compiledWhens.set(game, found);
  }
  return found;
}

/**
 * The options with each that does not apply at ``count`` set back to its default, and the
 * ids of those set back: rounds until none changes, as one option's test may read another.
 * @param {Table} game @param {Options} options @param {number} count
 * @returns {{options: Options, reset: string[]}}
 */
export function applicableOptions(game, options, count) {
  const whens = optionWhens(game);
  const defaults = Object.fromEntries((game.scoring.options ?? []).map((o) => [o.id, o.default]));
  const chosen = { ...options };
  /** @type {string[]} */
  const reset = [];
  for (let changed = true; changed;) {
    changed = false;
    for (const [id, when] of Object.entries(whens)) {
      const value = Object.hasOwn(chosen, id) ? chosen[id] : defaults[id];
      if (value !== defaults[id] && !truthy(when(chosen, {}, {}, count))) {
        chosen[id] = defaults[id];
        reset.push(id);
        changed = true;
      }
    }
  }
  return { options: chosen, reset };
}

/** Options set to something other than their default where they do not apply. @param {Table} game @param {Options} options @param {number} count @returns {Problem[]} */
export function unusedOptionProblems(game, options, count) {
  const { reset } = applicableOptions(game, options, count);
  return reset.map((id) => problem(["options", id], "not_used", { value: options[id] }));
}

/** Options a request names that the game does not have, or with a value it cannot take. @param {Table} game @param {Record<string, Value>} given @returns {Problem[]} */
export function optionProblems(game, given) {
  /** @type {Problem[]} */
  const out = [];
  for (const [key, value] of Object.entries(given)) {
    const option = (game.scoring.options ?? []).find((o) => o.id === key);
    const loc = ["options", key];
    const allowed = option?.choices?.map((c) => c.id) ?? [];
    if (!option) out.push(problem(loc, "unknown_field"));
    else if (option.kind == "flag" && typeof value != "boolean") out.push(problem(loc, "bool_type"));
    else if (option.kind == "choice" && !allowed.includes(/** @type {string} */ (value))) out.push(problem(loc, "choice", { allowed }));
  }
  return out;
}

/** Each player whose (normalized) name another player has too. @param {(string | null)[]} names @returns {Problem[]} */
export function duplicateNames(names) {
  // Counted once, not name by name: a request may carry thousands of names.
  /** @type {Map<string, number>} */
  const seen = new Map();
  for (const n of names) if (n != null) seen.set(n, (seen.get(n) ?? 0) + 1);
  return names.flatMap((name, i) =>
    name != null && (seen.get(name) ?? 0) > 1 ? [problem(["players", i, "name"], "duplicate_name", { name })] : [],
  );
}

/**
 * The names normalized, and every problem with them, checked with the name's schema.
 * @param {JsonSchema} schema the export's player_name @param {Value[]} names the request's
 * @returns {{names: string[], problems: Problem[]}}
 */
export function nameProblems(schema, names) {
  /** @type {Problem[]} */
  const problems = [];
  const checked = names.map((name, i) => {
    const found = fieldProblems(schema, name, ["players", i, "name"]);
    problems.push(...found);
    return found.length ? null : normalize(/** @type {import("../../../tools/typecheck/export").Normalize} */ (schema["x-normalize"]), /** @type {string} */ (name));
  });
  problems.push(...duplicateNames(checked));
  return { names: checked.map((n) => n ?? ""), problems };
}
