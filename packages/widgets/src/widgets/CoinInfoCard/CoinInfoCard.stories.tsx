import { COINS } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CoinInfoCard } from './CoinInfoCard';

const meta = {
  title: 'Widgets/CoinInfoCard',
  component: CoinInfoCard,
  args: { coin: COINS.kas, price: '0.8312', networkHashrate: 1.27e18 },
} satisfies Meta<typeof CoinInfoCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Kaspa: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Kaspa KAS' })).toBeInTheDocument();
    await expect(canvas.getByText('kHeavyHash')).toBeInTheDocument();
    await expect(canvas.getByText('0.1 s')).toBeInTheDocument();
    await expect(canvas.getByText('1.27')).toBeInTheDocument();
    await expect(canvas.getByText('EH/s')).toBeInTheDocument();
  },
};

export const Bitcoin: Story = {
  args: { coin: COINS.btc, price: '612345.67', networkHashrate: 812.4e18, showEmission: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('10 min')).toBeInTheDocument();
    await expect(canvas.getByText(/halves every 210,000 blocks/)).toBeInTheDocument();
  },
};

/** A short algorithm name with what it leaves out under it. */
export const AlgorithmNote: Story = {
  name: 'Algorithm note (DCR)',
  args: { coin: COINS.dcr, price: '98.4', networkHashrate: 38.06e15 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('BLAKE3')).toBeInTheDocument();
    await expect(canvas.getByText(/Since DCP-0011/)).toBeInTheDocument();
  },
};

export const Zcash: Story = { args: { coin: COINS.zec, price: '310.5', networkHashrate: 11.2e9 } };

export const UnknownFigures: Story = { args: { price: null, networkHashrate: null } };

export const Loading: Story = { args: { loading: true } };
export const ErrorState: Story = { name: 'Error', args: { error: true } };
export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
