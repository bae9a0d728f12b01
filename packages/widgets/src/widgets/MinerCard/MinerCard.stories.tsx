import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SAMPLE_MINERS } from '../../lib/fixtures';
import { MinerCard } from './MinerCard';

const [s21, m60s] = SAMPLE_MINERS;
if (!s21 || !m60s) throw new Error('fixtures');

const meta = {
  title: 'Widgets/MinerCard',
  component: MinerCard,
  args: { miner: s21 },
  decorators: [(Story) => <div style={{ maxWidth: 640 }}>{Story()}</div>],
} satisfies Meta<typeof MinerCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Bitmain Antminer S21' })).toBeInTheDocument();
    await expect(canvas.getByText('200.00')).toBeInTheDocument();
    await expect(canvas.getByText('￥31.87')).toBeInTheDocument();
    await expect(canvas.getByText('Profitable')).toHaveAttribute('data-tone', 'success');
    await expect(canvas.getByText(/not yet checked against the manufacturer/)).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Detailed: Story = {
  args: { detailed: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('400x195x290 mm')).toBeInTheDocument();
    const sellers = canvas.getByRole('table', { name: 'Sellers' });
    await expect(within(sellers).getAllByRole('row')).toHaveLength(3);
  },
};

export const Losing: Story = {
  args: { miner: { ...m60s, profit: '-4.12', specs_verified: true } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Not profitable')).toHaveAttribute(
      'data-tone',
      'danger',
    );
  },
};

export const LongName: Story = {
  args: { miner: { ...s21, model: 'Antminer S21 XP Hydro 3U rack-mounted liquid-cooled edition' } },
};

export const Dark: Story = { args: { detailed: true }, globals: { theme: 'dark' } };
export const Narrow: Story = {
  args: { detailed: true },
  globals: { viewport: { value: 'phone', isRotated: false } },
};
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
