import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, serverUrl, waitForPath } from './support';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('layout', () => {
  it('should move the navigation into a drawer under 768 px', async () => {
    const { context, page } = await openPage(browser, 375);
    await page.goto(`${baseUrl}/`);
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Miners' }).click();
    await waitForPath(page, '/miners');
    await drawer.waitFor({ state: 'detached' });
    await context.close();
  });

  it('should keep every link of the navigation reachable between 768 and 1280 px', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const names = ['Home', 'Address mining', 'Miners', 'Sales', 'Download', 'Support'];
    // Wide: every link in the bar, no "More".
    for (const name of names) await nav.getByRole('link', { name, exact: true }).waitFor();
    expect(await nav.getByRole('button', { name: 'More' }).count()).toBe(0);
    // Narrower: the links that do not fit move into "More"; none is cut off by the bar.
    await page.setViewportSize({ width: 820, height: 900 });
    const more = nav.getByRole('button', { name: 'More' });
    await more.waitFor();
    const navBox = await nav.boundingBox();
    const inBar = await nav.locator(':scope > a').allTextContents();
    for (const link of await nav.locator(':scope > a').all()) {
      const box = await link.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(
        (navBox?.x ?? 0) + (navBox?.width ?? 0) + 0.5,
      );
    }
    await more.click();
    const menu = page.getByRole('menu');
    const inMenu = await menu.getByRole('menuitem').allTextContents();
    expect(inMenu.length).toBeGreaterThan(0);
    expect([...inBar, ...inMenu]).toEqual(names);
    await menu.getByRole('menuitem', { name: 'Support' }).click();
    await waitForPath(page, '/ticket');
    await context.close();
  });

  it('should switch coins with the coin switcher', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    await page.getByLabel('Choose a coin').selectOption('kas');
    await waitForPath(page, '/mining/kas/dashboard');
    await page.getByLabel('Choose a coin').selectOption('btc');
    await waitForPath(page, '/pool/btc/stat');
    await context.close();
  });

  it('should keep recent address searches, newest first', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/mining/kas/dashboard`);
    for (const address of ['kaspa:first', 'kaspa:second']) {
      await page.getByLabel('Mining address').fill(address);
      await page.getByRole('button', { name: 'Search' }).click();
      await waitForPath(page, `/mining/kas/dashboard?address=${encodeURIComponent(address)}`);
    }
    const stored = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('search_list') ?? '[]') as { pool: string; addr: string }[],
    );
    expect(stored.slice(0, 2)).toEqual([
      { pool: 'kas', addr: 'kaspa:second' },
      { pool: 'kas', addr: 'kaspa:first' },
    ]);
    await page.getByRole('button', { name: /KAS · kaspa:first/ }).waitFor();
    await context.close();
  });

  it('should write counts and block heights with grouped digits', async () => {
    const answer = await fetch(`${baseUrl}/api/pools/btc/stats`);
    const { data } = (await answer.json()) as { data: { block_height: number } };
    // The demo chain is past block 100,000, so its height has separators.
    expect(data.block_height).toBeGreaterThan(100_000);
    const grouped = /^\d{1,3}(,\d{3})+$/;
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/pool/btc/stat`);
    const height = page.locator('dl div', { hasText: 'Block height' }).locator('dd');
    await page.waitForFunction(
      () =>
        /^\d{1,3}(,\d{3})+$/.test(
          [...document.querySelectorAll('dl div')]
            .find((stat) => stat.textContent?.includes('Block height'))
            ?.querySelector('dd')?.textContent ?? '',
        ),
      undefined,
      { timeout: 30_000 },
    );
    expect(await height.textContent()).toMatch(grouped);
    // The blocks table writes heights the same way.
    const firstHeight = page.locator('main table tbody tr td').first();
    await firstHeight.waitFor({ timeout: 30_000 });
    expect(await firstHeight.textContent()).toMatch(grouped);
    await context.close();
  });
});
