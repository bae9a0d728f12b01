import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ContractProductCard, type ContractProductCardProduct } from './ContractProductCard';

const product: ContractProductCardProduct = {
  id: '7',
  name: 'Antminer S21 · 180 days',
  coin: 'btc',
  miner: 'Antminer S21',
  power: 100e12,
  price: '0.0012',
  currency: 'BTC',
  electricity_fee: '0.0000021',
  management_fee_percent: '5',
  duration_days: 180,
  effective_delay_days: 1,
  inventory: 42,
  estimated_earnings: '0.00004123',
  estimated_earnings_usd: '2.71',
  status: 'on_sale',
};

const meta = {
  title: 'Widgets/ContractProductCard',
  component: ContractProductCard,
  args: { product, onBuy: fn(), detailsHref: '/contract/detail?id=7' },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof ContractProductCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnSale: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: product.name })).toBeInTheDocument();
    await expect(canvas.getByText('On sale')).toHaveAttribute('data-tone', 'success');
    await expect(canvas.getByText('0.000041 BTC / unit / day')).toBeInTheDocument();
    await expect(canvas.getByText('≈ 2.71 USD / unit / day')).toBeInTheDocument();
    await expect(canvas.getByText('100.00 TH/s')).toBeInTheDocument();
    await expect(canvas.getByText('T+1')).toBeInTheDocument();
    await expect(canvas.getByText('42 units')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      '/contract/detail?id=7',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Buy' }));
    await expect(args.onBuy).toHaveBeenCalledWith(product);
  },
};

export const SoldOut: Story = {
  args: { product: { ...product, status: 'sold_out', inventory: 0 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Sold out')).toHaveAttribute('data-tone', 'neutral');
    await expect(canvas.getByRole('button', { name: 'Buy' })).toBeDisabled();
  },
};

export const OffSale: Story = {
  args: { product: { ...product, status: 'off_shelf' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Off sale')).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('button', { name: 'Buy' })).toBeDisabled();
  },
};

/** No price feed for the coin: the estimate has no USD value. */
export const NoUsdEstimate: Story = {
  args: { product: { ...product, estimated_earnings_usd: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/USD \/ unit/)).toBeNull();
  },
};

/** The product's own page: terms instead of details, the name as the page's section heading. */
export const DetailPage: Story = {
  args: { detailsHref: undefined, termsHref: '/contract/terms?id=7', headingLevel: 2 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2 })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Terms' })).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Details' })).toBeNull();
  },
};

/** Links go through the host's router when it handles the click. */
export const RouterNavigation: Story = {
  args: {
    onNavigate: fn((_href: string, event: { preventDefault: () => void }) =>
      event.preventDefault(),
    ),
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Details' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/contract/detail?id=7', expect.anything());
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveAttribute('aria-busy', 'true');
  },
};

export const LongName: Story = {
  args: {
    product: {
      ...product,
      name: 'Whatsminer M60S++ hosted in a hydro-powered farm · 365 days with a long product name',
    },
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = {
  globals: { locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: '购买' })).toBeEnabled();
  },
};
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
