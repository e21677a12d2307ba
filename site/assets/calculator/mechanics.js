// scorer/mechanics.py, function for function.
import { cmp, eq, floorDiv, num, truthy } from "./values.js";

/**
 * @typedef {import("./values.js").Value} Value
 * @typedef {import("./values.js").Row} Row
 * @typedef {{[key: string]: Value}} Detail  how an award came to a player (place, measure, ties)
 * @typedef {[number[], Detail[]]} Award  points and details per player
 */

/** @param {number[]} table @param {Value} index @param {boolean} beyondZero */
export function lookup(table, index, beyondZero) {
  index = Math.max(num(index), 0);
  return index < table.length ? table[index] : beyondZero ? 0 : table[table.length - 1];
}

/** From the largest family, the j-th scores itemValues[j] per item. @param {Value[]} families @param {number[]} itemValues */
export function setCollection(families, itemValues) {
  const ordered = [...families].sort((a, b) => cmp(b, a));
  return itemValues.reduce((total, value, j) => (num(ordered[j]) > 0 ? total + value * num(ordered[j]) : total), 0);
}

/** @param {Value[]} values @param {boolean} descending @param {Value} keep */
export function sortedKey(values, descending, keep) {
  let sorted = [...values].sort(cmp);
  if (keep != null) sorted = sorted.slice(sorted.length - Math.max(0, Math.min(num(keep), sorted.length)));
  return descending ? sorted.reverse() : sorted;
}

/** The group without one player. @param {number[]} group @param {number} player */
const others = (group, player) => group.filter((p) => p != player);

/** Who has ``level``. @param {Value[]} measures @param {Value} level @returns {number[]} */
const holding = (measures, level) => measures.flatMap((m, i) => (eq(m, level) ? [i] : []));

/**
 * @param {Value[]} measures @param {number[]} awards @param {string} ties @param {number} otherPoints
 * @param {number} atLeast @param {number|null} maxGap @returns {Award}
 */
export function rankAward(measures, awards, ties, otherPoints, atLeast, maxGap) {
  const award = (/** @type {number} */ place) => (place < awards.length ? awards[place] : otherPoints);
  /** @type {Value[]} */
  const levels = [];
  for (const m of measures) if (cmp(m, atLeast) >= 0 && !levels.some((l) => eq(l, m))) levels.push(m);
  const groups = levels.sort((x, y) => cmp(y, x)).map((level) => holding(measures, level));
  const points = measures.map(() => 0);
  /** @type {Detail[]} */
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
    const tooFar = place > 0 && maxGap != null && num(measures[groups[0][0]]) - num(measures[group[0]]) > maxGap;
    for (const p of group) {
      points[p] = tooFar ? 0 : each;
      details[p] = { place: place + 1, measure: measures[p], tied_with: others(group, p), gap_too_large: tooFar };
    }
    place += ties == "dense" ? 1 : group.length;
  }
  measures.forEach((measure, p) => (details[p] ??= { place: null, measure, tied_with: [] }));
  return [points, details];
}

/** The first best measure, and who has it if it is at least atLeast. @param {Value[]} measures @param {number} atLeast */
function best(measures, atLeast) {
  const top = measures.reduce((b, x) => (cmp(x, b) > 0 ? x : b), measures.length ? measures[0] : 0);
  return { best: top, won: cmp(top, atLeast) >= 0 ? holding(measures, top) : [] };
}

/** Award points: one number for everyone, or one per player. @param {number|number[]} points @param {number} i */
const each = (points, i) => (Array.isArray(points) ? points[i] : points);

/** @param {Value[]} measures @param {number|number[]} points @param {number} atLeast @returns {Award} */
export function most(measures, points, atLeast) {
  const { best: top, won } = best(measures, atLeast);
  return [
    measures.map((_, i) => (won.includes(i) ? each(points, i) : 0)),
    measures.map((measure, i) => ({ measure, best: top, won: won.includes(i), tied_with: others(won, i) })),
  ];
}

/**
 * @param {Value[]} measures @param {Value[]} holders @param {number|number[]} holderPoints @param {number|number[]} otherPoints
 * @param {number} atLeast @returns {Award}
 */
export function heldAward(measures, holders, holderPoints, otherPoints, atLeast) {
  if (!holders.some(truthy)) return [measures.map(() => 0), measures.map((measure) => ({ measure, active: false }))];
  const { best: top, won } = best(measures, atLeast);
  return [
    measures.map((_, i) => (won.includes(i) ? each(truthy(holders[i]) ? holderPoints : otherPoints, i) : 0)),
    measures.map((measure, i) => ({ measure, best: top, active: true, won: won.includes(i), holder: truthy(holders[i]), tied_with: others(won, i) })),
  ];
}

/**
 * For each player, ``aggregate`` of values over the players ``offsets`` seats away; seats are
 * the players' order or ``seats`` (1..n); a player is never their own neighbour.
 * @param {Value[]} values @param {number[]} offsets @param {Value[]|null} seats @param {string} aggregate
 */
export function neighbours(values, offsets, seats, aggregate) {
  const count = values.length;
  const bySeat = [...values.keys()];
  if (seats) bySeat.sort((a, b) => cmp(seats[a], seats[b]));
  /** @type {number[]} */
  const seatOf = [];
  bySeat.forEach((player, place) => (seatOf[player] = place));
  return values.map((_, player) => {
    const found = offsets.filter((o) => ((o % count) + count) % count).map((o) => num(values[bySeat[(((seatOf[player] + o) % count) + count) % count]]));
    if (!found.length) return 0;
    return aggregate == "sum" ? found.reduce((x, y) => x + y, 0) : Math[aggregate == "maximum" ? "max" : "min"](...found);
  });
}

/**
 * Every way to put ``units`` identical units into ``slots`` slots, the first slot fullest first.
 * @param {number} units @param {number} slots @returns {Generator<number[], void, undefined>}
 */
function* placements(units, slots) {
  if (slots == 1) {
    yield [units];
    return;
  }
  for (let first = units; first >= 0; first--) for (const rest of placements(units - first, slots - 1)) yield [first, ...rest];
}

/**
 * The largest target over every placement of wildcards among the named inputs of a player.
 * @param {Value} wildcards @param {(trial: Row) => Value} target @param {Row} player @param {string[]} among
 */
export function bestAssignment(wildcards, target, player, among) {
  let best = null;
  for (const placement of placements(Math.max(num(wildcards), 0), among.length)) {
    const trial = { ...player };
    among.forEach((name, k) => (trial[name] = num(trial[name]) + placement[k]));
    const found = num(target(trial));
    if (best === null || found > best) best = found;
  }
  return best ?? 0;
}
