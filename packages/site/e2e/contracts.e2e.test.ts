import { encryptPassword } from '@poolkit/core';
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
const OPERATOR = { email: 'operator@poolkit.local', password: 'Operator123' };
const PAY_PASSWORD = 'Contract2024x';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A PNG's first bytes: the server checks that a file is what it claims. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

interface Order {
  id: string;
  status: string;
  effective_date: string | null;
  actual_earnings: string;
}

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

/** Polls until `check` holds (the server's minute job moves orders). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((wait) => setTimeout(wait, 500));
  }
}

/** An operator's new product with a name of its own, so the test finds it among the demo's. */
async function newProduct(
  fields: Record<string, unknown> = {},
): Promise<{ id: string; name: string }> {
  const operator = await loginByApi(baseUrl, OPERATOR.email, OPERATOR.password);
  const name = `E2E ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const created = await apiCall<{ id: string; name: string }>(
    baseUrl,
    'POST',
    '/admin/contracts/products',
    operator.token,
    {
      name,
      coin: 'btc',
      miner: 'Antminer S21',
      power: 200e12,
      price: '0.01',
      electricity_fee: '0',
      management_fee_percent: '5',
      duration_days: 2,
      effective_delay_days: 1,
      inventory: 5,
      pay_address: 'bc1qe2econtractpayaddress',
      terms: { en: 'E2E terms', 'zh-CN': '条款', ru: 'Условия', ja: '規約', ko: '약관' },
      on_sale: true,
      ...fields,
    },
  );
  if (created.code !== 0) throw new Error(`product: ${created.msg}`);
  return created.data;
}

/** Each user's last access token: polls reuse it, and sign in again once a clock move expired it. */
const tokens = new Map<string, string>();

async function readOrder(email: string, password: string, id: string): Promise<Order> {
  const read = (token: string) => apiCall<Order>(baseUrl, 'GET', `/contracts/orders/${id}`, token);
  const cached = tokens.get(email);
  let answer = cached === undefined ? undefined : await read(cached);
  if (answer === undefined || answer.code !== 0) {
    const { token } = await loginByApi(baseUrl, email, password);
    tokens.set(email, token);
    answer = await read(token);
  }
  if (answer.code !== 0) throw new Error(`order: ${answer.msg}`);
  return answer.data;
}

describe('cloud-mining contracts', () => {
  it('should buy with the wallet, start the next day and credit the daily output to the wallet', async () => {
    const user = newUser('cwallet');
    const tokens = await registerByApi(baseUrl, user);
    const key = await apiCall<{ public_key: string; key_id: string }>(
      baseUrl,
      'GET',
      '/v2/users/encrypt/pubkey',
      tokens.token,
    );
    const set = await apiCall(baseUrl, 'PUT', '/wallets/pay-password', tokens.token, {
      pay_password: await encryptPassword(key.data.public_key, PAY_PASSWORD),
      key_id: key.data.key_id,
      validation_token: await emailValidation(tokens.token, user.email, 'pay_password'),
    });
    expect(set.code).toBe(0);
    const deposit = await apiCall<{ address: string }>(
      baseUrl,
      'GET',
      '/wallets/deposit-address?coin=btc',
      tokens.token,
    );
    await devCall('/deposits', { coin: 'btc', address: deposit.data.address, amount: '0.5' });
    await devCall('/chain/blocks', { coin: 'btc' });
    await eventually(
      () =>
        apiCall<{ list: { coin: string; available: string }[] }>(
          baseUrl,
          'GET',
          '/wallets/balances',
          tokens.token,
        ),
      (answer) => answer.data.list.some((row) => row.coin === 'btc' && row.available === '0.5'),
    );
    const product = await newProduct();

    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/contract/list`);
    const card = page.getByRole('region', { name: product.name });
    await card.getByText('5 units').waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Buy' }).click();
    const dialog = page.getByRole('dialog', { name: `Buy ${product.name}` });
    await dialog.getByRole('textbox', { name: 'Units' }).fill('2');
    await dialog.getByText('To pay: 0.020000 BTC').waitFor();
    await dialog.getByRole('button', { name: 'Place order' }).click();
    await dialog.getByText('Please read and agree to the terms').waitFor();
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/contract\/order\/\d+$/, { timeout: 15_000 });
    const orderId = /\/contract\/order\/(\d+)$/.exec(page.url())?.[1] ?? '';
    await page.getByText('Pay by ').first().waitFor();
    await page.getByLabel('Pay password').fill(PAY_PASSWORD);
    await page.getByRole('button', { name: 'Pay 0.020000 BTC' }).click();
    await page.getByText(/Paid\. Mining starts on \d{4}-\d{2}-\d{2}\./).waitFor();
    // The order refreshes in place after the payment (no skeleton): wait for its new step.
    await page
      .getByRole('list', { name: 'Order progress' })
      .locator('[aria-current="step"]', { hasText: 'Paid, awaiting effect' })
      .waitFor();
    await context.close();

    // The next day it mines; once that day has closed (and the one after, or its settlement),
    // its output is in the wallet.
    await advanceServerClock(baseUrl, DAY);
    await eventually(
      () => readOrder(user.email, user.password, orderId),
      (order) => order.status === 'effect',
    );
    await advanceServerClock(baseUrl, 2 * DAY);
    const credited = await eventually(
      () => readOrder(user.email, user.password, orderId),
      (order) => Number(order.actual_earnings) > 0,
    );
    const fresh = await loginByApi(baseUrl, user.email, user.password);
    const lines = await apiCall<{ list: { type: string; amount: string }[] }>(
      baseUrl,
      'GET',
      '/wallets/transactions?type=contract',
      fresh.token,
    );
    // The payment and at least one day of output.
    expect(lines.data.list.some((line) => Number(line.amount) > 0)).toBe(true);
    expect(lines.data.list.some((line) => line.amount === '-0.02')).toBe(true);

    const view = await openPage(browser);
    await seedSession(view.context, fresh.token, fresh.refresh_token);
    await view.page.goto(`${baseUrl}/contract/order/${orderId}/profit`);
    const table = view.page.getByRole('table', { name: 'Daily income of the order' });
    await table.locator('tbody tr').first().waitFor();
    // The job may credit another closed day meanwhile: the page shows the order's earnings as
    // they stand when it loads, so compare with the order read after each load.
    expect(Number(credited.actual_earnings)).toBeGreaterThan(0);
    await expect
      .poll(
        async () => {
          await view.page.reload();
          await table.locator('tbody tr').first().waitFor();
          const now = await readOrder(user.email, user.password, orderId);
          return view.page.getByText(`${now.actual_earnings} BTC`).count();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    await view.context.close();
  });

  it('should take payment evidence by transfer, let the operator approve it and start mining', async () => {
    const user = newUser('ctransfer');
    const tokens = await registerByApi(baseUrl, user);
    const product = await newProduct();
    const placed = await apiCall<Order>(baseUrl, 'POST', '/contracts/orders', tokens.token, {
      product_id: product.id,
      account: user.username,
      quantity: 1,
      terms_accepted: true,
    });
    expect(placed.code).toBe(0);
    const orderId = placed.data.id;

    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/contract/order/${orderId}`);
    await page.getByText('bc1qe2econtractpayaddress').waitFor({ timeout: 30_000 });
    // Nothing chosen: documents are required.
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Please upload at least one document').waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('list', { name: 'Chosen files' }).getByText('receipt.png').waitFor();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Evidence received. The order is under review.').waitFor();
    await page.getByRole('heading', { name: 'Payment evidence' }).waitFor();
    await page.getByRole('button', { name: 'File 1' }).waitFor();
    await context.close();

    const operatorTokens = await loginByApi(baseUrl, OPERATOR.email, OPERATOR.password);
    const operator = await openPage(browser);
    await seedSession(operator.context, operatorTokens.token, operatorTokens.refresh_token);
    await operator.page.goto(`${baseUrl}/admin/contract-orders`);
    await waitForPath(operator.page, '/admin/contract-orders');
    await operator.page
      .getByRole('button', { name: `Approve order ${orderId}` })
      .click({ timeout: 30_000 });
    await operator.page.getByText(`Order ${orderId} approved.`).waitFor();
    await operator.context.close();

    const approved = await readOrder(user.email, user.password, orderId);
    expect(approved.status).toBe('pending');
    await advanceServerClock(baseUrl, DAY);
    await eventually(
      () => readOrder(user.email, user.password, orderId),
      (order) => order.status === 'effect',
    );
  });

  it('should cancel an order left unpaid for 2 hours and put its units back', async () => {
    const user = newUser('ctimeout');
    const tokens = await registerByApi(baseUrl, user);
    const product = await newProduct({ inventory: 3 });
    const placed = await apiCall<Order>(baseUrl, 'POST', '/contracts/orders', tokens.token, {
      product_id: product.id,
      account: user.username,
      quantity: 3,
      terms_accepted: true,
    });
    expect(placed.code).toBe(0);
    await advanceServerClock(baseUrl, 2 * HOUR + 60_000);
    await eventually(
      () => readOrder(user.email, user.password, placed.data.id),
      (order) => order.status === 'cancelled',
    );
    const fresh = await loginByApi(baseUrl, user.email, user.password);
    const again = await apiCall<{ inventory: number }>(
      baseUrl,
      'GET',
      `/contracts/products/${product.id}`,
      fresh.token,
    );
    expect(again.data.inventory).toBe(3);
  });

  it('should let the user cancel an unpaid order', async () => {
    const user = newUser('ccancel');
    const tokens = await registerByApi(baseUrl, user);
    const product = await newProduct();
    const placed = await apiCall<Order>(baseUrl, 'POST', '/contracts/orders', tokens.token, {
      product_id: product.id,
      account: user.username,
      quantity: 1,
      terms_accepted: true,
    });
    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/contract/order/${placed.data.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click({ timeout: 30_000 });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText(`Order ${placed.data.id} cancelled.`).waitFor();
    await page.getByText('Stopped: Cancelled').waitFor();
    await context.close();
  });
});
