import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyText,
  launchBrowser,
  loginByApi,
  newUser,
  openPage,
  pathOf,
  registerByApi,
  seedSession,
  serverUrl,
  waitForPath,
} from './support';

/** The demo operator the server seeds in demo mode (packages/server, modules/admin/demo.ts). */
const OPERATOR = { email: 'operator@poolkit.local', password: 'Operator123' };

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('the operator console', () => {
  it('should sign the demo operator in, forward /admin and show the console with its menu link', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/admin`);
    await waitForPath(page, `/login?redirect=${encodeURIComponent('/admin/coupons')}`);
    await page.getByLabel('Email').fill(OPERATOR.email);
    await page.getByLabel('Password').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await waitForPath(page, '/admin/coupons', 30_000);
    await page.getByRole('heading', { level: 1, name: 'Operator console' }).waitFor();
    const sections = page.getByRole('navigation', { name: 'Operator console sections' });
    await sections.getByRole('link', { name: 'Audit log' }).click();
    await waitForPath(page, '/admin/audit-log');
    await page.getByRole('table', { name: 'Audit log' }).waitFor();
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Operator console' }).waitFor();
    await context.close();
  });

  it('should refuse /admin to a signed-in user who is not an operator, with no menu link', async () => {
    const tokens = await registerByApi(baseUrl, newUser('notop'));
    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    for (const path of ['/admin', '/admin/coupons', '/admin/audit-log']) {
      await page.goto(`${baseUrl}${path}`);
      await waitForPath(page, '/');
      expect(pathOf(page)).toBe('/');
      // Not silently: the home page says why.
      await page.getByText('You have no access to the operator area.').first().waitFor();
    }
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Operator console' }).count()).toBe(0);
    await context.close();
  });

  it('should show the console in the five languages', async () => {
    const tokens = await loginByApi(baseUrl, OPERATOR.email, OPERATOR.password);
    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    for (const [language, title] of [
      ['zh-CN', '运营后台'],
      ['ru', 'Консоль оператора'],
      ['ja', '運営コンソール'],
      ['ko', '운영자 콘솔'],
    ] as const) {
      await context.addInitScript((stored) => localStorage.setItem('language', stored), language);
      await page.goto(`${baseUrl}/admin/audit-log`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await bodyText(page)).not.toContain('site.admin');
    }
    await context.close();
  });

  it('should let the operator issue a code that a user redeems, starts and follows', async () => {
    // The operator issues three codes for any coin in /admin.
    const operatorTokens = await loginByApi(baseUrl, OPERATOR.email, OPERATOR.password);
    const operator = await openPage(browser);
    await seedSession(operator.context, operatorTokens.token, operatorTokens.refresh_token);
    await operator.page.goto(`${baseUrl}/admin`);
    await waitForPath(operator.page, '/admin/coupons');
    await operator.page.getByLabel('Fee reduction (%)').fill('25');
    await operator.page.getByLabel('Validity (days once started)').fill('7');
    await operator.page.getByLabel('Number of codes').fill('3');
    await operator.page.getByLabel('Note (seen by operators only)').fill('e2e journey');
    await operator.page.getByRole('button', { name: 'Issue codes' }).click();
    const issued = operator.page.getByTestId('issued-codes').locator('li');
    await issued.first().waitFor();
    expect(await issued.count()).toBe(3);
    const code = (await issued.first().textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await operator.page.keyboard.press('Escape');
    await operator.page
      .getByRole('table', { name: 'Issued batches' })
      .getByText('e2e journey')
      .waitFor();
    // The action is in the audit log.
    await operator.page.goto(`${baseUrl}/admin/audit-log`);
    const log = operator.page.getByRole('table', { name: 'Audit log' });
    await log.getByText('Issued coupon codes').first().waitFor();
    // The newest coupon issue is this one; other files' operators act on the same server
    // meanwhile, so the newest entry of all may be theirs.
    expect(
      await log.locator('tbody tr', { hasText: 'Issued coupon codes' }).first().textContent(),
    ).toContain('e2e journey');
    await operator.context.close();

    // A user redeems the code on /user/coupon, then starts it on its account for BTC.
    const user = newUser('coupon');
    const tokens = await registerByApi(baseUrl, user);
    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/user/coupon`);
    await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByText('Please enter coupon code').waitFor();
    await page.getByRole('textbox', { name: 'Coupon code' }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByText('Redeemed successfully').first().waitFor();
    const card = page.locator('article[data-state]').first();
    await card.getByText('25% off the pool fee').waitFor();
    expect(await card.getAttribute('data-state')).toBe('unused');
    await page.getByRole('textbox', { name: 'Coupon code' }).fill(code);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByText('This coupon code has already been redeemed').waitFor();

    await card.getByRole('button', { name: 'Use' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start using the coupon' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Coin' }).click();
    await page.getByRole('option', { name: 'BTC' }).click();
    await dialog.getByRole('button', { name: 'Start using' }).click();
    await page.getByText('The coupon is now in use').first().waitFor();
    await page.locator('article[data-state="in_use"]').first().waitFor();
    await page.getByRole('tab', { name: 'In use' }).click();
    await page.locator('article[data-state="in_use"]').first().waitFor();

    // Its page shows the coupon on the user's account and the (not yet settled) savings.
    await page
      .locator('article[data-state="in_use"]')
      .first()
      .getByRole('button', { name: 'Savings' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Coupon details' }).waitFor();
    expect(pathOf(page)).toMatch(/^\/user\/coupon\/\d+\/\d+$/);
    await page.getByRole('heading', { name: 'Fee saved each day' }).waitFor();
    expect(await bodyText(page)).toContain(user.username);
    await context.close();
  });
});

describe('the reconciliation view', () => {
  it("should show each coin's balances against the pool's books, agreeing, and check again", async () => {
    const tokens = await loginByApi(baseUrl, OPERATOR.email, OPERATOR.password);
    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/admin/coupons`);
    const sections = page.getByRole('navigation', { name: 'Operator console sections' });
    await sections.getByRole('link', { name: 'Reconciliation' }).click();
    await waitForPath(page, '/admin/reconciliation');
    const table = page.getByRole('table', { name: 'Reconciliation' });
    await table.waitFor();
    await page.getByText('The books agree', { exact: false }).waitFor();
    // The demo's settled days credit mining income: at least one coin, each line agreeing.
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await table.getByText('Differs').count()).toBe(0);
    expect(await rows.first().textContent()).toContain('mining_payouts');
    // Amounts at the coin's precision, with its unit and grouped digits, the exact figure in
    // the title: never the ledger's 18 raw decimals.
    const firstTotal = rows.first().locator('td').nth(4);
    expect(await firstTotal.textContent()).toMatch(/^[\d,]+\.\d{4,8} [A-Z]+$/);
    expect(await firstTotal.locator('[title]').getAttribute('title')).toMatch(/^\d+(\.\d+)?$/);
    await page.getByRole('button', { name: 'Check again' }).click();
    await table.waitFor();
    await context.close();
  });
});
