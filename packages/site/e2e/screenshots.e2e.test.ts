import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flattenRoutes, ROUTES } from '@poolkit/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addVirtualAuthenticator,
  apiCall,
  launchBrowser,
  loginByApi,
  openPage,
  outboxCode,
  seedSession,
  serverUrl,
} from './support';

const baseUrl = serverUrl();
/**
 * Where the pictures go. `npm test` visits every page and checks it renders, without pictures;
 * `POOLKIT_SHOTS=1` (pictures in `$TMPDIR/poolkit-shots`) or `POOLKIT_SHOTS_DIR=<folder>` also
 * scrolls each page through, as a reader would, and saves its full-page PNG for a person to
 * look at. Nobody reads the pictures of a test run, and taking them was a third of the e2e
 * projects' browser time.
 */
const folder =
  process.env.POOLKIT_SHOTS_DIR ??
  (process.env.POOLKIT_SHOTS === '1'
    ? join(process.env.TMPDIR ?? tmpdir(), 'poolkit-shots')
    : null);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  if (folder !== null) {
    mkdirSync(folder, { recursive: true });
    console.log(`Screenshots go to ${folder}`);
  }
});

/** Saves the page's full-page picture when pictures were asked for. */
async function shoot(page: Page, width: number, name: string): Promise<void> {
  if (folder === null) return;
  mkdirSync(join(folder, String(width)), { recursive: true });
  await page.screenshot({ path: join(folder, String(width), `${name}.png`), fullPage: true });
}

afterAll(async () => {
  await browser.close();
});

const SAMPLE_PARAMS: Readonly<Record<string, string>> = {
  type: 'btc',
  packet_id: 'demo-packet',
  id: '1',
  order_id: '1',
  couponId: '1',
  itemId: '1',
};

/** `POOLKIT_SHOTS_ONLY=Admin` captures only the pages whose route name matches (a regex). */
const only = process.env.POOLKIT_SHOTS_ONLY ? new RegExp(process.env.POOLKIT_SHOTS_ONLY) : null;

/** Who sees a page: a visitor, the demo user, or the demo operator (the `/admin` pages). */
type Viewer = 'visitor' | 'member' | 'operator';

/** Every page of spec section 2 and the operator console, with sample parameters and its viewer. */
function pages(params: Readonly<Record<string, string>>): {
  name: string;
  path: string;
  viewer: Viewer;
}[] {
  return flattenRoutes(ROUTES)
    .filter(({ route }) => route.redirect === undefined)
    .filter(({ route }) => only === null || only.test(route.name))
    .map(({ route, fullPath }) => {
      const coin = route.name === 'MiningIpStatistics' ? 'aleo' : 'kas';
      const path = fullPath.replace(/:(\w+)/g, (_, name: string) =>
        name === 'coin' ? coin : (params[name] ?? '1'),
      );
      const viewer: Viewer = route.public
        ? 'visitor'
        : route.meta.roles.includes('admin.view')
          ? 'operator'
          : 'member';
      return { name: route.name, path, viewer };
    });
}

/**
 * The contract pages show a real order of the demo user: its open (unpaid) order, or one it
 * places now for a unit of the first product on sale. Returns the order's ID, or `null` when no
 * product is on sale.
 */
async function sampleOrder(token: string): Promise<string | null> {
  const open = await apiCall<{ list: { id: string }[] }>(
    baseUrl,
    'GET',
    '/contracts/orders?status=unpaid',
    token,
  );
  const existing = open.data?.list[0]?.id;
  if (existing !== undefined) return existing;
  const products = await apiCall<{ list: { id: string; status: string }[] }>(
    baseUrl,
    'GET',
    '/contracts/products',
    token,
  );
  const product = products.data?.list.find((row) => row.status === 'on_sale');
  if (product === undefined) return null;
  const placed = await apiCall<{ id: string }>(baseUrl, 'POST', '/contracts/orders', token, {
    product_id: product.id,
    account: 'demo',
    quantity: 1,
    terms_accepted: true,
  });
  return placed.code === 0 ? placed.data.id : null;
}

async function settle(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 20_000 });
  if (folder === null) return;
  // Scroll through a long page as a reader would, so the sections loaded near the viewport
  // (the home page's chart and coin facts) and lazy pictures are in the full-page shot.
  // Twice: a section whose data arrives during the first pass (the chart waits for the pool
  // list) only starts loading when it is passed again.
  for (const pause of [60, 150]) {
    await page.evaluate(async (ms) => {
      for (let y = innerHeight; y < document.documentElement.scrollHeight; y += innerHeight) {
        scrollTo(0, y);
        await new Promise((done) => setTimeout(done, ms));
      }
      scrollTo(0, 0);
    }, pause);
  }
  await page
    .waitForFunction(
      () => document.querySelectorAll('main [role="status"][aria-label]').length === 0,
      null,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(150);
}

/**
 * The demo user's settings show one passkey: the seed cannot make one without an authenticator,
 * so Chromium's virtual authenticator registers it once, on `localhost` (WebAuthn takes a host
 * name as relying party, never an IP address).
 */
async function demoPasskey(token: string, refreshToken: string): Promise<void> {
  const known = await apiCall<{ list: unknown[] }>(baseUrl, 'GET', '/passkeys', token);
  if (known.data.list.length > 0) return;
  const { context, page } = await openPage(browser);
  await addVirtualAuthenticator(page);
  await seedSession(context, token, refreshToken);
  await page.goto(`${baseUrl.replace('127.0.0.1', 'localhost')}/user/setting`);
  await page.getByRole('textbox', { name: 'Passkey nickname' }).fill('Demo laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click({ timeout: 30_000 });
  // A passkey outlives the session: the user confirms it is them first.
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirm.getByRole('button', { name: 'Send code' }).click({ timeout: 30_000 });
  await page.getByText('The verification code has been sent.').waitFor({ timeout: 30_000 });
  await confirm.getByLabel('Email code').fill(await outboxCode(baseUrl, 'demo@poolkit.local'));
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('The passkey has been added.').waitFor({ timeout: 30_000 });
  await context.close();
}

/** Pages captured side by side in one width: each lane has its own visitor, member and operator. */
const LANES = 2;

describe('screenshots', () => {
  let params: Readonly<Record<string, string>> = SAMPLE_PARAMS;
  let tokens: { token: string; refresh_token: string };
  let operatorTokens: { token: string; refresh_token: string };

  beforeAll(async () => {
    tokens = await loginByApi(baseUrl, 'demo@poolkit.local', 'Demo12345');
    if (only === null || only.test('UserSetting')) {
      await demoPasskey(tokens.token, tokens.refresh_token);
    }
    operatorTokens = await loginByApi(baseUrl, 'operator@poolkit.local', 'Operator123');
    const orderId = await sampleOrder(tokens.token);
    params = orderId === null ? SAMPLE_PARAMS : { ...SAMPLE_PARAMS, order_id: orderId };
  });

  it.each([1280, 375] as const)(
    'should render every page at %i px (and capture it when pictures are asked for)',
    async (width) => {
      const all = pages(params);
      const captured = await Promise.all(
        Array.from({ length: LANES }, async (_, lane) => {
          const viewers = {
            visitor: await openPage(browser, width),
            member: await openPage(browser, width),
            operator: await openPage(browser, width),
          };
          await seedSession(viewers.member.context, tokens.token, tokens.refresh_token);
          await seedSession(
            viewers.operator.context,
            operatorTokens.token,
            operatorTokens.refresh_token,
          );
          let count = 0;
          for (const { name, path, viewer } of all.filter((_, index) => index % LANES === lane)) {
            const { page } = viewers[viewer];
            await page.goto(`${baseUrl}${path}`);
            await settle(page);
            await shoot(page, width, name);
            count += 1;
          }
          for (const { context } of Object.values(viewers)) await context.close();
          return count;
        }),
      );
      const count = captured.reduce((sum, lane) => sum + lane, 0);
      expect(count).toBe(all.length);
      expect(count).toBeGreaterThan(only === null ? 50 : 0);
    },
    // Every page of the site, one after another in each lane (about 85 s on a busy two-core
    // machine): each page's own wait (`settle`, 20 s) is what fails a page that does not
    // render; the file's 120 s would fail a slow machine instead.
    240_000,
  );

  it('should render the home page in dark mode at 1280 px and 375 px', async () => {
    if (only !== null && !only.test('HomeDark')) return;
    for (const width of [1280, 375] as const) {
      const { context, page } = await openPage(browser, width);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`${baseUrl}/`);
      await settle(page);
      expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
      await shoot(page, width, 'HomeDark');
      await context.close();
    }
  });
});
