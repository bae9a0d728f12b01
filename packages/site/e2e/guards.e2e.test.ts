import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  fakeJwt,
  launchBrowser,
  mockPermissions,
  openPage,
  pathOf,
  seedSession,
  serverUrl,
  waitForPath,
} from './support';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('navigation guards', () => {
  it('should redirect an unknown path to /', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/no/such/page`);
    await waitForPath(page, '/');
    await context.close();
  });

  it('should send a visitor on a protected route to /login with the way back', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/user/setting?tab=2`);
    await waitForPath(page, `/login?redirect=${encodeURIComponent('/user/setting?tab=2')}`);
    await page.getByRole('heading', { name: 'Sign in to PoolKit' }).waitFor();
    await context.close();
  });

  it('should send a signed-in user on login, registration and reset pages to /', async () => {
    for (const path of [
      '/login',
      '/register/phone',
      '/register/email',
      '/resetpassword/phone',
      '/resetpassword/email',
    ]) {
      const { context, page } = await openPage(browser);
      await seedSession(context, fakeJwt());
      await mockPermissions(page, { permissions: ALL_PERMISSIONS });
      await page.goto(`${baseUrl}${path}`);
      await waitForPath(page, '/');
      await context.close();
    }
  });

  it('should keep any path containing /activity/red_packet open', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/activity/red_packet/abc123/detail`);
    await page.getByRole('heading', { name: 'Red packet details' }).waitFor();
    expect(pathOf(page)).toBe('/activity/red_packet/abc123/detail');
    await context.close();
  });

  it('should apply the coin guards of /mining/:coin/* and /pool/:type/*', async () => {
    const { context, page } = await openPage(browser);
    for (const [path, expected] of [
      ['/mining/btc/dashboard', '/'],
      ['/mining/kas/ip-statistics', '/'],
      ['/pool/kas/stat', '/'],
      ['/mining/kas/stats', '/mining/kas/stats'],
      ['/mining/aleo/ip-statistics', '/mining/aleo/ip-statistics'],
      ['/pool/btc/stat', '/pool/btc/stat'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await waitForPath(page, expected);
      await page.locator('main h1').waitFor();
    }
    await context.close();
  });

  it('should load the roles once on the first navigation and allow only permitted routes', async () => {
    const { context, page } = await openPage(browser);
    await seedSession(context, fakeJwt());
    const permissions = await mockPermissions(page, { permissions: ['pool.view'] });
    await page.goto(`${baseUrl}/pool/btc/home`);
    await page.getByRole('heading', { name: 'BTC · Overview' }).waitFor();
    expect(permissions.calls()).toBe(1);
    await page.getByRole('link', { name: 'Terms of service' }).click();
    await waitForPath(page, '/terms');
    await page.getByRole('link', { name: 'About us' }).click();
    await waitForPath(page, '/about-us');
    expect(permissions.calls()).toBe(1);
    // /user/setting needs user.view, which this user lacks.
    await page.goto(`${baseUrl}/user/setting`);
    await waitForPath(page, '/');
    await context.close();
  });

  it('should forward /user and /contract to their first child, keeping the query', async () => {
    const { context, page } = await openPage(browser);
    await seedSession(context, fakeJwt());
    await mockPermissions(page, { permissions: ALL_PERMISSIONS });
    await page.goto(`${baseUrl}/user?from=mail`);
    await waitForPath(page, '/user/setting?from=mail');
    await page.goto(`${baseUrl}/contract`);
    await waitForPath(page, '/contract/list');
    await page.getByRole('heading', { name: 'Cloud-mining contracts' }).waitFor();
    await context.close();
  });

  it('should log out and go to /login when loading the roles answers HTTP 400', async () => {
    const { context, page } = await openPage(browser);
    await seedSession(context, fakeJwt());
    await mockPermissions(page, { status: 400, code: 40000, msg: 'Bad token' });
    await page.goto(`${baseUrl}/user/setting`);
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await context.close();
  });

  it('should abort the navigation when loading the roles fails otherwise', async () => {
    const { context, page } = await openPage(browser);
    await seedSession(context, fakeJwt());
    await mockPermissions(page, { status: 503, code: 50300, msg: 'Maintenance' });
    await page.goto(`${baseUrl}/user/setting`);
    await page.getByTestId('route-error').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBeNull();
    await context.close();
  });

  it('should clear the observer token and go to / when the observer roles fail', async () => {
    const { context, page } = await openPage(browser);
    await mockPermissions(page, { status: 403, code: 40300, msg: 'Link expired' });
    await page.goto(`${baseUrl}/pool/btc/home?observer_token=expired-token`);
    await waitForPath(page, '/');
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(await page.getByText('Observer (read-only)').count()).toBe(0);
    await context.close();
  });

  it('should start a read-only observer session from observer_token with write actions hidden', async () => {
    const { context, page } = await openPage(browser);
    await mockPermissions(page, { permissions: ['pool.view', 'miner.view'] });
    await page.goto(`${baseUrl}/pool/btc/miner?observer_token=watch-token`);
    await page.getByText('Observer (read-only)').waitFor();
    await page.getByRole('heading', { name: 'BTC · Workers' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create group' }).count()).toBe(0);
    // Links keep the token, so the observer session survives in-app navigation.
    await page.getByRole('link', { name: 'Overview' }).click();
    await waitForPath(page, '/pool/btc/home?observer_token=watch-token');
    await context.close();
  });

  it('should clear the observer session and reload without the token when it leaves the URL', async () => {
    const { context, page } = await openPage(browser);
    await mockPermissions(page, { permissions: ['pool.view', 'miner.view'] });
    await page.goto(`${baseUrl}/`);
    await page.goto(`${baseUrl}/pool/btc/home?observer_token=watch-token`);
    await page.getByText('Observer (read-only)').waitFor();
    await page.evaluate(() => {
      (window as unknown as { e2eMarker: boolean }).e2eMarker = true;
    });
    await page.goBack();
    await waitForPath(page, '/');
    await page.waitForFunction(() => !(window as unknown as { e2eMarker?: boolean }).e2eMarker);
    expect(await page.getByText('Observer (read-only)').count()).toBe(0);
    await context.close();
  });

  it('should refresh a token past half its life, and log out to /login when the refresh fails', async () => {
    const { context, page } = await openPage(browser);
    // Issued 50 minutes ago, expires in 10: below half of its life, so the schedule refreshes now.
    await seedSession(context, fakeJwt(600, '1', 3000), 'not-a-valid-refresh-token');
    await mockPermissions(page, { permissions: ALL_PERMISSIONS });
    let refreshCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/users/refresh/login')) refreshCalls += 1;
    });
    await page.goto(`${baseUrl}/user/setting`);
    await waitForPath(page, '/login');
    expect(refreshCalls).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await context.close();
  });

  it('should scroll to the top when the path changes', async () => {
    const { context, page } = await openPage(browser, 375);
    await page.goto(`${baseUrl}/`);
    await page.locator('main h1').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Terms of service' }).click();
    await waitForPath(page, '/terms');
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });
});
