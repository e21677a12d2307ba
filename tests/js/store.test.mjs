// store.js and the storage modules beside it: the kept table, Undo, the history, migrations
// across storage and content versions, and what happens to damaged storage (it is set aside,
// never dropped).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MemoryStorage } from "./memory-storage.mjs";
import { GAME, HOSTILE_NAMES, tool } from "./tools.mjs";

const { Keeper, Store } = await tool("store");
const { UNDO_DEPTH, STORAGE_VERSION } = await tool("storage");
const { HISTORY_SIZE } = await tool("history");
const { ASIDE_SIZE } = await tool("aside");
const { fit, snapshot, readSnapshot } = await tool("snapshot");
const { currentTable, keepPlayers, keepSetup } = await tool("currenttable");
const { decodeTable, encodeTable } = await tool("share");

const DEFAULTS = ["Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6"];

const clone = (/** @type {any} */ x) => JSON.parse(JSON.stringify(x));
const store = (storage = new MemoryStorage(), game = GAME) => new Store(storage, game, DEFAULTS);
const KEY = "rulebook.table.probe";
const HISTORY = "rulebook.history.probe";
const stored = (/** @type {MemoryStorage} */ storage, /** @type {string} */ key) => JSON.parse(/** @type {string} */ (storage.getItem(key)));

/** A table text with the first player's coins. @param {string} coins @param {string[]} [names] @param {any} [game] */
const table = (coins, names = ["Ana", "Bo"], game = GAME) =>
  encodeTable(game, { count: names.length, names, values: [{ coins }, {}], options: { expansion: false, reading: "strict" }, table: { tile: null } }, DEFAULTS);

/**
 * The probe game as an earlier version of its content had it: one input more (medals), a
 * traveller and a tile more, an option more, souvenirs a flag, and room for six players.
 */
function earlierGame() {
  const old = clone(GAME);
  const s = old.scoring;
  s.inputs.push({ id: "medals", kind: "count", label: "Medals" });
  s.inputs.find((/** @type {any} */ i) => i.id === "traveller").choices.push({ id: "saburo", label: "Saburo" });
  s.inputs.find((/** @type {any} */ i) => i.id === "souvenirs").kind = "flag";
  s.table[0].choices.push({ id: "east", label: "East" });
  s.options.push({ id: "legacy", kind: "flag", default: false, label: "Legacy" });
  old.players.max = 6;
  return old;
}

describe("the kept table and Undo", () => {
  test("a change is kept and survives a new page", () => {
    const storage = new MemoryStorage();
    const keeper = new Keeper(store(storage));
    assert.equal(keeper.current, null);
    assert.ok(keeper.change(table("1")));
    assert.ok(!keeper.change(table("1")), "the same table is no change");
    const again = new Keeper(store(storage));
    assert.equal(again.current, table("1"));
    assert.equal(stored(storage, KEY).v, STORAGE_VERSION);
  });

  test("what is stored is by id, not by position", () => {
    const storage = new MemoryStorage();
    new Keeper(store(storage)).change(table("7", ["Ana", "Player 2"]));
    const record = stored(storage, KEY);
    assert.deepEqual(record.table.values, [{ coins: "7" }, {}]);
    assert.deepEqual(record.table.names, ["Ana", ""], "a default name is kept as the seat's, in any language");
    assert.deepEqual(record.table.kinds, { coins: "count" });
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

  test("nothing kept is not damage", () => {
    const s = store();
    new Keeper(s);
    assert.ok(!s.damaged);
    assert.deepEqual(s.aside(), []);
  });

  test("a browser that refuses storage still has a working table and Undo", () => {
    const s = store(new MemoryStorage(true));
    const keeper = new Keeper(s);
    keeper.change(table("1"));
    keeper.change(table("2"));
    assert.equal(keeper.undo(), table("1"));
    assert.deepEqual(s.history(), []);
    s.keep({ at: 1, table: table("1"), players: [{ name: "Ana", score: 1, rank: 1, winner: true }] });
    assert.deepEqual(s.aside(), []);
  });

  test("a missing storage keeps nothing", () => {
    const keeper = new Keeper(new Store(null, GAME, DEFAULTS));
    assert.ok(keeper.change(table("1")));
  });
});

describe("an older storage version", () => {
  test("version 1 (link texts) opens whole and is rewritten by id", () => {
    const storage = new MemoryStorage();
    storage.setItem(KEY, JSON.stringify({ v: 1, table: table("5"), undo: [table("1"), table("2")] }));
    const s = store(storage);
    const keeper = new Keeper(s);
    assert.equal(keeper.current, table("5"));
    assert.deepEqual(keeper.undoList, [table("1"), table("2")]);
    assert.ok(!s.damaged);
    assert.deepEqual(s.unfit, []);
    assert.deepEqual(s.aside(), []);
    const record = stored(storage, KEY);
    assert.equal(record.v, STORAGE_VERSION);
    assert.deepEqual([record.table, ...record.undo].map((t) => t.values[0]), [{ coins: "5" }, { coins: "1" }, { coins: "2" }]);
    assert.equal(keeper.undo(), table("2"));
  });

  test("a too-long Undo list is trimmed to its newest steps, not dropped", () => {
    const storage = new MemoryStorage();
    const undo = Array.from({ length: UNDO_DEPTH + 7 }, (_, n) => table(String(n)));
    storage.setItem(KEY, JSON.stringify({ v: 1, table: table("99"), undo }));
    const s = store(storage);
    const keeper = new Keeper(s);
    assert.equal(keeper.current, table("99"));
    assert.deepEqual(keeper.undoList, undo.slice(-UNDO_DEPTH));
    assert.ok(!s.damaged);
    assert.equal(stored(storage, KEY).undo.length, UNDO_DEPTH);
  });

  test("a version 1 history is migrated entry by entry", () => {
    const storage = new MemoryStorage();
    const players = [{ name: "Ana", score: 74, rank: 1, winner: true }];
    storage.setItem(HISTORY, JSON.stringify([{ at: 2, table: table("2"), players }, { at: 1, table: table("1"), players }]));
    const s = store(storage);
    assert.deepEqual(s.history().map((g) => [g.at, g.table, g.misfits]), [[2, table("2"), []], [1, table("1"), []]]);
    assert.equal(stored(storage, HISTORY).v, STORAGE_VERSION);
    assert.ok(!s.damaged);
  });

  test("a version 1 text made for other content cannot be read: it is set aside whole", () => {
    const storage = new MemoryStorage();
    const older = table("5", ["Ana", "Bo"], earlierGame());
    const record = { v: 1, table: older, undo: [] };
    storage.setItem(KEY, JSON.stringify(record));
    const s = store(storage);
    const keeper = new Keeper(s);
    assert.equal(keeper.current, null);
    assert.deepEqual(s.unfit, [{ kind: "entries", reason: "format" }]);
    const [aside] = s.aside();
    assert.equal(aside.reason, "format");
    assert.deepEqual(JSON.parse(aside.file().text).saved.record, record, "the download holds it exactly");
  });

  test("a version 1 history entry made for other content stays in the history, kept as it was", () => {
    const storage = new MemoryStorage();
    const older = table("5", ["Ana", "Bo"], earlierGame());
    const players = [{ name: "Ana", score: 74, rank: 1, winner: true }];
    storage.setItem(HISTORY, JSON.stringify([{ at: 3, table: older, players }]));
    const [entry] = store(storage).history();
    assert.equal(entry.table, null, "it cannot be reopened");
    assert.deepEqual(entry.players, players);
    assert.deepEqual(entry.misfits, [{ kind: "entries", reason: "format" }]);
    assert.equal(JSON.parse(entry.file().text).saved.raw, older);
    assert.equal(store(storage).history().length, 1, "still there on the next page");
  });

  test("a newer storage version is set aside, not misread or lost", () => {
    const storage = new MemoryStorage();
    const record = { v: STORAGE_VERSION + 1, table: { whatever: true }, undo: [] };
    storage.setItem(KEY, JSON.stringify(record));
    const s = store(storage);
    assert.equal(new Keeper(s).current, null);
    const [aside] = s.aside();
    assert.equal(aside.reason, "newer");
    assert.deepEqual(JSON.parse(aside.file().text).saved.record, record);
  });
});

describe("a table saved with an earlier version of the content", () => {
  const OLD = earlierGame();
  const saved = {
    count: 3,
    names: ["Ana", "Player 2", "Cy"],
    values: [
      { coins: "5", medals: "3", traveller: "saburo", souvenirs: true },
      { coins: "2", traveller: "kinko", arrival: "2" },
      { relic: true, pile: "1 2 3" },
    ],
    options: { expansion: true, reading: "loose", legacy: true },
    table: { tile: "east" },
  };

  /** Save ``t`` under the earlier content, with an Undo step, then open a page of the current one. */
  function reopened(t = saved, current = GAME) {
    const storage = new MemoryStorage();
    const keeper = new Keeper(store(storage, OLD));
    keeper.change(encodeTable(OLD, { ...t, values: t.values.map(() => ({})) }, DEFAULTS));
    keeper.change(encodeTable(OLD, t, DEFAULTS));
    const s = store(storage, current);
    return { storage, s, keeper: new Keeper(s) };
  }

  test("what fits opens; what no longer fits is listed, by player and field", () => {
    const { s, keeper } = reopened();
    assert.deepEqual(decodeTable(GAME, /** @type {string} */ (keeper.current), DEFAULTS), {
      count: 3,
      names: ["Ana", "Player 2", "Cy"],
      values: [{ coins: "5" }, { coins: "2", traveller: "kinko", arrival: "2" }, { relic: true, pile: "1 2 3" }],
      options: { expansion: true, reading: "loose" },
      table: { tile: null },
      rivals: {},
    });
    assert.deepEqual(s.unfit, [
      { kind: "option", reason: "gone", id: "legacy", label: "Legacy", value: true },
      { kind: "table", reason: "choice", id: "tile", value: "east" },
      { kind: "input", reason: "choice", id: "traveller", player: 0, name: "Ana", value: "saburo" },
      { kind: "input", reason: "kind", id: "souvenirs", player: 0, name: "Ana", value: true },
      { kind: "input", reason: "gone", id: "medals", label: "Medals", player: 0, name: "Ana", value: "3" },
    ]);
    assert.ok(!s.damaged, "content that changed is not damage");
  });

  test("the whole record is kept aside, downloadable as JSON, until the reader removes it", () => {
    const { storage, s } = reopened();
    const [aside] = s.aside();
    assert.equal(aside.reason, "content");
    // The Undo step (the same options) lost something too.
    assert.deepEqual(aside.misfits, [...s.unfit, { kind: "undo", reason: "format" }]);
    const file = JSON.parse(aside.file().text);
    assert.equal(file.game, "probe");
    assert.match(aside.file().name, /^probe-table-\d{4}-\d\d-\d\d-\d\d-\d\d\.json$/);
    const record = file.saved.record;
    assert.equal(record.table.values[0].medals, "3");
    assert.equal(record.table.values[0].traveller, "saburo");
    assert.equal(record.undo.length, 1, "with its Undo list");
    // A new page: the fitted table opens, and nothing is set aside twice.
    const again = store(storage);
    new Keeper(again);
    assert.deepEqual(again.unfit, []);
    assert.equal(again.aside().length, 1);
    assert.deepEqual(JSON.parse(again.asideFile().text).saved.items.map((/** @type {any} */ x) => x.record), [record]);
    assert.deepEqual(again.dismiss(aside.at), []);
    assert.deepEqual(store(storage).aside(), []);
  });

  test("a lowered limit keeps the value in the table, for the form to flag, and lists it", () => {
    const current = clone(GAME);
    current.limits = { coins: { min: 0, max: 4, table_max: null } };
    const { s, keeper } = reopened(saved, current);
    assert.equal(decodeTable(current, /** @type {string} */ (keeper.current), DEFAULTS)?.values[0].coins, "5");
    assert.deepEqual(s.unfit.filter((m) => m.reason === "limit"), [{ kind: "input", reason: "limit", id: "coins", player: 0, name: "Ana", value: "5" }]);
  });

  test("a value past a lowered limit alone sets nothing aside: it is still in the table", () => {
    const storage = new MemoryStorage();
    new Keeper(store(storage)).change(table("9"));
    const current = clone(GAME);
    current.limits = { coins: { min: 0, max: 4, table_max: null } };
    for (let page = 0; page < 2; page++) {
      const s = store(storage, current);
      assert.equal(new Keeper(s).current, table("9", ["Ana", "Bo"], current));
      assert.deepEqual(s.unfit, [{ kind: "input", reason: "limit", id: "coins", player: 0, name: "Ana", value: "9" }]);
      assert.deepEqual(s.aside(), []);
    }
  });

  test("more players than the content now allows: the last ones are listed, not lost", () => {
    const six = { ...saved, count: 6, names: ["A", "B", "C", "D", "E", "F"], values: [{}, {}, {}, {}, {}, { coins: "9" }] };
    const { s, keeper } = reopened(six);
    assert.equal(decodeTable(GAME, /** @type {string} */ (keeper.current), DEFAULTS)?.count, 5);
    assert.deepEqual(s.unfit.filter((m) => m.kind === "player"), [{ kind: "player", reason: "count", player: 5, name: "F" }]);
    assert.equal(JSON.parse(s.aside()[0].file().text).saved.record.table.values[5].coins, "9");
  });

  test("a kept game is fitted too, and stays in the history as it was saved", () => {
    const storage = new MemoryStorage();
    const players = [{ name: "Ana", score: 12, rank: 1, winner: true }, { name: "Bo", score: 3, rank: 2, winner: false }];
    store(storage, OLD).keep({ at: 10, table: encodeTable(OLD, saved, DEFAULTS), players });
    const [entry] = store(storage).history();
    assert.deepEqual(decodeTable(GAME, /** @type {string} */ (entry.table), DEFAULTS)?.values[0], { coins: "5" });
    assert.equal(entry.misfits.length, 5);
    assert.deepEqual(entry.players, players);
    assert.equal(JSON.parse(entry.file().text).saved.table.values[0].medals, "3");
    assert.equal(stored(storage, HISTORY).games[0].table.values[0].medals, "3", "the stored entry is unchanged");
  });

  test("fit() and snapshot() round-trip a table of the same content", () => {
    const t = decodeTable(GAME, table("3", ["Ana", "Player 2", "Cy"]), DEFAULTS);
    assert.ok(t);
    assert.deepEqual(fit(GAME, snapshot(GAME, t, DEFAULTS), DEFAULTS), { table: t, misfits: [] });
  });

  test("a rival's entries are kept and fitted like a player's; a rival the content lost is listed", () => {
    const rivals = (/** @type {any[]} */ list) => ({ ...GAME, scoring: { ...GAME.scoring, rivals: list } });
    const withNeutral = rivals([{ id: "neutral", label: "Neutral", inputs: ["coins"] }]);
    const t = decodeTable(withNeutral, table("3", ["Ana", "Player 2", "Cy"]), DEFAULTS);
    assert.ok(t);
    t.rivals = { neutral: { coins: "4" } };
    const snap = snapshot(withNeutral, t, DEFAULTS);
    assert.deepEqual(snap.rivals, { neutral: { coins: "4" } });
    assert.deepEqual(readSnapshot(JSON.parse(JSON.stringify(snap))), snap, "stored and read back");
    assert.deepEqual(fit(withNeutral, snap, DEFAULTS), { table: t, misfits: [] });
    const lost = fit(rivals([]), snap, DEFAULTS);
    assert.deepEqual(lost.table.rivals, {});
    assert.deepEqual(lost.misfits, [{ kind: "input", reason: "gone", id: "coins", label: "Coins given to the temple", name: "Neutral", value: "4" }]);
    assert.equal(readSnapshot({ ...snap, rivals: { neutral: { coins: { no: 1 } } } }), null, "a rival's entry of another shape");
  });
});

describe("damaged storage is set aside, never dropped", () => {
  const damaged = {
    "not JSON": "{oops",
    "JSON of another shape": JSON.stringify(["t1"]),
    "a table that does not decode": JSON.stringify({ v: 1, table: "<img src=x>", undo: [] }),
    "an undo list of the wrong kind": JSON.stringify({ v: 2, table: null, undo: {} }),
    "a snapshot of the wrong shape": JSON.stringify({ v: 2, table: { count: 2, names: ["a"], values: [], options: {}, table: {}, kinds: {} }, undo: [] }),
    "a snapshot with a hostile key": JSON.stringify({ v: 2, table: { count: 1, names: [""], values: [{ __proto__: "x" }], options: {}, table: {}, kinds: {} }, undo: [] }).replace('"values":[{}]', '"values":[{"__proto__":"1"}]'),
    "no version": JSON.stringify({ table: "t1;x", undo: [] }),
  };
  for (const [what, text] of Object.entries(damaged)) {
    test(`a kept table with ${what} is set aside, and said so`, () => {
      const storage = new MemoryStorage();
      storage.setItem(KEY, text);
      const s = store(storage);
      const keeper = new Keeper(s);
      assert.equal(keeper.current, null);
      assert.ok(s.damaged);
      assert.equal(storage.getItem(KEY), null);
      const [aside] = s.aside();
      const saved = JSON.parse(aside.file().text).saved.record;
      assert.deepEqual(saved, text.startsWith("{oops") ? text : JSON.parse(text));
      assert.equal(/** @type {any} */ ({}).polluted, undefined);
    });
  }

  test("an undo entry that does not decode leaves the table open, and the record aside", () => {
    const storage = new MemoryStorage();
    storage.setItem(KEY, JSON.stringify({ v: 1, table: table("1"), undo: [table("2"), "<script>"] }));
    const s = store(storage);
    const keeper = new Keeper(s);
    assert.equal(keeper.current, table("1"));
    assert.deepEqual(keeper.undoList, [table("2")]);
    assert.deepEqual(s.unfit, []);
    assert.deepEqual(s.aside()[0].misfits, [{ kind: "undo", reason: "format" }]);
  });

  test("only so many records are set aside", () => {
    const storage = new MemoryStorage();
    for (let n = 0; n < ASIDE_SIZE + 3; n++) {
      storage.setItem(KEY, `{oops ${n}`);
      new Keeper(store(storage));
    }
    const aside = store(storage).aside();
    assert.equal(aside.length, ASIDE_SIZE);
    assert.equal(JSON.parse(aside[0].file().text).saved.record, `{oops ${ASIDE_SIZE + 2}`, "the newest first");
    assert.equal(JSON.parse(store(storage).asideFile().text).saved.items.length, ASIDE_SIZE, "all in one file");
    assert.equal(store(storage).asideDropped(), 3, "the three oldest went, and the page can say so");
    assert.deepEqual(store(storage).dismiss(), [], "and all removed at once");
    assert.equal(store(storage).asideDropped(), 0, "once the reader cleared them, nothing more to say");
  });

  test("the count of records removed to make room survives removing one record", () => {
    const storage = new MemoryStorage();
    for (let n = 0; n < ASIDE_SIZE + 1; n++) {
      storage.setItem(KEY, `{oops ${n}`);
      new Keeper(store(storage));
    }
    const s = store(storage);
    assert.equal(s.asideDropped(), 1);
    s.dismiss(s.aside()[0].at);
    assert.equal(s.asideDropped(), 1);
  });

  test("set-aside records that cannot be read are kept, not written over by the next", () => {
    const storage = new MemoryStorage();
    storage.setItem("rulebook.aside.probe", "{not json");
    storage.setItem(KEY, "{oops");
    const s = store(storage);
    new Keeper(s);
    const aside = s.aside();
    assert.deepEqual(aside.map((x) => x.from), ["table", "aside"]);
    assert.equal(JSON.parse(aside[1].file().text).saved.record, "{not json");
  });

  test("a set-aside record nested thousands of levels deep is listed, never walked", () => {
    // String() of an array 5,000 levels deep throws a RangeError: the page listed such a
    // misfit's value with it, and the error went uncaught.
    const deep = "[".repeat(5000) + "]".repeat(5000);
    const deepObject = '{"a":'.repeat(5000) + "1" + "}".repeat(5000);
    const storage = new MemoryStorage();
    storage.setItem("rulebook.aside.probe", `{"v":2,"items":[{"at":1,"reason":"content","from":"table","misfits":[
      {"kind":"input","reason":"limit","id":"coins","value":${deep}},
      {"kind":"input","reason":"gone","id":${deep},"label":${deepObject},"name":"Ana","value":${deepObject}},
      {"kind":"nonsense","reason":"gone"}],"record":${deepObject}}]}`);
    const s = store(storage);
    const [item] = s.aside();
    assert.deepEqual(item.misfits, [
      { kind: "input", reason: "limit", id: "coins", value: "[…]" },
      { kind: "input", reason: "gone", name: "Ana", value: "{…}" },
    ]);
    for (const m of item.misfits) for (const v of Object.values(m)) assert.equal(typeof String(v), "string");
    assert.match(s.asideFile().text, /too deeply nested/);
    assert.match(item.file().text, /too deeply nested/);
  });
});

describe("the history of finished games", () => {
  const players = [{ name: "Ana", score: 74, rank: 1, winner: true }, { name: "Bo", score: 70, rank: 2, winner: false }];

  test("kept games come back newest first, once each", () => {
    const s = store();
    s.keep({ at: 1000, table: table("1"), players });
    s.keep({ at: 2000, table: table("2"), players });
    s.keep({ at: 3000, table: table("1"), players });
    assert.deepEqual(s.history().map((g) => g.at), [3000, 2000]);
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
    assert.deepEqual(s.forget(1).map((g) => g.at), [2]);
  });

  test("hostile names are kept as they are (they are shown as text)", () => {
    const s = store();
    for (const [k, name] of HOSTILE_NAMES.entries()) s.keep({ at: k, table: table(String(k)), players: [{ name, score: 1, rank: 1, winner: true }] });
    assert.deepEqual(s.history().map((g) => g.players[0].name).reverse(), HOSTILE_NAMES);
  });

  test("damaged entries are set aside, the rest kept, and it is said", () => {
    const storage = new MemoryStorage();
    const good = { at: 5, table: table("1"), players };
    const bad = [
      { at: 6, table: "<img src=x onerror=alert(1)>", players },
      { at: "soon", table: table("1"), players },
      { at: 1e300, table: table("1"), players },
      { at: 7, table: table("1"), players: [{ name: "\u202eevil", score: 1, rank: 1, winner: true }] },
      { at: 8, table: table("1"), players: [{ name: "Ana", score: "1", rank: 1, winner: true }] },
      { at: 9, table: table("1"), players: "Ana" },
      null,
      "t1;x",
    ];
    storage.setItem(HISTORY, JSON.stringify([good, ...bad]));
    const s = store(storage);
    assert.deepEqual(s.history().map((g) => [g.at, g.table]), [[5, table("1")]]);
    assert.ok(s.damaged);
    assert.equal(stored(storage, HISTORY).games.length, 1, "the history is cleaned up");
    const [aside] = s.aside();
    assert.equal(aside.from, "history");
    assert.deepEqual(JSON.parse(aside.file().text).saved.record, bad);
  });

  test("a history that is not a list is set aside", () => {
    const storage = new MemoryStorage();
    storage.setItem(HISTORY, "{\"__proto__\": {\"polluted\": true}}");
    const s = store(storage);
    assert.deepEqual(s.history(), []);
    assert.ok(s.damaged);
    assert.equal(s.aside().length, 1);
    assert.equal(/** @type {any} */ ({}).polluted, undefined);
  });
});

describe("the table being played: one set of players for setup and scoring", () => {
  const GAME_SETUP = { ...GAME, setup: { steps: [{ id: "board" }, { id: "deal" }] } };
  const CURRENT = "rulebook.current.probe";

  test("names kept by the setup page seat the calculator's table, entries kept", () => {
    const storage = new MemoryStorage();
    store(storage).save(table("7", ["Ana", "Bo"]), []);
    keepPlayers(GAME, ["Cy", "", "Dee"], storage);
    const opened = decodeTable(GAME, /** @type {string} */ (store(storage).load().table), DEFAULTS);
    assert.equal(opened?.count, 3);
    assert.deepEqual(opened?.names, ["Cy", "Player 2", "Dee"]);
    assert.equal(opened?.values[0].coins, "7", "the first seat keeps its entries");
  });

  test("a calculator opened first time shows the table's players", () => {
    const storage = new MemoryStorage();
    keepPlayers(GAME, ["Ana", "Bo", "Cy", "Dee"], storage);
    const opened = decodeTable(GAME, /** @type {string} */ (store(storage).load().table), DEFAULTS);
    assert.deepEqual(opened?.names, ["Ana", "Bo", "Cy", "Dee"]);
  });

  test("names changed in the calculator go back to the table (and to the setup page)", () => {
    const storage = new MemoryStorage();
    keepSetup(GAME_SETUP, ["Ana", "Bo"], { seed: "s", options: {}, ticked: ["board"] }, storage);
    store(storage).save(table("1", ["Ana", "Bea"]), []);
    const now = currentTable(GAME_SETUP, storage);
    assert.deepEqual(now.players, ["Ana", "Bea"]);
    assert.deepEqual(now.setup?.ticked, ["board"], "the same number of players keeps the setup and its ticks");
    keepPlayers(GAME_SETUP, ["Ana", "Bea", "Cy"], storage);
    assert.equal(currentTable(GAME_SETUP, storage).setup, null, "another number of players: the setup no longer fits");
  });

  test("what does not fit the game is not read: hostile, damaged or out of range", () => {
    for (const bad of [
      "{",
      JSON.stringify({ v: 1, players: ["A"] }),
      JSON.stringify({ v: 1, players: Array(9).fill("A") }),
      JSON.stringify({ v: 1, players: ["A", "B\u202e"] }),
      JSON.stringify({ v: 99, players: ["A", "B"] }),
      JSON.stringify({ v: 1, players: "AB" }),
    ]) {
      const storage = new MemoryStorage();
      storage.setItem(CURRENT, bad);
      assert.deepEqual(currentTable(GAME, storage), { players: null, setup: null }, bad);
    }
    const storage = new MemoryStorage();
    storage.setItem(CURRENT, JSON.stringify({ v: 1, players: ["A", "B"], setup: { seed: "s", options: {}, ticked: ["nope"] } }));
    assert.deepEqual(currentTable(GAME_SETUP, storage), { players: ["A", "B"], setup: null }, "a tick of no step");
    for (const name of HOSTILE_NAMES) {
      const kept = new MemoryStorage();
      keepPlayers(GAME, [name, "B"], kept);
      const players = currentTable(GAME, kept).players;
      assert.ok(players == null || players.every((n) => typeof n === "string" && n.length <= 40));
    }
  });
});
