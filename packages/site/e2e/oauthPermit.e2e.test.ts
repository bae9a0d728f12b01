import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  launchBrowser,
  loginByApi,
  newUser,
  openPage,
  outboxCode,
  registerByApi,
  serverUrl,
  waitForPath,
} from './support';

const baseUrl = serverUrl();
const OPERATOR = { email: 'operator@poolkit.local', password: 'Operator123' };
let browser: Browser;
let receiver: Server;
let callbackBase = '';

beforeAll(async () => {
  browser = await launchBrowser();
  // The third-party app's own site: it only has to answer its callback.
  receiver = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end('<!doctype html><title>RigWatch</title><p>Back at RigWatch</p>');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  callbackBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await browser.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('third-party login permit', () => {
  it('should sign in first, refuse without an account, then send the app a code that reads the chosen account only', async () => {
    const operator = await loginByApi(baseUrl, OPERATOR.email, OPERATOR.password);
    const redirectUri = `${callbackBase}/callback`;
    const registered = await apiCall<{ app: { client_id: string }; client_secret: string }>(
      baseUrl,
      'POST',
      '/admin/oauth/apps',
      operator.token,
      { name: 'RigWatch', redirect_uris: [redirectUri], scopes: ['miner.view', 'pool.view'] },
    );
    expect(registered.code, registered.msg).toBe(0);
    const { client_id: clientId } = registered.data.app;

    const user = newUser('permit');
    await registerByApi(baseUrl, user);
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const state = randomBytes(8).toString('hex');
    const authorize = `/login/oauth/authorize?${new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'miner.view',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })}`;

    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}${authorize}`);
    await waitForPath(page, `/login?redirect=${encodeURIComponent(authorize)}`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await waitForPath(page, authorize, 30_000);

    await page
      .getByRole('heading', { name: 'RigWatch asks to read your pool data' })
      .waitFor({ timeout: 30_000 });
    const account = page.getByRole('checkbox', { name: user.username, exact: true });
    expect(await account.isChecked()).toBe(true);
    let grants = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/oauth/authorize'))
        grants += 1;
    });
    // With POOLKIT_CONSENT_SHOT set, keep a picture of the consent page to look at.
    const shot = process.env.POOLKIT_CONSENT_SHOT;
    if (shot !== undefined && shot !== '') await page.screenshot({ path: shot, fullPage: true });
    await account.uncheck();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Select at least one account').waitFor();
    expect(grants).toBe(0);

    await account.check();
    // The app gets a refresh token that outlives the session: the consent takes a fresh second
    // validation, the code sent to the user's email.
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Please enter verification code').waitFor();
    expect(grants).toBe(0);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('The verification code has been sent.').waitFor({ timeout: 30_000 });
    await page.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(redirectUri), { timeout: 30_000 });
    const callback = new URL(page.url());
    expect(callback.searchParams.get('state')).toBe(state);
    const code = callback.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    await context.close();

    // The app exchanges the code at the token endpoint, as any OAuth 2 client does.
    const exchange = await fetch(new URL('/api/oauth/token', baseUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${registered.data.client_secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
    });
    expect(exchange.status).toBe(200);
    const tokens = (await exchange.json()) as {
      access_token: string;
      scope: string;
      accounts: string;
    };
    expect(tokens.scope).toBe('miner.view');
    expect(tokens.accounts).toBe(user.username);
    const workers = await apiCall(
      baseUrl,
      'GET',
      `/pools/btc/accounts/${user.username}/miners`,
      tokens.access_token,
    );
    expect(workers.code, workers.msg).toBe(0);
    const demo = await apiCall(
      baseUrl,
      'GET',
      '/pools/btc/accounts/demo/miners',
      tokens.access_token,
    );
    expect(demo.code).not.toBe(0);
  });
});

describe('the operators’ app register', () => {
  it('should register an app with its secret shown once, audit it, and remove it', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/admin/oauth-apps`);
    await waitForPath(page, `/login?redirect=${encodeURIComponent('/admin/oauth-apps')}`);
    await page.getByLabel('Email').fill(OPERATOR.email);
    await page.getByLabel('Password').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await waitForPath(page, '/admin/oauth-apps', 30_000);

    const name = `Dashboard ${Date.now().toString(36).slice(-5)}`;
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Please enter the app name').waitFor();
    await page.getByText('Enter at least one redirect URI').waitFor();
    await page.getByLabel('App name').fill(name);
    await page.getByLabel('Redirect URIs (separated by spaces)').fill('ftp://nope.example/cb');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Each redirect URI must be an http or https address').waitFor();
    await page
      .getByLabel('Redirect URIs (separated by spaces)')
      .fill('https://dash.example/cb https://dash.example/cb2');
    await page.getByRole('button', { name: 'Register' }).click();
    const secret =
      (await page.getByTestId('oauth-client-secret').textContent({ timeout: 30_000 })) ?? '';
    const clientId = (await page.getByTestId('oauth-client-id').textContent()) ?? '';
    expect(secret).toMatch(/^pcs_/);
    expect(clientId).toMatch(/^app_[0-9a-f]{16}$/);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('https://dash.example/cb https://dash.example/cb2').waitFor();

    const operator = await loginByApi(baseUrl, OPERATOR.email, OPERATOR.password);
    const audit = await apiCall<{ list: { action: string; target_id: string | null }[] }>(
      baseUrl,
      'GET',
      '/admin/audit-log?action=oauth_apps.create',
      operator.token,
    );
    expect(audit.data.list.some((entry) => entry.target_id === clientId)).toBe(true);

    await row.getByRole('button', { name: `Remove the app ${name}` }).click();
    await page.getByText('The app has been removed; its tokens no longer work.').waitFor();
    await row.waitFor({ state: 'detached' });
    // The secret is never shown again: the list holds none.
    expect(await page.getByText(secret).count()).toBe(0);
    await context.close();
  });
});
