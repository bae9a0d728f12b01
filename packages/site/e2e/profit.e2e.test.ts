import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginByApi, openPage, seedSession, serverUrl } from './support';

const baseUrl = serverUrl();
const DEMO = { email: 'demo@poolkit.local', password: 'Demo12345', account: 'demo' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** `YYYY-MM-DD` of a UTC day `daysAgo` before today. */
function day(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

describe('profit export', () => {
  it('should download the profits of a date range as a CSV file', async () => {
    const tokens = await loginByApi(baseUrl, DEMO.email, DEMO.password);
    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/pool/btc/profit`);
    await page.getByRole('heading', { name: 'Export income' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Start date').fill(day(7));
    await page.getByLabel('End date').fill(day(0));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    // The shared browser runs in another process: save a copy here to read it.
    const folder = await mkdtemp(join(tmpdir(), 'poolkit-download-'));
    const file = join(folder, download.suggestedFilename());
    await download.saveAs(file);
    const text = await readFile(file, 'utf8');
    await rm(folder, { recursive: true, force: true });
    expect(text.split('\n')[0]).toMatch(/date/i);
    await context.close();
  });

  it('should refuse an export whose range ends before it starts, without a download', async () => {
    const tokens = await loginByApi(baseUrl, DEMO.email, DEMO.password);
    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/pool/btc/profit`);
    await page.getByRole('heading', { name: 'Export income' }).waitFor({ timeout: 30_000 });
    let downloads = 0;
    page.on('download', () => {
      downloads += 1;
    });
    await page.getByLabel('Start date').fill(day(0));
    await page.getByLabel('End date').fill(day(7));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByText('Start date cannot be later than end date').waitFor();
    expect(downloads).toBe(0);
    await context.close();
  });
});
