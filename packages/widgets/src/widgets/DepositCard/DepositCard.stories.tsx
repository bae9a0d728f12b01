import type { DepositAddress } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { playErrorRetry } from '../../lib/storyStates';
import { DepositCard } from './DepositCard';

const btc: DepositAddress = {
  coin: 'btc',
  account: 'alice01',
  address: 'bc1qg9x0l8kq2vn7m5r3t0s4dwfjyz6hc2ep8ua7xk',
  chain: null,
  confirmations: 1,
  min_amount: '0.0001',
};

const kda: DepositAddress = {
  coin: 'kda',
  account: 'alice01',
  address: 'k:3f9a7c2e1d8b4a6f0e5d4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a2918f7e',
  chain: 0,
  confirmations: 1,
  min_amount: '0.1',
};

const meta = {
  title: 'Widgets/DepositCard',
  component: DepositCard,
  args: { deposit: btc },
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
} satisfies Meta<typeof DepositCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Deposit BTC' })).toBeInTheDocument();
    await expect(canvas.getByTestId('deposit-address')).toHaveTextContent(btc.address);
    await expect(
      canvas.getByRole('img', { name: 'QR code of the BTC deposit address' }),
    ).toBeInTheDocument();
    await expect(canvas.getByText('Confirmations needed').nextElementSibling).toHaveTextContent(
      '1',
    );
    await expect(canvas.getByText('Minimum deposit').nextElementSibling).toHaveTextContent(
      '0.0001BTC',
    );
    await expect(canvas.getByText('Credited to').nextElementSibling).toHaveTextContent('alice01');
    // A single-chain coin: no chain figure, no chain warning.
    await expect(canvas.queryByText('Chain')).toBeNull();
    await expect(canvasElement.querySelector('section')).toHaveAttribute('data-state', 'ready');
  },
};

/** The newest deposits under the address: confirming, credited, below the minimum. */
export const RecentDeposits: Story = {
  args: {
    timezone: 'UTC+08:00',
    deposits: [
      {
        tx_id: 'a1'.repeat(32),
        coin: 'btc',
        account: 'alice01',
        address: btc.address,
        amount: '0.25',
        confirmations: 0,
        confirmations_needed: 1,
        status: 'pending',
        seen_at: '2025-03-14T11:58:00Z',
        credited_at: null,
        transaction_id: null,
      },
      {
        tx_id: 'b2'.repeat(32),
        coin: 'btc',
        account: 'alice01',
        address: btc.address,
        amount: '1.5',
        confirmations: 3,
        confirmations_needed: 1,
        status: 'credited',
        seen_at: '2025-03-13T08:00:00Z',
        credited_at: '2025-03-13T08:03:00Z',
        transaction_id: '77',
      },
      {
        tx_id: 'c3'.repeat(32),
        coin: 'btc',
        account: 'alice01',
        address: btc.address,
        amount: '0.00001',
        confirmations: 6,
        confirmations_needed: 1,
        status: 'below_minimum',
        seen_at: '2025-03-12T08:00:00Z',
        credited_at: null,
        transaction_id: null,
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const lines = within(canvas.getByRole('list', { name: 'Recent deposits' })).getAllByRole(
      'listitem',
    );
    await expect(lines).toHaveLength(3);
    await expect(lines[0]).toHaveTextContent('0.250000BTC2025-03-14 19:58Confirming 0/1');
    await expect(within(lines[0] as HTMLElement).getByText('Confirming 0/1')).toHaveAttribute(
      'data-tone',
      'info',
    );
    await expect(lines[1]).toHaveTextContent('Credited');
    await expect(lines[2]).toHaveTextContent('Below the minimum');
  },
};

/** KDA deposits go to chain 0 only: the chain is shown, with a warning. */
export const KadenaChainZero: Story = {
  args: { deposit: kda },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Chain').nextElementSibling).toHaveTextContent('Chain 0');
    await expect(
      canvas.getByText('Send on chain 0 only: coins sent on another chain do not arrive.'),
    ).toBeInTheDocument();
  },
};

export const Copy: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy address' }));
    // Copied, or refused by a browser without clipboard permission: either is announced.
    await expect(await canvas.findByText(/Address copied|Copy failed/)).toBeInTheDocument();
  },
};

/** With several coins, a picker heads the card; the host loads the chosen coin's address. */
export const CoinPicker: Story = {
  args: { coins: ['btc', 'kda', 'ltc'], coin: 'btc', onCoinChange: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Coin' }), 'kda');
    await expect(args.onCoinChange).toHaveBeenCalledWith('kda');
  },
};

/** Inside a dialog whose title names the coin: only the picker heads the card. */
export const WithoutTitle: Story = {
  args: { hideTitle: true, coins: ['btc', 'kda'], coin: 'btc', onCoinChange: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('heading')).toBeNull();
    await expect(canvas.getByRole('region', { name: 'Deposit BTC' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { deposit: null, loading: true, coin: 'btc' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('status', { name: 'Loading the deposit address…' }),
    ).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByTestId('deposit-address')).toBeNull();
  },
};

export const Empty: Story = {
  args: { deposit: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Choose a coin to see its deposit address.')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'Deposit' })).toBeInTheDocument();
  },
};

export const Failed: Story = {
  args: { deposit: null, coin: 'btc', error: true, onRetry: fn() },
  play: playErrorRetry('The deposit address could not be loaded.'),
};

export const LongAddress: Story = {
  args: {
    deposit: {
      ...btc,
      coin: 'xmr',
      address:
        '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A',
      min_amount: '0.001',
    },
  },
};
export const Dark: Story = { args: { deposit: kda }, globals: { theme: 'dark' } };
export const Narrow: Story = {
  args: { deposit: kda },
  globals: { viewport: { value: 'phone', isRotated: false } },
};
export const Chinese: Story = { args: { deposit: kda }, globals: { locale: 'zh-CN' } };
export const Russian: Story = { args: { deposit: kda }, globals: { locale: 'ru' } };
export const Japanese: Story = { args: { deposit: kda }, globals: { locale: 'ja' } };
export const Korean: Story = { args: { deposit: kda }, globals: { locale: 'ko' } };
