// Every end state Python refused: the same problems (location, code, parameters and
// severity), the same totals when every problem is a tiebreak one, and each problem's
// message, in French, Ukrainian and English, word for word what the command line prints.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { calculator, games, problemKey as key, problemKeys as keys } from "./fixture.mjs";

const { compileGame, score } = await calculator("scoring");
const { check } = await calculator("validate");
const { normalize } = await calculator("fields");
const { ProblemWords, echoOf, excerpt, problem } = await calculator("problems");
const { Words } = await calculator("kit");

/** The names as a message shows them (normalized, short and printable). @param {any} game @param {any} state */
function shownNames(game, state) {
  const schema = game.export.player_name;
  return Array.isArray(state?.players)
    ? state.players.map((/** @type {any} */ p) => (typeof p?.name == "string" ? excerpt(normalize(schema["x-normalize"], p.name), echoOf(schema)) : ""))
    : [];
}

for (const [id, game] of games()) {
  describe(`validate ${id}`, () => {
    const compiled = compileGame(game.export);
    for (const item of game.states.filter((/** @type {any} */ s) => s.problems)) {
      test(item.id, () => {
        const { problems, state } = check(compiled, item.state);
        assert.deepStrictEqual(keys(problems), keys(item.problems));
        if (item.result) assert.deepStrictEqual(score(compiled, /** @type {any} */ (state)), item.result);
        else assert.equal(state, null, "no totals without every problem a tiebreak one");
        const expected = Object.fromEntries(item.problems.map((/** @type {any} */ p) => [key(p), p.messages]));
        for (const [language, island] of Object.entries(game.islands)) {
          const words = new ProblemWords(island.export, new Words(island), shownNames(game, item.state));
          for (const p of problems) assert.equal(words.message(p), expected[key(p)][language], `${language}: ${key(p)}`);
        }
      });
    }
  });
}

// A language in progress may give no name for a game (content/<game>/game.yaml): its
// messages then name the game in the game's source language, as schemas/game.py
// Game.name does for the command line (the German trial's River of Gold read "River of
// Gold" in the calculator and "La Rivière de l'Or" on the command line).
test("a game with no name in the page's language is named in its source language", () => {
  const wrongGame = problem(["game"], "wrong_game");
  for (const [id, game] of games()) {
    for (const [language, island] of Object.entries(game.islands)) {
      const source = island.export.source_language;
      if (language == source) continue;
      const { [language]: _unnamed, ...names } = island.export.names;
      const unnamed = new ProblemWords({ ...island.export, names }, new Words(island));
      const asSource = { ...island.export, names: { ...names, [language]: names[source] } };
      const expected = new ProblemWords(asSource, new Words(island)).message(wrongGame);
      assert.equal(unnamed.message(wrongGame), expected, `${id}, ${language}`);
      assert.ok(expected.includes(names[source]), `${id}, ${language}: ${expected}`);
    }
  }
});
