import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  launchBrowser,
  newUser,
  openPage,
  outboxCode,
  registerByApi,
  seedSession,
  serverUrl,
  setPayPasswordByApi,
} from './support';

const baseUrl = serverUrl();
const PAY_PASSWORD = 'Wallet2024x';
const ADDRESS = 'ltc1qg82x0l8kq2vn7m5r3t0s4dwfjyz6hc2ep8ua7x';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

interface Transactions {
  list: { type: string; amount: string; counterparty: string | null; status: string }[];
}

describe('withdraw dialog', () => {
  it('should add an address, refuse a wrong address, amount and pay password on their fields, and withdraw', async () => {
    const user = newUser('wdj');
    const tokens = await registerByApi(baseUrl, user);
    await setPayPasswordByApi(baseUrl, tokens.token, user.email, PAY_PASSWORD);
    const deposit = await apiCall<{ address: string }>(
      baseUrl,
      'GET',
      '/wallets/deposit-address?coin=ltc',
      tokens.token,
    );
    for (const [path, body] of [
      ['/deposits', { coin: 'ltc', address: deposit.data.address, amount: '3' }],
      ['/chain/blocks', { coin: 'ltc' }],
    ] as const) {
      await fetch(new URL(`/api/dev${path}`, baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    }

    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/asset/index`);
    await page.getByRole('button', { name: 'Withdraw LTC' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Withdraw LTC' });
    await dialog
      .getByText('No saved LTC address yet. Add one to withdraw.')
      .waitFor({ timeout: 30_000 });

    // 1. A new address, with its own second validation (scene withdraw_address).
    await dialog.getByRole('button', { name: 'Add an address' }).click();
    await dialog.getByLabel('Name').fill('Paper wallet');
    await dialog.getByLabel('Address', { exact: true }).fill('LTC-not-an-address');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.getByText('The address is wrong').waitFor();
    await dialog.getByLabel('Address', { exact: true }).fill(ADDRESS);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('Code sent. Check your email.').waitFor();
    await dialog.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Address Paper wallet saved.').waitFor({ timeout: 30_000 });
    const saved = dialog.getByRole('radio', { name: /Paper wallet/ });
    await saved.waitFor({ timeout: 30_000 });
    expect(await saved.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();

    // 2. The amount: below the minimum is refused here; "All" leaves room for the fee.
    await dialog.getByLabel('Amount').fill('0.005');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Amount must be at least 0.01').waitFor();
    await dialog.getByRole('button', { name: 'All' }).click();
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('2.999');
    expect(await dialog.getByTestId('withdraw-total').textContent()).toBe('3.000000 LTC');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // 3. A wrong pay password is the server's refusal, under its field; then the right one.
    await dialog.getByLabel('Pay password').fill('Wrong12345');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('Code sent. Check your email.').waitFor();
    await dialog.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await dialog.getByText(/The pay password is wrong/).waitFor({ timeout: 30_000 });
    expect(await dialog.getByLabel('Pay password').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Pay password').fill(PAY_PASSWORD);
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page
      .getByText(/^Withdrawal of 2\.999(0+)? LTC submitted\.$/)
      .waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'hidden' });

    const lines = await apiCall<Transactions>(
      baseUrl,
      'GET',
      '/wallets/transactions?type=withdraw',
      tokens.token,
    );
    expect(lines.data.list).toEqual([
      expect.objectContaining({ type: 'withdraw', counterparty: ADDRESS }),
    ]);
    await context.close();
  });
});
