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
    await queue.getByText('No withdrawals here.').waitFor();

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
