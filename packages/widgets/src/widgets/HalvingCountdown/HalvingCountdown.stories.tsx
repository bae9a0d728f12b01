import { COINS } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FIXED_NOW } from '../../lib/fixtures';
import { playErrorRetry, playLoading } from '../../lib/storyStates';
import { HalvingCountdown } from './HalvingCountdown';

const meta = {
  title: 'Widgets/HalvingCountdown',
  component: HalvingCountdown,
  args: {
    coin: COINS.btc,
    currentHeight: 888_123,
    now: FIXED_NOW,
    timezone: 'UTC+08:00',
    onRetry: fn(),
  },
} satisfies Meta<typeof HalvingCountdown>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Reads the four boxes of the clock as numbers: days, hours, minutes, seconds. */
function clockOf(canvasElement: HTMLElement): number[] {
  return [...canvasElement.querySelectorAll('[role="timer"] > div > span:first-child')].map(
    (cell) => Number((cell.textContent ?? '').replace(/\D/g, '')),
  );
}

export const Bitcoin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // 1,050,000 − 888,123 blocks of 600 s.
    await expect(canvas.getByText('161,877')).toBeInTheDocument();
    await expect(canvas.getByText('1,050,000')).toBeInTheDocument();
    const remaining = 161_877 * 600;
    await expect(clockOf(canvasElement)).toEqual([
      Math.floor(remaining / 86_400),
      Math.floor((remaining % 86_400) / 3600),
      Math.floor((remaining % 3600) / 60),
      remaining % 60,
    ]);
    // The estimated date in the user's zone (UTC+08:00).
    const estimated = new Date(FIXED_NOW + remaining * 1000 + 8 * 3_600_000).toISOString();
    await expect(
      canvas.getByText(`${estimated.slice(0, 10)} ${estimated.slice(11, 16)}`),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '22.92');
  },
};

/** The clock ticks by itself when no `now` is given. */
export const Ticking: Story = {
  args: { now: undefined },
  play: async ({ canvasElement }) => {
    const before = clockOf(canvasElement);
    await waitFor(() => expect(clockOf(canvasElement)).not.toEqual(before), { timeout: 2500 });
  },
};

/** A host-controlled clock: the countdown follows `now`. */
export const ControlledTime: Story = {
  render: function ControlledTimeStory(args) {
    const [now, setNow] = useState(FIXED_NOW);
    return (
      <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
        <HalvingCountdown {...args} now={now} heightAt={FIXED_NOW} />
        <button type="button" onClick={() => setNow((value) => value + 61_000)}>
          Advance 61 s
        </button>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [days, hours, minutes, seconds] = clockOf(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Advance 61 s' }));
    const after = clockOf(canvasElement);
    const total = (parts: (number | undefined)[]) =>
      (parts[0] ?? 0) * 86_400 + (parts[1] ?? 0) * 3600 + (parts[2] ?? 0) * 60 + (parts[3] ?? 0);
    await expect(total([days, hours, minutes, seconds]) - total(after)).toBe(61);
  },
};

export const Zcash: Story = {
  name: 'Zcash (halvings off the interval grid)',
  args: { coin: COINS.zec, currentHeight: 2_900_000 },
  play: async ({ canvasElement }) => {
    // ZEC halves at 1,046,400 + k × 1,680,000.
    await expect(within(canvasElement).getByText('4,406,400')).toBeInTheDocument();
  },
};

export const NoHalving: Story = {
  args: { coin: COINS.doge, currentHeight: 5_600_000 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/DOGE has no halving/)).toBeInTheDocument();
  },
};

export const Loading: Story = { args: { loading: true }, play: playLoading };

export const ErrorState: Story = { name: 'Error', args: { error: true }, play: playErrorRetry() };

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
