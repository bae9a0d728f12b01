import { ERROR_CODES, oidcFinishSchema } from '@poolkit/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../engine/sql';
import { atProvider } from '../../oidc/testBrowser';
import { testDrivers } from '../../testing/testDatabase';
import { oidcLoginSuite } from './oidcLoginTesting';
import { callApi, registerByEmail } from './testHelpers';

describe.each(testDrivers)('third-party login (OpenID Connect) guards on %s', (driver) => {
  const suite = oidcLoginSuite(driver);
  const { clock, start, linkValidation, roundTrip, identityCount, identitiesOf, logActions } =
    suite;

  it('should refuse a finish without the browser binding of the start, or with another', async () => {
    // The attacker starts a sign-in in their browser and stops at the redirect.
    const attacker = await start('login');
    const back = await atProvider(attacker.data.authorization_url, {
      custom: { sub: 'mallory-1', name: 'Mallory' },
    });
    // The victim's browser opens the link: no binding, or its own from a sign-in it started.
    const missing = await callApi(suite.app, 'POST', '/oidc/finish', {
      body: { code: back.code, state: back.state, iss: back.iss },
    });
    expect(missing.status).toBe(400);
    expect(missing.fields?.[0]?.field).toBe('browser_binding');
    const victim = await start('login');
    const wrong = await callApi(suite.app, 'POST', '/oidc/finish', {
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
    const spent = await callApi(suite.app, 'POST', '/oidc/finish', {
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
      suite.database.db,
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
    const forged = await callApi(suite.app, 'POST', '/oidc/finish', {
      body: { code: back.code, state: `${back.state}x`, iss: back.iss, browser_binding: binding },
    });
    expect(forged.status).toBe(400);
    expect(forged.fields?.[0]?.field).toBe('state');
    // The server's nonce no longer matches the one the ID token carries.
    await suite.database.db.execute(
      sql`UPDATE oidc_flows SET nonce = 'tampered' WHERE used_at IS NULL`,
    );
    const tampered = await callApi(suite.app, 'POST', '/oidc/finish', {
      body: { code: back.code, state: back.state, iss: back.iss, browser_binding: binding },
    });
    expect(tampered.status).toBe(400);
    expect(tampered.fields?.[0]?.field).toBe('code');
    expect(tampered.msg).toMatch(/nonce/);
    const replayed = await callApi(suite.app, 'POST', '/oidc/finish', {
      body: { code: back.code, state: back.state, iss: back.iss, browser_binding: binding },
    });
    expect(replayed.status).toBe(400);
    expect(replayed.fields?.[0]?.field).toBe('state');
    const rows = await queryRows<{ n: number }>(
      suite.database.db,
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
    const late = await callApi(suite.app, 'POST', '/oidc/finish', {
      body: { code: back.code, state: back.state, browser_binding: started.data.browser_binding },
    });
    expect(late.status).toBe(400);
    expect(late.fields?.[0]?.field).toBe('state');
  });

  it('should refuse a finish without the issuer the provider sends back', async () => {
    // The provider names itself in its answer (RFC 9207), so a code sent from another provider
    // (a mix-up) is told apart: the finish must carry it.
    const started = await start('login');
    const back = await atProvider(started.data.authorization_url, {
      custom: { sub: 'noiss-1', name: 'No Issuer' },
    });
    const answer = await callApi(suite.app, 'POST', '/oidc/finish', {
      body: { code: back.code, state: back.state, browser_binding: started.data.browser_binding },
    });
    expect(answer.status).toBe(400);
    expect(answer.fields?.[0]?.field).toBe('code');
    expect(answer.msg).toMatch(/"iss"/);
    expect(await identityCount('noiss-1')).toBe(0);
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
    const refused = await callApi(suite.app, 'DELETE', `/users/identities/${id}`, {
      token: signedUp.token,
    });
    expect(refused.status).toBe(409);
    await suite.database.db.execute(
      sql`INSERT INTO passkeys (user_id, credential_id, public_key, device_type, backed_up, nickname, created_at)
        SELECT id, 'pk-pat-credential', 'key', 'multiDevice', true, 'Laptop', now() FROM users WHERE email = 'pkpat@example.com'`,
    );
    const unlinked = await callApi(suite.app, 'DELETE', `/users/identities/${id}`, {
      token: signedUp.token,
    });
    expect(unlinked.status).toBe(200);
  });

  it('should link and unlink identities of a signed-in user, never the last way in', async () => {
    const { token } = await registerByEmail(
      suite.app,
      'oidccarl',
      'oidccarl@example.com',
      'Secret123',
    );
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
    expect((await roundTrip({ custom: { sub: 'taken-1', name: 'Taken' } })).status).toBe(200);
    const taken = await roundTrip(
      { custom: { sub: 'taken-1', name: 'Taken' } },
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
    const stranger = await callApi(suite.app, 'POST', '/oidc/finish', {
      body: { code: back.code, state: back.state, browser_binding: started.data.browser_binding },
    });
    expect(stranger.status).toBe(401);

    const identities = await identitiesOf(token);
    expect(identities.list).toHaveLength(1);
    // With a password the identity is not the last way in.
    const id = identities.list[0]?.id;
    expect((await callApi(suite.app, 'DELETE', `/users/identities/${id}`, { token })).status).toBe(
      200,
    );
    expect((await identitiesOf(token)).list).toEqual([]);
    expect((await callApi(suite.app, 'DELETE', `/users/identities/${id}`, { token })).status).toBe(
      404,
    );
    expect(await logActions('oidccarl')).toEqual(
      expect.arrayContaining(['identity_linked', 'identity_unlinked']),
    );
  });

  it('should refuse to start a link with a session alone, or with a validation of another scene or user', async () => {
    const { token } = await registerByEmail(
      suite.app,
      'oidclena',
      'oidclena@example.com',
      'Secret123',
    );
    const other = await registerByEmail(suite.app, 'oidcotto', 'oidcotto@example.com', 'Secret123');
    const linkFlows = async () => {
      const rows = await queryRows<{ n: number }>(
        suite.database.db,
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
    const linked = await callApi(suite.app, 'POST', '/oidc/finish', {
      token,
      body: {
        code: back.code,
        state: back.state,
        iss: back.iss,
        browser_binding: started.data.browser_binding,
      },
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
    await suite.database.db.execute(
      sql`INSERT INTO user_identities (user_id, provider, subject, email, created_at)
          SELECT user_id, 'other', 'dora-other', NULL, created_at FROM user_identities
          WHERE subject = 'dora-1'`,
    );
    const ids = (await identitiesOf(token)).list.map((item) => item.id);
    expect(ids).toHaveLength(2);
    const answers = await Promise.all(
      ids.map((id) => callApi(suite.app, 'DELETE', `/users/identities/${id}`, { token })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await identitiesOf(token)).list).toHaveLength(1);
  });
});
