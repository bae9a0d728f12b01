import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FormField } from '../FormField/FormField';
import { PasswordInput } from './PasswordInput';

const meta = {
  title: 'Base/PasswordInput',
  component: PasswordInput,
  args: { onVisibleChange: fn() },
  render: (args) => (
    <FormField label="Password" hint="At least 8 characters.">
      <PasswordInput {...args} />
    </FormField>
  ),
} satisfies Meta<typeof PasswordInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(input, 's3cret!');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(args.onVisibleChange).toHaveBeenCalledWith(true);
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('s3cret!');
    const hide = canvas.getByRole('button', { name: 'Hide password' });
    await expect(hide).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('button', { name: 'Show password' })).toHaveAttribute(
      'type',
      'button',
    );
  },
};

export const Visible: Story = {
  args: { defaultValue: 'correct horse battery staple', defaultVisible: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Password' })).toHaveValue(
      'correct horse battery staple',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'secret' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Password')).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};

export const Invalid: Story = {
  render: (args) => (
    <FormField label="Confirm password" error="Two inputs don't match">
      <PasswordInput {...args} defaultValue="secret" autoComplete="new-password" />
    </FormField>
  ),
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Confirm password');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription("Two inputs don't match");
  },
};

export const CustomLabels: Story = {
  args: { labels: { show: 'Reveal', hide: 'Conceal' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Reveal' }));
    await expect(canvas.getByRole('button', { name: 'Conceal' })).toBeVisible();
  },
};

export const Russian: Story = {
  globals: { locale: 'ru' },
  render: (args) => (
    <FormField label="Пароль">
      <PasswordInput {...args} />
    </FormField>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Показать пароль' }));
    await expect(canvas.getByRole('button', { name: 'Скрыть пароль' })).toBeVisible();
  },
};

export const Dark: Story = { ...Invalid, globals: { theme: 'dark' } };

export const Narrow: Story = {
  args: { defaultValue: 'a-very-long-password-that-overflows-the-field-on-a-phone-screen' },
  globals: { viewport: { value: 'phone', isRotated: false } },
};
