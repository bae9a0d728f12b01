import { COINS, calculateProfit, formatCurrency, formatDecimal } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SAMPLE_MINERS, SAMPLE_POOL_STATS } from '../../lib/fixtures';
import { ProfitCalculator } from './ProfitCalculator';

const base = {
  blockReward: '3.125',
  blockTimeSec: 600,
  networkHashrate: SAMPLE_POOL_STATS.network_hashrate,
  poolFeeRate: 0.02,
};

const meta = {
  title: 'Widgets/ProfitCalculator',
  component: ProfitCalculator,
  args: {
    coin: COINS.btc,
    networkHashrate: SAMPLE_POOL_STATS.network_hashrate,
    poolFeeRate: 0.02,
    presets: SAMPLE_MINERS,
    defaultValues: { coinPrice: '612345.67' },
    onValuesChange: fn(),
  },
} satisfies Meta<typeof ProfitCalculator>;

export default meta;
type Story = StoryObj<typeof meta>;

const yuan = (amount: string) => formatCurrency(amount, { symbol: '￥' });

/** The cells of a result row: daily, monthly. */
function resultRow(canvasElement: HTMLElement, row: string): string[] {
  return [...canvasElement.querySelectorAll(`tr[data-row="${row}"] td`)].map(
    (cell) => cell.textContent ?? '',
  );
}

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const expected = calculateProfit({
      ...base,
      hashrate: 100e12,
      coinPrice: '612345.67',
      powerW: 3000,
      electricityPricePerKwh: '0.35',
    });
    await expect(resultRow(canvasElement, 'revenue')).toEqual([
      yuan(expected.daily.revenue),
      yuan(expected.monthly.revenue),
    ]);
    await expect(resultRow(canvasElement, 'profit')[0]).toBe(yuan(expected.daily.profit));
    await expect(resultRow(canvasElement, 'coinsMined')[0]).toBe(`${expected.daily.coins} BTC`);
    // Break-even coin price: cost / coins, in cents.
    await expect(
      canvas.getByText(
        `￥${formatDecimal(expected.breakEvenCoinPrice ?? '0', 2, { grouping: true, rounding: 'half-up' })}`,
      ),
    ).toBeInTheDocument();

    // A dearer electricity fee lowers the profit.
    const fee = canvas.getByRole('textbox', { name: /Electricity fee/ });
    await userEvent.clear(fee);
    await userEvent.type(fee, '1.2');
    const dearer = calculateProfit({
      ...base,
      hashrate: 100e12,
      coinPrice: '612345.67',
      powerW: 3000,
      electricityPricePerKwh: '1.2',
    });
    await expect(resultRow(canvasElement, 'electricityCost')[0]).toBe(
      yuan(dearer.daily.electricityCost),
    );
    await expect(resultRow(canvasElement, 'profit')[0]).toBe(yuan(dearer.daily.profit));
    await expect(args.onValuesChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ electricityPrice: '1.2' }),
    );
  },
};

export const MinerPreset: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Miner model' }),
      'Bitmain Antminer S21',
    );
    await expect(canvas.getByRole('textbox', { name: 'Hashrate' })).toHaveValue('200.00');
    await expect(canvas.getByRole('combobox', { name: 'Unit' })).toHaveValue('TH/s');
    await expect(canvas.getByRole('textbox', { name: /Power/ })).toHaveValue('3500');
    const expected = calculateProfit({
      ...base,
      hashrate: 200e12,
      coinPrice: '612345.67',
      powerW: 3500,
      electricityPricePerKwh: '0.35',
    });
    await expect(resultRow(canvasElement, 'profit')).toEqual([
      yuan(expected.daily.profit),
      yuan(expected.monthly.profit),
    ]);
    // Editing a figure by hand leaves the preset.
    await userEvent.type(canvas.getByRole('textbox', { name: /Power/ }), '0');
    await expect(canvas.getByRole('combobox', { name: 'Miner model' })).toHaveValue('');
  },
};

export const InvalidInput: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const hashrate = canvas.getByRole('textbox', { name: 'Hashrate' });
    await userEvent.clear(hashrate);
    await userEvent.type(hashrate, '-5');
    // Marked invalid once the user leaves the field.
    await userEvent.tab();
    await expect(hashrate).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText(/as positive numbers/)).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/**
 * Issue 27: the empty "Coin price" is not red before anyone typed; it is once the user leaves it
 * empty.
 */
export const EmptyCoinPriceUntouched: Story = {
  args: { defaultValues: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const coinPrice = canvas.getByRole('textbox', { name: /Coin price/ });
    await expect(coinPrice).toHaveValue('');
    await expect(coinPrice).not.toHaveAttribute('aria-invalid');
    await expect(canvasElement.querySelector('[aria-invalid="true"]')).toBeNull();
    // Typing elsewhere does not mark it either.
    const fee = canvas.getByRole('textbox', { name: /Electricity fee/ });
    await userEvent.clear(fee);
    await userEvent.type(fee, '0.4');
    await expect(coinPrice).not.toHaveAttribute('aria-invalid');
    // Entering it and leaving it empty does.
    await userEvent.click(coinPrice);
    await userEvent.tab();
    await expect(coinPrice).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Unprofitable: Story = {
  args: { defaultValues: { coinPrice: '612345.67', electricityPrice: '2.5' } },
  play: async ({ canvasElement }) => {
    const tag = within(canvasElement).getByText('Not profitable');
    await expect(tag).toHaveAttribute('data-tone', 'danger');
    await expect(resultRow(canvasElement, 'profit')[0]).toMatch(/^-￥/);
  },
};

export const UsDollars: Story = {
  args: { defaultValues: { coinPrice: '84000', currency: 'USD', electricityPrice: '0.06' } },
  play: async ({ canvasElement }) => {
    await expect(resultRow(canvasElement, 'revenue')[0]).toMatch(/^\$\d/);
  },
};

export const WithoutPresets: Story = { args: { presets: undefined } };

export const Kaspa: Story = {
  args: {
    coin: COINS.kas,
    networkHashrate: 1.2e18,
    presets: undefined,
    defaultValues: { hashrate: '21', unit: 'TH/s', powerW: '3150', coinPrice: '0.62' },
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
