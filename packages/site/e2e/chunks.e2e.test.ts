import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, serverUrl } from './support';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('page chunk failures', () => {
  it('should reload once with #reloaded and then show the page', async () => {
    const { context, page } = await openPage(browser);
    let blocked = 0;
    await page.route(/\/static\/js\/TicketPage-[^/]+\.js$/, (route) => {
      if (blocked === 0) {
        blocked += 1;
        return route.abort();
      }
      return route.continue();
    });
    await page.goto(`${baseUrl}/ticket`);
    await page.waitForURL(/#reloaded$/);
    await page.getByRole('heading', { name: 'Support ticket' }).waitFor();
    expect(blocked).toBe(1);
    await context.close();
  });

  it('should show the website-updated message when the chunk fails again after the reload', async () => {
    const { context, page } = await openPage(browser);
    await page.route(/\/static\/js\/TicketPage-[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${baseUrl}/ticket`);
    await page
      .getByText('The website has been updated, please refresh the page manually!')
      .waitFor();
    expect(page.url()).toMatch(/\/ticket#reloaded$/);
    await context.close();
  });
});
