// scorer/rng.py bit for bit: FNV-1a 32 of the seed, mulberry32, Fisher-Yates from the end.

/** @param {string} text */
export function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h;
}

export class SeededRandom {
  /** @param {string} seed */
  constructor(seed) {
    this.state = fnv1a(seed);
  }

  nextU32() {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1) >>> 0;
    t = (t ^ (t + Math.imul(t ^ (t >>> 7), t | 61))) >>> 0;
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** 0 to bound - 1, exact in doubles. @param {number} bound */
  below(bound) {
    return Math.floor((this.nextU32() * bound) / 2 ** 32);
  }

  /** A shuffled copy. @template T @param {T[]} items */
  shuffled(items) {
    const a = [...items];
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }
}
