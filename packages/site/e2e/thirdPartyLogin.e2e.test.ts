import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  launchBrowser,
  loginByApi,
  newUser,
  openPage,
  outboxCode,
  registerByApi,
  seedSession,
  serverUrl,
} from './support';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** At the login page: "Continue with Demo ID", then be `person` at Demo ID's own page. */
async function signInWithDemoId(
  page: Page,
  person: { sub: string; name: string; email: string; verified: boolean },
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Continue with Demo ID' }).click();
  await page.getByRole('heading', { name: 'Demo ID' }).waitFor({ timeout: 30_000 });
  expect(new URL(page.url()).origin).not.toBe(new URL(baseUrl).origin);
  await page.getByLabel('Subject').fill(person.sub);
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  if (person.verified) await page.getByLabel('Email verified').check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

describe('third-party login against the local provider (Demo ID)', () => {
  it('should register a new user from the login page, list the sign-in in settings and keep the last way in', async () => {
    const person = newUser('oidcnew');
    const { context, page } = await openPage(browser);
    await signInWithDemoId(page, {
      sub: person.username,
      name: 'New Miner',
      email: person.email,
      verified: true,
    });
    await page.getByText('Welcome! Your account has been created.').waitFor({ timeout: 30_000 });
    await page.waitForURL((url) => !url.pathname.endsWith('/authredirect'), { timeout: 30_000 });

    await page.goto(`${baseUrl}/user/setting`);
    const section = page.locator('#third-party');
    await section.getByRole('cell', { name: 'Demo ID', exact: true }).waitFor({ timeout: 30_000 });
    await section.getByText(/You have no password yet/).waitFor();
    await section.getByRole('button', { name: 'Unlink Demo ID' }).click();
    await page
      .getByText('This is your only way to sign in. Set a password or link another sign-in first')
      .waitFor();
    await expect(section.getByRole('cell', { name: 'Demo ID', exact: true }).count()).resolves.toBe(
      1,
    );

    // Demo ID is not trusted, so the new user has no email, phone, authenticator or passkey:
    // nothing to confirm a change with. The first email is bound with its own code alone.
    await page
      .getByTestId('no-second-factor')
      .getByText(/Bind an email or a phone first/)
      .waitFor();
    await page.getByRole('button', { name: 'Bind an email' }).click();
    const bind = page.getByRole('dialog', { name: 'Bind an email' });
    await bind.getByLabel('New email').fill(person.email);
    await bind.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('The verification code has been sent.').waitFor({ timeout: 30_000 });
    await bind.getByLabel('Verification code').fill(await outboxCode(baseUrl, person.email));
    await bind.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText('Your email has been changed.', { exact: false })
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('no-second-factor').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByRole('button', { name: 'Change email' }).waitFor();
    await context.close();
  });

  it('should link no existing account by email at Demo ID, and link it from settings after the password', async () => {
    const user = newUser('oidclink');
    await registerByApi(baseUrl, user);

    // Demo ID is not trusted: even a "verified" email of an existing account links nothing.
    for (const verified of [false, true]) {
      const refused = await openPage(browser);
      await signInWithDemoId(refused.page, {
        sub: `${user.username}-x`,
        name: 'Not Linked',
        email: user.email,
        verified,
      });
      await refused.page
        .getByText(
          'An account with this email already exists. Sign in with your password, then link this sign-in in your settings.',
        )
        .waitFor({ timeout: 30_000 });
      await refused.context.close();
    }

    // The usual way on: signed in with the password, link Demo ID in settings. A session alone
    // starts no link (a thief's would keep a way in after a password reset): it takes a fresh
    // second validation, here the code sent to the user's email.
    const session = await loginByApi(baseUrl, user.email, user.password);
    const bare = await apiCall(baseUrl, 'POST', '/oidc/start', session.token, {
      provider: 'demo',
      purpose: 'link',
    });
    expect(bare.code).not.toBe(0);
    const { context, page } = await openPage(browser);
    await seedSession(context, session.token, session.refresh_token);
    await page.goto(`${baseUrl}/user/setting`);
    await page.locator('#third-party').getByRole('button', { name: 'Link Demo ID' }).click();
    const confirm = page.getByRole('dialog', { name: 'Link Demo ID' });
    await confirm.getByRole('button', { name: 'Continue to Demo ID' }).click();
    await confirm.getByText('Please enter verification code').waitFor();
    await confirm.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('The verification code has been sent.').waitFor({ timeout: 30_000 });
    await confirm.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await confirm.getByRole('button', { name: 'Continue to Demo ID' }).click();
    await page.getByRole('heading', { name: 'Demo ID' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Subject').fill(user.username);
    await page.getByLabel('Name').fill('Linked Miner');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page
      .getByText('The sign-in has been linked to your account.')
      .waitFor({ timeout: 30_000 });
    await context.close();

    const identities = await apiCall<{ list: { provider: string }[]; password_set: boolean }>(
      baseUrl,
      'GET',
      '/users/identities',
      session.token,
    );
    expect(identities.data.list.map((item) => item.provider)).toEqual(['demo']);
    expect(identities.data.password_set).toBe(true);
  });

  it("should refuse someone else's sign-in link opened in another browser", async () => {
    // The attacker signs in at Demo ID but keeps the link back instead of following it.
    const attacker = await openPage(browser);
    await attacker.page.route('**/authredirect?**', (route) => route.abort());
    const link = attacker.page.waitForRequest((request) =>
      new URL(request.url()).pathname.endsWith('/authredirect'),
    );
    const person = newUser('oidcattacker');
    await signInWithDemoId(attacker.page, {
      sub: person.username,
      name: 'Attacker',
      email: person.email,
      verified: false,
    });
    const url = (await link).url();
    expect(new URL(url).searchParams.get('state')).not.toBeNull();
    await attacker.context.close();

    // The victim opens it: not signed in as the attacker.
    const victim = await openPage(browser);
    await victim.page.goto(url);
    await victim.page
      .getByText('This sign-in was started in another browser or tab. Please start it again here.')
      .waitFor({ timeout: 30_000 });
    expect(await victim.page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await victim.context.close();
  });
});
