import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FormField } from '../FormField/FormField';
import { Icon } from '../Icon/Icon';
import { Input } from './Input';

const meta = {
  title: 'Base/Input',
  component: Input,
  args: { 'aria-label': 'Worker name', placeholder: 'rig01', onChange: fn() },
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Worker name' });
    await userEvent.type(input, 'rig07');
    await expect(input).toHaveValue('rig07');
    await expect(args.onChange).toHaveBeenCalledTimes(5);
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 8, maxWidth: 320 }}>
      <Input {...args} size="sm" aria-label="Small" />
      <Input {...args} size="md" aria-label="Medium" />
      <Input {...args} size="lg" aria-label="Large" />
    </div>
  ),
};

export const WithAdornments: Story = {
  args: {
    'aria-label': 'Electricity price',
    inputMode: 'decimal',
    defaultValue: '0.065',
    startAdornment: <Icon name="search" />,
    endAdornment: <span>USD/kWh</span>,
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'rig01' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toBeDisabled();
  },
};

export const Invalid: Story = {
  render: () => (
    <FormField label="Worker name" error="Only digits and lowercase letters">
      <Input defaultValue="Rig 01" />
    </FormField>
  ),
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Worker name' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Only digits and lowercase letters');
  },
};

export const LongText: Story = {
  args: {
    defaultValue:
      'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlhbc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
};

export const Dark: Story = { ...Invalid, globals: { theme: 'dark' } };

export const Narrow: Story = {
  ...WithAdornments,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
