import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Account, ClientMetadata, Configuration, JWK } from 'oidc-provider';
import { identityFromForm, signInPage } from './signInPage';

/**
 * "Demo ID": an OpenID Connect provider that the server starts beside itself in demo mode and
 * that tests start on a free port, so third-party login runs end to end on one machine with no
 * outside service. It is `oidc-provider` (a certified implementation: discovery, JWKS,
 * authorisation code with PKCE S256 required, RS256 ID tokens, userinfo) configured for the
 * demo, so the login client meets a real provider's checks rather than our own reading of the
 * specs. Its sign-in page lists the seeded identities and lets anyone type another one (any
 * email, verified or not): it authenticates nobody and is for demos and tests only. So the
 * server never trusts it (`trusted: false` in `main.ts`): its "verified" emails link no account.
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
   * Registered redirect URIs, matched exactly; `'loopback'` takes the redirect pages
   * (`/authredirect`, `/user/authredirect`) on `http://localhost`, `127.0.0.1` or `[::1]` at any
   * port (the demo server's port is not known in advance).
   */
  readonly redirectUris: readonly string[] | 'loopback';
}

/** A running demo provider. */
export interface DemoProvider {
  readonly issuer: string;
  close(): Promise<void>;
}

const SCOPES = ['openid', 'email', 'profile'];
const CODE_TTL_S = 60;
const TOKEN_TTL_S = 600;
/** Identities signed in as are kept this many at most (the longest unused go first). */
const MAX_KNOWN = 1000;

/**
 * The loopback redirect pages as registered URIs. A `native` client's loopback URIs match at any
 * port (RFC 8252, section 7.3), which is how oidc-provider supports a port chosen at start.
 */
const LOOPBACK_REDIRECTS = ['localhost', '127.0.0.1', '[::1]'].flatMap((host) =>
  ['/authredirect', '/user/authredirect'].map((path) => `http://${host}${path}`),
);

function clientMetadata(client: DemoClient): ClientMetadata {
  const loopback = client.redirectUris === 'loopback';
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    application_type: loopback ? 'native' : 'web',
    redirect_uris: loopback ? LOOPBACK_REDIRECTS : [...client.redirectUris],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  };
}

function claimsOf(identity: DemoIdentity) {
  return {
    sub: identity.sub,
    name: identity.name,
    ...(identity.email === undefined
      ? {}
      : { email: identity.email, email_verified: identity.emailVerified === true }),
  };
}

/** A fresh RS256 signing key: the provider keeps it in memory only, like everything else. */
function signingKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ...(privateKey.export({ format: 'jwk' }) as JWK),
    kid: randomBytes(8).toString('hex'),
    use: 'sig',
    alg: 'RS256',
  };
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

function sendText(response: ServerResponse, status: number, text: string, type = 'plain'): void {
  response.writeHead(status, {
    'content-type': `text/${type}; charset=utf-8`,
    'cache-control': 'no-store',
  });
  response.end(text);
}

/**
 * Demo ID remembers nobody: each sign-in shows the page again so that one browser can be
 * someone else next time (as a demo needs). Dropping the provider's session cookie from every
 * request makes each authorisation request start without a session, which also spares the
 * logout step oidc-provider puts between two different people in one session.
 */
function dropSessionCookie(request: IncomingMessage, name: string): void {
  const cookie = request.headers.cookie;
  if (cookie === undefined) return;
  request.headers.cookie = cookie
    .split(';')
    .filter((pair) => {
      const key = pair.split('=', 1)[0]?.trim();
      return key !== name && key !== `${name}.sig`;
    })
    .join(';');
}

function configuration(
  options: { readonly clients: readonly DemoClient[] },
  findIdentity: (sub: string) => DemoIdentity | undefined,
): Configuration {
  return {
    clients: options.clients.map(clientMetadata),
    jwks: { keys: [signingKey()] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    routes: { authorization: '/authorize', userinfo: '/userinfo' },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: SCOPES,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The login client reads who signed in from the ID token alone, as many relying parties do.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      // Nobody stays signed in (see dropSessionCookie), so there is nothing to sign out of.
      rpInitiatedLogout: { enabled: false },
    },
    ttl: {
      AuthorizationCode: CODE_TTL_S,
      AccessToken: TOKEN_TTL_S,
      IdToken: TOKEN_TTL_S,
      Interaction: TOKEN_TTL_S,
      Session: TOKEN_TTL_S,
      Grant: TOKEN_TTL_S,
    },
    // Browsers only navigate here; the relying party calls from its server.
    clientBasedCORS: () => false,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub): Account | undefined => {
      const identity = findIdentity(sub);
      return identity === undefined
        ? undefined
        : { accountId: sub, claims: () => claimsOf(identity) };
    },
    // Refusals (an unknown client, an unregistered redirect URI) are shown here, plainly.
    renderError(ctx, out) {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = out.error_description ?? out.error;
    },
  };
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
  // Who signed in last under each subject: the seeded identities, then the typed-in ones.
  const known = new Map(options.identities.map((identity) => [identity.sub, identity]));

  function remember(identity: DemoIdentity): void {
    known.delete(identity.sub);
    known.set(identity.sub, identity);
    const oldest = known.keys().next().value;
    if (known.size > MAX_KNOWN && oldest !== undefined) known.delete(oldest);
  }

  // The issuer names the port, so the provider is made once the server listens.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  // Loaded only when a demo provider starts: a server that runs none (production) never loads
  // the library, nor its notice that it supports Node 22 and later LTS releases only (it runs
  // on the Node 20.19+ PoolKit supports, as the tests show).
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(
    issuer,
    configuration(options, (sub) => known.get(sub)),
  );
  const callback = provider.callback();
  const sessionCookie = provider.cookieName('session');

  /** The sign-in page of an interaction (GET), and the choice made on it (POST). */
  async function interaction(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(request, response);
    if (details.prompt.name !== 'login') {
      sendText(response, 400, `Unexpected prompt ${details.prompt.name}`);
      return;
    }
    if (request.method === 'GET') {
      sendText(
        response,
        200,
        signInPage(options.identities, `/interaction/${details.uid}`),
        'html',
      );
      return;
    }
    const identity = identityFromForm(await readForm(request), options.identities);
    if (identity === undefined) {
      sendText(response, 400, 'Choose an identity');
      return;
    }
    remember(identity);
    // Every client is the demo's own: consent is given with the sign-in, on no page of its own.
    const grant = new provider.Grant({
      accountId: identity.sub,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(SCOPES.join(' '));
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: identity.sub }, consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: false },
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    dropSessionCookie(request, sessionCookie);
    const { pathname } = new URL(request.url ?? '/', issuer);
    if (!/^\/interaction\/[\w-]+$/.test(pathname)) {
      await callback(request, response);
    } else if (request.method === 'GET' || request.method === 'POST') {
      await interaction(request, response);
    } else {
      sendText(response, 405, 'Method not allowed');
    }
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendText(response, 400, 'Bad request');
      else response.end();
    });
  });
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
