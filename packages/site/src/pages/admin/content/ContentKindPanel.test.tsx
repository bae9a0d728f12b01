import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { pageHarness } from '../../../app/pageHarness';
import { Component } from '../AdminContentPage';

const { render } = pageHarness();

describe('ContentKindPanel', () => {
  it("should show each kind's own fields in its form", async () => {
    await render(Component, '/admin/content', { adminContentItems: () => ({ list: [] }) });
    await page.getByRole('button', { name: 'Add to Announcements' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add to Announcements' });
    await expect.element(dialog.getByRole('switch', { name: 'Pinned first' })).toBeVisible();
    expect(dialog.getByRole('combobox', { name: 'Platform' }).elements()).toHaveLength(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Downloads' }).click();
    await page.getByRole('button', { name: 'Add to Downloads' }).click();
    dialog = page.getByRole('dialog', { name: 'Add to Downloads' });
    await expect.element(dialog.getByRole('combobox', { name: 'Platform' })).toBeVisible();
    expect(dialog.getByRole('switch', { name: 'Pinned first' }).elements()).toHaveLength(0);
  });

  it("should save a new item with its kind's fields once and close the form", async () => {
    const created: unknown[] = [];
    await render(Component, '/admin/content', {
      adminContentItems: () => ({ list: [] }),
      createContentItem: (input) => {
        created.push(input);
        return {};
      },
    });
    await page.getByRole('button', { name: 'Add to Announcements' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Announcements' });
    await dialog.getByLabelText('Title in English').fill('Pool maintenance');
    await dialog.getByRole('switch', { name: 'Pinned first' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      params: { kind: 'announcement' },
      body: { title: { en: 'Pool maintenance' }, pinned: true, platform: null, blocks: [] },
    });
  });
});
