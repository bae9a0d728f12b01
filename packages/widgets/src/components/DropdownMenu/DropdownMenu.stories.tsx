import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { DropdownMenu, type DropdownMenuItem } from './DropdownMenu';

const onRename = fn();
const onMove = fn();
const onDelete = fn();

const items: DropdownMenuItem[] = [
  { id: 'rename', label: 'Rename', icon: 'copy', onSelect: onRename },
  { id: 'move', label: 'Move to group', onSelect: onMove },
  { id: 'export', label: 'Export history', disabled: true },
  {
    id: 'delete',
    label: 'Delete worker',
    tone: 'danger',
    onSelect: onDelete,
    separatorBefore: true,
  },
];

const meta = {
  title: 'Base/DropdownMenu',
  component: DropdownMenu,
  args: {
    trigger: <IconButton icon="more" label="Worker actions" />,
    items,
    onOpenChange: fn(),
  },
  beforeEach: () => {
    onRename.mockClear();
    onMove.mockClear();
    onDelete.mockClear();
  },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Worker actions' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    const menu = await canvas.findByRole('menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menuItems = within(menu).getAllByRole('menuitem');
    await expect(menuItems).toHaveLength(4);
    await waitFor(() => expect(menuItems[0]).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(menuItems[1]).toHaveFocus();
    // The disabled item is skipped.
    await userEvent.keyboard('{ArrowDown}');
    await expect(menuItems[3]).toHaveFocus();
    await expect(menuItems[2]).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Home}');
    await expect(menuItems[0]).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(menuItems[3]).toHaveFocus();
    await userEvent.keyboard('m');
    await expect(menuItems[1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onMove).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await canvas.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
    await expect(onDelete).not.toHaveBeenCalled();
  },
};

export const Mouse: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Worker actions' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'Export history' }));
    await expect(canvas.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Delete worker' }));
    await expect(onDelete).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.queryByRole('menu')).toBeNull());
  },
};

export const Open: Story = { args: { defaultOpen: true } };

export const LongText: Story = {
  args: {
    defaultOpen: true,
    trigger: <Button variant="secondary">Account</Button>,
    items: [
      { id: 'a', label: 'Switch to the main account for hashrate red packets' },
      { id: 'b', label: 'Observer links and their expiry' },
      { id: 'c', label: 'Sign out', tone: 'danger', separatorBefore: true },
    ],
  },
};

export const Dark: Story = { args: { defaultOpen: true }, globals: { theme: 'dark' } };

export const Narrow: Story = {
  ...LongText,
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const menu = await within(canvasElement).findByRole('menu');
    await waitFor(() => expect(menu.getBoundingClientRect().right).toBeLessThanOrEqual(375));
  },
};
