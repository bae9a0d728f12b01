import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { playErrorRetry, playLoading } from '../../lib/storyStates';
import { RewardTable, type RewardTableRow } from './RewardTable';

const rewards: RewardTableRow[] = [
  {
    date: '2025-03-13',
    coin: 'btc',
    invitee: 'da***13',
    revenue: '0.12345678',
    amount: '0.00024691',
  },
  { date: '2025-03-13', coin: 'ltc', invitee: 'da***13', revenue: '6.25', amount: '0.0125' },
  { date: '2025-03-12', coin: 'btc', invitee: 'ev***07', revenue: '0.0005', amount: '0.000001' },
];

const meta = {
  title: 'Widgets/RewardTable',
  component: RewardTable,
  args: { rewards, onExport: fn() },
} satisfies Meta<typeof RewardTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const table = within(canvas.getByRole('table', { name: 'Rewards' }));
    await expect(table.getAllByRole('row')).toHaveLength(4);
    await expect(table.getByText('0.00024691 BTC')).toBeInTheDocument();
    // Amounts as paid, at the coin's chain precision.
    await expect(table.getByText('0.000001 BTC')).toBeInTheDocument();
    await expect(canvas.getByText(/statistics as of 09:50 \(UTC\+8\)/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    await expect(args.onExport).toHaveBeenCalledTimes(1);
  },
};

export const Exporting: Story = {
  args: { exporting: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Export CSV' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onExport).not.toHaveBeenCalled();
  },
};

export const Loading: Story = { args: { loading: true }, play: playLoading };

export const Empty: Story = {
  args: { rewards: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No rewards yet.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  },
};

export const LoadFailed: Story = {
  args: { error: true, onRetry: fn() },
  play: playErrorRetry('The rewards could not be loaded.'),
};

export const WithoutExport: Story = {
  args: { onExport: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = {
  globals: { locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('table', { name: '奖励记录' }),
    ).toBeInTheDocument();
  },
};
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
