import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox, type CheckedState } from './Checkbox';

const meta = {
  title: 'Base/Checkbox',
  component: Checkbox,
  args: { children: 'I agree to the terms of service', onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const checkbox = canvas.getByRole('checkbox', { name: 'I agree to the terms of service' });
    const root = checkbox.closest('label');
    await expect(checkbox).not.toBeChecked();
    await expect(root).toHaveAttribute('data-state', 'unchecked');
    await userEvent.click(canvas.getByText('I agree to the terms of service'));
    await expect(checkbox).toBeChecked();
    await expect(root).toHaveAttribute('data-state', 'checked');
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
    await expect(checkbox).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(checkbox).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);
  },
};

export const WithDescription: Story = {
  args: {
    children: 'Auto-withdraw',
    description: 'Pays out daily once the balance passes the minimum.',
    defaultChecked: true,
  },
  play: async ({ canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox', { name: /Auto-withdraw/ });
    await expect(checkbox).toBeChecked();
    await expect(checkbox).toHaveAccessibleDescription(
      'Pays out daily once the balance passes the minimum.',
    );
  },
};

function SelectAllDemo() {
  const [selected, setSelected] = useState<string[]>(['rig01']);
  const workers = ['rig01', 'rig02', 'rig03'];
  const all: CheckedState =
    selected.length === workers.length ? true : selected.length === 0 ? false : 'indeterminate';
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <Checkbox checked={all} onCheckedChange={(checked) => setSelected(checked ? workers : [])}>
        All workers
      </Checkbox>
      {workers.map((worker) => (
        <Checkbox
          key={worker}
          checked={selected.includes(worker)}
          onCheckedChange={(checked) =>
            setSelected(checked ? [...selected, worker] : selected.filter((w) => w !== worker))
          }
        >
          {worker}
        </Checkbox>
      ))}
    </div>
  );
}

export const Indeterminate: Story = {
  render: () => <SelectAllDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const all = canvas.getByRole('checkbox', { name: 'All workers' });
    await expect(all).toBePartiallyChecked();
    await expect(all.closest('label')).toHaveAttribute('data-state', 'indeterminate');
    await userEvent.click(all);
    await expect(all).toBeChecked();
    for (const name of ['rig01', 'rig02', 'rig03']) {
      await expect(canvas.getByRole('checkbox', { name })).toBeChecked();
    }
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ args, canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox');
    await expect(checkbox).toBeDisabled();
    await userEvent.click(checkbox, { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const Invalid: Story = {
  args: { invalid: true, required: true },
  play: async ({ canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox');
    await expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    await expect(checkbox).toBeRequired();
  },
};

export const LongText: Story = {
  args: {
    children:
      'I have read and agree to the terms of service, the privacy policy and the rules for hashrate red packets, including the activation deadline',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
};

export const Dark: Story = { ...Indeterminate, globals: { theme: 'dark' } };

export const Narrow: Story = {
  ...LongText,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
