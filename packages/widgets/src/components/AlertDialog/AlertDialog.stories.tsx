import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { AlertDialog } from './AlertDialog';

const meta = {
  title: 'Base/AlertDialog',
  component: AlertDialog,
  args: {
    description: 'Verification code failed to send, please try again later',
    onAction: fn(),
    onCancel: fn(),
    onOpenChange: fn(),
  },
  globals: { viewport: { value: 'phone', isRotated: false } },
} satisfies Meta<typeof AlertDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MobileError: Story = {
  args: { defaultOpen: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alertdialog', { name: 'Error' });
    await expect(alert).toHaveAccessibleDescription(
      'Verification code failed to send, please try again later',
    );
    await expect(alert).toHaveAttribute('aria-modal', 'true');
    const ok = within(alert).getByRole('button', { name: 'OK' });
    await waitFor(() => expect(ok).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onAction).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.queryByRole('alertdialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const NoOutsideDismiss: Story = {
  args: { defaultOpen: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alertdialog');
    const overlay = alert.parentElement as HTMLElement;
    await userEvent.pointer({ keys: '[MouseLeft]', target: overlay, coords: { x: 2, y: 2 } });
    await expect(canvas.getByRole('alertdialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('alertdialog')).toBeNull());
    await expect(args.onAction).not.toHaveBeenCalled();
  },
};

export const Confirmation: Story = {
  args: {
    trigger: <Button variant="danger">Cancel order</Button>,
    title: 'Cancel this order?',
    description: 'The order and its payment evidence are deleted. This cannot be undone.',
    showCancel: true,
    labels: { action: 'Cancel order', cancel: 'Keep order' },
  },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Cancel order' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(trigger);
    const alert = await canvas.findByRole('alertdialog', { name: 'Cancel this order?' });
    const keep = within(alert).getByRole('button', { name: 'Keep order' });
    // The safe answer has focus first.
    await waitFor(() => expect(keep).toHaveFocus());
    await userEvent.click(keep);
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onAction).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const LongMessage: Story = {
  args: {
    defaultOpen: true,
    description:
      'The website has been updated, please refresh the page manually! Your unsaved changes on this page will be lost; export your report first if you need it. bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlhbc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  },
};

export const Dark: Story = { args: { defaultOpen: true }, globals: { theme: 'dark' } };

export const Japanese: Story = {
  args: {
    defaultOpen: true,
    description: '認証コードの送信に失敗しました。しばらくしてから再度お試しください。',
  },
  globals: { locale: 'ja' },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alertdialog', { name: 'エラー' });
    await expect(within(alert).getByRole('button', { name: 'OK' })).toBeInTheDocument();
  },
};
