// What the calculator says about every conformance case of every game, in every language,
// read as sentences (issue 29): no raw value (`true`, `false`), no id, no formula read
// aloud, every count in the form its number needs (CLDR), quotes that close, and no label
// pasted mid-sentence with its capital. The islands are the ones the site ships (built by
// tests/calculator/test_js_parity.py from the real catalogs), so a catalog slip fails here too.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { calculator, games } from "./fixture.mjs";

const { compileGame, score } = await calculator("scoring");
const { check } = await calculator("validate");
const { explain, verdict, unscored, labelList, winnersLabel } = await calculator("explain");
const { Words, pluralRules } = await calculator("kit");

/** Words of the formulas the scoring page writes ("1 point for each: …"), in any language. */
const FORMULA = /for each:|for every \d|pour chaque|за кожн|÷|×/u;
/** What may come just before a capitalized label: the start of a line, a colon, a dash, a bracket, an opening quote. */
const OPENS = /(^|[:;—(“«„‘]\s*|\.\s+)$/u;
/** What joins the items of a list of labels, in fr, uk and en. */
const JOINS = /(, and |, | and | et | і | та | й |\s?; )$/u;

/**
 * The capitalized labels a line may hold, longest first (a label inside a longer one, such
 * as "Temple" in "Donations to the Temple", is found as the longer one).
 * @param {any} game the island's export
 */
function labelsOf(game) {
  const s = game.scoring;
  const all = [...s.categories, ...s.ranking.keys, ...(s.inputs ?? [])].map((x) => String(x.label ?? ""));
  return [...new Set(all)].filter((l) => /^\p{Lu}/u.test(l)).sort((a, b) => b.length - a.length);
}

/**
 * The labels of ``line`` that stand mid-sentence after a word, where a person would not
 * write a capital ("the most is 4, by B and D" is fine; "shares the most: Temple" is
 * fine; "ahead on Achievement cards" is not).
 * @param {string} line @param {string[]} labels
 * @returns {string[]}
 */
export function pastedLabels(line, labels) {
  /** @type {[number, number][]} */
  const spans = [];
  for (const label of labels) {
    for (let at = line.indexOf(label); at >= 0; at = line.indexOf(label, at + 1)) {
      if (!spans.some(([a, b]) => at >= a && at + label.length <= b)) spans.push([at, at + label.length]);
    }
  }
  spans.sort((x, y) => x[0] - y[0]);
  const ends = new Set(spans.map(([, b]) => b));
  const pasted = [];
  for (const [start, end] of spans) {
    let before = line.slice(0, start);
    // A list of labels after a colon: walk back over "Label, " and "Label and " to its start.
    for (;;) {
      const join = before.match(JOINS);
      if (!join || !ends.has(before.length - join[0].length)) break;
      const previous = spans.find(([, b]) => b === before.length - join[0].length);
      if (!previous) break;
      before = line.slice(0, previous[0]);
    }
    if (!OPENS.test(before)) pasted.push(line.slice(start, end));
  }
  return pasted;
}

/**
 * Every count of points in ``line`` whose form is not the one its number takes.
 * @param {string} line @param {{lang: string, forms: Record<string, string>}} phrase
 */
export function pluralSlips(line, phrase) {
  const words = Object.values(phrase.forms).map((f) => f.replace("{count}", "").trim());
  const alternatives = [...new Set(words)].sort((a, b) => b.length - a.length).map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const found = new RegExp(`(\\d[\\d\\u00a0\\u202f ]*?)[\\u00a0 ](${alternatives.join("|")})(?!\\p{L})`, "gu");
  const slips = [];
  for (const [whole, digits, word] of line.matchAll(found)) {
    const n = Number(digits.replace(/\D/g, ""));
    const wanted = (phrase.forms[pluralRules(phrase.lang).select(n)] ?? phrase.forms.other).replace("{count}", "").trim();
    if (wanted !== word) slips.push(`${whole} (wants ${wanted})`);
  }
  return slips;
}

/** Ids a line must never show: those of a game's inputs, values, categories and options. @param {any} game */
function idsOf(game) {
  const s = game.scoring;
  const ids = [...(s.inputs ?? []), ...(s.values ?? []), ...s.categories, ...(s.options ?? [])].map((x) => String(x.id));
  // An id that is a plain word ("papyrus") may be a word of a label; one with "_" never is.
  return [...new Set(ids)].filter((id) => id.includes("_"));
}

/**
 * Every line the calculator shows for a result: the winners' line, the verdict, each
 * player's explanation and the line of categories nobody scored in.
 * @param {any} game @param {any} result @param {any} w @param {any} state the end state scored
 */
function sentences(game, result, w, state) {
  const labels = Object.fromEntries(game.scoring.categories.map((/** @type {any} */ c) => [c.id, c.label]));
  const quiet = unscored(game, result);
  return [
    `${winnersLabel(w, result.winners.length)}${w.colon()}${result.winners.join(", ")}`,
    verdict(game, result, w),
    ...explain(game, result, w, state).flatMap((/** @type {any} */ p) => p.lines),
    quiet.length ? w.t("calc_unscored", { categories: labelList(w, quiet.map((id) => labels[id] ?? id)) }) : null,
  ].filter((line) => line != null);
}

for (const [id, data] of games().filter(([id]) => id !== "probe")) {
  describe(`sentences ${id}`, () => {
    // A language where the game is still in progress shows its source labels: not checked.
    for (const [language, island] of Object.entries(data.islands).filter(([code]) => data.complete.includes(code))) {
      test(`every conformance case, ${language}`, () => {
        const game = /** @type {any} */ (island).export;
        const w = new Words(island);
        const compiled = compileGame(game);
        const labels = labelsOf(game);
        const ids = idsOf(game);
        const points = /** @type {any} */ (island).counts.points;
        const wrong = [];
        let read = 0;
        for (const item of data.states.filter((/** @type {any} */ s) => /^(case|track) /.test(s.id))) {
          const { problems, state } = check(compiled, item.state);
          if (!state || problems.some((/** @type {any} */ p) => p.severity !== "tiebreak")) continue;
          for (const line of sentences(game, score(compiled, state), w, item.state)) {
            read++;
            const faults = [
              ...(/\b(true|false|undefined|null|NaN)\b/.test(line) ? ["a raw value"] : []),
              ...ids.filter((x) => line.includes(x)).map((x) => `the id ${x}`),
              ...(FORMULA.test(line) ? ["a formula"] : []),
              ...pluralSlips(line, points).map((s) => `a plural slip: ${s}`),
              ...pastedLabels(line, labels).map((l) => `a label pasted mid-sentence: ${l}`),
              ...((line.match(/“/g) ?? []).length !== (line.match(/”/g) ?? []).length ? ["unmatched “ ”"] : []),
              ...((line.match(/«/g) ?? []).length !== (line.match(/»/g) ?? []).length ? ["unmatched « »"] : []),
            ];
            if (faults.length) wrong.push(`${item.id}: ${line}\n    ${faults.join("; ")}`);
          }
        }
        assert.ok(read > 0, `no line read for ${id} in ${language}`);
        assert.deepEqual(wrong.slice(0, 15), [], `${wrong.length} of ${read} lines`);
      });
    }
  });
}

describe("sentence checks", () => {
  const en = { lang: "en", forms: { one: "{count} point", other: "{count} points" } };
  const uk = { lang: "uk", forms: { one: "{count} очко", few: "{count} очки", many: "{count} очок", other: "{count} очка" } };
  test("a count in the wrong form is found", () => {
    assert.deepEqual(pluralSlips("Temple: 1 points", en), ["1 points (wants point)"]);
    assert.deepEqual(pluralSlips("Temple: 21 point, 22 points", en), ["21 point (wants points)"]);
    assert.deepEqual(pluralSlips("Храм: 21 очок, 22 очки, 25 очок", uk), ["21 очок (wants очко)"]);
  });
  test("a label after a word is pasted; after a colon, a dash or in a list it is not", () => {
    const labels = ["Achievement cards", "Temple", "Influence, region 4"];
    assert.deepEqual(pastedLabels("ahead on Achievement cards", labels), ["Achievement cards"]);
    assert.deepEqual(pastedLabels("ahead on the tiebreaker: Achievement cards", labels), []);
    assert.deepEqual(pastedLabels("gains: Temple and Achievement cards", labels), []);
    assert.deepEqual(pastedLabels("gains: Influence, region 4; Temple", labels), []);
    assert.deepEqual(pastedLabels("Temple: 4 points — place 1, with 4 (Achievement cards)", labels), []);
  });
  test("Winner or Winners, as many as there are", () => {
    for (const [id, data] of games().filter(([id]) => id !== "probe")) {
      const w = (/** @type {string} */ language) => new Words(data.islands[language]);
      assert.deepEqual([1, 2].map((n) => winnersLabel(w("en"), n)), ["Winner", "Winners"], id);
      assert.deepEqual([1, 2].map((n) => winnersLabel(w("fr"), n)), ["Gagnant", "Gagnants"], id);
      assert.deepEqual([1, 2, 5].map((n) => winnersLabel(w("uk"), n)), ["Переможець", "Переможці", "Переможці"], id);
    }
  });
});
