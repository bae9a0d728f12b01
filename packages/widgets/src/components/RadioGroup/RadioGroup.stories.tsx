import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FormField } from '../FormField/FormField';
import { Radio, RadioGroup } from './RadioGroup';

const meta = {
  title: 'Base/RadioGroup',
  component: RadioGroup,
  args: {
    label: 'Settlement method',
    onValueChange: fn(),
    children: (
      <>
        <Radio value="pps">PPS+</Radio>
        <Radio value="pplns">PPLNS</Radio>
        <Radio value="solo" description="0.5 % fee; you keep the whole block reward.">
          Solo
        </Radio>
      </>
    ),
  },
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('radiogroup', { name: 'Settlement method' });
    const radios = within(group).getAllByRole('radio');
    await expect(radios).toHaveLength(3);
    await userEvent.click(canvas.getByText('PPLNS'));
    await expect(radios[1]).toBeChecked();
    await expect(args.onValueChange).toHaveBeenCalledWith('pplns');
    await expect(radios[1]?.closest('label')).toHaveAttribute('data-state', 'checked');
    // Arrow keys move and choose inside the group.
    await userEvent.keyboard('{ArrowDown}');
    await expect(radios[2]).toBeChecked();
    await expect(radios[2]).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('solo');
    await expect(radios[2]).toHaveAccessibleDescription(
      '0.5 % fee; you keep the whole block reward.',
    );
  },
};

export const Horizontal: Story = { args: { orientation: 'horizontal', defaultValue: 'pps' } };

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'pps' },
  play: async ({ canvasElement }) => {
    for (const radio of within(canvasElement).getAllByRole('radio'))
      await expect(radio).toBeDisabled();
  },
};

export const InField: Story = {
  render: (args) => (
    <FormField label="Expiry" error="Choose how long the observer link works" required>
      <RadioGroup {...args} label={undefined} orientation="horizontal">
        <Radio value="day">One day</Radio>
        <Radio value="week">One week</Radio>
        <Radio value="month">One month</Radio>
        <Radio value="forever">Forever</Radio>
      </RadioGroup>
    </FormField>
  ),
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('radiogroup', { name: 'Expiry' });
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(group).toHaveAccessibleDescription('Choose how long the observer link works');
    for (const radio of within(group).getAllByRole('radio')) await expect(radio).toBeRequired();
  },
};

export const LongText: Story = {
  args: {
    label: 'Which address should receive the payouts of this sub-account from now on?',
    children: (
      <>
        <Radio value="main">
          The automatic withdrawal address of the main account, shared by all sub-accounts
        </Radio>
        <Radio value="own">An address of its own, entered below</Radio>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
};

export const Dark: Story = { args: { defaultValue: 'solo' }, globals: { theme: 'dark' } };

export const Narrow: Story = {
  ...Horizontal,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
