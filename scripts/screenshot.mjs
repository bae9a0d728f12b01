#!/usr/bin/env node
// Screenshots pages in Debian's Chromium, to look at what users see.
// Usage: node scripts/screenshot.mjs <out-dir> <url> [url…]   (WIDTHS=1280,375 by default)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

const [outDir, ...urls] = process.argv.slice(2);
if (!outDir || urls.length === 0) {
  console.error('Usage: node scripts/screenshot.mjs <out-dir> <url> [url…]');
  process.exit(2);
}
const widths = (process.env.WIDTHS ?? '1280,375').split(',').map(Number);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? CHROMIUM,
  args: [...CHROMIUM_ARGS],
});
try {
  for (const url of urls) {
    for (const width of widths) {
      const page = await browser.newPage({ viewport: { width, height: width > 800 ? 800 : 740 } });
      await page.goto(url, { waitUntil: 'networkidle' });
      const { pathname, search } = new URL(url);
      const name = `${`${pathname}${search}`.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${width}.png`;
      await page.screenshot({ path: join(outDir, name), fullPage: true });
      console.log(join(outDir, name));
      await page.close();
    }
  }
} finally {
  await browser.close();
}
