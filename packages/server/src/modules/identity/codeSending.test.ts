import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import { createAppContext } from '../../context';
import type { Database } from '../../db/connect';
import { testDrivers } from '../../testing/testDatabase';
import { startSession } from './sessions';
import { callApi, useTestApp } from './testHelpers';
import { createUser } from './users';

describe.each(testDrivers)('codes to the signed-in user on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  const clock = createManualClock(Date.UTC(2026, 0, 1));

  useTestApp(driver, clock, (opened) => ({ app, database } = opened));

  it('should refuse a code to the own phone or email when none is bound, naming the field', async () => {
    const context = createAppContext({
      database,
      clock,
      config: app.platform.config,
      mailer: { send: async () => {} },
    });
    // As a user of a provider not marked trusted starts: no password, no address.
    const { token } = await startSession(
      context,
      await createUser(context, { username: 'nobound01', passwordHash: '!' }),
    );

    const sms = await callApi(app, 'POST', '/auth/validation/sms', {
      token,
      body: { scene: 'withdraw' },
    });
    expect(sms.status).toBe(400);
    expect(sms.code).toBe(40000);
    expect(sms.msg).toBe('phone: No phone is bound');
    expect(sms.fields).toEqual([{ field: 'phone', message: 'No phone is bound' }]);

    const email = await callApi(app, 'POST', '/auth/validation/verified-email', {
      token,
      body: { scene: 'withdraw' },
    });
    expect(email.status).toBe(400);
    expect(email.code).toBe(40000);
    expect(email.msg).toBe('email: No email is bound');
    expect(email.fields).toEqual([{ field: 'email', message: 'No email is bound' }]);
  });
});
