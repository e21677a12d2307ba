// A stacked bar per player: each category's share of the score, on one scale for all
// players, with a legend. Built with DOM APIs (kit.js); names and labels are text nodes
// and <title> elements, never markup. Negative amounts (penalties) have no bar segment;
// the total beside the bar stays the real one.

import { el, svg } from "./kit.js";

/**
 * @typedef {import("../../../tools/typecheck/export").Export} Export
 * @typedef {import("./runtime.js").Result} Result
 * @typedef {{scoring: Pick<Export["scoring"], "kind" | "categories">}} Charted  what the chart reads of the export
 */

/** A category's colour: hues spread by the golden angle, so neighbours differ. @param {number} k */
export const colour = (k) => `hsl(${Math.round((k * 137.508) % 360)} 60% 48%)`;

/**
 * The segments of each player's bar: [{id, label, amount, x, width}] in viewBox units (0-100).
 * @param {Charted} game @param {Pick<Result, "players">} result
 */
export function segments(game, result) {
  const categories = game.scoring.categories.filter((c) =>
    result.players.some((p) => (p.breakdown?.[c.id] ?? 0) > 0));
  const sums = result.players.map((p) =>
    categories.reduce((t, c) => t + Math.max(0, p.breakdown[c.id] ?? 0), 0));
  const scale = Math.max(1, ...sums);
  return {
    categories,
    bars: result.players.map((p) => {
      let x = 0;
      return categories.flatMap((c, k) => {
        const amount = p.breakdown[c.id] ?? 0;
        if (amount <= 0) return [];
        const width = (amount / scale) * 100;
        const part = { id: c.id, label: c.label, amount, colour: colour(k), x, width };
        x += width;
        return [part];
      });
    }),
  };
}

/**
 * The chart, or null when it would mean nothing (no points, or one category only).
 * @param {Charted} game the export @param {Pick<Result, "players">} result score()'s result @param {import("./kit.js").Words} w
 */
export function chart(game, result, w) {
  // A chart says something only when points add up from several categories: not for a
  // ranking key (Nile's piles are compared, never summed) nor for a single category.
  const points = game.scoring.kind === "points";
  if (!points) return null;
  const { categories, bars } = segments(game, result);
  if (categories.length < 2) return null;
  const amount = (/** @type {number} */ n) => w.count("points", n);
  const rows = result.players.map((p, i) => {
    const total = /** @type {number} */ (p.total); // a game of points: every player has one
    const summary = `${p.name}${w.colon()}${amount(total)}`;
    return el("div", { class: "rb-chart-row", "data-chart-player": i },
      el("span", { class: "rb-chart-name", text: p.name }),
      svg("svg", { viewBox: "0 0 100 10", preserveAspectRatio: "none", role: "img", "aria-label": summary, focusable: "false" },
        svg("title", { text: summary }),
        bars[i].map((s) => svg("rect", {
          x: s.x.toFixed(3), y: 0, width: s.width.toFixed(3), height: 10, fill: s.colour, "data-segment": s.id,
        }, svg("title", { text: `${s.label}${w.colon()}${amount(s.amount)}` })))),
      el("span", { class: "rb-chart-total", text: w.num(total) }));
  });
  const legend = el("ul", { class: "rb-chart-legend" }, categories.map((c, k) =>
    el("li", {}, el("span", { class: "rb-swatch", style: { "background-color": colour(k) } }), c.label)));
  return el("figure", { class: "rb-chart", "data-chart": "" }, el("figcaption", { text: w.t("calc_chart") }), rows, legend);
}
