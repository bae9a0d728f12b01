import type { Browser, Page } from 'playwright-core';
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

/** The demo operator the server seeds in demo mode (packages/server, modules/admin/demo.ts). */
const OPERATOR = { email: 'operator@poolkit.local', password: 'Operator123' };
const HOUR = 3_600_000;

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** Fills the registration form the page shows and submits it. */
async function registerThroughForm(
  page: Page,
  user: { username: string; email: string; password: string },
): Promise<void> {
  await page.getByLabel('User name').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('button', { name: /Resend in \d+ s/ }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Verification code').fill(await outboxCode(baseUrl, user.email));
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Polls `check` until it resolves true (the server's jobs run once a clock minute). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((wait) => setTimeout(wait, 1_000));
  }
  throw new Error('The condition did not hold in time');
}

describe('red packets and invitations', () => {
  it('should take a red packet from the operator to a new user earning from it, and pay an inviter', async () => {
    // The operator creates a campaign in the console.
    const operator = await loginByApi(baseUrl, OPERATOR.email, OPERATOR.password);
    const admin = await openPage(browser);
    await seedSession(admin.context, operator.token, operator.refresh_token);
    await admin.page.goto(`${baseUrl}/admin/red-packets`);
    const name = `E2E packets ${Date.now().toString(36)}`;
    await admin.page.getByLabel('Name').fill(name);
    await admin.page.getByLabel('Number of packets').fill('2');
    await admin.page.getByRole('button', { name: 'Create campaign' }).click();
    const link = await admin.page.getByTestId('campaign-link').textContent();
    expect(link).toMatch(/\/activity\/red_packet\/[A-Za-z0-9]+$/);
    const packetPath = new URL(link ?? '').pathname;
    await admin.context.close();

    // A visitor opens the link, is asked to sign in or register, and registers.
    const visitor = newUser('rp');
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}${packetPath}`);
    await page.getByRole('heading', { name }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('redpacket_hash'))).toContain(
      packetPath.split('/').pop(),
    );
    await page.getByRole('link', { name: 'Register' }).last().click();
    await waitForPath(page, `/register/email?redirect=${encodeURIComponent(packetPath)}`);
    await registerThroughForm(page, visitor);
    await waitForPath(page, packetPath, 30_000);

    // A mismatching email is refused with the spec's message; the bound one receives.
    await page.getByLabel('Receiving email').fill('someone.else@example.com');
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    await page.getByText('The email does not match the email bound to your account').waitFor();
    await page.getByLabel('Receiving email').fill(visitor.email);
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    await page.getByRole('button', { name: 'Activate', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('redpacket_hash'))).toBeNull();
    await page.getByRole('button', { name: 'Activate', exact: true }).click();
    await page.getByRole('link', { name: 'See its daily income' }).waitFor();
    await context.close();

    // An inviter shares their link; a friend registers through it.
    const inviter = newUser('inv');
    const inviterTokens = await registerByApi(baseUrl, inviter);
    const inviterPage = await openPage(browser);
    await seedSession(inviterPage.context, inviterTokens.token, inviterTokens.refresh_token);
    await inviterPage.page.goto(`${baseUrl}/user/invite`);
    const inviteLink =
      (await inviterPage.page.locator('[title*="invite_code="]').first().textContent()) ?? '';
    expect(inviteLink).toMatch(/\/register\/email\?invite_code=[A-Z0-9]+$/);
    await inviterPage.page.getByRole('img', { name: 'Invitation link QR code' }).waitFor();
    await inviterPage.context.close();

    const friend = newUser('frd');
    const friendPage = await openPage(browser);
    await friendPage.page.goto(
      `${baseUrl}${new URL(inviteLink).pathname}${new URL(inviteLink).search}`,
    );
    expect(await friendPage.page.getByLabel('Invitation code (optional)').inputValue()).toBe(
      new URL(inviteLink).searchParams.get('invite_code'),
    );
    await registerThroughForm(friendPage.page, friend);
    await waitForPath(friendPage.page, '/');
    await friendPage.context.close();
    const invitees = await apiCall<{ total: number }>(
      baseUrl,
      'GET',
      '/invitations/invitees',
      inviterTokens.token,
    );
    expect(invitees.data.total).toBe(1);

    // Two days later (the demo simulator mines for every account): income and the reward.
    await advanceServerClock(baseUrl, 50 * HOUR);
    const visitorTokens = await loginByApi(baseUrl, visitor.email, visitor.password);
    let packetId = '';
    await eventually(async () => {
      const packets = await apiCall<{ list: { id: string }[] }>(
        baseUrl,
        'GET',
        '/users/red-packets',
        visitorTokens.token,
      );
      packetId = packets.data.list[0]?.id ?? '';
      const income = await apiCall<{ total: number }>(
        baseUrl,
        'GET',
        `/users/red-packets/${packetId}/profits`,
        visitorTokens.token,
      );
      return income.data.total > 0;
    });
    const visitorAgain = await openPage(browser);
    await seedSession(visitorAgain.context, visitorTokens.token, visitorTokens.refresh_token);
    await visitorAgain.page.goto(`${baseUrl}/user/red_packet/${packetId}`);
    const incomeTable = visitorAgain.page.getByRole('table', { name: 'Daily income' });
    await incomeTable
      .getByText(/^\d{4}-\d{2}-\d{2}$/)
      .first()
      .waitFor();
    expect(await incomeTable.textContent()).toContain('BTC');
    await visitorAgain.context.close();

    const inviterAgain = await loginByApi(baseUrl, inviter.email, inviter.password);
    await eventually(async () => {
      const rewards = await apiCall<{ total: number }>(
        baseUrl,
        'GET',
        '/invitations/rewards',
        inviterAgain.token,
      );
      return rewards.data.total > 0;
    });
    const rewardsPage = await openPage(browser);
    await seedSession(rewardsPage.context, inviterAgain.token, inviterAgain.refresh_token);
    await rewardsPage.page.goto(`${baseUrl}/user/invite`);
    const rewardsTable = rewardsPage.page.getByRole('table', { name: 'Rewards' });
    const masked = `${friend.username.slice(0, 2)}***${friend.username.slice(-2)}`;
    await rewardsTable.getByText(masked).first().waitFor();
    await rewardsPage.page.getByText('statistics as of 09:50 (UTC+8)').waitFor();
    await rewardsPage.context.close();
  }, 300_000);
});
