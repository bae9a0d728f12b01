import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, openPage, serverUrl, waitForPath } from './support';

const baseUrl = serverUrl();
const DEMO = { email: 'demo@poolkit.local', password: 'Demo12345', account: 'demo' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** Narrows the worker table to one worker in one group filter (the table is virtualised). */
async function showWorker(page: Page, worker: string, groupFilter: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Group', exact: true }).selectOption({
    label: groupFilter,
  });
  await page.getByRole('searchbox', { name: 'Search workers' }).fill(worker);
  await page.getByRole('button', { name: worker, exact: true }).waitFor();
}

describe('worker groups', () => {
  it('should rename a group and delete it, its workers going back to Ungrouped, and keep that after a reload', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${baseUrl}/pool/btc/miner`);
    await waitForPath(page, `/login?redirect=${encodeURIComponent('/pool/btc/miner')}`);
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await waitForPath(page, '/pool/btc/miner', 30_000);
    await page.locator('main table tbody tr').first().waitFor({ timeout: 30_000 });

    // A group made by moving a worker into it.
    const suffix = Date.now().toString(36).slice(-5);
    const group = `grp${suffix}`;
    const renamed = `rigs ${suffix}`;
    const other = `other${suffix}`;
    for (const name of [group, other]) {
      await page.getByLabel('New group name').fill(name);
      await page.getByRole('button', { name: 'Create group' }).click();
      await page.getByRole('tab', { name: `${name} (0)` }).waitFor();
    }
    const worker =
      (await page.locator('main table tbody tr').first().locator('th').textContent()) ?? '';
    expect(worker).not.toBe('');
    await page.getByRole('checkbox', { name: `Select ${worker}` }).check();
    await page.getByLabel('Move selected to').selectOption({ label: group });
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByRole('tab', { name: `${group} (1)` }).click();

    // Rename: the field says what is wrong before anything is sent.
    let renameCalls = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /\/api\/miners\/groups\/\d+$/.test(request.url())) {
        renameCalls += 1;
      }
    });
    await page.getByRole('button', { name: 'Rename group', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Rename group “${group}”` });
    const field = dialog.getByRole('textbox', { name: 'Group name' });
    expect(await field.inputValue()).toBe(group);
    await field.fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter a group name').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('x'.repeat(33));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Group name can be at most 32 characters').waitFor();
    await field.fill(other);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('A group with this name already exists').waitFor();
    expect(renameCalls).toBe(0);

    // The server's refusals: a name taken meanwhile (409) lands on the field; any other failure
    // goes to the site's feedback with the server's message, and the dialog stays open.
    const answers = [
      { status: 409, code: 40900, msg: 'name: A group with this name already exists' },
      { status: 500, code: 50000, msg: 'Groups are under maintenance' },
    ];
    await page.route('**/api/miners/groups/*', async (route) => {
      const answer = route.request().method() === 'PUT' ? answers.shift() : undefined;
      if (answer === undefined) return route.continue();
      return route.fulfill({
        status: answer.status,
        contentType: 'application/json',
        body: JSON.stringify({ code: answer.code, msg: answer.msg }),
      });
    });
    await field.fill(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('A group with this name already exists').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Groups are under maintenance').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(renameCalls).toBe(2);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Group renamed.').waitFor();
    await page.getByRole('tab', { name: `${renamed} (1)` }).waitFor();
    expect(await page.getByRole('tab', { name: `${group} (1)` }).count()).toBe(0);
    expect(renameCalls).toBe(3);

    // Delete: the confirmation says the workers stay, ungrouped.
    await page.getByRole('tab', { name: `${renamed} (1)` }).click();
    await page.getByRole('button', { name: 'Delete group', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete group “${renamed}”?` });
    await confirm
      .getByText('Its workers (1) are not removed: they go back to Ungrouped.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete group' }).click();
    await page.getByText('Group deleted. Its workers are now ungrouped.').waitFor();
    await page.getByRole('tab', { name: `${renamed} (1)` }).waitFor({ state: 'detached' });
    await showWorker(page, worker, 'Ungrouped');

    // The server kept it: after a reload the group is gone and the worker still ungrouped.
    await page.reload();
    await page.locator('main table tbody tr').first().waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: `${other} (0)` }).waitFor();
    expect(await page.getByRole('tab', { name: new RegExp(`^${renamed}`) }).count()).toBe(0);
    await showWorker(page, worker, 'Ungrouped');

    const token = (await page.evaluate(() => localStorage.getItem('access_token'))) ?? '';
    const groups = await apiCall<{ list: { id: string; name: string }[] }>(
      baseUrl,
      'GET',
      `/pools/btc/accounts/${DEMO.account}/groups`,
      token,
    );
    expect(groups.data.list.map((entry) => entry.name)).not.toContain(renamed);
    const leftover = groups.data.list.find((entry) => entry.name === other);
    if (leftover) await apiCall(baseUrl, 'DELETE', `/miners/groups/${leftover.id}`, token, {});
    await context.close();
  });
});
