import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, waitForPath } from './support';

const baseUrl = inject('baseUrl');
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
    await page.goto(`${baseUrl}/`);
    const slides = page.getByRole('list', { name: 'Highlights' });
    await slides.getByRole('listitem').first().waitFor();
    expect(await slides.getByRole('listitem').count()).toBe(3);
    // The pictures load (same origin, so the CSP lets them in).
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('ul[aria-label="Highlights"] img')].every(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    );
    await page.getByRole('link', { name: /^Address mining is open for KAS/ }).waitFor();

    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
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
