import { createHmac } from 'node:crypto';
import { encryptPassword, solveCaptcha } from '@poolkit/core';
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  chromium,
  type Page,
} from 'playwright-core';
import { inject, onTestFailed } from 'vitest';

/**
 * Connects to the run's shared headless Chromium (launched once by `globalSetup.ts` with the
 * flags the CI machines need). Each file gets its own connection and contexts; its
 * `browser.close()` drops them and disconnects, and the browser stays up for the other files.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

/**
 * The origin of the server this file runs against (`globalSetup.ts`): the one its project shares,
 * or, in the project whose files move the server's clock, the one of this worker
 * (`VITEST_POOL_ID`, 1 to the project's `maxWorkers`), which no file of another worker reads.
 */
export function serverUrl(): string {
  const urls = inject('baseUrls');
  if (urls.length === 1) return urls[0] as string;
  const worker = Number(process.env.VITEST_POOL_ID);
  const url = urls[worker - 1];
  if (url === undefined) {
    throw new Error(`No e2e server for worker ${process.env.VITEST_POOL_ID} of ${urls.length}`);
  }
  return url;
}

/**
 * A desktop (1280 px) or phone (375 px) page in a fresh context. Its `goto` and `reload` wait
 * until the app has rendered or hydrated (`html[data-app-ready]`): a prerendered page shows its
 * controls before they answer, as users see it, and a test acts like a user who waits for it.
 * `waitForApp: false` for tests of the page before (or without) its scripts.
 */
export async function openPage(
  browser: Browser,
  width: 1280 | 375 = 1280,
  { waitForApp = true }: { waitForApp?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height: width === 375 ? 740 : 900 },
    ...(width === 375 ? { isMobile: true, hasTouch: true } : {}),
    // Each context is one person at an address of their own (the server trusts the loopback
    // proxy's forwarded address in e2e runs), as a site's visitors are: the per-address limits
    // (codes sent, logins, second validations) hold per person, not for the whole suite.
    extraHTTPHeaders: { 'x-forwarded-for': newClientIp() },
  });
  const page = await context.newPage();
  reportOnFailure(page);
  if (waitForApp) {
    const ready = () => page.waitForSelector('html[data-app-ready]', { state: 'attached' });
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await ready();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await ready();
      return response;
    };
  }
  return { context, page };
}

/**
 * When the test that opened `page` fails, prints what its user would have seen and what the
 * server answered: the page's address, its alerts and toasts, and its last API answers with an
 * error status. A timeout then says why (a refused call, an error toast), not only what was not
 * found. Outside a test (a `beforeAll`), nothing is reported.
 */
function reportOnFailure(page: Page): void {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/api/')) {
      refused.push(`${response.request().method()} ${response.url()} → ${response.status()}`);
      if (refused.length > 10) refused.shift();
    }
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => {
    errors.push(error.message);
    if (errors.length > 5) errors.shift();
  });
  try {
    onTestFailed(async () => {
      if (page.isClosed()) return;
      const alerts = await page
        .locator('[role="alert"], [role="status"], [role="dialog"], dialog[open]')
        .allInnerTexts()
        .catch(() => []);
      const invalid = await page
        .locator('[aria-invalid="true"]')
        .evaluateAll((fields) =>
          fields.map(
            (field) =>
              `${field.id}: ${document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? ''}`,
          ),
        )
        .catch(() => []);
      console.error(
        [
          `The failed test's page: ${page.url()}`,
          `  alerts, toasts and dialogs: ${JSON.stringify(alerts.map((text) => text.slice(0, 300)))}`,
          `  fields marked invalid: ${JSON.stringify(invalid)}`,
          `  API answers with an error status: ${refused.length === 0 ? 'none' : ''}`,
          ...refused.map((line) => `    ${line}`),
          ...errors.map((message) => `  page error: ${message}`),
        ].join('\n'),
      );
    });
  } catch {
    // Not inside a test: nobody to report to.
  }
}

/**
 * Counts a page's API requests in flight from now on. `quiet()` resolves once none has been in
 * flight for `quietMs`: the calls of the page and its header are done, including those that
 * waited for their endpoint group to load.
 */
export function trackApiRequests(page: Page): {
  quiet(quietMs?: number, timeout?: number): Promise<void>;
} {
  let inFlight = 0;
  let lastChange = Date.now();
  // The live stream stays open for the page's life: it is never "in flight" to wait for.
  const isApi = (url: string) => {
    const { pathname } = new URL(url);
    return pathname.startsWith('/api/') && pathname !== '/api/live';
  };
  page.on('request', (request) => {
    if (!isApi(request.url())) return;
    inFlight += 1;
    lastChange = Date.now();
  });
  const done = (request: { url(): string }) => {
    if (!isApi(request.url())) return;
    inFlight -= 1;
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet(quietMs = 1000, timeout = 30_000) {
      const deadline = Date.now() + timeout;
      while (inFlight > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`API requests still in flight: ${inFlight}`);
        await new Promise((wait) => setTimeout(wait, 50));
      }
    },
  };
}

/** The path, query and hash of a page's URL. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Waits until the page's path (with query) equals `path`. */
export async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (expected) => `${location.pathname}${location.search}` === expected,
    path,
    { timeout },
  );
}

/** A JWT-shaped token (not signed) that expires in `seconds`, for guard tests with a mocked API. */
export function fakeJwt(seconds = 3600, subject = '1', issuedSecondsAgo = 0): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const payload = { sub: subject, iat: now - issuedSecondsAgo, exp: now + seconds };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`;
}

/** Stores tokens in the page's storage before any script runs (a signed-in browser). */
export async function seedSession(
  context: BrowserContext,
  accessToken: string,
  refreshToken = 'refresh-token',
): Promise<void> {
  await context.addInitScript(
    ([access, refresh]) => {
      if (
        localStorage.getItem('access_token') === null &&
        sessionStorage.getItem('e2e-seeded') === null
      ) {
        localStorage.setItem('access_token', access ?? '');
        localStorage.setItem('refresh_token', refresh ?? '');
        sessionStorage.setItem('e2e-seeded', '1');
      }
    },
    [accessToken, refreshToken],
  );
}

/** Answers `GET /api/permissions/current` with the given permissions (or an error status). */
export async function mockPermissions(
  page: Page,
  answer: { permissions: string[] } | { status: number; code: number; msg: string },
): Promise<{ calls: () => number }> {
  let calls = 0;
  await page.route('**/api/permissions/current', (route) => {
    calls += 1;
    if ('permissions' in answer) {
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 0,
          msg: 'success',
          data: { roles: ['owner'], permissions: answer.permissions },
        }),
      });
    }
    return route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      body: JSON.stringify({ code: answer.code, msg: answer.msg }),
    });
  });
  return { calls: () => calls };
}

/** Every permission of spec section 6. */
export const ALL_PERMISSIONS = [
  'contract.view',
  'account.view',
  'pool.view',
  'miner.view',
  'user.view',
  'recommend.view',
  'wallet.view',
];

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    query?: Record<string, string>;
    body?: unknown;
    token?: string;
    /** The client address the server sees (it trusts the loopback proxy in e2e runs). */
    clientIp?: string;
  } = {},
): Promise<Envelope<T>> {
  const url = new URL(`/api${path}`, baseUrl);
  // A call of a test's user comes from an address of its own unless the test names one; the
  // development routes answer loopback clients only, so theirs carry none.
  const clientIp = path.startsWith('/dev/') ? undefined : (options.clientIp ?? newClientIp());
  for (const [name, value] of Object.entries(options.query ?? {}))
    url.searchParams.set(name, value);
  const response = await fetch(url, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(clientIp === undefined ? {} : { 'x-forwarded-for': clientIp }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return (await response.json()) as Envelope<T>;
}

/**
 * A client address of its own for one sign-up or sign-in through the API: the suite registers
 * and signs in many users, as many people would from many addresses, without running into the
 * per-address limits that one address would.
 */
function newClientIp(): string {
  const part = () => 1 + Math.floor(Math.random() * 254);
  return `10.${part()}.${part()}.${part()}`;
}

async function captcha(baseUrl: string, clientIp?: string): Promise<Record<string, string>> {
  const challenge = await call<{
    lot_number: string;
    gen_time: string;
    difficulty_bits: number;
    pass_token: string;
  }>(baseUrl, 'GET', '/captcha/challenge', clientIp === undefined ? {} : { clientIp });
  return { ...(await solveCaptcha(challenge.data)) };
}

async function secret(
  baseUrl: string,
  password: string,
): Promise<{ password: string; key_id: string }> {
  const key = await call<{ public_key: string; key_id: string }>(
    baseUrl,
    'GET',
    '/v2/users/encrypt/pubkey',
  );
  return {
    password: await encryptPassword(key.data.public_key, password),
    key_id: key.data.key_id,
  };
}

/**
 * The newest 6-digit code the development outbox holds for `to`. Notices (a passkey added, an
 * alert) reach the same outbox and carry no code: they are passed over.
 */
export async function outboxCode(baseUrl: string, to: string): Promise<string> {
  const outbox = await call<{ list: { text: string }[] }>(baseUrl, 'GET', '/dev/outbox', {
    query: { to },
  });
  const withCode = outbox.data.list.find((mail) => /\b\d{6}\b/.test(mail.text));
  const match = /\b(\d{6})\b/.exec(withCode?.text ?? '');
  if (match?.[1] === undefined) throw new Error(`No code in the outbox for ${to}`);
  return match[1];
}

/** A unique user for one test. */
export function newUser(tag: string): { username: string; email: string; password: string } {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    username: `${tag}${suffix}`.slice(0, 30),
    email: `${tag}.${suffix}@example.com`,
    password: 'Secret123',
  };
}

/** Registers a user through the API (captcha solved here) and returns its tokens. */
export async function registerByApi(
  baseUrl: string,
  user: { username: string; email: string; password: string },
): Promise<{ token: string; refresh_token: string }> {
  const clientIp = newClientIp();
  const sent = await call(baseUrl, 'POST', '/v3/auth/validation/code', {
    query: await captcha(baseUrl, clientIp),
    body: { channel: 'email', email: user.email, scene: 'register' },
    clientIp,
  });
  if (sent.code !== 0) throw new Error(`sendCode: ${sent.msg}`);
  const code = await outboxCode(baseUrl, user.email);
  const registered = await call<{ token: string; refresh_token: string }>(
    baseUrl,
    'POST',
    '/users/register/email',
    {
      body: {
        username: user.username,
        email: user.email,
        code,
        terms_accepted: true,
        ...(await secret(baseUrl, user.password)),
      },
      clientIp,
    },
  );
  if (registered.code !== 0) throw new Error(`register: ${registered.msg}`);
  return registered.data;
}

/** Logs in through the API (captcha solved here) and returns the tokens. */
export async function loginByApi(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ token: string; refresh_token: string }> {
  const clientIp = newClientIp();
  const answer = await call<{ status: string; token: string; refresh_token: string }>(
    baseUrl,
    'POST',
    '/v2/users/encrypt/login',
    {
      query: await captcha(baseUrl, clientIp),
      body: { type: 'email', email, ...(await secret(baseUrl, password)) },
      clientIp,
    },
  );
  if (answer.code !== 0 || answer.data.status !== 'ok') throw new Error(`login: ${answer.msg}`);
  return answer.data;
}

/** Calls the API with a bearer token and returns the envelope. */
export function apiCall<T>(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<Envelope<T>> {
  return call<T>(baseUrl, method, path, { token, ...(body === undefined ? {} : { body }) });
}

/**
 * Moves the e2e server's clock forward (`POST /api/dev/clock`) and waits until its scheduled
 * jobs, which poll the clock each second, have had a pass at the new time. The server is shared
 * by every e2e file and time only moves forward: a test that moves it must not rely on the wall
 * clock afterwards, and others never rely on the server's clock matching theirs.
 *
 * @returns the server's new time, epoch milliseconds
 */
export async function advanceServerClock(baseUrl: string, advanceMs: number): Promise<number> {
  const response = await fetch(new URL('/api/dev/clock', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs }),
  });
  const answer = (await response.json()) as Envelope<{ now: string; offsetMs: number }>;
  if (answer.code !== 0) throw new Error(`advanceServerClock: ${answer.msg}`);
  await new Promise((wait) => setTimeout(wait, 2_500));
  return Date.parse(answer.data.now);
}

/** Whether the server implements an endpoint (anything but a 404 answer). */
export async function serverHas(baseUrl: string, path: string): Promise<boolean> {
  const response = await fetch(new URL(`/api${path}`, baseUrl));
  return response.status !== 404;
}

/** Visible text of the page's body. */
export function bodyText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.textContent ?? '');
}

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const character of text.replace(/=+$/, ''))
    bits += alphabet.indexOf(character).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8)
    bytes.push(Number.parseInt(bits.slice(index, index + 8), 2));
  return Buffer.from(bytes);
}

/**
 * The RFC 6238 code (SHA-1, 30 s, 6 digits) of a base32 secret, `stepOffset` steps from the
 * server's now: the e2e server's clock runs ahead of the wall clock once a test has moved it
 * (`advanceServerClock`), and it checks codes against its own time, as a real server does.
 */
export async function totpCode(baseUrl: string, secret: string, stepOffset = 0): Promise<string> {
  const response = await fetch(new URL('/api/dev/clock', baseUrl));
  const clock = (await response.json()) as Envelope<{ now: string; offsetMs: number }>;
  if (clock.code !== 0) throw new Error(`server clock: ${clock.msg}`);
  const counter = Math.floor((Date.now() + clock.data.offsetMs) / 30_000) + stepOffset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** Turns on the authenticator for a signed-in user through the API; returns its secret. */
export async function enableTotp(baseUrl: string, email: string, token: string): Promise<string> {
  const sent = await call(baseUrl, 'POST', '/auth/validation/verified-email', {
    token,
    body: { scene: 'totp' },
  });
  if (sent.code !== 0) throw new Error(`verified-email: ${sent.msg}`);
  const validation = await call<{ validation_token: string }>(
    baseUrl,
    'POST',
    '/users/second-validation',
    {
      token,
      body: { verify_type: 'email', code: await outboxCode(baseUrl, email), scene: 'totp' },
    },
  );
  if (validation.code !== 0) throw new Error(`second-validation: ${validation.msg}`);
  const secret = await call<{ secret: string }>(baseUrl, 'POST', '/auth/totp/secret', {
    token,
    body: {},
  });
  if (secret.code !== 0) throw new Error(`totp secret: ${secret.msg}`);
  const enabled = await call(baseUrl, 'POST', '/auth/totp/validation', {
    token,
    body: {
      code: await totpCode(baseUrl, secret.data.secret),
      validation_token: validation.data.validation_token,
    },
  });
  if (enabled.code !== 0) throw new Error(`totp validation: ${enabled.msg}`);
  return secret.data.secret;
}

/**
 * A second-validation token for `scene` by email, as the user gets it: the code is sent, read
 * from the development outbox and verified.
 */
export async function emailValidationToken(
  baseUrl: string,
  token: string,
  email: string,
  scene: string,
): Promise<string> {
  await apiCall(baseUrl, 'POST', '/auth/validation/verified-email', token, { scene });
  const validation = await apiCall<{ validation_token: string }>(
    baseUrl,
    'POST',
    '/users/second-validation',
    token,
    { verify_type: 'email', code: await outboxCode(baseUrl, email), scene },
  );
  if (validation.code !== 0) throw new Error(`second validation: ${validation.msg}`);
  return validation.data.validation_token;
}

/** Sets the user's pay password through the API (after a second validation by email). */
export async function setPayPasswordByApi(
  baseUrl: string,
  token: string,
  email: string,
  payPassword: string,
): Promise<void> {
  const validationToken = await emailValidationToken(baseUrl, token, email, 'pay_password');
  const key = await apiCall<{ public_key: string; key_id: string }>(
    baseUrl,
    'GET',
    '/v2/users/encrypt/pubkey',
    token,
  );
  const set = await apiCall(baseUrl, 'PUT', '/wallets/pay-password', token, {
    pay_password: await encryptPassword(key.data.public_key, payPassword),
    key_id: key.data.key_id,
    validation_token: validationToken,
  });
  if (set.code !== 0) throw new Error(`pay password: ${set.msg}`);
}

/** Chromium's virtual authenticator on `page` (CDP WebAuthn domain): a platform passkey. */
export async function addVirtualAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}
