import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FIXED_NOW } from '../../lib/fixtures';
import { ObserverLinkCard, type ObserverLinkCardLink } from './ObserverLinkCard';

const link: ObserverLinkCardLink = {
  nickname: 'Accountant',
  url: 'https://pool.example/observer_redirect?observer_token=obs_3f9a7c2e1d8b4a6f',
  expiry: 'one_week',
  expires_at: new Date(FIXED_NOW + 5 * 86_400_000).toISOString(),
  pools: ['btc', 'ltc'],
};

const meta = {
  title: 'Widgets/ObserverLinkCard',
  component: ObserverLinkCard,
  args: { link, now: FIXED_NOW, timezone: 'UTC+08:00', onDelete: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
} satisfies Meta<typeof ObserverLinkCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('img', { name: 'QR code of the observer link Accountant' }),
    ).toBeInTheDocument();
    await expect(canvas.getByText('One week')).toBeInTheDocument();
    await expect(canvas.getByText('2025-03-19 20:00')).toBeInTheDocument();
    await expect(canvas.getByText('BTC, LTC')).toBeInTheDocument();
    await expect(canvas.getByText('Active')).toHaveAttribute('data-tone', 'success');
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
  },
};

export const Copy: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    // Copied, or refused by a browser without clipboard permission: either is announced.
    await expect(await canvas.findByText(/Link copied|Copy failed/)).toBeInTheDocument();
  },
};

export const Forever: Story = {
  args: { link: { ...link, expiry: 'forever', expires_at: null, pools: [] } },
};

export const Expired: Story = {
  args: { now: FIXED_NOW + 6 * 86_400_000 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Expired')).toHaveAttribute(
      'data-tone',
      'neutral',
    );
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
