// The mechanics called directly with the arguments Python was called with, and the
// expression nodes evaluated on synthetic players: the same values, bools kept as bools.
import assert from "node:assert/strict";
import { test } from "node:test";
import { calculator, fixture } from "./fixture.mjs";

const H = await calculator("mechanics");
const { playerFunction } = await calculator("expr");

const CALLS = {
  lookup: H.lookup,
  set_collection: H.setCollection,
  sorted_key: H.sortedKey,
  rank_award: H.rankAward,
  most: H.most,
  held_award: H.heldAward,
  neighbours: H.neighbours,
};

test("mechanics: every function is exercised", () => {
  assert.deepEqual(new Set(fixture.mechanics.map((/** @type {any} */ c) => c.function)), new Set(Object.keys(CALLS)));
});

fixture.mechanics.forEach((/** @type {any} */ call, /** @type {number} */ k) => {
  test(`mechanics ${k}: ${call.function}(${JSON.stringify(call.args)})`, () => {
    assert.deepStrictEqual(CALLS[/** @type {keyof CALLS} */ (call.function)](...call.args), call.result);
  });
});

const { players, options, table, choice_data: choiceData, values } = fixture.expressions.context;
fixture.expressions.cases.forEach((/** @type {any} */ item, /** @type {number} */ k) => {
  test(`expression ${k}: ${JSON.stringify(item.node)}`, () => {
    assert.deepStrictEqual(playerFunction(item.node)(players, options, table, choiceData, values), item.result);
  });
});
