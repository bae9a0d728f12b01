import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  bodyText,
  launchBrowser,
  loginByApi,
  openPage,
  seedSession,
  serverUrl,
  waitForPath,
} from './support';

/** The demo operator the server seeds in demo mode (packages/server, modules/admin/demo.ts). */
const OPERATOR = { email: 'operator@poolkit.local', password: 'Operator123' };

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('site content', () => {
  it("should show the server's slides and announcements, and open a slide's page in the app", async () => {
    const { context, page } = await openPage(browser);
    // Reduced motion: the carousel and the bar stay put until moved.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${baseUrl}/`);
    const slides = page.getByRole('region', { name: 'Highlights' });
    await slides.getByRole('group').first().waitFor();
    // One slide shown at a time; a dot per slide.
    expect(await slides.getByRole('group').count()).toBe(1);
    expect(await slides.getByRole('button', { name: /^Go to slide/ }).count()).toBe(3);
    // The shown picture loads (same origin, so the CSP lets it in).
    await page.waitForFunction(() =>
      [
        ...document.querySelectorAll<HTMLImageElement>(
          'section[aria-label="Highlights"] [data-current="true"] img',
        ),
      ].every((image) => image.complete && image.naturalWidth > 0),
    );
    await page
      .getByRole('link', { name: /^Address mining is open for KAS/ })
      .first()
      .waitFor();
    await page.getByRole('region', { name: 'Latest announcements' }).waitFor();

    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    await slides.getByRole('button', { name: /^Go to slide 2/ }).click();
    await slides.getByRole('link', { name: 'Find your next miner in the catalogue' }).click();
    await waitForPath(page, '/miners');
    expect(documents).toBe(0);
    await context.close();
  });

  it("should show the server's footer links in the reader's language", async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/terms`);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Miner catalogue' }).waitFor();
    await page.getByTestId('language-switcher').selectOption('ja');
    await footer.getByRole('link', { name: 'マイナーカタログ' }).waitFor();
    await footer.getByRole('link', { name: '私たちについて' }).click();
    await waitForPath(page, '/about-us');
    await context.close();
  });
});

describe('site content managed by operators', () => {
  it('should publish an announcement in Chinese in /admin that only the Chinese home page shows, and keep drafts and future items back', async () => {
    const stamp = Date.now().toString(36);
    const published = `矿池升级公告 ${stamp}`;
    const draft = `草稿公告 ${stamp}`;
    const future = `未来公告 ${stamp}`;
    const tokens = await loginByApi(baseUrl, OPERATOR.email, OPERATOR.password);
    const { context, page } = await openPage(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await seedSession(context, tokens.token, tokens.refresh_token);

    // In the console: a pinned announcement in Chinese only, published now.
    await page.goto(`${baseUrl}/admin/content`);
    await page.getByRole('tab', { name: 'Announcements' }).waitFor();
    await page.getByRole('button', { name: 'Add to Announcements' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title in 简体中文').fill(published);
    await dialog.getByRole('switch', { name: 'Pinned first' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const table = page.getByRole('table', { name: 'Announcements, drafts included' });
    await table
      .getByRole('row', { name: new RegExp(published) })
      .getByText('Live')
      .waitFor();

    // A draft, the same way with the published switch off.
    await page.getByRole('button', { name: 'Add to Announcements' }).click();
    await dialog.getByLabel('Title in 简体中文').fill(draft);
    await dialog.getByRole('switch', { name: 'Published (off: draft)' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table
      .getByRole('row', { name: new RegExp(draft) })
      .getByText('Draft')
      .waitFor();

    // One scheduled far ahead (through the API the page calls).
    const scheduled = await apiCall(baseUrl, 'POST', '/admin/content/announcement', tokens.token, {
      title: { en: '', 'zh-CN': future, ru: '', ja: '', ko: '' },
      published: true,
      starts_at: '2099-01-01T00:00:00.000Z',
    });
    expect(scheduled.code).toBe(0);

    // The Chinese home page shows it in the bar (pinned, newest: first) and the list.
    await context.addInitScript(() => localStorage.setItem('language', 'zh-CN'));
    await page.goto(`${baseUrl}/`);
    const bar = page.getByRole('region', { name: '最新公告' });
    await bar.getByTestId('announcement-current').getByText(published).waitFor();
    const text = await bodyText(page);
    expect(text).not.toContain(draft);
    expect(text).not.toContain(future);

    // The English home page does not: it has no English text.
    const english = await openPage(browser);
    await english.page.goto(`${baseUrl}/`);
    await english.page.getByRole('region', { name: 'Latest announcements' }).waitFor();
    await english.page
      .getByRole('link', { name: /^Address mining is open for KAS/ })
      .first()
      .waitFor();
    expect(await bodyText(english.page)).not.toContain(published);
    await english.context.close();
    await context.close();
  });

  it('should show the demo Goldshell event composed of blocks', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/activity/goldshell`);
    await page.getByRole('heading', { level: 1, name: /Goldshell week/ }).waitFor();
    await page.getByText('GOLDSHELL-KAS').waitFor();
    await page.getByText('Goldshell KD Max').first().waitFor();
    await context.close();
  });
});
