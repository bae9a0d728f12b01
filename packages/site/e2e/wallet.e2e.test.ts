import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceServerClock,
  apiCall,
  launchBrowser,
  loginByApi,
  newUser,
  openPage,
  outboxCode,
  registerByApi,
  seedSession,
  serverUrl,
  waitForPath,
} from './support';

const baseUrl = serverUrl();
const DEMO = { email: 'demo@poolkit.local', password: 'Demo12345' };
const PAY_PASSWORD = 'Wallet2024x';
/** How long the e2e server holds an exchange quote (`EXCHANGE_QUOTE_TTL_SECONDS`). */
const QUOTE_SECONDS = 8;
let browser: Browser;

interface Balances {
  list: { coin: string; available: string }[];
  accounts: { account: string; coin: string; available: string }[];
}

/** The demo user's balances once the engine has settled and credited its back-filled days. */
async function demoBalances(token: string): Promise<Balances> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await apiCall<Balances>(baseUrl, 'GET', '/wallets/balances', token);
    if (answer.code === 0 && answer.data.accounts.some((row) => row.coin === 'btc')) {
      return answer.data;
    }
    if (Date.now() > deadline) throw new Error('The demo user has no income after 90 s');
    await new Promise((wait) => setTimeout(wait, 1000));
  }
}

/** Half of a decimal balance, cut to 8 decimals (at least 1 satoshi). */
function half(available: string): string {
  const [whole = '0', fraction = ''] = available.split('.');
  const satoshis = BigInt(whole) * 100_000_000n + BigInt(`${fraction}00000000`.slice(0, 8));
  const part = satoshis / 2n > 0n ? satoshis / 2n : 1n;
  return `${part / 100_000_000n}.${(part % 100_000_000n).toString().padStart(8, '0')}`;
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('wallet', () => {
  it('should show the demo income, transfer with a pay password, and list the record with its entries', async () => {
    const tokens = await loginByApi(baseUrl, DEMO.email, DEMO.password);
    const balances = await demoBalances(tokens.token);
    const btc = balances.accounts.find((row) => row.account === 'demo' && row.coin === 'btc');
    expect(btc).toBeDefined();
    const amount = half(btc?.available ?? '0');
    const receiver = newUser('recv');
    await registerByApi(baseUrl, receiver);

    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/asset/index`);
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor({ timeout: 30_000 });
    const wallet = page.getByRole('table', { name: 'Wallet' });
    await wallet.getByRole('rowheader', { name: 'BTC' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('wallet-total').textContent()).toMatch(/^￥[\d,]+\.\d{2}$/);

    // The pay password: a code to the demo mailbox, then the new one twice.
    await page.getByRole('button', { name: 'Set pay password' }).click();
    const setDialog = page.getByRole('dialog', { name: 'Set pay password' });
    await setDialog.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('The verification code has been sent.').waitFor();
    await setDialog.getByLabel('Email code').fill(await outboxCode(baseUrl, DEMO.email));
    await setDialog.getByLabel('New pay password').fill(PAY_PASSWORD);
    await setDialog.getByLabel('Pay password again').fill(PAY_PASSWORD);
    await setDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The pay password is saved.').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Change pay password' }).waitFor();

    // The transfer: from the demo account's BTC to the new user, with a second validation.
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer' });
    await dialog.getByLabel('From account').selectOption('demo');
    await dialog.getByLabel('Coin').selectOption('btc');
    await dialog.getByLabel('To account').fill(receiver.username);
    await dialog.getByLabel('Amount').fill(amount);
    await dialog.getByLabel('Pay password').fill(PAY_PASSWORD);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('Code sent. Check your email.').waitFor();
    await dialog.getByLabel('Email code').fill(await outboxCode(baseUrl, DEMO.email));
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page
      .getByText(new RegExp(`^Transferred .+ BTC to ${receiver.username}\\.$`))
      .waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'hidden' });

    // The transaction list has the transfer; its record shows both sides.
    await page.getByRole('link', { name: 'All transactions' }).click();
    await waitForPath(page, '/asset/transaction');
    const lines = page.getByRole('table', { name: 'Transactions' });
    const line = lines.getByRole('row').filter({ hasText: receiver.username });
    await line.waitFor({ timeout: 30_000 });
    expect(await line.textContent()).toContain('Transfer out');
    await line.getByRole('link', { name: /^Details of transaction \d+$/ }).click();
    await page.getByRole('heading', { name: /^Fund record #\d+$/ }).waitFor({ timeout: 30_000 });
    const entries = page.getByRole('table', { name: 'Ledger entries' });
    await entries.getByRole('row').filter({ hasText: receiver.username }).waitFor();
    const entryText = (await entries.textContent()) ?? '';
    expect(entryText).toContain('Your account');
    expect(entryText).toContain('Other account');
    expect(entryText).toContain('demo');
    await context.close();

    const receiverTokens = await loginByApi(baseUrl, receiver.email, receiver.password);
    const received = await apiCall<Balances>(
      baseUrl,
      'GET',
      '/wallets/balances',
      receiverTokens.token,
    );
    expect(received.data.list).toEqual([
      expect.objectContaining({ coin: 'btc', available: amount.replace(/\.?0+$/, '') }),
    ]);
  });
});

// After the wallet journey above, which sets the demo user's pay password (PAY_PASSWORD). The
// e2e server holds quotes for EXCHANGE_QUOTE_TTL_SECONDS (globalSetup.ts), not 30 s.
describe('exchange', () => {
  it('should exchange within the quote, and refuse then re-quote an expired one', async () => {
    const tokens = await loginByApi(baseUrl, DEMO.email, DEMO.password);
    const balances = await demoBalances(tokens.token);
    const btc = balances.accounts.find((row) => row.account === 'demo' && row.coin === 'btc');
    const amount = half(half(btc?.available ?? '0'));

    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    // The page's clock, so the expired quote can still look live to the browser below.
    await page.clock.install();
    await page.goto(`${baseUrl}/asset/index`);
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor({ timeout: 30_000 });
    await page
      .getByRole('table', { name: 'Wallet' })
      .getByRole('rowheader', { name: 'BTC' })
      .waitFor({ timeout: 30_000 });

    async function quote() {
      await page.getByRole('button', { name: 'Exchange', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Exchange' });
      if ((await dialog.getByLabel('Account', { exact: true }).count()) > 0) {
        await dialog.getByLabel('Account', { exact: true }).selectOption('demo');
      }
      await dialog.getByLabel('Sell', { exact: true }).selectOption('btc');
      await dialog.getByLabel('Buy', { exact: true }).selectOption('ltc');
      await dialog.getByLabel('Amount to sell').fill(amount);
      await dialog.getByRole('button', { name: 'Get quote' }).click();
      await dialog.getByRole('timer').waitFor({ timeout: 30_000 });
      expect(await dialog.getByTestId('exchange-receive').textContent()).toMatch(/^[\d,.]+ LTC$/);
      return dialog;
    }

    // Within the quote's time: the exchange goes through and both lines are listed.
    let dialog = await quote();
    await dialog.getByLabel('Pay password').fill(PAY_PASSWORD);
    await dialog.getByRole('button', { name: 'Exchange', exact: true }).click();
    await page.getByText(/^Exchanged [\d,.]+ BTC for [\d,.]+ LTC\.$/).waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'hidden' });
    const recent = page.getByRole('table', { name: 'Recent transactions' });
    await recent.getByText('Exchange in').waitFor({ timeout: 30_000 });
    await recent.getByText('Exchange out').waitFor();

    // After the quote's time on the server's clock (moved, not waited for): the browser's clock
    // stands still, so the dialog still offers the quote; the server refuses it, the dialog
    // drops it, and a new quote goes through.
    dialog = await quote();
    await page.clock.pauseAt(Date.now() + 1_000);
    await advanceServerClock(baseUrl, (QUOTE_SECONDS + 1) * 1000);
    await dialog.getByLabel('Pay password').fill(PAY_PASSWORD);
    await dialog.getByRole('button', { name: 'Exchange', exact: true }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'The quote has expired' })
      .waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('timer').count()).toBe(0);
    await page.clock.resume();
    await dialog.getByRole('button', { name: 'Get quote' }).click();
    await dialog.getByRole('timer').waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Exchange', exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });

    const lines = await apiCall<{ list: { type: string; coin: string }[] }>(
      baseUrl,
      'GET',
      '/wallets/transactions?type=exchange_in',
      tokens.token,
    );
    expect(lines.data.list.filter((line) => line.coin === 'ltc')).toHaveLength(2);
    await context.close();
  });
});
