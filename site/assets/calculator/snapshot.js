// A table as storage holds it, and fitting it to the current content.
//
// What is stored outlives the content it was made with: an update may remove an input,
// rename a choice or lower a limit. So storage holds tables by id, never by position (a
// snapshot: each player's values keyed by input id, the options and table inputs by id).
// Reading fits a snapshot to the current content input by input: what fits opens; what no
// longer fits is listed (misfits, a structured list the page shows) and left out, except a
// value outside a limit, which stays for the form to flag.

import { rowsWithin } from "./rows.js";
import { cleanName, fingerprint, formValue, tableValue } from "./share.js";
import { idRecord, isArray, isInteger, isObject, isShort, MAX_PLAYERS } from "./storage.js";

/**
 * @typedef {import("../../../tools/typecheck/export").CalculatorExport} CalculatorExport
 * @typedef {import("../../../tools/typecheck/export").Input} Input
 */

/**
 * @typedef {import("./share.js").Table} Table
 * @typedef {import("./storage.js").Misfit} Misfit
 * @typedef {import("./storage.js").MisfitReason} MisfitReason
 * @typedef {import("./share.js").FormValue} FormValue
 * @typedef {import("./share.js").Entered} Entered
 * @typedef {{content: string, count: number, names: string[], values: Record<string, Entered>[], options: Record<string, string | boolean>, table: Record<string, string>, kinds: Record<string, string>, labels?: Record<string, string>, rivals?: Record<string, Record<string, Entered>>}} Snapshot
 *   ``rivals``: the rivals' entries, by rival id then input id (``labels`` also holds the rivals' labels).
 *   A table by ids: ``names`` holds "" for a seat's default name, ``kinds`` each input's kind when it was saved, ``labels`` the label of each id it uses (in the saving page's language: what to call it once the content no longer has it), ``content`` the fingerprint of the content it was saved with.
 */

/** @template {{id: string}} T @param {T[] | undefined} list @param {string} id @returns {T | undefined} */
const byId = (list, id) => (list ?? []).find((x) => x.id === id);

/**
 * A table as a snapshot, for storage.
 * @param {CalculatorExport} game the export @param {Table} table @param {string[]} defaults the seats' default names
 * @returns {Snapshot}
 */
export function snapshot(game, table, defaults) {
  /** @type {Record<string, string>} */
  const kinds = {};
  /** @type {Record<string, string>} */
  const labels = {};
  const label = (/** @type {{id: string, label: string}} */ spec) => (labels[spec.id] = String(spec.label ?? "").slice(0, 200));
  const values = table.values.slice(0, table.count).map((row) => {
    /** @type {Record<string, Entered>} */
    const kept = {};
    for (const spec of game.scoring.inputs ?? []) {
      if (row?.[spec.id] === undefined) continue;
      kept[spec.id] = row[spec.id];
      kinds[spec.id] = spec.kind;
      label(spec);
    }
    return kept;
  });
  /** @type {Record<string, string>} */
  const tableInputs = {};
  for (const spec of game.scoring.table ?? []) {
    const given = table.table[spec.id];
    if (given == null) continue;
    tableInputs[spec.id] = given;
    label(spec);
  }
  for (const spec of game.scoring.options ?? []) label(spec);
  /** @type {Record<string, Record<string, Entered>>} */
  const rivals = {};
  for (const rival of game.scoring.rivals ?? []) {
    const given = table.rivals?.[rival.id];
    if (!given || !Object.keys(given).length) continue;
    rivals[rival.id] = {};
    label(rival);
    for (const spec of game.scoring.inputs ?? []) {
      if (given[spec.id] === undefined || given[spec.id] === "" || !(rival.inputs ?? []).includes(spec.id)) continue;
      rivals[rival.id][spec.id] = given[spec.id];
      kinds[spec.id] = spec.kind;
      label(spec);
    }
  }
  return {
    content: fingerprint(game, "t"),
    count: table.count,
    names: table.names.slice(0, table.count).map((n, i) => (n === defaults[i] ? "" : n)),
    values,
    options: { ...table.options },
    table: tableInputs,
    kinds,
    labels,
    ...(Object.keys(rivals).length ? { rivals } : {}),
  };
}

/** A value a stored table may hold for an input: a ticked flag, or short text. @param {unknown} v @returns {v is string | true} */
const isValue = (v) => v === true || isShort(v);
/** A stored player's (or rival's) entries by input id. @param {unknown} r @returns {r is Record<string, string | true>} */
const isEntries = (r) => idRecord(r, isValue);

/** A stored snapshot, checked, or null when it is not one. @param {unknown} x @returns {Snapshot | null} */
export function readSnapshot(x) {
  if (!isObject(x) || !isInteger(x.count) || x.count < 1 || x.count > MAX_PLAYERS) return null;
  if (!isArray(x.names) || x.names.length !== x.count || !x.names.every(isShort)) return null;
  if (!isArray(x.values) || x.values.length !== x.count || !x.values.every(isEntries)) return null;
  if (!idRecord(x.options, (v) => typeof v === "boolean" || isShort(v))) return null;
  if (!idRecord(x.table, isShort) || !idRecord(x.kinds, isShort)) return null;
  if (x.labels !== undefined && !idRecord(x.labels, isShort)) return null;
  if (x.rivals !== undefined && !idRecord(x.rivals, isEntries)) return null;
  const content = isShort(x.content) ? x.content : "";
  const rivals = x.rivals === undefined ? {} : { rivals: x.rivals };
  return { content, count: x.count, names: x.names, values: x.values, options: x.options, table: x.table, kinds: x.kinds, labels: x.labels ?? {}, ...rivals };
}

/**
 * Whether a count (a player's or the table's) is within the input's limits.
 * @param {CalculatorExport} game @param {{id: string, min?: number, max?: number}} spec @param {FormValue} value
 */
function countWithin(game, spec, value) {
  const limits = game.limits?.[spec.id] ?? {};
  const n = Number(value);
  const most = limits.max ?? spec.max ?? null;
  return n >= (limits.min ?? spec.min ?? 0) && (most == null || n <= most);
}

/** Whether a value the form holds is within the input's limits. @param {CalculatorExport} game @param {Input} spec @param {FormValue} value */
function withinLimits(game, spec, value) {
  if (spec.kind === "count") return countWithin(game, spec, value);
  if (spec.kind === "rows") return rowsWithin(spec, String(value));
  if (spec.kind === "sequence") {
    const cards = String(value).split(" ").map(Number);
    const most = spec.item_max ?? Infinity;
    return cards.length <= (spec.max_length ?? Infinity) && cards.every((c) => c >= (spec.item_min ?? 0) && c <= most);
  }
  return true;
}

/**
 * A snapshot fitted to the current content: the table of what fits, and what does not.
 *
 * A value outside a limit stays in the table (the form flags it, so the reader sees it and
 * decides) and is listed; anything the content no longer has is listed and left out.
 * @param {CalculatorExport} game the export @param {Snapshot} snap @param {string[]} defaults
 * @returns {{table: Table, misfits: Misfit[]}}
 */
export function fit(game, snap, defaults) {
  const s = game.scoring;
  /** @type {Misfit[]} */
  const misfits = [];
  const count = Math.min(Math.max(snap.count, game.players.min), game.players.max);
  const nameOf = (/** @type {number} */ i) => (i < snap.count && snap.names[i] ? cleanName(snap.names[i]) : "") || (defaults[i] ?? "");
  for (let i = count; i < snap.count; i++) misfits.push({ kind: "player", reason: "count", player: i, name: nameOf(i) });

  /** @type {Record<string, string | boolean>} */
  const options = {};
  for (const o of s.options ?? []) {
    const v = Object.hasOwn(snap.options, o.id) ? snap.options[o.id] : undefined;
    const ok = o.kind === "flag" ? typeof v === "boolean" : (o.choices ?? []).some((c) => c.id === v);
    // A value that is ok is never undefined: a flag's is a boolean, a choice's an id.
    options[o.id] = ok && v !== undefined ? v : o.default;
    if (v !== undefined && !ok) misfits.push({ kind: "option", reason: o.kind === "flag" ? "kind" : "choice", id: o.id, value: v });
  }
  const labels = snap.labels ?? {};
  const was = (/** @type {string} */ id) => (Object.hasOwn(labels, id) ? { label: labels[id] } : {});
  for (const [id, v] of Object.entries(snap.options)) if (!byId(s.options, id) && v !== false) misfits.push({ kind: "option", reason: "gone", id, ...was(id), value: v });

  /** @type {Record<string, string | null>} */
  const table = {};
  for (const spec of s.table ?? []) {
    const v = Object.hasOwn(snap.table, spec.id) ? snap.table[spec.id] : null;
    const value = tableValue(spec, v);
    const ok = v == null || value !== undefined;
    table[spec.id] = ok ? value ?? null : null;
    if (!ok) misfits.push({ kind: "table", reason: spec.kind === "count" ? "kind" : "choice", id: spec.id, value: v });
    // A number outside the input's bounds stays, as a player's does: the form flags it.
    else if (value !== undefined && spec.kind === "count" && !countWithin(game, spec, value)) misfits.push({ kind: "table", reason: "limit", id: spec.id, value: v });
  }
  for (const [id, v] of Object.entries(snap.table)) if (!byId(s.table, id)) misfits.push({ kind: "table", reason: "gone", id, ...was(id), value: v });

  /** @type {Record<string, Record<string, FormValue>>} */
  const rivals = {};
  for (const [rivalId, given] of Object.entries(snap.rivals ?? {})) {
    const rival = byId(s.rivals, rivalId);
    const name = rival?.label ?? labels[rivalId] ?? rivalId;
    for (const [id, v] of Object.entries(given)) {
      const spec = rival && (rival.inputs ?? []).includes(id) ? byId(s.inputs, id) : undefined;
      const misfit = (/** @type {MisfitReason} */ reason) => misfits.push({ kind: "input", reason, id, ...was(id), name, value: v });
      if (!spec) misfit("gone");
      else if (Object.hasOwn(snap.kinds, id) && snap.kinds[id] !== spec.kind) misfit("kind");
      else {
        const value = formValue(spec, v, count);
        if (value === undefined) misfit(spec.kind === "choice" ? "choice" : "kind");
        else {
          (rivals[rivalId] ??= {})[id] = value;
          if (!withinLimits(game, spec, value)) misfit("limit");
        }
      }
    }
  }

  const names = [];
  const values = [];
  for (let i = 0; i < count; i++) {
    const name = nameOf(i);
    /** @type {Record<string, FormValue>} */
    const row = {};
    for (const [id, v] of Object.entries(i < snap.count ? snap.values[i] : {})) {
      const spec = byId(s.inputs, id);
      const misfit = (/** @type {MisfitReason} */ reason) => misfits.push({ kind: "input", reason, id, player: i, name, value: v });
      if (!spec) misfits.push({ kind: "input", reason: "gone", id, ...was(id), player: i, name, value: v });
      else if (Object.hasOwn(snap.kinds, id) && snap.kinds[id] !== spec.kind) misfit("kind");
      else {
        const value = formValue(spec, v, count);
        // Left out: a choice no longer offered, a place past the last player, another kind.
        if (value === undefined) misfit(spec.kind === "choice" ? "choice" : spec.kind === "position" && typeof v === "string" && /^\d+$/.test(v) ? "count" : "kind");
        else {
          row[id] = value;
          if (!withinLimits(game, spec, value)) misfit("limit");
        }
      }
    }
    names.push(name);
    values.push(row);
  }
  return { table: { count, names, values, options, table, rivals }, misfits };
}
