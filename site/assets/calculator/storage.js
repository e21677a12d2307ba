// What the calculator stores on this device, and the checks every stored record passes.
//
// Storage is untrusted (another tab, a newer version, a hand edit): every record is checked
// before use, and only ids of the current content become keys of what the page uses. A
// browser without storage (private mode, full quota) just keeps nothing.
//
// The records themselves: snapshot.js (a table by ids, fitted to the current content),
// aside.js (what could not be carried over), history.js (finished games), store.js (the
// table and Undo) and currenttable.js (the players of the table being played).

/** The version of what the calculator's storage modules write. */
export const STORAGE_VERSION = 2;
/** How many changes Undo can take back. */
export const UNDO_DEPTH = 30;

/**
 * The most players a stored table may hold. Looser than the most a game may declare
 * (schemas/game.py MAX_PLAYERS), so a table saved before a game lowered its most still
 * reads, and its extra players are listed; tests/calculator/test_storage_bounds.py holds it above.
 */
export const MAX_PLAYERS = 64;
/** The most characters of one stored text (a name, a value). */
export const MAX_TEXT = 2000;
/** The most keys of one stored record by ids. */
export const MAX_KEYS = 500;
/** An id of the content: schemas/common.py Identifier (tests/calculator/test_storage_bounds.py holds them together). */
export const ID = /^[a-z][a-z0-9_]{0,63}$/;

// The checks are type guards: what storage gives is `unknown` until one of them passes.
/** A whole number. @param {unknown} x @returns {x is number} */
export const isInteger = (x) => Number.isInteger(x);
/** A time in ms that Date can show. @param {unknown} x @returns {x is number} */
export const isTime = (x) => isInteger(x) && x >= 0 && x <= 8.64e15;
/** A finite number. @param {unknown} x @returns {x is number} */
export const isNumber = (x) => Number.isFinite(x);
/** An array, its items still unchecked. @param {unknown} x @returns {x is unknown[]} */
export const isArray = (x) => Array.isArray(x);
/** A plain object (not null, not an array), its values still unchecked. @param {unknown} x @returns {x is Record<string, unknown>} */
export const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
/** A text of at most MAX_TEXT characters. @param {unknown} x @returns {x is string} */
export const isShort = (x) => typeof x === "string" && x.length <= MAX_TEXT;
/**
 * An object whose keys are ids and whose values pass ``check``.
 * @template T @param {unknown} x @param {(v: unknown) => v is T} check @returns {x is Record<string, T>}
 */
export const idRecord = (x, check) =>
  isObject(x) && Object.keys(x).length <= MAX_KEYS && Object.entries(x).every(([k, v]) => ID.test(k) && check(v));

/**
 * @typedef {"players" | "player" | "option" | "table" | "input" | "undo" | "entries"} MisfitKind
 * @typedef {"gone" | "choice" | "kind" | "limit" | "count" | "format" | "newer" | "damaged"} MisfitReason
 * @typedef {{kind: MisfitKind, reason: MisfitReason, id?: string, label?: string, player?: number, name?: string, value?: string | number | boolean | null}} Misfit
 *   What of a stored table no longer fits: ``kind`` says what it is (an input of a player, an option, a table input, a player past the most, earlier Undo steps, or entries that cannot be read at all), ``reason`` why (gone from the content, a choice no longer offered, a value of another kind, outside a limit, more players than allowed or a place past the last one, an older format, a newer version, damage). Only a value outside a limit stays in the table; everything else listed was left out of it.
 * @typedef {{text: string, data: unknown, json: boolean}} Found
 *   A stored record: its text, and its data when the text is JSON (unchecked).
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
