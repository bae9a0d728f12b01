import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { OrderStatusSteps } from './OrderStatusSteps';

const meta = {
  title: 'Widgets/OrderStatusSteps',
  component: OrderStatusSteps,
  args: { status: 'unpaid', payMethod: null },
} satisfies Meta<typeof OrderStatusSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unpaid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'Order progress' })).toBeInTheDocument();
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(5);
    await expect(items[0]).toHaveAttribute('aria-current', 'step');
  },
};

export const UnderReview: Story = {
  args: { status: 'review', payMethod: 'transfer' },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items[0]).toHaveAttribute('data-state', 'done');
    await expect(items[1]).toHaveAttribute('data-state', 'current');
  },
};

export const PaidFromWallet: Story = {
  args: { status: 'pending', payMethod: 'wallet' },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    // No review step for a wallet payment.
    await expect(items).toHaveLength(4);
    await expect(items[1]).toHaveAttribute('aria-current', 'step');
  },
};

export const Mining: Story = { args: { status: 'effect', payMethod: 'wallet' } };

export const Finished: Story = {
  args: { status: 'finish', payMethod: 'wallet' },
  play: async ({ canvasElement }) => {
    for (const item of within(canvasElement).getAllByRole('listitem')) {
      await expect(item).toHaveAttribute('data-state', 'done');
    }
  },
};

export const Rejected: Story = {
  args: { status: 'reject', payMethod: 'transfer' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Stopped: Rejected')).toBeInTheDocument();
  },
};

export const Cancelled: Story = {
  args: { status: 'cancelled' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Stopped: Cancelled')).toBeInTheDocument();
  },
};
