import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { playNothingRendered } from '../../lib/storyStates';
import { AnnouncementBar } from './AnnouncementBar';

const ITEMS = [
  {
    id: '1',
    title: 'Address mining is open for KAS, ALPH, ZEPH, SUMO and ALEO',
    url: '/mining/kas/dashboard',
  },
  { id: '2', title: 'The miner catalogue now ranks machines by daily profit', url: '/miners' },
  { id: '3', title: 'Scheduled maintenance on Sunday 02:00–02:30 UTC', url: null },
];

const meta = {
  title: 'Widgets/AnnouncementBar',
  component: AnnouncementBar,
  // Links stay in the story: a click must not leave the page.
  args: {
    items: ITEMS,
    intervalMs: 400,
    renderLink: ({ href, className, children }) => (
      <a href={`#${href}`} className={className}>
        {children}
      </a>
    ),
  },
} satisfies Meta<typeof AnnouncementBar>;

export default meta;
type Story = StoryObj<typeof meta>;

const current = (canvasElement: HTMLElement) =>
  within(canvasElement).getByTestId('announcement-current');

/** Several announcements rotate by themselves; hovering holds them, the buttons step. */
export const Many: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole('region', { name: 'Latest announcements' });
    await expect(current(canvasElement)).toHaveTextContent('Address mining');
    await expect(canvas.getByRole('link', { name: /Address mining/ })).toBeInTheDocument();
    await waitFor(() => expect(current(canvasElement)).toHaveTextContent('miner catalogue'));
    // Hovering holds it still.
    await userEvent.hover(bar);
    const held = current(canvasElement).textContent;
    await new Promise((resolve) => setTimeout(resolve, 900));
    await expect(current(canvasElement).textContent).toBe(held);
    await userEvent.unhover(bar);
    // Paused by hand, it says so and stays; next and previous still step.
    await userEvent.click(canvas.getByRole('button', { name: 'Pause announcements' }));
    await expect(canvas.getByRole('button', { name: 'Play announcements' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Next announcement' }));
    const after = current(canvasElement).textContent;
    await new Promise((resolve) => setTimeout(resolve, 900));
    await expect(current(canvasElement).textContent).toBe(after);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous announcement' }));
    await expect(current(canvasElement).textContent).not.toBe(after);
  },
};

/** One announcement: no controls, nothing moves. */
export const One: Story = {
  args: { items: ITEMS.slice(0, 1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(current(canvasElement)).toHaveTextContent('Address mining');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** No announcements: nothing is rendered. */
export const Empty: Story = { args: { items: [] }, play: playNothingRendered };

/** Under reduced motion it never moves by itself; the buttons still step through. */
export const ReducedMotion: Story = {
  args: { reducedMotion: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await new Promise((resolve) => setTimeout(resolve, 900));
    await expect(current(canvasElement)).toHaveTextContent('Address mining');
    await expect(canvas.getByRole('button', { name: 'Play announcements' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Next announcement' }));
    await expect(current(canvasElement)).toHaveTextContent('miner catalogue');
  },
};

/** In Chinese: the controls' labels follow the language. */
export const Chinese: Story = {
  globals: { locale: 'zh-CN' },
  args: {
    autoplay: false,
    items: [
      {
        id: '1',
        title: 'KAS、ALPH、ZEPH、SUMO 和 ALEO 地址挖矿已开放',
        url: '/mining/kas/dashboard',
      },
      { id: '2', title: '矿池维护通知', url: null },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: '最新公告' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: '下一条公告' }));
    await expect(current(canvasElement)).toHaveTextContent('矿池维护通知');
  },
};

/**
 * On a phone: the linked announcement is a 24 px target that ends where the controls begin, so
 * neither covers the other (WCAG 2.5.8, which axe checks here).
 */
export const OnAPhone: Story = {
  args: { autoplay: false },
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: { a11y: { config: { rules: [{ id: 'target-size', enabled: true }] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: /Address mining/ }).getBoundingClientRect();
    const previous = canvas
      .getByRole('button', { name: 'Previous announcement' })
      .getBoundingClientRect();
    await expect(link.height).toBeGreaterThanOrEqual(24);
    await expect(link.right).toBeLessThanOrEqual(previous.left);
  },
};
