import assert from "node:assert/strict";
import { test } from "node:test";
import { calculator, fixture } from "./fixture.mjs";

const { SeededRandom, fnv1a } = await calculator("rng");

for (const row of fixture.rng) {
  test(`rng: seed ${JSON.stringify(row.seed)}`, () => {
    assert.equal(fnv1a(row.seed), row.fnv1a);
    const rng = new SeededRandom(row.seed);
    assert.deepEqual(Array.from({ length: row.u32.length }, () => rng.nextU32()), row.u32);
    const below = new SeededRandom(row.seed);
    assert.deepEqual(row.bounds.map((/** @type {number} */ b) => below.below(b)), row.below);
    assert.deepEqual(new SeededRandom(row.seed).shuffled(row.items), row.shuffled);
  });
}
