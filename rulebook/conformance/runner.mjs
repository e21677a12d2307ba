// Runs end states through the browser runtime, as a page loads it (calculator.js, the
// modules joined), under Node: reads {export, states: [{id, state}]} as JSON on standard
// input and prints, per state, {id, result} (scored) or {id, problems} (refused: every
// problem as {loc, code, params}, as Python's Problem.to_json()).
import { readFileSync } from "node:fs";
import { scoring, validate } from "./calculator.js";

const input = JSON.parse(readFileSync(0, "utf8"));
const game = scoring.compileGame(input.export);
const outcomes = input.states.map((/** @type {any} */ item) => {
  try {
    const { problems, state } = validate.check(game, item.state);
    if (problems.length) return { id: item.id, problems: problems.map(({ loc, code, params }) => ({ loc, code, params })) };
    return { id: item.id, result: scoring.score(game, state) };
  } catch (error) {
    return { id: item.id, error: String(error && /** @type {any} */ (error).stack || error) };
  }
});
process.stdout.write(JSON.stringify(outcomes));
