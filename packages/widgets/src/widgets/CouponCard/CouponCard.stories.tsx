import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FIXED_NOW } from '../../lib/fixtures';
import { CouponCard, type CouponCardCoupon } from './CouponCard';

const DAY = 86_400_000;
const unused: CouponCardCoupon = {
  code: 'SPRING-2025-FEE',
  fee_reduction_percent: '20',
  coin: 'btc',
  validity_days: 30,
  use_before: new Date(FIXED_NOW + 10 * DAY).toISOString(),
  started_at: null,
  ends_at: null,
  status: 'unused',
};
const inUse: CouponCardCoupon = {
  ...unused,
  status: 'in_use',
  started_at: new Date(FIXED_NOW - 5 * DAY).toISOString(),
  ends_at: new Date(FIXED_NOW + 25 * DAY).toISOString(),
};

const meta = {
  title: 'Widgets/CouponCard',
  component: CouponCard,
  args: {
    coupon: unused,
    coinSymbol: 'BTC',
    now: FIXED_NOW,
    timezone: 'UTC+08:00',
    onUse: fn(),
    onOpenDetails: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof CouponCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unused: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: '20% off the pool fee' })).toBeInTheDocument();
    await expect(canvas.getByText('Unused')).toHaveAttribute('data-tone', 'info');
    await expect(canvas.getByText('Use before: 2025-03-24 20:00')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Use' }));
    await expect(args.onUse).toHaveBeenCalledTimes(1);
  },
};

export const InUse: Story = {
  args: { coupon: inUse },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('In use')).toHaveAttribute('data-tone', 'success');
    await expect(canvas.getByText('Reducing fees until 2025-04-08 20:00')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Savings' }));
    await expect(args.onOpenDetails).toHaveBeenCalledTimes(1);
  },
};

/** Never started before its date: expired, without waiting for the server. */
export const ExpiredByDate: Story = {
  args: { now: FIXED_NOW + 11 * DAY },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Expired')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Use' })).toBeNull();
  },
};

/** Its 30 days have run: used. */
export const UsedUp: Story = {
  args: { coupon: inUse, now: FIXED_NOW + 26 * DAY },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Used')).toHaveAttribute('data-tone', 'neutral');
  },
};

export const AnyCoin: Story = { args: { coupon: { ...unused, coin: null } } };

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
