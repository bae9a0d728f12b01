import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addVirtualAuthenticator,
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
// WebAuthn takes a host name as relying party id, never an IP address (see passkeys.e2e.test.ts).
const siteUrl = baseUrl.replace('127.0.0.1', 'localhost');
const PAY_PASSWORD = 'Wallet2024x';
const ADDRESS = 'ltc1qg82x0l8kq2vn7m5r3t0s4dwfjyz6hc2ep8ua7x';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** How many verification codes the development outbox holds for `to`. */
async function codeCount(to: string): Promise<number> {
  const url = new URL('/api/dev/outbox', baseUrl);
  url.searchParams.set('to', to);
  const answer = (await (await fetch(url)).json()) as { data: { list: { text: string }[] } };
  return answer.data.list.filter((mail) => /\b\d{6}\b/.test(mail.text)).length;
}

interface Transactions {
  list: { type: string; amount: string; counterparty: string | null }[];
}

describe('passkeys in the wallet', () => {
  it('should transfer, save an address, withdraw and set auto-withdraw with a passkey as the only second validation', async () => {
    const user = newUser('pkwallet');
    const tokens = await registerByApi(baseUrl, user);
    await setPayPasswordByApi(baseUrl, tokens.token, user.email, PAY_PASSWORD);
    const receiver = newUser('pkrecv');
    await registerByApi(baseUrl, receiver);
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
      const answer = await fetch(new URL(`/api/dev${path}`, baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status, `POST /api/dev${path}`).toBe(200);
    }

    const { context, page } = await openPage(browser);
    const authenticator = await addVirtualAuthenticator(page);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${siteUrl}/user/setting`);
    await page.getByText('No passkeys yet.').waitFor({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Passkey nickname' }).fill('Phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    // Adding a passkey takes a fresh second validation: the email code, as no passkey exists yet.
    const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
    await confirm.getByRole('button', { name: 'Send code' }).click({ timeout: 30_000 });
    await page.getByText('The verification code has been sent.').waitFor({ timeout: 30_000 });
    await confirm.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('The passkey has been added.').waitFor({ timeout: 30_000 });
    const codesBefore = await codeCount(user.email);

    // The transfer: the device first refuses (no user verification): "Verification Failed",
    // then "Try again" passes; no code is asked for.
    await page.goto(`${siteUrl}/asset/index`);
    await page.getByRole('button', { name: 'Transfer', exact: true }).click({ timeout: 30_000 });
    const transfer = page.getByRole('dialog', { name: 'Transfer' });
    await transfer.getByLabel('To account').fill(receiver.username);
    await transfer.getByLabel('Amount').fill('0.5');
    await transfer.getByLabel('Pay password').fill(PAY_PASSWORD);
    await authenticator.cdp.send('WebAuthn.setUserVerified', {
      authenticatorId: authenticator.id,
      isUserVerified: false,
    });
    await transfer
      .getByRole('button', { name: 'Use a passkey instead' })
      .click({ timeout: 30_000 });
    const failed = transfer.getByRole('alert', { name: 'Verification Failed' });
    await failed.waitFor({ timeout: 30_000 });
    await failed.getByRole('button', { name: 'Verify another way' }).waitFor();
    await authenticator.cdp.send('WebAuthn.setUserVerified', {
      authenticatorId: authenticator.id,
      isUserVerified: true,
    });
    await failed.getByRole('button', { name: 'Try again' }).click();
    await transfer.getByText('Verified with your passkey.').waitFor({ timeout: 30_000 });
    expect(await transfer.getByLabel('Email code').count()).toBe(0);
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page
      .getByText(new RegExp(`^Transferred 0\\.5(0+)? LTC to ${receiver.username}\\.$`))
      .waitFor({ timeout: 30_000 });
    await transfer.waitFor({ state: 'hidden' });

    // A new address (scene withdraw_address), then the withdrawal (scene withdraw): a passkey each.
    await page.getByRole('button', { name: 'Withdraw LTC' }).click({ timeout: 30_000 });
    const withdraw = page.getByRole('dialog', { name: 'Withdraw LTC' });
    await withdraw.getByRole('button', { name: 'Add an address' }).click({ timeout: 30_000 });
    await withdraw.getByLabel('Name').fill('Paper wallet');
    await withdraw.getByLabel('Address', { exact: true }).fill(ADDRESS);
    await withdraw
      .getByRole('button', { name: 'Use a passkey instead' })
      .click({ timeout: 30_000 });
    await withdraw.getByText('Verified with your passkey.').waitFor({ timeout: 30_000 });
    await withdraw.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Address Paper wallet saved.').waitFor({ timeout: 30_000 });
    await withdraw.getByRole('radio', { name: /Paper wallet/ }).waitFor({ timeout: 30_000 });
    await withdraw.getByRole('button', { name: 'Next' }).click();
    await withdraw.getByLabel('Amount').fill('1');
    await withdraw.getByRole('button', { name: 'Next' }).click();
    await withdraw.getByLabel('Pay password').fill(PAY_PASSWORD);
    // The address's validation was spent: the withdrawal asks for its own.
    await withdraw.getByLabel('Email code').waitFor();
    await withdraw.getByRole('button', { name: 'Use a passkey instead' }).click();
    await withdraw.getByText('Verified with your passkey.').waitFor({ timeout: 30_000 });
    await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByText(/^Withdrawal of 1(\.0+)? LTC submitted\.$/).waitFor({ timeout: 30_000 });
    await withdraw.waitFor({ state: 'hidden' });

    // Auto-withdraw to the saved address: the passkey again.
    await page.goto(`${siteUrl}/asset/auto-withdraw`);
    await page.getByRole('button', { name: 'Set auto-withdraw' }).click({ timeout: 30_000 });
    const auto = page.getByRole('dialog', { name: 'Set auto-withdraw' });
    await auto.getByLabel('Coin').selectOption('ltc');
    await auto.getByLabel('Threshold (LTC)').fill('1');
    await auto.getByLabel('Pay password').fill(PAY_PASSWORD);
    await auto.getByRole('button', { name: 'Use a passkey instead' }).click({ timeout: 30_000 });
    await auto.getByText('Verified with your passkey.').waitFor({ timeout: 30_000 });
    await auto.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Auto-withdraw saved.').waitFor({ timeout: 30_000 });
    await context.close();

    // No code went out for any of the four.
    expect(await codeCount(user.email)).toBe(codesBefore);
    const lines = await apiCall<Transactions>(
      baseUrl,
      'GET',
      '/wallets/transactions?page=1&page_size=20',
      tokens.token,
    );
    expect(lines.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'withdraw', counterparty: ADDRESS }),
        expect.objectContaining({ type: 'transfer_out', counterparty: receiver.username }),
      ]),
    );
    const settings = await apiCall<{ list: { coin: string; enabled: boolean }[] }>(
      baseUrl,
      'GET',
      '/wallets/auto-withdraw',
      tokens.token,
    );
    expect(settings.data.list).toEqual([
      expect.objectContaining({ coin: 'ltc', enabled: true, threshold: '1' }),
    ]);
  });
});
