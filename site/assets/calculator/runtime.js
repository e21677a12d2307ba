// The runtime modules the widgets call (scoring.js, validate.js, setup.js, expr.js, which
// mirror the Python engine), and one game's compiled scoring as the calculator asks it:
// an end state's problems and result, and the ``when`` tests of inputs, table choices,
// options and rivals.

import * as expr from "./expr.js";
import * as scoring from "./scoring.js";
import * as setup from "./setup.js";
import * as validation from "./validate.js";
import { truthy } from "./values.js";

/**
 * @typedef {import("./problems.js").Problem} Problem
 * @typedef {import("../../../tools/typecheck/export").Export} Export
 * @typedef {import("../../../tools/typecheck/export").CalculatorExport} CalculatorExport
 * @typedef {import("./expr.js").Options} Options
 * @typedef {import("./expr.js").TileData} TileData
 * @typedef {import("./values.js").Row} Row
 * @typedef {import("./values.js").Value} Value
 * @typedef {ReturnType<typeof scoring.score>} Result  score()'s
 * @typedef {{result: Result, faulty: Set<string>}} Counted  what counts while problems stand
 * @typedef {(O: Options, T: Row, D: TileData, n: number) => Value} When  a ``when`` test
 * @typedef {{options: Options, table: Row, choiceData: TileData, n: number}} Context  what the ``when`` tests read (Calculator.context())
 */

/** The runtime modules the widgets call. */
export const runtime = { scoring, validation, setup, expr };

/**
 * The ``when`` tests of a game's options, as functions of (options, table, choice data, n).
 * @param {{scoring: Pick<Export["scoring"], "options">}} game the export (a setup page's has only the options of its scoring)
 */
export function optionWhens(game) {
  /** @type {Record<string, When>} */
  const found = {};
  for (const option of game.scoring.options ?? []) {
    if (option.when != null) found[option.id] = runtime.expr.tableFunction(option.when);
  }
  return found;
}

/** @param {When | undefined} fn @param {Context} c */
export const holds = (fn, c) => !fn || truthy(fn(c.options, c.table, c.choiceData, c.n));

/**
 * One game's compiled scoring: ``evaluate(state) -> {problems, result}`` and the ``when``
 * tests of inputs, table choices and options.
 * @param {CalculatorExport} game the export
 */
export function makeEngine(game) {
  const compiled = runtime.scoring.compileGame(game);
  const optionWhen = optionWhens(game);
  return {
    /** @param {string} id @param {Context} c */
    inputActive: (id, c) => holds(compiled.inputWhen?.[id], c),
    /** @param {string} id @param {Context} c */
    tableActive: (id, c) => holds(compiled.tableWhen?.[id], c),
    /** Whether the scoring reads a count only as "at least" here (``reached``). @param {string} id @param {Context} c */
    reached: (id, c) => !!compiled.reachedWhen?.[id] && holds(compiled.reachedWhen[id], c),
    /** Whether a player may leave a choice empty (none of those that count). @param {string} id @param {Context} c */
    mayBeEmpty: (id, c) => !!compiled.mayBeEmpty?.[id] && holds(compiled.mayBeEmpty[id], c),
    /** @param {string} id @param {Context} c */
    optionActive: (id, c) => holds(optionWhen[id], c),
    /** Whether a table field offers a choice (a 2-player tile only at two). @param {string} table @param {string} choice @param {Context} c */
    choiceOffered: (table, choice, c) => holds(compiled.choiceWhen?.[table]?.[choice], c),
    /** @param {string} id @param {Context} c */
    rivalActive: (id, c) => holds(compiled.rivalWhen?.[id], c),
    /**
     * Every problem of an end state, and its result when the totals stand (no problem,
     * or only problems in fields no total reads).
     * While problems stand, ``partial`` is what can be counted meanwhile: the result of
     * the state with each faulty input at its default, and those inputs.
     * ``hidden``: per player, the inputs that do not count for them (askedOf()).
     * @param {unknown} raw an end state @param {Set<string>[] | null} [hidden]
     * @returns {{problems: Problem[], result: Result | null, partial: Counted | null}}
     */
    evaluate(raw, hidden = null) {
      const { problems, state, partial } = runtime.validation.check(compiled, raw, hidden);
      if (state) return { problems, result: runtime.scoring.score(compiled, state), partial: null };
      let counted = null;
      try {
        if (partial) counted = { result: runtime.scoring.score(compiled, partial.state), faulty: partial.faulty };
      } catch {
        counted = null; // a state the scorer cannot count yet: no running total
      }
      return { problems, result: null, partial: counted };
    },
  };
}
