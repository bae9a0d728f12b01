import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, outboxCode, serverUrl, waitForPath } from './support';

const baseUrl = serverUrl();
const DEMO = { email: 'demo@poolkit.local', password: 'Demo12345', account: 'demo' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** Calls the API the way a user's program would: with the key as the bearer credential. */
async function withKey(method: string, path: string, key: string, body?: unknown) {
  const response = await fetch(new URL(`/api${path}`, baseUrl), {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; msg: string; data?: unknown },
  };
}

describe('read-only API keys', () => {
  it('should create a key in the settings, read the worker list with it, be refused a write, and stop working once revoked', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/user/setting`);
    await waitForPath(page, `/login?redirect=${encodeURIComponent('/user/setting')}`);
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await waitForPath(page, '/user/setting', 30_000);

    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByRole('button', { name: 'Create key' }).waitFor({ timeout: 30_000 });
    const name = `monitor ${Date.now().toString(36).slice(-5)}`;
    await section.getByLabel('Key name').fill(name);
    // Without an account the form says so before anything is sent.
    await section.getByRole('checkbox', { name: DEMO.account, exact: true }).uncheck();
    await section.getByRole('button', { name: 'Create key' }).click();
    await section.getByText('Select at least one account').waitFor();
    await section.getByRole('checkbox', { name: DEMO.account, exact: true }).check();
    await section.getByLabel('Allowed IP addresses (optional)').fill('not-an-address');
    await section.getByRole('button', { name: 'Create key' }).click();
    await section.getByText('Enter an IP address or a CIDR block, e.g. 203.0.113.0/24').waitFor();
    await section.getByLabel('Allowed IP addresses (optional)').fill('');
    // A key outlives the session, so it takes a fresh second validation: without the code the
    // form says so, then the code sent to the user's email makes the key.
    await section.getByRole('button', { name: 'Create key' }).click();
    await section.getByText('Please enter verification code').waitFor();
    await section.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('The verification code has been sent.').waitFor({ timeout: 30_000 });
    await section.getByLabel('Email code').fill(await outboxCode(baseUrl, DEMO.email));
    await section.getByRole('button', { name: 'Create key' }).click();

    const secret =
      (await section.getByTestId('api-key-secret').textContent({ timeout: 30_000 })) ?? '';
    expect(secret).toMatch(/^pk_[0-9a-f]{12}_/);
    const row = section.getByRole('row').filter({ hasText: name });
    await row.getByText('Never').waitFor();

    const workers = await withKey('GET', `/pools/btc/accounts/${DEMO.account}/miners`, secret);
    expect(workers.status, workers.body.msg).toBe(200);
    const list = (workers.body.data as { list: { worker_name: string }[] }).list;
    expect(list.length).toBeGreaterThan(0);

    const write = await withKey('DELETE', `/pools/btc/accounts/${DEMO.account}/miners`, secret, {
      workers: [list[0]?.worker_name ?? 'none'],
    });
    expect(write.status).toBe(403);
    expect(write.body.msg).toBe('API keys and app tokens are read-only: this call changes data');
    const identity = await withKey('GET', '/users/info', secret);
    expect(identity.status).toBe(403);

    // The list shows the use once reloaded; then the key is revoked and stops working.
    await page.reload();
    const used = page
      .getByRole('region', { name: 'API keys' })
      .getByRole('row')
      .filter({ hasText: name });
    await used.getByText('Never').waitFor({ state: 'detached', timeout: 30_000 });
    await used.getByRole('button', { name: `Revoke the key ${name}` }).click();
    await page.getByText('The key has been revoked.').waitFor();
    await used.waitFor({ state: 'detached' });
    const revoked = await withKey('GET', `/pools/btc/accounts/${DEMO.account}/miners`, secret);
    expect(revoked.status).toBe(401);
    expect(revoked.body.msg).toBe('This API key has been revoked');
    await context.close();
  });
});
