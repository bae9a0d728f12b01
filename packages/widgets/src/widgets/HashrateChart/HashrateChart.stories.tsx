import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { averageSeries, FIXED_NOW, hashrateSeries, rejectedSeries } from '../../lib/fixtures';
import { playErrorRetry, playLoading } from '../../lib/storyStates';
import { HashrateChart, type HashrateChartSeries } from './HashrateChart';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// 30 days of 10-minute points: one series serves every span of the range switch.
const accepted = hashrateSeries(30 * 144, 10 * MINUTE, 128e12, { seed: 5 });
const typicalSeries: HashrateChartSeries[] = [
  { key: 'accepted', kind: 'accepted', points: accepted },
  { key: 'rejected', kind: 'rejected', points: rejectedSeries(accepted) },
  { key: 'average', kind: 'average', points: averageSeries(accepted, 144) },
];

const meta = {
  title: 'Widgets/HashrateChart',
  component: HashrateChart,
  args: { series: typicalSeries, timezone: 'UTC+08:00', onRangeChange: fn(), onRetry: fn() },
} satisfies Meta<typeof HashrateChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Points the pointer at a fraction of the plot's width. */
function pointAt(plot: HTMLElement, fraction: number) {
  const bounds = plot.getBoundingClientRect();
  const init = {
    clientX: bounds.left + bounds.width * fraction,
    clientY: bounds.top + bounds.height / 2,
    pointerType: 'mouse',
  };
  fireEvent.pointerMove(plot, init);
}

export const Typical: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const plot = await canvas.findByTestId('hashrate-plot');
    await expect(canvas.getByRole('button', { name: '24 h' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Axis in HH:mm for a day.
    await expect(canvasElement.querySelector('svg')?.textContent).toMatch(/\d{2}:\d{2}/);
    pointAt(plot, 0.6);
    const tooltip = await canvas.findByRole('tooltip');
    // The full time in the user's zone, and every series.
    await expect(tooltip).toHaveTextContent(/2025-03-1\d \d{2}:\d{2}:\d{2}/);
    await expect(tooltip).toHaveTextContent('Accepted');
    await expect(tooltip).toHaveTextContent('Rejected');
    await expect(tooltip).toHaveTextContent('Average');
    await expect(tooltip).toHaveTextContent(/\d+\.\d{2} [KMGTPEZY]?H\/s/);
    await userEvent.unhover(plot);
    await waitFor(() => expect(canvas.queryByRole('tooltip')).toBeNull());
  },
};

export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const plot = await canvas.findByTestId('hashrate-plot');
    plot.focus();
    await userEvent.keyboard('{End}');
    const tooltip = await canvas.findByRole('tooltip');
    // The newest point: 2025-03-14 12:00 UTC is 20:00 at UTC+08:00.
    await expect(tooltip).toHaveTextContent('2025-03-14 20:00:00');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('tooltip')).toHaveTextContent('2025-03-14 19:50:00');
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('tooltip')).toBeNull();
  },
};

export const RangeSwitch: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('hashrate-plot');
    await userEvent.click(canvas.getByRole('button', { name: '7 d' }));
    await expect(args.onRangeChange).toHaveBeenCalledWith('7d');
    await expect(canvas.getByRole('button', { name: '7 d' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Longer ranges label the axis MM-DD and keep the time in the tooltip (10-minute points).
    await waitFor(() => expect(canvasElement.querySelector('svg')?.textContent).toMatch(/03-1\d/));
    pointAt(canvas.getByTestId('hashrate-plot'), 0.5);
    await expect(await canvas.findByRole('tooltip')).toHaveTextContent(
      /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
    );
  },
};

export const ThirtyDaysDaily: Story = {
  args: {
    defaultRange: '30d',
    series: [
      { key: 'daily', kind: 'accepted', points: hashrateSeries(30, DAY, 2.4e15, { seed: 9 }) },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    pointAt(await canvas.findByTestId('hashrate-plot'), 0.5);
    // Daily points: the tooltip shows the date only.
    await expect(await canvas.findByRole('tooltip')).toHaveTextContent(
      /^\d{4}-\d{2}-\d{2}Accepted/,
    );
  },
};

export const Loading: Story = { args: { loading: true }, play: playLoading };

export const Empty: Story = {
  args: { series: [] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/No hashrate/)).toBeInTheDocument();
  },
};

export const ErrorState: Story = { name: 'Error', args: { error: true }, play: playErrorRetry() };

/** A year of minute points (525,600): downsampled to the plot's width before drawing. */
export const LargeSeries: Story = {
  args: {
    defaultRange: '30d',
    series: [
      {
        key: 'large',
        kind: 'accepted',
        points: hashrateSeries(525_600, (30 * DAY) / 525_600, 3.2e18, { seed: 2 }),
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('hashrate-plot');
    await waitFor(() => expect(canvasElement.querySelector('path.visx-line')).not.toBeNull());
    // One vertex per pixel at most: the path stays small however long the series.
    const path = canvasElement.querySelector('path.visx-line')?.getAttribute('d') ?? '';
    await expect(path.split('L').length).toBeLessThan(2000);
  },
};

export const SolutionsUnit: Story = {
  name: 'Sol/s unit (ZEC)',
  args: {
    baseUnit: 'Sol/s',
    title: 'ZEC hashrate',
    series: [
      {
        key: 'zec',
        kind: 'accepted',
        points: hashrateSeries(144, 10 * MINUTE, 8.4e9, { seed: 4 }),
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(canvasElement.querySelector('svg')?.textContent).toContain('GSol/s'),
    );
  },
};

/** A pool picker in the header: the chart and what it shows stay in one card. */
export const WithToolbar: Story = {
  args: {
    title: 'Pool hashrate',
    toolbar: (
      <label>
        Pool{' '}
        <select defaultValue="btc">
          <option value="btc">Bitcoin</option>
          <option value="ltc">Litecoin</option>
        </select>
      </label>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const picker = await canvas.findByRole('combobox', { name: 'Pool' });
    // In the chart card's header, with the title and the range buttons.
    const header = canvas.getByRole('heading', { name: 'Pool hashrate' }).parentElement;
    await expect(header).toContainElement(picker);
    await expect(header).toContainElement(canvas.getByRole('button', { name: '24 h' }));
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };

export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };

export const EndOfRange: Story = {
  name: 'Fixed end (now)',
  args: { end: FIXED_NOW + 6 * 60 * MINUTE },
};
