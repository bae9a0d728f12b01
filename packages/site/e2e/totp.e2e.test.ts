import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
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
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('authenticator enrolment', () => {
  it('should turn on the authenticator from /user/setting and then ask for its code at login', async () => {
    const user = newUser('enrol');
    const tokens = await registerByApi(baseUrl, user);
    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/user/setting`);
    await page.getByRole('button', { name: 'Set up authenticator' }).click({ timeout: 30_000 });
    // The API keys' form asks for its own code further down the page.
    const card = page.getByRole('region', { name: 'Authenticator (2FA)' });
    await card.getByLabel('Email code').waitFor();
    await card.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await card.getByRole('button', { name: 'Continue' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent({ timeout: 30_000 })) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,64}$/);
    // Issue 27: the otpauth:// QR code that apps scan, with the secret above as the fallback.
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await page.getByLabel('Authenticator code').fill(await totpCode(baseUrl, secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Two-step verification is on.').waitFor();
    // The profile now says the authenticator is on, and the set-up card is gone.
    await page.getByRole('button', { name: 'Set up authenticator' }).waitFor({ state: 'detached' });
    await context.close();

    const login = await openPage(browser);
    await login.page.goto(`${baseUrl}/login?redirect=%2Fuser%2Fsetting`);
    await login.page.getByLabel('Email').fill(user.email);
    await login.page.getByLabel('Password').fill(user.password);
    await login.page.getByRole('button', { name: 'Sign in' }).last().click();
    await login.page
      .getByRole('heading', { name: 'Two-step verification' })
      .waitFor({ timeout: 30_000 });
    // The next step's code: the one of this step was spent turning the authenticator on.
    await login.page.getByLabel('Authenticator code').fill(await totpCode(baseUrl, secret, 1));
    await login.page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(login.page, '/user/setting', 30_000);
    await login.page.getByText(user.username).first().waitFor();
    await login.context.close();
  });
});
