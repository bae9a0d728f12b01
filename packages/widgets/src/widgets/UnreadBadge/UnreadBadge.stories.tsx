import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { UnreadBadge } from './UnreadBadge';

const meta = {
  title: 'Widgets/UnreadBadge',
  component: UnreadBadge,
  args: { count: 3 },
} satisfies Meta<typeof UnreadBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Some: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: '3 unread messages' })).toHaveTextContent('3');
  },
};

export const Capped: Story = {
  args: { count: 250 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('99+');
    await expect(canvas.getByRole('status')).toHaveAttribute('aria-label', '250 unread messages');
  },
};

export const None: Story = {
  args: { count: 0 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[role="status"]')).toBeNull();
  },
};

export const CustomLabel: Story = {
  args: { count: 7, label: '{{count}} new' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: '7 new' })).toBeInTheDocument();
  },
};
