import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  loginByApi,
  openPage,
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

describe('the open pages', () => {
  it('should show a visitor the address-mining coins and look an address up', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Address mining', exact: true }).first().click();
    await waitForPath(page, '/mining');
    await page.getByRole('heading', { name: 'Address mining', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Address-mining coins' });
    await table.waitFor();
    // The five address-mining coins, each with its pool figures and a link to its dashboard.
    for (const coin of ['ALPH', 'KAS', 'SUMO', 'ZEPH', 'ALEO']) {
      await table.getByRole('link', { name: new RegExp(`^${coin} · `) }).waitFor();
    }
    expect(await table.locator('tbody tr').count()).toBe(5);
    const kasRow = table.locator('tbody tr', { hasText: 'KAS · ' });
    expect(await kasRow.textContent()).toMatch(/H\/s/);

    // An address the demo pool mines on, looked up from this page.
    const demo = (await (
      await fetch(new URL('/api/address-mining/kas/demo-addresses', baseUrl))
    ).json()) as { data: { list: string[] } };
    const address = demo.data.list[0] ?? '';
    expect(address).not.toBe('');
    await page.getByLabel('Pool', { exact: true }).selectOption('kas');
    await page.getByLabel('Mining address').fill(address);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await waitForPath(page, `/mining/kas/dashboard?address=${encodeURIComponent(address)}`);

    // Issue 27: the dashboard keeps the address in its field and names it under the heading;
    // its chart is titled for what it plots; each daily payment has its own time; amounts
    // carry the coin's unit.
    await page.getByText(`Address ${address}`, { exact: true }).waitFor();
    expect(await page.getByLabel('Mining address').inputValue()).toBe(address);
    await page.getByRole('heading', { name: 'Hashrate of this address' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Pool hashrate' }).count()).toBe(0);
    const payments = page.getByRole('table', { name: 'Payments' });
    await payments.locator('tbody tr').first().waitFor();
    const rows = await payments
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
      );
    expect(rows.length).toBeGreaterThan(1);
    const times = rows.map((cells) => cells[0]);
    expect(new Set(times).size).toBe(times.length);
    for (const cells of rows) expect(cells[1]).toMatch(/^[\d,]+\.\d+ KAS$/);
    // A reload (a shared link) shows the same address.
    await page.reload();
    await page.getByText(`Address ${address}`, { exact: true }).waitFor();
    expect(await page.getByLabel('Mining address').inputValue()).toBe(address);
    await context.close();
  }, 90_000);

  it('should give a visitor on /download the software, stratum addresses and examples per coin', async () => {
    // Issue 27: /download listed no downloads.
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/download`);
    const software = page.getByRole('table', { name: 'Mining software by algorithm' });
    const xmrig = software.getByRole('link', { name: 'XMRig' });
    expect(await xmrig.getAttribute('href')).toBe('https://github.com/xmrig/xmrig/releases');
    expect(await software.locator('tbody tr', { hasText: 'XMRig' }).textContent()).toMatch(
      /RandomX/,
    );
    const stratum = page.getByRole('table', { name: 'Stratum addresses and ports' });
    const btc = stratum.locator('tbody tr', { hasText: 'BTC · ' });
    await btc.waitFor();
    expect(await btc.textContent()).toMatch(
      /stratum\+tcp:\/\/\S+:\d+.*account\.worker.*ASIC firmware/,
    );
    expect(await stratum.locator('tbody tr', { hasText: 'KAS · ' }).textContent()).toMatch(
      /address\.worker/,
    );
    const example = page.getByRole('figure', { name: 'XMR · Monero' });
    expect(await example.locator('pre').textContent()).toMatch(
      /^xmrig -a rx\/0 -o stratum\+tcp:\/\/\S+:\d+ -u account\.worker -p x$/,
    );
    await context.close();
  }, 90_000);

  it('should fit /download: no cut cell at 1280 px, no sideways scroll at 375 px', async () => {
    for (const width of [1280, 375] as const) {
      const { context, page } = await openPage(browser, width);
      await page.goto(`${baseUrl}/download`);
      const stratum = page.getByRole('table', { name: 'Stratum addresses and ports' });
      await stratum.locator('tbody tr', { hasText: 'BTC · ' }).waitFor();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `page at ${width}`,
      ).toBeLessThanOrEqual(width);
      if (width === 1280) {
        // Every cell of both tables shows all it holds, and no table scrolls sideways.
        const cut = await page.evaluate(() =>
          [...document.querySelectorAll('table')].flatMap((table) => {
            const wrap = table.parentElement;
            const wide =
              wrap !== null && wrap.scrollWidth > wrap.clientWidth + 1
                ? [table.caption?.textContent ?? '']
                : [];
            const cells = [...table.querySelectorAll('td, th')]
              .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
              .map((cell) => cell.textContent ?? '');
            return [...wide, ...cells];
          }),
        );
        expect(cut).toEqual([]);
      }
      await context.close();
    }
  }, 90_000);

  it('should show a visitor the machines and contracts on sale, filtered by coin and algorithm', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Sales', exact: true }).first().click();
    await waitForPath(page, '/sales');
    await page.getByRole('heading', { name: 'Sales', level: 1 }).waitFor();
    const machines = page.getByRole('table', { name: 'Machines on sale' });
    await machines.waitFor();
    // The demo's sellers: store, country or region, price and stock.
    const row = machines.locator('tbody tr', { hasText: 'Kazakhstan' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(
      /Antminer S21.*Demo Mining Supply.*Kazakhstan.*￥17,250\.00.*4/,
    );
    await machines.locator('tbody tr', { hasText: 'On request' }).waitFor();
    const contracts = page.getByRole('table', { name: 'Cloud-mining contracts' });
    await contracts.waitFor();

    // Coin filter: no machine sells for KAS here.
    await page.getByRole('combobox', { name: 'Coin', exact: true }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'KAS', exact: true }).click();
    await page.getByText('No machine on sale matches these filters.').waitFor();
    // Back to all coins, then an algorithm: only SHA-256 machines remain.
    await page.getByRole('combobox', { name: 'Coin', exact: true }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'All', exact: true }).click();
    await machines.locator('tbody tr', { hasText: 'Kazakhstan' }).waitFor();
    await page.getByRole('combobox', { name: 'Algorithm', exact: true }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'SHA-256', exact: true }).click();
    await machines.locator('tbody tr', { hasText: 'Kazakhstan' }).waitFor();
    const algorithms = await machines.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(algorithms.length).toBeGreaterThan(0);
    expect(algorithms.every((text) => text.includes('SHA-256'))).toBe(true);
    await context.close();
  }, 90_000);

  it('should show on /sales a seller an operator adds in /admin/sellers, and drop it when deleted', async () => {
    const store = `E2E Rigs ${Date.now().toString(36)}`;
    const tokens = await loginByApi(baseUrl, 'operator@poolkit.local', 'Operator123');
    const { context, page } = await openPage(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await seedSession(context, tokens.token, tokens.refresh_token);

    // In the console: a seller of the Antminer S21+ (a machine the demo shops do not sell).
    await page.goto(`${baseUrl}/admin/sellers`);
    await page.getByRole('heading', { name: 'Sellers' }).waitFor();
    const table = page.getByRole('table', { name: 'Sellers of catalogue machines' });
    await table.locator('tbody tr', { hasText: 'Demo Mining Supply' }).waitFor();
    await page.getByRole('button', { name: 'Add a seller' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Machine' }).click();
    await page
      .getByRole('listbox')
      .getByRole('option', { name: 'Bitmain Antminer S21+', exact: true })
      .click();
    await dialog.getByLabel('Store').fill(store);
    await dialog.getByLabel('Country or region').fill('Paraguay');
    // A price with three decimals is refused by the server, naming the field; then corrected.
    await dialog.getByLabel('Price (CNY)').fill('9999.999');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/price: Expected a price of 0 or more with at most 2 decimals/)
      .first()
      .waitFor();
    await dialog.getByLabel('Price (CNY)').fill('9999.90');
    await dialog.getByLabel('Stock').fill('7');
    await dialog.getByLabel('Link').fill('https://rigs.example.com/s21-plus');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = table.locator('tbody tr', { hasText: store });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Antminer S21\+.*Paraguay.*9999\.90.*7/);

    // A visitor sees it on the Sales page at once.
    const visitor = await openPage(browser);
    await visitor.page.goto(`${baseUrl}/sales`);
    const machines = visitor.page.getByRole('table', { name: 'Machines on sale' });
    const sold = machines.locator('tbody tr', { hasText: store });
    await sold.waitFor();
    expect(await sold.textContent()).toMatch(/Antminer S21\+.*Paraguay.*￥9,999\.90.*7/);

    // Deleted after a confirmation: gone from the Sales page.
    await row.getByRole('button', { name: `Delete ${store}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await visitor.page.reload();
    await machines.locator('tbody tr', { hasText: 'Kazakhstan' }).waitFor();
    expect(await machines.locator('tbody tr', { hasText: store }).count()).toBe(0);
    await visitor.context.close();
    await context.close();
  }, 120_000);
});
