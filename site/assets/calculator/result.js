// Ties a faulty input leaves undecided, as scorer/result.py: the ranking keys that read an
// input with a (tiebreak) problem are not compared, and a tie only they could break is
// "undecided" (that player is no winner until the input is fixed).

/** ``decided_by`` of such a tie. */
export const UNDECIDED = "undecided";

/** @typedef {{value: string, better: string}} RankingKey */

/** The ranking keys before the first one that cannot be compared. @param {RankingKey[]} keys @param {string[]} [undecided] */
export function decidedKeys(keys, undecided = []) {
  const stop = keys.findIndex((k) => undecided.includes(k.value));
  return stop < 0 ? keys : keys.slice(0, stop);
}

/** A tie left after the compared keys is undecided when keys were left out. @template {{decided_by: string | null}} P @param {P} placement @param {number} compared @param {number} keys @returns {P} */
export const undecidedTie = (placement, compared, keys) =>
  placement.decided_by == "shared" && compared < keys ? { ...placement, decided_by: UNDECIDED } : placement;
