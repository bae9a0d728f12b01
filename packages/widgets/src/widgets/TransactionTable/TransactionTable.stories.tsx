import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FIXED_NOW } from '../../lib/fixtures';
import { playErrorRetry, playLoading, playShows } from '../../lib/storyStates';
import { TransactionTable, type TransactionTableRow } from './TransactionTable';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(FIXED_NOW - hours * HOUR).toISOString();

const rows: TransactionTableRow[] = [
  {
    id: '42',
    time: at(1),
    account: 'alice01',
    coin: 'btc',
    type: 'transfer_out',
    amount: '-0.25',
    counterparty: 'bob00001',
    status: 'successful',
  },
  {
    id: '41',
    time: at(12),
    account: 'alice01',
    coin: 'btc',
    type: 'mining',
    amount: '0.00304688',
    counterparty: null,
    status: 'successful',
  },
  {
    id: '40',
    time: at(20),
    account: 'aliceminer2',
    coin: 'ckb',
    type: 'transfer_in',
    amount: '1250.5',
    counterparty: 'alice01',
    status: 'successful',
  },
  {
    id: '39',
    time: at(30),
    account: 'alice01',
    coin: 'btc',
    type: 'withdraw',
    amount: '-0.1',
    counterparty: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    status: 'pending',
  },
  {
    id: '38',
    time: at(48),
    account: 'alice01',
    coin: 'btc',
    type: 'withdraw',
    amount: '-0.05',
    counterparty: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    status: 'failed',
  },
];

const meta = {
  title: 'Widgets/TransactionTable',
  component: TransactionTable,
  args: {
    transactions: rows,
    timezone: 'UTC+08:00',
    hrefOf: (row) => `/fund/${row.id}`,
    onOpen: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof TransactionTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Transactions' });
    const lines = within(table).getAllByRole('row');
    await expect(lines).toHaveLength(6);
    // Time in the user's zone; the kind in words; signed amounts in the coin's 6 decimals.
    await expect(lines[1]).toHaveTextContent('2025-03-14 19:00:00');
    await expect(lines[1]).toHaveTextContent('Transfer out');
    await expect(lines[1]).toHaveTextContent('\u22120.250000');
    await expect(lines[1]).toHaveTextContent('bob00001');
    await expect(lines[2]).toHaveTextContent('Mining income');
    // Every satoshi of a BTC amount, not the 6 display decimals.
    await expect(lines[2]).toHaveTextContent('+0.00304688');
    await expect(lines[3]).toHaveTextContent('+1,250.5000');
    await expect(within(table).getByText('Processing')).toHaveAttribute('data-tone', 'info');
    await expect(within(table).getByText('Failed')).toHaveAttribute('data-tone', 'danger');
    const details = within(table).getByRole('link', { name: 'Details of transaction 42' });
    await expect(details).toHaveAttribute('href', '/fund/42');
    details.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await userEvent.click(details);
    await expect(args.onOpen).toHaveBeenCalledTimes(1);
  },
};

export const HiddenAmounts: Story = {
  args: { hidden: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText('\u22120.250000')).toBeNull();
    await expect(canvas.getAllByText('Amount hidden')).toHaveLength(rows.length);
  },
};

/** One account: no account column; no record page: no details links. */
export const OneAccountNoLinks: Story = {
  args: { showAccount: false, hrefOf: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('columnheader', { name: 'Account' })).toBeNull();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

const XMR_ADDRESS =
  '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A';

/** A deposit's counterparty is its (long) address: cut on wide screens, whole in its title. */
export const Deposits: Story = {
  args: {
    transactions: [
      {
        id: '50',
        time: at(2),
        account: 'alice01',
        coin: 'xmr',
        type: 'deposit',
        amount: '1.25',
        counterparty: XMR_ADDRESS,
        status: 'successful',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cell = canvas.getByTitle(XMR_ADDRESS);
    await expect(cell).toHaveTextContent(XMR_ADDRESS);
    await expect(cell.getBoundingClientRect().width).toBeLessThanOrEqual(320);
    await expect(canvas.getByRole('row', { name: /Deposit/ })).toHaveTextContent('+1.250000');
  },
};

const BTC_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

/**
 * Issue 27: a withdrawal's amount is what left the wallet, its fee included and named under it
 * (not a fee column to add a second time); a rejected withdrawal's refund reads as a refund.
 */
export const WithdrawalFeeAndRefund: Story = {
  args: {
    transactions: [
      {
        id: '61',
        time: at(1),
        account: 'alice01',
        coin: 'btc',
        type: 'withdraw_refund',
        amount: '0.2502',
        fee: '0',
        counterparty: BTC_ADDRESS,
        status: 'successful',
      },
      {
        id: '60',
        time: at(3),
        account: 'alice01',
        coin: 'btc',
        type: 'withdraw',
        amount: '-0.2502',
        fee: '0.0002',
        counterparty: BTC_ADDRESS,
        status: 'failed',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Transactions' });
    await expect(within(table).queryByRole('columnheader', { name: /fee/i })).toBeNull();
    const [, refund, withdrawal] = within(table).getAllByRole('row');
    await expect(refund).toHaveTextContent('Withdrawal refund');
    await expect(refund).toHaveTextContent('+0.250200');
    await expect(refund).not.toHaveTextContent('fee');
    await expect(withdrawal).toHaveTextContent(/^(?!.*refund).*Withdrawal/);
    const amount = within(withdrawal as HTMLElement).getByText('\u22120.250200', { exact: false });
    await expect(amount).toHaveTextContent('\u22120.250200incl. fee 0.000200');
  },
};

/**
 * Issue 27: a deposit seen on the chain but not yet credited is listed as confirming, with its
 * confirmations (the deposit dialog's words), and has no details link (no record yet).
 */
export const PendingDeposit: Story = {
  args: {
    transactions: [
      {
        id: 'deposit-7',
        time: at(1),
        account: 'alice01',
        coin: 'btc',
        type: 'deposit',
        amount: '0.5',
        counterparty: BTC_ADDRESS,
        status: 'pending',
        confirmations: { count: 0, needed: 1 },
      },
      rows[1] as TransactionTableRow,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [, pending, mined] = canvas.getAllByRole('row');
    await expect(pending).toHaveTextContent('Deposit');
    await expect(pending).toHaveTextContent('+0.500000');
    await expect(within(pending as HTMLElement).getByText('Confirming 0/1')).toHaveAttribute(
      'data-tone',
      'info',
    );
    await expect(within(pending as HTMLElement).queryByRole('link')).toBeNull();
    await expect(within(mined as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/fund/41',
    );
  },
};

export const Empty: Story = {
  args: { transactions: [] },
  play: playShows('No transactions here yet.'),
};

export const EmptyFiltered: Story = {
  args: { transactions: [], emptyMessage: 'Nothing matches these filters.' },
};

export const Loading: Story = { args: { loading: true }, play: playLoading };

export const ErrorState: Story = {
  args: { error: true },
  play: playErrorRetry('The transactions could not be loaded.'),
};

export const Dark: Story = { globals: { theme: 'dark' } };
/** A phone: each line a block of labelled lines, nothing scrolls sideways. */
export const Narrow: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const scroller = canvas.getByRole('group', { name: 'Transactions' });
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    const first = canvas.getAllByRole('row')[1];
    if (first === undefined) throw new Error('no line');
    const amount = within(first).getByText('−0.250000');
    await expect(amount).toHaveAttribute('data-label', 'Amount');
    await expect(getComputedStyle(amount, '::before').content).toBe('"Amount"');
    await expect(amount.getBoundingClientRect().right).toBeLessThanOrEqual(
      scroller.getBoundingClientRect().right,
    );
  },
};
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
