// explain.js and chart.js: a sentence per awarded line and per place, the chart of each
// player's breakdown; kit.js's words (plural rules, lists, numbers).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { FakeElement, installDom, serialize } from "./dom.mjs";
import { GAME, HOSTILE_NAMES, ISLAND, tool } from "./tools.mjs";

const { explain, reason, firstDifference, unscored, verdict, labelList, entered } = await tool("explain");
const { chart, segments } = await tool("chart");
const { Words, fillIn } = await tool("kit");
installDom();

const w = new Words(ISLAND);

/** A player of a result, as score() gives it. @param {Record<string, any>} fields */
const player = (fields) => ({
  total: 0, key: null, breakdown: {}, rank: 1, winner: false, decided_by: null, against: null, tiebreak: [], details: {}, ...fields,
});

const RESULT = {
  game: "probe",
  options: { expansion: false, reading: "strict" },
  notices: [],
  winners: ["Ana"],
  players: [
    player({
      name: "Ana", total: 24, rank: 1, winner: true, decided_by: "achievements", against: "Olena",
      breakdown: { temple: 10, collector: 3, relic: 10, souvenirs: 1 },
      tiebreak: [{ key: "total", mine: 24, theirs: 24 }, { key: "achievements", mine: 3, theirs: 2 }],
      details: {
        temple: { place: 1, measure: 5, tied_with: [], gap_too_large: false },
        collector: { measure: 7, best: 7, won: true, tied_with: [1] },
        relic: { measure: 4, best: 4, active: true, won: true, holder: true, tied_with: [] },
      },
    }),
    player({
      name: "Olena", total: 24, rank: 2, decided_by: "achievements", against: "Ana",
      breakdown: { temple: 7, collector: 3, relic: 3, souvenirs: 11 },
      tiebreak: [{ key: "total", mine: 24, theirs: 24 }, { key: "achievements", mine: 2, theirs: 3 }],
      details: {
        temple: { place: 2, measure: 3, tied_with: [2], gap_too_large: false },
        collector: { measure: 7, best: 7, won: true, tied_with: [0] },
        relic: { measure: 4, best: 4, active: true, won: true, holder: false, tied_with: [0] },
      },
    }),
    player({
      name: "Bo", total: 7, rank: 3, decided_by: "total", against: "Olena",
      breakdown: { temple: 7, collector: 0, relic: 0, souvenirs: 0 },
      tiebreak: [{ key: "total", mine: 7, theirs: 24 }],
      details: {
        temple: { place: 2, measure: 3, tied_with: [1], gap_too_large: false },
        collector: { measure: 1, best: 7, won: false, tied_with: [0, 1] },
        relic: { measure: 0, best: 4, active: true, won: false, holder: false, tied_with: [0, 1] },
      },
    }),
  ],
};

describe("explain", () => {
  test("a sentence per awarded line, and how each place was decided", () => {
    assert.deepEqual(explain(GAME, RESULT, w), [
      {
        name: "Ana",
        lines: [
          "Temple: 10 points — place 1, with 5 (Coins given to the temple)",
          "Collector: 3 points — the most, with 7, level with Olena",
          "Relic objective: 10 points — activated it and has the most, with 4 (Pile)",
          "Souvenirs: 1 point",
          "Level with Olena, ahead on the tiebreaker — Achievement cards: 3 against 2",
        ],
        rank: 1,
      },
      {
        name: "Olena",
        lines: [
          "Temple: 7 points — place 2, shared with Bo, with 3 (Coins given to the temple)",
          "Collector: 3 points — the most, with 7, level with Ana",
          "Relic objective: 3 points — the most, with 4 (Pile), level with Ana",
          "Souvenirs: 11 points",
          "Level with Ana, behind on the tiebreaker — Achievement cards: 2 against 3",
        ],
        rank: 2,
      },
      {
        name: "Bo",
        lines: [
          "Temple: 7 points — place 2, shared with Olena, with 3 (Coins given to the temple)",
          "Collector: 0 points — 1, against 7 for Ana and Olena",
          "Relic objective: 0 points — 0 (Pile), against 4 for Ana and Olena",
        ],
        rank: 3,
      },
    ]);
  });

  test("a plain count says its points, not a formula; awards nobody won are one line, not one per player", () => {
    const game = GAME;
    const result = structuredClone(RESULT);
    for (const p of result.players) p.breakdown.relic = 0;
    assert.deepEqual(unscored(game, result), ["relic"]);
    const rival = structuredClone(result);
    rival.rivals = [{ id: "seishin", name: "Seishin", total: 3, rank: 1, breakdown: { relic: 3 } }];
    assert.deepEqual(unscored(game, rival), [], "a category only a ranked rival scored in keeps its row");
    const lines = explain(game, result, w);
    assert.ok(lines.every((p) => !p.lines.some((line) => line.startsWith("Relic"))), JSON.stringify(lines));
    assert.ok(lines[0].lines.includes("Souvenirs: 1 point"), JSON.stringify(lines));
  });

  test("each line is put together by the language's own pattern (French sets a space before the colon)", () => {
    const game = GAME;
    const french = new Words({ ...ISLAND, ui: { ...ISLAND.ui, calc_explain_line: "{category}\u202f: {points}", calc_explain_line_why: "{category}\u202f: {points} — {why}" } });
    const lines = explain(game, RESULT, french)[0].lines;
    assert.ok(lines.includes("Souvenirs\u202f: 1 point"), JSON.stringify(lines));
    assert.ok(lines[0].startsWith("Temple\u202f: 10 points — "), JSON.stringify(lines));
  });

  test("one sentence on why the winner won", () => {
    const result = structuredClone(RESULT);
    result.players[0].total = 30;
    result.players[0].breakdown.temple = 16;
    assert.equal(verdict(GAME, result, w), "Ana wins with 30 points, 6 points ahead of Olena; the biggest gains: Temple and Relic objective");
    assert.equal(verdict(GAME, RESULT, w), "Ana wins with 24 points, level with Olena, ahead on the tiebreaker: Achievement cards");
    const shared = structuredClone(RESULT);
    shared.players[1].winner = true;
    assert.equal(verdict(GAME, shared, w), "Ana and Olena share the win with 24 points");
    assert.equal(verdict(GAME, { players: [RESULT.players[0]] }, w), null, "alone at the table");
  });

  test("the other award cases", () => {
    const nameOf = (/** @type {number} */ i) => ["Ana", "Bo"][i];
    assert.equal(reason(w, { place: null, measure: 0, tied_with: [] }, "Coins", nameOf), "not ranked, with 0 (Coins)");
    assert.equal(reason(w, { place: 2, measure: 1, tied_with: [], gap_too_large: true }, null, nameOf), "place 2, with 1, but too far behind the leader");
    assert.equal(reason(w, { measure: 0, best: 0, won: false, tied_with: [] }, null, nameOf), "0; nobody has enough");
    assert.equal(reason(w, { measure: 2, active: false }, null, nameOf), "nobody activated it");
    assert.equal(reason(w, { measure: 2, best: 2, active: true, won: true, holder: true, tied_with: [1] }, null, nameOf),
      "activated it and has the most, with 2, level with Bo");
    assert.equal(reason(w, null, null, nameOf), null);
    // A yes/no entry is never shown as "true": the sentence says who leads.
    const flag = { measure: true, best: true, active: true, won: true, holder: true, tied_with: [1] };
    assert.equal(reason(w, flag, "You fulfil it best", nameOf), "activated it and leads it, level with Bo");
    assert.equal(reason(w, { ...flag, holder: false, tied_with: [] }, "You fulfil it best", nameOf), "leads it");
    assert.equal(reason(w, { ...flag, measure: false, won: false, holder: false, tied_with: [0] }, "X", nameOf), "behind Ana");
    assert.equal(reason(w, { ...flag, measure: false, won: false, holder: false, tied_with: [] }, "X", nameOf), "nobody leads it");
  });

  test("Nile: the sorted piles, and the position where the comparison was decided", () => {
    const nile = {
      game: "nile",
      scoring: {
        kind: "ranking_key", inputs: [], values: [], categories: [{ id: "papyrus", label: "Papyrus", value: "papyrus_count" }],
        ranking: { keys: [{ value: "storage", label: "Piles, smallest first", better: "higher" }] },
      },
    };
    const result = {
      game: "nile",
      players: [
        player({ name: "Hal", total: null, key: [1, 4, 5, 6, 7], rank: 2, decided_by: "storage", against: "Jenny", tiebreak: [{ key: "storage", mine: [1, 4, 5, 6, 7], theirs: [2, 3, 4, 5, 6] }] }),
        player({ name: "Jenny", total: null, key: [2, 3, 4, 5, 6], rank: 1, winner: true, decided_by: "storage", against: "Hal", tiebreak: [{ key: "storage", mine: [2, 3, 4, 5, 6], theirs: [1, 4, 5, 6, 7] }] }),
        player({ name: "Ivo", total: null, key: [2, 3, 4, 5, 6], rank: 1, winner: true, decided_by: "shared", against: "Jenny", tiebreak: [{ key: "storage", mine: [2, 3, 4, 5, 6], theirs: [2, 3, 4, 5, 6] }] }),
      ],
    };
    assert.deepEqual(explain(nile, result, w).map((/** @type {any} */ p) => p.lines), [
      ["Piles, smallest first: 1 · 4 · 5 · 6 · 7", "Piles, smallest first: in position 1, 1 against 2 for Jenny"],
      ["Piles, smallest first: 2 · 3 · 4 · 5 · 6", "Piles, smallest first: in position 1, 2 against 1 for Hal"],
      ["Piles, smallest first: 2 · 3 · 4 · 5 · 6", "Shared place: tied with Jenny on every tiebreaker"],
    ]);
    assert.deepEqual(firstDifference([2, 3, 4], [2, 3, 5]), { position: 3, mine: 4, theirs: 5 });
    assert.deepEqual(firstDifference([2, 3], [2, 3, 1]), { position: 3, mine: "—", theirs: 1 });
  });

  test("labels that hold a comma are listed with the language's semicolon", () => {
    assert.equal(labelList(w, ["Temple", "Collector"]), "Temple and Collector");
    assert.equal(labelList(w, ["Influence, region 4", "Influence, region 3"]), "Influence, region 4; Influence, region 3");
    assert.equal(labelList(w, ["Perfection", "Murasame and Masamune"]), "Perfection; Murasame and Masamune");
    const french = new Words({ ...ISLAND, language: "fr", ui: { ...ISLAND.ui, calc_items: "{a}\u202f; {b}" } });
    assert.equal(labelList(french, ["Influence, région 4", "Temple", "Gourmet"]), "Influence, région 4\u202f; Temple\u202f; Gourmet");
  });

  test("a plain count says what the player entered, when every entry counts", () => {
    const game = structuredClone(GAME);
    game.scoring.values.push({ id: "coin_points", compute: { product: [3, { sum: [{ input: "coins" }, { input: "souvenirs" }] }] } });
    game.scoring.values.push({ id: "gated", compute: { if: { cond: { input: "relic" }, then: { input: "coins" }, else: 0 } } });
    const values = Object.fromEntries(game.scoring.values.map((/** @type {any} */ v) => [v.id, v]));
    const row = { coins: 2, souvenirs: 1, relic: false };
    assert.equal(entered(w, game, values.coin_points, row, 9), "Coins given to the temple: 2; Souvenirs: 1");
    assert.equal(entered(w, game, values.coin_points, { coins: 3 }, 9), "Coins given to the temple: 3", "an empty field is left out");
    assert.equal(entered(w, game, values.plain, { souvenirs: 11 }, 11), null, "one entry equal to the points says nothing more");
    assert.equal(entered(w, game, values.gated, row, 0), null, "a condition could list a number that did not count");
    assert.equal(entered(w, game, values.coin_points, undefined, 9), null, "no state, no entries");
    const state = { players: [{ name: "Ana", souvenirs: 1 }, { name: "Olena", souvenirs: 11 }, { name: "Bo" }] };
    assert.ok(explain(GAME, RESULT, w, state)[1].lines.includes("Souvenirs: 11 points"));
  });

  test("first place without the win says why", () => {
    const game = { ...GAME, scoring: { ...GAME.scoring, ranking: { ...GAME.scoring.ranking, win_requires_label: "Solo: more than 20 points." } } };
    const result = { game: "probe", players: [player({ name: "Solo", total: 12, rank: 1, winner: false })] };
    assert.deepEqual(explain(game, result, w)[0].lines, ["First place, but not a win: Solo: more than 20 points."]);
  });

  test("hostile names stay text: never markup, never a placeholder", () => {
    for (const name of HOSTILE_NAMES) {
      const result = structuredClone(RESULT);
      result.players[1].name = name;
      result.players[0].against = name;
      const lines = explain(GAME, result, w)[0].lines;
      assert.equal(lines[1], `Collector: 3 points — the most, with 7, level with ${name}`);
      assert.equal(lines[4], `Level with ${name}, ahead on the tiebreaker — Achievement cards: 3 against 2`);
    }
  });
});

describe("chart", () => {
  test("a bar per player, a segment per category with points, on one scale", () => {
    const { categories, bars } = segments(GAME, RESULT);
    assert.deepEqual(categories.map((/** @type {any} */ c) => c.id), ["temple", "collector", "relic", "souvenirs"]);
    assert.equal(bars[2].length, 1, "Bo has only the temple");
    const widths = bars.map((/** @type {any[]} */ b) => b.reduce((t, s) => t + s.width, 0));
    assert.ok(Math.abs(widths[0] - 100) < 1e-9 && Math.abs(widths[1] - 100) < 1e-9);
    assert.ok(Math.abs(widths[2] - (7 / 24) * 100) < 1e-9);
    assert.equal(bars[0][1].x, bars[0][0].width);
  });

  test("built with DOM APIs: names as text, amounts in titles", () => {
    const figure = chart(GAME, RESULT, w);
    assert.ok(figure instanceof FakeElement);
    assert.equal(figure.withAttribute("data-chart-player").length, 3);
    const rects = figure.findAll((/** @type {any} */ e) => e.localName === "rect");
    assert.equal(rects.length, 4 + 4 + 1);
    assert.equal(rects[0].namespaceURI, "http://www.w3.org/2000/svg");
    assert.equal(rects[0].textContent, "Temple: 10 points");
    assert.equal(figure.findAll((/** @type {any} */ e) => e.localName === "svg")[0].getAttribute("aria-label"), "Ana: 24 points");
    const legend = figure.findAll((/** @type {any} */ e) => e.localName === "li");
    assert.deepEqual(legend.map((/** @type {any} */ e) => e.textContent), ["Temple", "Collector", "Relic objective", "Souvenirs"]);
    assert.match(legend[0].childNodes[0].style.props["background-color"], /^hsl\(/);
  });

  test("hostile names and labels are escaped text in the tree", () => {
    const result = structuredClone(RESULT);
    const game = structuredClone(GAME);
    result.players[0].name = HOSTILE_NAMES[0];
    game.scoring.categories[0].label = HOSTILE_NAMES[1];
    const markup = serialize(chart(game, result, w));
    assert.ok(!markup.includes("<img") && !markup.includes("<script"), markup);
    assert.ok(markup.includes("&lt;img src=x onerror=alert(1)&gt;"));
    assert.equal(chart(game, result, w).findAll((/** @type {any} */ e) => e.localName === "img" || e.localName === "script").length, 0);
  });

  test("nothing to show, no chart", () => {
    const result = { game: "probe", players: [player({ name: "A" }), player({ name: "B" })] };
    assert.equal(chart(GAME, result, w), null);
  });

  test("no chart of a single category, nor of a ranking key (Nile's piles are compared, not summed)", () => {
    const one = { game: "probe", players: [player({ name: "A", total: 5, breakdown: { temple: 5 } }), player({ name: "B", total: 2, breakdown: { temple: 2 } })] };
    assert.equal(chart(GAME, one, w), null);
    const nile = { ...GAME, scoring: { ...GAME.scoring, kind: "ranking_key" } };
    assert.equal(chart(nile, RESULT, w), null);
  });

  test("penalties have no segment", () => {
    const result = { game: "probe", players: [player({ name: "A", total: 3, breakdown: { temple: 5, souvenirs: -2 } })] };
    assert.deepEqual(segments(GAME, result).bars[0].map((/** @type {any} */ s) => s.id), ["temple"]);
  });
});

describe("words", () => {
  test("count phrases follow the language's plural rules", () => {
    const uk = new Words({
      language: "uk",
      counts: { points: { lang: "uk", forms: { one: "{count} очко", few: "{count} очки", many: "{count} очок", other: "{count} очка" } } },
    });
    assert.deepEqual([1, 2, 5, 11, 21, 22, 25, 1.5].map((n) => uk.count("points", n)),
      ["1 очко", "2 очки", "5 очок", "11 очок", "21 очко", "22 очки", "25 очок", "1,5 очка"]);
    assert.equal(uk.count("points", 1234), "1\u00a0234 очки");
    const fr = new Words({ language: "fr", counts: { points: { lang: "fr", forms: { one: "{count} point", many: "{count} de points", other: "{count} points" } } } });
    assert.deepEqual([0, 1, 2].map((n) => fr.count("points", n)), ["0 point", "1 point", "2 points"]);
    assert.equal(w.count("points", 1), "1 point");
    assert.equal(w.count("unknown", 3), "3", "no phrase: the number alone");
  });

  test("an untranslated phrase keeps its own language's rules", () => {
    const fallback = new Words({ language: "uk", counts: { points: { lang: "en", forms: { one: "{count} point", other: "{count} points" } } } });
    assert.deepEqual([1, 2, 21].map((n) => fallback.count("points", n)), ["1 point", "2 points", "21 points"]);
  });

  test("lists and placeholders", () => {
    assert.equal(new Words({ language: "fr" }).list(["A", "B", "C"]), "A, B et C");
    assert.equal(new Words({ language: "uk" }).list(["А", "Б"]), "А і Б");
    assert.equal(fillIn("{a} and {b} and {c}", { a: "{b}", b: "$&" }), "{b} and $& and {c}");
    assert.equal(w.t("missing_key"), "missing_key");
  });
});
