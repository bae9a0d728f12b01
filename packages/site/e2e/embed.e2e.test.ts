import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startPartnerPage } from '../../../examples/partner-page/serve.mjs';
import { launchBrowser, serverUrl } from './support';

const baseUrl = serverUrl();
const partnerPort = inject('partnerPort');
let browser: Browser;
let partner: { origin: string; close: () => Promise<void> };

beforeAll(async () => {
  browser = await launchBrowser();
  // examples/partner-page on a second origin (another host and port than the pool's), which the
  // server lets frame its iframe routes (EMBED_FRAME_ANCESTORS, e2e/globalSetup.ts).
  partner = await startPartnerPage({ poolOrigin: baseUrl, port: partnerPort });
});

afterAll(async () => {
  await browser.close();
  await partner.close();
});

/** Resolves with the first answer of the pool's live stream to the page. */
function liveStream(page: Page) {
  return page.waitForEvent('response', {
    predicate: (response) =>
      response.url().startsWith(`${baseUrl}/api/live?`) && response.status() === 200,
    timeout: 20_000,
  });
}

describe('the partner page (widgets without a build step, on another origin)', () => {
  it('should show the pool live, take its theme variables and refuse signed-in calls', async () => {
    expect(new URL(partner.origin).origin).not.toBe(new URL(baseUrl).origin);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) {
        problems.push(message.text());
      }
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const hashrates = page.waitForResponse(
      (response) =>
        response.url().startsWith(`${baseUrl}/api/pools/kas/hashrates?`) &&
        response.status() === 200,
    );
    const stream = liveStream(page);
    await page.goto(`${partner.origin}/`);

    // The script-tag chart draws the pool's series, read cross-origin without credentials.
    const series = await (await hashrates).json();
    expect(series.data.points.length).toBeGreaterThan(0);
    await page.locator('poolkit-hashrate-chart svg path[stroke]').first().waitFor();
    // The page's own rule on the element (`--pk-color-accent: #5b21b6`) reached the chart.
    await expect
      .poll(() =>
        page
          .locator('poolkit-hashrate-chart svg path[stroke]')
          .evaluateAll((paths) => paths.map((path) => path.getAttribute('stroke'))),
      )
      .toContain('#5b21b6');
    await page.getByText('KAS pool', { exact: true }).first().waitFor();
    // Any coin of the pool, not only those mined by address: Bitcoin's halving, counted from
    // the BTC pool's height.
    await page
      .locator('poolkit-halving-countdown')
      .getByLabel(/^Time left: \d/)
      .waitFor({ timeout: 20_000 });

    // Setting a theme variable on the element recolours what is inside its shadow root.
    const background = () =>
      page.evaluate(() => {
        const wrapper = document
          .querySelector('poolkit-hashrate-chart')
          ?.shadowRoot?.querySelector('[data-theme]');
        return wrapper ? getComputedStyle(wrapper).backgroundColor : null;
      });
    expect(await background()).toBe('rgb(246, 248, 250)');
    await page.evaluate(() =>
      document
        .querySelector<HTMLElement>('poolkit-hashrate-chart')
        ?.style.setProperty('--pk-color-background', '#102030'),
    );
    await expect.poll(background).toBe('rgb(16, 32, 48)');

    // A block the pool finds arrives over the live stream, without a reload.
    await stream;
    await page.evaluate(() => {
      (window as unknown as { partnerMark: number }).partnerMark = 1;
    });
    await page.waitForTimeout(500);
    const found = await fetch(new URL('/api/dev/pool-blocks', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ coin: 'kas' }),
    });
    expect(found.status).toBe(200);
    const { data } = (await found.json()) as { data: { height: number } };
    await page
      .locator('poolkit-blocks')
      .getByRole('rowheader', { name: data.height.toLocaleString('en-US'), exact: true })
      .waitFor({ timeout: 20_000 });
    expect(
      await page.evaluate(() => (window as unknown as { partnerMark?: number }).partnerMark === 1),
    ).toBe(true);

    // A signed-in call (a token and the browser's credentials) from this origin is refused: the
    // browser gets no CORS permission, and the server answered 403 before running it.
    const signedIn = `${baseUrl}/api/pools/btc/accounts/demo/miners?page=1&page_size=10`;
    const failed = page.waitForEvent('requestfailed', {
      predicate: (request) => request.url() === signedIn,
    });
    const outcome = await page.evaluate(async (url) => {
      try {
        await fetch(url, { credentials: 'include', headers: { authorization: 'Bearer token' } });
        return 'read';
      } catch {
        return 'refused';
      }
    }, signedIn);
    expect(outcome).toBe('refused');
    await failed;
    const answer = await fetch(signedIn, { headers: { origin: partner.origin } });
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { code: number }).code).toBe(40300);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    // The console's CORS error for that call is the refusal itself.
    problems.splice(
      0,
      problems.length,
      ...problems.filter((text) => !/CORS policy|ERR_FAILED/.test(text)),
    );

    expect(problems).toEqual([]);
    await context.close();
  });

  it("should show the pool's iframe route, framed by an allowed origin under the site's CSP", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) {
        problems.push(message.text());
      }
    });
    const framePage = page.waitForResponse((response) =>
      response.url().startsWith(`${baseUrl}/embed/pool-stats?`),
    );
    await page.goto(`${partner.origin}/`);
    const answer = await framePage;
    expect(answer.status()).toBe(200);
    const headers = answer.headers();
    expect(headers['content-security-policy']).toContain(`frame-ancestors ${partner.origin}`);
    expect(headers['x-frame-options']).toBeUndefined();

    const frame = page.frameLocator('#frame');
    await frame.getByText('KAS pool', { exact: true }).waitFor({ timeout: 20_000 });
    // Styled by the adopted sheet (the page's CSP allows no inline style): dark, as asked.
    const styles = await frame.locator('poolkit-pool-stats').evaluate((element) => {
      const wrapper = element.shadowRoot?.querySelector('[data-theme]');
      return wrapper
        ? {
            background: getComputedStyle(wrapper).backgroundColor,
            font: getComputedStyle(wrapper).fontFamily,
          }
        : null;
    });
    expect(styles?.background).toBe('rgb(13, 17, 23)');
    expect(styles?.font).toContain('system-ui');
    expect(problems).toEqual([]);
    await context.close();
  });
});
