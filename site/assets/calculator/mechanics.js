// scorer/mechanics.py, function for function.
import { cmp, eq, floorDiv, num, truthy } from "./values.js";

/** @typedef {[number[], any[]]} Award  points and details per player */

/** @param {number[]} table @param {any} index @param {boolean} beyondZero */
export function lookup(table, index, beyondZero) {
  index = Math.max(num(index), 0);
  return index < table.length ? table[index] : beyondZero ? 0 : table[table.length - 1];
}

/** From the largest family, the j-th scores itemValues[j] per item. @param {any[]} families @param {number[]} itemValues */
export function setCollection(families, itemValues) {
  const ordered = [...families].sort((a, b) => cmp(b, a));
  return itemValues.reduce((total, value, j) => (num(ordered[j]) > 0 ? total + value * ordered[j] : total), 0);
}

/** @param {any[]} values @param {boolean} descending @param {any} keep */
export function sortedKey(values, descending, keep) {
  let sorted = [...values].sort(cmp);
  if (keep != null) sorted = sorted.slice(sorted.length - Math.max(0, Math.min(num(keep), sorted.length)));
  return descending ? sorted.reverse() : sorted;
}

/** The group without one player. @param {number[]} group @param {number} player */
const others = (group, player) => group.filter((p) => p != player);

/** Who has ``level``. @param {any[]} measures @param {any} level @returns {number[]} */
const holding = (measures, level) => measures.flatMap((m, i) => (eq(m, level) ? [i] : []));

/**
 * @param {any[]} measures @param {number[]} awards @param {string} ties @param {number} otherPoints
 * @param {number} atLeast @param {number|null} maxGap @returns {Award}
 */
export function rankAward(measures, awards, ties, otherPoints, atLeast, maxGap) {
  const award = (/** @type {number} */ place) => (place < awards.length ? awards[place] : otherPoints);
  /** @type {any[]} */
  const levels = [];
  for (const m of measures) if (cmp(m, atLeast) >= 0 && !levels.some((l) => eq(l, m))) levels.push(m);
  const groups = levels.sort((x, y) => cmp(y, x)).map((level) => holding(measures, level));
  const points = measures.map(() => 0);
  /** @type {Record<string, any>[]} */
  const details = [];
  let place = 0;
  for (const group of groups) {
    let each = award(place);
    if (ties.startsWith("pool_")) {
      // The awards of the places the group fills, shared: rounded down, or to the nearest
      // with a half going down.
      const size = group.length;
      let pooled = 0;
      for (let p = place; p < place + size; p++) pooled += award(p);
      each = ties == "pool_floor" ? floorDiv(pooled, size) : floorDiv(2 * pooled + size - 1, 2 * size);
    }
    const tooFar = place > 0 && maxGap != null && measures[groups[0][0]] - measures[group[0]] > maxGap;
    for (const p of group) {
      points[p] = tooFar ? 0 : each;
      details[p] = { place: place + 1, measure: measures[p], tied_with: others(group, p), gap_too_large: tooFar };
    }
    place += ties == "dense" ? 1 : group.length;
  }
  measures.forEach((measure, p) => (details[p] ??= { place: null, measure, tied_with: [] }));
  return [points, details];
}

/** The first best measure, and who has it if it is at least atLeast. @param {any[]} measures @param {number} atLeast */
function best(measures, atLeast) {
  const top = measures.reduce((b, x) => (cmp(x, b) > 0 ? x : b), measures.length ? measures[0] : 0);
  return { best: top, won: cmp(top, atLeast) >= 0 ? holding(measures, top) : [] };
}

/** @param {any[]} measures @param {number} points @param {number} atLeast @returns {Award} */
export function most(measures, points, atLeast) {
  const { best: top, won } = best(measures, atLeast);
  return [
    measures.map((_, i) => (won.includes(i) ? points : 0)),
    measures.map((measure, i) => ({ measure, best: top, won: won.includes(i), tied_with: others(won, i) })),
  ];
}

/**
 * @param {any[]} measures @param {any[]} holders @param {number} holderPoints @param {number} otherPoints
 * @param {number} atLeast @returns {Award}
 */
export function heldAward(measures, holders, holderPoints, otherPoints, atLeast) {
  if (!holders.some(truthy)) return [measures.map(() => 0), measures.map((measure) => ({ measure, active: false }))];
  const { best: top, won } = best(measures, atLeast);
  return [
    measures.map((_, i) => (won.includes(i) ? (truthy(holders[i]) ? holderPoints : otherPoints) : 0)),
    measures.map((measure, i) => ({ measure, best: top, active: true, won: won.includes(i), holder: truthy(holders[i]), tied_with: others(won, i) })),
  ];
}
