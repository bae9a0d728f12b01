import { COINS } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { poolBlocks } from '../../lib/fixtures';
import { playErrorRetry, playLoading, playShows } from '../../lib/storyStates';
import { BlockTable } from './BlockTable';

const blocks = poolBlocks(10);

const meta = {
  title: 'Widgets/BlockTable',
  component: BlockTable,
  args: {
    blocks,
    coin: COINS.btc,
    timezone: 'UTC+08:00',
    explorerUrl: (block) => `https://explorer.example/block/${block.height}`,
    onRetry: fn(),
  },
} satisfies Meta<typeof BlockTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Blocks' });
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(11);
    const first = rows[1];
    if (!first) throw new Error('no rows');
    await expect(within(first).getByRole('link', { name: '3,912,345' })).toHaveAttribute(
      'href',
      'https://explorer.example/block/3912345',
    );
    // Time in the user's zone; reward cut to the coin's 6 decimals; state with its word.
    await expect(first).toHaveTextContent('2025-03-14 19:55:00');
    await expect(first).toHaveTextContent(/3\.\d{6}BTC/);
    await expect(within(first).getByText('Pending')).toHaveAttribute('data-tone', 'info');
    await expect(first).toHaveTextContent('3/100 confirmations');
    await expect(within(table).getByText('Orphaned')).toHaveAttribute('data-tone', 'danger');
  },
};

export const WithoutExplorer: Story = { args: { explorerUrl: undefined } };

export const Empty: Story = {
  args: { blocks: [] },
  play: playShows('The pool has not found a block yet.'),
};

export const Loading: Story = { args: { loading: true }, play: playLoading };

export const ErrorState: Story = { name: 'Error', args: { error: true }, play: playErrorRetry() };

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
