import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { FormField } from '../FormField/FormField';
import { Input } from '../Input/Input';
import { Dialog, DialogClose } from './Dialog';

const meta = {
  title: 'Base/Dialog',
  component: Dialog,
  args: {
    title: 'Rename worker group',
    description: 'The new name shows on the dashboard and in exports.',
    trigger: <Button>Rename</Button>,
    onOpenChange: fn(),
    children: (
      <FormField label="Group name">
        <Input defaultValue="Rack A" />
      </FormField>
    ),
    footer: (
      <>
        <DialogClose>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button>Save</Button>
      </>
    ),
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Rename' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(trigger);
    const dialog = await canvas.findByRole('dialog', { name: 'Rename worker group' });
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog).toHaveAttribute('data-state', 'open');
    await expect(dialog).toHaveAccessibleDescription(
      'The new name shows on the dashboard and in exports.',
    );
    const input = within(dialog).getByRole('textbox', { name: 'Group name' });
    await waitFor(() => expect(input).toHaveFocus());

    // Focus is trapped: Tab from the last control wraps to the first.
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    // The trap's guard hands focus on within a frame, hence the waits.
    await userEvent.tab();
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.tab({ shift: true });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus(),
    );

    // Escape closes and gives focus back to the trigger.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

export const CloseButtonAndDialogClose: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Rename' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Rename' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenCalledTimes(4);
  },
};

export const OutsidePress: Story = {
  args: { defaultOpen: true, trigger: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = await canvas.findByRole('dialog');
    const overlay = dialog.parentElement as HTMLElement;
    await userEvent.pointer({ keys: '[MouseLeft]', target: overlay, coords: { x: 5, y: 5 } });
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

export const NoOutsidePress: Story = {
  args: { defaultOpen: true, trigger: undefined, closeOnOutsidePress: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = await canvas.findByRole('dialog');
    const overlay = dialog.parentElement as HTMLElement;
    await userEvent.pointer({ keys: '[MouseLeft]', target: overlay, coords: { x: 5, y: 5 } });
    await expect(canvas.getByRole('dialog')).toBeInTheDocument();
  },
};

function ControlledDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open controlled</Button>
      <p>State: {open ? 'open' : 'closed'}</p>
      <Dialog open={open} onOpenChange={setOpen} title="Controlled">
        Opened from outside.
      </Dialog>
    </>
  );
}

export const Controlled: Story = {
  render: () => <ControlledDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Open controlled' });
    await userEvent.click(opener);
    await canvas.findByRole('dialog', { name: 'Controlled' });
    await expect(canvas.getByText('State: open')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.getByText('State: closed')).toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const Wide: Story = {
  args: { defaultOpen: true, trigger: undefined },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog');
    // offsetWidth ignores the opening animation's scale.
    await expect(dialog.offsetWidth).toBe(560);
  },
};

export const Narrow: Story = {
  args: { defaultOpen: true, trigger: undefined },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog');
    await expect(dialog.offsetWidth).toBe(350);
  },
};

export const LongContent: Story = {
  args: {
    defaultOpen: true,
    trigger: undefined,
    title:
      'Change the automatic withdrawal address of the main account and every sub-account at once',
    children: (
      <>
        {Array.from({ length: 30 }, (_, index) => (
          <p key={String(index)}>
            Withdrawals are paused for 24 hours after the address changes. Paragraph {index + 1}.
          </p>
        ))}
        <Button variant="secondary">I understand</Button>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog');
    await expect(dialog.getBoundingClientRect().height).toBeLessThanOrEqual(window.innerHeight);
  },
};

export const Dark: Story = {
  args: { defaultOpen: true, trigger: undefined },
  globals: { theme: 'dark' },
};

export const Chinese: Story = {
  args: { defaultOpen: true, trigger: undefined, title: '重命名矿机分组', description: undefined },
  globals: { locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: '重命名矿机分组' });
    await expect(within(dialog).getByRole('button', { name: '关闭' })).toBeInTheDocument();
  },
};

export const LongContentFocusesTitle: Story = {
  ...LongContent,
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog');
    const title = within(dialog).getByRole('heading');
    // A scrolling body starts at the top: focus on the title, the body scrollable by keyboard.
    await waitFor(() => expect(title).toHaveFocus());
    await userEvent.tab();
    await waitFor(() => expect(dialog.querySelector('[tabindex="0"]')).toHaveFocus());
  },
};
