/**
 * A small seeded PRNG (xorshift32, its seed scrambled by a multiplicative hash) and helpers, so that every run
 * builds the same requests and draws the same traffic. The bench's own: it imports nothing from the server.
 */

/** A function returning floats in [0, 1), the same sequence for the same `seed`. */
export function createRandom(seed) {
  let state = Math.imul(seed ^ 0x5bd1e995, 0x9e3779b9) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
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
