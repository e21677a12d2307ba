// rows.js: a rows input's form text (rows "~", numbers ".", blank "_"), the end state's records
// made from it, and the text carried by links (share.js) and storage (store.js).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { GAME, tool } from "./tools.mjs";

const R = await tool("rows");
const S = await tool("share");

const ROADS = {
  id: "roads",
  kind: "rows",
  label: "Open roads",
  max_rows: 3,
  fields: [
    { id: "size", label: "Size", min: 1, max: 9 },
    { id: "mine", label: "Your followers", max: 3 },
  ],
};
/** The tools' game with a rows input after its other inputs. */
const ROWS_GAME = { ...GAME, scoring: { ...GAME.scoring, inputs: [...GAME.scoring.inputs, ROADS] } };
const DEFAULTS = ["Player 1", "Player 2", "Player 3"];

describe("the form's text of a rows input", () => {
  test("rows and blanks go to text and back", () => {
    const rows = [["4", "1"], ["", "2"], ["", ""]];
    const text = R.rowsText(rows);
    assert.equal(text, "4.1~_.2~_._");
    assert.deepEqual(R.parseRows(ROADS, text), rows);
    assert.deepEqual(R.parseRows(ROADS, ""), [], "no rows");
    assert.deepEqual(R.parseRows(ROADS, undefined), []);
    assert.equal(R.blankRows("_._~_._"), true, "rows added, nothing entered");
    assert.equal(R.blankRows("_.2"), false);
    assert.equal(R.blankRows(""), false);
  });

  test("the end state holds numbers, leaves blanks out and keeps other text for the checks", () => {
    assert.deepEqual(R.rowsValue(ROADS, "4.1~_.2~x.-1"), [{ size: 4, mine: 1 }, { mine: 2 }, { size: "x", mine: -1 }]);
    assert.deepEqual(R.rowsValue(ROADS, ""), []);
  });

  test("only a text this input could hold is carried; bounds are checked for storage", () => {
    assert.equal(R.rowsOut(ROADS, "4.1~_.2"), "4.1~_.2");
    assert.equal(R.rowsOut(ROADS, "4.1.0"), "", "a number too many");
    assert.equal(R.rowsOut(ROADS, "4.1~1.1~1.1~1.1"), "", "more rows than allowed");
    assert.equal(R.rowsOut(ROADS, "4.x"), "", "not a number");
    assert.equal(R.rowsOut(ROADS, 7), "");
    assert.equal(R.rowsWithin(ROADS, "4.1~9.3"), true);
    assert.equal(R.rowsWithin(ROADS, "10.1"), false);
    assert.equal(R.rowsWithin(ROADS, "0._"), false, "below a field's min");
  });
});

describe("links", () => {
  test("a table with rows goes to text and back, the same", () => {
    const table = {
      count: 2,
      names: ["Olena", "Player 2"],
      values: [{ coins: "5", roads: "4.1~_.2" }, { roads: "" }],
      options: { expansion: false, reading: "strict" },
      table: { tile: null },
    };
    const text = S.encodeTable(ROWS_GAME, table, DEFAULTS);
    assert.match(text, /;Olena,5,,,,,,4\.1~_\.2;$/);
    const back = S.decodeTable(ROWS_GAME, text, DEFAULTS);
    assert.deepEqual(back?.values, [{ coins: "5", roads: "4.1~_.2" }, {}]);
    assert.equal(S.encodeTable(ROWS_GAME, back, DEFAULTS), text, "encoding is canonical");
  });

  test("a link with rows this input cannot hold is refused, not misread", () => {
    const text = S.encodeTable(ROWS_GAME, { count: 2, names: DEFAULTS, values: [{ roads: "4.1" }, {}], options: {}, table: {} }, DEFAULTS);
    for (const bad of ["4.1.1", "4~1", "1.1~1.1~1.1~1.1", "<b>.1"]) {
      assert.equal(S.decodeTable(ROWS_GAME, text.replace("4.1", bad), DEFAULTS), null, bad);
    }
  });
});

describe("where a problem points", () => {
  /** A stand-in for a control with data attributes. @param {Record<string, string>} attrs */
  const control = (attrs) => ({ hasAttribute: (/** @type {string} */ k) => k in attrs, getAttribute: (/** @type {string} */ k) => attrs[k] ?? null });
  const controls = [
    control({ "data-row-index": "0", "data-row-field": "size" }),
    control({ "data-row-index": "0", "data-row-field": "mine" }),
    control({ "data-row-index": "1", "data-row-field": "size" }),
    control({ "data-rows-add": "" }),
  ];

  test("a row's number, a whole row, or the add button for the list itself", () => {
    // @ts-ignore: stand-ins for elements
    assert.deepEqual(R.rowTargets(controls, [1, "size"]), [controls[2]]);
    // @ts-ignore
    assert.deepEqual(R.rowTargets(controls, [0]), controls.slice(0, 2));
    // @ts-ignore
    assert.deepEqual(R.rowTargets(controls, []), controls);
    // @ts-ignore
    assert.deepEqual(R.rowTargets(controls, [7, "size"]), [controls[3]]);
  });
});

describe("a problem's place in words", () => {
  test("the player, the list, the row and its number, as the command line says them", async () => {
    const { Words } = await tool("kit");
    const { ProblemWords } = await tool("problems");
    const { ISLAND } = await import("./tools.mjs");
    const words = new Words({ ...ISLAND, ui: { ...ISLAND.ui, calc_row: "Row {n}" } });
    const said = new ProblemWords(ROWS_GAME, words, ["Ana", "Bo"]);
    assert.equal(said.where({ loc: ["players", 1, "roads", 3, "size"], code: "above_max", params: { max: 9 }, severity: "error" }), "Bo, Open roads, Row 4, Size");
    assert.equal(said.where({ loc: ["players", 0, "roads", 0], code: "object_type", params: {}, severity: "error" }), "Ana, Open roads, Row 1");
    assert.equal(said.where({ loc: ["players", 0, "roads"], code: "too_long", params: { count: 3 }, severity: "error" }), "Ana, Open roads");
  });
});

// Rows the table shares: each row's own numbers, then one number per player.
const SHARED = {
  id: "shared",
  kind: "rows",
  label: "Shared roads",
  max_rows: 2,
  fields: [{ id: "size", label: "Size", min: 1, max: 9 }],
  per_player: [
    { id: "followers", label: "Followers", max: 5, default: 0 },
    { id: "towers", label: "Towers", max: 2 },
  ],
};

describe("rows the table shares", () => {
  test("the control draws each per-player field once per player, named", () => {
    const flat = R.sharedSpec(SHARED, ["Ana", "Bo"]);
    assert.deepEqual(flat.fields.map((/** @type {any} */ f) => f.id), ["size", "followers@0", "towers@0", "followers@1", "towers@1"]);
    assert.deepEqual(flat.fields.slice(1).map((/** @type {any} */ f) => f.who), ["Ana", "Ana", "Bo", "Bo"]);
  });

  test("a blank is its default, or leaves the number or the list missing", () => {
    assert.deepEqual(R.sharedValue(SHARED, "4.2.1._.0", 2), [{ size: 4, followers: [2, 0], towers: [1, 0] }]);
    // Bo's towers blank without a default: the towers list is missing; a blank size too.
    assert.deepEqual(R.sharedValue(SHARED, "_.1.1.1._", 2), [{ followers: [1, 1] }]);
    // Text that is no whole number goes in as text, for the runtime to report.
    assert.deepEqual(R.sharedValue(SHARED, "x.1.1.1.1", 2), [{ size: "x", followers: [1, 1], towers: [1, 1] }]);
    // Fewer cells than the players (a player sat down): theirs are blank.
    assert.deepEqual(R.sharedValue(SHARED, "3.1.1", 2), [{ size: 3, followers: [1, 0] }]);
  });

  test("links and storage keep only text these rows could hold", () => {
    assert.equal(R.sharedOut(SHARED, "4.2.1._.0~3.1.1.1.1"), "4.2.1._.0~3.1.1.1.1");
    assert.equal(R.sharedOut(SHARED, "4.2.1._"), undefined, "a player's numbers cut short");
    assert.equal(R.sharedOut(SHARED, "4.2.1~3.1.1~5.1.1"), undefined, "more rows than allowed");
    assert.equal(R.sharedOut(SHARED, "4.a.1"), undefined);
    assert.equal(S.tableValue(SHARED, "4.2.1"), "4.2.1");
  });
});
