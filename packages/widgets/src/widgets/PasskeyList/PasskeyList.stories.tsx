import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FIXED_NOW } from '../../lib/fixtures';
import { playErrorRetry, playLoading, playShows } from '../../lib/storyStates';
import { PasskeyList, type PasskeyListItem } from './PasskeyList';

const DAY = 86_400_000;

/** The owner's phone, used this morning, and one added yesterday by whoever held the account. */
const passkeys: PasskeyListItem[] = [
  {
    id: '11',
    nickname: 'My phone',
    created_at: new Date(FIXED_NOW - 40 * DAY).toISOString(),
    last_used_at: new Date(FIXED_NOW - 3 * 3_600_000).toISOString(),
  },
  {
    id: '12',
    nickname: 'Laptop',
    created_at: new Date(FIXED_NOW - DAY).toISOString(),
    last_used_at: null,
  },
];

/**
 * The screen after a password reset lists the account's passkeys with this widget, so the owner
 * can remove one planted by whoever held the account.
 */
const meta = {
  title: 'Widgets/PasskeyList',
  component: PasskeyList,
  args: { passkeys, timezone: 'UTC+08:00', onRemove: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 640 }}>{Story()}</div>],
} satisfies Meta<typeof PasskeyList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AfterPasswordReset: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const table = within(canvas.getByRole('table', { name: 'Passkeys of the account' }));
    await expect(table.getByText('My phone')).toBeInTheDocument();
    // When each was added and last used, in the user's zone; "Never" when it has not been.
    await expect(table.getByText('2025-02-02 20:00')).toBeInTheDocument();
    await expect(table.getByText('2025-03-14 17:00')).toBeInTheDocument();
    await expect(table.getByText('2025-03-13 20:00')).toBeInTheDocument();
    await expect(table.getByText('Never')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Laptop' }));
    await expect(args.onRemove).toHaveBeenCalledWith(passkeys[1]);
  },
};

export const Removing: Story = {
  args: { removingId: '12' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Remove Laptop' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    // One removal at a time.
    await expect(canvas.getByRole('button', { name: 'Remove My phone' })).toBeDisabled();
  },
};

export const ReadOnly: Story = {
  args: { onRemove: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

export const Empty: Story = {
  args: { passkeys: [] },
  play: playShows('This account has no passkeys.'),
};

export const Loading: Story = { args: { loading: true }, play: playLoading };

export const LoadFailed: Story = {
  args: { error: true, onRetry: fn() },
  play: playErrorRetry('The passkeys could not be loaded.'),
};

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = {
  globals: { locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: '账户的通行密钥' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: '删除 Laptop' })).toBeInTheDocument();
  },
};
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
