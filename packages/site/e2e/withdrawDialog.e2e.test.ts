import { encryptPassword } from '@poolkit/core';
import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  apiCall,
  launchBrowser,
  newUser,
  openPage,
  outboxCode,
  registerByApi,
  seedSession,
} from './support';

const baseUrl = inject('baseUrl');
const PAY_PASSWORD = 'Wallet2024x';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** Sets the user's pay password through the API (a second validation by email first). */
async function setPayPassword(token: string, email: string): Promise<void> {
  await apiCall(baseUrl, 'POST', '/auth/validation/verified-email', token, {
    scene: 'pay_password',
  });
  const validation = await apiCall<{ validation_token: string }>(
    baseUrl,
    'POST',
    '/users/second-validation',
    token,
    { verify_type: 'email', code: await outboxCode(baseUrl, email), scene: 'pay_password' },
  );
  const key = await apiCall<{ public_key: string; key_id: string }>(
    baseUrl,
    'GET',
    '/v2/users/encrypt/pubkey',
    token,
  );
  const set = await apiCall(baseUrl, 'PUT', '/wallets/pay-password', token, {
    pay_password: await encryptPassword(key.data.public_key, PAY_PASSWORD),
    key_id: key.data.key_id,
    validation_token: validation.data.validation_token,
  });
  if (set.code !== 0) throw new Error(`pay password: ${set.msg}`);
}

function answer(route: Route, data: unknown, status = 200, code = 0, msg = 'success') {
  return route.fulfill({
    status,
    contentType: 'application/json',
    body: JSON.stringify(status === 200 ? { code, msg, data } : { code, msg, ...(data ?? {}) }),
  });
}

// The withdrawal calls are answered here as the contract describes them, so the journey runs
// before the withdrawal server lands; the second validations, the deposit that funds the
// wallet and the pay password are the real server's.
describe('withdraw dialog', () => {
  it('should add an address, refuse a wrong address and amount on their fields, bring the server's refusal back to its step, and withdraw', async () => {
    const user = newUser('wdj');
    const tokens = await registerByApi(baseUrl, user);
    await setPayPassword(tokens.token, user.email);
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
    const saved: unknown[] = [];
    const withdrawals: Record<string, unknown>[] = [];
    const book: Record<string, unknown>[] = [];
    await page.route('**/api/wallets/withdraw-rules**', (route) =>
      answer(route, {
        coin: 'ltc',
        min_amount: '0.1',
        fee: '0.001',
        manual_audit_above: '1',
        max_single: '10',
        paused_until: null,
        enabled: true,
      }),
    );
    await page.route('**/api/wallets/withdraw-addresses**', async (route) => {
      if (route.request().method() === 'POST') {
        const body = route.request().postDataJSON() as Record<string, unknown>;
        saved.push(body);
        const entry = {
          id: String(book.length + 1),
          coin: body.coin,
          alias: body.alias,
          address: body.address,
          public_key: null,
          created_at: '2026-11-24T10:00:00Z',
        };
        book.push(entry);
        return answer(route, entry);
      }
      return answer(route, { list: book });
    });
    await page.route('**/api/wallets/withdrawals', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      withdrawals.push(body);
      if (withdrawals.length === 1) {
        return answer(
          route,
          { fields: [{ field: 'amount', message: 'Insufficient balance' }] },
          400,
          40007,
          'Insufficient balance',
        );
      }
      return answer(route, {
        id: '900',
        coin: 'ltc',
        amount: body.amount,
        fee: '0.001',
        status: 'pending',
        manual_audit: true,
        parts: 1,
        created_at: '2026-11-24T10:00:00Z',
      });
    });

    await page.goto(`${baseUrl}/asset/index`);
    await page.getByRole('button', { name: 'Withdraw LTC' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Withdraw LTC' });
    await dialog.getByText('No saved LTC address yet. Add one to withdraw.').waitFor();

    // 1. A new address, with its own second validation (scene withdraw_address).
    await dialog.getByRole('button', { name: 'Add an address' }).click();
    await dialog.getByLabel('Name').fill('Paper wallet');
    await dialog.getByLabel('Address', { exact: true }).fill('LTC-not-an-address');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.getByText('The address is wrong').waitFor();
    await dialog
      .getByLabel('Address', { exact: true })
      .fill('ltc1qg82x0l8kq2vn7m5r3t0s4dwfjyz6hc2ep8ua7x');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('Code sent. Check your email.').waitFor();
    await dialog.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.getByRole('radio', { name: /Paper wallet/ }).waitFor({ timeout: 30_000 });
    expect(saved).toEqual([
      expect.objectContaining({
        coin: 'ltc',
        alias: 'Paper wallet',
        address: 'ltc1qg82x0l8kq2vn7m5r3t0s4dwfjyz6hc2ep8ua7x',
        validation_token: expect.any(String),
      }),
    ]);
    expect(await dialog.getByRole('radio', { name: /Paper wallet/ }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();

    // 2. The amount: below the minimum is refused here; above the audit limit, a note.
    await dialog.getByLabel('Amount').fill('0.05');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Amount must be at least 0.1').waitFor();
    await dialog.getByRole('button', { name: 'All' }).click();
    await dialog.getByText(/wait for a manual audit, done within 24 hours/).waitFor();
    expect(await dialog.getByTestId('withdraw-receive').textContent()).toBe('2.999000 LTC');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // 3. Pay password and the withdraw code; the server's refusal goes back to the amount.
    await dialog.getByLabel('Pay password').fill(PAY_PASSWORD);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('Code sent. Check your email.').waitFor();
    await dialog.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await dialog.getByText('Insufficient balance').waitFor({ timeout: 30_000 });
    expect(
      await dialog
        .getByRole('listitem')
        .filter({ hasText: '2. Amount' })
        .getAttribute('aria-current'),
    ).toBe('step');
    await dialog.getByLabel('Amount').fill('2');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Pay password').fill(PAY_PASSWORD);
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page
      .getByText(
        /^Withdrawal of 2(\.0+)? LTC submitted\. It waits for a manual audit, done within 24 hours\.$/,
      )
      .waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'hidden' });

    // One idempotency key per opening; the validation of the refused try is used again.
    expect(withdrawals).toHaveLength(2);
    expect(withdrawals[1]).toMatchObject({
      coin: 'ltc',
      address_id: '1',
      amount: '2',
      key_id: expect.any(String),
      pay_password: expect.any(String),
    });
    expect(withdrawals[1]?.idempotency_key).toBe(withdrawals[0]?.idempotency_key);
    expect(withdrawals[1]?.validation_token).toBe(withdrawals[0]?.validation_token);
    expect(withdrawals[1]?.pay_password).not.toBe(PAY_PASSWORD);
    await context.close();
  });
});
