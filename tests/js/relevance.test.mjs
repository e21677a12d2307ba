// Issue 28: which inputs count for a player. relevance.js evaluates the export's
// needs.relevant and needs.implied exactly as scorer/relevance.py does, on every parity
// state's players (corrupted rows included): what the options settle, what each row hides,
// and what it implies.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { calculator, games } from "./fixture.mjs";

const { hidden, settle, tieOnly } = await calculator("relevance");
const { defaultValue } = await calculator("validate");

for (const [id, game] of games()) {
  describe(`relevance: ${id}`, () => {
    const needs = game.export.needs;
    const inputs = game.export.scoring.inputs;
    const defaults = Object.fromEntries(inputs.map((/** @type {any} */ s) => [s.id, defaultValue(game.export, s)]));
    const asked = inputs.map((/** @type {any} */ s) => s.id);

    test("the options and the player count settle the same conditions", () => {
      for (const c of game.relevance) assert.deepStrictEqual(settle(needs, c.options, c.count), c.settled, JSON.stringify([c.options, c.count]));
    });

    test("each player's row hides and implies the same inputs", () => {
      for (const c of game.relevance) {
        for (const { row, found } of c.rows) {
          assert.deepStrictEqual(hidden(needs, row, defaults, asked, c.options, c.count), found, JSON.stringify(row));
        }
      }
    });

    test("each player's row needs the same inputs only on a tie", () => {
      for (const c of game.relevance) {
        for (const { row, tie_only: found } of c.rows) {
          assert.deepStrictEqual(tieOnly(needs, row, defaults, asked, c.options, c.count), found, JSON.stringify(row));
        }
      }
    });
  });
}

test("Tokaido's parity states hide something (the comparison is not empty)", () => {
  const tokaido = games().find(([id]) => id == "tokaido")?.[1];
  assert.ok(tokaido.relevance.some((/** @type {any} */ c) => c.rows.some((/** @type {any} */ r) => r.found[0].length)));
  assert.ok(tokaido.relevance.some((/** @type {any} */ c) => c.rows.some((/** @type {any} */ r) => r.tie_only.length)));
});
