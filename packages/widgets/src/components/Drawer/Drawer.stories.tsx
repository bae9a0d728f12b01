import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DialogClose } from '../Dialog/Dialog';
import { IconButton } from '../IconButton/IconButton';
import { Drawer } from './Drawer';

const links = ['Home', 'Pools', 'Miners', 'Blocks', 'Payments', 'Calculator'];

const navigation = (
  <nav aria-label="Main">
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {links.map((link) => (
        <li key={link}>
          <DialogClose>
            <a
              href={`#${link.toLowerCase()}`}
              // The story does not navigate: the test page must stay where it is.
              onClick={(event) => event.preventDefault()}
              style={{ display: 'block', padding: '10px 12px', color: 'inherit' }}
            >
              {link}
            </a>
          </DialogClose>
        </li>
      ))}
    </ul>
  </nav>
);

const meta = {
  title: 'Base/Drawer',
  component: Drawer,
  args: {
    trigger: <IconButton icon="menu" label="Open navigation" />,
    children: navigation,
    onOpenChange: fn(),
  },
  globals: { viewport: { value: 'phone', isRotated: false } },
} satisfies Meta<typeof Drawer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MobileNavigation: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Open navigation' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    const drawer = await canvas.findByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toHaveAttribute('data-state', 'open');
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
    await expect(drawer.getBoundingClientRect().left).toBeLessThanOrEqual(1);
    await waitFor(() =>
      expect(within(drawer).getByRole('button', { name: 'Close' })).toHaveFocus(),
    );
    await userEvent.tab();
    await expect(within(drawer).getByRole('link', { name: 'Home' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const ClosesOnNavigation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Open navigation' }));
    await userEvent.click(await canvas.findByRole('link', { name: 'Miners' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

export const RightSide: Story = {
  args: { side: 'right', defaultOpen: true, title: 'Account' },
  play: async ({ canvasElement }) => {
    const drawer = await within(canvasElement).findByRole('dialog', { name: 'Account' });
    await waitFor(() =>
      expect(Math.round(drawer.getBoundingClientRect().right)).toBe(window.innerWidth),
    );
  },
};

export const Dark: Story = { args: { defaultOpen: true }, globals: { theme: 'dark' } };

export const Russian: Story = {
  args: { defaultOpen: true },
  globals: { locale: 'ru' },
  play: async ({ canvasElement }) => {
    const drawer = await within(canvasElement).findByRole('dialog', { name: 'Навигация' });
    await expect(within(drawer).getByRole('button', { name: 'Закрыть' })).toBeInTheDocument();
  },
};

export const LongContent: Story = {
  args: {
    defaultOpen: true,
    title: 'Navigation of the mining pool with a rather long translated heading',
    children: (
      <ul>
        {Array.from({ length: 40 }, (_, index) => (
          <li key={String(index)}>Menu entry {index + 1}</li>
        ))}
      </ul>
    ),
    footer: <span>Signed in as miner-with-a-very-long-account-name@example.com</span>,
  },
};
