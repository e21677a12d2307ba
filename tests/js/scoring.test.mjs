// Every end state Python scored without a problem: the whole result object, deep-equal.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { calculator, games } from "./fixture.mjs";

const { compileGame, score } = await calculator("scoring");
const { check } = await calculator("validate");

for (const [id, game] of games()) {
  describe(`scoring ${id}`, () => {
    const compiled = compileGame(game.export);
    for (const item of game.states.filter((/** @type {any} */ s) => s.result && !s.problems)) {
      test(item.id, () => {
        const { problems, state } = check(compiled, item.state);
        assert.deepStrictEqual(problems, []);
        assert.deepStrictEqual(score(compiled, /** @type {any} */ (state)), item.result);
      });
    }
  });
}
