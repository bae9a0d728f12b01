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

describe('hashrate chart spans', () => {
  it('should load the span the range switch picks: 10-minute points for 24 h, hourly ones for 7 and 30 days', async () => {
    const { context, page } = await openPage(browser);
    const series: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/address-mining/kas/hashrates') series.push(url.search);
    });
    await page.goto(`${baseUrl}/mining/kas/dashboard`);
    const chart = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Pool hashrate' }) })
      .last();
    const sevenDays = page.getByRole('button', { name: '7 d' });
    await sevenDays.waitFor({ timeout: 60_000 });
    await expect.poll(() => series).toEqual(['?interval=10m&range=24h']);
    await sevenDays.click();
    await expect.poll(() => series).toContain('?interval=1h&range=7d');
    expect(await sevenDays.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: '30 d' }).click();
    await expect.poll(() => series).toContain('?interval=1h&range=30d');
    // The chart shows the new span: its axis now labels days (MM-DD), not hours.
    await expect
      .poll(async () => (await chart.textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/\d{2}-\d{2}/);
    await context.close();
  });
});
