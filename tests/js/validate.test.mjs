// Every end state Python refused: the same set of problem paths, each problem with a known
// code and a message; for the conformance cases, the path the case names.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { calculator, games } from "./fixture.mjs";

const { compileGame } = await calculator("scoring");
const { check } = await calculator("validate");

for (const [id, game] of games()) {
  describe(`validate ${id}`, () => {
    const compiled = compileGame(game.export);
    for (const item of game.states.filter((/** @type {any} */ s) => s.problems)) {
      test(item.id, () => {
        const { problems, state } = check(compiled, item.state);
        assert.equal(state, null, "the state must be refused");
        const paths = [...new Set(problems.map((/** @type {any} */ p) => p.path))].sort();
        assert.deepStrictEqual(paths, [...new Set(item.problems)].sort());
        if (item.error_path != null) assert.ok(paths.includes(item.error_path), item.error_path);
        for (const p of problems) {
          assert.equal(typeof p.code, "string");
          assert.equal(typeof p.message, "string");
          assert.ok(p.message.length > 0);
        }
      });
    }
  });
}
