import { type AdminWithdrawal, PAGE_SIZE } from '@poolkit/core';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { pageHarness } from '../../app/pageHarness';
import { Component as ContractOrders } from './AdminContractOrdersPage';
import { Component as Withdrawals } from './AdminWithdrawalsPage';

const { render } = pageHarness();

function withdrawal(id: string): AdminWithdrawal {
  return {
    id,
    user: 'demowhale',
    account: 'whale1',
    coin: 'btc',
    amount: '0.3',
    fee: '0.0001',
    address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    parts: 1,
    state: 'manual',
    created_at: '2026-11-28T10:00:00Z',
    audit_due_at: '2026-11-29T10:00:00Z',
    reviewed_by: null,
    reviewed_at: null,
    reject_reason: null,
  };
}

/** The withdrawal queue's answers, with the calls each write received. */
function queue(total = 2) {
  const calls = { list: [] as unknown[], approve: [] as unknown[], reject: [] as unknown[] };
  const answers = {
    adminWithdrawals: (input: unknown) => {
      calls.list.push(input);
      return { list: [withdrawal('7'), withdrawal('8')], total, page: 1, page_size: PAGE_SIZE };
    },
    approveWithdrawal: (input: unknown) => {
      calls.approve.push(input);
      return { id: '7', state: 'processing' };
    },
    rejectWithdrawal: (input: unknown) => {
      calls.reject.push(input);
      return { id: '8', state: 'rejected' };
    },
  };
  return { calls, answers };
}

describe('ReviewTable', () => {
  it('should ask before an approval that pays, and send it once when confirmed', async () => {
    const { calls, answers } = queue();
    await render(Withdrawals, '/admin/withdrawals', answers);
    await page.getByRole('button', { name: 'Approve withdrawal #7' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve withdrawal #7?' });
    await expect.element(confirm).toBeVisible();
    // The dialog restates what is paid; nothing is sent yet.
    await expect.element(confirm.getByText('demowhale · whale1')).toBeVisible();
    expect(calls.approve).toHaveLength(0);
    await confirm.getByRole('button', { name: 'Approve and pay' }).click();
    await expect.element(confirm).not.toBeInTheDocument();
    expect(calls.approve).toEqual([{ params: { id: '7' }, body: {} }]);
  });

  it('should send nothing when the approval is cancelled', async () => {
    const { calls, answers } = queue();
    await render(Withdrawals, '/admin/withdrawals', answers);
    await page.getByRole('button', { name: 'Approve withdrawal #8' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve withdrawal #8?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(confirm).not.toBeInTheDocument();
    expect(calls.approve).toHaveLength(0);
  });

  it('should require a reason to reject, send it trimmed once, and start blank next time', async () => {
    const { calls, answers } = queue();
    await render(Withdrawals, '/admin/withdrawals', answers);
    await page.getByRole('button', { name: 'Reject withdrawal #8' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject withdrawal #8' });
    await dialog.getByRole('button', { name: 'Reject withdrawal' }).click();
    await expect.element(dialog.getByText('Please enter a reason')).toBeVisible();
    expect(calls.reject).toHaveLength(0);

    await dialog.getByRole('textbox', { name: 'Reason' }).fill('  address of an exchange  ');
    await dialog.getByRole('button', { name: 'Reject withdrawal' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(calls.reject).toEqual([
      { params: { id: '8' }, body: { reason: 'address of an exchange' } },
    ]);

    await page.getByRole('button', { name: 'Reject withdrawal #7' }).click();
    await expect
      .element(
        page
          .getByRole('dialog', { name: 'Reject withdrawal #7' })
          .getByRole('textbox', { name: 'Reason' }),
      )
      .toHaveValue('');
  });

  it('should approve at once where the queue asks no confirmation', async () => {
    const reviews: unknown[] = [];
    await render(ContractOrders, '/admin/contract-orders', {
      adminContractOrders: () => ({
        list: [
          {
            id: '5',
            username: 'miner1',
            product_name: 'S21 30 days',
            quantity: 2,
            pay_amount: '200',
            currency: 'USDT',
            created_at: '2026-11-28T10:00:00Z',
            payment_certificates: [],
            reject_reason: null,
          },
        ],
        total: 1,
        page: 1,
        page_size: PAGE_SIZE,
      }),
      reviewContractOrder: (input) => {
        reviews.push(input);
        return {};
      },
    });
    await page.getByRole('button', { name: 'Approve order 5' }).click();
    await expect.poll(() => reviews.length).toBe(1);
    expect(page.getByRole('dialog').elements()).toHaveLength(0);
    expect(reviews).toEqual([{ params: { order_id: '5' }, body: { decision: 'approve' } }]);
  });

  it('should page a long list and go back to page 1 on another filter', async () => {
    const { calls, answers } = queue(25);
    await render(Withdrawals, '/admin/withdrawals', answers);
    await expect.element(page.getByText('Page 1 of 3')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.element(page.getByText('Page 2 of 3')).toBeVisible();
    expect(calls.list.at(-1)).toEqual({
      query: { state: 'manual', page: 2, page_size: PAGE_SIZE },
    });

    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'Rejected' }).click();
    await expect.element(page.getByText('Page 1 of 3')).toBeVisible();
    expect(calls.list.at(-1)).toEqual({
      query: { state: 'rejected', page: 1, page_size: PAGE_SIZE },
    });
    // A decided state has no decision to take.
    expect(page.getByRole('button', { name: /^Approve withdrawal/ }).elements()).toHaveLength(0);
  });

  it('should show no pager for a single page', async () => {
    const { answers } = queue(2);
    await render(Withdrawals, '/admin/withdrawals', answers);
    await expect.element(page.getByRole('button', { name: 'Approve withdrawal #7' })).toBeVisible();
    expect(page.getByRole('button', { name: 'Next' }).elements()).toHaveLength(0);
  });
});
