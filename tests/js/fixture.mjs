// The parity fixture written by tests/parity_fixture.py (Python's results for the same inputs),
// and the calculator's modules.
import { readFileSync } from "node:fs";
import { register } from "node:module";

register("./esm-hook.mjs", import.meta.url);

const path = process.env.RULEBOOK_FIXTURE;
if (!path) {
  throw new Error(
    "RULEBOOK_FIXTURE is not set: run `.venv/bin/pytest tests/test_js_parity.py`, which builds " +
      "the fixture from the content with the Python engine and then runs these tests.",
  );
}

/** @type {any} */
export const fixture = JSON.parse(readFileSync(path, "utf8"));

// The calculator's folder: the sources, or (RULEBOOK_CALCULATOR) the files as the site ships them.
const folder = process.env.RULEBOOK_CALCULATOR
  ? new URL(`file://${process.env.RULEBOOK_CALCULATOR.replace(/\/?$/, "/")}`)
  : new URL("../../site/assets/calculator/", import.meta.url);
// With RULEBOOK_BUNDLE set, each module comes from the one file pages load (calculator.js),
// which exports every module it joins by name.
const bundle = process.env.RULEBOOK_BUNDLE ? new URL("calculator.js", folder).href : null;

/** A calculator module by name ("scoring", "validate", ...). @param {string} name */
export const calculator = async (name) => {
  if (!bundle) return import(new URL(`${name}.js`, folder).href);
  const found = (await import(bundle))[name];
  if (!found) throw new Error(`calculator.js holds no module ${name}`);
  return found;
};

/** The games of the fixture, as [id, data] pairs. @returns {[string, any][]} */
export const games = () => Object.entries(fixture.games);

/** A problem as a comparable key: location, code, parameters, severity. @param {any} p */
export const problemKey = (p) => JSON.stringify([p.loc, p.code, p.params, p.severity]);
/** Problems as sorted keys, to compare two runtimes whatever their order. @param {any[]} problems */
export const problemKeys = (problems) => problems.map(problemKey).sort();
