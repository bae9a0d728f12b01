import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { FIXED_NOW } from '../../lib/fixtures';
import { playErrorRetry, playLoading, playShows } from '../../lib/storyStates';
import { InviteeTable, type InviteeTableRow } from './InviteeTable';

const DAY = 86_400_000;
const invitees: InviteeTableRow[] = [
  {
    username: 'da***13',
    registered_at: new Date(FIXED_NOW - 2 * DAY).toISOString(),
    mining: true,
    earnings: [
      { coin: 'btc', revenue: '0.12345678', reward: '0.00024691' },
      { coin: 'ltc', revenue: '6.25', reward: '0.0125' },
    ],
  },
  {
    username: 'ev***07',
    registered_at: new Date(FIXED_NOW - 9 * DAY).toISOString(),
    mining: false,
    earnings: [],
  },
];

const meta = {
  title: 'Widgets/InviteeTable',
  component: InviteeTable,
  args: { invitees, timezone: 'UTC+08:00' },
} satisfies Meta<typeof InviteeTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ canvasElement }) => {
    const table = within(within(canvasElement).getByRole('table', { name: 'Invited users' }));
    await expect(table.getByText('da***13')).toBeInTheDocument();
    await expect(table.getByText('2025-03-12 20:00:00')).toBeInTheDocument();
    // "Mining" is also the column's name: the tag is the one with a tone.
    await expect(canvasElement.querySelector('td [data-tone="success"]')).toHaveTextContent(
      'Mining',
    );
    await expect(table.getByText('Not mining')).toHaveAttribute('data-tone', 'neutral');
    // Per coin, the revenue rewarded and the 0.2 % paid on it.
    await expect(table.getByText('0.12345678 BTC · 6.25 LTC')).toBeInTheDocument();
    await expect(table.getByText('0.00024691 BTC · 0.0125 LTC')).toBeInTheDocument();
  },
};

export const Loading: Story = { args: { loading: true }, play: playLoading };

export const Empty: Story = {
  args: { invitees: [] },
  play: playShows('Nobody has registered with your link yet.'),
};

export const LoadFailed: Story = {
  args: { error: true, onRetry: fn() },
  play: playErrorRetry('The invited users could not be loaded.'),
};

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = {
  globals: { locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('table', { name: '邀请的用户' }),
    ).toBeInTheDocument();
  },
};
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
