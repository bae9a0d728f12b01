import { SESSION_CHANNEL_NAME } from '@poolkit/core';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  loginByApi,
  openPage,
  seedSession,
  serverUrl,
  trackApiRequests,
} from './support';

const baseUrl = serverUrl();
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
    // HTTP 400 code 40001 for every call that carries it, answered late, as a real server might,
    // so the calls overlap the refresh.
    let expired = false;
    let expiredAnswers = 0;
    await expireTokenWhen(page, tokens.token, () => expired, {
      delayMs: 300,
      onAnswer: () => {
        expiredAnswers += 1;
      },
    });
    let refreshCalls = 0;
    page.on('request', (request) => {
      if (isRefresh(request)) refreshCalls += 1;
    });
    await page.goto(`${baseUrl}/pool/btc/home`);
    await page
      .getByRole('heading', { name: `Account ${DEMO.account}` })
      .waitFor({ timeout: 30_000 });
    expect(refreshCalls).toBe(0);
    expired = true;
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

/** Whether a request is the token refresh call. */
function isRefresh(request: Request): boolean {
  return request.url().endsWith('/api/users/refresh/login');
}

/**
 * Answers every API call that carries `token` as the server does once it has expired (HTTP 400,
 * code 40001) while `isExpired()` holds; everything else goes to the real server. `delayMs`
 * answers late, as a real server might; `onAnswer` counts the answers.
 */
async function expireTokenWhen(
  page: Page,
  token: string,
  isExpired: () => boolean,
  { delayMs = 0, onAnswer }: { delayMs?: number; onAnswer?: () => void } = {},
) {
  await page.route('**/api/**', async (route) => {
    if (isExpired() && route.request().headers().authorization === `Bearer ${token}`) {
      onAnswer?.();
      if (delayMs > 0) await new Promise((wait) => setTimeout(wait, delayMs));
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 40001, msg: 'The token has expired' }),
      });
      return;
    }
    await route.continue();
  });
}

describe('token refresh across tabs', () => {
  it('should hand the tokens one tab refreshed to the other tab over the BroadcastChannel', async () => {
    const tokens = await loginByApi(baseUrl, DEMO.email, DEMO.password);
    // Two tabs of one browser: they share local storage and the broadcast channel.
    const { context, page: first } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    const second = await context.newPage();
    let expired = false;
    const refreshes = { first: 0, second: 0 };
    const traffic = [trackApiRequests(first), trackApiRequests(second)];
    first.on('request', (request) => {
      if (isRefresh(request)) refreshes.first += 1;
    });
    second.on('request', (request) => {
      if (isRefresh(request)) refreshes.second += 1;
    });
    for (const page of [first, second]) {
      await expireTokenWhen(page, tokens.token, () => expired);
      await page.goto(`${baseUrl}/pool/btc/home`);
      await page
        .getByRole('heading', { name: `Account ${DEMO.account}` })
        .waitFor({ timeout: 30_000 });
    }
    // What each tab hears on the session channel, as its own session does.
    for (const page of [first, second]) {
      await page.evaluate((channelName) => {
        const heard: unknown[] = [];
        Object.assign(window, { heardOnSessionChannel: heard });
        new BroadcastChannel(channelName).addEventListener('message', (event) => {
          heard.push(event.data);
        });
      }, SESSION_CHANNEL_NAME);
    }
    expect(refreshes).toEqual({ first: 0, second: 0 });
    // Both tabs have made their page's calls (the header's come as their endpoint group arrives).
    await Promise.all(traffic.map((pageTraffic) => pageTraffic.quiet()));

    // The access token expires; the first tab's next calls refresh it. (A tab's own timer, such
    // as the unread count's, may call first on a slow machine: then that tab refreshes and the
    // other hears it. Either way one refresh serves both.)
    expired = true;
    await first.getByRole('link', { name: 'Workers', exact: true }).click();
    await first.locator('main table tbody tr').first().waitFor({ timeout: 30_000 });
    expect(refreshes.first + refreshes.second).toBe(1);
    const [refresher, other] = refreshes.first === 1 ? [first, second] : [second, first];
    const refreshed = await refresher.evaluate(() => ({
      accessToken: localStorage.getItem('access_token'),
      refreshToken: localStorage.getItem('refresh_token'),
    }));
    expect(refreshed.accessToken).not.toBeNull();
    expect(refreshed.accessToken).not.toBe(tokens.token);

    // The other tab received them on the channel and holds them.
    const heard = await other.waitForFunction(
      () =>
        (window as unknown as { heardOnSessionChannel: unknown[] }).heardOnSessionChannel[0] ??
        null,
      undefined,
      { timeout: 10_000 },
    );
    expect(await heard.jsonValue()).toEqual({ type: 'poolkit-session/tokens', ...refreshed });
    expect(await other.evaluate(() => localStorage.getItem('access_token'))).toBe(
      refreshed.accessToken,
    );

    // Its next calls carry the new token and succeed, with no refresh of its own.
    const bearers = new Set<string>();
    other.on('request', (request) => {
      const authorization = request.headers().authorization;
      if (request.url().includes('/api/') && authorization) bearers.add(authorization);
    });
    // In-app navigation, so the tokens in use are the ones its session heard, not a reload's.
    if (other === second) {
      await second.getByRole('link', { name: 'Workers', exact: true }).click();
      await second.locator('main table tbody tr').first().waitFor({ timeout: 30_000 });
    } else {
      await first.goBack();
      await first
        .getByRole('heading', { name: `Account ${DEMO.account}` })
        .waitFor({ timeout: 30_000 });
    }
    expect([...bearers]).toEqual([`Bearer ${refreshed.accessToken}`]);
    expect(refreshes.first + refreshes.second).toBe(1);
    await context.close();
  });
});
