// Scores the end states of one game with the browser runtime and prints, for each, its result
// and problems as Python's tests.parity_fixture.outcome gives them (tests/scorer/test_table_rows.py).
// Usage: node tests/js/outcomes.mjs GAME.json, where GAME.json is {export, states: [...]}.
import { readFileSync } from "node:fs";
import { register } from "node:module";

register("./esm-hook.mjs", import.meta.url);
const folder = new URL("../../site/assets/calculator/", import.meta.url);
const { compileGame, score } = await import(new URL("scoring.js", folder).href);
const { check } = await import(new URL("validate.js", folder).href);

const game = JSON.parse(readFileSync(process.argv[2], "utf8"));
const compiled = compileGame(game.export);
const found = game.states.map((/** @type {any} */ raw) => {
  const { problems, state } = check(compiled, raw);
  /** @type {Record<string, any>} */
  const item = {};
  if (state) item.result = score(compiled, state);
  if (problems.length) item.problems = problems;
  return item;
});
process.stdout.write(JSON.stringify(found));
