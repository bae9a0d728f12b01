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
} from './support';

const baseUrl = serverUrl();
const PAY_PASSWORD = 'Wallet2024x';
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** Saves a BTC withdraw address through the API, with its second validation by email. */
async function saveAddress(token: string, email: string): Promise<void> {
  const sent = await apiCall(baseUrl, 'POST', '/auth/validation/verified-email', token, {
    scene: 'withdraw_address',
  });
  expect(sent.code).toBe(0);
  const validation = await apiCall<{ validation_token: string }>(
    baseUrl,
    'POST',
    '/users/second-validation',
    token,
    { verify_type: 'email', code: await outboxCode(baseUrl, email), scene: 'withdraw_address' },
  );
  expect(validation.code).toBe(0);
  const saved = await apiCall(baseUrl, 'POST', '/wallets/withdraw-addresses', token, {
    coin: 'btc',
    alias: 'Cold wallet',
    address: ADDRESS,
    validation_token: validation.data.validation_token,
  });
  expect(saved.code).toBe(0);
}

describe('auto-withdraw', () => {
  it('should set a pay password, then auto-withdraw of BTC to a saved address above a threshold', async () => {
    const user = newUser('auto');
    const tokens = await registerByApi(baseUrl, user);
    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/asset/auto-withdraw`);
    await page.getByRole('heading', { name: 'Auto-withdraw', level: 1 }).waitFor();
    await page.getByText('Set a pay password before you turn on auto-withdraw.').waitFor();

    await page.getByRole('button', { name: 'Set pay password' }).click();
    const payDialog = page.getByRole('dialog', { name: 'Set pay password' });
    await payDialog.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('The verification code has been sent.').waitFor();
    await payDialog.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await payDialog.getByLabel('New pay password').fill(PAY_PASSWORD);
    await payDialog.getByLabel('Pay password again').fill(PAY_PASSWORD);
    await payDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The pay password is saved.').waitFor({ timeout: 30_000 });
    await page.getByText('Save a withdraw address in the withdraw dialog first').waitFor();

    await saveAddress(tokens.token, user.email);
    await page.reload();
    await page.getByRole('button', { name: 'Set auto-withdraw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set auto-withdraw' });
    await dialog.getByLabel('Account').selectOption(user.username);
    await dialog.getByLabel('Coin').selectOption('btc');
    expect(await dialog.getByLabel('Address').inputValue()).not.toBe('');
    await dialog.getByText('At least 0.001200 BTC').waitFor();
    // Below the minimum plus the fee: refused on its field before anything is sent.
    await dialog.getByLabel('Threshold (BTC)').fill('0.001');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The threshold must be at least 0.0012').waitFor();

    await dialog.getByLabel('Threshold (BTC)').fill('0.05');
    await dialog.getByLabel('Pay password').fill(PAY_PASSWORD);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('The verification code has been sent.').first().waitFor();
    await dialog.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Auto-withdraw saved.').waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'hidden' });

    const table = page.getByRole('table', { name: 'Auto-withdraw' });
    const row = table.getByRole('row').filter({ hasText: `BTC · ${user.username}` });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('On');
    expect(text).toMatch(/0\.050* BTC/);
    expect(text).toContain(ADDRESS);
    const settings = await apiCall<{ list: { enabled: boolean; threshold: string }[] }>(
      baseUrl,
      'GET',
      '/wallets/auto-withdraw',
      tokens.token,
    );
    expect(settings.data.list).toEqual([
      expect.objectContaining({ enabled: true, threshold: '0.05', account: user.username }),
    ]);
    await context.close();
  });
});
