import { averageLuck, formatPercent } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { poolBlocks } from '../../lib/fixtures';
import { playErrorRetry, playLoading, playShows } from '../../lib/storyStates';
import { Luck } from './Luck';

const blocks = poolBlocks(60);

const meta = {
  title: 'Widgets/Luck',
  component: Luck,
  args: { blocks, timezone: 'UTC+08:00', onRetry: fn() },
} satisfies Meta<typeof Luck>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const recent = blocks.slice(0, 30);
    const bars = canvasElement.querySelectorAll('svg rect');
    await expect(bars).toHaveLength(30);
    // Green above the 100 % baseline, amber below.
    const above = recent.filter((block) => (block.luck ?? 0) >= 1).length;
    await expect(canvasElement.querySelectorAll('rect[data-tone="above"]')).toHaveLength(above);
    await expect(canvasElement.querySelectorAll('rect[data-tone="below"]')).toHaveLength(
      30 - above,
    );
    // The badge: core's average over the window, with its word.
    const average = averageLuck(recent.map((block) => ({ effort: 1 / (block.luck ?? 1) }))) ?? 0;
    await expect(canvas.getByText(formatPercent(average / 100))).toBeInTheDocument();
    await expect(
      canvas.getByText(average >= 100 ? 'Above 100 %' : 'Below 100 %', {
        selector: 'span[data-tone]',
      }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('img')).toHaveAccessibleName(
      `Luck of the last 30 blocks: ${above} at or above 100 %, ${30 - above} below.`,
    );
    // Each bar names its block, oldest on the left.
    await expect(bars[29]?.textContent).toContain(`Block ${recent[0]?.height}`);
  },
};

export const ShortWindow: Story = {
  args: { window: 8 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('svg rect')).toHaveLength(8);
    await expect(
      within(canvasElement).getByText('average of the last 8 blocks'),
    ).toBeInTheDocument();
  },
};

export const LongWindow: Story = { args: { window: 60 } };

export const Unlucky: Story = {
  args: {
    blocks: blocks.map((block) => ({
      ...block,
      luck: block.luck === null ? null : Math.min(block.luck, 0.9),
    })),
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Below 100 %', { selector: 'span[data-tone]' }),
    ).toHaveAttribute('data-tone', 'warning');
  },
};

export const Empty: Story = {
  args: { blocks: [] },
  play: playShows('No blocks found in this window yet.'),
};

export const Loading: Story = { args: { loading: true }, play: playLoading };

export const ErrorState: Story = { name: 'Error', args: { error: true }, play: playErrorRetry() };

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
