import { encryptPassword } from '@poolkit/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  enableTotp,
  launchBrowser,
  loginByApi,
  newUser,
  openPage,
  outboxCode,
  registerByApi,
  seedSession,
  serverUrl,
  totpCode,
  waitForPath,
} from './support';

const baseUrl = serverUrl();
const OPERATOR = { email: 'operator@poolkit.local', password: 'Operator123' };
const PAY_PASSWORD = 'Wallet2024x';
const ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** A second validation of `scene` by an email code, through the API. */
async function emailValidation(token: string, email: string, scene: string): Promise<string> {
  await apiCall(baseUrl, 'POST', '/auth/validation/verified-email', token, { scene });
  const validation = await apiCall<{ validation_token: string }>(
    baseUrl,
    'POST',
    '/users/second-validation',
    token,
    { verify_type: 'email', code: await outboxCode(baseUrl, email), scene },
  );
  if (validation.code !== 0) throw new Error(`validation ${scene}: ${validation.msg}`);
  return validation.data.validation_token;
}

async function devCall(path: string, body: unknown): Promise<void> {
  const response = await fetch(new URL(`/api/dev${path}`, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

interface Transactions {
  list: { id: string; type: string; status: string; counterparty: string | null }[];
}

describe('money journey', () => {
  it('should take a demo deposit, withdraw it with the authenticator into audit, and pay it once an operator approves', async () => {
    const user = newUser('money');
    const tokens = await registerByApi(baseUrl, user);
    const { token } = tokens;

    // Set up as a user would before a first withdrawal: pay password, a saved address, 2FA.
    const key = await apiCall<{ public_key: string; key_id: string }>(
      baseUrl,
      'GET',
      '/v2/users/encrypt/pubkey',
      token,
    );
    const set = await apiCall(baseUrl, 'PUT', '/wallets/pay-password', token, {
      pay_password: await encryptPassword(key.data.public_key, PAY_PASSWORD),
      key_id: key.data.key_id,
      validation_token: await emailValidation(token, user.email, 'pay_password'),
    });
    expect(set.code).toBe(0);
    const saved = await apiCall(baseUrl, 'POST', '/wallets/withdraw-addresses', token, {
      coin: 'btc',
      alias: 'Hardware wallet',
      address: ADDRESS,
      validation_token: await emailValidation(token, user.email, 'withdraw_address'),
    });
    expect(saved.code).toBe(0);
    const secret = await enableTotp(baseUrl, user.email, token);

    // A demo deposit of 0.5 BTC, confirmed by the next demo block.
    const deposit = await apiCall<{ address: string }>(
      baseUrl,
      'GET',
      '/wallets/deposit-address?coin=btc',
      token,
    );
    await devCall('/deposits', { coin: 'btc', address: deposit.data.address, amount: '0.5' });
    await devCall('/chain/blocks', { coin: 'btc' });

    const { context, page } = await openPage(browser);
    await seedSession(context, token, tokens.refresh_token);
    await page.goto(`${baseUrl}/asset/index`);
    const wallet = page.getByRole('table', { name: 'Wallet' });
    await wallet.getByRole('rowheader', { name: 'BTC' }).waitFor({ timeout: 30_000 });

    // Withdraw 0.2 BTC: above the audit limit (0.1), with the pay password and authenticator.
    await page.getByRole('button', { name: 'Withdraw BTC' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw BTC' });
    await dialog.getByRole('radio', { name: /Hardware wallet/ }).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Amount').fill('0.2');
    await dialog.getByText(/wait for a manual audit/).waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Pay password').fill(PAY_PASSWORD);
    // The current step's code turned the authenticator on: a code is good once, take the next.
    await dialog.getByLabel('Authenticator code').fill(await totpCode(baseUrl, secret, 1));
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByText(/^Withdrawal of 0\.2(0+)? BTC submitted/).waitFor({ timeout: 30_000 });
    await context.close();

    const pending = await apiCall<Transactions>(
      baseUrl,
      'GET',
      '/wallets/transactions?type=withdraw',
      token,
    );
    const line = pending.data.list[0];
    expect(line).toMatchObject({ type: 'withdraw', status: 'pending', counterparty: ADDRESS });
    const id = line?.id ?? '';

    // The operator finds it in the audit queue and approves it.
    const operatorTokens = await loginByApi(baseUrl, OPERATOR.email, OPERATOR.password);
    const operator = await openPage(browser);
    await seedSession(operator.context, operatorTokens.token, operatorTokens.refresh_token);
    await operator.page.goto(`${baseUrl}/admin/withdrawals`);
    await waitForPath(operator.page, '/admin/withdrawals');
    const queue = operator.page.getByRole('table', { name: 'Withdrawals' });
    await queue.locator('tbody tr').filter({ hasText: user.username }).waitFor();
    await operator.page.getByRole('button', { name: `Approve withdrawal #${id}` }).click();
    // Approving pays at once: it is confirmed in a dialog that restates the address.
    const confirm = operator.page.getByRole('dialog', { name: `Approve withdrawal #${id}?` });
    await confirm.getByText(ADDRESS).waitFor();
    await confirm.getByRole('button', { name: 'Approve and pay' }).click();
    await operator.page
      .getByText(`Withdrawal #${id} approved: it is being paid.`)
      .waitFor({ timeout: 30_000 });
    await operator.context.close();

    // Approved, it is broadcast at once: the record carries the chain's transaction.
    const detail = await apiCall<{ status: string; lines: { tx_id: string | null }[] }>(
      baseUrl,
      'GET',
      `/wallets/transactions/${id}`,
      token,
    );
    expect(detail.data.status).toBe('pending');
    expect(detail.data.lines[0]?.tx_id).toMatch(/\S+/);
  });
});
