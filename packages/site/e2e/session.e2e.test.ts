import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, loginByApi, openPage, seedSession } from './support';

const baseUrl = inject('baseUrl');
const DEMO = { email: 'demo@poolkit.local', password: 'Demo12345', account: 'demo' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('expired access token', () => {
  it('should refresh an expired token once for every concurrent call that carried it', async () => {
    const tokens = await loginByApi(baseUrl, DEMO.email, DEMO.password);
    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    // Once `expired` is set, the server's answer to that token is replayed as after its expiry:
    // HTTP 400 code 40001 for every call that carries it.
    let expired: string | null = null;
    let expiredAnswers = 0;
    await page.route('**/api/**', async (route) => {
      if (expired !== null && route.request().headers().authorization === `Bearer ${expired}`) {
        expiredAnswers += 1;
        // Answer late, as a real server might, so the calls overlap the refresh.
        await new Promise((wait) => setTimeout(wait, 300));
        await route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ code: 40001, msg: 'The token has expired' }),
        });
        return;
      }
      await route.continue();
    });
    let refreshCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/users/refresh/login')) refreshCalls += 1;
    });
    await page.goto(`${baseUrl}/pool/btc/home`);
    await page
      .getByRole('heading', { name: `Account ${DEMO.account}` })
      .waitFor({ timeout: 30_000 });
    expect(refreshCalls).toBe(0);
    expired = tokens.token;
    // The home page fires its calls (pools, coins, halvings, …) together, each with the token.
    await page.getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.getByRole('heading', { name: 'PoolKit mining pool' }).waitFor();
    await page.locator('main table tbody tr').first().waitFor({ timeout: 30_000 });
    expect(expiredAnswers).toBeGreaterThan(1);
    expect(refreshCalls).toBe(1);
    const stored = await page.evaluate(() => localStorage.getItem('access_token'));
    expect(stored).not.toBeNull();
    expect(stored).not.toBe(tokens.token);
    await context.close();
  });
});
