import { minerStatus } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FIXED_NOW, SAMPLE_GROUPS, workerRows } from '../../lib/fixtures';
import { playErrorRetry, playLoading } from '../../lib/storyStates';
import { WorkerTable } from './WorkerTable';

const rows = workerRows(240);
const manyRows = workerRows(100_000, { seed: 21 });
const stateOf = (lastShare: string | null) =>
  minerStatus(lastShare === null ? null : Date.parse(lastShare), FIXED_NOW);
const countOf = (state: string) =>
  rows.filter((row) => stateOf(row.last_share_time) === state).length;

const meta = {
  title: 'Widgets/WorkerTable',
  component: WorkerTable,
  args: {
    rows,
    now: FIXED_NOW,
    timezone: 'UTC+08:00',
    groups: SAMPLE_GROUPS,
    onDelete: fn(),
    onMove: fn(),
    onSelectedChange: fn(),
    onSortChange: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof WorkerTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The names of the body rows as they are shown. */
function shownNames(canvasElement: HTMLElement): string[] {
  return [...canvasElement.querySelectorAll('tbody th[scope="row"]')].map(
    (cell) => cell.textContent ?? '',
  );
}

export const Typical: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tabs = canvas.getAllByRole('tab');
    await expect(tabs.map((tab) => tab.textContent)).toEqual([
      `All${rows.length}`,
      `Active${countOf('active')}`,
      `Inactive${countOf('inactive')}`,
      `Dead${countOf('dead')}`,
    ]);
    await expect(canvas.getByRole('table')).toHaveAttribute(
      'aria-rowcount',
      String(rows.length + 1),
    );
  },
};

export const FilterByState: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: /Inactive/ }));
    await expect(canvas.getByRole('tab', { name: /Inactive/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const table = canvas.getByRole('table');
    await expect(table).toHaveAttribute('aria-rowcount', String(countOf('inactive') + 1));
    for (const row of within(table).getAllByRole('row').slice(1)) {
      await expect(row).toHaveTextContent('Inactive');
    }
    // Arrow keys move between the tabs.
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: /Dead/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tab', { name: /Dead/ })).toHaveFocus();
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search workers' }), 'rig01');
    await expect(shownNames(canvasElement)).toEqual(
      rows.map((row) => row.worker_name).filter((name) => name.includes('rig01')),
    );
    await expect(canvas.getByRole('tab', { name: /All/ })).toHaveTextContent('All10');
  },
};

export const Sorting: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('columnheader', { name: /Hashrate 15 m/ });
    await expect(header).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(args.onSortChange).toHaveBeenCalledWith({
      key: 'accept_15m',
      direction: 'ascending',
    });
    const ascending = [...rows].sort(
      (a, b) => a.accept_15m.value - b.accept_15m.value || rows.indexOf(a) - rows.indexOf(b),
    );
    await expect(shownNames(canvasElement)[0]).toBe(ascending[0]?.worker_name);
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const descending = [...rows].sort(
      (a, b) => b.accept_15m.value - a.accept_15m.value || rows.indexOf(a) - rows.indexOf(b),
    );
    await expect(shownNames(canvasElement).slice(0, 3)).toEqual(
      descending.slice(0, 3).map((row) => row.worker_name),
    );
    // Every column sorts; names sort naturally.
    const name = canvas.getByRole('columnheader', { name: /Worker/ });
    await userEvent.click(within(name).getByRole('button'));
    await userEvent.click(within(name).getByRole('button'));
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await expect(header).not.toHaveAttribute('aria-sort');
    await expect(shownNames(canvasElement)[0]).toBe('rig240');
    for (const column of ['Hashrate 1 h', 'Hashrate 24 h', 'Reject rate', 'Last share', 'Status']) {
      const cell = canvas.getByRole('columnheader', { name: new RegExp(column) });
      await userEvent.click(within(cell).getByRole('button'));
      await expect(cell).toHaveAttribute('aria-sort', 'ascending');
    }
  },
};

export const Selection: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select rig001' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select rig002' }));
    const toolbar = canvas.getByRole('toolbar');
    await expect(toolbar).toHaveTextContent('Selected: 2');
    await expect(canvas.getByRole('checkbox', { name: 'Select all shown workers' })).toHaveProperty(
      'indeterminate',
      true,
    );
    await userEvent.selectOptions(
      within(toolbar).getByRole('combobox', { name: 'Move to group' }),
      'Hall B',
    );
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Move' }));
    await expect(args.onMove).toHaveBeenCalledWith(['rig001', 'rig002'], 'g-hall-b');
    await expect(canvas.queryByRole('toolbar')).toBeNull();
    // Select all, then delete.
    await userEvent.click(canvas.getByRole('tab', { name: /Dead/ }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all shown workers' }));
    await expect(canvas.getByRole('toolbar')).toHaveTextContent(`Selected: ${countOf('dead')}`);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
    await expect(args.onDelete).toHaveBeenCalledWith(
      expect.toSatisfy((names: readonly string[]) => names.length === countOf('dead')),
    );
  },
};

export const GroupFilter: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Group' }), 'Hall B');
    const expected = rows.filter((row) => row.group?.id === 'g-hall-b').length;
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-rowcount', String(expected + 1));
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Group' }), 'Ungrouped');
    await expect(canvas.getByRole('table')).toHaveAttribute(
      'aria-rowcount',
      String(rows.filter((row) => row.group === null).length + 1),
    );
  },
};

/** 100,000 workers: only the rows in view are in the page. */
export const ManyRows: Story = {
  args: { rows: manyRows, height: 560 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table');
    await expect(table).toHaveAttribute('aria-rowcount', '100001');
    await expect(canvasElement.querySelectorAll('tbody tr[aria-rowindex]').length).toBeLessThan(60);
    const scroller = table.parentElement;
    scroller?.scrollTo({ top: scroller.scrollHeight });
    await waitFor(() => expect(shownNames(canvasElement)).toContain('rig100000'));
  },
};

export const LongNames: Story = {
  args: { rows: workerRows(30, { nameLength: 48 }), onWorkerOpen: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getAllByRole('rowheader')[0];
    await expect(first).toHaveAttribute('title', expect.stringMatching(/^rig01x+$/));
    if (first) await userEvent.click(within(first).getByRole('button'));
    await expect(args.onWorkerOpen).toHaveBeenCalledTimes(1);
  },
};

export const NoMatch: Story = {
  args: { defaultSearch: 'nothing-like-this' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No workers match these filters.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(canvas.getByRole('table')).toBeInTheDocument();
  },
};

export const Loading: Story = { args: { loading: true }, play: playLoading };

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No workers yet/)).toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: true },
  play: playErrorRetry('The workers could not be loaded.'),
};

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
