// The finished games kept on this device, newest first, each reopened as it fits the
// current content (snapshot.js). Storage version 1 held link texts (share.js), which only
// the content they were made for can read; version 2 holds snapshots. Reading migrates:
// an entry this content cannot read stays listed with its text, and damaged entries are
// set aside (aside.js).

import { AsideRecords } from "./aside.js";
import { cleanName, decodeTable, encodeTable, MAX_TEXT as MAX_LINK } from "./share.js";
import { fit, readSnapshot, snapshot } from "./snapshot.js";
import { isArray, isInteger, isNumber, isObject, isTime, MAX_PLAYERS, STORAGE_VERSION, UNDO_DEPTH } from "./storage.js";

/** @typedef {import("../../../tools/typecheck/export").CalculatorExport} CalculatorExport */

/**
 * @typedef {import("./snapshot.js").Snapshot} Snapshot
 * @typedef {import("./storage.js").Misfit} Misfit
 * @typedef {{name: string, score: number | null, rank: number, winner: boolean}} Kept
 * @typedef {{at: number, table: string, players: Kept[]}} Game
 * @typedef {{at: number, table: string | null, players: Kept[], misfits: Misfit[], file: () => {name: string, text: string}}} HistoryEntry
 *   A kept game as the page shows it: ``table`` is what fits the current content (null when nothing could be read), ``file`` makes the stored entry's JSON file (only when it is downloaded: writing an untrusted entry may take the browser's whole stack).
 */

/** How many finished games the history keeps, newest first. */
export const HISTORY_SIZE = 30;

/** One kept player, checked, or null. @param {unknown} p @returns {Kept | null} */
function keptPlayer(p) {
  if (!isObject(p) || typeof p.name !== "string" || cleanName(p.name) !== p.name || !p.name) return null;
  if (!(p.score === null || isNumber(p.score)) || !isInteger(p.rank) || typeof p.winner !== "boolean") return null;
  return { name: p.name, score: p.score, rank: p.rank, winner: p.winner };
}

/** The records of a game's tables: the history, and reading a stored table of either version. */
export class HistoryRecords extends AsideRecords {
  /**
   * @param {Storage | null} storage
   * @param {CalculatorExport} game the game's export
   * @param {string[]} defaults the seats' default names in the page's language
   */
  constructor(storage, game, defaults) {
    super(storage, game);
    this.defaults = defaults;
    this.historyKey = `rulebook.history.${game.game}`;
    /** @type {Map<string, Snapshot | null>} */
    this.snapshots = new Map();
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
   * @param {unknown} stored @param {number} version @returns {Snapshot | "format" | "newer" | "damaged"}
   */
  readTable(stored, version) {
    if (version === 1) {
      if (typeof stored !== "string" || stored.length > MAX_LINK) return "damaged";
      return this.snap(stored) ?? (/^t\d+;/.test(stored) ? "format" : "damaged");
    }
    return readSnapshot(stored) ?? "damaged";
  }


  /**
   * A stored history entry, checked, as v2 stores it: the snapshot, or (for a v1 text this
   * content cannot read) the text itself. Null when it is damaged.
   * @param {unknown} item @param {number} version
   * @returns {{at: number, table: Snapshot | null, raw?: string, players: Kept[]} | null}
   */
  readEntry(item, version) {
    if (!isObject(item) || !isTime(item.at) || !isArray(item.players)) return null;
    if (!item.players.length || item.players.length > MAX_PLAYERS) return null;
    const players = item.players.map(keptPlayer);
    if (!players.every((p) => p !== null)) return null;
    if (version === 2 && item.table === null && typeof item.raw === "string" && item.raw.length <= MAX_LINK) {
      return { at: item.at, table: null, raw: item.raw, players };
    }
    const table = this.readTable(item.table, version);
    // Only a v1 text is in an older format: it is kept as it is.
    if (table === "format" && typeof item.table === "string") return { at: item.at, table: null, raw: item.table, players };
    return typeof table === "string" ? null : { at: item.at, table, players };
  }

  /** The finished games, newest first, each fitted to the current content. @returns {HistoryEntry[]} */
  history() {
    return this.entries().map((entry) => {
      const file = () => this.file("history", entry);
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
    // v1: a list of entries; v2: {v: 2, games: a list of entries}.
    const items = isArray(data) ? data : isObject(data) && data.v === 2 && isArray(data.games) ? data.games : null;
    const version = isArray(data) ? 1 : 2;
    if (!items) {
      this.damaged = true;
      const reason = isObject(data) && isInteger(data.v) && data.v > STORAGE_VERSION ? "newer" : "damaged";
      this.setAside(reason, "history", [{ kind: "entries", reason }], found);
      this.remove(this.historyKey);
      return [];
    }
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
}
