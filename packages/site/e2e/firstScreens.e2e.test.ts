import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newUser,
  openPage,
  registerByApi,
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

/** The pool statistics table's cells by coin symbol and column header, once it has rows. */
async function poolStats(page: Page): Promise<Record<string, Record<string, string>>> {
  const table = page.getByRole('table', { name: 'Pool statistics' });
  await table.locator('tbody tr').first().waitFor({ timeout: 30_000 });
  return table.evaluate((element) => {
    const headers = [...element.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
    const rows: Record<string, Record<string, string>> = {};
    for (const row of element.querySelectorAll('tbody tr')) {
      const cells = [...row.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');
      const symbol = cells[0]?.split(' ')[0] ?? '';
      rows[symbol] = Object.fromEntries(
        headers.map((header, index) => [header, cells[index] ?? '']),
      );
    }
    return rows;
  });
}

describe('what a miner sees first', () => {
  it('should show each coin in its hashrate unit and every daily profit above zero', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    const rows = await poolStats(page);
    expect(rows.ZEC?.['Pool hashrate']).toMatch(/^\d+\.\d{2} [KMGTPEZY]?Sol\/s$/);
    expect(rows.ZEC?.['Network hashrate']).toMatch(/Sol\/s$/);
    expect(rows.ALEO?.['Pool hashrate']).toMatch(/Sol\/s$/);
    // Grin counts graphs per second: gps, Kgps …, never a prefix that reads as the unit.
    expect(rows.GRIN?.['Pool hashrate']).toMatch(/^\d+\.\d{2} [KMGTPEZY]?gps$/);
    expect(rows.BTC?.['Pool hashrate']).toMatch(/^\d+\.\d{2} [KMGTPEZY]?H\/s$/);
    // BTC per TH/s in satoshis, and no coin's profit reads as zero.
    expect(rows.BTC?.['Daily profit']).toMatch(/^0\.000000\d{2} \/ TH\/s$/);
    for (const [symbol, row] of Object.entries(rows)) {
      const amount = Number((row['Daily profit'] ?? '').split(' ')[0]?.replace(/,/g, ''));
      expect(amount, symbol).toBeGreaterThan(0);
    }
    await context.close();
  });

  it('should fit the pool statistics at 1280 px, with algorithm notes in a tooltip', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    const rows = await poolStats(page);
    expect(rows.DCR?.Algorithm).toBe('BLAKE3');
    const table = page.getByRole('table', { name: 'Pool statistics' });
    const overflow = await table.evaluate((element) => {
      const wrap = element.parentElement as HTMLElement;
      return wrap.scrollWidth - wrap.clientWidth;
    });
    expect(overflow).toBe(0);
    await table.getByRole('button', { name: 'About BLAKE3', exact: true }).focus();
    expect(await page.getByRole('tooltip').textContent()).toContain('DCP-0011');

    // The pool picker is part of the chart's card (which renders as it nears the viewport).
    await page.getByRole('heading', { name: 'Pool hashrate' }).scrollIntoViewIfNeeded();
    const chart = page
      .getByRole('heading', { name: 'Pool hashrate' })
      .locator('xpath=ancestor::section[1]');
    await chart.getByLabel('Pool', { exact: true }).selectOption('zec', { timeout: 30_000 });
    await expect.poll(() => chart.locator('svg').first().textContent()).toContain('Sol/s');
    await context.close();
  });

  it('should turn the pool statistics into labelled blocks on a phone', async () => {
    const { context, page } = await openPage(browser, 375);
    await page.goto(`${baseUrl}/`);
    await poolStats(page);
    const table = page.getByRole('table', { name: 'Pool statistics' });
    const layout = await table.evaluate((element) => {
      const wrap = element.parentElement as HTMLElement;
      // The fourth column (coin, algorithm, price, pool hashrate, …).
      const cell = element.querySelector('tbody tr td:nth-child(4)') as HTMLElement;
      return {
        overflow: wrap.scrollWidth - wrap.clientWidth,
        label: getComputedStyle(cell, '::before').content,
        headerShown: (element.querySelector('thead') as HTMLElement).offsetHeight > 1,
      };
    });
    expect(layout).toEqual({ overflow: 0, label: '"Pool hashrate"', headerShown: false });
    await context.close();
  });

  it("should show a Zcash pool's figures and chart in Sol/s", async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/pool/zec/stat`);
    const figure = page
      .locator('dl > div')
      .filter({ has: page.getByText('Pool hashrate', { exact: true }) })
      .locator('dd');
    await expect.poll(() => figure.textContent(), { timeout: 30_000 }).toMatch(/Sol\/s$/);
    const chart = page
      .getByRole('heading', { name: 'Pool hashrate' })
      .locator('xpath=ancestor::section[1]');
    await expect
      .poll(() => chart.locator('svg').first().textContent(), { timeout: 30_000 })
      .toContain('Sol/s');
    await context.close();
  });

  it('should offer a demo address to a visitor of the address pages', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/mining/kas/dashboard`);
    await page.getByRole('link', { name: 'Try a demo address' }).click({ timeout: 30_000 });
    await page.waitForURL(/\/mining\/kas\/dashboard\?address=kaspa%3Aq/);
    // The demo pool mines on it: the address has workers.
    const workers = page.getByRole('table', { name: 'Workers' });
    await workers.locator('tbody tr').first().waitFor({ timeout: 30_000 });
    expect(await workers.locator('tbody tr').count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe('settings', () => {
  it('should pick the time zone from the list and keep the email on one line', async () => {
    const user = newUser('zone');
    const tokens = await registerByApi(baseUrl, user);
    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/user/setting`);
    const email = page
      .locator('dl > div')
      .filter({ has: page.getByText('Email', { exact: true }) })
      .locator('dd');
    await email.waitFor({ timeout: 30_000 });
    const lines = await email.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);

    const zone = page.getByRole('combobox', { name: 'Time zone' });
    expect(await zone.inputValue()).toBe('UTC+00:00');
    await zone.fill('05:45');
    await page.getByRole('option', { name: 'UTC+05:45' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved.').first().waitFor();
    await page.reload();
    await waitForPath(page, '/user/setting');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Time zone' }).inputValue(), {
        timeout: 30_000,
      })
      .toBe('UTC+05:45');
    await context.close();
  });
});
