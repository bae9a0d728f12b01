/**
 * Largest-Triangle-Three-Buckets downsampling (Sveinn Steinarsson, "Downsampling Time Series for
 * Visual Representation", 2013): keeps the first and last point and, from each of
 * `threshold - 2` equal buckets in between, the point that forms the largest triangle with the
 * point kept before it and the average of the next bucket. Peaks and dips survive, so a series
 * drawn at one point per pixel looks like the full series.
 *
 * Runs in one pass over the input and returns the kept points themselves (no copies), oldest
 * first. When the input has no more than `threshold` points, or `threshold` is below 3, the input
 * is returned as it is.
 *
 * @param points - sorted by x, with finite coordinates
 * @param threshold - the most points to keep, typically the plot's width in pixels
 * @param x - the point's x (time)
 * @param y - the point's y (value)
 * @example lttb(series, 1200, (p) => p.time, (p) => p.hashrate)
 */
export function lttb<T>(
  points: readonly T[],
  threshold: number,
  x: (point: T) => number,
  y: (point: T) => number,
): readonly T[] {
  const length = points.length;
  const target = Math.floor(threshold);
  if (target >= length || target < 3) return points;
  const first = points[0];
  const last = points[length - 1];
  if (first === undefined || last === undefined) return points;

  const sampled: T[] = [first];
  const bucketSize = (length - 2) / (target - 2);
  let keptX = x(first);
  let keptY = y(first);

  for (let bucket = 0; bucket < target - 2; bucket += 1) {
    // The average of the next bucket is the triangle's third corner.
    const nextStart = Math.floor((bucket + 1) * bucketSize) + 1;
    const nextEnd = Math.min(Math.floor((bucket + 2) * bucketSize) + 1, length);
    let averageX = 0;
    let averageY = 0;
    for (let index = nextStart; index < nextEnd; index += 1) {
      const point = points[index] as T;
      averageX += x(point);
      averageY += y(point);
    }
    const nextCount = nextEnd - nextStart;
    if (nextCount > 0) {
      averageX /= nextCount;
      averageY /= nextCount;
    } else {
      averageX = x(last);
      averageY = y(last);
    }

    const start = Math.floor(bucket * bucketSize) + 1;
    const end = Math.floor((bucket + 1) * bucketSize) + 1;
    let largestArea = -1;
    let chosen = start;
    for (let index = start; index < end; index += 1) {
      const point = points[index] as T;
      // Twice the triangle's area; the factor does not change which point is largest.
      const area = Math.abs(
        (keptX - averageX) * (y(point) - keptY) - (keptX - x(point)) * (averageY - keptY),
      );
      if (area > largestArea) {
        largestArea = area;
        chosen = index;
      }
    }
    const kept = points[chosen] as T;
    sampled.push(kept);
    keptX = x(kept);
    keptY = y(kept);
  }
  sampled.push(last);
  return sampled;
}

/**
 * The index of the first point whose x is at least `value` in a series sorted by x (binary
 * search); `points.length` when every point is before it.
 */
export function lowerBound<T>(
  points: readonly T[],
  value: number,
  x: (point: T) => number,
): number {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (x(points[middle] as T) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index of the point whose x is nearest to `value` in a sorted series; `-1` when empty. */
export function nearestIndex<T>(
  points: readonly T[],
  value: number,
  x: (point: T) => number,
): number {
  if (points.length === 0) return -1;
  const index = lowerBound(points, value, x);
  if (index === 0) return 0;
  if (index >= points.length) return points.length - 1;
  const before = points[index - 1] as T;
  const after = points[index] as T;
  return value - x(before) <= x(after) - value ? index - 1 : index;
}
