import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import { ERROR_CODES, envelopeSchema } from '../../contract';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { healthEndpoint, SERVICE_UNAVAILABLE_CODE } from './routes';

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

describe.each(testDrivers)('GET /api/health on %s', (driver) => {
  it('should report status, driver, version and uptime', async () => {
    const database = await openTestDatabase(driver);
    const clock = createManualClock();
    const app = await buildApp({ config: testConfig(), db: database, clock });
    try {
      clock.advance(42_500);
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      const envelope = envelopeSchema(healthEndpoint.response).parse(response.json());
      expect(envelope).toEqual({
        code: 0,
        msg: 'success',
        data: { status: 'ok', db: driver, version: packageVersion, uptime_s: 42 },
      });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('GET /api/health without a database', () => {
  it('should answer 503 when the database does not answer', async () => {
    const database = await openTestDatabase('pglite', { migrate: false });
    const app = await buildApp({ config: testConfig(), db: database });
    try {
      await database.close();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: SERVICE_UNAVAILABLE_CODE,
        msg: 'The database does not answer',
      });
      expect(SERVICE_UNAVAILABLE_CODE).not.toBe(ERROR_CODES.internal);
    } finally {
      await app.close();
    }
  });
});
