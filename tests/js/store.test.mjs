// store.js: the kept table, Undo, the history, and what happens to damaged storage.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { GAME, HOSTILE_NAMES, tool } from "./tools.mjs";

const { Keeper, Store, UNDO_DEPTH, HISTORY_SIZE } = await tool("store");
const { cleanName, decodeTable, encodeTable } = await tool("share");

const DEFAULTS = ["Player 1", "Player 2", "Player 3", "Player 4", "Player 5"];

/** A Storage in memory; ``refuse`` makes every call throw, like a browser in private mode. */
class MemoryStorage {
  constructor(refuse = false) {
    /** @type {Map<string, string>} */
    this.items = new Map();
    this.refuse = refuse;
  }

  /** @param {string} key */
  getItem(key) {
    if (this.refuse) throw new Error("SecurityError");
    return this.items.has(key) ? this.items.get(key) : null;
  }

  /** @param {string} key @param {string} value */
  setItem(key, value) {
    if (this.refuse) throw new Error("QuotaExceededError");
    this.items.set(key, String(value));
  }

  /** @param {string} key */
  removeItem(key) {
    if (this.refuse) throw new Error("SecurityError");
    this.items.delete(key);
  }
}

const valid = (/** @type {string} */ text) => decodeTable(GAME, text, DEFAULTS) != null;
const store = (storage = new MemoryStorage()) => new Store(storage, GAME.game, valid, cleanName);
/** A table text with the first player's coins. @param {string} coins @param {string[]} [names] */
const table = (coins, names = ["Ana", "Bo"]) =>
  encodeTable(GAME, { count: 2, names, values: [{ coins }, {}], options: { expansion: false, reading: "strict" }, table: { tile: null } }, DEFAULTS);

describe("the kept table and Undo", () => {
  test("a change is kept and survives a new page", () => {
    const storage = new MemoryStorage();
    const keeper = new Keeper(store(storage));
    assert.equal(keeper.current, null);
    assert.ok(keeper.change(table("1")));
    assert.ok(!keeper.change(table("1")), "the same table is no change");
    const again = new Keeper(store(storage));
    assert.equal(again.current, table("1"));
  });

  test("Undo takes back a whole edit of a field, then the edit before", () => {
    const keeper = new Keeper(store());
    keeper.change(table(""));
    keeper.change(table("1"), "in:coins:0");
    keeper.change(table("12"), "in:coins:0");
    keeper.change(table("12", ["Ana", "Cy"]), "name:1");
    assert.equal(keeper.undo(), table("12"));
    assert.equal(keeper.undo(), table(""));
    assert.equal(keeper.undo(), null);
    assert.ok(!keeper.canUndo);
  });

  test("after Undo, editing the same field again is a new change", () => {
    const keeper = new Keeper(store());
    keeper.change(table(""));
    keeper.change(table("1"), "in:coins:0");
    keeper.undo();
    keeper.change(table("2"), "in:coins:0");
    assert.equal(keeper.undo(), table(""));
  });

  test("changes without a field (a link, Reset) are never joined", () => {
    const keeper = new Keeper(store());
    keeper.change(table("1"));
    keeper.change(table("2"));
    keeper.change(table("3"));
    assert.equal(keeper.undo(), table("2"));
  });

  test("Undo keeps the last changes only, and survives a new page", () => {
    const storage = new MemoryStorage();
    const keeper = new Keeper(store(storage));
    for (let n = 0; n <= UNDO_DEPTH + 5; n++) keeper.change(table(String(n)));
    assert.equal(keeper.undoList.length, UNDO_DEPTH);
    const again = new Keeper(store(storage));
    assert.equal(again.undo(), table(String(UNDO_DEPTH + 4)));
  });

  const damaged = {
    "not JSON": "{oops",
    "JSON of another shape": JSON.stringify(["t1"]),
    "another version": JSON.stringify({ v: 2, table: "t1;x", undo: [] }),
    "a table that does not decode": JSON.stringify({ v: 1, table: "t1;nope;<img src=x>", undo: [] }),
    "an undo list of the wrong kind": JSON.stringify({ v: 1, table: null, undo: {} }),
    "an undo entry that does not decode": null,
    "too long an undo list": null,
  };
  damaged["an undo entry that does not decode"] = JSON.stringify({ v: 1, table: table("1"), undo: [table("2"), "<script>"] });
  damaged["too long an undo list"] = JSON.stringify({ v: 1, table: table("1"), undo: Array(UNDO_DEPTH + 1).fill(table("2")) });
  for (const [what, text] of Object.entries(damaged)) {
    test(`a kept table with ${what} is discarded, and said so`, () => {
      const storage = new MemoryStorage();
      storage.setItem("rulebook.table.probe", /** @type {string} */ (text));
      const s = store(storage);
      const keeper = new Keeper(s);
      assert.equal(keeper.current, null);
      assert.ok(s.damaged);
      assert.equal(storage.getItem("rulebook.table.probe"), null);
    });
  }

  test("nothing kept is not damage", () => {
    const s = store();
    new Keeper(s);
    assert.ok(!s.damaged);
  });

  test("a browser that refuses storage still has a working table and Undo", () => {
    const s = store(new MemoryStorage(true));
    const keeper = new Keeper(s);
    keeper.change(table("1"));
    keeper.change(table("2"));
    assert.equal(keeper.undo(), table("1"));
    assert.deepEqual(s.history(), []);
    s.keep({ at: 1, table: table("1"), players: [] });
  });

  test("a missing storage keeps nothing", () => {
    const keeper = new Keeper(new Store(null, "probe", valid, cleanName));
    assert.ok(keeper.change(table("1")));
  });
});

describe("the history of finished games", () => {
  const players = [{ name: "Ana", score: 74, rank: 1, winner: true }, { name: "Bo", score: 70, rank: 2, winner: false }];

  test("kept games come back newest first, once each", () => {
    const s = store();
    s.keep({ at: 1000, table: table("1"), players });
    s.keep({ at: 2000, table: table("2"), players });
    s.keep({ at: 3000, table: table("1"), players });
    assert.deepEqual(s.history().map((/** @type {any} */ g) => g.at), [3000, 2000]);
    assert.ok(!s.damaged);
  });

  test("the history is limited", () => {
    const s = store();
    for (let n = 0; n < HISTORY_SIZE + 5; n++) s.keep({ at: n, table: table(String(n)), players });
    assert.equal(s.history().length, HISTORY_SIZE);
  });

  test("a game can be removed", () => {
    const s = store();
    s.keep({ at: 1, table: table("1"), players });
    s.keep({ at: 2, table: table("2"), players });
    assert.deepEqual(s.forget(1).map((/** @type {any} */ g) => g.at), [2]);
  });

  test("hostile names are kept as they are (they are shown as text)", () => {
    const s = store();
    for (const [k, name] of HOSTILE_NAMES.entries()) s.keep({ at: k, table: table(String(k)), players: [{ name, score: 1, rank: 1, winner: true }] });
    assert.deepEqual(s.history().map((/** @type {any} */ g) => g.players[0].name).reverse(), HOSTILE_NAMES);
  });

  test("damaged entries are dropped, the rest kept, and it is said", () => {
    const storage = new MemoryStorage();
    const good = { at: 5, table: table("1"), players };
    storage.setItem("rulebook.history.probe", JSON.stringify([
      good,
      { at: 6, table: "<img src=x onerror=alert(1)>", players },
      { at: "soon", table: table("1"), players },
      { at: 1e300, table: table("1"), players },
      { at: 7, table: table("1"), players: [{ name: "\u202eevil", score: 1, rank: 1, winner: true }] },
      { at: 8, table: table("1"), players: [{ name: "Ana", score: "1", rank: 1, winner: true }] },
      { at: 9, table: table("1"), players: "Ana" },
      null,
      "t1;x",
    ]));
    const s = store(storage);
    assert.deepEqual(s.history(), [good]);
    assert.ok(s.damaged);
    assert.equal(JSON.parse(/** @type {string} */ (storage.getItem("rulebook.history.probe"))).length, 1, "the damage is cleaned up");
  });

  test("a history that is not a list is discarded", () => {
    const storage = new MemoryStorage();
    storage.setItem("rulebook.history.probe", "{\"__proto__\": {\"polluted\": true}}");
    const s = store(storage);
    assert.deepEqual(s.history(), []);
    assert.ok(s.damaged);
    assert.equal(/** @type {any} */ ({}).polluted, undefined);
  });
});
