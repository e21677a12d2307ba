// Runs end states through the browser runtime, as a page loads it (calculator.js, the
// modules joined), under Node: reads {export, states: [{id, state}]} as JSON on standard
// input and prints, per state, {id, result} (scored) or {id, problems: [paths]} (refused).
import { readFileSync } from "node:fs";
import { scoring, validate } from "./calculator.js";

/** A problem's place as Python writes it: players[0].wheat. @param {any} problem */
const place = (problem) => {
  if (typeof problem.path === "string") return problem.path;
  const parts = Array.isArray(problem.loc) ? problem.loc : [];
  return parts.map((p, i) => (typeof p === "number" ? `[${p}]` : i ? `.${p}` : `${p}`)).join("");
};

const input = JSON.parse(readFileSync(0, "utf8"));
const game = scoring.compileGame(input.export);
const outcomes = input.states.map((/** @type {any} */ item) => {
  try {
    const { problems, state } = validate.check(game, item.state);
    if (state === null) return { id: item.id, problems: problems.map(place) };
    return { id: item.id, result: scoring.score(game, state) };
  } catch (error) {
    return { id: item.id, error: String(error && /** @type {any} */ (error).stack || error) };
  }
});
process.stdout.write(JSON.stringify(outcomes));
