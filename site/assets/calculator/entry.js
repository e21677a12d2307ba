// What the table enters in the calculator: the control of one input for one player, and
// the end state read back from the form. Text that is not a whole number goes in as text,
// so the runtime reports it at its field with every other problem.

import { activeInputs, askedOf, presentRivals, reachedNow } from "./asked.js";
import { tableState } from "./fields.js";
import { nextId } from "./formkit.js";
import { el } from "./kit.js";
import { applicableOptions } from "./legality.js";
import { rowsControl, rowsValue } from "./rows.js";

/**
 * @typedef {import("./scoresheet.js").Calculator} Calculator
 * @typedef {import("./scoresheet.js").Entered} Entered
 * @typedef {import("../../../tools/typecheck/export").Input} Input
 * @typedef {import("./values.js").Row} Row
 */

/** Counts up to this many get − / + buttons. */
const STEPPER_MAX = 12;

/**
 * The control of one input for one player. A ``plain`` count gets no − and + buttons
 * (a box in a number row, where a line holds six).
 * @param {Calculator} calc @param {Input} spec @param {number} i @param {string} rowId
 * @param {{plain?: boolean}} [how]
 */
export function field(calc, spec, i, rowId, how = {}) {
  const t = calc.texts;
  const id = nextId("calc-in");
  const common = {
    id, "data-input": spec.id, "data-player": i, "data-focus-key": `in:${spec.id}:${i}`,
    "aria-labelledby": `${rowId} ${calc.columnIds?.[i]}`, "aria-describedby": `${id}-error`,
  };
  const current = calc.values[i][spec.id];
  /** @param {Entered} value */
  const set = (value) => { calc.values[i][spec.id] = value; calc.schedule(); };
  if (spec.kind === "rows") {
    const labelledBy = `${rowId} ${calc.columnIds?.[i]}`;
    return [rowsControl({ spec, player: i, value: current, labelledBy, nextId, label: (text, context) => t.text(text, context), t: (key, params) => t.t(key, params), onChange: set })];
  }
  let control;
  const at = spec.kind === "count" && reachedNow(calc).get(spec.id);
  if (at) {
    // Read only as "at least at": a box that gives that number, or nothing (ui: reached).
    const box = el("input", {
      ...common, type: "checkbox", checked: Number(current) >= at, "data-reached": at,
      on: { change: (/** @type {Event} */ e) => set(/** @type {HTMLInputElement} */ (e.target).checked ? String(at) : "") },
    });
    const error = el("span", { class: "rb-error", id: `${id}-error`, hidden: true });
    return [el("label", { class: "rb-reached" }, box, el("span", {}, t.t("calc_reached", { count: t.num(at) }))), error];
  }
  if (spec.kind === "flag") {
    control = el("input", { ...common, type: "checkbox", checked: !!current, on: { change: (/** @type {Event} */ e) => set(/** @type {HTMLInputElement} */ (e.target).checked) } });
  } else if (spec.kind === "choice" || spec.kind === "position") {
    /** @type {[string, string][]} */
    const pairs = spec.kind === "choice"
      ? spec.choices.map((c) => [c.id, c.label])
      : Array.from({ length: calc.count }, (_, k) => [String(k + 1), String(k + 1)]);
    const selected = current ?? (spec.kind === "choice" ? spec.default ?? "" : "");
    // A list a player may leave as it is says what its empty entry stands for.
    const other = spec.kind === "choice" && calc.engine.mayBeEmpty(spec.id, calc.context());
    control = el("select", { ...common, on: { change: (/** @type {Event} */ e) => set(/** @type {HTMLSelectElement} */ (e.target).value) } },
      el("option", { value: "", text: other ? t.t("calc_choice_other") : "—" }),
      pairs.map(([value, label]) => el("option", { value, selected: String(selected) === value, text: label })));
  } else {
    const limits = calc.game.limits?.[spec.id] ?? {};
    control = el("input", {
      ...common,
      type: spec.kind === "count" ? "number" : "text",
      // The numeric keypad for every number; a list of numbers needs a separator key too.
      inputmode: spec.kind === "count" ? "numeric" : "decimal",
      pattern: spec.kind === "count" ? "[0-9]*" : null,
      min: spec.kind === "count" ? limits.min ?? spec.min : null,
      max: spec.kind === "count" ? limits.max ?? spec.max : null,
      step: spec.kind === "count" ? 1 : null,
      placeholder: spec.kind === "count" ? "0" : null,
      // Left empty, none held (a legendary object): not listed as not entered.
      "data-empty-is-none": spec.kind === "count" && spec.empty_is_none ? "" : null,
      autocomplete: "off",
      value: current ?? "",
      on: { input: (/** @type {Event} */ e) => set(/** @type {HTMLInputElement} */ (e.target).value) },
    });
  }
  const error = el("span", { class: "rb-error", id: `${id}-error`, hidden: true });
  if (spec.kind !== "count" || how.plain) return [control, error];
  const top = calc.game.limits?.[spec.id]?.max ?? spec.max;
  if (top == null || top > STEPPER_MAX) return [control, error];
  // Small counts get − and + buttons: one tap each, no keyboard.
  const input = /** @type {HTMLInputElement} */ (control);
  const step = (/** @type {number} */ by) => {
    const now = /^\d+$/.test(input.value) ? Number(input.value) : 0;
    const low = Number(input.min || 0);
    const next = Math.min(Math.max(now + by, low), top);
    input.value = String(next);
    set(input.value);
  };
  const button = (/** @type {number} */ by, /** @type {string} */ text, /** @type {string} */ key) => el("button", {
    type: "button", class: "rb-step", tabindex: "-1", "aria-label": t.t(key), "data-step-by": by,
    on: { click: () => step(by) },
  }, text);
  return [el("span", { class: "rb-stepper" }, button(-1, "−", "calc_less"), control, button(1, "+", "calc_more")), error];
}

/**
 * The end state the form describes. Text that is not a whole number goes in as text, so
 * the runtime reports it at its field with every other problem.
 * @param {Calculator} calc
 */
export function endState(calc) {
  const inputs = activeInputs(calc);
  const players = [];
  /** @param {string} text */
  const number = (text) => (/^-?\d+$/.test(text) ? Number(text) : text);
  for (let i = 0; i < calc.count; i++) {
    /** @type {Row} */
    const player = { name: calc.names[i] };
    for (const spec of inputs) {
      const raw = calc.values[i][spec.id];
      if (spec.kind === "flag") {
        if (raw) player[spec.id] = true;
      } else if (spec.kind === "choice") {
        const value = raw ?? spec.default ?? "";
        if (value !== "") player[spec.id] = value;
        // The flag this choice implies: every choice but the default (Patience's arrival).
        if (spec.implies) {
          if (value !== "" && value !== spec.default) player[spec.implies] = true;
          else delete player[spec.id];
        }
      } else if (spec.kind === "position") {
        if (raw) player[spec.id] = Number(raw);
      } else if (spec.kind === "rows") {
        const rows = rowsValue(spec, raw);
        if (rows.length) player[spec.id] = rows;
      } else if (spec.kind === "sequence") {
        // Spaces, commas or dots: a phone's number keypad has a comma or a dot, never a space.
        const tokens = String(raw ?? "").split(/[\s,;.]+/).filter(Boolean);
        if (tokens.length) player[spec.id] = tokens.map(number);
      } else {
        const text = String(raw ?? "").trim();
        if (text !== "") player[spec.id] = number(text);
      }
    }
    players.push(player);
  }
  askedOf(calc, players, inputs);
  const table = tableState(calc.game, calc.table, false, calc.count);
  /** @type {Record<string, Row>} */
  const rivals = {};
  const specs = Object.fromEntries(calc.game.scoring.inputs.map((x) => [x.id, x]));
  for (const rival of presentRivals(calc)) {
    // A rival's rows go in as a player's do: records, and none while no row is added.
    const entered = Object.entries(calc.rivalValues[rival.id] ?? {}).map(([k, v]) => /** @type {[string, Row[] | Entered]} */ ([k, specs[k]?.kind === "rows" ? rowsValue(specs[k], v) : v]));
    const given = entered.filter(([k, v]) => calc.engine.inputActive(k, calc.context()) && v !== false && (Array.isArray(v) ? v.length > 0 : String(v ?? "").trim() !== ""));
    if (given.length) rivals[rival.id] = Object.fromEntries(given.map(([k, v]) => [k, v === true || Array.isArray(v) ? v : number(String(v).trim())]));
  }
  return { game: calc.game.game, options: applicableOptions(calc.game, calc.options, calc.count).options, table, players, ...(Object.keys(rivals).length ? { rivals } : {}) };
}
