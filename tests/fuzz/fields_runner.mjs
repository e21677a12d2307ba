// The browser runtime's side of tests/fuzz/test_fields_parity.py: each end-state file read as
// fields.js reads it (readEndState), then its single-field problems by the game's JSON Schema
// (fieldProblems), printed as JSON in the order found.
//   node fields_runner.mjs INPUT.json   (INPUT: {schemas: {game: schema}, cases: [{game, file}]})
import { readFileSync } from "node:fs";
import { register } from "node:module";

register("../js/esm-hook.mjs", import.meta.url);

const { fieldProblems, readEndState } = await import(new URL("../../site/assets/calculator/fields.js", import.meta.url).href);

const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
const results = input.cases.map((/** @type {{game: string, file: string}} */ item) => {
  const read = readEndState(new Uint8Array(readFileSync(item.file)));
  const problems = read.problems.length ? read.problems : fieldProblems(input.schemas[item.game], read.raw);
  return problems.map((/** @type {any} */ p) => ({ loc: p.loc, code: p.code, params: p.params }));
});
process.stdout.write(JSON.stringify(results));
