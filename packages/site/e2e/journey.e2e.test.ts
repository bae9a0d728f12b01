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
  pathOf,
  registerByApi,
  seedSession,
  serverHas,
  serverUrl,
  totpCode,
  waitForPath,
} from './support';

const baseUrl = serverUrl();
const DEMO = { email: 'demo@poolkit.local', password: 'Demo12345', account: 'demo' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('identity journeys', () => {
  it('should register by email with the outbox code, log out, and log in again with the captcha', async () => {
    const user = newUser('e2e');
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/register/email`);
    await page.getByLabel('User name').fill(user.username);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /Resend in \d+ s/ }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Verification code').fill(await outboxCode(baseUrl, user.email));
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password').fill(user.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/');
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

    await page.goto(`${baseUrl}/user/setting`);
    await waitForPath(page, `/login?redirect=${encodeURIComponent('/user/setting')}`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await waitForPath(page, '/user/setting', 30_000);
    await page.getByText(user.username).first().waitFor();
    await context.close();
  });

  it('should ask for the authenticator code as a second step when the account has 2FA', async () => {
    const user = newUser('totp');
    const tokens = await registerByApi(baseUrl, user);
    const secret = await enableTotp(baseUrl, user.email, tokens.token);
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/login?redirect=%2Fuser%2Fsetting`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor({ timeout: 30_000 });
    // The next step's code: the one of this step was spent turning 2FA on.
    await page.getByLabel('Authenticator code').fill(await totpCode(baseUrl, secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/user/setting', 30_000);
    await page.getByText(user.username).first().waitFor();
    await context.close();
  });

  it('should show validation messages from core before sending anything', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/register/email`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please enter email address').waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please enter correct email address').waitFor();
    expect(pathOf(page)).toBe('/register/email');
    await context.close();
  });

  it('should log in as the demo user and show the demo workers on the dashboard', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/pool/btc/home`);
    await waitForPath(page, `/login?redirect=${encodeURIComponent('/pool/btc/home')}`);
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await waitForPath(page, '/pool/btc/home', 30_000);
    await page.getByRole('heading', { name: `Account ${DEMO.account}` }).waitFor();
    await page.getByRole('link', { name: 'Workers', exact: true }).click();
    await waitForPath(page, '/pool/btc/miner');
    await page.locator('main table tbody tr').first().waitFor();
    expect(await page.locator('main table tbody tr').count()).toBeGreaterThan(0);
    // The worker table shows its batch actions once a worker is selected.
    await page.locator('main table tbody tr').first().getByRole('checkbox').check();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(1);
    await context.close();
  });

  it('should create a worker group, move a worker into it and delete a worker', async () => {
    const tokens = await loginByApi(baseUrl, DEMO.email, DEMO.password);
    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/pool/btc/miner`);
    await page.locator('main table tbody tr').first().waitFor();
    const group = `grp${Date.now().toString(36).slice(-5)}`;
    await page.getByLabel('New group name').fill(group);
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('tab', { name: `${group} (0)` }).waitFor();
    const firstWorker =
      (await page.locator('main table tbody tr').first().locator('th').textContent()) ?? '';
    await page.getByRole('checkbox', { name: `Select ${firstWorker}` }).check();
    await page.getByLabel('Move selected to').selectOption({ label: group });
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByRole('tab', { name: `${group} (1)` }).waitFor();
    await page.getByRole('tab', { name: `${group} (1)` }).click();
    await page.getByRole('button', { name: firstWorker, exact: true }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('checkbox', { name: `Select ${firstWorker}` }).check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Workers removed.').waitFor();
    await context.close();
  });

  it('should open an observer link read-only', async () => {
    if (!(await serverHas(baseUrl, '/accounts/demo/observers'))) return;
    const { context, page } = await openPage(browser);
    // Sign in through the site to get a token, then create an observer link through the API.
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sign in to PoolKit' }).waitFor();
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await waitForPath(page, '/', 30_000);
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    expect(token).not.toBeNull();
    const link = await apiCall<{ url: string; token: string }>(
      baseUrl,
      'POST',
      `/accounts/${DEMO.account}/observers`,
      token ?? '',
      {
        nickname: 'e2e watcher',
        expiry: 'one_day',
      },
    );
    expect(link.code).toBe(0);
    await context.close();

    const observer = await openPage(browser);
    await observer.page.goto(
      `${baseUrl}/observer_redirect?observer_token=${encodeURIComponent(link.data.token)}`,
    );
    await observer.page.waitForURL(/\/pool\/[a-z0-9-]+\/home\?observer_token=/, {
      timeout: 30_000,
    });
    await observer.page.getByText('Observer (read-only)').waitFor();
    await observer.page.getByRole('link', { name: 'Workers', exact: true }).click();
    await observer.page.locator('main table tbody tr').first().waitFor();
    expect(await observer.page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await observer.page.getByRole('checkbox').count()).toBe(0);
    // A picked group offers no rename or delete either (the journey above made one).
    const groupTabs = observer.page
      .getByRole('tablist', { name: 'Worker groups' })
      .getByRole('tab');
    await groupTabs.nth(1).click();
    expect(await groupTabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await observer.page.getByRole('button', { name: 'Rename group' }).count()).toBe(0);
    expect(await observer.page.getByRole('button', { name: 'Delete group' }).count()).toBe(0);
    expect(await observer.page.getByRole('button', { name: 'Account', exact: true }).count()).toBe(
      0,
    );
    await observer.context.close();
  });
});
