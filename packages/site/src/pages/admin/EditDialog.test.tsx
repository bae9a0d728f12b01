import { type AdminSeller, ApiError } from '@poolkit/core';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { pageHarness } from '../../app/pageHarness';
import { Component } from './AdminSellersPage';

const { render } = pageHarness();

const SELLER: AdminSeller = {
  id: '3',
  machine_id: '11',
  machine_name: 'Bitmain Antminer S21',
  store: 'Demo Mining Supply',
  country_region: 'Hong Kong',
  price: '9999.00',
  stock: 4,
  url: null,
};

const LIST = {
  list: [SELLER],
  machines: [{ id: '11', name: 'Bitmain Antminer S21' }],
};

describe('EditDialog', () => {
  it('should keep the form open on a refusal, and close it once the server takes it', async () => {
    const sent: unknown[] = [];
    await render(Component, '/admin/sellers', {
      adminSellers: () => LIST,
      updateSeller: (input) => {
        sent.push(input);
        if (sent.length === 1) {
          throw new ApiError({
            kind: 'http',
            status: 400,
            serverMessage: 'price: too many decimals',
          });
        }
        return SELLER;
      },
    });
    await page.getByRole('button', { name: 'Edit Demo Mining Supply' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Demo Mining Supply' });
    await dialog.getByLabelText('Price (CNY)').fill('9999.999');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => sent.length).toBe(1);
    // Refused: what was typed stays, to be corrected.
    await expect.element(dialog.getByLabelText('Price (CNY)')).toHaveValue('9999.999');

    await dialog.getByLabelText('Price (CNY)').fill('9999.90');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ params: { id: '3' }, body: { price: '9999.90', stock: 4 } });
  });

  it('should delete a row only after the confirmation, once', async () => {
    const deleted: unknown[] = [];
    await render(Component, '/admin/sellers', {
      adminSellers: () => LIST,
      deleteSeller: (input) => {
        deleted.push(input);
        return { id: '3', deleted: true };
      },
    });
    await page.getByRole('button', { name: 'Delete Demo Mining Supply' }).click();
    const alert = page.getByRole('alertdialog');
    await expect.element(alert).toBeVisible();
    expect(deleted).toHaveLength(0);
    await alert.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => deleted.length).toBe(1);
    expect(deleted[0]).toEqual({ params: { id: '3' } });
  });
});
