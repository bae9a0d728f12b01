import { oidcFinishSchema } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAppContext } from '../../context';
import { queryRows } from '../../engine/sql';
import { testDrivers } from '../../testing/testDatabase';
import { grantOperator } from '../admin/operators';
import { DEMO_USER, seedDemoUser } from './demo';
import { oidcLoginSuite, T0 } from './oidcLoginTesting';
import { callApi, loginByEmail, registerByEmail } from './testHelpers';

describe.each(testDrivers)('third-party login (OpenID Connect) on %s', (driver) => {
  const suite = oidcLoginSuite(driver);
  const { clock, start, linkValidation, roundTrip, identityCount, identitiesOf, logActions } =
    suite;

  it('should list the configured providers and say WeChat is not configured', async () => {
    const list = await callApi(suite.app, 'GET', '/oidc/providers');
    expect(list.data).toEqual({
      list: [
        { id: 'testid', name: 'Test ID' },
        { id: 'plainid', name: 'Plain ID' },
        { id: 'demo', name: 'Demo ID' },
      ],
    });
    const wechat = await start('login', undefined, 'wechat');
    expect(wechat.status).toBe(404);
    expect(wechat.msg).toBe('WeChat sign-in is not configured on this pool');
    expect((await start('login', undefined, 'nobody')).status).toBe(404);
    expect((await start('link', undefined, 'testid', 'vt_no_session')).status).toBe(401);
  });

  it('should register a new user, then sign the same identity in again', async () => {
    const first = await roundTrip({
      custom: { sub: 'new-1', name: 'New One', email: 'OidcNew1@example.com', verified: true },
    });
    expect(first.status).toBe(200);
    const registered = oidcFinishSchema.parse(first.data);
    expect(registered).toMatchObject({ status: 'ok', registered: true, linked: false });
    if (registered.status !== 'ok') throw new Error('not signed in');
    const info = await callApi(suite.app, 'GET', '/users/info', { token: registered.token });
    expect(info.status).toBe(200);
    expect(info.data.email).toBe('o***@example.com');
    expect(info.data.username).toBe('oidcnew1');
    expect(info.data.google_login).toBe(true);
    const identities = await identitiesOf(registered.token);
    expect(identities.password_set).toBe(false);
    expect(identities.list).toEqual([
      expect.objectContaining({
        provider: 'testid',
        provider_name: 'Test ID',
        email: 'oidcnew1@example.com',
      }),
    ]);
    // The only way to sign in is never unlinked.
    const last = await callApi(suite.app, 'DELETE', `/users/identities/${identities.list[0]?.id}`, {
      token: registered.token,
    });
    expect(last.status).toBe(409);
    expect(last.msg).toMatch(/only way to sign in/);

    const again = oidcFinishSchema.parse(
      (await roundTrip({ custom: { sub: 'new-1', name: 'New One' } })).data,
    );
    expect(again).toMatchObject({ status: 'ok', registered: false, linked: false });
    if (again.status !== 'ok') throw new Error('not signed in');
    expect(
      (await callApi(suite.app, 'GET', '/users/info', { token: again.token })).data.username,
    ).toBe('oidcnew1');
    expect(await logActions('oidcnew1')).toEqual([
      'registered_with_provider',
      'identity_linked',
      'login',
      'login',
    ]);
  });

  it('should link to an existing account by verified email and tell the user', async () => {
    const { token } = await registerByEmail(
      suite.app,
      'oidcalice',
      'oidcalice@example.com',
      'Secret123',
    );
    const answer = oidcFinishSchema.parse((await roundTrip({ sub: 'alice-1' })).data);
    expect(answer).toMatchObject({ status: 'ok', registered: false, linked: true });
    const identities = await identitiesOf(token);
    expect(identities.password_set).toBe(true);
    expect(identities.list).toHaveLength(1);
    expect(await logActions('oidcalice')).toContain('identity_linked');
    const messages = await callApi(suite.app, 'GET', '/messages', { token });
    expect(messages.status).toBe(200);
    expect(JSON.stringify(messages.data)).toMatch(/third-party sign-in/i);
  });

  it('should refuse to link by an unverified email', async () => {
    await registerByEmail(suite.app, 'oidcbob1', 'oidcbob@example.com', 'Secret123');
    const answer = await roundTrip({
      custom: { sub: 'bob-x', name: 'Bob', email: 'oidcbob@example.com', verified: false },
    });
    expect(answer.status).toBe(409);
    expect(answer.fields?.[0]?.field).toBe('email');
    const rows = await queryRows<{ n: number }>(
      suite.database.db,
      sql`SELECT count(*)::int AS n FROM user_identities WHERE subject = 'bob-x'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('should never link by email at a provider not marked trusted, and link from settings after the password', async () => {
    await registerByEmail(suite.app, 'oidcpaul', 'oidcpaul@example.com', 'Secret123');
    // Plain ID vouches for the email, but it is not trusted: no link, the usual way on instead.
    const refused = await roundTrip(
      { custom: { sub: 'paul-1', name: 'Paul', email: 'oidcpaul@example.com', verified: true } },
      'login',
      undefined,
      'plainid',
    );
    expect(refused.status).toBe(409);
    expect(refused.fields?.[0]?.field).toBe('email');
    expect(refused.msg).toBe(
      'An account with this email already exists. Sign in with your password, then link Plain ID in settings',
    );
    expect(await identityCount('paul-1')).toBe(0);
    const users = await queryRows<{ n: number }>(
      suite.database.db,
      sql`SELECT count(*)::int AS n FROM users WHERE username LIKE 'oidcpaul%'`,
    );
    expect(users[0]?.n).toBe(1);

    const signedIn = await loginByEmail(
      suite.app,
      'oidcpaul@example.com',
      'Secret123',
      '10.40.0.1',
    );
    expect(signedIn.status).toBe(200);
    const linked = await roundTrip(
      { custom: { sub: 'paul-1', name: 'Paul', email: 'oidcpaul@example.com', verified: true } },
      'link',
      signedIn.data.token,
      'plainid',
      await linkValidation(signedIn.data.token, 'oidcpaul@example.com'),
    );
    expect(linked.data).toEqual({ status: 'linked', provider: 'plainid' });
    const again = oidcFinishSchema.parse(
      (await roundTrip({ custom: { sub: 'paul-1', name: 'Paul' } }, 'login', undefined, 'plainid'))
        .data,
    );
    expect(again).toMatchObject({ status: 'ok', registered: false, linked: false });
  });

  it('should never link an operator by email, even at a trusted provider', async () => {
    await registerByEmail(suite.app, 'oidcoper', 'oidcoper@example.com', 'Secret123');
    const [operator] = await queryRows<{ id: string }>(
      suite.database.db,
      sql`SELECT id::text AS id FROM users WHERE username = 'oidcoper'`,
    );
    if (operator === undefined) throw new Error('no operator');
    await grantOperator(suite.database.db, operator.id, null, T0);
    const refused = await roundTrip({
      custom: { sub: 'oper-x', name: 'Op', email: 'OidcOper@example.com', verified: true },
    });
    expect(refused.status).toBe(409);
    expect(refused.fields?.[0]?.field).toBe('email');
    expect(refused.msg).toBe(
      'An account with this email already exists. Sign in with your password, then link Test ID in settings',
    );
    expect(await identityCount('oper-x')).toBe(0);
  });

  it('should register a new user of an untrusted provider without taking its email', async () => {
    const answer = oidcFinishSchema.parse(
      (
        await roundTrip(
          {
            custom: {
              sub: 'quinn-1',
              name: 'Quinn',
              email: 'oidcquinn@example.com',
              verified: true,
            },
          },
          'login',
          undefined,
          'plainid',
        )
      ).data,
    );
    expect(answer).toMatchObject({ status: 'ok', registered: true, linked: false });
    if (answer.status !== 'ok') throw new Error('not signed in');
    const info = await callApi(suite.app, 'GET', '/users/info', { token: answer.token });
    expect(info.data.username).toBe('oidcquinn');
    expect(info.data.email).toBeNull();
    // The address is still free for its owner to register with.
    const owner = await registerByEmail(
      suite.app,
      'quinnreal',
      'oidcquinn@example.com',
      'Secret123',
    );
    expect(owner.token).toEqual(expect.any(String));
  });

  it("should sign the demo user in through Demo ID's preset identity, which the demo seed links", async () => {
    const context = createAppContext({
      database: suite.database,
      clock,
      config: suite.app.platform.config,
      mailer: { send: async () => {} },
    });
    expect(await seedDemoUser(context)).toBe(true);
    expect(await seedDemoUser(context)).toBe(false);
    expect(await identityCount('demo-id-1')).toBe(1);
    const preset = oidcFinishSchema.parse(
      (
        await roundTrip(
          { custom: { sub: 'demo-id-1', name: 'Demo Miner' } },
          'login',
          undefined,
          'demo',
        )
      ).data,
    );
    expect(preset).toMatchObject({ status: 'ok', registered: false, linked: false });
    if (preset.status !== 'ok') throw new Error('not signed in');
    const info = await callApi(suite.app, 'GET', '/users/info', { token: preset.token });
    expect(info.data.username).toBe(DEMO_USER.username);
    // Anyone else typing the demo user's email at Demo ID gets no link.
    const typed = await roundTrip(
      { custom: { sub: 'demo-typed', name: 'Eve', email: DEMO_USER.email, verified: true } },
      'login',
      undefined,
      'demo',
    );
    expect(typed.status).toBe(409);
    expect(await identityCount('demo-typed')).toBe(0);
  });
});
