// The browser's stored state, fuzzed: tables saved with an older version of a real game's
// content reopen with nothing lost, and corrupted local storage never breaks the calculator.
//
// Run by tests/fuzz/test_stored_state_fuzz.py, which writes RULEBOOK_STORED_FIXTURE: for some
// real games, the export (``current``) and the same export as an earlier content version had
// it (``older``: an input and an option more, a choice under another id, a looser limit, an
// input of another kind, one seat more).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { MemoryStorage } from "../js/memory-storage.mjs";
import { HOSTILE_NAMES, tool } from "../js/tools.mjs";

const { Keeper, Store } = await tool("store");
const { ASIDE_SIZE } = await tool("aside");
const { STORAGE_VERSION } = await tool("storage");
const { decodeTable, encodeTable, formValue } = await tool("share");
const { SeededRandom } = await tool("rng");

const { games, rounds } = JSON.parse(readFileSync(/** @type {string} */ (process.env.RULEBOOK_STORED_FIXTURE), "utf8"));
const DEFAULTS = Array.from({ length: 12 }, (_, i) => `Player ${i + 1}`);

/** @param {SeededRandom} rng @param {any[]} items */
const pick = (rng, items) => items[rng.below(items.length)];

/** A random table of the older content, every input kind filled now and then. @param {any} older @param {SeededRandom} rng */
function olderTable(older, rng) {
  const count = older.players.min + rng.below(older.players.max - older.players.min + 1);
  const s = older.scoring;
  const values = Array.from({ length: count }, () => {
    /** @type {Record<string, any>} */
    const row = {};
    for (const spec of s.inputs) {
      if (rng.below(3) === 0) continue;
      const most = older.limits?.[spec.id]?.max ?? spec.max ?? 20;
      if (spec.kind === "count") row[spec.id] = String(rng.below(most + 1));
      else if (spec.kind === "flag") row[spec.id] = true;
      else if (spec.kind === "choice") row[spec.id] = pick(rng, spec.choices).id;
      else if (spec.kind === "position") row[spec.id] = String(1 + rng.below(count));
      else if (spec.kind === "sequence") row[spec.id] = Array.from({ length: 1 + rng.below(4) }, () => String(spec.item_min + rng.below(spec.item_max - spec.item_min + 1))).join(" ");
    }
    return row;
  });
  const names = Array.from({ length: count }, (_, i) => (rng.below(3) ? DEFAULTS[i] : pick(rng, HOSTILE_NAMES)));
  const options = Object.fromEntries(s.options.map((/** @type {any} */ o) => [o.id, o.kind === "flag" ? rng.below(2) === 1 : pick(rng, o.choices).id]));
  const table = Object.fromEntries((s.table ?? []).map((/** @type {any} */ t) => [t.id, rng.below(2) ? pick(rng, t.choices).id : null]));
  return { count, names, values, options, table };
}

// -- corrupted storage ------------------------------------------------------------------------

/** Corrupt values of the three keys, made from valid ones and from nothing. @param {SeededRandom} rng @param {string[]} valid */
function corrupted(rng, valid) {
  const base = pick(rng, valid);
  const json = () => JSON.parse(base);
  /** @type {(() => string)[]} */
  const makers = [
    () => base.slice(0, rng.below(base.length)),
    () => base.replace(/[0-9]/g, () => String(rng.below(10))),
    () => base.replace(/"v":\d+/, `"v":${pick(rng, [0, -1, 1.5, 3, 1e308, '"2"', "null"])}`),
    () => base.replace(/true|false/, () => pick(rng, ["1", '"true"', "null", "[]"])),
    () => base.replace(/"[a-z_]+":/, () => pick(rng, ['"__proto__":', '"constructor":', '"":', '"toString":'])),
    () => base.replace(/\[/, pick(rng, ["[[[[", "[{}", "[null,"])) ,
    () => JSON.stringify(pick(rng, [null, 0, "", [], {}, "t1;x", [null], { v: 2 }, { v: 2, items: [{}] }, { v: 2, games: [1] }])),
    () => JSON.stringify({ ...json(), table: pick(rng, [null, 1, "x", [], { count: 1e9 }]) }),
    () => JSON.stringify({ ...json(), undo: Array(rng.below(3) ? 40 : 3).fill(pick(rng, [null, "t1;", 7, {}])) }),
    () => "[".repeat(50_000) + "]".repeat(50_000),
    () => `"${"x".repeat(300_000)}"`,
    () => String.fromCharCode(...Array.from({ length: 40 }, () => rng.below(0x3000))),
  ];
  return pick(rng, makers)();
}

for (const { current, older } of games) {
  const GAME = current.game;
  const KEYS = [`rulebook.table.${GAME}`, `rulebook.history.${GAME}`, `rulebook.aside.${GAME}`];

describe(`${GAME}: tables saved with an older version of the content`, () => {
  test("reopen with everything either in the table or listed, and the record kept aside", () => {
    const rng = new SeededRandom("older content");
    let withMisfits = 0;
    for (let round = 0; round < rounds; round++) {
      const storage = new MemoryStorage();
      const saved = olderTable(older, rng);
      const text = encodeTable(older, saved, DEFAULTS);
      const back = decodeTable(older, text, DEFAULTS);
      assert.ok(back, "the older table encodes");
      new Keeper(new Store(storage, older, DEFAULTS)).change(text);
      const stored = JSON.parse(/** @type {string} */ (storage.getItem(KEYS[0])));

      const store = new Store(storage, current, DEFAULTS);
      const keeper = new Keeper(store);
      const opened = decodeTable(current, /** @type {string} */ (keeper.current), DEFAULTS);
      assert.ok(opened, "what fits opens");
      const listed = (/** @type {number} */ player, /** @type {string} */ id) =>
        store.unfit.some((m) => (m.kind === "input" && m.player === player && m.id === id) || (m.kind === "player" && m.player === player));
      for (const [player, row] of back.values.entries()) {
        for (const [id, value] of Object.entries(row)) {
          const spec = current.scoring.inputs.find((/** @type {any} */ x) => x.id === id);
          const kept = player < opened.count && spec && opened.values[player][id] === formValue(spec, value, opened.count);
          assert.ok(kept || listed(player, id), `player ${player}'s ${id} = ${value} was lost`);
        }
      }
      for (const [id, value] of Object.entries(back.options)) {
        const kept = Object.hasOwn(opened.options, id) && opened.options[id] === value;
        const gone = store.unfit.some((m) => m.kind === "option" && m.id === id);
        assert.ok(kept || gone || value === false, `option ${id} = ${value} was lost`);
      }
      if (store.unfit.some((m) => m.reason !== "limit")) {
        withMisfits++;
        const [aside] = store.aside();
        assert.deepEqual(JSON.parse(aside.file().text).saved.record, stored, "the whole record, downloadable");
      } else {
        assert.deepEqual(store.aside(), []);
      }
      // The next page opens the same table and sets nothing more aside; only values past a
      // limit are still listed (they stay in the table, for the form to flag).
      const again = new Store(storage, current, DEFAULTS);
      assert.equal(new Keeper(again).current, keeper.current);
      assert.deepEqual(again.unfit, store.unfit.filter((m) => m.reason === "limit"));
      assert.equal(again.aside().length, store.aside().length);
    }
    assert.ok(withMisfits > rounds / 4, `only ${withMisfits} of ${rounds} tables met a change`);
  });

  test("kept games of the older content stay in the history, fitted", () => {
    const rng = new SeededRandom("older history");
    const storage = new MemoryStorage();
    const old = new Store(storage, older, DEFAULTS);
    for (let at = 1; at <= 20; at++) {
      const t = olderTable(older, rng);
      old.keep({ at, table: encodeTable(older, t, DEFAULTS), players: [{ name: "Ana", score: at, rank: 1, winner: true }] });
    }
    const kept = old.history().length;
    const history = new Store(storage, current, DEFAULTS).history();
    assert.equal(history.length, kept);
    for (const entry of history) assert.ok(entry.table && decodeTable(current, entry.table, DEFAULTS), "each reopens");
  });
});

describe(`${GAME}: corrupted local storage`, () => {
  test("never breaks the calculator, never pollutes, always settles", () => {
    const rng = new SeededRandom("corrupt");
    // Valid records to start from: a table with Undo, a history, a set-aside record.
    const seed = new MemoryStorage();
    const older0 = new Store(seed, older, DEFAULTS);
    const keeper = new Keeper(older0);
    for (let n = 0; n < 3; n++) keeper.change(encodeTable(older, olderTable(older, rng), DEFAULTS));
    older0.keep({ at: 5, table: /** @type {string} */ (keeper.current), players: [{ name: "Ana", score: 1, rank: 1, winner: true }] });
    new Keeper(new Store(seed, current, DEFAULTS));
    const valid = KEYS.map((k) => seed.getItem(k)).filter((x) => x != null);
    assert.equal(valid.length, 3, "a table, a history and a set-aside record to corrupt");

    for (let round = 0; round < rounds * 3; round++) {
      const storage = new MemoryStorage();
      for (const key of KEYS) if (rng.below(2)) storage.setItem(key, corrupted(rng, /** @type {string[]} */ (valid)));
      const store = new Store(storage, current, DEFAULTS);
      const opened = new Keeper(store);
      assert.ok(opened.current == null || decodeTable(current, opened.current, DEFAULTS), "what opens is a table");
      for (const entry of store.history()) assert.ok(entry.table == null || decodeTable(current, entry.table, DEFAULTS));
      const aside = store.aside();
      assert.ok(aside.length <= ASIDE_SIZE);
      for (const item of aside) assert.equal(JSON.parse(item.file().text).storage, STORAGE_VERSION);
      assert.equal(/** @type {any} */ ({}).polluted, undefined);
      assert.equal(Object.prototype.toString.call({}), "[object Object]");
      // Whatever was there, the next page finds storage it wrote itself: nothing new to set aside.
      const again = new Store(storage, current, DEFAULTS);
      new Keeper(again);
      again.history();
      assert.ok(!again.damaged, `round ${round}: still damaged after one page`);
      assert.equal(again.aside().length, aside.length);
    }
  });
});
}
