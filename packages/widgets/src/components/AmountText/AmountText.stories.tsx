import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AmountText } from './AmountText';

const meta = {
  title: 'Base/AmountText',
  component: AmountText,
  args: { value: '1,234.5678', unit: 'BTC', onHiddenChange: fn() },
} satisfies Meta<typeof AmountText>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const eye = canvas.getByRole('button', { name: 'Hide amount' });
    await expect(eye).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByText('1,234.5678')).toBeInTheDocument();
    await userEvent.click(eye);
    await expect(eye).toHaveAttribute('aria-pressed', 'true');
    await expect(args.onHiddenChange).toHaveBeenCalledWith(true);
    await expect(canvas.queryByText('1,234.5678')).toBeNull();
    await expect(canvas.getByText('****')).toBeInTheDocument();
    await expect(canvas.getByText('Amount hidden')).toBeInTheDocument();
    await expect(eye.parentElement).toHaveAttribute('data-state', 'hidden');
    await userEvent.keyboard(' ');
    await expect(eye).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByText('1,234.5678')).toBeInTheDocument();
  },
};

function SharedToggle() {
  const [hidden, setHidden] = useState(true);
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <AmountText
        value="0.01234567"
        unit="BTC"
        size="xl"
        hidden={hidden}
        onHiddenChange={setHidden}
      />
      <AmountText value="¥ 5,120.00" hidden={hidden} showToggle={false} size="sm" />
    </div>
  );
}

export const SharedFlag: Story = {
  render: () => <SharedToggle />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('****')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Hide amount' }));
    await expect(canvas.getByText('0.01234567')).toBeInTheDocument();
    await expect(canvas.getByText('¥ 5,120.00')).toBeInTheDocument();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 8 }}>
      <AmountText {...args} size="sm" />
      <AmountText {...args} size="md" />
      <AmountText {...args} size="lg" />
      <AmountText {...args} size="xl" />
    </div>
  ),
};

export const LongValue: Story = {
  args: { value: '123,456,789,012.12345678', unit: 'DOGE', size: 'xl' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 280 }}>
        <Story />
      </div>
    ),
  ],
};

export const Dark: Story = { args: { size: 'lg' }, globals: { theme: 'dark' } };

export const Korean: Story = {
  args: { defaultHidden: true },
  globals: { locale: 'ko' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: '금액 숨기기' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(canvas.getByText('금액이 숨겨져 있습니다')).toBeInTheDocument();
  },
};

export const Narrow: Story = {
  ...LongValue,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
