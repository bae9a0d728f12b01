import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addVirtualAuthenticator,
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
// WebAuthn takes a host name as relying party id, never an IP address: the same server by the
// name `localhost` (the server's relying party follows the address a request arrived at).
const siteUrl = baseUrl.replace('127.0.0.1', 'localhost');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/**
 * Signs out (the tokens go) and opens /login. The virtual authenticator answers the login page's
 * autofill request (conditional UI) at once, as a user picking the suggestion would; with
 * `autofill: false` the page is told the browser has no autofill, to drive the button.
 */
async function signOut(page: Page, { autofill }: { autofill: boolean }): Promise<void> {
  await page.evaluate((off) => {
    localStorage.removeItem('access_token');
    localStorage.removeItem('refresh_token');
    if (off) sessionStorage.setItem('e2e-no-autofill', '1');
    else sessionStorage.removeItem('e2e-no-autofill');
  }, !autofill);
  await page.goto(`${siteUrl}/login`);
}

async function securityLog(email: string, password: string): Promise<string[]> {
  const { token } = await loginByApi(baseUrl, email, password);
  const logs = await apiCall<{ list: { action: string }[] }>(
    baseUrl,
    'GET',
    '/users/logs?type=security&page=1&page_size=50',
    token,
  );
  return logs.data.list.map((entry) => entry.action);
}

describe('passkeys', () => {
  it('should add a passkey in settings, sign in with it, rename it, delete it, and say why it fails', async () => {
    const user = newUser('passkey');
    const tokens = await registerByApi(baseUrl, user);
    const { context, page } = await openPage(browser);
    const authenticator = await addVirtualAuthenticator(page);
    await context.addInitScript(() => {
      if (sessionStorage.getItem('e2e-no-autofill') !== null) {
        PublicKeyCredential.isConditionalMediationAvailable = async () => false;
      }
      // The virtual authenticator answers the autofill request at once, and the page leaves
      // /login: what the Email field offered is noted when the request starts.
      const get = navigator.credentials.get.bind(navigator.credentials);
      navigator.credentials.get = (options) => {
        if (options?.mediation === 'conditional') {
          const email = [...document.querySelectorAll('input')].find((input) =>
            [...(input.labels ?? [])].some((label) => label.textContent?.trim() === 'Email'),
          );
          sessionStorage.setItem(
            'e2e-autofill-field',
            email?.getAttribute('autocomplete') ?? 'no Email field',
          );
        }
        return get(options);
      };
    });
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${siteUrl}/user/setting`);

    const nickname = page.getByRole('textbox', { name: 'Passkey nickname' });
    await page.getByText('No passkeys yet.').waitFor({ timeout: 30_000 });
    // Not empty, not only spaces.
    await nickname.fill('   ');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Please enter passkey nickname').waitFor();

    // A passkey signs in without the password: adding one takes a fresh second validation,
    // here the email code (no passkey exists yet).
    await nickname.fill('Laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
    await confirm.getByRole('button', { name: 'Send code' }).click({ timeout: 30_000 });
    await page.getByText('The verification code has been sent.').waitFor({ timeout: 30_000 });
    await confirm.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('The passkey has been added.').waitFor({ timeout: 30_000 });
    await page.getByRole('cell', { name: 'Laptop', exact: true }).waitFor();

    // The same authenticator again, validated by the passkey it holds: the browser then refuses
    // to make a second one (excluded credential).
    await nickname.fill('Laptop again');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await confirm.getByRole('button', { name: 'Use a passkey instead' }).click({ timeout: 30_000 });
    await confirm.getByText('Verified with your passkey.').waitFor({ timeout: 30_000 });
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('The passkey has been bound').waitFor({ timeout: 30_000 });
    const stored = await authenticator.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: authenticator.id,
    });
    expect(stored.credentials).toHaveLength(1);
    expect(stored.credentials[0]?.isResidentCredential).toBe(true);

    // Sign out, then in with the passkey: by the button…
    await signOut(page, { autofill: false });
    await page.getByRole('button', { name: 'Use a passkey' }).click({ timeout: 30_000 });
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
    // …and by the autofill suggestion of the user-name field.
    await signOut(page, { autofill: true });
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-autofill-field'))).toBe(
      'username webauthn',
    );
    await page.goto(`${siteUrl}/user/setting`);
    await page.getByText(user.username).first().waitFor({ timeout: 30_000 });

    // Rename: blank refused, then a new name.
    await page.getByRole('button', { name: 'Rename Laptop' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Passkey nickname' }).fill('  ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter passkey nickname').waitFor();
    await dialog.getByRole('textbox', { name: 'Passkey nickname' }).fill('Work laptop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Work laptop', exact: true }).waitFor({ timeout: 30_000 });

    // The passkey as the second validation of a password change.
    await page.getByRole('button', { name: 'Change password' }).click();
    const change = page.getByRole('dialog');
    await change.getByRole('button', { name: 'Use a passkey instead' }).click({ timeout: 30_000 });
    await change.getByText('Verified with your passkey.').waitFor({ timeout: 30_000 });
    await change.getByLabel('New password').fill('Changed123');
    await change.getByLabel('Confirm password').fill('Changed123');
    await change.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your password has been changed.').waitFor({ timeout: 30_000 });
    user.password = 'Changed123';

    // A ceremony the authenticator refuses (no user verification): the section-8 message.
    await signOut(page, { autofill: false });
    await authenticator.cdp.send('WebAuthn.setUserVerified', {
      authenticatorId: authenticator.id,
      isUserVerified: false,
    });
    await page.getByRole('button', { name: 'Use a passkey' }).click({ timeout: 30_000 });
    await page
      .getByText('Unable to sign in with your passkey. Please sign in with your password.')
      .waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    await authenticator.cdp.send('WebAuthn.setUserVerified', {
      authenticatorId: authenticator.id,
      isUserVerified: true,
    });

    // Delete it on the site; the device still holds it, and the site refuses it.
    const again = await loginByApi(baseUrl, user.email, user.password);
    await page.evaluate(
      ([access, refresh]) => {
        localStorage.setItem('access_token', access ?? '');
        localStorage.setItem('refresh_token', refresh ?? '');
      },
      [again.token, again.refresh_token],
    );
    await page.goto(`${siteUrl}/user/setting`);
    await page.getByRole('button', { name: 'Delete Work laptop' }).click({ timeout: 30_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No passkeys yet.').waitFor({ timeout: 30_000 });
    await signOut(page, { autofill: false });
    await page.getByRole('button', { name: 'Use a passkey' }).click({ timeout: 30_000 });
    await page
      .getByText('Unable to sign in with your passkey. Please sign in with your password.')
      .waitFor({ timeout: 30_000 });

    expect(await securityLog(user.email, user.password)).toEqual(
      expect.arrayContaining(['passkey_added', 'passkey_renamed', 'passkey_deleted']),
    );
    await context.close();
  });

  it('should refuse a passkey to a stolen session, and after a password reset list the passkeys to remove one while nothing the thief held works', async () => {
    const user = newUser('pkreset');
    const stolen = await registerByApi(baseUrl, user);
    // The thief holds the session's tokens only: no passkey can be planted with them.
    const planted = await apiCall(
      baseUrl,
      'POST',
      '/passkeys/registration/options',
      stolen.token,
      {},
    );
    expect(planted.code).not.toBe(0);
    expect(JSON.stringify(planted)).toContain('validation_token');
    // Nor an API key, which would outlive the session: it asks for a second validation first.
    const key = await apiCall(baseUrl, 'POST', '/users/api-keys', stolen.token, {
      name: 'backdoor',
      scopes: ['miner.view'],
      accounts: ['anything'],
      expiry: 'forever',
    });
    expect(key.code).not.toBe(0);
    expect(JSON.stringify(key)).toContain('validation_token');

    // The owner's passkey, added in the settings with a code.
    const owner = await loginByApi(baseUrl, user.email, user.password);
    const { context, page } = await openPage(browser);
    await addVirtualAuthenticator(page);
    await seedSession(context, owner.token, owner.refresh_token);
    await page.goto(`${siteUrl}/user/setting`);
    await page.getByText('No passkeys yet.').waitFor({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Passkey nickname' }).fill('Old laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
    await confirm.getByRole('button', { name: 'Send code' }).click({ timeout: 30_000 });
    await page.getByText('The verification code has been sent.').waitFor({ timeout: 30_000 });
    await confirm.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('The passkey has been added.').waitFor({ timeout: 30_000 });

    // "I lost control": the reset, then the account's passkeys with a remove button.
    await page.evaluate(() => {
      localStorage.removeItem('access_token');
      localStorage.removeItem('refresh_token');
    });
    await page.goto(`${siteUrl}/resetpassword/email`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /Resend in \d+ s/ }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Verification code').fill(await outboxCode(baseUrl, user.email));
    await page.getByLabel('New password').fill('Recovered123');
    await page.getByLabel('Confirm password').fill('Recovered123');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('heading', { name: 'Check your passkeys' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Remove Old laptop' }).click({ timeout: 30_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The passkey has been removed.').waitFor({ timeout: 30_000 });
    await page.getByText('This account has no passkeys.').waitFor({ timeout: 30_000 });
    // Not signed in by the reset.
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

    for (const token of [stolen.token, owner.token]) {
      expect((await apiCall(baseUrl, 'GET', '/users/info', token)).code).not.toBe(0);
    }
    const refreshed = await apiCall(baseUrl, 'POST', '/users/refresh/login', '', {
      refresh_token: stolen.refresh_token,
    });
    expect(refreshed.code).not.toBe(0);
    const fresh = await loginByApi(baseUrl, user.email, 'Recovered123');
    const passkeys = await apiCall<{ list: unknown[] }>(baseUrl, 'GET', '/passkeys', fresh.token);
    expect(passkeys.data.list).toEqual([]);
    await context.close();
  });

  it('should say the browser does not support passkeys where WebAuthn is missing', async () => {
    const { context, page } = await openPage(browser);
    await context.addInitScript(() => {
      // A browser without WebAuthn.
      Object.defineProperty(window, 'PublicKeyCredential', { value: undefined });
    });
    await page.goto(`${siteUrl}/login`);
    await page.getByRole('button', { name: 'Use a passkey' }).click({ timeout: 30_000 });
    await page
      .getByText('This browser or device dose not support passkey')
      .waitFor({ timeout: 30_000 });
    await context.close();
  });
});

describe('the rest of the account', () => {
  it('should change the email: the old address first, then the new one', async () => {
    const user = newUser('mailchg');
    const tokens = await registerByApi(baseUrl, user);
    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/user/setting`);
    await page.getByRole('button', { name: 'Change email' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('The verification code has been sent.').waitFor({ timeout: 30_000 });
    await dialog.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await dialog.getByRole('button', { name: 'Next' }).click();

    const newEmail = `new.${user.email}`;
    await dialog.getByLabel('New email').fill(newEmail, { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect
      .poll(async () => outboxCode(baseUrl, newEmail).catch(() => ''), { timeout: 60_000 })
      .toMatch(/^\d{6}$/);
    await dialog.getByLabel('Verification code').fill(await outboxCode(baseUrl, newEmail));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your email has been changed.', { exact: false }).waitFor({
      timeout: 30_000,
    });
    await page.getByText(`${newEmail.slice(0, 1)}***@example.com`).waitFor({ timeout: 30_000 });
    expect(await securityLog(newEmail, user.password)).toContain('email_changed');
    await context.close();
  });

  it('should cancel the account after a second validation and revoke it on the next sign-in', async () => {
    const user = newUser('cancel');
    const tokens = await registerByApi(baseUrl, user);
    const { context, page } = await openPage(browser);
    await seedSession(context, tokens.token, tokens.refresh_token);
    await page.goto(`${baseUrl}/user/setting`);
    await page.getByRole('button', { name: 'Cancel account' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('30 days', { exact: false }).first().waitFor();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('The verification code has been sent.').waitFor({ timeout: 30_000 });
    await dialog.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await dialog.getByRole('button', { name: 'Cancel my account' }).click();
    await waitForPath(page, '/login', 30_000);
    await page.getByText('Cancellation requested.', { exact: false }).waitFor({ timeout: 30_000 });
    // Every session ended.
    const info = await apiCall(baseUrl, 'GET', '/users/info', tokens.token);
    expect(info.code).not.toBe(0);

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
    expect(await securityLog(user.email, user.password)).toEqual(
      expect.arrayContaining(['cancellation_requested', 'cancellation_revoked']),
    );
    await context.close();
  });
});
