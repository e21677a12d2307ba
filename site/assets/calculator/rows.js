// The form control of a rows input (a list of records per player: a tile-laying game's open
// features, each with its size and the player's followers on it), kept apart from ui.js.
//
// The form holds a rows input as one text, like a pile's "1 2 3", so storage, links and
// history carry it as they carry any input: rows joined by "~", a row's numbers (in the
// declared order of the fields) joined by ".", a blank number written "_" ("4.1._~2.0.0").
// Every text reaches the page through textContent or setAttribute.

import { el } from "./kit.js";

const INT = /^-?\d{1,9}$/;

/** A row's numbers as the form holds them ("" for blank), one list per row. @param {any} spec @param {any} text @returns {string[][]} */
export function parseRows(spec, text) {
  if (typeof text !== "string" || text === "") return [];
  return text.split("~").map((row) => {
    const cells = row.split(".").map((x) => (x === "_" ? "" : x));
    return spec.fields.map((/** @type {any} */ _, /** @type {number} */ k) => cells[k] ?? "");
  });
}

/** The rows back as the form's text. @param {string[][]} rows */
export const rowsText = (rows) => rows.map((row) => row.map((x) => (String(x).trim() === "" ? "_" : String(x).trim())).join(".")).join("~");

/**
 * The form's text of a rows input when it is one this input could hold (at most its rows,
 * each with its numbers, whole or blank), else "" (share.js, store.js).
 * @param {any} spec @param {any} text
 */
export function rowsOut(spec, text) {
  if (typeof text !== "string" || text === "") return "";
  const rows = text.split("~");
  if (rows.length > spec.max_rows) return "";
  const fine = rows.every((row) => {
    const cells = row.split(".");
    return cells.length === spec.fields.length && cells.every((x) => x === "_" || INT.test(x));
  });
  return fine ? text : "";
}

/** Whether every given number is within its field's bounds. @param {any} spec @param {string} text */
export const rowsWithin = (spec, text) =>
  parseRows(spec, text).every((row) => row.every((x, k) => x === "" || (Number(x) >= (spec.fields[k].min ?? 0) && Number(x) <= spec.fields[k].max)));

/**
 * The end state's list of records: a blank number is left out (the runtime reports it
 * missing at its path), text that is not a whole number goes in as text (reported too).
 * @param {any} spec @param {any} text @returns {Record<string, any>[]}
 */
export function rowsValue(spec, text) {
  return parseRows(spec, text).map((row) => {
    /** @type {Record<string, any>} */
    const record = {};
    for (const [k, field] of spec.fields.entries()) {
      const raw = row[k].trim();
      if (raw !== "") record[field.id] = INT.test(raw) ? Number(raw) : raw;
    }
    return record;
  });
}

/** Whether a form value is rows with no number entered yet ("_._~_._"): nothing to announce. @param {any} value */
export const blankRows = (value) => typeof value === "string" && /^[_.~]+$/.test(value);

/**
 * The controls a problem at ``rest`` (the path after the input: row index, field) is about,
 * among ``found``, the controls of the input for that player.
 * @param {HTMLElement[]} found @param {any[]} rest
 */
export function rowTargets(found, rest) {
  if (!rest.length || !found.some((x) => x.hasAttribute("data-row-index"))) return found;
  const [index, field] = rest;
  const at = found.filter((x) => x.getAttribute("data-row-index") === String(index) && (field == null || x.getAttribute("data-row-field") === String(field)));
  return at.length ? at : found.filter((x) => x.hasAttribute("data-rows-add"));
}

/**
 * ``rival``: the rival whose rows these are (a rival's fieldset), instead of player ``player``.
 * @typedef {{spec: any, player: number, rival?: string, value: any, labelledBy: string, nextId: (prefix: string) => string,
 *   label: (text: string, context: string) => any, t: (key: string, params?: Record<string, any>) => string,
 *   onChange: (text: string) => void}} RowsOptions
 */

/**
 * A rows input's control for one player: a list of rows, each a group of labelled number
 * fields and a button that removes it, then a button that adds a row. Adding or removing
 * redraws this control only (never the form) and puts the focus where the reader works next.
 * @param {RowsOptions} o @returns {HTMLElement}
 */
export function rowsControl(o) {
  const { spec, player } = o;
  let rows = parseRows(spec, o.value);
  // Whose rows: a player's column, or a rival's fieldset (its controls carry data-rival).
  const owner = o.rival == null ? { "data-player": player } : { "data-rival": o.rival };
  const box = el("div", { class: "rb-rows", "data-rows": spec.id, ...(o.rival == null ? { "data-player-rows": player } : { "data-rival-rows": o.rival }), role: "group", "aria-labelledby": o.labelledBy });
  const key = (/** @type {string} */ rest) => (o.rival == null ? `in:${spec.id}:${player}:${rest}` : `rival:${o.rival}:${spec.id}:${rest}`);
  const changed = () => o.onChange(rowsText(rows));
  /** Redraw, then focus the control of ``focusKey``. @param {string} focusKey */
  const redraw = (focusKey) => {
    box.replaceChildren(...draw());
    /** @type {HTMLElement | null} */ (box.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`))?.focus();
  };
  const draw = () => {
    const list = el("ol", { class: "rb-rows-list" });
    for (const [r, row] of rows.entries()) {
      const legendId = o.nextId("calc-rowlegend");
      const cells = spec.fields.map((/** @type {any} */ field, /** @type {number} */ k) => {
        const id = o.nextId("calc-rowin");
        const context = `scoring.inputs.${spec.id}.fields.${field.id}`;
        return el("div", { class: "rb-rows-field" },
          el("label", { for: id }, o.label(field.label, `${context}.label`)),
          el("input", {
            id, type: "number", inputmode: "numeric", pattern: "[0-9]*", min: field.min ?? 0, max: field.max, step: 1,
            autocomplete: "off", value: row[k], "aria-describedby": `${legendId} ${id}-error`,
            "data-input": spec.id, ...owner, "data-row-index": r, "data-row-field": field.id, "data-focus-key": key(`${r}:${field.id}`),
            on: { input: (/** @type {Event} */ e) => { rows[r][k] = /** @type {HTMLInputElement} */ (e.target).value; changed(); } },
          }),
          el("span", { class: "rb-error", id: `${id}-error`, hidden: true }));
      });
      const remove = el("button", {
        type: "button", class: "rb-rows-remove", "data-rows-remove": r, "data-focus-key": key(`remove:${r}`),
        "aria-label": o.t("calc_row_remove", { n: r + 1 }), "aria-describedby": o.labelledBy,
        on: { click: () => {
          rows = rows.filter((_, k) => k !== r);
          changed();
          const next = rows.length ? key(`${Math.min(r, rows.length - 1)}:${spec.fields[0].id}`) : key("add");
          redraw(next);
        } },
      }, "×");
      list.append(el("li", { class: "rb-rows-row", "data-row-index": r },
        el("fieldset", {}, el("legend", { id: legendId }, o.t("calc_row", { n: r + 1 })), el("div", { class: "rb-rows-fields" }, cells, remove))));
    }
    const full = rows.length >= spec.max_rows;
    const add = el("button", {
      type: "button", class: "md-button rb-rows-add", "data-rows-add": "", "data-input": spec.id, ...owner, "data-focus-key": key("add"),
      // Every list's button says "Add a row": its description names the list it adds to.
      "aria-describedby": o.labelledBy,
      disabled: full,
      on: { click: () => {
        if (rows.length >= spec.max_rows) return;
        rows = [...rows, spec.fields.map(() => "")];
        changed();
        redraw(key(`${rows.length - 1}:${spec.fields[0].id}`));
      } },
    }, o.t("calc_row_add"));
    const note = full ? el("small", { class: "rb-help" }, o.t("calc_rows_full", { count: spec.max_rows })) : null;
    return [rows.length ? list : null, add, note].filter((x) => x != null);
  };
  box.append(...draw());
  return box;
}
