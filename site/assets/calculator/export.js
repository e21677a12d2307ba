// A result leaves the calculator two ways: to the BG Stats app through its documented
// createPlay link (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/:
// the play as URL-encoded JSON in ``data``), and as a JSON file, the object Python's
// ``rulebook score --json`` prints.

/** Where BG Stats takes a play; the app opens it when installed. */
export const BG_STATS = "https://app.bgstatsapp.com/createPlay.html";

/**
 * @typedef {import("../../../tools/typecheck/export").CalculatorExport} CalculatorExport
 * @typedef {import("./runtime.js").Result} Result
 * @typedef {import("./values.js").Value} Value
 * @typedef {{name: string, sourceGameId: string, highestWins: boolean, noPoints: boolean, bggId?: number}} PlayedGame
 * @typedef {{playDate: string, game: PlayedGame, players: {name: string, score?: Value, rank: number | null, winner: boolean}[]}} Play  what createPlay reads
 */

const two = (/** @type {number} */ n) => String(n).padStart(2, "0");

/** "2024-03-09 20:15:00", local time, as BG Stats reads a play date. @param {Date} when */
export const playDate = (when) =>
  `${when.getFullYear()}-${two(when.getMonth() + 1)}-${two(when.getDate())} ${two(when.getHours())}:${two(when.getMinutes())}:${two(when.getSeconds())}`;

/**
 * The play BG Stats imports: the game by its English name and BGG id, each player with score,
 * rank and winner flag (no score for games ranked without points, such as Nile).
 * @param {Pick<CalculatorExport, "game" | "scoring">} game the export @param {Result} result score()'s result
 * @param {{id?: number | null, name?: string} | null | undefined} bgg the game on BoardGameGeek (the island's ``bgg``)
 * @param {Date} [when]
 */
export function bgStatsPlay(game, result, bgg, when = new Date()) {
  const points = game.scoring.kind === "points";
  /** @type {Play} */
  const play = {
    playDate: playDate(when),
    game: { name: bgg?.name || game.game, sourceGameId: game.game, highestWins: true, noPoints: !points },
    players: result.players.map((p) => ({
      name: p.name,
      ...(points ? { score: p.total } : {}),
      rank: p.rank,
      winner: !!p.winner,
    })),
  };
  if (Number.isInteger(bgg?.id)) play.game.bggId = /** @type {number} */ (bgg?.id);
  return play;
}

/** The createPlay link of a play. @param {Play} play */
export const bgStatsLink = (play) => `${BG_STATS}?data=${encodeURIComponent(JSON.stringify(play))}`;

/** The result as a JSON file: its name and text. @param {Result} result @param {Date} [when] */
export function resultFile(result, when = new Date()) {
  const stamp = playDate(when).replace(/[ :]/g, "-").slice(0, 16);
  return { name: `${result.game}-${stamp}.json`, text: `${JSON.stringify(result, null, 2)}\n` };
}

/** Offer a file for download. @param {{name: string, text: string}} file */
export function download(file) {
  const url = URL.createObjectURL(new Blob([file.text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
