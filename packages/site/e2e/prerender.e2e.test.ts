import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeJwt, launchBrowser, openPage, seedSession, serverUrl, waitForPath } from './support';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** Keeps the app's scripts from arriving: what shows is the HTML alone. */
async function withoutScripts(context: BrowserContext): Promise<void> {
  await context.route('**/static/js/**', (route) => route.abort());
}

function rootVisibility(page: import('playwright-core').Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.getElementById('root');
    return root ? getComputedStyle(root).visibility : 'missing';
  });
}

describe('prerendered public pages', () => {
  it.each([
    ['/', 'PoolKit mining pool'],
    ['/mining/kas/dashboard', 'KAS · Dashboard'],
    ['/pool/btc/stat', 'BTC · Pool statistics'],
  ])(
    'should send %s with its content in the HTML, shown before any script runs',
    async (path, title) => {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      expect(html).toContain(`data-prerendered="${path}"`);
      expect(html).toContain(title);
      // The page CSP allows no inline style: the markup must not carry any.
      expect(html).not.toMatch(/<[^>]+\sstyle="/);
      const { context, page } = await openPage(browser, 1280, { waitForApp: false });
      await withoutScripts(context);
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await rootVisibility(page)).toBe('visible');
      await context.close();
    },
  );

  it("should paint the home page's first slide picture from the HTML, in the box the carousel shows it in", async () => {
    const picture = (page: import('playwright-core').Page, selector: string) =>
      page.waitForFunction((css) => {
        const image = document.querySelector<HTMLImageElement>(css);
        if (!image?.complete || image.naturalWidth === 0) return null;
        const { x, y, width, height } = image.getBoundingClientRect();
        return { x, y, width, height };
      }, selector);
    // Without scripts: the picture the server redirects to, loaded.
    const bare = await openPage(browser, 375, { waitForApp: false });
    await withoutScripts(bare.context);
    await bare.page.goto(`${baseUrl}/`);
    const poster = await (await picture(bare.page, 'img[src="/media/slides/first"]')).jsonValue();
    expect(poster?.width).toBeGreaterThan(300);
    await bare.context.close();
    // With them: the carousel's first slide shows the same picture in the same place and size.
    const { context, page } = await openPage(browser, 375);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${baseUrl}/`);
    const region = page.getByRole('region', { name: 'Highlights' });
    await region.getByRole('group').first().waitFor();
    expect(await page.locator('img[src="/media/slides/first"]').count()).toBe(0);
    const shown = await (
      await picture(page, 'section[aria-roledescription="carousel"] [data-current="true"] img')
    ).jsonValue();
    expect(shown).toEqual(poster);
    expect(
      await page.evaluate(() =>
        document.querySelector<HTMLImageElement>('[data-current="true"] img')?.getAttribute('src'),
      ),
    ).toBe('/media/demo/slide-address-mining.svg');
    await context.close();
  });

  it('should hydrate the prerendered page without a mismatch and then work as the app', async () => {
    const { context, page } = await openPage(browser);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydration|Content Security Policy/i.test(message.text()))
        problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    for (const path of ['/', '/mining/kas/dashboard', '/pool/btc/stat', '/miners']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    // Hydrated: the client router handles a link, without a new document.
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Download' })
      .click();
    await waitForPath(page, '/download');
    await page.getByRole('heading', { level: 1, name: 'Download' }).waitFor();
    expect(documents).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('should hide the visitor page from a signed-in user until the app renders theirs', async () => {
    const { context, page } = await openPage(browser, 1280, { waitForApp: false });
    await seedSession(context, fakeJwt());
    await withoutScripts(context);
    await page.goto(`${baseUrl}/`);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-csr'))).toBe(true);
    expect(await rootVisibility(page)).toBe('hidden');
    await context.close();
  });

  it('should hide the English page from a user who chose another language, then show theirs', async () => {
    const { context, page } = await openPage(browser);
    await context.addInitScript(() => localStorage.setItem('language', 'ru'));
    await page.goto(`${baseUrl}/`);
    await page.getByRole('navigation', { name: 'Основная навигация' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-csr'))).toBe(
      false,
    );
    expect(await rootVisibility(page)).toBe('visible');
    const withoutApp = await openPage(browser, 1280, { waitForApp: false });
    await withoutApp.context.addInitScript(() => localStorage.setItem('language', 'ru'));
    await withoutScripts(withoutApp.context);
    await withoutApp.page.goto(`${baseUrl}/`);
    expect(await rootVisibility(withoutApp.page)).toBe('hidden');
    await withoutApp.context.close();
    await context.close();
  });
});
