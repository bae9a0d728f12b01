/** A seeded pseudo-random generator: returns floats in `[0, 1)`. */
export type Random = () => number;

/**
 * Mulberry32: a small, fast 32-bit PRNG, good enough for a simulation (not for secrets).
 *
 * @example
 * const random = mulberry32(42); random(); // always the same first value for seed 42
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a hash of the parts joined by `|`, as an unsigned 32-bit integer. */
export function hashString(...parts: readonly (string | number)[]): number {
  const text = parts.join('|');
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A float in `[0, 1)` that depends only on the parts. */
export function hashUnit(...parts: readonly (string | number)[]): number {
  return mulberry32(hashString(...parts))();
}

/** A Poisson-distributed count with mean `lambda` (Knuth for small means, normal beyond). */
export function poisson(random: Random, lambda: number): number {
  if (!(lambda > 0)) return 0;
  if (lambda > 50) {
    const u1 = Math.max(random(), Number.EPSILON);
    const u2 = random();
    const normal = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * normal));
  }
  const limit = Math.exp(-lambda);
  let count = 0;
  let product = random();
  while (product > limit) {
    count += 1;
    product *= random();
  }
  return count;
}
