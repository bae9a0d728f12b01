import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination, paginationRange } from './Pagination';

const meta = {
  title: 'Base/Pagination',
  component: Pagination,
  args: { total: 125, onPageChange: fn() },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The visible pager: page numbers and gaps, in order. */
const pager = (nav: HTMLElement) =>
  Array.from(nav.querySelectorAll('li')).map((item) => {
    const button = item.querySelector('button');
    if (!button) return '…';
    return button.getAttribute('aria-current') === 'page'
      ? `[${button.textContent}]`
      : (button.textContent ?? '');
  });

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Pagination' });
    await expect(canvas.getByText('Total 125')).toBeInTheDocument();
    // 125 items at 10 a page: 13 pages, 5 page buttons, gaps.
    await expect(pager(nav)).toEqual(['', '[1]', '2', '3', '4', '…', '13', '']);
    const previous = canvas.getByRole('button', { name: 'Previous page' });
    await expect(previous).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent.click(canvas.getByRole('button', { name: 'Page 4' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(4);
    await expect(pager(nav)).toEqual(['', '1', '…', '3', '[4]', '5', '…', '13', '']);
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(pager(nav)).toEqual(['', '1', '…', '4', '[5]', '6', '…', '13', '']);
    await userEvent.click(previous);
    await expect(args.onPageChange).toHaveBeenLastCalledWith(4);

    const jump = canvas.getByRole('spinbutton', { name: 'Go to page' });
    await userEvent.type(jump, '12{Enter}');
    await expect(args.onPageChange).toHaveBeenLastCalledWith(12);
    await expect(pager(nav)).toEqual(['', '1', '…', '10', '11', '[12]', '13', '']);
    await expect(jump).toHaveValue(null);
    await userEvent.type(jump, '99{Enter}');
    await expect(args.onPageChange).toHaveBeenLastCalledWith(13);
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

export const RangeRule: Story = {
  play: async () => {
    await expect(paginationRange(1, 3)).toEqual([1, 2, 3]);
    await expect(paginationRange(1, 5)).toEqual([1, 2, 3, 4, 5]);
    await expect(paginationRange(3, 13)).toEqual([1, 2, 3, 4, 'end-ellipsis', 13]);
    await expect(paginationRange(4, 13)).toEqual([
      1,
      'start-ellipsis',
      3,
      4,
      5,
      'end-ellipsis',
      13,
    ]);
    await expect(paginationRange(11, 13)).toEqual([1, 'start-ellipsis', 10, 11, 12, 13]);
    await expect(paginationRange(10, 20, 7)).toEqual([
      1,
      'start-ellipsis',
      8,
      9,
      10,
      11,
      12,
      'end-ellipsis',
      20,
    ]);
  },
};

export const FewPages: Story = {
  args: { total: 23, defaultPage: 2 },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation');
    await expect(pager(nav)).toEqual(['', '1', '[2]', '3', '']);
  },
};

export const SinglePage: Story = {
  args: { total: 4 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(canvas.queryByRole('spinbutton')).toBeNull();
  },
};

export const Empty: Story = { args: { total: 0 } };

export const Disabled: Story = {
  args: { disabled: true, defaultPage: 3 },
  play: async ({ canvasElement }) => {
    for (const button of within(canvasElement).getAllByRole('button'))
      await expect(button).toBeDisabled();
  },
};

export const Dark: Story = { args: { defaultPage: 7, total: 1000 }, globals: { theme: 'dark' } };

export const Chinese: Story = {
  args: { defaultPage: 2 },
  globals: { locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: '分页' })).toBeInTheDocument();
    await expect(canvas.getByText('共 125 条')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: '上一页' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: '第 2 页' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const Narrow: Story = {
  args: { defaultPage: 50, total: 100000 },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation');
    await expect(nav.scrollWidth).toBeLessThanOrEqual(nav.clientWidth);
  },
};
