// Python's values: int, bool (kept until arithmetic), None as null, lists and tuples as arrays.

/**
 * What a scoring computes or an end state holds: a number, a flag, a choice's id, null (an
 * empty choice), a pile or a key (a list), a row of a rows input (an object): a JSON value.
 * @typedef {import("../../../tools/typecheck/export").Json} Value
 * @typedef {{[key: string]: Value}} Row  a player's inputs (or a row of a rows input), by id
 */

/** A bool as 0 or 1; anything else is the number it is. @param {Value | undefined} x @returns {number} */
export const num = (x) => (typeof x == "boolean" ? +x : /** @type {number} */ (x));

/** Python truthiness. @param {Value | undefined} x */
export const truthy = (x) => (Array.isArray(x) ? x.length > 0 : !!x);

/** Python ==. @param {Value | undefined} a @param {Value | undefined} b @returns {boolean} */
export const eq = (a, b) =>
  Array.isArray(a) || Array.isArray(b)
    ? Array.isArray(a) && Array.isArray(b) && a.length == b.length && a.every((x, k) => eq(x, b[k]))
    : typeof a == "string" || typeof b == "string" || a == null || b == null ? a === b : num(a) === num(b);

/** Python's ordering as -1, 0, 1. @param {Value | undefined} a @param {Value | undefined} b @returns {number} */
export function cmp(a, b) {
  if (Array.isArray(a) && Array.isArray(b)) {
    const k = a.findIndex((x, k) => k >= b.length || !eq(x, b[k]));
    return k < 0 ? (a.length < b.length ? -1 : 0) : k < b.length ? cmp(a[k], b[k]) : 1;
  }
  const [x, y] = [num(a), num(b)];
  return x < y ? -1 : +(x > y);
}

/** Python // (exact for safe integers). @param {Value} a @param {number} b */
export const floorDiv = (a, b) => Math.floor(num(a) / b);
