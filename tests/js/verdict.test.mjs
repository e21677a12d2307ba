// The verdict against a rival in the browser runtime (explain.js rivalVerdict, sayVerdict):
// the same data and the same sentence, in fr, uk and en, as the command line gives for every
// scored state with a rival (scorer/verdict.py, rulebook score), and the sentences of a solo
// game won, lost and tied and of a team game, with the language's plural forms.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { calculator, games } from "./fixture.mjs";

const { compileGame, score } = await calculator("scoring");
const { check } = await calculator("validate");
const { rivalVerdict, sayVerdict } = await calculator("explain");
const { Words } = await calculator("kit");

/** A state scored by the browser runtime, or a failure naming its problems. @param {any} compiled @param {any} raw */
function scored(compiled, raw) {
  const { problems, state } = check(compiled, raw);
  assert.deepStrictEqual(problems, []);
  return score(compiled, /** @type {any} */ (state));
}

/** The verdict of ``raw`` in ``language``, with its data. @param {any} game @param {any} raw @param {string} language */
function said(game, raw, language) {
  const v = rivalVerdict(scored(compileGame(game.export), raw));
  assert.ok(v, "a verdict");
  const island = game.islands[language];
  return { v, text: sayVerdict(new Words(island), v, island.export) };
}

for (const [id, game] of games()) {
  const items = game.states.filter((/** @type {any} */ s) => "verdict" in s);
  if (!items.length) continue;
  describe(`verdict ${id}`, () => {
    const compiled = compileGame(game.export);
    for (const item of items) {
      test(item.id, () => {
        const v = rivalVerdict(scored(compiled, item.state));
        assert.deepStrictEqual(v, item.verdict);
        for (const [language, island] of Object.entries(game.islands)) {
          const text = v && sayVerdict(new Words(island), v, /** @type {any} */ (island).export);
          assert.equal(text, item.verdict_said[language], language);
        }
      });
    }
    test("every conformance case with a rival at the table is compared", () => {
      for (const c of rivalCases(game)) assert.ok(items.includes(c), c.id);
    });
  });
}

/** The conformance cases scored with a ranked rival at the table. @param {any} game */
function rivalCases(game) {
  const ranked = new Set((game.export.scoring.rivals ?? []).filter((/** @type {any} */ r) => r.ranked).map((/** @type {any} */ r) => r.id));
  return game.states.filter((/** @type {any} */ s) => s.id.startsWith("case ") && s.result && !s.problems
    && s.result.rivals.some((/** @type {any} */ r) => ranked.has(r.id)));
}

test("the games with a ranked rival have conformance cases against it", () => {
  const found = games().filter(([, game]) => rivalCases(game).length).map(([id]) => id);
  assert.ok(found.includes("viticulture") && found.includes("river_of_gold"), found.join(", "));
});

const viticulture = Object.fromEntries(games()).viticulture;
const riverOfGold = Object.fromEntries(games()).river_of_gold;
/** Viticulture solo against the Automa (fixed at 20 points) with ``vp`` points. @param {number} vp */
const solo = (vp) => ({ game: "viticulture", options: { solo_automa: true }, players: [{ name: "Anna", vp }] });

describe("verdict sentences", () => {
  test("a solo win says the margin, in each language's plural form", () => {
    const { v, text } = said(viticulture, solo(21), "uk");
    assert.deepStrictEqual([v.key, v.gap, v.won], ["calc_rival_solo_won", 1, true]);
    // A count keeps its word in every language (a no-break space: rulebook/i18n/typography.py).
    assert.equal(text, "Ви маєте на 1\u00a0очко більше, ніж Automa: ви перемагаєте");
    assert.match(said(viticulture, solo(22), "uk").text, /на 2\u00a0очки більше/);
    assert.match(said(viticulture, solo(25), "uk").text, /на 5\u00a0очок більше/);
    assert.equal(said(viticulture, solo(21), "en").text, "You beat the Automa by 1\u00a0point");
    assert.equal(said(viticulture, solo(24), "en").text, "You beat the Automa by 4\u00a0points");
    assert.equal(said(viticulture, solo(24), "fr").text, "Vous battez l’Automa de 4\u00a0points");
  });

  test("a solo loss says the rival's margin", () => {
    const { v, text } = said(viticulture, solo(17), "en");
    assert.deepStrictEqual([v.key, v.gap, v.won], ["calc_rival_solo_lost", 3, false]);
    assert.equal(text, "The Automa beats you by 3\u00a0points");
  });

  test("a solo tie says the tied total and who the rules give it to", () => {
    const { v, text } = said(viticulture, solo(20), "en");
    assert.deepStrictEqual([v.key, v.amount, v.gap, v.won], ["calc_rival_solo_tie_lost", 20, null, false]);
    assert.equal(text, "You tie with the Automa at 20\u00a0points: the Automa wins");
  });

  test("a team game is said by its player closest to the rival", () => {
    for (const item of riverOfGold.states.filter((/** @type {any} */ s) => s.id.startsWith("case seishin_coop") && s.result)) {
      const result = scored(compileGame(riverOfGold.export), item.state);
      const rival = result.rivals.find((/** @type {any} */ r) => r.id === "seishin");
      const low = Math.min(...result.players.map((/** @type {any} */ p) => p.total));
      const v = rivalVerdict(result);
      assert.ok(result.team && v, item.id);
      assert.equal(v.won, result.players.every((/** @type {any} */ p) => p.winner), item.id);
      if (low < rival.total) assert.deepStrictEqual([v.key, v.gap], ["calc_rival_team_lost", rival.total - low], item.id);
      if (low === rival.total) assert.deepStrictEqual([v.key, v.amount], ["calc_rival_team_tie", low], item.id);
      if (v.won && low > rival.total) assert.deepStrictEqual([v.key, v.gap], ["calc_rival_team_won", low - rival.total], item.id);
      if (!v.won && low > rival.total) assert.equal(v.key, "calc_rival_team_unmet", item.id);
      const text = said(riverOfGold, item.state, "en").text;
      assert.match(text, v.won ? /^The team/ : /the team loses$/, item.id);
    }
  });

  test("a table of several players who do not play as a team has no rival verdict", () => {
    const state = { game: "viticulture", players: [{ name: "Ben", vp: 21 }, { name: "Chloe", vp: 18 }] };
    assert.equal(rivalVerdict(scored(compileGame(viticulture.export), state)), null);
  });
});
