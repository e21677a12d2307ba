// The browser runtime's side of tests/fuzz/test_endstate_fuzz.py: each end-state file read
// and checked as validate.js does (readEndState, then check), its problems printed as JSON.
//   node endstate_runner.mjs INPUT.json   (INPUT: {exports: {game: export}, cases: [{game, file}]})
import { readFileSync } from "node:fs";
import { register } from "node:module";

register("../js/esm-hook.mjs", import.meta.url);

const folder = new URL("../../site/assets/calculator/", import.meta.url);
const load = (/** @type {string} */ name) => import(new URL(`${name}.js`, folder).href);
const { readEndState } = await load("fields");
const { compileGame } = await load("scoring");
const { check } = await load("validate");

const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
/** @type {Record<string, any>} */
const compiled = {};
const results = input.cases.map((/** @type {{game: string, file: string}} */ item) => {
  try {
    const read = readEndState(new Uint8Array(readFileSync(item.file)));
    if (read.problems.length) return { problems: read.problems, scored: false };
    const g = (compiled[item.game] ??= compileGame(input.exports[item.game]));
    // As the command line does, an end state without its game is for the game asked.
    const raw = read.raw !== null && typeof read.raw == "object" && !Array.isArray(read.raw) && !("game" in read.raw) ? { game: item.game, ...read.raw } : read.raw;
    const { problems, state } = check(g, raw);
    return { problems, scored: state != null };
  } catch (error) {
    return { error: String(/** @type {Error} */ (error).stack ?? error), problems: [], scored: false };
  }
});
process.stdout.write(JSON.stringify(results));
