import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock';
import { type AppContext, createAppContext } from '../../context';
import type { Database } from '../../db/connect';
import type { HttpError } from '../../http/httpError';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { createUser } from './users';

/** What each of `calls` settled to: the new user's id, or the refusal's status and field. */
async function outcomes(calls: Promise<string>[]): Promise<string[]> {
  return (await Promise.allSettled(calls)).map((outcome) =>
    outcome.status === 'fulfilled'
      ? 'created'
      : `${(outcome.reason as HttpError).status} ${(outcome.reason as HttpError).fields?.[0]?.field}`,
  );
}

describe.each(testDrivers)('racing registrations on %s', (driver) => {
  let database: Database;
  let context: AppContext;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    context = createAppContext({
      database,
      clock: createManualClock(Date.UTC(2026, 3, 1, 9)),
      config: testConfig(),
      mailer: { send: async () => {} },
    });
  });

  afterAll(async () => {
    await database?.close();
  });

  // Both pass the check for a taken name before either writes; the unique index decides, and
  // the loser's answer names what was taken.
  it('should create one of four users racing for one name and refuse the rest on username', async () => {
    const answers = await outcomes(
      [1, 2, 3, 4].map((index) =>
        createUser(context, {
          username: 'racer001',
          email: `racer${index}@example.com`,
          passwordHash: 'unused',
        }),
      ),
    );
    expect(answers.sort()).toEqual(['409 username', '409 username', '409 username', 'created']);
  });

  it('should create one of four users racing for one email and refuse the rest on email', async () => {
    const answers = await outcomes(
      [1, 2, 3, 4].map((index) =>
        createUser(context, {
          username: `mailer0${index}`,
          email: 'shared@example.com',
          passwordHash: 'unused',
        }),
      ),
    );
    expect(answers.sort()).toEqual(['409 email', '409 email', '409 email', 'created']);
  });

  it('should create one of four users racing for one phone and refuse the rest on phone', async () => {
    const answers = await outcomes(
      [1, 2, 3, 4].map((index) =>
        createUser(context, {
          username: `phoner0${index}`,
          countryCode: '+86',
          phone: '13800138000',
          passwordHash: 'unused',
        }),
      ),
    );
    expect(answers.sort()).toEqual(['409 phone', '409 phone', '409 phone', 'created']);
  });
});
