import type { CatalogueMiner } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SAMPLE_MINERS } from '../../lib/fixtures';
import { playShows } from '../../lib/storyStates';
import { MinerRanking } from './MinerRanking';

const [, , a1466] = SAMPLE_MINERS;
if (!a1466) throw new Error('fixtures');
const miners: CatalogueMiner[] = [
  ...SAMPLE_MINERS,
  {
    ...a1466,
    id: 'old-s19',
    vendor: 'Bitmain',
    model: 'Antminer S19',
    hashrate: 95e12,
    power: 3250,
    unit_power: 34.2,
    profit: '-2.40',
    release_date: '2020-05',
  },
];

const meta = {
  title: 'Widgets/MinerRanking',
  component: MinerRanking,
  args: { miners, onSortChange: fn(), onMinerOpen: fn(), onRetry: fn() },
} satisfies Meta<typeof MinerRanking>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The model names in the order shown. */
function models(canvasElement: HTMLElement): string[] {
  return [...canvasElement.querySelectorAll('tbody th')].map(
    (cell) => cell.getAttribute('title') ?? '',
  );
}

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // Most profitable first; a loss keeps its sign.
    await expect(models(canvasElement)).toEqual([
      'Bitmain Antminer S21',
      'MicroBT WhatsMiner M60S',
      'Canaan Avalon Made A1466',
      'Bitmain Antminer S19',
    ]);
    await expect(canvas.getByRole('columnheader', { name: /Daily profit/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(canvas.getByText('-￥2.40')).toBeInTheDocument();
    // Rank by efficiency: lowest J/TH first on the second click.
    const efficiency = canvas.getByRole('columnheader', { name: /Efficiency/ });
    await userEvent.click(within(efficiency).getByRole('button'));
    await expect(efficiency).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(efficiency).getByRole('button'));
    await expect(efficiency).toHaveAttribute('aria-sort', 'ascending');
    await expect(args.onSortChange).toHaveBeenLastCalledWith({
      key: 'unit_power',
      direction: 'ascending',
    });
    await expect(models(canvasElement)[0]).toBe('Bitmain Antminer S21');
    await userEvent.click(canvas.getByRole('button', { name: 'WhatsMiner M60S' }));
    await expect(args.onMinerOpen).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'whatsminer-m60s' }),
    );
  },
};

export const Empty: Story = {
  args: { miners: [] },
  play: playShows('No machines match.'),
};
export const Loading: Story = { args: { loading: true } };
export const ErrorState: Story = { name: 'Error', args: { error: true } };
export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
