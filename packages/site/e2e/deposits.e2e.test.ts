import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  launchBrowser,
  newUser,
  openPage,
  registerByApi,
  seedSession,
  serverUrl,
} from './support';

const baseUrl = serverUrl();
let browser: Browser;

interface Balances {
  list: { coin: string; available: string }[];
}

/** A development call of the demo chain (`/api/dev/…`, off in production). */
async function devCall<T>(path: string, body: unknown): Promise<{ code: number; data: T }> {
  const response = await fetch(new URL(`/api/dev${path}`, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data: T };
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('deposits', () => {
  it('should show the deposit address, and credit a demo deposit once the chain confirms it', async () => {
    const user = newUser('dep');
    const tokens = await registerByApi(baseUrl, user);

    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/asset/index`);
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor({ timeout: 30_000 });
    // A new wallet holds nothing yet: the header's Deposit offers every coin.
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Deposit BTC' });
    await dialog.waitFor({ timeout: 30_000 });
    const shown = dialog.getByTestId('deposit-address');
    await shown.waitFor({ timeout: 30_000 });
    const address = ((await shown.textContent()) ?? '').trim();
    expect(address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(await dialog.textContent()).toContain('Confirmations needed1');
    expect(
      await dialog.getByRole('img', { name: /QR code of the BTC deposit address/ }).count(),
    ).toBe(1);
    // KDA shows its chain.
    await dialog.getByRole('combobox', { name: 'Coin' }).selectOption('kda');
    await page
      .getByRole('dialog', { name: 'Deposit KDA' })
      .getByText('Chain 0', { exact: true })
      .waitFor();
    await page.keyboard.press('Escape');

    // The same address through the API, then a demo transfer to it.
    const answer = await apiCall<{ address: string }>(
      baseUrl,
      'GET',
      '/wallets/deposit-address?coin=btc',
      tokens.token,
    );
    expect(answer.data.address).toBe(address);
    const sent = await devCall<{ tx_id: string }>('/deposits', {
      coin: 'btc',
      address,
      amount: '0.5',
    });
    expect(sent.code).toBe(0);

    // Unconfirmed: nothing credited yet.
    const before = await apiCall<Balances>(baseUrl, 'GET', '/wallets/balances', tokens.token);
    expect(before.data.list).toEqual([]);
    // The dialog lists it, waiting for its confirmation.
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    // The dialog keeps the coin last chosen.
    await page
      .getByRole('dialog', { name: 'Deposit KDA' })
      .getByRole('combobox', { name: 'Coin' })
      .selectOption('btc');
    const waiting = page.getByRole('dialog', { name: 'Deposit BTC' });
    await waiting.getByRole('list', { name: 'Recent deposits' }).waitFor({ timeout: 30_000 });
    expect(await waiting.getByRole('listitem').first().textContent()).toContain('Confirming 0/1');
    await page.keyboard.press('Escape');
    // Issue 27: the wallet's transactions list it already, confirming, before it is credited.
    await page.reload();
    const confirming = page
      .getByRole('table', { name: 'Recent transactions' })
      .getByRole('row')
      .filter({ hasText: 'Confirming 0/1' });
    await confirming.waitFor({ timeout: 30_000 });
    expect(await confirming.textContent()).toContain('+0.500000');

    // The demo chain mines its block (the test skips the few minutes' wait) and the deposit is
    // credited; mining again credits nothing more.
    const mined = await devCall<{ credited: number }>('/chain/blocks', { coin: 'btc' });
    expect(mined.data.credited).toBe(1);
    expect((await devCall<{ credited: number }>('/chain/blocks', {})).data.credited).toBe(0);

    await page.reload();
    const wallet = page.getByRole('table', { name: 'Wallet' });
    await wallet.getByRole('rowheader', { name: 'BTC' }).waitFor({ timeout: 30_000 });
    expect(await wallet.getByRole('row').filter({ hasText: 'BTC' }).textContent()).toContain(
      '0.500000',
    );
    const recent = page.getByRole('table', { name: 'Recent transactions' });
    const line = recent.getByRole('row').filter({ hasText: 'Deposit' });
    await line.waitFor({ timeout: 30_000 });
    expect(await line.textContent()).toContain('+0.500000');
    expect(await line.textContent()).toContain(address);
    await page.getByRole('button', { name: 'Deposit BTC' }).click();
    await page
      .getByRole('dialog', { name: 'Deposit BTC' })
      .getByRole('listitem')
      .filter({ hasText: 'Credited' })
      .waitFor({ timeout: 30_000 });
    await context.close();
  });

  // The whole withdraw journey is withdrawDialog.e2e.test.ts.
  it('should open the withdrawal of a deposited coin from its line on a phone, asking for a pay password first', async () => {
    const user = newUser('wdr');
    const tokens = await registerByApi(baseUrl, user);
    const deposit = await apiCall<{ address: string }>(
      baseUrl,
      'GET',
      '/wallets/deposit-address?coin=ltc',
      tokens.token,
    );
    expect(
      (await devCall('/deposits', { coin: 'ltc', address: deposit.data.address, amount: '2' }))
        .code,
    ).toBe(0);
    await devCall('/chain/blocks', { coin: 'ltc' });

    const { context, page } = await openPage(browser, 375);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/asset/index`);
    // On a phone the coin's line is a block with its buttons in view.
    await page.getByRole('button', { name: 'Withdraw LTC' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Withdraw LTC' });
    await dialog.waitFor();
    // A user without a pay password is asked to set one first.
    await dialog.getByRole('button', { name: 'Set pay password' }).waitFor({ timeout: 30_000 });
    await context.close();
  });
});
