import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoProvider, startDemoOidcProvider } from './demoProvider';
import { atProvider } from './testBrowser';

const LOOPBACK = { clientId: 'loop', clientSecret: 'loop-secret' };
const EXACT = { clientId: 'exact', clientSecret: 'exact-secret' };
const EXACT_REDIRECT = 'https://pool.example/authredirect';

describe('Demo ID, the demo OpenID provider', () => {
  let provider: DemoProvider;
  let server: oauth.AuthorizationServer;
  const options = { [oauth.allowInsecureRequests]: true };

  beforeAll(async () => {
    provider = await startDemoOidcProvider({
      clients: [
        { ...LOOPBACK, redirectUris: 'loopback' },
        { ...EXACT, redirectUris: [EXACT_REDIRECT] },
      ],
      identities: [
        { sub: 'seed-1', name: 'Seeded', email: 'seed@example.com', emailVerified: true },
      ],
    });
    const issuer = new URL(provider.issuer);
    server = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...options }),
    );
  });

  afterAll(async () => {
    await provider.close();
  });

  /** An authorisation request of `client` (PKCE S256 unless `pkce` is false). */
  async function authorization(
    clientId: string,
    redirectUri: string,
    { pkce = true }: { pkce?: boolean } = {},
  ) {
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL(server.authorization_endpoint ?? '');
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('scope', 'openid email profile');
    url.searchParams.set('state', 'the-state');
    url.searchParams.set('nonce', 'the-nonce');
    if (pkce) {
      url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
      url.searchParams.set('code_challenge_method', 'S256');
    }
    return { url, verifier };
  }

  /** Exchanges the code at the way back as the loopback client; answers the ID token claims. */
  async function exchange(back: { code: string; state: string; iss: string }, verifier: string) {
    const client = { client_id: LOOPBACK.clientId };
    const parameters = oauth.validateAuthResponse(
      server,
      client,
      new URLSearchParams(back),
      'the-state',
    );
    const response = await oauth.authorizationCodeGrantRequest(
      server,
      client,
      oauth.ClientSecretBasic(LOOPBACK.clientSecret),
      parameters,
      'http://127.0.0.1:4321/authredirect',
      verifier,
      options,
    );
    const result = await oauth.processAuthorizationCodeResponse(server, client, response, {
      expectedNonce: 'the-nonce',
      requireIdToken: true,
    });
    const claims = oauth.getValidatedIdTokenClaims(result);
    if (claims === undefined) throw new Error('no ID token');
    return { result, claims };
  }

  it('should publish the authorisation code flow with PKCE S256, RS256 ID tokens and the issuer in answers', () => {
    expect(server).toMatchObject({
      issuer: provider.issuer,
      authorization_endpoint: `${provider.issuer}/authorize`,
      userinfo_endpoint: `${provider.issuer}/userinfo`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    });
    expect(server.id_token_signing_alg_values_supported).toContain('RS256');
    expect(server.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(server.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'name', 'email', 'email_verified']),
    );
  });

  it('should sign in a typed-in identity, with its claims in the ID token and at userinfo', async () => {
    const { url, verifier } = await authorization(
      LOOPBACK.clientId,
      'http://127.0.0.1:4321/authredirect',
    );
    const back = await atProvider(url.href, {
      custom: { sub: 'typed-1', name: 'Typed', email: 'typed@example.com' },
    });
    expect(back).toMatchObject({
      redirect: 'http://127.0.0.1:4321/authredirect',
      state: 'the-state',
      iss: provider.issuer,
    });
    const { result, claims } = await exchange(back, verifier);
    expect(claims).toMatchObject({
      iss: provider.issuer,
      aud: LOOPBACK.clientId,
      sub: 'typed-1',
      name: 'Typed',
      email: 'typed@example.com',
      email_verified: false,
    });
    const userinfo = await oauth.userInfoRequest(
      server,
      { client_id: LOOPBACK.clientId },
      result.access_token,
      options,
    );
    expect(await userinfo.json()).toEqual({
      sub: 'typed-1',
      name: 'Typed',
      email: 'typed@example.com',
      email_verified: false,
    });
  });

  it('should ask who to be on every sign-in, even in the same browser', async () => {
    const cookies = new Map<string, string>();
    const subjects: string[] = [];
    for (const person of [{ sub: 'seed-1' }, { custom: { sub: 'other-1', name: 'Other' } }]) {
      const { url, verifier } = await authorization(
        LOOPBACK.clientId,
        'http://127.0.0.1:4321/authredirect',
      );
      const { claims } = await exchange(await atProvider(url.href, person, cookies), verifier);
      subjects.push(claims.sub);
    }
    expect(subjects).toEqual(['seed-1', 'other-1']);
  });

  it('should refuse a code with a wrong PKCE verifier, and a code twice', async () => {
    const { url, verifier } = await authorization(
      LOOPBACK.clientId,
      'http://127.0.0.1:4321/authredirect',
    );
    const back = await atProvider(url.href, { sub: 'seed-1' });
    await expect(exchange(back, oauth.generateRandomCodeVerifier())).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect((await exchange(back, verifier)).claims.sub).toBe('seed-1');
    await expect(exchange(back, verifier)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('should take the loopback redirect pages at any port, exact addresses otherwise, and refuse the rest here', async () => {
    const status = async (clientId: string, redirectUri: string, pkce = true) => {
      const { url } = await authorization(clientId, redirectUri, { pkce });
      const answer = await fetch(url, { redirect: 'manual' });
      return { status: answer.status, location: answer.headers.get('location') ?? '' };
    };
    for (const uri of [
      'http://localhost:5173/authredirect',
      'http://127.0.0.1:1/user/authredirect',
      'http://[::1]:8080/authredirect',
    ]) {
      expect((await status(LOOPBACK.clientId, uri)).location).toMatch(/^\/interaction\//);
    }
    expect((await status(EXACT.clientId, EXACT_REDIRECT)).location).toMatch(/^\/interaction\//);
    // Never redirected to an address the client did not register: refused on the provider's page.
    for (const [clientId, uri] of [
      [LOOPBACK.clientId, 'http://evil.example/authredirect'],
      [LOOPBACK.clientId, 'http://127.0.0.1:4321/elsewhere'],
      [EXACT.clientId, 'https://pool.example/other'],
      ['nobody', 'http://127.0.0.1:4321/authredirect'],
    ] as const) {
      expect(await status(clientId, uri)).toEqual({ status: 400, location: '' });
    }
    // Without PKCE the request goes back to the client as refused.
    const plain = await status(LOOPBACK.clientId, 'http://127.0.0.1:4321/authredirect', false);
    expect(plain.status).toBe(303);
    expect(new URL(plain.location).searchParams.get('error')).toBe('invalid_request');
  });

  it('should list the seeded identities on its page and refuse a malformed typed-in subject', async () => {
    const { url } = await authorization(LOOPBACK.clientId, 'http://127.0.0.1:4321/authredirect');
    const cookies = new Map<string, string>();
    const start = await fetch(url, { redirect: 'manual' });
    for (const line of start.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0] ?? '';
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const page = new URL(start.headers.get('location') ?? '', provider.issuer);
    const html = await (await fetch(page, { headers: { cookie } })).text();
    expect(html).toContain('<h1>Demo ID</h1>');
    expect(html).toContain('Continue as Seeded (seed@example.com)');
    const refused = await fetch(page, {
      method: 'POST',
      headers: { cookie },
      body: new URLSearchParams({ custom_sub: 'no spaces', custom_name: 'X' }),
      redirect: 'manual',
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('Choose an identity');
  });
});
