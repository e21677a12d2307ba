// scorer/setup.py make_setup: the same inputs give the same checklist.
import { tableFunction } from "./expr.js";
import { nameProblems, optionProblems, optionRuleProblems, playerCountProblems, unusedOptionProblems } from "./legality.js";
import { problem } from "./problems.js";
import { SeededRandom } from "./rng.js";
import { num, truthy } from "./values.js";

/**
 * @typedef {import("../../../tools/typecheck/export").Export} Export
 * @typedef {import("../../../tools/typecheck/export").Expr} Expr
 * @typedef {import("../../../tools/typecheck/export").DeckItem} DeckItem
 * @typedef {import("./values.js").Value} Value
 * @typedef {import("./expr.js").Options} Options
 * @typedef {Pick<import("../../../tools/typecheck/export").SetupExport, "game" | "players" | "setup" | "decks" | "player_name" | "scoring">} SetupGame
 *   what the generator reads of the export, of all the setup page's island holds of it
 */

/** A setup that cannot be made; ``problems`` says every reason, as ``score`` would. */
export class SetupError extends Error {
  /** @param {import("./problems.js").Problem[]} problems */
  constructor(problems) {
    super(problems.map((p) => p.code).join(", "));
    this.problems = problems;
  }
}

/**
 * scorer/setup.py's SetupResult.to_json(); throws SetupError for an illegal table (legality.js,
 * the rules ``score`` applies too).
 * @param {SetupGame} game the export (scorer/export.py) @param {number} players
 * @param {string} [seed] a random one when empty @param {string[]} [names] @param {Record<string, Value>} [options] the request's
 */
export function makeSetup(game, players, seed, names, options = {}) {
  const countProblems = playerCountProblems(game, players);
  const problems = [...countProblems];
  // A placeholder name per player only for a count the game is played at.
  const given = names?.length ? names : countProblems.length ? [] : Array.from({ length: players }, (_, i) => `P${i + 1}`);
  if (given.length != players && !problems.length) problems.push(problem(["players"], "names_count", { count: given.length, players }));
  const checked = nameProblems(game.player_name, given);
  problems.push(...checked.problems);
  names = checked.names;
  const optionFaults = optionProblems(game, options);
  problems.push(...optionFaults);
  /** @type {Options} */
  const chosen = {};
  for (const o of game.scoring.options) chosen[o.id] = o.default;
  if (!optionFaults.length) {
    Object.assign(chosen, options);
    if (!countProblems.length) problems.push(...optionRuleProblems(game, chosen, players), ...unusedOptionProblems(game, chosen, players));
  }
  if (problems.length) throw new SetupError(problems);
  seed ||= [...crypto.getRandomValues(new Uint8Array(4))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const rng = new SeededRandom(seed);
  const first = rng.below(players);
  const order = [...names.slice(first), ...names.slice(0, first)];
  const value = (/** @type {Expr | undefined} */ node) => tableFunction(node)(chosen, {}, {}, players);
  const dealt = (/** @type {DeckItem} */ item) => ({ id: item.id, name: item.name, data: { ...item.data } });
  const steps = [];
  for (const step of game.setup.steps) {
    if (step.when != null && !truthy(value(step.when))) continue;
    const values = Object.fromEntries(Object.entries(step.values ?? {}).map(([k, v]) => [k, num(value(v))]));
    // The generator has drawn what the step says to draw: its words say so.
    /** @type {{id: string, text: string, values: Record<string, number>, per_player: Record<string, ReturnType<typeof dealt>[]>, table: ReturnType<typeof dealt>[], slots: string[], per_seat: Record<string, number>}} */
    const result = { id: step.id, text: step.decided_text ?? step.text, values, per_player: {}, table: [], slots: [], per_seat: {} };
    const seats = step.per_seat;
    if (seats) result.per_seat = Object.fromEntries(order.map((name, i) => [name, seats[Math.min(i, seats.length - 1)]]));
    const deal = step.deal;
    if (deal) {
      const deck = game.decks[deal.component].flatMap((item) =>
        item.when == null || truthy(value(item.when)) ? Array(item.copies).fill(item) : [],
      );
      const shuffled = rng.shuffled(deck);
      const each = num(value(deal.per_player ?? deal.to_table));
      const wanted = deal.per_player != null ? each * players : each;
      if (wanted > shuffled.length) throw new SetupError([problem(["players"], "deck_too_small", { step: step.id, count: wanted, available: shuffled.length })]);
      if (deal.per_player != null) result.per_player = Object.fromEntries(order.map((name, i) => [name, shuffled.slice(i * each, (i + 1) * each).map(dealt)]));
      else [result.table, result.slots] = [shuffled.slice(0, each).map(dealt), deal.slots.slice(0, each)];
    }
    steps.push(result);
  }
  const when = game.setup.first_player_when;
  const firstPlayer = when == null || truthy(value(when)) ? order[0] : null;
  return { game: game.game, seed, options: chosen, players: [...names], turn_order: order, first_player: firstPlayer, steps };
}
