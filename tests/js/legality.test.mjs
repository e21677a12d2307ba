// Issue 34: one legality for setup, score and the calculator. The options the calculator's
// form hides (their ``when`` fails) are the ones both runtimes refuse when set, and the form
// sends them at their default, which both accept.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { calculator, fixture, games } from "./fixture.mjs";

const { applicableOptions, unusedOptionProblems } = await calculator("legality");

/** Each option at its default. @param {any} game */
const defaults = (game) => Object.fromEntries((game.scoring.options ?? []).map((/** @type {any} */ o) => [o.id, o.default]));

for (const [id, game] of games()) {
  describe(`options that apply: ${id}`, () => {
    test("Python refuses a setup's option as not used exactly where the form would set it back", () => {
      for (const item of game.setups) {
        if (item.players < game.export.players.min || item.players > game.export.players.max) continue;
        if (Object.values(item.options).some((v) => v === "x") || "no_such_option" in item.options) continue;
        const chosen = { ...defaults(game.export), ...item.options };
        const { reset } = applicableOptions(game.export, chosen, item.players);
        const refused = (item.problems ?? []).filter((/** @type {any} */ p) => p.code == "not_used").map((/** @type {any} */ p) => p.loc[1]);
        assert.deepStrictEqual(reset, refused, JSON.stringify([item.players, item.options]));
      }
    });

    test("what the form sends is accepted: every option that does not apply at its default", () => {
      for (const item of game.setups) {
        if (item.players < game.export.players.min || item.players > game.export.players.max) continue;
        if (Object.values(item.options).some((v) => v === "x") || "no_such_option" in item.options) continue;
        const sent = applicableOptions(game.export, { ...defaults(game.export), ...item.options }, item.players).options;
        assert.deepStrictEqual(unusedOptionProblems(game.export, sent, item.players), []);
      }
    });
  });
}

test("Seishin set back at four players sets its clan scenarios back too", () => {
  const game = fixture.games.river_of_gold.export;
  const asked = { ...defaults(game), seishin_level: "level_2", clan_scenarios: true };
  const atFour = applicableOptions(game, asked, 4);
  assert.deepStrictEqual(atFour.reset, ["seishin_level", "clan_scenarios"]);
  assert.equal(atFour.options.seishin_level, "off");
  assert.equal(atFour.options.clan_scenarios, false);
  assert.deepStrictEqual(applicableOptions(game, asked, 2), { options: asked, reset: [] });
  assert.deepStrictEqual(
    unusedOptionProblems(game, asked, 4).map((p) => [p.loc, p.code, p.params]),
    [[["options", "seishin_level"], "not_used", { value: "level_2" }], [["options", "clan_scenarios"], "not_used", { value: true }]],
  );
});
