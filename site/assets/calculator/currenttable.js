// The table being played: one set of players for the setup page and the calculator.
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

import { cleanName } from "./share.js";
import { idRecord, isArray, isObject, isShort, localStore, MAX_KEYS, MAX_TEXT } from "./storage.js";

/**
 * @typedef {import("../../../tools/typecheck/export").Export} Export
 * @typedef {Pick<Export, "game" | "players"> & {setup?: Pick<Export["setup"], "steps">}} Seated  what the record reads of a game
 */

/** @typedef {import("./share.js").Table} Table */

/** The version of the current-table record. */
export const CURRENT_VERSION = 1;

/**
 * @typedef {{seed: string, options: Record<string, string | boolean>, ticked: string[]}} KeptSetup
 *   The setup last generated for the table: its seed, its options and the ids of the steps ticked.
 * @typedef {{players: string[] | null, setup: KeptSetup | null}} CurrentTable
 *   ``players`` the table's names ("" for a seat's default), null when none were kept.
 */

/** @param {Seated} game the export */
const currentKey = (game) => `rulebook.current.${game.game}`;

/** A name as the record keeps it: clean text, "" for a seat's default. @param {unknown} n @returns {n is string} */
const isKeptName = (n) => typeof n === "string" && n.length <= MAX_TEXT && cleanName(n) === n;

/** The record, checked: what does not fit is dropped. @param {Seated} game @param {Storage | null} storage @returns {CurrentTable} */
export function currentTable(game, storage = localStore()) {
  /** @type {unknown} */
  let data = null;
  try {
    data = JSON.parse(storage?.getItem(currentKey(game)) ?? "null");
  } catch {
    data = null;
  }
  if (!isObject(data) || data.v !== CURRENT_VERSION) return { players: null, setup: null };
  const names = data.players;
  const players = isArray(names) && names.length >= game.players.min && names.length <= game.players.max
    && names.every(isKeptName) ? names : null;
  const s = data.setup;
  const steps = new Set((game.setup?.steps ?? []).map((x) => x.id));
  /** A step of the game (every id when it lists none). @param {unknown} id @returns {id is string} */
  const isStep = (id) => typeof id === "string" && (!steps.size || steps.has(id));
  const setup = players && isObject(s) && isShort(s.seed) && s.seed !== "" && idRecord(s.options, (v) => typeof v === "boolean" || isShort(v))
    && isArray(s.ticked) && s.ticked.every(isStep)
    ? { seed: s.seed, options: s.options, ticked: s.ticked.slice(0, MAX_KEYS) } : null;
  return { players, setup };
}

/** @param {Seated} game @param {Storage | null} storage @param {CurrentTable} record */
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
 * @param {Seated} game the export @param {string[]} names @param {Storage | null} [storage]
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
 * @param {Seated} game the export @param {string[]} names @param {KeptSetup} setup @param {Storage | null} [storage]
 */
export function keepSetup(game, names, setup, storage = localStore()) {
  writeCurrent(game, storage, { players: names.map((n) => cleanName(n)), setup: { seed: setup.seed, options: { ...setup.options }, ticked: [...setup.ticked] } });
}

/**
 * A table seated with the kept players: their number and names, the entries of the seats
 * that stay. The table itself when no players are kept.
 * @param {Seated} game the export @param {Table} table @param {string[]} defaults @param {Storage | null} storage @returns {Table}
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
