import { linkedIdentityListSchema } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import type { Database, DatabaseDriver } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { type DemoProvider, startDemoOidcProvider } from '../../oidc/demoProvider';
import { atProvider, type Person } from '../../oidc/testBrowser';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase } from '../../testing/testDatabase';
import { callApi, secondValidation } from './testHelpers';

export const T0 = Date.UTC(2026, 3, 2, 8);
const CLIENT = { clientId: 'pool-test', clientSecret: 'pool-test-secret' };

/**
 * The app of a third-party login suite on `driver`, started before its tests and closed after:
 * a demo provider (with the preset identity `alice-1`) configured three times, as `testid`
 * (trusted), `plainid` (not marked trusted) and `demo` (as `main.ts` offers Demo ID), and the
 * helpers the tests share.
 */
export function oidcLoginSuite(driver: DatabaseDriver) {
  const clock = createManualClock(T0);
  let provider: DemoProvider;
  const suite = {
    clock,
    app: undefined as unknown as FastifyInstance,
    database: undefined as unknown as Database,

    async start(
      purpose: 'login' | 'link',
      token?: string,
      providerId = 'testid',
      validationToken?: string,
    ) {
      return callApi(suite.app, 'POST', '/oidc/start', {
        body: {
          provider: providerId,
          purpose,
          ...(validationToken === undefined ? {} : { validation_token: validationToken }),
        },
        ...(token === undefined ? {} : { token }),
      });
    },

    /**
     * A fresh `link_identity` second validation of the user signed in with `token`, by the code
     * sent to `email`. An address takes a new code of a scene once a minute: the clock moves on.
     */
    async linkValidation(token: string, email: string, scene = 'link_identity') {
      clock.advance(61_000);
      return secondValidation(suite.app, token, email, scene);
    },

    async roundTrip(
      person: Person,
      purpose: 'login' | 'link' = 'login',
      token?: string,
      providerId = 'testid',
      validationToken?: string,
    ) {
      const started = await suite.start(purpose, token, providerId, validationToken);
      expect(started.status).toBe(200);
      const back = await atProvider(started.data.authorization_url, person);
      return callApi(suite.app, 'POST', '/oidc/finish', {
        body: {
          code: back.code,
          state: back.state,
          iss: back.iss,
          browser_binding: started.data.browser_binding,
        },
        ...(token === undefined ? {} : { token }),
      });
    },

    async identityCount(subject: string): Promise<number> {
      const rows = await queryRows<{ n: number }>(
        suite.database.db,
        sql`SELECT count(*)::int AS n FROM user_identities WHERE subject = ${subject}`,
      );
      return rows[0]?.n ?? 0;
    },

    async identitiesOf(token: string) {
      const answer = await callApi(suite.app, 'GET', '/users/identities', { token });
      expect(answer.status).toBe(200);
      return linkedIdentityListSchema.parse(answer.data);
    },

    async logActions(username: string): Promise<string[]> {
      const rows = await queryRows<{ action: string }>(
        suite.database.db,
        sql`SELECT l.action FROM user_logs l JOIN users u ON u.id = l.user_id
            WHERE u.username = ${username} ORDER BY l.id`,
      );
      return rows.map((row) => row.action);
    },
  };

  beforeAll(async () => {
    provider = await startDemoOidcProvider({
      clients: [{ ...CLIENT, redirectUris: 'loopback' }],
      identities: [
        { sub: 'alice-1', name: 'Alice', email: 'oidcalice@example.com', emailVerified: true },
      ],
    });
    suite.database = await openTestDatabase(driver);
    const client = { client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret };
    suite.app = await buildApp({
      config: testConfig({
        OIDC_PROVIDERS: JSON.stringify([
          { id: 'testid', name: 'Test ID', issuer: provider.issuer, ...client, trusted: true },
          // The same provider, not marked trusted (as Demo ID in demo mode).
          { id: 'plainid', name: 'Plain ID', issuer: provider.issuer, ...client },
          // As main.ts offers Demo ID in demo mode.
          { id: 'demo', name: 'Demo ID', issuer: provider.issuer, ...client, trusted: false },
        ]),
      }),
      db: suite.database,
      clock,
    });
  });

  afterAll(async () => {
    await suite.app.close();
    await suite.database.close();
    await provider.close();
  });

  return suite;
}
