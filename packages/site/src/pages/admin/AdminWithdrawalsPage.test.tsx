import { type AdminWithdrawal, PAGE_SIZE } from '@poolkit/core';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { pageHarness } from '../../app/pageHarness';
import { Component as Withdrawals } from './AdminWithdrawalsPage';

const { render } = pageHarness();

function paid(id: string, networkFee: string | null): AdminWithdrawal {
  return {
    id,
    user: 'ltcminer',
    account: 'ltc1',
    coin: 'ltc',
    amount: '1.5',
    fee: '0.001',
    address: 'rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
    parts: 1,
    state: 'successful',
    created_at: '2026-11-28T10:00:00Z',
    audit_due_at: null,
    reviewed_by: null,
    reviewed_at: null,
    reject_reason: null,
    network_fee: networkFee,
  };
}

describe('AdminWithdrawalsPage', () => {
  it('should show the network fee a node paid, and none where the chain reported none', async () => {
    await render(Withdrawals, '/admin/withdrawals', {
      adminWithdrawals: () => ({
        list: [paid('7', '0.0000141'), paid('8', null)],
        total: 2,
        page: 1,
        page_size: PAGE_SIZE,
      }),
    });
    await expect.element(page.getByText('Network fee paid 0.0000141')).toBeVisible();
    expect(page.getByText(/^Network fee paid/).elements()).toHaveLength(1);
    // The pool's withdrawal fee, what the user paid, stays beside it on both rows.
    expect(page.getByText('Fee 0.001 · parts: 1').elements()).toHaveLength(2);
  });
});
