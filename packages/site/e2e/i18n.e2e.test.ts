import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES } from '@poolkit/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyText, launchBrowser, openPage, serverUrl } from './support';

const baseUrl = serverUrl();
const SHOTS =
  process.env.POOLKIT_SHOTS_DIR ?? join(process.env.TMPDIR ?? tmpdir(), 'poolkit-shots');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser.close();
});

const HOME_TITLES = {
  en: 'PoolKit mining pool',
  'zh-CN': 'PoolKit 矿池',
  ru: 'Майнинг-пул PoolKit',
  ja: 'PoolKit マイニングプール',
  ko: 'PoolKit 마이닝 풀',
} as const;

/** A raw i18n key left on the page, such as `site.home.title` or `common.retry`. */
const RAW_KEY = /\b(site|common|errors|validation|status|units|widgets|mining)\.[A-Za-z][\w.]*\b/;

describe('languages', () => {
  it('should render the home page in each of the five languages with no missing keys', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    for (const language of LANGUAGES) {
      await page.getByTestId('language-switcher').selectOption(language);
      await page.getByRole('heading', { level: 1, name: HOME_TITLES[language] }).waitFor();
      // The sections far below the first screen render once the reader comes near them.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      // Let the data sections settle (loading → content or empty state).
      await page.waitForFunction(
        () => document.querySelectorAll('[role="status"][aria-label]').length === 0,
        null,
        {
          timeout: 15_000,
        },
      );
      const text = await bodyText(page);
      expect(text).not.toMatch(RAW_KEY);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    }
    await context.close();
  });

  it('should leave no raw keys on the identity, mining and information pages in any language', async () => {
    const { context, page } = await openPage(browser, 375);
    for (const language of LANGUAGES) {
      await context.addInitScript((value) => localStorage.setItem('language', value), language);
      for (const path of [
        '/login',
        '/register/phone',
        '/resetpassword/email',
        '/mining/kas/stats',
        '/pool/btc/info',
        '/download',
        '/terms',
        '/about-us',
        '/ticket',
        '/sales',
        '/mining',
      ]) {
        await page.goto(`${baseUrl}${path}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForFunction(
          () => document.querySelectorAll('[role="status"][aria-label]').length === 0,
          null,
          {
            timeout: 15_000,
          },
        );
        expect(`${language} ${path}: ${await bodyText(page)}`).not.toMatch(RAW_KEY);
      }
      await page.goto(`${baseUrl}/`);
      await page.getByRole('heading', { level: 1, name: HOME_TITLES[language] }).waitFor();
      await page.screenshot({ path: join(SHOTS, `home-${language}-375.png`), fullPage: false });
    }
    await context.close();
  });

  it('should keep the chosen language in the language storage key across reloads', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('language-switcher').selectOption('ja');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ja');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: HOME_TITLES.ja }).waitFor();
    await context.close();
  });
});
