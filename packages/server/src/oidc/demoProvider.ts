import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * "Demo ID": a small, standards-following OpenID Connect provider (discovery, JWKS,
 * authorisation code with PKCE S256 only, ID tokens signed RS256, userinfo) that the server
 * starts beside itself in demo mode and that tests start on a free port, so third-party login
 * runs end to end on one machine with no outside service. Its sign-in page lists the seeded
 * identities and lets anyone type another one (any email, verified or not): it authenticates
 * nobody and is for demos and tests only. So the server never trusts it (`trusted: false` in
 * `main.ts`): its "verified" emails link no account.
 */

/** A person the demo provider can sign in as. */
export interface DemoIdentity {
  readonly sub: string;
  readonly name: string;
  readonly email?: string;
  readonly emailVerified?: boolean;
}

/** A client (relying party) registered at the demo provider. */
export interface DemoClient {
  readonly clientId: string;
  readonly clientSecret: string;
  /**
   * Registered redirect URIs, matched exactly; `'loopback'` takes any `http://localhost`,
   * `127.0.0.1` or `[::1]` address ending in `/authredirect` (the demo server's port is not
   * known in advance).
   */
  readonly redirectUris: readonly string[] | 'loopback';
}

/** A running demo provider. */
export interface DemoProvider {
  readonly issuer: string;
  close(): Promise<void>;
}

const CODE_TTL_MS = 60_000;
const TOKEN_TTL_S = 600;

interface PendingCode {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly nonce: string | undefined;
  readonly identity: DemoIdentity;
  readonly expiresMs: number;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function redirectAllowed(client: DemoClient, uri: string): boolean {
  if (client.redirectUris !== 'loopback') return client.redirectUris.includes(uri);
  if (!URL.canParse(uri)) return false;
  const url = new URL(uri);
  return (
    url.protocol === 'http:' &&
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) &&
    url.pathname.endsWith('/authredirect')
  );
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

function oauthError(response: ServerResponse, status: number, error: string, description: string) {
  sendJson(response, status, { error, error_description: description });
}

/**
 * Starts the demo provider on `host:port` (port `0`: a free one). Its issuer is
 * `http://<host>:<port>`.
 */
export async function startDemoOidcProvider(options: {
  readonly clients: readonly DemoClient[];
  readonly identities: readonly DemoIdentity[];
  readonly port?: number;
  readonly host?: string;
}): Promise<DemoProvider> {
  const host = options.host ?? '127.0.0.1';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' };
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, { identity: DemoIdentity; expiresMs: number }>();
  let issuer = '';

  function signIdToken(claims: Record<string, unknown>): string {
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid })).toString(
      'base64url',
    );
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const signature = createSign('RSA-SHA256')
      .update(`${header}.${payload}`)
      .sign(privateKey)
      .toString('base64url');
    return `${header}.${payload}.${signature}`;
  }

  function claimsOf(identity: DemoIdentity): Record<string, unknown> {
    return {
      sub: identity.sub,
      name: identity.name,
      ...(identity.email === undefined
        ? {}
        : { email: identity.email, email_verified: identity.emailVerified === true }),
    };
  }

  /** Checks an authorisation request; answers the reason it is refused, or the client. */
  function checkAuthorisation(params: URLSearchParams): DemoClient | string {
    const client = options.clients.find((item) => item.clientId === params.get('client_id'));
    if (client === undefined) return 'Unknown client_id';
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!redirectAllowed(client, redirectUri)) return 'redirect_uri is not registered';
    if (params.get('response_type') !== 'code') return 'response_type must be code';
    if (!(params.get('scope') ?? '').split(' ').includes('openid'))
      return 'scope must include openid';
    if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge')) {
      return 'PKCE with code_challenge_method S256 is required';
    }
    return client;
  }

  function signInPage(params: URLSearchParams): string {
    const hidden = [
      'client_id',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
      'nonce',
      'code_challenge',
      'code_challenge_method',
    ]
      .filter((name) => params.has(name))
      .map(
        (name) =>
          `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? '')}">`,
      )
      .join('');
    const presets = options.identities
      .map(
        (identity) =>
          `<form method="post" action="/authorize">${hidden}<input type="hidden" name="sub" value="${escapeHtml(identity.sub)}"><button type="submit">Continue as ${escapeHtml(identity.name)}${identity.email === undefined ? '' : ` (${escapeHtml(identity.email)})`}</button></form>`,
      )
      .join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo ID</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
button{display:block;width:100%;margin:.5rem 0;padding:.6rem;font-size:1rem;cursor:pointer}
label{display:block;margin:.5rem 0}input[type=text],input[type=email]{width:100%;padding:.4rem;box-sizing:border-box}</style>
</head><body><main><h1>Demo ID</h1>
<p>A local identity provider for the PoolKit demo. It checks no password: choose who to be.</p>
${presets}
<h2>Someone else</h2>
<form method="post" action="/authorize">${hidden}
<label>Subject <input type="text" name="custom_sub" required pattern="[A-Za-z0-9._\\-]{1,64}"></label>
<label>Name <input type="text" name="custom_name" required maxlength="64"></label>
<label>Email <input type="email" name="custom_email" maxlength="254"></label>
<label><input type="checkbox" name="custom_verified" value="1"> Email verified</label>
<button type="submit">Continue</button></form></main></body></html>`;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', issuer);
    const route = `${request.method ?? 'GET'} ${url.pathname}`;
    if (route === 'GET /.well-known/openid-configuration') {
      sendJson(response, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        claims_supported: ['sub', 'name', 'email', 'email_verified'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
      return;
    }
    if (route === 'GET /jwks') {
      sendJson(response, 200, { keys: [jwk] });
      return;
    }
    if (route === 'GET /authorize' || route === 'POST /authorize') {
      const params = route === 'GET /authorize' ? url.searchParams : await readForm(request);
      const client = checkAuthorisation(params);
      if (typeof client === 'string') {
        // Never redirect to an unchecked address: the refusal is shown here.
        response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(client);
        return;
      }
      if (route === 'GET /authorize') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(signInPage(params));
        return;
      }
      const preset = options.identities.find((identity) => identity.sub === params.get('sub'));
      const customSub = params.get('custom_sub') ?? '';
      const customEmail = params.get('custom_email') ?? '';
      const identity: DemoIdentity | undefined =
        preset ??
        (/^[A-Za-z0-9._-]{1,64}$/.test(customSub)
          ? {
              sub: customSub,
              name: (params.get('custom_name') ?? '').slice(0, 64) || customSub,
              ...(customEmail === ''
                ? {}
                : { email: customEmail, emailVerified: params.get('custom_verified') === '1' }),
            }
          : undefined);
      if (identity === undefined) {
        response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('Choose an identity');
        return;
      }
      const code = randomBytes(24).toString('base64url');
      codes.set(code, {
        clientId: client.clientId,
        redirectUri: params.get('redirect_uri') ?? '',
        codeChallenge: params.get('code_challenge') ?? '',
        nonce: params.get('nonce') ?? undefined,
        identity,
        expiresMs: Date.now() + CODE_TTL_MS,
      });
      const target = new URL(params.get('redirect_uri') ?? '');
      target.searchParams.set('code', code);
      const state = params.get('state');
      if (state !== null) target.searchParams.set('state', state);
      target.searchParams.set('iss', issuer);
      response.writeHead(303, { location: target.toString() });
      response.end();
      return;
    }
    if (route === 'POST /token') {
      const form = await readForm(request);
      let clientId = form.get('client_id');
      let secret = form.get('client_secret');
      const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (basic !== undefined) {
        const decoded = Buffer.from(basic, 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        clientId = decodeURIComponent(decoded.slice(0, colon));
        secret = decodeURIComponent(decoded.slice(colon + 1));
      }
      const client = options.clients.find((item) => item.clientId === clientId);
      if (client === undefined || client.clientSecret !== secret) {
        oauthError(response, 401, 'invalid_client', 'Unknown client or wrong secret');
        return;
      }
      if (form.get('grant_type') !== 'authorization_code') {
        oauthError(response, 400, 'unsupported_grant_type', 'Only authorization_code');
        return;
      }
      const code = form.get('code') ?? '';
      const pending = codes.get(code);
      codes.delete(code);
      const verifier = form.get('code_verifier') ?? '';
      if (
        pending === undefined ||
        pending.clientId !== client.clientId ||
        pending.expiresMs < Date.now() ||
        pending.redirectUri !== form.get('redirect_uri') ||
        createHash('sha256').update(verifier).digest('base64url') !== pending.codeChallenge
      ) {
        oauthError(
          response,
          400,
          'invalid_grant',
          'The code is unknown, used, expired or not yours',
        );
        return;
      }
      const now = Math.floor(Date.now() / 1000);
      const accessToken = randomBytes(24).toString('base64url');
      accessTokens.set(accessToken, {
        identity: pending.identity,
        expiresMs: Date.now() + TOKEN_TTL_S * 1000,
      });
      sendJson(response, 200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: TOKEN_TTL_S,
        scope: 'openid email profile',
        id_token: signIdToken({
          iss: issuer,
          aud: client.clientId,
          iat: now,
          exp: now + TOKEN_TTL_S,
          ...(pending.nonce === undefined ? {} : { nonce: pending.nonce }),
          ...claimsOf(pending.identity),
        }),
      });
      return;
    }
    if (route === 'GET /userinfo') {
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const grant = accessTokens.get(token);
      if (grant === undefined || grant.expiresMs < Date.now()) {
        response.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' });
        response.end();
        return;
      }
      sendJson(response, 200, claimsOf(grant.identity));
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('Not found');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(400, { 'content-type': 'text/plain' });
      response.end('Bad request');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  issuer = `http://${host}:${port}`;
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The demo provider's client for the PoolKit server it runs beside. */
export const DEMO_OIDC_CLIENT = {
  clientId: 'poolkit-demo',
  clientSecret: 'poolkit-demo-secret',
} as const;

/**
 * The identity "Demo ID" offers in demo mode, with the demo user's email. Demo ID is never
 * trusted, so its email links nothing: the demo seed links this identity to the demo user
 * itself (`seedDemoUser`), whose password is printed in the log anyway.
 */
export const DEMO_OIDC_IDENTITIES: readonly DemoIdentity[] = [
  { sub: 'demo-id-1', name: 'Demo Miner', email: 'demo@poolkit.local', emailVerified: true },
];
