/**
 * A small seeded PRNG (mulberry32) and helpers. The seed uses nothing else for randomness,
 * so the same seed always produces the same data.
 */
export type Random = ReturnType<typeof createRandom>;

export function createRandom(seed: number) {
  let state = seed >>> 0;

  /** A float in [0, 1). */
  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  function int(min: number, max: number): number {
    return min + Math.floor(next() * (max - min + 1));
  }

  /** True with the given probability. */
  function chance(probability: number): boolean {
    return next() < probability;
  }

  /** One element of a non-empty list. */
  function pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(next() * items.length)] as T;
  }

  /** One element, chosen with the given relative weights. */
  function weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error("weighted pick from an empty list");
    return last[0];
  }

  /** A shuffled copy (Fisher-Yates). */
  function shuffled<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** `count` distinct elements (all of them if count >= length), in random order. */
  function sample<T>(items: readonly T[], count: number): T[] {
    if (count >= items.length) return shuffled(items);
    // Partial Fisher-Yates on an index map: O(count), fine for large lists.
    const chosen: T[] = [];
    const swapped = new Map<number, number>();
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(next() * (items.length - i));
      const atJ = swapped.get(j) ?? j;
      swapped.set(j, swapped.get(i) ?? i);
      chosen.push(items[atJ] as T);
    }
    return chosen;
  }

  /** `length` characters from `alphabet`. */
  function string(length: number, alphabet: string): string {
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  }

  /** Bytes, e.g. for a deterministic password salt. */
  function bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) out[i] = Math.floor(next() * 256);
    return out;
  }

  return { next, int, chance, pick, weighted, shuffled, sample, string, bytes };
}
