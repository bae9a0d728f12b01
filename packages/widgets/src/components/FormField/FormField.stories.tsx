import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Input } from '../Input/Input';
import { FormField } from './FormField';

const meta = {
  title: 'Base/FormField',
  component: FormField,
  args: {
    label: 'Email',
    hint: 'We send the verification code here.',
    children: <Input type="email" placeholder="name@example.com" />,
  },
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithHint: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAccessibleDescription('We send the verification code here.');
    await expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.click(canvas.getByText('Email'));
    await expect(input).toHaveFocus();
  },
};

export const WithError: Story = {
  args: { error: 'Please enter correct email address', required: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toBeRequired();
    await expect(input).toHaveAccessibleDescription(
      'We send the verification code here. Please enter correct email address',
    );
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    await expect(describedBy).toHaveLength(2);
    // The error circle comes from the stylesheet, in front of the message, in its colour.
    const error = canvasElement.ownerDocument.getElementById(describedBy[1] ?? '');
    const icon = getComputedStyle(error as Element, '::before');
    await expect(
      icon.getPropertyValue('mask-image') || icon.getPropertyValue('-webkit-mask-image'),
    ).toContain('data:image/svg+xml');
    await expect(icon.getPropertyValue('background-color')).toBe(
      getComputedStyle(error as Element).color,
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Email' })).toBeDisabled();
  },
};

export const HiddenLabel: Story = {
  args: { hideLabel: true, hint: undefined, label: 'Search workers' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'Search workers' }),
    ).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    label: 'Withdrawal address for automatic payouts on the main account (checked before saving)',
    hint: 'Changing the auto-withdraw address freezes withdrawals for 24 hours. Double-check every character: a payment sent to a wrong address cannot be returned.',
    error:
      'The address is wrong. It must start with the coin prefix and contain only letters and digits, without spaces.',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
};

export const Dark: Story = { ...WithError, globals: { theme: 'dark' } };

export const Narrow: Story = {
  ...LongText,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
