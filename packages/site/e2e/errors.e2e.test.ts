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

describe('error messages', () => {
  it('should show the server message in an alert dialog on a phone', async () => {
    const { context, page } = await openPage(browser, 375);
    await page.route('**/api/coins', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 50000, msg: 'Coins are resting' }),
      }),
    );
    await page.goto(`${baseUrl}/`);
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Coins are resting');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('should show a toast with a close button for 3 seconds on a desktop', async () => {
    const { context, page } = await openPage(browser, 1280);
    await page.route('**/api/coins', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 50000, msg: 'Coins are resting' }),
      }),
    );
    await page.goto(`${baseUrl}/`);
    const toast = page.getByRole('alert').filter({ hasText: 'Coins are resting' });
    await toast.waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await toast.getByRole('button', { name: 'Close' }).count()).toBe(1);
    await toast.waitFor({ state: 'detached', timeout: 6_000 });
    await context.close();
  });

  it('should fall back to "Request failed" when the answer has no message', async () => {
    const { context, page } = await openPage(browser, 1280);
    await page.route('**/api/coins', (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: '' }),
    );
    await page.goto(`${baseUrl}/`);
    await page.getByRole('alert').first().waitFor();
    expect(await page.getByRole('alert').first().textContent()).toMatch(/\S/);
    await context.close();
  });
});
