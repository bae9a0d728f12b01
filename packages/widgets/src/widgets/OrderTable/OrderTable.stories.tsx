import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FIXED_NOW } from '../../lib/fixtures';
import { playErrorRetry, playLoading } from '../../lib/storyStates';
import { OrderTable, type OrderTableRow } from './OrderTable';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(FIXED_NOW - hours * HOUR).toISOString();
const base: OrderTableRow = {
  id: '1024',
  product_name: 'Antminer S21 · 180 days',
  coin: 'btc',
  status: 'effect',
  power: 200e12,
  pay_amount: '0.0024',
  currency: 'BTC',
  actual_earnings: '0.00123456',
  created_at: at(50),
};
const statuses = [
  'unpaid',
  'review',
  'pending',
  'effect',
  'finish',
  'reject',
  'cancelled',
] as const;
const rows: OrderTableRow[] = statuses.map((status, index) => ({
  ...base,
  id: String(1030 - index),
  status,
  created_at: at(index * 7),
  actual_earnings: status === 'effect' || status === 'finish' ? base.actual_earnings : '0',
}));

const meta = {
  title: 'Widgets/OrderTable',
  component: OrderTable,
  args: { orders: rows, hrefOf: (row: OrderTableRow) => `/contract/order/${row.id}` },
} satisfies Meta<typeof OrderTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every order state, each as a tag with its word. */
export const EveryStatus: Story = {
  play: async ({ canvasElement }) => {
    const table = within(within(canvasElement).getByRole('table', { name: 'Contract orders' }));
    await expect(table.getAllByRole('row')).toHaveLength(statuses.length + 1);
    await expect(table.getByText('Unpaid')).toHaveAttribute('data-tone', 'warning');
    await expect(table.getByText('Rejected')).toHaveAttribute('data-tone', 'danger');
    await expect(table.getByRole('link', { name: '#1030' })).toHaveAttribute(
      'href',
      '/contract/order/1030',
    );
    await expect(table.getAllByText('200.00 TH/s')).toHaveLength(statuses.length);
    await expect(table.getAllByText('0.001234 BTC').length).toBeGreaterThan(0);
  },
};

export const WithExport: Story = {
  args: { onExport: fn() },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Export CSV' }));
    await expect(args.onExport).toHaveBeenCalledTimes(1);
  },
};

export const Exporting: Story = {
  args: { onExport: fn(), exporting: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Export CSV' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onExport).not.toHaveBeenCalled();
  },
};

/** A link's click goes to the host, which can route instead of loading the page. */
export const OpenOrder: Story = {
  args: {
    onOpen: fn((_row: OrderTableRow, event: { preventDefault: () => void }) =>
      event.preventDefault(),
    ),
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: '#1027' }));
    await expect(args.onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ id: '1027', status: 'effect' }),
      expect.anything(),
    );
  },
};

export const WithToolbarAndFooter: Story = {
  args: {
    toolbar: <span>State filter</span>,
    footer: <nav aria-label="Pages">1 2 3</nav>,
    onExport: fn(),
  },
};

export const Loading: Story = { args: { loading: true }, play: playLoading };

export const Empty: Story = {
  args: { orders: [], onExport: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No orders yet.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  },
};

export const LoadFailed: Story = {
  args: { error: true, onRetry: fn() },
  play: playErrorRetry('The orders could not be loaded.'),
};

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = {
  globals: { locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('订单号')).toBeInTheDocument();
  },
};
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
