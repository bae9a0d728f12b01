import type { Halving } from '@poolkit/core/contract';
import { type CountdownParts, splitDuration } from '@poolkit/core/domain';

/**
 * The time left to a halving card's estimated date, ticking with `nowMs`. The server's coin list
 * estimates the halving height and its date together (core's `coinHalvingCountdown`, with the
 * coin's halving anchor); the card counts down to that date instead of estimating the halving a
 * second time, so the days it shows cannot disagree with the height and date beside them (the
 * home page once counted ZEC from multiples of its interval: 1,251 days to a date 700 days away).
 */
export function halvingTimeLeft(
  halving: Pick<Halving, 'estimated_at'>,
  nowMs: number,
): CountdownParts {
  return splitDuration(Date.parse(halving.estimated_at) - nowMs);
}
