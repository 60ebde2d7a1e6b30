/**
 * A small seeded PRNG (mulberry32) and helpers, so that every run builds the same requests and draws the same
 * traffic. The bench's own: it imports nothing from the server.
 */

/** A function returning floats in [0, 1), the same sequence for the same `seed`. */
export function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [0, `count`). */
export const randomIndex = (rand, count) => Math.floor(rand() * count);

/** One element of `list`. */
export const pick = (rand, list) => list[randomIndex(rand, list.length)];

/** A shuffled copy of `list` (Fisher-Yates). */
export function shuffled(rand, list) {
  const copy = [...list];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomIndex(rand, index + 1);
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}
