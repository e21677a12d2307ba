// scorer/setup.py make_setup: the same inputs give the same checklist.
import { tableFunction } from "./expr.js";
import { SeededRandom } from "./rng.js";
import { num, truthy } from "./values.js";

/**
 * Python's SetupResult.to_json(); throws for an illegal table.
 * @param {any} game the export (scorer/export.py) @param {number} players
 * @param {string} [seed] a random one when empty @param {string[]} [names] @param {Record<string, any>} [options]
 */
export function makeSetup(game, players, seed, names, options = {}) {
  const { min, max } = game.players;
  const fail = (message) => {
    throw new Error(message);
  };
  if (!(min <= players && players <= max)) fail(`${game.names.en} is for ${min} to ${max} players, not ${players}`);
  names = names?.length ? names : Array.from({ length: players }, (_, i) => `P${i + 1}`);
  if (names.length != players) fail(`${names.length} names given for ${players} players`);
  if (new Set(names).size != players) fail("each player needs a different name");
  /** @type {Record<string, any>} */
  const chosen = {};
  for (const o of game.scoring.options) chosen[o.id] = o.default;
  for (const [key, value] of Object.entries(options)) {
    const o = game.scoring.options.find((x) => x.id == key);
    if (!o || (o.kind == "flag" ? typeof value != "boolean" : !o.choices.some((c) => c.id === value)))
      fail(`option ${key}: ${JSON.stringify(value)} is not allowed`);
    chosen[key] = value;
  }
  seed ||= [...crypto.getRandomValues(new Uint8Array(4))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const rng = new SeededRandom(seed);
  const first = rng.below(players);
  const order = [...names.slice(first), ...names.slice(0, first)];
  const value = (node) => tableFunction(node)(chosen, {}, {}, players);
  const dealt = (item) => ({ id: item.id, name: item.name, data: { ...item.data } });
  const steps = [];
  for (const step of game.setup.steps) {
    if (step.when != null && !truthy(value(step.when))) continue;
    const values = Object.fromEntries(Object.entries(step.values ?? {}).map(([k, v]) => [k, num(value(v))]));
    const result = { id: step.id, text: step.text, values, per_player: {}, table: /** @type {any[]} */ ([]), slots: [], per_seat: {} };
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
      if (wanted > shuffled.length) fail(`step ${step.id}: ${wanted} items needed but the deck holds ${shuffled.length}`);
      if (deal.per_player != null) result.per_player = Object.fromEntries(order.map((name, i) => [name, shuffled.slice(i * each, (i + 1) * each).map(dealt)]));
      else [result.table, result.slots] = [shuffled.slice(0, each).map(dealt), deal.slots.slice(0, each)];
    }
    steps.push(result);
  }
  return { game: game.game, seed, options: chosen, players: [...names], turn_order: order, first_player: order[0], steps };
}
