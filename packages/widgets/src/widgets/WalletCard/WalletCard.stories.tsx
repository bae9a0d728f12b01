import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { playErrorRetry, playLoading } from '../../lib/storyStates';
import { WalletCard, type WalletCardBalance } from './WalletCard';

const balances: WalletCardBalance[] = [
  {
    coin: 'btc',
    available: '1.23456789',
    frozen: '0.01',
    total: '1.24456789',
    value_cny: '871197.52',
  },
  { coin: 'ckb', available: '15230.5', frozen: '0', total: '15230.5', value_cny: '1066.14' },
  { coin: 'sc', available: '812.25', frozen: '0', total: '812.25', value_cny: null },
];

const meta = {
  title: 'Widgets/WalletCard',
  component: WalletCard,
  args: {
    balances,
    totalValueCny: '872263.66',
    onTransfer: fn(),
    onExchange: fn(),
    onHiddenChange: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof WalletCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('wallet-total')).toHaveTextContent('￥872,263.66');
    const table = canvas.getByRole('table', { name: 'Wallet' });
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(4);
    // The coin's precision (every satoshi, at least the 6 display decimals); value in the
    // currency; no price: --.
    await expect(rows[1]).toHaveTextContent('BTC1.234567890.0100001.24456789￥871,197.52');
    await expect(rows[3]).toHaveTextContent('--');
    await userEvent.click(canvas.getByRole('button', { name: 'Transfer' }));
    await expect(args.onTransfer).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Exchange' }));
    await expect(args.onExchange).toHaveBeenCalledTimes(1);
  },
};

/** The eye hides every amount; screen readers hear "Amount hidden". */
export const HideAmounts: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const eye = canvas.getByRole('button', { name: 'Hide amounts' });
    await expect(eye).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(eye);
    await expect(eye).toHaveAttribute('aria-pressed', 'true');
    await expect(args.onHiddenChange).toHaveBeenCalledWith(true);
    await expect(canvas.getByTestId('wallet-total')).toHaveTextContent('****Amount hidden');
    await expect(canvas.queryByText('1.234567')).toBeNull();
    await expect(canvasElement.querySelector('section')).toHaveAttribute('data-state', 'hidden');
  },
};

export const Hidden: Story = { args: { hidden: true } };

/**
 * A 375 px phone (343 px inside the page's margins) with every action: the buttons wrap inside
 * the card instead of the Exchange button sticking out of it.
 */
export const PhoneWithEveryAction: Story = {
  args: { onDeposit: fn(), onWithdraw: fn() },
  decorators: [
    (Story) => (
      <div style={{ width: 343 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvasElement.querySelector('section');
    if (card === null) throw new Error('no card');
    const right = card.getBoundingClientRect().right;
    for (const name of ['Deposit', 'Transfer', 'Exchange']) {
      const button = canvas.getAllByRole('button', { name })[0];
      if (button === undefined) throw new Error(`no ${name} button`);
      await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(right);
    }
  },
};

/** Values in the user's currency: 1 CNY buys 0.138 USD. */
export const InDollars: Story = {
  args: { currency: { currency: 'USD', rate: '0.138', symbol: '$' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('wallet-total')).toHaveTextContent(
      '$120,372.38',
    );
  },
};

export const WithoutTransfer: Story = { args: { onTransfer: undefined, onExchange: undefined } };

/** Deposit and withdraw on each coin's line; deposit also in the header, for a coin not held. */
export const DepositAndWithdraw: Story = {
  args: { onDeposit: fn(), onWithdraw: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Withdraw BTC' }));
    await expect(args.onWithdraw).toHaveBeenCalledWith('btc');
    await userEvent.click(canvas.getByRole('button', { name: 'Deposit BTC' }));
    await expect(args.onDeposit).toHaveBeenLastCalledWith('btc');
    await userEvent.click(canvas.getByRole('button', { name: 'Deposit' }));
    await expect(args.onDeposit).toHaveBeenLastCalledWith();
  },
};

/** On a phone each coin is a labelled block: its buttons are in view, nothing scrolls sideways. */
export const DepositAndWithdrawNarrow: Story = {
  args: { onDeposit: fn(), onWithdraw: fn() },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const scroller = canvas.getByRole('group', { name: 'Wallet' });
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    const withdraw = canvas.getByRole('button', { name: 'Withdraw BTC' });
    await expect(withdraw.getBoundingClientRect().right).toBeLessThanOrEqual(
      scroller.getBoundingClientRect().right,
    );
  },
};

export const Empty: Story = {
  args: { balances: [], totalValueCny: '0.00' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(
        "No balance yet. Mining income arrives here after each day's settlement.",
      ),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = { args: { loading: true }, play: playLoading };

export const ErrorState: Story = {
  args: { error: true },
  play: playErrorRetry('The balances could not be loaded.'),
};

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
