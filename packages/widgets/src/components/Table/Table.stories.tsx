import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { EmptyState } from '../EmptyState/EmptyState';
import { StatusTag } from '../StatusTag/StatusTag';
import { Table, type TableColumn } from './Table';

interface Worker {
  name: string;
  hashrate15m: number;
  hashrate24h: number;
  rejectRate: number | null;
  status: 'active' | 'inactive' | 'dead';
  lastShare: string;
}

const workers: Worker[] = [
  {
    name: 'rig01',
    hashrate15m: 118.4,
    hashrate24h: 120.02,
    rejectRate: 0.12,
    status: 'active',
    lastShare: '2024-05-01 12:00:03',
  },
  {
    name: 'rig02',
    hashrate15m: 0,
    hashrate24h: 64.5,
    rejectRate: 1.5,
    status: 'inactive',
    lastShare: '2024-05-01 11:31:40',
  },
  {
    name: 'rig10',
    hashrate15m: 240.8,
    hashrate24h: 238.1,
    rejectRate: 0.05,
    status: 'active',
    lastShare: '2024-05-01 12:00:01',
  },
  {
    name: 'rig03',
    hashrate15m: 0,
    hashrate24h: 0,
    rejectRate: null,
    status: 'dead',
    lastShare: '2024-04-29 08:12:55',
  },
];

const tones = { active: 'success', inactive: 'warning', dead: 'danger' } as const;

const columns: TableColumn<Worker>[] = [
  { key: 'name', header: 'Worker', cell: (w) => w.name, sortValue: (w) => w.name },
  {
    key: 'hashrate15m',
    header: '15 min',
    numeric: true,
    cell: (w) => `${w.hashrate15m.toFixed(2)} TH/s`,
    sortValue: (w) => w.hashrate15m,
    firstSortDirection: 'descending',
  },
  {
    key: 'hashrate24h',
    header: '24 h',
    numeric: true,
    cell: (w) => `${w.hashrate24h.toFixed(2)} TH/s`,
    sortValue: (w) => w.hashrate24h,
    firstSortDirection: 'descending',
  },
  {
    key: 'rejectRate',
    header: 'Reject rate',
    numeric: true,
    cell: (w) => (w.rejectRate === null ? '—' : `${w.rejectRate.toFixed(2)} %`),
    sortValue: (w) => w.rejectRate,
  },
  {
    key: 'status',
    header: 'Status',
    cell: (w) => <StatusTag tone={tones[w.status]}>{w.status}</StatusTag>,
  },
  {
    key: 'lastShare',
    header: 'Last share',
    cell: (w) => w.lastShare,
    sortValue: (w) => w.lastShare,
  },
];

const meta = {
  title: 'Base/Table',
  component: Table,
  args: {
    caption: 'Workers',
    columns: columns as TableColumn<unknown>[],
    rows: workers,
    getRowKey: (row) => (row as Worker).name,
    onSortChange: fn(),
  },
} satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

const firstColumn = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

export const Sortable: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Workers' });
    const headers = within(table).getAllByRole('columnheader');
    await expect(headers[0]).toHaveAttribute('aria-sort', 'none');
    await expect(headers[4]).not.toHaveAttribute('aria-sort');

    await userEvent.click(canvas.getByRole('button', { name: '15 min' }));
    await expect(headers[1]).toHaveAttribute('aria-sort', 'descending');
    await expect(args.onSortChange).toHaveBeenCalledWith({
      key: 'hashrate15m',
      direction: 'descending',
    });
    await expect(firstColumn(canvasElement)).toEqual(['rig10', 'rig01', 'rig02', 'rig03']);

    await userEvent.click(canvas.getByRole('button', { name: '15 min' }));
    await expect(headers[1]).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(canvas.getByRole('button', { name: 'Worker' }));
    await expect(headers[0]).toHaveAttribute('aria-sort', 'ascending');
    await expect(headers[1]).toHaveAttribute('aria-sort', 'none');
    // Natural order: rig10 after rig03.
    await expect(firstColumn(canvasElement)).toEqual(['rig01', 'rig02', 'rig03', 'rig10']);

    // Missing values stay last in both directions.
    await userEvent.click(canvas.getByRole('button', { name: 'Reject rate' }));
    await expect(firstColumn(canvasElement).at(-1)).toBe('rig03');
    await userEvent.keyboard('{Enter}');
    await expect(headers[3]).toHaveAttribute('aria-sort', 'descending');
    await expect(firstColumn(canvasElement)).toEqual(['rig02', 'rig01', 'rig10', 'rig03']);
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading…');
    await expect(canvas.getAllByRole('row')).toHaveLength(6);
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('cell')).toHaveTextContent('No data');
  },
};

export const ErrorState: Story = {
  args: {
    error: (
      <EmptyState
        icon="errorCircle"
        description="Request failed"
        action={
          <Button variant="secondary" size="sm">
            Retry
          </Button>
        }
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('cell')).toHaveTextContent('Request failed');
    await expect(canvas.queryAllByRole('rowheader')).toHaveLength(0);
  },
};

const manyWorkers: Worker[] = Array.from({ length: 40 }, (_, index) => ({
  name: `rig${String(index + 1).padStart(3, '0')}`,
  hashrate15m: 100 + ((index * 37) % 90),
  hashrate24h: 110 + ((index * 53) % 70),
  rejectRate: (index % 7) / 10,
  status: index % 9 === 0 ? 'inactive' : 'active',
  lastShare: '2024-05-01 12:00:00',
}));

export const StickyHeader: Story = {
  args: { rows: manyWorkers, maxHeight: '320px', density: 'compact', showCaption: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Workers' });
    await expect(region).toHaveAttribute('tabindex', '0');
    const header = canvas.getAllByRole('columnheader')[1] as HTMLElement;
    const firstRow = canvas.getAllByRole('row')[1] as HTMLElement;
    region.scrollTop = 400;
    region.dispatchEvent(new Event('scroll'));
    const regionTop = region.getBoundingClientRect().top;
    // The first rows scrolled out of view, the header stuck to the top edge.
    await expect(firstRow.getBoundingClientRect().bottom).toBeLessThan(regionTop);
    await expect(header.getBoundingClientRect().top - regionTop).toBeLessThanOrEqual(1);
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const Japanese: Story = {
  args: { rows: [] },
  globals: { locale: 'ja' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('cell')).toHaveTextContent('データがありません');
  },
};

export const NarrowPinnedFirstColumn: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Workers' });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    const pinned = canvas.getAllByRole('rowheader')[0] as HTMLElement;
    const other = canvas.getAllByRole('cell')[0] as HTMLElement;
    const pinnedLeft = pinned.getBoundingClientRect().left;
    const otherLeft = other.getBoundingClientRect().left;
    region.scrollLeft = 120;
    region.dispatchEvent(new Event('scroll'));
    await expect(pinned.getBoundingClientRect().left).toBe(pinnedLeft);
    await expect(other.getBoundingClientRect().left).toBeLessThan(otherLeft);
  },
};

/** A wide table with no rows on a phone: "No data" shows in view, not centred off screen. */
export const NarrowEmpty: Story = {
  args: { rows: [] },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Workers' });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    const message = canvas.getByText('No data');
    const visible = region.getBoundingClientRect();
    const box = message.getBoundingClientRect();
    // Centred in the part of the table on screen, not across the whole (wider) table.
    const middle = (visible.left + visible.right) / 2;
    await expect(Math.abs((box.left + box.right) / 2 - middle)).toBeLessThan(24);
  },
};
