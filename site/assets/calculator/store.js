// The calculator's table kept on this device, per game: the current table and the changes
// that Undo takes back. The history of finished games (history.js) and what was set aside
// (aside.js) are kept beside it; storage.js holds the format's version and the checks every
// stored record passes, snapshot.js a table by ids and how it is fitted to the content.
//
// Reading migrates: a stored table is fitted to the current content input by input, and
// when something no longer fits (`unfit`: a structured list the page shows), the whole
// stored record is set aside on this device. A too-long Undo list loses its oldest steps,
// as Undo itself does.

import { currentTable, keepPlayers, seatPlayers } from "./currenttable.js";
import { HistoryRecords } from "./history.js";
import { encodeTable } from "./share.js";
import { fit } from "./snapshot.js";
import { isArray, isInteger, isObject, STORAGE_VERSION, UNDO_DEPTH } from "./storage.js";

/** @typedef {import("../../../tools/typecheck/export").CalculatorExport} CalculatorExport */

/** @typedef {import("./storage.js").Misfit} Misfit */

/** A game's kept table and its Undo list, with the history and the set-aside records. */
export class Store extends HistoryRecords {
  /**
   * @param {Storage | null} storage
   * @param {CalculatorExport} game the game's export
   * @param {string[]} defaults the seats' default names in the page's language
   */
  constructor(storage, game, defaults) {
    super(storage, game, defaults);
    this.key = `rulebook.table.${game.game}`;
    /** @type {Misfit[]} What of the table opened by load() no longer fits (it was set aside whole). */
    this.unfit = [];
  }

  /** The kept table and its Undo list, migrated and fitted to the current content. @returns {{table: string | null, undo: string[]}} */
  load() {
    const found = this.read(this.key);
    if (!found) return { table: this.seatedTable(), undo: [] };
    /** @type {Record<string, unknown>} */
    const data = isObject(found.data) ? found.data : {};
    const version = isInteger(data.v) ? data.v : 0;
    const readable = (version === 1 || version === 2) && isArray(data.undo);
    // The Undo list as stored: always the array itself when the record is readable.
    const kept = isArray(data.undo) ? data.undo : [];
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
    const steps = kept.slice(-UNDO_DEPTH).map((x) => this.readTable(x, version));
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
    if (version !== STORAGE_VERSION || leftOut || undoLost || undo.length !== kept.length) this.save(table, undo);
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
    const options = Object.fromEntries((this.game.scoring.options ?? []).map((o) => [o.id, o.default]));
    const table = Object.fromEntries((this.game.scoring.table ?? []).map((t) => [t.id, null]));
    const empty = { count: this.game.players.min, names: [], values: [], options, table };
    return encodeTable(this.game, seatPlayers(this.game, empty, this.defaults, this.storage), this.defaults);
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

