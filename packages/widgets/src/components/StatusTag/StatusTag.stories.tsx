import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StatusTag, type StatusTone } from './StatusTag';

const meta = {
  title: 'Base/StatusTag',
  component: StatusTag,
  args: { tone: 'success', children: 'Active' },
} satisfies Meta<typeof StatusTag>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ canvasElement }) => {
    const tag = within(canvasElement).getByText('Active');
    await expect(tag).toHaveAttribute('data-tone', 'success');
    // The dot is decoration: the word is what is read.
    await expect(tag.querySelector('[aria-hidden="true"]')).not.toBeNull();
    await expect(tag).toHaveTextContent(/^Active$/);
  },
};

const all: Array<[StatusTone, string]> = [
  ['success', 'Active'],
  ['warning', 'Inactive'],
  ['danger', 'Dead'],
  ['neutral', 'Expired'],
  ['info', 'Under review'],
];

export const AllTones: Story = {
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {all.map(([tone, word]) => (
        <StatusTag key={tone} {...args} tone={tone}>
          {word}
        </StatusTag>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    for (const [tone, word] of all) {
      await expect(within(canvasElement).getByText(word)).toHaveAttribute('data-tone', tone);
    }
  },
};

export const Medium: Story = { ...AllTones, args: { size: 'md' } };

export const Dark: Story = { ...AllTones, globals: { theme: 'dark' } };

export const LongText: Story = {
  args: { tone: 'warning', children: 'Payment certificate uploaded, waiting for review' },
};

export const Chinese: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 8 }}>
      <StatusTag {...args} tone="success">
        在线
      </StatusTag>
      <StatusTag {...args} tone="warning">
        离线
      </StatusTag>
      <StatusTag {...args} tone="danger">
        失效
      </StatusTag>
    </div>
  ),
  globals: { locale: 'zh-CN' },
};

export const Narrow: Story = {
  ...AllTones,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
