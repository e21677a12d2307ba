// export.js: the BG Stats createPlay link and the JSON file of a result.
import assert from "node:assert/strict";
import { test } from "node:test";
import { GAME, HOSTILE_NAMES, tool } from "./tools.mjs";

const { BG_STATS, bgStatsLink, bgStatsPlay, playDate, resultFile } = await tool("export");

const RESULT = {
  game: "probe",
  options: {},
  players: [
    { name: "Ana", total: 74, key: null, breakdown: {}, rank: 1, winner: true },
    { name: "Bo", total: 74, key: null, breakdown: {}, rank: 1, winner: true },
    { name: "Cy", total: 60, key: null, breakdown: {}, rank: 3, winner: false },
  ],
  notices: [],
  winners: ["Ana", "Bo"],
};
const WHEN = new Date(2024, 2, 9, 20, 5, 7);
const BGG = { id: 123540, name: "Probe Quest" };

test("the play: the game by name and BGG id, players with score, rank and winner", () => {
  assert.deepEqual(bgStatsPlay(GAME, RESULT, BGG, WHEN), {
    playDate: "2024-03-09 20:05:07",
    game: { name: "Probe Quest", bggId: 123540, sourceGameId: "probe", highestWins: true, noPoints: false },
    players: [
      { name: "Ana", score: 74, rank: 1, winner: true },
      { name: "Bo", score: 74, rank: 1, winner: true },
      { name: "Cy", score: 60, rank: 3, winner: false },
    ],
  });
});

test("a game ranked without points sends no score; no BGG id, none sent", () => {
  const nile = { ...GAME, scoring: { ...GAME.scoring, kind: "ranking_key" } };
  const play = bgStatsPlay(nile, RESULT, { name: "Nile" }, WHEN);
  assert.equal(play.game.noPoints, true);
  assert.ok(!("bggId" in play.game));
  assert.ok(play.players.every((/** @type {any} */ p) => !("score" in p)));
});

test("the link is BG Stats' createPlay with the play as URL-encoded JSON", () => {
  const play = bgStatsPlay(GAME, RESULT, BGG, WHEN);
  const link = new URL(bgStatsLink(play));
  assert.equal(`${link.origin}${link.pathname}`, BG_STATS);
  assert.deepEqual([...link.searchParams.keys()], ["data"]);
  assert.deepEqual(JSON.parse(/** @type {string} */ (link.searchParams.get("data"))), play);
});

test("hostile names go through the link and the file unchanged, as data", () => {
  const result = structuredClone(RESULT);
  HOSTILE_NAMES.slice(0, 3).forEach((name, i) => (result.players[i].name = name));
  const link = bgStatsLink(bgStatsPlay(GAME, result, BGG, WHEN));
  assert.doesNotMatch(link, /[<>"'` ]/);
  const back = JSON.parse(/** @type {string} */ (new URL(link).searchParams.get("data")));
  assert.deepEqual(back.players.map((/** @type {any} */ p) => p.name), HOSTILE_NAMES.slice(0, 3));
  assert.deepEqual(JSON.parse(resultFile(result, WHEN).text), result);
});

test("the JSON file is the result, named after the game and the time", () => {
  const file = resultFile(RESULT, WHEN);
  assert.equal(file.name, "probe-2024-03-09-20-05.json");
  assert.deepEqual(JSON.parse(file.text), RESULT);
  assert.equal(playDate(new Date(2024, 11, 31, 0, 0, 0)), "2024-12-31 00:00:00");
});
