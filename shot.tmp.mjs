import { chromium } from 'playwright-core';
const [url, out, width, height = '900', login] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
if (login) {
  const [email, password] = login.split(':');
  await page.goto(new URL('/login', url).href);
  await page.getByLabel(/email/i).first().fill(email);
  await page.getByLabel(/password/i).first().fill(password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
  await page.waitForTimeout(2500);
}
await page.goto(url);
await page.waitForTimeout(3000);
await page.screenshot({ path: out });
await browser.close();
