import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Switch } from './Switch';

const meta = {
  title: 'Base/Switch',
  component: Switch,
  args: { children: 'Hide wallet balance', onCheckedChange: fn() },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Hide wallet balance' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(toggle).toHaveAttribute('data-state', 'unchecked');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(toggle).toHaveAttribute('data-state', 'checked');
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.keyboard('{Enter}');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    // The label toggles it too.
    await userEvent.click(canvas.getByText('Hide wallet balance'));
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(4);
  },
};

export const WithDescription: Story = {
  args: {
    defaultChecked: true,
    labelPosition: 'start',
    description: 'Amounts show as **** until you reveal them.',
  },
  decorators: [
    (Story) => (
      <div style={{ display: 'grid', maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Hide wallet balance' });
    await expect(toggle).toBeChecked();
    await expect(toggle).toHaveAccessibleDescription('Amounts show as **** until you reveal them.');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch');
    await expect(toggle).toBeDisabled();
    await userEvent.click(toggle, { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const Unlabelled: Story = {
  args: {
    children: undefined,
    'aria-label': 'Email alerts for dead workers',
    defaultChecked: true,
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('switch', { name: 'Email alerts for dead workers' }),
    ).toBeChecked();
  },
};

export const LongText: Story = {
  args: {
    children:
      'Send me an email when a worker has been disconnected for more than 15 minutes, and again after 24 hours',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
};

export const Dark: Story = { args: { defaultChecked: true }, globals: { theme: 'dark' } };

export const Narrow: Story = {
  ...LongText,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
