import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FIXED_NOW } from '../../lib/fixtures';
import { TicketThread, type TicketThreadEntry } from './TicketThread';

const at = (minutes: number) => new Date(FIXED_NOW + minutes * 60_000).toISOString();
const entries: TicketThreadEntry[] = [
  { id: 't', author: 'user', content: 'Yesterday’s payout did not arrive.', created_at: at(0) },
  {
    id: '1',
    author: 'support',
    content: 'User has two accounts; check the second.',
    created_at: at(5),
    internal: true,
    operator: 'operator',
  },
  {
    id: '2',
    author: 'support',
    content: 'It was paid to your second account, demorig2.',
    created_at: at(9),
    operator: 'operator',
  },
  { id: '3', author: 'user', content: 'Thanks, found it.', created_at: at(15) },
];

const meta = {
  title: 'Widgets/TicketThread',
  component: TicketThread,
  args: { entries: entries.filter((entry) => entry.internal !== true), timezone: 'UTC+08:00' },
  decorators: [(Story) => <div style={{ maxWidth: 760 }}>{Story()}</div>],
} satisfies Meta<typeof TicketThread>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UserView: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[1]).toHaveAttribute('data-author', 'support');
    await expect(canvas.getAllByText('You')).toHaveLength(2);
    await expect(canvas.queryByText('Internal note')).toBeNull();
  },
};

export const OperatorView: Story = {
  args: { entries, viewer: 'operator' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Internal note')).toBeInTheDocument();
    await expect(canvas.getAllByText('Support · operator')).toHaveLength(2);
    await expect(canvas.getAllByText('User')).toHaveLength(2);
  },
};

export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No replies yet.')).toBeInTheDocument();
  },
};
