// Every setup Python made (each legal player count, each option combination, two seeds):
// the same checklist, deals and turn order; where Python refused, the same problems.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { calculator, games } from "./fixture.mjs";

const { makeSetup, SetupError } = await calculator("setup");
const { ProblemWords } = await calculator("problems");
const { Words } = await calculator("kit");

for (const [id, game] of games()) {
  describe(`setup ${id}`, () => {
    for (const item of game.setups) {
      test(`${item.players} players, seed ${item.seed}, ${JSON.stringify(item.options)}`, () => {
        const make = () => makeSetup(game.export, item.players, item.seed, item.names, item.options);
        if (item.problems == null) return assert.deepStrictEqual(make(), item.result);
        assert.throws(make, (/** @type {any} */ error) => {
          assert.ok(error instanceof SetupError);
          const plain = (/** @type {any[]} */ ps) => ps.map(({ messages, ...p }) => p);
          assert.deepStrictEqual(error.problems, plain(item.problems));
          // Each in the words the command line prints, in every language.
          for (const [language, island] of Object.entries(game.islands)) {
            const words = new ProblemWords(island.export, new Words(island), []);
            error.problems.forEach((/** @type {any} */ p, /** @type {number} */ k) => assert.equal(words.message(p), item.problems[k].messages[language]));
          }
          return true;
        });
      });
    }
  });
}
