// What makes a table legal, the same for the setup generator and the calculator, as
// scorer/legality.py: the game's player range, the counts each option is tied to (its
// ``players`` rule), and names as the end state's name field takes them.

import { fieldProblems, normalize } from "./fields.js";
import { problem } from "./problems.js";

/** @typedef {import("./problems.js").Problem} Problem */

/** @param {number[]} counts */
const range = (counts) => (counts.length ? { min: Math.min(...counts), max: Math.max(...counts) } : { min: 0, max: 0 });

/** A table of ``count`` players outside the game's range. @param {any} game the export @param {number} count @returns {Problem[]} */
export function playerCountProblems(game, count) {
  const { min, max } = game.players;
  return min <= count && count <= max ? [] : [problem(["players"], "player_count", { count, min, max })];
}

/**
 * Options on at a player count they are not for, or off where the count needs them.
 * @param {any} game @param {Record<string, any>} options @param {number} count @returns {Problem[]}
 */
export function optionRuleProblems(game, options, count) {
  const declared = game.scoring.options ?? [];
  const needed = new Set(declared.flatMap((/** @type {any} */ o) => o.players?.required ?? []));
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

/** Options a request names that the game does not have, or with a value it cannot take. @param {any} game @param {Record<string, any>} given @returns {Problem[]} */
export function optionProblems(game, given) {
  /** @type {Problem[]} */
  const out = [];
  for (const [key, value] of Object.entries(given)) {
    const option = (game.scoring.options ?? []).find((/** @type {any} */ o) => o.id === key);
    const loc = ["options", key];
    const allowed = option?.choices?.map((/** @type {any} */ c) => c.id) ?? [];
    if (!option) out.push(problem(loc, "unknown_field"));
    else if (option.kind == "flag" && typeof value != "boolean") out.push(problem(loc, "bool_type"));
    else if (option.kind == "choice" && !allowed.includes(value)) out.push(problem(loc, "choice", { allowed }));
  }
  return out;
}

/** Each player whose (normalized) name another player has too. @param {(string | null)[]} names @returns {Problem[]} */
export function duplicateNames(names) {
  const given = names.filter((n) => n != null);
  return names.flatMap((name, i) =>
    name != null && given.indexOf(name) != given.lastIndexOf(name) ? [problem(["players", i, "name"], "duplicate_name", { name })] : [],
  );
}

/**
 * The names normalized, and every problem with them, checked with the name's schema.
 * @param {any} schema the export's player_name @param {any[]} names
 * @returns {{names: string[], problems: Problem[]}}
 */
export function nameProblems(schema, names) {
  /** @type {Problem[]} */
  const problems = [];
  const checked = names.map((name, i) => {
    const found = fieldProblems(schema, name, ["players", i, "name"]);
    problems.push(...found);
    return found.length ? null : normalize(schema["x-normalize"], name);
  });
  problems.push(...duplicateNames(checked));
  return { names: checked.map((n) => n ?? ""), problems };
}
