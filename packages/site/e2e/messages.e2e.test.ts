import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceServerClock,
  apiCall,
  emailValidationToken,
  launchBrowser,
  loginByApi,
  newUser,
  openPage,
  outboxCode,
  registerByApi,
  seedSession,
  serverUrl,
} from './support';

const baseUrl = serverUrl();
const MINUTE = 60_000;
let browser: Browser;
let receiver: Server;
const hooks: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      hooks.push({ headers: request.headers, body });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await browser.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** Stops or starts demo workers through the development engine control. */
async function setWorkers(account: string, workers: readonly string[], online: boolean) {
  for (const worker of workers) {
    const response = await fetch(new URL('/api/dev/workers', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pool: 'btc', account, worker, online }),
    });
    expect(response.status).toBe(200);
  }
}

/** The user's messages of one kind, by their text. */
async function messages(token: string, type: string): Promise<{ title: string }[]> {
  const answer = await apiCall<{ list: { title: string }[] }>(
    baseUrl,
    'GET',
    `/messages?type=${type}&page_size=50`,
    token,
  );
  return answer.data.list;
}

/** Moves the server clock a minute at a time until `done` holds (at most `tries` minutes). */
async function until(done: () => Promise<boolean>, tries = 6): Promise<void> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    if (await done()) return;
    await advanceServerClock(baseUrl, MINUTE);
  }
  expect(await done()).toBe(true);
}

describe('message centre', () => {
  it('should alert once when workers stop, by message, email and signed webhook, and recover once', async () => {
    const user = newUser('alert');
    const { token, refresh_token } = await registerByApi(baseUrl, user);
    const accounts = await apiCall<{ list: { name: string }[] }>(
      baseUrl,
      'GET',
      '/accounts',
      token,
    );
    const account = accounts.data.list[0]?.name ?? '';
    let workers: string[] = [];
    await until(async () => {
      const miners = await apiCall<{ list: { worker_name: string }[] }>(
        baseUrl,
        'GET',
        `/pools/btc/accounts/${account}/miners?page_size=100`,
        token,
      );
      workers = (miners.data?.list ?? []).map((row) => row.worker_name);
      return workers.length > 0;
    });

    const { port } = receiver.address() as AddressInfo;
    const alerts = `/pools/btc/accounts/${account}/alerts`;
    const settings = {
      enabled: true,
      hashrate_threshold: null,
      // Every worker: a demo worker that flaps on its own does not open the incident.
      offline_workers_threshold: workers.length,
      channels: ['email', 'webhook'],
      types: ['miner_offline'],
      webhook_url: `http://127.0.0.1:${port}/hook`,
      quiet_minutes: 60,
    };
    // Adding a webhook address needs a second validation: a session alone is refused.
    const unvalidated = await apiCall(baseUrl, 'PUT', alerts, token, settings);
    expect(unvalidated.code).toBe(40002);
    const saved = await apiCall(baseUrl, 'PUT', alerts, token, {
      ...settings,
      validation_token: await emailValidationToken(baseUrl, token, user.email, 'webhook'),
    });
    expect(saved.code).toBe(0);
    const made = await apiCall<{ secret: string }>(
      baseUrl,
      'POST',
      `${alerts}/webhook-secret`,
      token,
    );
    const secret = made.data.secret;

    await setWorkers(account, workers, false);
    await advanceServerClock(baseUrl, 20 * MINUTE);
    await until(async () => (await messages(token, 'miner_offline')).length > 0);

    const { context, page } = await openPage(browser);
    await seedSession(context, token, refresh_token);
    await page.goto(`${baseUrl}/user/message`);
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await page.getByRole('heading', { name: `Workers offline on ${account}` }).waitFor();
    await page.getByRole('link', { name: /Messages, [1-9]\d* unread/ }).waitFor();

    // The email leaves through the notice outbox, polled every 2 s of wall time.
    const mailed = async () => {
      const outbox = await fetch(
        new URL(`/api/dev/outbox?to=${encodeURIComponent(user.email)}`, baseUrl),
      );
      const mails = ((await outbox.json()) as { data: { list: { subject: string }[] } }).data.list;
      return mails.some((mail) => mail.subject === `Workers offline on ${account}`);
    };
    for (let wait = 0; wait < 30 && !(await mailed()); wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await mailed()).toBe(true);

    await until(async () => hooks.some((hook) => hook.body.includes('"miner_offline"')), 3);
    const hook = hooks.find((entry) => entry.body.includes('"miner_offline"'));
    const timestamp = String(hook?.headers['x-poolkit-timestamp']);
    const expected = createHmac('sha256', secret)
      .update(`${timestamp}.${hook?.body}`)
      .digest('hex');
    expect(hook?.headers['x-poolkit-signature']).toBe(`v1=${expected}`);
    expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({ event: 'miner_offline', account });

    // The workers come back: one recovery.
    await setWorkers(account, workers, true);
    await until(async () => (await messages(token, 'miner_offline')).length === 2);
    // They flap within the quiet hour: nothing more.
    await setWorkers(account, workers, false);
    await advanceServerClock(baseUrl, 20 * MINUTE);
    await setWorkers(account, workers, true);
    await advanceServerClock(baseUrl, 2 * MINUTE);
    await advanceServerClock(baseUrl, MINUTE);
    const titles = (await messages(token, 'miner_offline')).map((message) => message.title);
    expect(titles).toEqual([`Workers back online on ${account}`, `Workers offline on ${account}`]);

    // Mark all read: the badge goes.
    await page.reload();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('link', { name: 'Messages, 0 unread' }).waitFor();

    // Moving the webhook in the form asks for the code first, then saves.
    const moved = `http://127.0.0.1:${port}/hook-moved`;
    await page.getByLabel('Webhook address').fill(moved);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Enter the verification code').waitFor();
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('The verification code has been sent.').waitFor();
    await page.getByLabel('Email code').fill(await outboxCode(baseUrl, user.email));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Alert settings saved').waitFor();
    const after = await apiCall<{ webhook_url: string }>(baseUrl, 'GET', alerts, token);
    expect(after.data.webhook_url).toBe(moved);
    await context.close();
  }, 180_000);

  it('should let an operator answer a ticket, and the user see the answer and a message', async () => {
    const user = newUser('ticket');
    const { token, refresh_token } = await registerByApi(baseUrl, user);
    const title = `Payout question ${Date.now().toString(36)}`;
    const created = await apiCall<{ id: string }>(baseUrl, 'POST', '/tickets', token, {
      title,
      content: 'Where did yesterday’s payout go?',
    });
    expect(created.code).toBe(0);

    const operator = await loginByApi(baseUrl, 'operator@poolkit.local', 'Operator123');
    const desk = await openPage(browser);
    await seedSession(desk.context, operator.token, operator.refresh_token);
    await desk.page.goto(`${baseUrl}/admin/tickets`);
    await desk.page.getByRole('heading', { name: 'Ticket queue' }).waitFor();
    await desk.page.getByRole('button', { name: `Open #${created.data.id}` }).click();
    await desk.page.getByRole('heading', { name: `#${created.data.id} ${title}` }).waitFor();
    await desk.page.getByLabel('Your reply').fill('It went to your main account.');
    await desk.page.getByRole('button', { name: 'Send' }).click();
    await desk.page.getByText('Answer sent').waitFor();
    await desk.context.close();

    const { context, page } = await openPage(browser);
    await seedSession(context, token, refresh_token);
    await page.goto(`${baseUrl}/ticket`);
    await page.getByRole('button', { name: 'View' }).click();
    await page.getByText('It went to your main account.').waitFor();
    await page.getByText('Answered').first().waitFor();
    await page.goto(`${baseUrl}/user/message`);
    await page.getByRole('heading', { name: `Support answered: ${title}` }).waitFor();
    await context.close();
  }, 120_000);
});
