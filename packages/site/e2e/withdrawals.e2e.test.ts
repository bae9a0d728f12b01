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

/** The demo operator the server seeds in demo mode (packages/server, modules/admin/demo.ts). */
const OPERATOR = { email: 'operator@poolkit.local', password: 'Operator123' };
/**
 * The demo withdrawer, whose two BTC withdrawals (0.3 and 0.25) wait for audit on a fresh demo
 * server (packages/server, modules/wallet/demoWithdrawals.ts).
 */
const WITHDRAWER = { email: 'whale@poolkit.local', password: 'Whale12345' };
const REASON = 'The address is flagged by compliance';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('the withdrawal audit queue', () => {
  it('should fit the queue at 375 px, Approve in view, and keep Approve in view at 1280 px', async () => {
    const operatorTokens = await loginByApi(baseUrl, OPERATOR.email, OPERATOR.password);
    for (const width of [375, 1280] as const) {
      const { context, page } = await openPage(browser, width);
      await seedSession(context, operatorTokens.token, operatorTokens.refresh_token);
      await page.goto(`${baseUrl}/admin/withdrawals`);
      await waitForPath(page, '/admin/withdrawals');
      const queue = page.getByRole('table', { name: 'Withdrawals' });
      await queue.locator('tbody tr').filter({ hasText: '0.3 BTC' }).waitFor();
      // The page never scrolls sideways, nor does the queue inside it.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `page at ${width}`,
      ).toBeLessThanOrEqual(width);
      const overflow = await queue.evaluate((table) => {
        const wrap = table.parentElement;
        return wrap === null ? 0 : wrap.scrollWidth - wrap.clientWidth;
      });
      expect(overflow, `queue at ${width}`).toBeLessThanOrEqual(1);
      // Approve and Reject of the first pending withdrawal lie inside the viewport.
      for (const name of [/^Approve withdrawal #/, /^Reject withdrawal #/]) {
        const button = page.getByRole('button', { name }).first();
        await button.scrollIntoViewIfNeeded();
        const box = await button.boundingBox();
        expect(box, `${name} at ${width}`).not.toBeNull();
        if (box === null) continue;
        expect(box.x, `${name} at ${width}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} at ${width}`).toBeLessThanOrEqual(width);
      }
      await context.close();
    }
  });

  it('should let the operator approve one withdrawal and reject another with a reason the user sees', async () => {
    const operatorTokens = await loginByApi(baseUrl, OPERATOR.email, OPERATOR.password);
    const operator = await openPage(browser);
    await seedSession(operator.context, operatorTokens.token, operatorTokens.refresh_token);
    const { page } = operator;
    await page.goto(`${baseUrl}/admin`);
    await waitForPath(page, '/admin/coupons');
    await page
      .getByRole('navigation', { name: 'Operator console sections' })
      .getByRole('link', { name: 'Withdrawals' })
      .click();
    await waitForPath(page, '/admin/withdrawals');
    const queue = page.getByRole('table', { name: 'Withdrawals' });
    const rows = queue.locator('tbody tr');
    await rows.filter({ hasText: '0.3 BTC' }).waitFor();
    expect(await rows.count()).toBe(2);
    const idOf = async (row: number) =>
      /#(\d+)/.exec((await rows.nth(row).textContent()) ?? '')?.[1] ?? '';
    const approvedId = await idOf(0);
    const rejectedId = await idOf(1);
    expect(await rows.nth(0).textContent()).toContain('demowhale');

    // Approve the oldest: a dialog restates amount, coin and address before it is paid, then
    // it leaves the queue.
    await page.getByRole('button', { name: `Approve withdrawal #${approvedId}` }).click();
    const confirm = page.getByRole('dialog', { name: `Approve withdrawal #${approvedId}?` });
    await confirm
      .getByText('Approving pays 0.3 BTC to the address below at once.', { exact: false })
      .waitFor();
    expect(await confirm.textContent()).toContain('demowhale');
    await confirm.getByRole('button', { name: 'Approve and pay' }).click();
    await page.getByText(`Withdrawal #${approvedId} approved: it is being paid.`).waitFor();
    await queue.getByText('0.3 BTC').waitFor({ state: 'detached' });

    // Reject the other: a reason is required, then the coins go back to the user.
    await page.getByRole('button', { name: `Reject withdrawal #${rejectedId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reject withdrawal #${rejectedId}` });
    // The dialog restates what is rejected, beside the reason.
    expect(await dialog.textContent()).toContain('BTC');
    await dialog.getByRole('button', { name: 'Reject withdrawal' }).click();
    await dialog.getByText('Please enter a reason').waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await dialog.getByRole('button', { name: 'Reject withdrawal' }).click();
    await page
      .getByText(`Withdrawal #${rejectedId} rejected: the coins are back in the user's balance.`)
      .waitFor();
    await page.getByText('No withdrawals here.').waitFor();

    // The rejected ones list the decision; the audit log has both.
    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'Rejected' }).click();
    await queue.getByText(REASON, { exact: false }).waitFor();
    await page.goto(`${baseUrl}/admin/audit-log`);
    const log = page.getByRole('table', { name: 'Audit log' });
    await log.getByText('Rejected a withdrawal').first().waitFor();
    await log.getByText('Approved a withdrawal').first().waitFor();
    await operator.context.close();

    // The user finds the reason on the refunded withdrawal's record.
    const userTokens = await loginByApi(baseUrl, WITHDRAWER.email, WITHDRAWER.password);
    const user = await openPage(browser);
    await seedSession(user.context, userTokens.token, userTokens.refresh_token);
    await user.page.goto(`${baseUrl}/fund/${rejectedId}`);
    await user.page.getByText(REASON).waitFor();
    await user.context.close();
  });
});
