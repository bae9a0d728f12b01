import { COINS } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FIXED_NOW } from '../../lib/fixtures';
import { RedPacketCard, type RedPacketCardPacket } from './RedPacketCard';

const DAY = 86_400_000;
const inactive: RedPacketCardPacket = {
  name: 'Spring Festival hashrate gift',
  hashrate: 10e12,
  duration_days: 7,
  activation_deadline: new Date(FIXED_NOW + 3 * DAY).toISOString(),
  status: 'inactive',
  activated_at: null,
  ends_at: null,
  total_profit: '0',
};
const activated: RedPacketCardPacket = {
  ...inactive,
  status: 'activated',
  activated_at: new Date(FIXED_NOW - 2 * DAY).toISOString(),
  ends_at: new Date(FIXED_NOW + 5 * DAY).toISOString(),
  total_profit: '0.00001234567',
};

const meta = {
  title: 'Widgets/RedPacketCard',
  component: RedPacketCard,
  args: {
    packet: inactive,
    coin: COINS.btc,
    now: FIXED_NOW,
    timezone: 'UTC+08:00',
    onActivate: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof RedPacketCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Inactive: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Not activated')).toHaveAttribute('data-tone', 'warning');
    await expect(canvas.getByText('10.00 TH/s')).toBeInTheDocument();
    await expect(canvas.getByText('Activate by: 2025-03-17 20:00')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Activate' }));
    await expect(args.onActivate).toHaveBeenCalledTimes(1);
  },
};

export const Activating: Story = {
  args: { activating: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Activate' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onActivate).not.toHaveBeenCalled();
  },
};

export const Activated: Story = {
  args: { packet: activated },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Activated')).toHaveAttribute('data-tone', 'success');
    // Coin amounts are cut to the coin's display decimals, never rounded up.
    await expect(canvas.getByText('0.000012')).toBeInTheDocument();
    await expect(canvas.getByText('Earning until 2025-03-19 20:00')).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Past its deadline and still inactive: shown as invalid before the server's job says so. */
export const InvalidByDeadline: Story = {
  args: { now: FIXED_NOW + 4 * DAY },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Invalid')).toHaveAttribute('data-tone', 'danger');
    await expect(canvas.queryByRole('button', { name: 'Activate' })).toBeNull();
  },
};

export const Expired: Story = { args: { packet: { ...activated, status: 'expired' } } };

export const Invalid: Story = {
  args: { packet: { ...inactive, status: 'invalid' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Invalid')).toHaveAttribute('data-tone', 'danger');
  },
};

export const LongName: Story = {
  args: {
    packet: {
      ...inactive,
      name: 'A very long red packet name given by a generous pool operator for the lunar new year',
    },
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveAttribute('aria-busy', 'true');
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <RedPacketCard {...args} packet={inactive} />
      <RedPacketCard {...args} packet={activated} />
      <RedPacketCard {...args} packet={{ ...activated, status: 'expired' }} />
      <RedPacketCard {...args} packet={{ ...inactive, status: 'invalid' }} />
    </div>
  ),
};

export const Dark: Story = { ...AllStates, globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
