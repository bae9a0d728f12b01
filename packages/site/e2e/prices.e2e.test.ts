import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, serverUrl } from './support';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('prices', () => {
  it("should show the home page's prices in the chosen currency, kept across a reload", async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    const table = page.getByRole('table', { name: 'Pool statistics' });
    const btc = table.getByRole('row').filter({ hasText: 'Bitcoin' });
    await btc.waitFor({ timeout: 60_000 });
    const priceColumn = async () => {
      const headers = await table.getByRole('columnheader').allTextContents();
      const cells = await btc.getByRole('cell').allTextContents();
      return cells[headers.indexOf('Price')] ?? '';
    };
    // CNY by default: the demo feed's price of BTC, two decimals.
    expect(await priceColumn()).toMatch(/^￥[\d,]+\.\d{2}$/);

    await page.getByLabel('Currency').selectOption('USD');
    await expect.poll(priceColumn).toMatch(/^\$[\d,]+\.\d{2}$/);
    const dollars = Number((await priceColumn()).replace(/[$,]/g, ''));
    // Around the demo's reference (98 000 USD), within the walk's band.
    expect(dollars).toBeGreaterThan(98_000 / 1.2);
    expect(dollars).toBeLessThan(98_000 * 1.2);

    await page.reload();
    await btc.waitFor({ timeout: 60_000 });
    // The prerendered page shows the default until the app starts and reads the stored choice.
    await expect.poll(() => page.getByLabel('Currency').inputValue()).toBe('USD');
    await expect.poll(priceColumn).toMatch(/^\$[\d,]+\.\d{2}$/);
    await context.close();
  });
});
