// The calculator's table kept on this device, per game: the current table, the changes that
// Undo takes back, and a history of finished games that can be reopened.
//
// Everything lives in local storage as the compact text of share.js, so what is read back
// goes through the same checks as a shared link. Storage is untrusted too (another tab, an
// older version, a hand edit): whatever does not pass is discarded and `damaged` says so,
// for the page to tell the reader. A browser without storage (private mode, full quota)
// just keeps nothing.

/** How many changes Undo can take back. */
export const UNDO_DEPTH = 30;
/** How many finished games the history keeps, newest first. */
export const HISTORY_SIZE = 30;

// A time in ms that Date can show.
const isTime = (/** @type {any} */ x) => Number.isInteger(x) && x >= 0 && x <= 8.64e15;

const isObject = (/** @type {any} */ x) => x !== null && typeof x === "object" && !Array.isArray(x);

/**
 * @typedef {{name: string, score: number | null, rank: number, winner: boolean}} Kept
 * @typedef {{at: number, table: string, players: Kept[]}} Game
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

/** One kept player, checked, or null. @param {any} p @param {(name: string) => string} clean */
function keptPlayer(p, clean) {
  if (!isObject(p) || typeof p.name !== "string" || clean(p.name) !== p.name || !p.name) return null;
  if (!(p.score === null || Number.isFinite(p.score)) || !Number.isInteger(p.rank) || typeof p.winner !== "boolean") return null;
  return { name: p.name, score: p.score, rank: p.rank, winner: p.winner };
}

export class Store {
  /**
   * @param {Storage | null} storage @param {string} game the game's id
   * @param {(text: string) => boolean} valid whether a table text can be opened
   * @param {(name: string) => string} clean a name as the calculator would keep it
   */
  constructor(storage, game, valid, clean) {
    this.storage = storage;
    this.key = `rulebook.table.${game}`;
    this.historyKey = `rulebook.history.${game}`;
    this.valid = valid;
    this.clean = clean;
    /** Whether something stored had to be discarded. */
    this.damaged = false;
  }

  /** @param {string} key */
  read(key) {
    try {
      const text = this.storage?.getItem(key);
      return text == null ? undefined : JSON.parse(text);
    } catch {
      return null; // not JSON: damaged
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

  /** @param {string} key */
  discard(key) {
    this.damaged = true;
    try {
      this.storage?.removeItem(key);
    } catch {
      // nothing to do
    }
  }

  /** The kept table and its undo list; both empty when nothing (valid) was kept. @returns {{table: string | null, undo: string[]}} */
  load() {
    const data = this.read(this.key);
    if (data === undefined) return { table: null, undo: [] };
    const ok = isObject(data) && data.v === 1 && typeof data.table === "string" && this.valid(data.table)
      && Array.isArray(data.undo) && data.undo.length <= UNDO_DEPTH
      && data.undo.every((/** @type {any} */ x) => typeof x === "string" && this.valid(x));
    if (!ok) {
      this.discard(this.key);
      return { table: null, undo: [] };
    }
    return { table: data.table, undo: data.undo };
  }

  /** @param {string} table @param {string[]} undo */
  save(table, undo) {
    this.write(this.key, { v: 1, table, undo });
  }

  /** The finished games, newest first; entries that do not pass are dropped. @returns {Game[]} */
  history() {
    const data = this.read(this.historyKey);
    if (data === undefined) return [];
    if (!Array.isArray(data)) {
      this.discard(this.historyKey);
      return [];
    }
    /** @type {Game[]} */
    const games = [];
    for (const item of data.slice(0, HISTORY_SIZE)) {
      const players = isObject(item) && Array.isArray(item.players) && item.players.length <= 12
        ? item.players.map((/** @type {any} */ p) => keptPlayer(p, this.clean)) : [null];
      if (!isTime(item?.at) || typeof item.table !== "string" || !this.valid(item.table) || !players.length || players.includes(null)) continue;
      games.push({ at: item.at, table: item.table, players });
    }
    if (games.length !== data.length) {
      this.damaged = true;
      this.write(this.historyKey, games);
    }
    return games;
  }

  /** Keep a finished game (the same table is kept once). @param {Game} game */
  keep(game) {
    const games = [game, ...this.history().filter((g) => g.table !== game.table)].slice(0, HISTORY_SIZE);
    this.write(this.historyKey, games);
    return games;
  }

  /** Remove the game kept at ``at``. @param {number} at */
  forget(at) {
    const games = this.history().filter((g) => g.at !== at);
    this.write(this.historyKey, games);
    return games;
  }
}

/**
 * The current table and Undo. A change replaces the current text; the text it replaced goes
 * on the undo list unless the change continues the previous one (the same field edited
 * again), so Undo takes back a whole edit of a field, not a keystroke.
 */
export class Keeper {
  /** @param {Store} store */
  constructor(store) {
    this.store = store;
    const { table, undo } = store.load();
    /** @type {string | null} */
    this.current = table;
    this.undoList = undo;
    /** @type {string | null} */
    this.lastKey = null;
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
    this.store.save(text, this.undoList);
    return true;
  }

  /** Take the last change back; the table text to show, or null when there is none. */
  undo() {
    const previous = this.undoList.pop();
    if (previous == null) return null;
    this.current = previous;
    this.lastKey = null;
    this.store.save(previous, this.undoList);
    return previous;
  }
}
