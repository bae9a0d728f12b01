import { apiCall, launchBrowser, loginByApi, openPage, outboxCode, seedSession } from './support';

const base = 'http://127.0.0.1:48311';
const out = '/tmp/exch-shots';
for (let i = 0; i < 240; i += 1) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 500));
}
const tokens = await loginByApi(base, 'demo@poolkit.local', 'Demo12345');
for (let i = 0; i < 120; i += 1) {
  const b = await apiCall<{ accounts: { coin: string }[] }>(base, 'GET', '/wallets/balances', tokens.token);
  if (b.data.accounts.some((r) => r.coin === 'btc')) break;
  await new Promise((r) => setTimeout(r, 1000));
}
const browser = await launchBrowser();
for (const width of [1280, 375] as const) {
  const { context, page } = await openPage(browser, width);
  await page.goto(`${base}/`);
  await page.getByRole('table', { name: 'Pool statistics' }).waitFor({ timeout: 60_000 }).catch(() => {});
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/home-${width}.png`, fullPage: width === 1280 });
  await context.close();
}
for (const width of [1280, 375] as const) {
  const { context, page } = await openPage(browser, width);
  await seedSession(context, tokens.token, tokens.refresh_token);
  await page.goto(`${base}/asset/index`);
  await page.getByRole('table', { name: 'Wallet' }).getByRole('rowheader', { name: 'BTC' }).waitFor({ timeout: 60_000 });
  if (width === 1280) {
    await page.getByRole('button', { name: 'Set pay password' }).click();
    const d = page.getByRole('dialog', { name: 'Set pay password' });
    await d.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('The verification code has been sent.').waitFor();
    await d.getByLabel('Email code').fill(await outboxCode(base, 'demo@poolkit.local'));
    await d.getByLabel('New pay password').fill('Wallet2024x');
    await d.getByLabel('Pay password again').fill('Wallet2024x');
    await d.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Change pay password' }).waitFor({ timeout: 30_000 });
  }
  await page.screenshot({ path: `${out}/asset-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Exchange', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Exchange' });
  await dialog.getByLabel('Amount to sell').fill('0.00001');
  await dialog.getByRole('button', { name: 'Get quote' }).click();
  await dialog.getByRole('timer').waitFor({ timeout: 30_000 }).catch(() => {});
  await page.screenshot({ path: `${out}/exchange-${width}.png` });
  await context.close();
}
await browser.close();
console.log('shots done');
