import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Skeleton } from './Skeleton';

const meta = {
  title: 'Base/Skeleton',
  component: Skeleton,
  args: { width: 240 },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TextLine: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
    const block = canvasElement.querySelector('[aria-hidden="true"]') as HTMLElement;
    await expect(block.getBoundingClientRect().width).toBe(240);
  },
};

export const Paragraph: Story = {
  args: { lines: 3, width: '100%' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[aria-hidden="true"]')).toHaveLength(3);
  },
};

export const Announced: Story = {
  args: { announce: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading…');
  },
};

export const StatCard: Story = {
  render: () => (
    <div
      style={{
        display: 'grid',
        gap: 12,
        padding: 16,
        maxWidth: 320,
        borderRadius: 10,
        border: '1px solid var(--pk-color-border)',
      }}
    >
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <Skeleton shape="circle" width={40} />
        <Skeleton width="50%" />
      </div>
      <Skeleton shape="rect" height={120} />
      <Skeleton lines={2} announce />
    </div>
  ),
};

export const Dark: Story = { ...StatCard, globals: { theme: 'dark' } };

export const Chinese: Story = {
  args: { announce: true },
  globals: { locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('加载中…');
  },
};

export const Narrow: Story = {
  ...StatCard,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
