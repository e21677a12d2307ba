// A table input of ``kind: count`` (a value printed on the board) is a number everywhere the
// calculator holds a table: the form's field, the end state it sends, the link, storage and
// the history (issue 33: it was a menu with no choices, showing only "— not chosen —").
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { GAME, tool } from "./tools.mjs";

const F = await tool("fields");
const S = await tool("share");
const T = await tool("snapshot");
const DEFAULTS = ["Player 1", "Player 2", "Player 3", "Player 4", "Player 5"];

/** The probe game with a count beside its choice: a city's size, from 0 to 30. */
const SIZE = { id: "city_size", kind: "count", label: "City size", min: 0, max: 30, choices: [] };
const COUNTED = { ...GAME, scoring: { ...GAME.scoring, table: [...GAME.scoring.table, SIZE] } };
const TILE = COUNTED.scoring.table[0];
const everyChoice = () => true;

/** A table of the probe game with the tile and the city's size entered. @param {string | null} size */
const tableWith = (size) => ({
  count: 2,
  names: ["Olena", "Bo"],
  values: [{ coins: "5" }, { coins: "3" }],
  options: { expansion: false, reading: "strict" },
  table: { tile: "south", city_size: size },
  rivals: {},
});

describe("a count table input", () => {
  test("is drawn as a number field from its min to its max, a choice as a menu", () => {
    assert.deepEqual(F.tableField(SIZE, "12", everyChoice), { control: "number", min: 0, max: 30, value: "12" });
    assert.deepEqual(F.tableField(SIZE, null, everyChoice), { control: "number", min: 0, max: 30, value: "" });
    assert.deepEqual(F.tableField(TILE, "south", (/** @type {any} */ c) => c.id !== "north"), {
      control: "menu",
      choices: [{ id: "south", label: "South", selected: true }],
    });
  });

  test("goes into the end state as a number; text that is not one stays text for its problem", () => {
    assert.deepEqual(F.tableState(COUNTED, { tile: "south", city_size: " 12 " }), { tile: "south", city_size: 12 });
    assert.deepEqual(F.tableState(COUNTED, { tile: null, city_size: "" }), {});
    // What the form's `when` tests read: an empty count at its least, as the runtime fills it.
    assert.deepEqual(F.tableState({ ...COUNTED, scoring: { ...COUNTED.scoring, table: [{ ...SIZE, min: 2 }] } }, { city_size: null }, true), { city_size: 2 });
    assert.deepEqual(F.tableState(COUNTED, { tile: "north", city_size: "1e3" }), { tile: "north", city_size: "1e3" });
  });

  test("goes into a link and back", () => {
    const text = S.encodeTable(COUNTED, tableWith("12"), DEFAULTS);
    assert.match(text, /^t1;[0-9a-z]+;0,strict;south,12;Olena,5;Bo,3$/);
    assert.deepEqual(S.decodeTable(COUNTED, text, DEFAULTS), tableWith("12"));
    // Not a number: the link is not one this game wrote.
    assert.equal(S.decodeTable(COUNTED, text.replace("south,12", "south,north"), DEFAULTS), null);
  });

  test("is kept in storage and comes back; a number past its max stays and is listed", () => {
    const kept = T.fit(COUNTED, T.snapshot(COUNTED, tableWith("12"), DEFAULTS), DEFAULTS);
    assert.deepEqual(kept, { table: tableWith("12"), misfits: [] });
    const over = T.fit(COUNTED, T.snapshot(COUNTED, tableWith("31"), DEFAULTS), DEFAULTS);
    assert.equal(over.table.table.city_size, "31");
    assert.deepEqual(over.misfits, [{ kind: "table", reason: "limit", id: "city_size", value: "31" }]);
    const wrong = T.fit(COUNTED, { ...T.snapshot(COUNTED, tableWith("12"), DEFAULTS), table: { city_size: "north" } }, DEFAULTS);
    assert.equal(wrong.table.table.city_size, null);
    assert.deepEqual(wrong.misfits, [{ kind: "table", reason: "kind", id: "city_size", value: "north" }]);
  });

  test("a kept game reopens with its number (the history keeps the link's text)", () => {
    const text = S.encodeTable(COUNTED, tableWith("7"), DEFAULTS);
    assert.equal(S.decodeTable(COUNTED, text, DEFAULTS)?.table.city_size, "7");
  });

  test("a change redraws the form only when a `when` reads it", () => {
    assert.equal(F.whenReadsTable(COUNTED, "city_size"), false);
    const read = { ...COUNTED, scoring: { ...COUNTED.scoring, inputs: [...COUNTED.scoring.inputs, { id: "walls", kind: "count", label: "Walls", when: { ge: [{ table: "city_size" }, 3] } }] } };
    assert.equal(F.whenReadsTable(read, "city_size"), true);
  });
});
