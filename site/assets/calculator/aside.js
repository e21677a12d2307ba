// A game's records on this device, and the shelf of what could not be carried over.
//
// Nothing stored is ever dropped without the reader: a record that no longer fits the
// content whole, a damaged one or one of a newer version is set aside here, where the
// reader can download it as JSON or remove it. The shelf keeps the newest ASIDE_SIZE and
// counts the ones it had to let go, so the page can say so.

import { fingerprint } from "./share.js";
import { isArray, isInteger, isNumber, isObject, isShort, isTime, MAX_KEYS, MAX_PLAYERS, STORAGE_VERSION } from "./storage.js";

/**
 * @typedef {import("./storage.js").Found} Found
 * @typedef {import("./storage.js").Misfit} Misfit
 * @typedef {"content" | "format" | "newer" | "damaged"} AsideReason
 *   Why a record was set aside: it no longer fits the content, or cannot be read at all (an older format made for other content, a newer version, damage).
 * @typedef {"table" | "history" | "aside"} AsideSource
 *   Where a set-aside record was: the kept table, the history, or the set-aside records themselves (unreadable as a whole).
 * @typedef {{at: number, reason: AsideReason, from: AsideSource, misfits: Misfit[], file: () => {name: string, text: string}}} Aside
 *   ``file`` makes the record's JSON file when it is downloaded, not when the page opens: a record too deep to write costs the browser seconds of failed attempts.
 * @typedef {{at: number, reason: AsideReason, from: AsideSource, misfits: Misfit[], record?: unknown}} AsideItem
 *   A set-aside record as stored, checked but for ``record`` (only ever downloaded, never read).
 */

/** How many set-aside records are kept, newest first. */
export const ASIDE_SIZE = 20;
/** The most characters of one set-aside record (what this module writes is far smaller). */
export const MAX_RECORD = 100_000;
/** @type {Set<unknown>} */
const ASIDE_REASONS = new Set(["content", "format", "newer", "damaged"]);

/** Whether JSON can write ``x`` (a hand-made record can nest deeper than it recurses). @param {unknown} x */
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
 * @param {Found} found @returns {unknown}
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
 * @param {unknown} x @returns {string | null}
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

/** @type {Set<unknown>} */
const MISFIT_KINDS = new Set(["players", "player", "option", "table", "input", "undo", "entries"]);
/** @type {Set<unknown>} */
const MISFIT_REASONS = new Set(["gone", "choice", "kind", "limit", "count", "format", "newer", "damaged"]);
/** @param {unknown} x @returns {x is Misfit["kind"]} */
const isMisfitKind = (x) => MISFIT_KINDS.has(x);
/** @param {unknown} x @returns {x is Misfit["reason"]} */
const isMisfitReason = (x) => MISFIT_REASONS.has(x);
/** @param {unknown} x @returns {x is AsideReason} */
const isAsideReason = (x) => ASIDE_REASONS.has(x);
/** @param {unknown} x @returns {x is AsideSource} */
const isAsideSource = (x) => x === "table" || x === "history" || x === "aside";
/**
 * A stored misfit as the page may show it, or null. Storage is untrusted: a value nested
 * thousands of levels deep made the page's String() throw a RangeError while it listed
 * what no longer fits. So only short texts, numbers and booleans come through; every other
 * value is shown as its kind of thing, never walked.
 * @param {unknown} m @returns {Misfit | null}
 */
function readMisfit(m) {
  if (!isObject(m) || !isMisfitKind(m.kind) || !isMisfitReason(m.reason)) return null;
  /** @type {Misfit} */
  const out = { kind: m.kind, reason: m.reason };
  for (const key of /** @type {const} */ (["id", "label", "name"])) {
    const text = m[key];
    if (isShort(text)) out[key] = text;
  }
  if (isInteger(m.player) && m.player >= 0 && m.player < MAX_PLAYERS) out.player = m.player;
  const v = m.value;
  if (typeof v === "boolean" || isNumber(v) || isShort(v)) out.value = v;
  else if (v !== undefined) out.value = Array.isArray(v) ? "[…]" : isObject(v) ? "{…}" : "…";
  return out;
}

/**
 * A stored set-aside record the shelf may list (its misfits are read one by one after).
 * @param {unknown} x @returns {x is Record<string, unknown> & {at: number, reason: AsideReason, from: AsideSource, misfits: unknown[]}}
 */
function isStoredAside(x) {
  return isObject(x) && isTime(x.at) && isAsideReason(x.reason) && isAsideSource(x.from) && isArray(x.misfits) && x.misfits.length <= MAX_KEYS;
}

/** A game's records in a storage: reading and writing them, and what was set aside. */
export class AsideRecords {
  /** @param {Storage | null} storage @param {import("../../../tools/typecheck/export").CalculatorExport} game the game's export */
  constructor(storage, game) {
    this.storage = storage;
    this.game = game;
    this.asideKey = `rulebook.aside.${game.game}`;
    /** Whether something stored could not be read at all (it was set aside). */
    this.damaged = false;
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

  /** @param {string} key @param {unknown} value */
  write(key, value) {
    try {
      this.storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Full or refused: the table still works, it is just not kept.
    }
  }

  /** The snapshot of a table text of the current content (cached: Undo lists repeat). @param {string} text */
  /** @param {string} key */
  remove(key) {
    try {
      this.storage?.removeItem(key);
    } catch {
      // nothing to do
    }
  }

  /** The stored set-aside records, checked (their misfits as the page may show them). @returns {AsideItem[]} */
  asideItems() {
    const data = this.read(this.asideKey)?.data;
    if (!isObject(data) || !isArray(data.items)) return [];
    return data.items.filter(isStoredAside)
      .slice(0, ASIDE_SIZE)
      .map((x) => ({ ...x, misfits: x.misfits.map(readMisfit).filter((m) => m !== null) }));
  }

  /**
   * How many set-aside records were removed to make room for newer ones since the reader
   * last cleared them: the page says so, since they were kept for the reader to download.
   */
  asideDropped() {
    const data = this.read(this.asideKey)?.data;
    const n = isObject(data) ? data.dropped : undefined;
    return isInteger(n) && n > 0 ? n : 0;
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
    if (stored && !(isObject(stored.data) && isArray(stored.data.items))) {
      all.push({ at: at + 1, reason: "damaged", from: "aside", misfits: [{ kind: "entries", reason: "damaged" }], record: asideRecord(stored) });
    }
    // The oldest beyond the most go, and how many is kept to tell the reader.
    const dropped = this.asideDropped() + Math.max(0, all.length - ASIDE_SIZE);
    this.write(this.asideKey, { v: STORAGE_VERSION, items: all.slice(0, ASIDE_SIZE), ...(dropped ? { dropped } : {}) });
  }

  /** What was set aside, newest first, each with its file. @returns {Aside[]} */
  aside() {
    return this.asideItems().map((x) => ({ at: x.at, reason: x.reason, from: x.from, misfits: x.misfits, file: () => this.file(x.from, x) }));
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

  /** A stored record as a JSON file to download. @param {string} what @param {unknown} record */
  file(what, record) {
    const stamp = new Date(isObject(record) && isTime(record.at) ? record.at : Date.now()).toISOString().slice(0, 16).replace(/[T:]/g, "-");
    /** @param {unknown} saved */
    const body = (saved) => ({ format: "rulebook.saved", storage: STORAGE_VERSION, game: this.game.game, content: fingerprint(this.game, "t"), what, saved });
    return { name: `${this.game.game}-${what}-${stamp}.json`, text: `${fileText(body(record)) ?? fileText(body(TOO_DEEP))}\n` };
  }
}
