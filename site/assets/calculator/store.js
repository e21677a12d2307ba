// The calculator's table kept on this device, per game: the current table, the changes that
// Undo takes back, a history of finished games that can be reopened, and what was set aside.
//
// What is stored outlives the content it was made with: an update may remove an input,
// rename a choice or lower a limit. So storage holds tables by id, never by position (a
// snapshot: each player's values keyed by input id, the options and table inputs by id),
// under a storage version, and reading migrates. Version 1 held link texts (share.js), which
// only the content they were made for can read; version 2 holds snapshots, which are fitted
// to the current content input by input. What fits opens; what no longer fits is listed
// (`unfit`, and `misfits` of each history entry: structured lists the page shows), and the
// whole stored record is set aside on this device, where the reader can download it as JSON
// or remove it. Nothing stored is ever dropped without the reader: damaged records and
// records of a newer version are set aside too. A too-long Undo list loses its oldest steps,
// as Undo itself does.
//
// Storage is untrusted (another tab, a newer version, a hand edit): every record is checked
// before use, and only ids of the current content become keys of what the page uses. A
// browser without storage (private mode, full quota) just keeps nothing.

import { rowsWithin } from "./rows.js";
import { cleanName, decodeTable, encodeTable, fingerprint, formValue, MAX_TEXT as MAX_LINK, tableValue } from "./share.js";

/** The version of what this module writes. */
export const STORAGE_VERSION = 2;
/** How many changes Undo can take back. */
export const UNDO_DEPTH = 30;
/** How many finished games the history keeps, newest first. */
export const HISTORY_SIZE = 30;
/** How many set-aside records are kept, newest first. */
export const ASIDE_SIZE = 20;
/** The most characters of one set-aside record (what this module writes is far smaller). */
export const MAX_RECORD = 100_000;

const MAX_PLAYERS = 64;
const ASIDE_REASONS = new Set(["content", "format", "newer", "damaged"]);
const MAX_TEXT = 2000;
const MAX_KEYS = 500;
const ID = /^[a-z][a-z0-9_]{0,63}$/;

// A time in ms that Date can show.
const isTime = (/** @type {any} */ x) => Number.isInteger(x) && x >= 0 && x <= 8.64e15;
const isObject = (/** @type {any} */ x) => x !== null && typeof x === "object" && !Array.isArray(x);
const isShort = (/** @type {any} */ x) => typeof x === "string" && x.length <= MAX_TEXT;
/** An object whose keys are ids and whose values pass ``check``. @param {any} x @param {(v: any) => boolean} check */
const idRecord = (x, check) =>
  isObject(x) && Object.keys(x).length <= MAX_KEYS && Object.entries(x).every(([k, v]) => ID.test(k) && check(v));
/** Whether JSON can write ``x`` (a hand-made record can nest deeper than it recurses). @param {any} x */
function writable(x) {
  try {
    JSON.stringify(x);
    return true;
  } catch {
    return false;
  }
}
/**
 * A stored record as it is set aside: its data, or its text when it is not JSON, too long
 * or too deep to write back (cut to the most characters kept).
 * @param {{text: string, data: any, json: boolean}} found
 */
function asideRecord(found) {
  const record = found.json ? found.data : found.text;
  if (found.text.length <= MAX_RECORD && writable(record)) return record;
  return { cut: found.text.length > MAX_RECORD, text: found.text.slice(0, MAX_RECORD) };
}
/** What a download says of a record too deeply nested for JSON to write. */
const TOO_DEEP = "(too deeply nested to write)";
/**
 * A record as the JSON of a download: indented, or on one line when the indented text is
 * too deep for the browser's stack (indenting takes more of it per level: a record
 * ``writable`` passed overflowed there), or null when it cannot be written at all.
 * @param {any} x @returns {string | null}
 */
function fileText(x) {
  for (const indent of [2, undefined]) {
    try {
      return JSON.stringify(x, null, indent);
    } catch {
      // deeper than this way of writing it allows: the next
    }
  }
  return null;
}
/** @param {any[] | undefined} list @param {string} id */
const byId = (list, id) => (list ?? []).find((x) => x.id === id);

const MISFIT_KINDS = new Set(["players", "player", "option", "table", "input", "undo", "entries"]);
const MISFIT_REASONS = new Set(["gone", "choice", "kind", "limit", "count", "format", "newer", "damaged"]);
/**
 * A stored misfit as the page may show it, or null. Storage is untrusted: a value nested
 * thousands of levels deep made the page's String() throw a RangeError while it listed
 * what no longer fits. So only short texts, numbers and booleans come through; any other
 * value is shown as its kind of thing, never walked.
 * @param {any} m @returns {Misfit | null}
 */
function readMisfit(m) {
  if (!isObject(m) || !MISFIT_KINDS.has(m.kind) || !MISFIT_REASONS.has(m.reason)) return null;
  /** @type {Misfit} */
  const out = { kind: m.kind, reason: m.reason };
  for (const key of /** @type {const} */ (["id", "label", "name"])) if (isShort(m[key])) out[key] = m[key];
  if (Number.isInteger(m.player) && m.player >= 0 && m.player < MAX_PLAYERS) out.player = m.player;
  const v = m.value;
  if (typeof v === "boolean" || Number.isFinite(v) || isShort(v)) out.value = v;
  else if (v !== undefined) out.value = Array.isArray(v) ? "[…]" : isObject(v) ? "{…}" : "…";
  return out;
}

/**
 * @typedef {import("./share.js").Table} Table
 * @typedef {{content: string, count: number, names: string[], values: Record<string, any>[], options: Record<string, any>, table: Record<string, string>, kinds: Record<string, string>, labels?: Record<string, string>, rivals?: Record<string, Record<string, any>>}} Snapshot
 *   ``rivals``: the rivals' entries, by rival id then input id (``labels`` also holds the rivals' labels).
 *   A table by ids: ``names`` holds "" for a seat's default name, ``kinds`` each input's kind when it was saved, ``labels`` the label of each id it uses (in the saving page's language: what to call it once the content no longer has it), ``content`` the fingerprint of the content it was saved with.
 * @typedef {"players" | "player" | "option" | "table" | "input" | "undo" | "entries"} MisfitKind
 * @typedef {"gone" | "choice" | "kind" | "limit" | "count" | "format" | "newer" | "damaged"} MisfitReason
 * @typedef {{kind: MisfitKind, reason: MisfitReason, id?: string, label?: string, player?: number, name?: string, value?: any}} Misfit
 *   What of a stored table no longer fits: ``kind`` says what it is (an input of a player, an option, a table input, a player past the most, earlier Undo steps, or entries that cannot be read at all), ``reason`` why (gone from the content, a choice no longer offered, a value of another kind, outside a limit, more players than allowed or a place past the last one, an older format, a newer version, damage). Only a value outside a limit stays in the table; everything else listed was left out of it.
 * @typedef {{name: string, score: number | null, rank: number, winner: boolean}} Kept
 * @typedef {{at: number, table: string, players: Kept[]}} Game
 * @typedef {{at: number, table: string | null, players: Kept[], misfits: Misfit[], file: {name: string, text: string}}} HistoryEntry
 *   A kept game as the page shows it: ``table`` is what fits the current content (null when nothing could be read), ``file`` the stored entry as JSON.
 * @typedef {"content" | "format" | "newer" | "damaged"} AsideReason
 *   Why a record was set aside: it no longer fits the content, or cannot be read at all (an older format made for other content, a newer version, damage).
 * @typedef {"table" | "history" | "aside"} AsideSource
 *   Where a set-aside record was: the kept table, the history, or the set-aside records themselves (unreadable as a whole).
 * @typedef {{at: number, reason: AsideReason, from: AsideSource, misfits: Misfit[], file: {name: string, text: string}}} Aside
 */

/** The local storage of this page, or null when the browser refuses it. @returns {Storage | null} */
export function localStore() {
  try {
    const storage = globalThis.localStorage;
    const probe = "rulebook.probe";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/** One kept player, checked, or null. @param {any} p */
function keptPlayer(p) {
  if (!isObject(p) || typeof p.name !== "string" || cleanName(p.name) !== p.name || !p.name) return null;
  if (!(p.score === null || Number.isFinite(p.score)) || !Number.isInteger(p.rank) || typeof p.winner !== "boolean") return null;
  return { name: p.name, score: p.score, rank: p.rank, winner: p.winner };
}

// ------------------------------------------------------------------------------------------
// Snapshots: a table by ids, and fitting one to the current content
// ------------------------------------------------------------------------------------------

/**
 * A table as a snapshot, for storage.
 * @param {any} game the export @param {Table} table @param {string[]} defaults the seats' default names
 * @returns {Snapshot}
 */
export function snapshot(game, table, defaults) {
  /** @type {Record<string, string>} */
  const kinds = {};
  /** @type {Record<string, string>} */
  const labels = {};
  const label = (/** @type {any} */ spec) => (labels[spec.id] = String(spec.label ?? "").slice(0, 200));
  const values = table.values.slice(0, table.count).map((row) => {
    /** @type {Record<string, any>} */
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
    if (table.table[spec.id] == null) continue;
    tableInputs[spec.id] = /** @type {string} */ (table.table[spec.id]);
    label(spec);
  }
  for (const spec of game.scoring.options ?? []) label(spec);
  /** @type {Record<string, Record<string, any>>} */
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

/** A stored snapshot, checked, or null when it is not one. @param {any} x @returns {Snapshot | null} */
export function readSnapshot(x) {
  if (!isObject(x) || !Number.isInteger(x.count) || x.count < 1 || x.count > MAX_PLAYERS) return null;
  if (!Array.isArray(x.names) || x.names.length !== x.count || !x.names.every(isShort)) return null;
  const isValue = (/** @type {any} */ v) => v === true || isShort(v);
  if (!Array.isArray(x.values) || x.values.length !== x.count || !x.values.every((/** @type {any} */ r) => idRecord(r, isValue))) return null;
  if (!idRecord(x.options, (v) => typeof v === "boolean" || isShort(v))) return null;
  if (!idRecord(x.table, isShort) || !idRecord(x.kinds, isShort)) return null;
  if (x.labels !== undefined && !idRecord(x.labels, isShort)) return null;
  if (x.rivals !== undefined && !idRecord(x.rivals, (r) => idRecord(r, isValue))) return null;
  const content = isShort(x.content) ? x.content : "";
  const rivals = x.rivals === undefined ? {} : { rivals: x.rivals };
  return { content, count: x.count, names: x.names, values: x.values, options: x.options, table: x.table, kinds: x.kinds, labels: x.labels ?? {}, ...rivals };
}

/** Whether a value the form holds is within the input's limits. @param {any} game @param {any} spec @param {any} value */
function withinLimits(game, spec, value) {
  if (spec.kind === "count") {
    const limits = game.limits?.[spec.id] ?? {};
    const n = Number(value);
    const most = limits.max ?? spec.max ?? null;
    return n >= (limits.min ?? spec.min ?? 0) && (most == null || n <= most);
  }
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
 * @param {any} game the export @param {Snapshot} snap @param {string[]} defaults
 * @returns {{table: Table, misfits: Misfit[]}}
 */
export function fit(game, snap, defaults) {
  const s = game.scoring;
  /** @type {Misfit[]} */
  const misfits = [];
  const count = Math.min(Math.max(snap.count, game.players.min), game.players.max);
  const nameOf = (/** @type {number} */ i) => (i < snap.count && snap.names[i] ? cleanName(snap.names[i]) : "") || (defaults[i] ?? "");
  for (let i = count; i < snap.count; i++) misfits.push({ kind: "player", reason: "count", player: i, name: nameOf(i) });

  /** @type {Record<string, any>} */
  const options = {};
  for (const o of s.options ?? []) {
    const v = Object.hasOwn(snap.options, o.id) ? snap.options[o.id] : undefined;
    const ok = o.kind === "flag" ? typeof v === "boolean" : (o.choices ?? []).some((/** @type {any} */ c) => c.id === v);
    options[o.id] = ok ? v : o.default;
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
    else if (value !== undefined && spec.kind === "count" && !withinLimits(game, spec, value)) misfits.push({ kind: "table", reason: "limit", id: spec.id, value: v });
  }
  for (const [id, v] of Object.entries(snap.table)) if (!byId(s.table, id)) misfits.push({ kind: "table", reason: "gone", id, ...was(id), value: v });

  /** @type {Record<string, Record<string, any>>} */
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
    /** @type {Record<string, any>} */
    const row = {};
    for (const [id, v] of Object.entries(i < snap.count ? snap.values[i] : {})) {
      const spec = byId(s.inputs, id);
      const misfit = (/** @type {MisfitReason} */ reason) => misfits.push({ kind: "input", reason, id, player: i, name, value: v });
      if (!spec) misfits.push({ kind: "input", reason: "gone", id, ...was(id), player: i, name, value: v });
      else if (Object.hasOwn(snap.kinds, id) && snap.kinds[id] !== spec.kind) misfit("kind");
      else {
        const value = formValue(spec, v, count);
        // Left out: a choice no longer offered, a place past the last player, another kind.
        if (value === undefined) misfit(spec.kind === "choice" ? "choice" : spec.kind === "position" && /^\d+$/.test(v) ? "count" : "kind");
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

// ------------------------------------------------------------------------------------------
// The store
// ------------------------------------------------------------------------------------------

/** @typedef {{text: string, data: any, json: boolean}} Found */

export class Store {
  /**
   * @param {Storage | null} storage
   * @param {any} game the game's export
   * @param {string[]} defaults the seats' default names in the page's language
   */
  constructor(storage, game, defaults) {
    this.storage = storage;
    this.game = game;
    this.defaults = defaults;
    this.key = `rulebook.table.${game.game}`;
    this.historyKey = `rulebook.history.${game.game}`;
    this.asideKey = `rulebook.aside.${game.game}`;
    /** Whether something stored could not be read at all (it was set aside). */
    this.damaged = false;
    /** @type {Misfit[]} What of the table opened by load() no longer fits (it was set aside whole). */
    this.unfit = [];
    /** @type {Map<string, Snapshot | null>} */
    this.snapshots = new Map();
  }

  /** What is stored under ``key``, or undefined. @param {string} key @returns {Found | undefined} */
  read(key) {
    let text;
    try {
      text = this.storage?.getItem(key);
    } catch {
      return undefined;
    }
    if (text == null) return undefined;
    try {
      return { text, data: JSON.parse(text), json: true };
    } catch {
      return { text, data: undefined, json: false };
    }
  }

  /** @param {string} key @param {any} value */
  write(key, value) {
    try {
      this.storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Full or refused: the table still works, it is just not kept.
    }
  }

  /** The snapshot of a table text of the current content (cached: Undo lists repeat). @param {string} text */
  snap(text) {
    if (!this.snapshots.has(text)) {
      if (this.snapshots.size > 4 * UNDO_DEPTH) this.snapshots.clear();
      const table = decodeTable(this.game, text, this.defaults);
      this.snapshots.set(text, table && snapshot(this.game, table, this.defaults));
    }
    return this.snapshots.get(text) ?? null;
  }

  /**
   * A stored table (v1 text or v2 snapshot) as a snapshot, or why it cannot be one.
   * @param {any} stored @param {number} version @returns {Snapshot | "format" | "newer" | "damaged"}
   */
  readTable(stored, version) {
    if (version === 1) {
      if (typeof stored !== "string" || stored.length > MAX_LINK) return "damaged";
      return this.snap(stored) ?? (/^t\d+;/.test(stored) ? "format" : "damaged");
    }
    return readSnapshot(stored) ?? "damaged";
  }

  /** The kept table and its Undo list, migrated and fitted to the current content. @returns {{table: string | null, undo: string[]}} */
  load() {
    const found = this.read(this.key);
    if (!found) return { table: this.seatedTable(), undo: [] };
    const data = found.data;
    const version = isObject(data) && Number.isInteger(data.v) ? data.v : 0;
    const readable = (version === 1 || version === 2) && Array.isArray(data.undo);
    const current = readable ? this.readTable(data.table, version) : version > STORAGE_VERSION ? "newer" : "damaged";
    if (typeof current === "string") {
      this.damaged = true;
      this.unfit = [{ kind: "entries", reason: current }];
      this.setAside(current, "table", this.unfit, found);
      this.remove(this.key);
      return { table: null, undo: [] };
    }
    const opened = fit(this.game, current, this.defaults);
    // The oldest steps beyond the depth go, as Undo itself lets them go.
    const steps = data.undo.slice(-UNDO_DEPTH).map((/** @type {any} */ x) => this.readTable(x, version));
    const undo = [];
    let undoLost = false;
    for (const step of steps) {
      if (typeof step === "string") {
        undoLost = true;
        continue;
      }
      const fitted = fit(this.game, step, this.defaults);
      undoLost ||= fitted.misfits.some((m) => m.reason !== "limit");
      undo.push(encodeTable(this.game, fitted.table, this.defaults));
    }
    this.unfit = opened.misfits;
    // A value past a limit stays in the table (the form flags it): nothing was left out.
    const leftOut = opened.misfits.some((m) => m.reason !== "limit");
    if (leftOut || undoLost) {
      const listed = undoLost ? [...opened.misfits, /** @type {Misfit} */ ({ kind: "undo", reason: "format" })] : opened.misfits;
      this.setAside("content", "table", listed, found);
    }
    // The table's players (named on the setup page, say) take their seats.
    const table = encodeTable(this.game, seatPlayers(this.game, opened.table, this.defaults, this.storage), this.defaults);
    if (version !== STORAGE_VERSION || leftOut || undoLost || undo.length !== data.undo.length) this.save(table, undo);
    return { table, undo };
  }

  /** @param {string} table @param {string[]} undo */
  save(table, undo) {
    const snap = this.snap(table);
    if (!snap) return;
    keepPlayers(this.game, snap.names, this.storage);
    const steps = undo.map((x) => this.snap(x)).filter((x) => x != null);
    this.write(this.key, { v: STORAGE_VERSION, table: snap, undo: steps });
  }

  /** A table of the kept players with nothing entered yet, or null when none are kept. @returns {string | null} */
  seatedTable() {
    if (!currentTable(this.game, this.storage).players) return null;
    const options = Object.fromEntries((this.game.scoring.options ?? []).map((/** @type {any} */ o) => [o.id, o.default]));
    const table = Object.fromEntries((this.game.scoring.table ?? []).map((/** @type {any} */ t) => [t.id, null]));
    const empty = { count: this.game.players.min, names: [], values: [], options, table };
    return encodeTable(this.game, seatPlayers(this.game, empty, this.defaults, this.storage), this.defaults);
  }

  /** @param {string} key */
  remove(key) {
    try {
      this.storage?.removeItem(key);
    } catch {
      // nothing to do
    }
  }

  // -- the history --------------------------------------------------------------------------

  /**
   * A stored history entry, checked, as v2 stores it: the snapshot, or (for a v1 text this
   * content cannot read) the text itself. Null when it is damaged.
   * @param {any} item @param {number} version
   * @returns {{at: number, table: Snapshot | null, raw?: string, players: Kept[]} | null}
   */
  readEntry(item, version) {
    if (!isObject(item) || !isTime(item.at) || !Array.isArray(item.players)) return null;
    if (!item.players.length || item.players.length > MAX_PLAYERS) return null;
    const players = item.players.map(keptPlayer);
    if (players.includes(null)) return null;
    const kept = /** @type {Kept[]} */ (players);
    if (version === 2 && item.table === null && typeof item.raw === "string" && item.raw.length <= MAX_LINK) {
      return { at: item.at, table: null, raw: item.raw, players: kept };
    }
    const table = this.readTable(item.table, version);
    if (table === "format") return { at: item.at, table: null, raw: item.table, players: kept };
    return typeof table === "string" ? null : { at: item.at, table, players: kept };
  }

  /** The finished games, newest first, each fitted to the current content. @returns {HistoryEntry[]} */
  history() {
    return this.entries().map((entry) => {
      const file = this.file("history", entry);
      if (!entry.table) return { at: entry.at, table: null, players: entry.players, misfits: [{ kind: "entries", reason: "format" }], file };
      const { table, misfits } = fit(this.game, entry.table, this.defaults);
      return { at: entry.at, table: encodeTable(this.game, table, this.defaults), players: entry.players, misfits, file };
    });
  }

  /** The stored entries, migrated to v2; damaged ones are set aside. */
  entries() {
    const found = this.read(this.historyKey);
    if (!found) return [];
    const data = found.data;
    const version = Array.isArray(data) ? 1 : isObject(data) && data.v === 2 && Array.isArray(data.games) ? 2 : 0;
    if (!version) {
      this.damaged = true;
      const reason = isObject(data) && Number.isInteger(data.v) && data.v > STORAGE_VERSION ? "newer" : "damaged";
      this.setAside(reason, "history", [{ kind: "entries", reason }], found);
      this.remove(this.historyKey);
      return [];
    }
    const items = version === 1 ? data : data.games;
    /** @type {{at: number, table: Snapshot | null, raw?: string, players: Kept[]}[]} */
    const entries = [];
    const damaged = [];
    for (const item of items) {
      const entry = entries.length < HISTORY_SIZE ? this.readEntry(item, version) : null;
      if (entry) entries.push(entry);
      else damaged.push(item);
    }
    if (damaged.length) {
      this.damaged = true;
      this.setAside("damaged", "history", [{ kind: "entries", reason: "damaged", value: damaged.length }], { text: "", data: damaged, json: true });
    }
    if (damaged.length || version !== STORAGE_VERSION) this.write(this.historyKey, { v: STORAGE_VERSION, games: entries });
    return entries;
  }

  /** Keep a finished game (the same table is kept once). @param {Game} game */
  keep(game) {
    const snap = this.snap(game.table);
    if (!snap) return this.history();
    const same = JSON.stringify(snap);
    const others = this.entries().filter((g) => JSON.stringify(g.table) !== same);
    this.write(this.historyKey, { v: STORAGE_VERSION, games: [{ at: game.at, table: snap, players: game.players }, ...others].slice(0, HISTORY_SIZE) });
    return this.history();
  }

  /** Remove the game kept at ``at``. @param {number} at */
  forget(at) {
    this.write(this.historyKey, { v: STORAGE_VERSION, games: this.entries().filter((g) => g.at !== at) });
    return this.history();
  }

  // -- what was set aside -------------------------------------------------------------------

  /** The stored set-aside records, checked (their misfits as the page may show them). @returns {{at: number, reason: AsideReason, from: AsideSource, misfits: Misfit[], record: any}[]} */
  asideItems() {
    const data = this.read(this.asideKey)?.data;
    if (!isObject(data) || !Array.isArray(data.items)) return [];
    return data.items.filter((/** @type {any} */ x) => isObject(x) && isTime(x.at) && ASIDE_REASONS.has(x.reason)
      && (x.from === "table" || x.from === "history" || x.from === "aside") && Array.isArray(x.misfits) && x.misfits.length <= MAX_KEYS)
      .slice(0, ASIDE_SIZE)
      .map((/** @type {any} */ x) => ({ ...x, misfits: x.misfits.map(readMisfit).filter((/** @type {any} */ m) => m) }));
  }

  /**
   * How many set-aside records were removed to make room for newer ones since the reader
   * last cleared them: the page says so, since they were kept for the reader to download.
   */
  asideDropped() {
    const n = this.read(this.asideKey)?.data?.dropped;
    return Number.isInteger(n) && n > 0 ? n : 0;
  }

  /**
   * Keep a stored record that could not be carried over whole, for the reader to download.
   * @param {AsideReason} reason @param {AsideSource} from @param {Misfit[]} misfits @param {Found} found
   */
  setAside(reason, from, misfits, found) {
    const items = this.asideItems();
    const at = Math.max(Date.now(), ...items.map((x) => x.at + 1));
    const all = [{ at, reason, from, misfits, record: asideRecord(found) }, ...items];
    // Set-aside records that cannot be read as a whole (damaged, or deeper than this
    // browser's JSON reader goes) are kept as one record, not written over.
    const stored = this.read(this.asideKey);
    if (stored && !(isObject(stored.data) && Array.isArray(stored.data.items))) {
      all.push({ at: at + 1, reason: "damaged", from: "aside", misfits: [{ kind: "entries", reason: "damaged" }], record: asideRecord(stored) });
    }
    // The oldest beyond the most go, and how many is kept to tell the reader.
    const dropped = this.asideDropped() + Math.max(0, all.length - ASIDE_SIZE);
    this.write(this.asideKey, { v: STORAGE_VERSION, items: all.slice(0, ASIDE_SIZE), ...(dropped ? { dropped } : {}) });
  }

  /** What was set aside, newest first, each with its file. @returns {Aside[]} */
  aside() {
    return this.asideItems().map((x) => ({ at: x.at, reason: x.reason, from: x.from, misfits: x.misfits, file: this.file(x.from, x) }));
  }

  /** Every set-aside record in one JSON file to download. */
  asideFile() {
    return this.file("set-aside", { at: Date.now(), items: this.asideItems() });
  }

  /** Remove a set-aside record (all of them without ``at``): only the reader does. @param {number} [at] */
  dismiss(at) {
    const dropped = at === undefined ? 0 : this.asideDropped();
    this.write(this.asideKey, { v: STORAGE_VERSION, items: at === undefined ? [] : this.asideItems().filter((x) => x.at !== at), ...(dropped ? { dropped } : {}) });
    return this.aside();
  }

  /** A stored record as a JSON file to download. @param {string} what @param {any} record */
  file(what, record) {
    const stamp = new Date(isTime(record?.at) ? record.at : Date.now()).toISOString().slice(0, 16).replace(/[T:]/g, "-");
    /** @param {any} saved */
    const body = (saved) => ({ format: "rulebook.saved", storage: STORAGE_VERSION, game: this.game.game, content: fingerprint(this.game, "t"), what, saved });
    return { name: `${this.game.game}-${what}-${stamp}.json`, text: `${fileText(body(record)) ?? fileText(body(TOO_DEEP))}\n` };
  }
}

/**
 * The current table and Undo. A change replaces the current text; the text it replaced goes
 * on the undo list unless the change continues the previous one (the same field edited
 * again), so Undo takes back a whole edit of a field, not a keystroke.
 */
export class Keeper {
  /**
   * @param {Store} store
   * @param {number} [pause] milliseconds without a change before the table is written to
   *   storage (0: at each change). Writing it took a tenth of a keystroke's time; the page
   *   calls flush() when it is left, so a reload or a closed tab loses nothing.
   */
  constructor(store, pause = 0) {
    this.store = store;
    this.pause = pause;
    const { table, undo } = store.load();
    /** @type {string | null} */
    this.current = table;
    this.undoList = undo;
    /** @type {string | null} */
    this.lastKey = null;
    /** Whether the storage is behind the table. */
    this.dirty = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
  }

  /** Write the table and Undo now, if a change is not written yet. */
  flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.dirty || this.current == null) return;
    this.dirty = false;
    this.store.save(this.current, this.undoList);
  }

  /** Write after the pause (or now, without one). */
  persist() {
    this.dirty = true;
    if (!this.pause) return this.flush();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.pause);
  }

  get canUndo() {
    return this.undoList.length > 0;
  }

  /**
   * Record the table as it is now; false when nothing changed.
   * @param {string} text @param {string | null} [key] what was edited (a field), to join edits of it
   */
  change(text, key = null) {
    if (text === this.current) return false;
    if (this.current != null && !(key && key === this.lastKey)) {
      this.undoList.push(this.current);
      if (this.undoList.length > UNDO_DEPTH) this.undoList.shift();
    }
    this.lastKey = key;
    this.current = text;
    this.persist();
    return true;
  }

  /** Take the last change back; the table text to show, or null when there is none. */
  undo() {
    const previous = this.undoList.pop();
    if (previous == null) return null;
    this.current = previous;
    this.lastKey = null;
    this.persist();
    return previous;
  }
}

// ------------------------------------------------------------------------------------------
// The table being played: one set of players for the setup page and the calculator
// ------------------------------------------------------------------------------------------
//
// Names typed once belong to the table, not to a page: the setup generator and the
// calculator read them with currentTable(game).players and write them with keepPlayers();
// Store.save() writes the calculator's names there and Store.load() seats them, so a table
// goes setup -> scoring -> history with the same names (and back). The setup generator also
// keeps its last setup there (seed, options and the steps ticked), so a reload shows the
// same checklist with the same ticks. Names are kept as the calculator keeps them: "" for a
// seat's default name, which each page says in its own language.
//
//   rulebook.current.<game> = {v: 1, players: string[], setup: {seed, options, ticked} | null}

/** The version of the current-table record. */
export const CURRENT_VERSION = 1;

/**
 * @typedef {{seed: string, options: Record<string, any>, ticked: string[]}} KeptSetup
 *   The setup last generated for the table: its seed, its options and the ids of the steps ticked.
 * @typedef {{players: string[] | null, setup: KeptSetup | null}} CurrentTable
 *   ``players`` the table's names ("" for a seat's default), null when none were kept.
 */

/** @param {any} game the export */
const currentKey = (game) => `rulebook.current.${game.game}`;

/** The record, checked: what does not fit is dropped. @param {any} game @param {Storage | null} storage @returns {CurrentTable} */
export function currentTable(game, storage = localStore()) {
  /** @type {any} */
  let data = null;
  try {
    data = JSON.parse(storage?.getItem(currentKey(game)) ?? "null");
  } catch {
    data = null;
  }
  if (!isObject(data) || data.v !== CURRENT_VERSION) return { players: null, setup: null };
  const names = data.players;
  const players = Array.isArray(names) && names.length >= game.players.min && names.length <= game.players.max
    && names.every((/** @type {any} */ n) => typeof n === "string" && n.length <= MAX_TEXT && cleanName(n) === n) ? names : null;
  const s = data.setup;
  const steps = new Set((game.setup?.steps ?? []).map((/** @type {any} */ x) => x.id));
  const setup = players && isObject(s) && isShort(s.seed) && s.seed !== "" && idRecord(s.options, (v) => typeof v === "boolean" || isShort(v))
    && Array.isArray(s.ticked) && s.ticked.every((/** @type {any} */ id) => typeof id === "string" && (!steps.size || steps.has(id)))
    ? { seed: s.seed, options: s.options, ticked: s.ticked.slice(0, MAX_KEYS) } : null;
  return { players, setup };
}

/** @param {any} game @param {Storage | null} storage @param {CurrentTable} record */
function writeCurrent(game, storage, record) {
  try {
    storage?.setItem(currentKey(game), JSON.stringify({ v: CURRENT_VERSION, players: record.players, setup: record.setup }));
  } catch {
    // Full or refused: the pages still work, the table is just not remembered.
  }
}

/**
 * Keep the table's names ("" for a seat's default). A setup kept for another number of
 * players no longer describes this table and goes.
 * @param {any} game the export @param {string[]} names @param {Storage | null} [storage]
 */
export function keepPlayers(game, names, storage = localStore()) {
  const clean = names.map((n) => cleanName(n));
  const now = currentTable(game, storage);
  if (now.players && JSON.stringify(now.players) === JSON.stringify(clean)) return;
  const setup = now.players?.length === clean.length ? now.setup : null;
  writeCurrent(game, storage, { players: clean, setup });
}

/**
 * Keep the setup generated for the table, with its names and the steps ticked.
 * @param {any} game the export @param {string[]} names @param {KeptSetup} setup @param {Storage | null} [storage]
 */
export function keepSetup(game, names, setup, storage = localStore()) {
  writeCurrent(game, storage, { players: names.map((n) => cleanName(n)), setup: { seed: setup.seed, options: { ...setup.options }, ticked: [...setup.ticked] } });
}

/**
 * A table seated with the kept players: their number and names, the entries of the seats
 * that stay. The table itself when no players are kept.
 * @param {any} game the export @param {Table} table @param {string[]} defaults @param {Storage | null} storage @returns {Table}
 */
export function seatPlayers(game, table, defaults, storage) {
  const players = currentTable(game, storage).players;
  if (!players) return table;
  const count = players.length;
  return {
    ...table,
    count,
    names: players.map((n, i) => n || (defaults[i] ?? "")),
    values: Array.from({ length: count }, (_, i) => (i < table.count ? { ...table.values[i] } : {})),
  };
}
