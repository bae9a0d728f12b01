import type { Reconciliation, ReconciliationCoin } from '@poolkit/core';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { pageHarness } from '../../app/pageHarness';
import { Component as Reconciliation_ } from './AdminReconciliationPage';

const { render } = pageHarness();

function coin(name: string, node?: ReconciliationCoin['node']): ReconciliationCoin {
  return {
    coin: name,
    users_available: '3.5',
    users_frozen: '0',
    users_total: '3.5',
    pool_assets: '3.5',
    ledger_total: '0',
    mismatched_balances: 0,
    system: [{ name: 'mining_payouts', balance: '-3.5' }],
    ok: true,
    ...(node === undefined ? {} : { node }),
  };
}

function answer(extra: Partial<Reconciliation>): Reconciliation {
  return {
    checked_at: '2026-11-29T08:00:00Z',
    ok: true,
    coins: [coin('btc')],
    unbalanced_records: [],
    overdrawn_balances: [],
    balances: 2,
    entries: 4,
    deposit_shortfalls: [],
    ...extra,
  };
}

const shortfall = {
  network: 'regtest',
  confirmed: '3',
  unconfirmed: '0.25',
  difference: '-0.5',
  shortfall: true,
  unreachable: false,
};

describe('the reconciliation page', () => {
  it("should raise a node wallet's shortfall above the books, with the wallet's figures", async () => {
    await render(Reconciliation_, '/admin/reconciliation', {
      adminReconciliation: () =>
        answer({ coins: [coin('btc'), coin('ltc', shortfall)], node_shortfall: true }),
    });
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent(/node wallet holds less, confirmed, than its users are owed/);
    const wallets = page.getByRole('table', { name: 'Node wallets' });
    await expect.element(wallets).toBeVisible();
    await expect.element(wallets.getByText('regtest')).toBeVisible();
    await expect.element(wallets.getByText('Shortfall')).toBeVisible();
    await expect.element(wallets.getByText('-0.5', { exact: false })).toBeVisible();
    await expect.element(wallets.getByText('0.25', { exact: false })).toBeVisible();
    // A coin on the demo chain has no node line.
    await expect.element(wallets.getByText('BTC')).not.toBeInTheDocument();
  });

  it('should show a node that did not answer as such, with no alert', async () => {
    await render(Reconciliation_, '/admin/reconciliation', {
      adminReconciliation: () =>
        answer({
          coins: [
            coin('ltc', {
              ...shortfall,
              confirmed: null,
              unconfirmed: null,
              difference: null,
              shortfall: false,
              unreachable: true,
            }),
          ],
          node_shortfall: false,
        }),
    });
    const wallets = page.getByRole('table', { name: 'Node wallets' });
    await expect.element(wallets.getByText('No answer').first()).toBeVisible();
    expect(page.getByRole('alert').elements()).toHaveLength(0);
  });

  it('should show no node section and no reversed deposits on the demo chains', async () => {
    await render(Reconciliation_, '/admin/reconciliation', {
      adminReconciliation: () => answer({}),
    });
    await expect.element(page.getByRole('table', { name: 'Reconciliation' })).toBeVisible();
    await expect.element(page.getByRole('table', { name: 'Node wallets' })).not.toBeInTheDocument();
    await expect
      .element(page.getByRole('table', { name: 'Deposits reversed after they were spent' }))
      .not.toBeInTheDocument();
  });

  it('should list the deposits reversed after they were spent', async () => {
    await render(Reconciliation_, '/admin/reconciliation', {
      adminReconciliation: () =>
        answer({
          deposit_shortfalls: [
            {
              deposit_id: '41',
              account: 'dora0001',
              coin: 'ltc',
              amount: '0.3',
              since: '2026-11-28T10:00:00Z',
            },
          ],
        }),
    });
    const table = page.getByRole('table', { name: 'Deposits reversed after they were spent' });
    await expect.element(table).toBeVisible();
    await expect.element(table.getByText('dora0001')).toBeVisible();
    await expect.element(table.getByText('LTC', { exact: true })).toBeVisible();
    await expect.element(table.getByText('0.3', { exact: false })).toBeVisible();
  });
});
