import type { InboxMessage, MessageType } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FIXED_NOW } from '../../lib/fixtures';
import { MessageList } from './MessageList';

const MINUTE = 60_000;
const sample: InboxMessage[] = [
  {
    id: '3',
    type: 'miner_offline',
    title: 'Workers offline on demo01',
    content: '1 workers of demo01 on btc stopped sending shares: rig07.',
    pool: 'btc',
    account: 'demo01',
    created_at: new Date(FIXED_NOW - 5 * MINUTE).toISOString(),
    read: false,
  },
  {
    id: '2',
    type: 'hashrate_alert',
    title: 'Low hashrate on demo01',
    content:
      'The 1-hour hashrate of demo01 on btc is 80.00 TH/s, below your threshold of 100.00 TH/s.',
    pool: 'btc',
    account: 'demo01',
    created_at: new Date(FIXED_NOW - 60 * MINUTE).toISOString(),
    read: false,
  },
  {
    id: '1',
    type: 'setting_update',
    title: 'Account setting changed',
    content:
      'A change was made to your login password. If this was not you, change your password and contact support.',
    pool: null,
    account: null,
    created_at: new Date(FIXED_NOW - 24 * 60 * MINUTE).toISOString(),
    read: true,
  },
];

const meta = {
  title: 'Widgets/MessageList',
  component: MessageList,
  args: {
    messages: sample,
    type: null,
    onTypeChange: fn(),
    onMarkRead: fn(),
    onMarkAllRead: fn(),
    onDelete: fn(),
    timezone: 'UTC+08:00',
  },
  decorators: [(Story) => <div style={{ maxWidth: 880 }}>{Story()}</div>],
} satisfies Meta<typeof MessageList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Mixed: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveAttribute('data-state', 'unread');
    await expect(items[2]).toHaveAttribute('data-state', 'read');
    await expect(canvas.getByText('2025-03-14 19:55')).toBeInTheDocument();
    await userEvent.click(canvas.getAllByRole('button', { name: 'Mark read' })[0] as HTMLElement);
    await expect(args.onMarkRead).toHaveBeenCalledWith('3');
    await userEvent.click(canvas.getByRole('button', { name: 'Delete: Account setting changed' }));
    await expect(args.onDelete).toHaveBeenCalledWith('1');
    await userEvent.click(canvas.getByRole('button', { name: 'Mark all read' }));
    await expect(args.onMarkAllRead).toHaveBeenCalledTimes(1);
  },
};

/** The kind filter, wired to state as a page would. */
export const FilterByType: Story = {
  render: (args) => {
    const [type, setType] = useState<MessageType | null>(null);
    const shown = type === null ? args.messages : args.messages.filter((m) => m.type === type);
    return <MessageList {...args} messages={shown} type={type} onTypeChange={setType} />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Miner offline' }));
    await expect(canvas.getByRole('button', { name: 'Miner offline' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Ticket reply' }));
    await expect(canvas.getByText('No messages yet')).toBeInTheDocument();
  },
};

/** A money movement of the wallet: its own kind, "Wallet", with its own filter. */
export const WalletMessage: Story = {
  args: {
    messages: [
      {
        id: '4',
        type: 'wallet_update',
        title: 'Withdrawal rejected',
        content:
          'Your withdrawal of 0.5 BTC to bc1qexample was rejected: address on a sanctions list. 0.5002 BTC is back on your available balance.',
        pool: null,
        account: null,
        created_at: new Date(FIXED_NOW - 2 * MINUTE).toISOString(),
        read: false,
      },
    ],
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('listitem')).toHaveTextContent('Wallet');
    await userEvent.click(canvas.getByRole('button', { name: 'Wallet' }));
    await expect(args.onTypeChange).toHaveBeenCalledWith('wallet_update');
  },
};

export const AllRead: Story = {
  args: { messages: sample.map((message) => ({ ...message, read: true })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Mark all read' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Mark read' })).toBeNull();
  },
};

export const Busy: Story = {
  args: { busyIds: ['3'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button', { name: 'Mark read' })[0]).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { messages: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No messages yet')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { status: 'loading', messages: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveAttribute('aria-busy', 'true');
  },
};

export const ErrorState: Story = {
  args: { status: 'error', messages: [], errorMessage: 'Request failed', onRetry: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Request failed');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const CustomLabels: Story = {
  args: { labels: { markAllRead: 'Read everything' } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Read everything' }),
    ).toBeInTheDocument();
  },
};
