import { COINS } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { SAMPLE_POOL_STATS } from '../../lib/fixtures';
import { playErrorRetry, playLoading, playShows } from '../../lib/storyStates';
import { PoolStatsCard } from './PoolStatsCard';

const meta = {
  title: 'Widgets/PoolStatsCard',
  component: PoolStatsCard,
  args: { stats: SAMPLE_POOL_STATS, coin: COINS.btc, timezone: 'UTC+08:00', onRetry: fn() },
} satisfies Meta<typeof PoolStatsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'BTC pool' })).toBeInTheDocument();
    await expect(canvas.getByText('42.87')).toBeInTheDocument();
    await expect(canvas.getByText('113.76 T')).toBeInTheDocument();
    await expect(canvas.getByText('888,123')).toBeInTheDocument();
    await expect(canvas.getByText('108.32%')).toBeInTheDocument();
    await expect(canvas.getByText('￥612,345.67')).toBeInTheDocument();
    await expect(canvas.getByText('2025-03-14')).toBeInTheDocument();
    await expect(canvas.getByText('19:13')).toBeInTheDocument();
  },
};

export const InDollars: Story = {
  args: { currency: { rate: '0.1380', symbol: '$' } },
  play: playShows('$84,503.70'),
};

export const UnknownFigures: Story = {
  args: { stats: { ...SAMPLE_POOL_STATS, price: null, luck_24h: null, last_block_time: null } },
};

export const Loading: Story = { args: { stats: undefined }, play: playLoading };

export const ErrorState: Story = { name: 'Error', args: { error: true }, play: playErrorRetry() };

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };

/** Kaspa's 9-digit block height on a 1200 px wide card: every count stays on one line. */
export const KaspaAt1200: Story = {
  name: 'Kaspa at 1200 px',
  args: {
    coin: COINS.kas,
    stats: { ...SAMPLE_POOL_STATS, coin: 'kas', block_height: 123_456_789, miners: 12_345_678 },
  },
  decorators: [
    (Story) => (
      <div style={{ width: 1200 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const height = await within(canvasElement).findByText('123,456,789');
    const lineHeight = Number.parseFloat(getComputedStyle(height).lineHeight);
    // One line: the value is no taller than one line of its text.
    await expect(height.getBoundingClientRect().height).toBeLessThan(lineHeight * 1.5);
    await expect(height.scrollWidth).toBeLessThanOrEqual(height.clientWidth + 1);
  },
};

/**
 * A card about 900 px wide (an iframe, a partner's column): the last block's date and time wrap
 * apart rather than run out of their column.
 */
export const LastBlockInANarrowColumn: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 900 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const date = await within(canvasElement).findByText('2025-03-14');
    const figure = date.closest('dd') as HTMLElement;
    await expect(figure.scrollWidth).toBeLessThanOrEqual(figure.clientWidth + 1);
  },
};
