import type { Browser, Locator, Page } from 'playwright-core';
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

/** A money figure as the ranking shows it (`￥58.35`, `-￥1,234.50`) as a number. */
function money(text: string): number {
  const negative = /[-−]/.test(text);
  const value = Number(text.replace(/[^\d.]/g, ''));
  return negative ? -value : value;
}

function ranking(page: Page): Locator {
  return page.getByRole('table', { name: 'Profitability ranking' });
}

/** The cells of one column of the ranking's body, by its position (0 = rank). */
async function column(page: Page, index: number): Promise<string[]> {
  return ranking(page)
    .locator('tbody tr')
    .evaluateAll(
      (rows, at) => rows.map((row) => row.children[at]?.textContent?.trim() ?? ''),
      index,
    );
}

/** The value of a figure of the detail page, by its label. */
function figure(page: Page, label: string): Locator {
  return page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

describe('miner catalogue', () => {
  it('should rank machines by profit, re-sort them, and price electricity in the calculator', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/miners`);
    await ranking(page).waitFor({ timeout: 30_000 });

    // Ranked by daily profit, highest first (the last column).
    const profitHeader = ranking(page).getByRole('columnheader', { name: /Daily profit/ });
    expect(await profitHeader.getAttribute('aria-sort')).toBe('descending');
    const profits = (await column(page, 7)).map(money);
    expect(profits.length).toBe(10);
    expect(profits).toEqual([...profits].sort((a, b) => b - a));

    // The next page goes on ranking from 11, still by profit.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(async () => (await column(page, 0))[0]).toBe('11');
    const nextProfits = (await column(page, 7)).map(money);
    expect(Math.max(...nextProfits)).toBeLessThanOrEqual(Math.min(...profits));

    // Ranked by power instead: the immersion-cooled Whatsminer M66S (5 513 W) comes first.
    await ranking(page)
      .getByRole('button', { name: /^Power/ })
      .click();
    const powerHeader = ranking(page).getByRole('columnheader', { name: /^Power/ });
    await expect.poll(() => powerHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => (await column(page, 1))[0]).toContain('Whatsminer M66S');
    const watts = (await column(page, 4)).map((text) => Number(text.replace(/\D/g, '')));
    expect(watts).toEqual([...watts].sort((a, b) => b - a));

    // Open it: the calculator asks the server again at another electricity price.
    await ranking(page).getByRole('button', { name: 'Whatsminer M66S' }).click();
    await waitForPath(page, '/miners/detail/microbt-whatsminer-m66s');
    await page.getByRole('heading', { level: 1, name: 'MicroBT Whatsminer M66S' }).waitFor();
    // Figures from listings carry the unverified mark and its legend; the checked algorithm not.
    await page
      .getByText(
        "* Unverified: from public listings, not yet checked against the manufacturer's specification.",
      )
      .waitFor();
    expect(await figure(page, 'Power').textContent()).toContain('(Unverified)');
    expect(await figure(page, 'Algorithm').textContent()).not.toContain('(Unverified)');
    // 5 513 W × 24 h = 132.312 kWh a day.
    await expect.poll(() => figure(page, 'Daily cost').textContent()).toBe('￥46.31');
    const before = money((await figure(page, 'Daily profit').textContent()) ?? '');

    await page.getByLabel('Electricity price (CNY/kWh)').fill('1');
    await expect.poll(() => figure(page, 'Daily cost').textContent()).toBe('￥132.31');
    const after = money((await figure(page, 'Daily profit').textContent()) ?? '');
    expect(after).toBeCloseTo(before - 86, 2);

    // A price the server would refuse is marked and leaves the last figures alone.
    await page.getByLabel('Electricity price (CNY/kWh)').fill('abc');
    await page.getByText('Enter a price per kWh such as 0.35.').waitFor();
    expect(await figure(page, 'Daily cost').textContent()).toBe('￥132.31');
    await context.close();
  });

  it('should say so when a machine is not in the catalogue', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/miners/detail/no-such-rig`);
    await page.getByText('This machine is not in the catalogue.').waitFor({ timeout: 30_000 });
    await context.close();
  });
});
