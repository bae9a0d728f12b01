import { ERROR_CODES, linkedIdentityListSchema, oidcFinishSchema } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createManualClock } from '../../clock';
import { createAppContext } from '../../context';
import type { Database } from '../../db/connect';
import { queryRows } from '../../engine/sql';
import { type DemoProvider, startDemoOidcProvider } from '../../oidc/demoProvider';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase, testDrivers } from '../../testing/testDatabase';
import { grantOperator } from '../admin/operators';
import { DEMO_USER, seedDemoUser } from './demo';
import { callApi, loginByEmail, registerByEmail, secondValidation } from './testHelpers';

const T0 = Date.UTC(2026, 3, 2, 8);
const CLIENT = { clientId: 'pool-test', clientSecret: 'pool-test-secret' };

/** Who to be at the provider: a preset `sub` or a typed-in identity. */
type Person =
  | { sub: string }
  | { custom: { sub: string; name: string; email?: string; verified?: boolean } };

/**
 * Plays the browser at the provider: opens the authorisation address, signs in as `person`
 * (the provider's sign-in form) and answers the parameters it sends back to the redirect page.
 */
async function atProvider(authorizationUrl: string, person: Person) {
  const url = new URL(authorizationUrl);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const form = new URLSearchParams(url.searchParams);
  if ('sub' in person) form.set('sub', person.sub);
  else {
    form.set('custom_sub', person.custom.sub);
    form.set('custom_name', person.custom.name);
    if (person.custom.email !== undefined) form.set('custom_email', person.custom.email);
    if (person.custom.verified === true) form.set('custom_verified', '1');
  }
  const answer = await fetch(new URL('/authorize', url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  const back = new URL(answer.headers.get('location') ?? '');
  return {
    redirect: `${back.origin}${back.pathname}`,
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    iss: back.searchParams.get('iss') ?? '',
  };
}

describe.each(testDrivers)('third-party login (OpenID Connect) on %s', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let provider: DemoProvider;
  const clock = createManualClock(T0);

  async function start(
    purpose: 'login' | 'link',
    token?: string,
    providerId = 'testid',
    validationToken?: string,
  ) {
    return callApi(app, 'POST', '/oidc/start', {
      body: {
        provider: providerId,
        purpose,
        ...(validationToken === undefined ? {} : { validation_token: validationToken }),
      },
      ...(token === undefined ? {} : { token }),
    });
  }

  /**
   * A fresh `link_identity` second validation of the user signed in with `token`, by the code
   * sent to `email`. An address takes a new code of a scene once a minute: the clock moves on.
   */
  async function linkValidation(token: string, email: string, scene = 'link_identity') {
    clock.advance(61_000);
    return secondValidation(app, token, email, scene);
  }

  async function roundTrip(
    person: Person,
    purpose: 'login' | 'link' = 'login',
    token?: string,
    providerId = 'testid',
    validationToken?: string,
  ) {
    const started = await start(purpose, token, providerId, validationToken);
    expect(started.status).toBe(200);
    const back = await atProvider(started.data.authorization_url, person);
    return callApi(app, 'POST', '/oidc/finish', {
      body: {
        code: back.code,
        state: back.state,
        iss: back.iss,
        browser_binding: started.data.browser_binding,
      },
      ...(token === undefined ? {} : { token }),
    });
  }

  async function identityCount(subject: string): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM user_identities WHERE subject = ${subject}`,
    );
    return rows[0]?.n ?? 0;
  }

  async function identitiesOf(token: string) {
    const answer = await callApi(app, 'GET', '/users/identities', { token });
    expect(answer.status).toBe(200);
    return linkedIdentityListSchema.parse(answer.data);
  }

  async function logActions(username: string): Promise<string[]> {
    const rows = await queryRows<{ action: string }>(
      database.db,
      sql`SELECT l.action FROM user_logs l JOIN users u ON u.id = l.user_id
          WHERE u.username = ${username} ORDER BY l.id`,
    );
    return rows.map((row) => row.action);
  }

  beforeAll(async () => {
    provider = await startDemoOidcProvider({
      clients: [{ ...CLIENT, redirectUris: 'loopback' }],
      identities: [
        { sub: 'alice-1', name: 'Alice', email: 'oidcalice@example.com', emailVerified: true },
      ],
    });
    database = await openTestDatabase(driver);
    app = await buildApp({
      config: testConfig({
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'testid',
            name: 'Test ID',
            issuer: provider.issuer,
            client_id: CLIENT.clientId,
            client_secret: CLIENT.clientSecret,
            trusted: true,
          },
          // The same provider, not marked trusted (as Demo ID in demo mode).
          {
            id: 'plainid',
            name: 'Plain ID',
            issuer: provider.issuer,
            client_id: CLIENT.clientId,
            client_secret: CLIENT.clientSecret,
          },
          // As main.ts offers Demo ID in demo mode.
          {
            id: 'demo',
            name: 'Demo ID',
            issuer: provider.issuer,
            client_id: CLIENT.clientId,
            client_secret: CLIENT.clientSecret,
            trusted: false,
          },
        ]),
      }),
      db: database,
      clock,
    });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    await provider.close();
  });

  it('should list the configured providers and say WeChat is not configured', async () => {
    const list = await callApi(app, 'GET', '/oidc/providers');
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
    const info = await callApi(app, 'GET', '/users/info', { token: registered.token });
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
    const last = await callApi(app, 'DELETE', `/users/identities/${identities.list[0]?.id}`, {
      token: registered.token,
    });
    expect(last.status).toBe(409);
    expect(last.msg).toMatch(/only way to sign in/);

    const again = oidcFinishSchema.parse(
      (await roundTrip({ custom: { sub: 'new-1', name: 'New One' } })).data,
    );
    expect(again).toMatchObject({ status: 'ok', registered: false, linked: false });
    if (again.status !== 'ok') throw new Error('not signed in');
    expect((await callApi(app, 'GET', '/users/info', { token: again.token })).data.username).toBe(
      'oidcnew1',
    );
    expect(await logActions('oidcnew1')).toEqual([
      'registered_with_provider',
      'identity_linked',
      'login',
      'login',
    ]);
  });

  it('should link to an existing account by verified email and tell the user', async () => {
    const { token } = await registerByEmail(app, 'oidcalice', 'oidcalice@example.com', 'Secret123');
    const answer = oidcFinishSchema.parse((await roundTrip({ sub: 'alice-1' })).data);
    expect(answer).toMatchObject({ status: 'ok', registered: false, linked: true });
    const identities = await identitiesOf(token);
    expect(identities.password_set).toBe(true);
    expect(identities.list).toHaveLength(1);
    expect(await logActions('oidcalice')).toContain('identity_linked');
    const messages = await callApi(app, 'GET', '/messages', { token });
    expect(messages.status).toBe(200);
    expect(JSON.stringify(messages.data)).toMatch(/third-party sign-in/i);
  });

  it('should refuse to link by an unverified email', async () => {
    await registerByEmail(app, 'oidcbob1', 'oidcbob@example.com', 'Secret123');
    const answer = await roundTrip({
      custom: { sub: 'bob-x', name: 'Bob', email: 'oidcbob@example.com', verified: false },
    });
    expect(answer.status).toBe(409);
    expect(answer.fields?.[0]?.field).toBe('email');
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM user_identities WHERE subject = 'bob-x'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('should never link by email at a provider not marked trusted, and link from settings after the password', async () => {
    await registerByEmail(app, 'oidcpaul', 'oidcpaul@example.com', 'Secret123');
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
      database.db,
      sql`SELECT count(*)::int AS n FROM users WHERE username LIKE 'oidcpaul%'`,
    );
    expect(users[0]?.n).toBe(1);

    const signedIn = await loginByEmail(app, 'oidcpaul@example.com', 'Secret123', '10.40.0.1');
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
    await registerByEmail(app, 'oidcoper', 'oidcoper@example.com', 'Secret123');
    const [operator] = await queryRows<{ id: string }>(
      database.db,
      sql`SELECT id::text AS id FROM users WHERE username = 'oidcoper'`,
    );
    if (operator === undefined) throw new Error('no operator');
    await grantOperator(database.db, operator.id, null, T0);
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
    const info = await callApi(app, 'GET', '/users/info', { token: answer.token });
    expect(info.data.username).toBe('oidcquinn');
    expect(info.data.email).toBeNull();
    // The address is still free for its owner to register with.
    const owner = await registerByEmail(app, 'quinnreal', 'oidcquinn@example.com', 'Secret123');
    expect(owner.token).toEqual(expect.any(String));
  });

  it("should sign the demo user in through Demo ID's preset identity, which the demo seed links", async () => {
    const context = createAppContext({
      database,
      clock,
      config: app.platform.config,
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
    const info = await callApi(app, 'GET', '/users/info', { token: preset.token });
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

  it('should refuse a finish without the browser binding of the start, or with another', async () => {
    // The attacker starts a sign-in in their browser and stops at the redirect.
    const attacker = await start('login');
    const back = await atProvider(attacker.data.authorization_url, {
      custom: { sub: 'mallory-1', name: 'Mallory' },
    });
    // The victim's browser opens the link: no binding, or its own from a sign-in it started.
    const missing = await callApi(app, 'POST', '/oidc/finish', {
      body: { code: back.code, state: back.state, iss: back.iss },
    });
    expect(missing.status).toBe(400);
    expect(missing.fields?.[0]?.field).toBe('browser_binding');
    const victim = await start('login');
    const wrong = await callApi(app, 'POST', '/oidc/finish', {
      body: {
        code: back.code,
        state: back.state,
        iss: back.iss,
        browser_binding: victim.data.browser_binding,
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.fields).toEqual([
      {
        field: 'browser_binding',
        message: 'This sign-in was started in another browser or tab, please start again here',
      },
    ]);
    expect(wrong.data).toBeUndefined();
    // The refused state is spent: not even the attacker's own browser finishes it now.
    const spent = await callApi(app, 'POST', '/oidc/finish', {
      body: {
        code: back.code,
        state: back.state,
        iss: back.iss,
        browser_binding: attacker.data.browser_binding,
      },
    });
    expect(spent.status).toBe(400);
    expect(spent.fields?.[0]?.field).toBe('state');
    expect(await identityCount('mallory-1')).toBe(0);
    const stored = await queryRows<{ hash: string }>(
      database.db,
      sql`SELECT browser_binding_hash AS hash FROM oidc_flows WHERE browser_binding_hash IS NOT NULL`,
    );
    expect(stored.map((row) => row.hash)).not.toContain(attacker.data.browser_binding);
  });

  it('should refuse a forged or replayed state and a tampered nonce', async () => {
    const started = await start('login');
    const back = await atProvider(started.data.authorization_url, {
      custom: { sub: 'eve-1', name: 'Eve' },
    });
    const binding = started.data.browser_binding;
    const forged = await callApi(app, 'POST', '/oidc/finish', {
      body: { code: back.code, state: `${back.state}x`, browser_binding: binding },
    });
    expect(forged.status).toBe(400);
    expect(forged.fields?.[0]?.field).toBe('state');
    // The server's nonce no longer matches the one the ID token carries.
    await database.db.execute(sql`UPDATE oidc_flows SET nonce = 'tampered' WHERE used_at IS NULL`);
    const tampered = await callApi(app, 'POST', '/oidc/finish', {
      body: { code: back.code, state: back.state, browser_binding: binding },
    });
    expect(tampered.status).toBe(400);
    expect(tampered.fields?.[0]?.field).toBe('code');
    expect(tampered.msg).toMatch(/nonce/);
    const replayed = await callApi(app, 'POST', '/oidc/finish', {
      body: { code: back.code, state: back.state, browser_binding: binding },
    });
    expect(replayed.status).toBe(400);
    expect(replayed.fields?.[0]?.field).toBe('state');
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM user_identities WHERE subject = 'eve-1'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('should refuse an expired sign-in', async () => {
    const started = await start('login');
    const back = await atProvider(started.data.authorization_url, {
      custom: { sub: 'late-1', name: 'Late' },
    });
    clock.advance(11 * 60_000);
    const late = await callApi(app, 'POST', '/oidc/finish', {
      body: { code: back.code, state: back.state, browser_binding: started.data.browser_binding },
    });
    expect(late.status).toBe(400);
    expect(late.fields?.[0]?.field).toBe('state');
  });

  it('should count a passkey as a way in: an identity is unlinked when the user has one', async () => {
    const signedUp = oidcFinishSchema.parse(
      (
        await roundTrip({
          custom: { sub: 'pk-1', name: 'Passkey Pat', email: 'pkpat@example.com', verified: true },
        })
      ).data,
    );
    if (signedUp.status !== 'ok') throw new Error('not signed in');
    const identities = await identitiesOf(signedUp.token);
    expect(identities.password_set).toBe(false);
    const id = identities.list[0]?.id;
    const refused = await callApi(app, 'DELETE', `/users/identities/${id}`, {
      token: signedUp.token,
    });
    expect(refused.status).toBe(409);
    await database.db.execute(
      sql`INSERT INTO passkeys (user_id, credential_id, public_key, device_type, backed_up, nickname, created_at)
        SELECT id, 'pk-pat-credential', 'key', 'multiDevice', true, 'Laptop', now() FROM users WHERE email = 'pkpat@example.com'`,
    );
    const unlinked = await callApi(app, 'DELETE', `/users/identities/${id}`, {
      token: signedUp.token,
    });
    expect(unlinked.status).toBe(200);
  });

  it('should link and unlink identities of a signed-in user, never the last way in', async () => {
    const { token } = await registerByEmail(app, 'oidccarl', 'oidccarl@example.com', 'Secret123');
    const validation = () => linkValidation(token, 'oidccarl@example.com');
    const linked = await roundTrip(
      { custom: { sub: 'carl-1', name: 'Carl' } },
      'link',
      token,
      'testid',
      await validation(),
    );
    expect(linked.data).toEqual({ status: 'linked', provider: 'testid' });
    // Someone else's identity is not linked twice.
    const taken = await roundTrip(
      { custom: { sub: 'new-1', name: 'New One' } },
      'link',
      token,
      'testid',
      await validation(),
    );
    expect(taken.status).toBe(409);
    // Finishing a link needs the user who started it.
    const started = await start('link', token, 'testid', await validation());
    const back = await atProvider(started.data.authorization_url, {
      custom: { sub: 'carl-2', name: 'Carl' },
    });
    const stranger = await callApi(app, 'POST', '/oidc/finish', {
      body: { code: back.code, state: back.state, browser_binding: started.data.browser_binding },
    });
    expect(stranger.status).toBe(401);

    const identities = await identitiesOf(token);
    expect(identities.list).toHaveLength(1);
    // With a password the identity is not the last way in.
    const id = identities.list[0]?.id;
    expect((await callApi(app, 'DELETE', `/users/identities/${id}`, { token })).status).toBe(200);
    expect((await identitiesOf(token)).list).toEqual([]);
    expect((await callApi(app, 'DELETE', `/users/identities/${id}`, { token })).status).toBe(404);
    expect(await logActions('oidccarl')).toEqual(
      expect.arrayContaining(['identity_linked', 'identity_unlinked']),
    );
  });

  it('should refuse to start a link with a session alone, or with a validation of another scene or user', async () => {
    const { token } = await registerByEmail(app, 'oidclena', 'oidclena@example.com', 'Secret123');
    const other = await registerByEmail(app, 'oidcotto', 'oidcotto@example.com', 'Secret123');
    const linkFlows = async () => {
      const rows = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM oidc_flows f JOIN users u ON u.id = f.user_id
            WHERE u.username = 'oidclena'`,
      );
      return rows[0]?.n ?? 0;
    };
    const expectRefused = (answer: Awaited<ReturnType<typeof start>>) => {
      expect(answer.status).toBe(400);
      expect(answer.fields?.map((item) => item.field)).toEqual(['validation_token']);
      expect(answer.data).toBeUndefined();
    };

    // A bare session (a thief's, say): no validation, or a made-up one.
    expectRefused(await start('link', token));
    const madeUp = await start('link', token, 'testid', 'vt_made_up');
    expectRefused(madeUp);
    expect(madeUp.code).toBe(ERROR_CODES.codeInvalid);
    // A validation of another scene, or another user's link validation.
    expectRefused(
      await start(
        'link',
        token,
        'testid',
        await linkValidation(token, 'oidclena@example.com', 'api_key'),
      ),
    );
    expectRefused(
      await start(
        'link',
        token,
        'testid',
        await linkValidation(other.token, 'oidcotto@example.com'),
      ),
    );
    expect(await linkFlows()).toBe(0);

    // A fresh link validation: a refused start (unknown provider) leaves it good, and the
    // start that goes to the provider spends it.
    const fresh = await linkValidation(token, 'oidclena@example.com');
    expect((await start('link', token, 'nobody', fresh)).status).toBe(404);
    const started = await start('link', token, 'testid', fresh);
    expect(started.status, started.msg).toBe(200);
    expectRefused(await start('link', token, 'testid', fresh));
    expect(await linkFlows()).toBe(1);
    // The started link finishes without another validation.
    const back = await atProvider(started.data.authorization_url, {
      custom: { sub: 'lena-1', name: 'Lena' },
    });
    const linked = await callApi(app, 'POST', '/oidc/finish', {
      token,
      body: { code: back.code, state: back.state, browser_binding: started.data.browser_binding },
    });
    expect(linked.data).toEqual({ status: 'linked', provider: 'testid' });
  });

  it('should let a user without password unlink one of two identities, and only one at once', async () => {
    const first = oidcFinishSchema.parse(
      (
        await roundTrip({
          custom: { sub: 'dora-1', name: 'Dora', email: 'oidcdora@example.com', verified: true },
        })
      ).data,
    );
    if (first.status !== 'ok') throw new Error('not signed in');
    const token = first.token;
    await database.db.execute(
      sql`INSERT INTO user_identities (user_id, provider, subject, email, created_at)
          SELECT user_id, 'other', 'dora-other', NULL, created_at FROM user_identities
          WHERE subject = 'dora-1'`,
    );
    const ids = (await identitiesOf(token)).list.map((item) => item.id);
    expect(ids).toHaveLength(2);
    const answers = await Promise.all(
      ids.map((id) => callApi(app, 'DELETE', `/users/identities/${id}`, { token })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await identitiesOf(token)).list).toHaveLength(1);
  });
});
