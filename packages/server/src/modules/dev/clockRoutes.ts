import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OffsetClock } from '../../clock';
import { ERROR_CODES } from '../../contract';
import { HttpError } from '../../http/httpError';

/** The longest single move: a mistyped figure should not throw the demo a year ahead. */
export const MAX_CLOCK_ADVANCE_MS = 31 * 24 * 3_600_000;

const advanceBodySchema = z.object({
  advanceMs: z.number().int().positive().max(MAX_CLOCK_ADVANCE_MS),
});

/**
 * Development calls on the server's clock (not in the contract, like the development outbox;
 * never registered in production, so they answer 404 there):
 *
 * - `GET /api/dev/clock` answers `{now, offsetMs}`: the server's time as ISO-8601 and how far it
 *   runs ahead of the wall clock.
 * - `POST /api/dev/clock {advanceMs}` moves it forward (1 ms up to 31 days; 400 naming
 *   `advanceMs` otherwise). Every scheduled job reads this clock and polls it each second, so
 *   within a couple of seconds the engine settles the day that closed, and the daily jobs of
 *   contracts, red packets and rewards run, as they would have on the day. The end-to-end tests
 *   use it to see "the next day" without waiting one.
 */
export function registerDevClockRoutes(app: FastifyInstance, clock: OffsetClock): void {
  if (app.platform.config.env === 'production') return;
  const answer = () => ({
    code: 0,
    msg: 'success',
    data: { now: new Date(clock.now()).toISOString(), offsetMs: clock.offsetMs() },
  });
  app.get('/api/dev/clock', async () => answer());
  app.post('/api/dev/clock', async (request) => {
    const parsed = advanceBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const message = `advanceMs: a whole number of milliseconds from 1 to ${MAX_CLOCK_ADVANCE_MS}`;
      throw new HttpError(400, ERROR_CODES.validation, message, {
        fields: [{ field: 'advanceMs', message }],
      });
    }
    clock.advance(parsed.data.advanceMs);
    app.log.info({ offsetMs: clock.offsetMs() }, 'development clock moved forward');
    return answer();
  });
}
