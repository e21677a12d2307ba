// End-state files read as the command line reads them (scorer/reading.py): the same bounds,
// the same problems for files that are too large, too deep, not UTF-8 or not JSON, and for
// the numbers JSON.parse would silently change (3.0, 1e400, 5,001 digits).
import assert from "node:assert/strict";
import { test } from "node:test";
import { calculator, fixture, problemKeys as keys } from "./fixture.mjs";

const { readEndState, MAX_BYTES, MAX_DEPTH } = await calculator("fields");
const { compileGame } = await calculator("scoring");
const { check } = await calculator("validate");

test("the bounds are Python's", () => {
  assert.deepStrictEqual({ max_bytes: MAX_BYTES, max_depth: MAX_DEPTH }, fixture.bounds);
});

const nile = compileGame(fixture.games.nile.export);
fixture.files.forEach((/** @type {any} */ item, /** @type {number} */ index) => {
  test(`file ${index}`, () => {
    const read = readEndState(new Uint8Array(Buffer.from(item.bytes, "base64")));
    const problems = read.problems.length ? read.problems : check(nile, read.raw).problems;
    // JSON.parse says where a file stops being JSON in its own words: the line is Python's.
    const comparable = (/** @type {any[]} */ ps) => keys(ps.map((p) => (p.code == "not_json" ? { ...p, params: {} } : p)));
    assert.deepStrictEqual(comparable(problems), comparable(item.problems ?? []));
  });
});
