import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { playErrorRetry, playLoading } from '../../lib/storyStates';
import { ContractDashboard, type ContractDashboardCoin } from './ContractDashboard';

const btc: ContractDashboardCoin = {
  coin: 'btc',
  active_orders: 3,
  power: 300e12,
  yesterday_net_amount: '0.00012345',
  total_net_amount: '0.00456789',
};
const coins: ContractDashboardCoin[] = [
  btc,
  {
    coin: 'ltc',
    active_orders: 1,
    power: 5e9,
    yesterday_net_amount: '0.0123',
    total_net_amount: '0.00123',
  },
];

const meta = {
  title: 'Widgets/ContractDashboard',
  component: ContractDashboard,
  args: { coins, browseHref: '/contract/list' },
} satisfies Meta<typeof ContractDashboard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'BTC' })).toBeInTheDocument();
    await expect(canvas.getByText('300.00 TH/s')).toBeInTheDocument();
    await expect(canvas.getByText('0.000123')).toBeInTheDocument();
    // Both figures are net of fees (the server sums credited days): the labels say so.
    await expect(canvas.getAllByText('Total net output').length).toBeGreaterThan(0);
    // The chart labels every bar with its amount; the largest total fills its track.
    const chart = canvas.getByRole('figure', { name: 'Total net output by coin' });
    await expect(within(chart).getAllByRole('listitem')).toHaveLength(2);
    await expect(within(chart).getByText('0.004567')).toBeInTheDocument();
  },
};

/** Orders paid but nothing credited yet: the totals without a chart. */
export const NothingCreditedYet: Story = {
  args: {
    coins: [{ ...btc, yesterday_net_amount: '0', total_net_amount: '0', active_orders: 0 }],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('figure')).toBeNull();
  },
};

export const Empty: Story = {
  args: {
    coins: [],
    onNavigate: fn((_href: string, event: { preventDefault: () => void }) =>
      event.preventDefault(),
    ),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No paid contracts yet.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('link', { name: 'Browse contracts' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/contract/list', expect.anything());
  },
};

export const Loading: Story = { args: { loading: true }, play: playLoading };

export const LoadFailed: Story = {
  args: { error: true, onRetry: fn() },
  play: playErrorRetry('The contract totals could not be loaded.'),
};

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = {
  globals: { locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByText('合约算力')).toHaveLength(2);
  },
};
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
