// A Storage in memory for the tests of store.js (and the stored-state fuzz suite).

/** ``refuse`` makes every call throw, like a browser in private mode or with a full quota. */
export class MemoryStorage {
  constructor(refuse = false) {
    /** @type {Map<string, string>} */
    this.items = new Map();
    this.refuse = refuse;
  }

  /** @param {string} key */
  getItem(key) {
    if (this.refuse) throw new Error("SecurityError");
    return this.items.has(key) ? this.items.get(key) : null;
  }

  /** @param {string} key @param {string} value */
  setItem(key, value) {
    if (this.refuse) throw new Error("QuotaExceededError");
    this.items.set(key, String(value));
  }

  /** @param {string} key */
  removeItem(key) {
    if (this.refuse) throw new Error("SecurityError");
    this.items.delete(key);
  }
}
