import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  launchBrowser,
  loginByApi,
  newUser,
  openPage,
  registerByApi,
  seedSession,
  serverUrl,
} from './support';

const baseUrl = serverUrl();
let browser: Browser;

/** A tiny real PNG (1×1, transparent). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('support tickets', () => {
  it('should take a ticket with a category and an attachment, which the operator opens and answers', async () => {
    const user = newUser('attach');
    const { token, refresh_token } = await registerByApi(baseUrl, user);
    const title = `Withdrawal stuck ${Date.now().toString(36)}`;

    // The user opens a ticket about a payout and attaches a screenshot.
    const { context, page } = await openPage(browser);
    await seedSession(context, token, refresh_token);
    await page.goto(`${baseUrl}/ticket`);
    await page.getByRole('heading', { name: 'New ticket' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('combobox', { name: 'Category', exact: true }).click();
    await page
      .getByRole('listbox')
      .getByRole('option', { name: 'Payouts and withdrawals' })
      .click();
    await page.getByRole('combobox', { name: 'Coin', exact: true }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Bitcoin' }).click();
    await page
      .getByLabel('Content', { exact: true })
      .fill('My withdrawal has been pending for a day.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your ticket has been submitted.').waitFor();
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('About: Payouts and withdrawals · BTC').waitFor();
    await page.getByText('No files attached.').waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'withdrawal.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Files attached').waitFor();
    await page.getByRole('button', { name: 'withdrawal.png', exact: true }).waitFor();

    const mine = await apiCall<{
      list: { id: string; title: string; attachments: { url: string }[] }[];
    }>(baseUrl, 'GET', '/tickets?page_size=5', token);
    const ticket = mine.data.list.find((item) => item.title === title);
    expect(ticket?.attachments).toHaveLength(1);
    const fileUrl = ticket?.attachments[0]?.url ?? '';

    // The operator finds it by category and coin, opens the file and answers.
    const operator = await loginByApi(baseUrl, 'operator@poolkit.local', 'Operator123');
    const download = async (bearer: string) =>
      fetch(new URL(fileUrl, baseUrl), { headers: { authorization: `Bearer ${bearer}` } });
    const asOperator = await download(operator.token);
    expect(asOperator.status).toBe(200);
    expect(Buffer.from(await asOperator.arrayBuffer()).equals(PNG)).toBe(true);
    const stranger = await registerByApi(baseUrl, newUser('peek'));
    expect((await download(stranger.token)).status).toBe(404);

    const desk = await openPage(browser);
    await seedSession(desk.context, operator.token, operator.refresh_token);
    await desk.page.goto(`${baseUrl}/admin/tickets`);
    await desk.page.getByRole('heading', { name: 'Ticket queue' }).waitFor();
    await desk.page.getByRole('combobox', { name: 'Category', exact: true }).click();
    await desk.page
      .getByRole('listbox')
      .getByRole('option', { name: 'Payouts and withdrawals' })
      .click();
    await desk.page.getByRole('combobox', { name: 'Coin', exact: true }).click();
    await desk.page.getByRole('listbox').getByRole('option', { name: 'Bitcoin' }).click();
    await desk.page.getByRole('button', { name: `Open #${ticket?.id}` }).click();
    await desk.page.getByRole('heading', { name: `#${ticket?.id} ${title}` }).waitFor();
    await desk.page.getByText('About: Payouts and withdrawals · BTC').waitFor();
    const popup = desk.page.waitForEvent('popup');
    await desk.page.getByRole('button', { name: 'withdrawal.png', exact: true }).click();
    await (await popup).close();
    await desk.page.getByLabel('Your reply').fill('The node was behind; it is sent now.');
    await desk.page.getByRole('button', { name: 'Send' }).click();
    await desk.page.getByText('Answer sent').waitFor();
    // The audit log names the answer.
    await desk.page.goto(`${baseUrl}/admin/audit-log`);
    await desk.page.getByText('Answered a support ticket').first().waitFor();
    await desk.context.close();

    await page.reload();
    await page.getByRole('button', { name: 'View' }).first().click();
    await page.getByText('The node was behind; it is sent now.').waitFor();
    await context.close();
  }, 180_000);
});
