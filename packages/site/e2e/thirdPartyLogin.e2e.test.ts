import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  launchBrowser,
  loginByApi,
  newUser,
  openPage,
  registerByApi,
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
    await context.close();
  });

  it('should link an existing account by its verified email and refuse an unverified one', async () => {
    const user = newUser('oidclink');
    await registerByApi(baseUrl, user);

    const refused = await openPage(browser);
    await signInWithDemoId(refused.page, {
      sub: `${user.username}-x`,
      name: 'Not Verified',
      email: user.email,
      verified: false,
    });
    await refused.page.getByText('The sign-in could not be finished. Please start again.').waitFor({
      timeout: 30_000,
    });
    await refused.context.close();

    const { context, page } = await openPage(browser);
    await signInWithDemoId(page, {
      sub: user.username,
      name: 'Linked Miner',
      email: user.email,
      verified: true,
    });
    await page
      .getByText('This sign-in is now linked to your account by its verified email.')
      .waitFor({ timeout: 30_000 });
    await context.close();

    const session = await loginByApi(baseUrl, user.email, user.password);
    const identities = await apiCall<{ list: { provider: string }[]; password_set: boolean }>(
      baseUrl,
      'GET',
      '/users/identities',
      session.token,
    );
    expect(identities.data.list.map((item) => item.provider)).toEqual(['demo']);
    expect(identities.data.password_set).toBe(true);
  });
});
