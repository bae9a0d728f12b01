import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  enableTotp,
  launchBrowser,
  newUser,
  openPage,
  registerByApi,
  seedSession,
  serverUrl,
} from './support';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** Marks the loaded document: the mark is gone if the page reloads. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveMark: number }).liveMark = 1;
  });
}

async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark === 1);
}

/** Waits until the page holds an open live stream (its first event arrived). */
async function waitForStream(page: Page): Promise<void> {
  await page.waitForEvent('response', {
    predicate: (response) => response.url().includes('/api/live?') && response.status() === 200,
    timeout: 15_000,
  });
}

describe('live updates', () => {
  it("should show a block the pool just found in the pool's block list without a reload", async () => {
    const { context, page } = await openPage(browser);
    const stream = waitForStream(page);
    await page.goto(`${baseUrl}/pool/btc/stat`);
    await stream;
    await page.getByRole('heading', { name: 'Blocks' }).first().waitFor();
    await markDocument(page);
    // Give the stream's first event (ready) a moment, so the block is news to it.
    await page.waitForTimeout(500);

    const response = await fetch(new URL('/api/dev/pool-blocks', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ coin: 'btc' }),
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { height: number } };
    const height = data.height.toLocaleString('en-US');
    await page
      .getByRole('cell', { name: height, exact: true })
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await stillSameDocument(page)).toBe(true);
    await context.close();
  });

  it("should raise the header's unread badge when a message arrives, without a reload", async () => {
    const user = newUser('live');
    const { token, refresh_token } = await registerByApi(baseUrl, user);
    const before = await apiCall<{ count: number }>(
      baseUrl,
      'GET',
      '/messages/unread-count',
      token,
    );
    const { context, page } = await openPage(browser);
    await seedSession(context, token, refresh_token);
    const stream = waitForStream(page);
    await page.goto(`${baseUrl}/`);
    await stream;
    const messages = page.getByRole('link', { name: /^Messages, \d+ unread$/ });
    await messages.waitFor();
    expect(await messages.getAttribute('aria-label')).toBe(`Messages, ${before.data.count} unread`);
    await markDocument(page);
    await page.waitForTimeout(500);

    // Turning on an authenticator writes a "setting changed" message.
    await enableTotp(baseUrl, user.email, token);
    await page
      .getByRole('link', { name: `Messages, ${before.data.count + 1} unread` })
      .waitFor({ timeout: 15_000 });
    expect(await stillSameDocument(page)).toBe(true);
    await context.close();
  });
});

describe('dark mode', () => {
  const background = (page: Page) =>
    page.evaluate(
      () =>
        getComputedStyle(document.body.querySelector('[data-theme]') ?? document.body)
          .backgroundColor,
    );

  it('should follow the system by default, keep a chosen theme across reloads, and follow the system again', async () => {
    const { context, page } = await openPage(browser);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${baseUrl}/`);
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    const light = await background(page);

    // On "system", the page follows a change of the system's scheme at once.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');

    const switcher = page.getByTestId('theme-switcher').first();
    expect(await switcher.inputValue()).toBe('system');
    await switcher.selectOption('dark');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.waitForFunction(
      () => document.querySelector('#root [data-theme]')?.getAttribute('data-theme') === 'dark',
    );
    const dark = await background(page);
    expect(dark).not.toBe(light);

    // Kept across a reload, against a light system, and dark before any of the app runs: with
    // its scripts blocked, the prerendered page is dark already (no light flash).
    const { context: bare, page: early } = await openPage(browser, 1280, { waitForApp: false });
    await early.emulateMedia({ colorScheme: 'light' });
    await early.goto(`${baseUrl}/`);
    await early.evaluate(() => localStorage.setItem('theme', 'dark'));
    // Leave the app first: blocking scripts under a running app fails its late chunks, and its
    // chunk-error reload then aborts the navigation below.
    await early.goto('about:blank');
    await early.route(/\.js(\?|$)/, (route) => route.abort());
    await early.goto(`${baseUrl}/`, { waitUntil: 'load' });
    expect(await early.getAttribute('html', 'data-theme')).toBe('dark');
    expect(
      await early.evaluate(() => document.documentElement.hasAttribute('data-app-ready')),
    ).toBe(false);
    expect(await background(early)).toBe(dark);
    await bare.close();

    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.getByTestId('theme-switcher').first().inputValue()).toBe('dark');
    expect(await background(page)).toBe(dark);

    // Back to the system: light again, and the choice is forgotten.
    await page.getByTestId('theme-switcher').first().selectOption('system');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await background(page)).toBe(light);
    await context.close();
  });
});
