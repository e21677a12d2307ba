// Python's values: int, bool (kept until arithmetic), None as null, lists and tuples as arrays.

/** A bool as 0 or 1. @param {any} x */
export const num = (x) => (typeof x == "boolean" ? +x : x);

/** Python truthiness. @param {any} x */
export const truthy = (x) => (Array.isArray(x) ? x.length > 0 : !!x);

/** Python ==. @param {any} a @param {any} b @returns {boolean} */
export const eq = (a, b) =>
  Array.isArray(a) || Array.isArray(b)
    ? Array.isArray(a) && Array.isArray(b) && a.length == b.length && a.every((x, k) => eq(x, b[k]))
    : typeof a == "string" || typeof b == "string" || a == null || b == null ? a === b : num(a) === num(b);

/** Python's ordering as -1, 0, 1. @param {any} a @param {any} b @returns {number} */
export function cmp(a, b) {
  if (Array.isArray(a) && Array.isArray(b)) {
    const k = a.findIndex((x, k) => k >= b.length || !eq(x, b[k]));
    return k < 0 ? (a.length < b.length ? -1 : 0) : k < b.length ? cmp(a[k], b[k]) : 1;
  }
  [a, b] = [num(a), num(b)];
  return a < b ? -1 : +(a > b);
}

/** Python // (exact for safe integers). @param {any} a @param {number} b */
export const floorDiv = (a, b) => Math.floor(num(a) / b);
