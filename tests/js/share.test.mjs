// share.js: tables and setup requests to fragment text and back, and what it refuses.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { GAME, HOSTILE_NAMES, tool } from "./tools.mjs";

const S = await tool("share");
const DEFAULTS = ["Player 1", "Player 2", "Player 3", "Player 4", "Player 5"];

/** A full table, every input kind filled for the first player. */
const TABLE = {
  count: 3,
  names: ["Olena", "Player 2", "Bo"],
  values: [
    { coins: "5", relic: true, traveller: "kinko", arrival: "2", pile: "1 2  3", souvenirs: "07" },
    { coins: "", relic: false, souvenirs: "3" },
    { arrival: "1" },
  ],
  options: { expansion: true, reading: "loose" },
  table: { tile: "south" },
};

describe("tables", () => {
  test("a table goes to text and back, the same", () => {
    const text = S.encodeTable(GAME, TABLE, DEFAULTS);
    assert.match(text, /^t1;[0-9a-z]+;1,loose;south;Olena,5,1,kinko,2,1\+2\+3,07;,,,,,,3;Bo,,,,1$/);
    const back = S.decodeTable(GAME, text, DEFAULTS);
    assert.deepEqual(back, {
      count: 3,
      names: ["Olena", "Player 2", "Bo"],
      values: [
        { coins: "5", relic: true, traveller: "kinko", arrival: "2", pile: "1 2 3", souvenirs: "07" },
        { souvenirs: "3" },
        { arrival: "1" },
      ],
      options: { expansion: true, reading: "loose" },
      table: { tile: "south" },
      rivals: {},
    });
    assert.equal(S.encodeTable(GAME, back, DEFAULTS), text, "encoding is canonical");
  });

  // A game with a rival at the table (Tokaido's neutral traveller, Viticulture's Automa).
  const RIVALS = { ...GAME, scoring: { ...GAME.scoring, rivals: [{ id: "neutral", label: "Neutral", inputs: ["coins", "relic"] }] } };

  test("a rival's entries go to text and back (t2), and a table without them stays t1", () => {
    const withRival = { ...TABLE, rivals: { neutral: { coins: "3" } } };
    const text = S.encodeTable(RIVALS, withRival, DEFAULTS);
    assert.match(text, /^t2;.*;Bo,,,,1;@neutral,3$/);
    const back = S.decodeTable(RIVALS, text, DEFAULTS);
    assert.deepEqual(back?.rivals, { neutral: { coins: "3" } });
    assert.deepEqual(back?.values, S.decodeTable(GAME, S.encodeTable(GAME, TABLE, DEFAULTS), DEFAULTS)?.values);
    assert.equal(S.encodeTable(RIVALS, back, DEFAULTS), text, "encoding is canonical");
    const none = S.encodeTable(RIVALS, { ...TABLE, rivals: { neutral: { coins: "" } } }, DEFAULTS);
    assert.match(none, /^t1;/);
    assert.equal(none, S.encodeTable(RIVALS, TABLE, DEFAULTS), "no entry, no segment");
    assert.deepEqual(S.decodeTable(RIVALS, none, DEFAULTS)?.rivals, {});
  });

  test("rival segments that this game would not write are refused", () => {
    const text = S.encodeTable(RIVALS, { ...TABLE, rivals: { neutral: { coins: "3" } } }, DEFAULTS);
    const head = text.slice(0, text.lastIndexOf(";"));
    for (const [bad, why] of [
      [text.replace(/^t2/, "t1"), "a t1 table has no rivals"],
      [head + ";@neutral,3;Ana", "a player after a rival"],
      [head + ";@ghost,1", "a rival the game does not have"],
      [head + ";@neutral,3;@neutral,4", "the same rival twice"],
      [head + ";@neutral,x", "a value its input cannot hold"],
      [head + ";@neutral,1,1,1", "more values than its inputs"],
      [head + ";@neutral", "a rival with nothing entered"],
      [head, "a t2 table without rivals"],
    ]) assert.equal(S.decodeTable(RIVALS, bad, DEFAULTS), null, why);
  });

  test("a default name comes back in the reader's language", () => {
    const text = S.encodeTable(GAME, TABLE, DEFAULTS);
    const french = ["Joueur 1", "Joueur 2", "Joueur 3"];
    assert.deepEqual(S.decodeTable(GAME, text, french)?.names, ["Olena", "Joueur 2", "Bo"]);
  });

  test("values the form could not send are left out", () => {
    const table = { ...TABLE, count: 2, values: [{ coins: "12abc", pile: "1 x 3", arrival: "3", traveller: "nobody" }, { coins: " 4 " }] };
    const text = S.encodeTable(GAME, table, DEFAULTS);
    assert.deepEqual(S.decodeTable(GAME, text, DEFAULTS)?.values, [{}, { coins: "4" }]);
  });

  test("hostile names survive as text, and only as text", () => {
    for (const name of HOSTILE_NAMES) {
      const table = { ...TABLE, count: 2, names: [name, "x"] };
      const text = S.encodeTable(GAME, table, DEFAULTS);
      assert.doesNotMatch(text, /[<>"` #&=\\]/, "nothing in the fragment needs escaping again");
      assert.equal(text.split(";").length, 6);
      assert.equal(S.decodeTable(GAME, text, DEFAULTS)?.names[0], name);
    }
  });

  test("control and direction characters are taken out of names, which are cut at 40", () => {
    assert.equal(S.cleanName(" \u202eevil\u0000 name\u2066 "), "evil name");
    assert.equal(S.cleanName("x".repeat(50)).length, 40);
    assert.equal([...S.cleanName("🎲".repeat(50))].length, 40, "characters, not UTF-16 units");
  });

  const refused = {
    "empty": "",
    "another version": "t2;x;0,strict;;A;B",
    "a setup": "s1;x;0,strict;seed;A;B",
    "markup": "<script>alert(1)</script>",
    "a wrong fingerprint": "t1;zzz;0,strict;;A;B",
    "too few players": null,
    "too many players": null,
    "an unknown option value": null,
    "a missing option": null,
    "an unknown table choice": null,
    "an unknown traveller": null,
    "a flag that is not 1": null,
    "a count that is not a number": null,
    "a place past the last player": null,
    "more values than inputs": null,
    "a broken escape": null,
    "a name with a control character": null,
    "a name too long": null,
    "too long a text": null,
  };
  const ok = S.encodeTable(GAME, { ...TABLE, count: 2, names: ["A", "B"], values: [{}, {}] }, DEFAULTS);
  const [, print] = ok.split(";");
  const make = (/** @type {string[]} */ parts) => ["t1", print, ...parts].join(";");
  Object.assign(refused, {
    "too few players": make(["0,strict", "", "A"]),
    "too many players": make(["0,strict", "", "A", "B", "C", "D", "E", "F"]),
    "an unknown option value": make(["0,free", "", "A", "B"]),
    "a missing option": make(["0", "", "A", "B"]),
    "an unknown table choice": make(["0,strict", "east", "A", "B"]),
    "an unknown traveller": make(["0,strict", "", "A,,,ghost", "B"]),
    "a flag that is not 1": make(["0,strict", "", "A,,true", "B"]),
    "a count that is not a number": make(["0,strict", "", "A,1e3", "B"]),
    "a place past the last player": make(["0,strict", "", "A,,,,3", "B"]),
    "more values than inputs": make(["0,strict", "", "A,1,,,,,,,,", "B"]),
    "a broken escape": make(["0,strict", "", "A%E0%A4%A", "B"]),
    "a name with a control character": make(["0,strict", "", "A%00", "B"]),
    "a name too long": make(["0,strict", "", "x".repeat(41), "B"]),
    "too long a text": make(["0,strict", "", "A", `B,${"1".repeat(7000)}`]),
  });
  for (const [what, text] of Object.entries(refused)) {
    test(`refuses ${what}`, () => assert.equal(S.decodeTable(GAME, /** @type {string} */ (text), DEFAULTS), null));
  }

  test("refuses what is not text at all", () => {
    for (const value of [null, undefined, 42, {}, ["t1"]]) assert.equal(S.decodeTable(GAME, /** @type {any} */ (value), DEFAULTS), null);
  });

  test("the fingerprint follows the declared inputs", () => {
    const other = { ...GAME, scoring: { ...GAME.scoring, inputs: GAME.scoring.inputs.slice(1) } };
    assert.notEqual(S.fingerprint(GAME, "t"), S.fingerprint(other, "t"));
    assert.equal(S.fingerprint(GAME, "s"), S.fingerprint(other, "s"), "a setup does not depend on inputs");
    assert.equal(S.decodeTable(other, ok, DEFAULTS), null);
  });

  test("only our fragments are ours", () => {
    assert.ok(S.isShared("t1;abc"));
    assert.ok(S.isShared("s3;abc"));
    for (const anchor of ["rb-calculator", "t1", "", "category-temple"]) assert.ok(!S.isShared(anchor));
  });
});

describe("setup requests", () => {
  const request = { players: 3, names: ["Ana", "Player 2", "Cy;,+"], options: { expansion: true, reading: "strict" }, seed: "a b;c" };

  test("a request goes to text and back", () => {
    const text = S.encodeSetup(GAME, request, DEFAULTS);
    assert.match(text, /^s2;[0-9a-z]+;1,strict;a\+b%3Bc;;Ana;;Cy%3B%2C%2B$/);
    assert.deepEqual(S.decodeSetup(GAME, text, DEFAULTS), { ...request, ticked: [] });
  });

  // The steps ticked at the table travel with the link, by their ids.
  const WITH_STEPS = { ...GAME, setup: { steps: [{ id: "board" }, { id: "deal_hands" }, { id: "passes" }] } };

  test("the ticked steps go with the request", () => {
    const ticked = { ...request, ticked: ["board", "passes"] };
    const text = S.encodeSetup(WITH_STEPS, ticked, DEFAULTS);
    assert.match(text, /^s2;[0-9a-z]+;1,strict;a\+b%3Bc;board\.passes;Ana;/);
    assert.deepEqual(S.decodeSetup(WITH_STEPS, text, DEFAULTS), ticked);
  });

  test("an older link without ticks still opens; a tick of no step is refused", () => {
    const text = S.encodeSetup(WITH_STEPS, request, DEFAULTS);
    const [, print] = text.split(";");
    assert.deepEqual(S.decodeSetup(WITH_STEPS, `s1;${print};1,strict;seed;A;B`, DEFAULTS)?.ticked, []);
    assert.equal(S.decodeSetup(WITH_STEPS, `s2;${print};1,strict;seed;board.nope;A;B`, DEFAULTS), null);
    assert.equal(S.decodeSetup(WITH_STEPS, `s2;${print};1,strict;seed;<b>;A;B`, DEFAULTS), null);
  });

  test("refuses what it did not write", () => {
    const text = S.encodeSetup(GAME, request, DEFAULTS);
    const [, print] = text.split(";");
    for (const bad of [
      "s1;" + print + ";1,strict;seed;A",
      "s1;" + print + ";1;seed;A;B",
      "s1;" + print + ";1,strict;%E0;A;B",
      "s1;nope;1,strict;seed;A;B",
      "t1;" + print + ";1,strict;seed;A;B",
      "s1;" + print + ";1,strict;seed;A%0A;B",
    ]) {
      assert.equal(S.decodeSetup(GAME, bad, DEFAULTS), null, bad);
    }
  });
});
