import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { FormField } from '../FormField/FormField';
import { Input } from '../Input/Input';
import { Popover } from './Popover';

const meta = {
  title: 'Base/Popover',
  component: Popover,
  args: {
    trigger: <Button variant="secondary">Electricity price</Button>,
    title: 'Electricity price',
    children: (
      <FormField label="Price per kWh" hint="Used by the profit calculator.">
        <Input defaultValue="0.065" inputMode="decimal" />
      </FormField>
    ),
    onOpenChange: fn(),
  },
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Electricity price' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    const popover = await canvas.findByRole('dialog', { name: 'Electricity price' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(trigger).toHaveAttribute('aria-controls', popover.id);
    await expect(popover).toHaveAttribute('data-state', 'open');
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
    await waitFor(() =>
      expect(within(popover).getByRole('textbox', { name: 'Price per kWh' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const OutsidePressAndClose: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Electricity price' });
    await userEvent.click(trigger);
    await canvas.findByRole('dialog');
    await userEvent.click(canvasElement.ownerDocument.body);
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await userEvent.click(trigger);
    await userEvent.click(await canvas.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

export const TextOnly: Story = {
  args: {
    title: undefined,
    'aria-label': 'About luck',
    showCloseButton: false,
    trigger: <Button variant="ghost">What is luck?</Button>,
    children:
      'Luck compares the shares a block took with the shares expected. Above 100 % the pool was lucky.',
    defaultOpen: true,
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('dialog', { name: 'About luck' }),
    ).toBeInTheDocument();
  },
};

export const Dark: Story = { args: { defaultOpen: true }, globals: { theme: 'dark' } };

export const Narrow: Story = {
  args: { defaultOpen: true },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const popover = await within(canvasElement).findByRole('dialog');
    await waitFor(() => expect(popover.getBoundingClientRect().right).toBeLessThanOrEqual(375));
  },
};
