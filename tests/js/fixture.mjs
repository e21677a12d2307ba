// The parity fixture written by tests/parity_fixture.py (Python's results for the same inputs),
// and the calculator's modules.
import { readFileSync } from "node:fs";
import { tool } from "./tools.mjs";

const path = process.env.RULEBOOK_FIXTURE;
if (!path) {
  throw new Error(
    "RULEBOOK_FIXTURE is not set: run `.venv/bin/pytest tests/calculator/test_js_parity.py`, which builds " +
      "the fixture from the content with the Python engine and then runs these tests.",
  );
}

/** @type {any} */
export const fixture = JSON.parse(readFileSync(path, "utf8"));

/** A calculator module by name ("scoring", "validate", ...), as tools.mjs takes it. */
export const calculator = tool;

/** The games of the fixture, as [id, data] pairs. @returns {[string, any][]} */
export const games = () => Object.entries(fixture.games);

/** A problem as a comparable key: location, code, parameters, severity. @param {any} p */
export const problemKey = (p) => JSON.stringify([p.loc, p.code, p.params, p.severity]);
/** Problems as sorted keys, to compare two runtimes whatever their order. @param {any[]} problems */
export const problemKeys = (problems) => problems.map(problemKey).sort();
