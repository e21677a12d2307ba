// The form control of a rows input (a list of records per player: a tile-laying game's open
// features, each with its size and the player's followers on it), kept apart from ui.js.
//
// The form holds a rows input as one text, like a pile's "1 2 3", so storage, links and
// history carry it as they carry any input: rows joined by "~", a row's numbers (in the
// declared order of the fields) joined by ".", a blank number written "_" ("4.1._~2.0.0").
// Every text reaches the page through textContent or setAttribute.

import { el } from "./kit.js";

const INT = /^-?\d{1,9}$/;

/**
 * @typedef {import("../../../tools/typecheck/export").RowField} RowField
 * @typedef {import("../../../tools/typecheck/export").TableInput} TableInput
 * @typedef {import("./problems.js").Step} Step
 * @typedef {import("./values.js").Row} Row
 * @typedef {RowField & {context?: string, who?: string, seat?: number}} FormField
 *   a number of every row; a shared row's per-player number names its player (``who``)
 * @typedef {{id: string, label: string, max_rows: number, fields: FormField[]}} RowsSpec
 *   a rows input of the export, or a shared rows input as the control draws it (sharedSpec)
 */

/** A row's numbers as the form holds them ("" for blank), one list per row. @param {{fields: unknown[]}} spec @param {unknown} text @returns {string[][]} */
export function parseRows(spec, text) {
  if (typeof text !== "string" || text === "") return [];
  return text.split("~").map((row) => {
    const cells = row.split(".").map((x) => (x === "_" ? "" : x));
    return spec.fields.map((_, k) => cells[k] ?? "");
  });
}

/** The rows back as the form's text. @param {string[][]} rows */
export const rowsText = (rows) => rows.map((row) => row.map((x) => (String(x).trim() === "" ? "_" : String(x).trim())).join(".")).join("~");

/**
 * The form's text of a rows input when it is one this input could hold (at most its rows,
 * each with its numbers, whole or blank), else "" (share.js, store.js).
 * @param {RowsSpec} spec @param {unknown} text
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

/** Whether every given number is within its field's bounds. @param {RowsSpec} spec @param {string} text */
export const rowsWithin = (spec, text) =>
  parseRows(spec, text).every((row) => row.every((x, k) => x === "" || (Number(x) >= (spec.fields[k].min ?? 0) && Number(x) <= spec.fields[k].max)));

/**
 * The end state's list of records: a blank number is left out (the runtime counts it as
 * its field's default, or reports it missing at its path when it has none), text that is not a whole number goes in as text (reported too).
 * @param {RowsSpec} spec @param {unknown} text @returns {Row[]}
 */
export function rowsValue(spec, text) {
  return parseRows(spec, text).map((row) => {
    /** @type {Row} */
    const record = {};
    for (const [k, field] of spec.fields.entries()) {
      const raw = row[k].trim();
      if (raw !== "") record[field.id] = INT.test(raw) ? Number(raw) : raw;
    }
    return record;
  });
}

/** Whether a form value is rows with no number entered yet ("_._~_._"): nothing to announce. @param {unknown} value */
export const blankRows = (value) => typeof value === "string" && /^[_.~]+$/.test(value);

/**
 * The controls a problem at ``rest`` (the path after the input: row index, field) is about,
 * among ``found``, the controls of the input for that player.
 * @param {HTMLElement[]} found @param {Step[]} rest
 */
export function rowTargets(found, rest) {
  if (!rest.length || !found.some((x) => x.hasAttribute("data-row-index"))) return found;
  const [index, field] = rest;
  const at = found.filter((x) => x.getAttribute("data-row-index") === String(index) && (field == null || x.getAttribute("data-row-field") === String(field)));
  return at.length ? at : found.filter((x) => x.hasAttribute("data-rows-add"));
}

/**
 * ``rival``: the rival whose rows these are (a rival's fieldset), instead of player ``player``;
 * ``table``: rows the table shares (a table input's, drawn from sharedSpec).
 * @typedef {{spec: RowsSpec, player: number, rival?: string, table?: boolean, value: unknown, labelledBy: string, nextId: (prefix: string) => string,
 *   label: (text: string, context: string) => Node | string, t: (key: string, params?: Record<string, number>) => string,
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
  // Whose rows: a player's column, a rival's fieldset (its controls carry data-rival), or
  // the table's (rows the players share: data-table).
  const owner = o.table ? { "data-table": spec.id } : o.rival == null ? { "data-player": player } : { "data-rival": o.rival };
  const whose = o.table ? { "data-table-rows": spec.id } : o.rival == null ? { "data-player-rows": player } : { "data-rival-rows": o.rival };
  const box = el("div", { class: "rb-rows", "data-rows": spec.id, ...whose, role: "group", "aria-labelledby": o.labelledBy });
  const key = (/** @type {string} */ rest) => (o.table ? `table:${spec.id}:${rest}` : o.rival == null ? `in:${spec.id}:${player}:${rest}` : `rival:${o.rival}:${spec.id}:${rest}`);
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
      const cells = spec.fields.map((field, k) => {
        const id = o.nextId("calc-rowin");
        const context = field.context ?? `scoring.inputs.${spec.id}.fields.${field.id}`;
        // A shared row's number per player is labelled by the player's name too.
        return el("div", { class: "rb-rows-field" },
          el("label", { for: id }, o.label(field.label, `${context}.label`), field.who == null ? null : el("span", { "data-row-who": field.seat }, ` (${field.who})`)),
          el("input", {
            id, type: "number", inputmode: "numeric", pattern: "[0-9]*", min: field.min ?? 0, max: field.max, step: 1,
            // A number with a default shows it while empty, as a count shows its 0.
            placeholder: field.default ?? null,
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

// ---------------------------------------------------------------------------------------
// Rows the table shares (a table input of kind rows): each row its own numbers, then one
// number per player for each per-player field. The form holds them as a player's rows,
// their cells in order: the row's fields, then each player's per-player fields.

/**
 * A shared rows input as the flat rows input the control draws for ``names`` (one per player
 * at the table): each per-player field once per player, its label followed by the name.
 * @param {TableInput} spec a table input of kind rows (which has its max_rows) @param {string[]} names @returns {RowsSpec}
 */
export function sharedSpec(spec, names) {
  const own = spec.fields.map((f) => ({ ...f, context: `scoring.table.${spec.id}.fields.${f.id}` }));
  const each = names.flatMap((name, p) => spec.per_player.map((f) => ({
    ...f, id: `${f.id}@${p}`, who: name, seat: p, context: `scoring.table.${spec.id}.per_player.${f.id}`,
  })));
  return { id: spec.id, label: spec.label, max_rows: /** @type {number} */ (spec.max_rows), fields: [...own, ...each] };
}

/**
 * The end state's shared rows from the form's text, for ``count`` players: a blank number
 * is its field's default, or else left out (a row's own number, or a per-player field's
 * whole list) so the runtime reports it missing at its place; text that is not a whole
 * number goes in as text.
 * @param {TableInput} spec @param {string} text @param {number} count @returns {Row[]}
 */
export function sharedValue(spec, text, count) {
  const flat = sharedSpec(spec, Array.from({ length: count }, (_, p) => String(p)));
  const read = (/** @type {string} */ raw, /** @type {RowField} */ field) => {
    const x = raw.trim();
    if (x === "") return field.default ?? null;
    return INT.test(x) ? Number(x) : x;
  };
  return parseRows(flat, text).map((row) => {
    /** @type {Row} */
    const record = {};
    spec.fields.forEach((f, k) => {
      const value = read(row[k], f);
      if (value !== null) record[f.id] = value;
    });
    spec.per_player.forEach((f, j) => {
      const numbers = Array.from({ length: count }, (_, p) => read(row[spec.fields.length + p * spec.per_player.length + j], f));
      // A player's number left blank without a default: the row's list is missing, so the
      // runtime asks for it at its place rather than calling a blank no number.
      if (!numbers.includes(null)) record[f.id] = numbers;
    });
    return record;
  });
}

/**
 * The form's text of a shared rows input when it is one this input could hold (at most its
 * rows, each with its own numbers and whole players' numbers, whole or blank), else undefined
 * (share.js, store.js). @param {TableInput} spec @param {unknown} text
 */
export function sharedOut(spec, text) {
  if (typeof text !== "string" || text === "") return undefined;
  const rows = text.split("~");
  if (rows.length > /** @type {number} */ (spec.max_rows)) return undefined;
  const fine = rows.every((row) => {
    const cells = row.split(".");
    const extra = cells.length - spec.fields.length;
    return extra >= 0 && extra % spec.per_player.length === 0 && cells.every((x) => x === "_" || INT.test(x));
  });
  return fine ? text : undefined;
}

/**
 * The controls of a shared row a problem at ``rest`` (row index, field, and the player for a
 * per-player number) is about, among ``found``: a per-player field without a player (one
 * number per player given) is every player's number of that row.
 * @param {HTMLElement[]} found @param {Step[]} rest
 */
export function sharedTargets(found, rest) {
  const [index, field, who] = rest;
  if (typeof who == "number") return rowTargets(found, [index, `${field}@${who}`]);
  const exact = rowTargets(found, rest);
  if (field == null || exact.some((x) => x.getAttribute("data-row-field") === String(field))) return exact;
  const each = found.filter((x) => x.getAttribute("data-row-index") === String(index) && (x.getAttribute("data-row-field") ?? "").startsWith(`${field}@`));
  return each.length ? each : exact;
}
