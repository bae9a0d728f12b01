import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DataState } from './DataState';

const meta = {
  title: 'Base/DataState',
  component: DataState,
  args: {
    empty: false,
    texts: {
      loading: 'Loading blocks…',
      error: 'Could not load the blocks.',
      retry: 'Retry',
      empty: 'The pool has not found a block yet.',
    },
    onRetry: fn(),
    children: fn(() => <p>Block 3,912,345</p>),
  },
} satisfies Meta<typeof DataState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ args, canvasElement }) => {
    await expect(within(canvasElement).getByText('Block 3,912,345')).toBeInTheDocument();
    await expect(args.children).toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true, error: true, empty: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // The skeleton wins over the error and the empty state, and the view is not even built.
    await expect(canvas.getByRole('status', { name: 'Loading blocks…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(args.children).not.toHaveBeenCalled();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: true, empty: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not load the blocks.');
    await expect(canvas.queryByText('The pool has not found a block yet.')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await expect(args.children).not.toHaveBeenCalled();
  },
};

export const ErrorMessage: Story = {
  args: { error: 'Network is unreachable', onRetry: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // A message of its own replaces the widget's sentence; without `onRetry`, no button.
    await expect(canvas.getByRole('alert')).toHaveTextContent('Network is unreachable');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Empty: Story = {
  args: { empty: true },
  play: async ({ args, canvasElement }) => {
    await expect(
      within(canvasElement).getByText('The pool has not found a block yet.'),
    ).toBeInTheDocument();
    await expect(args.children).not.toHaveBeenCalled();
  },
};

export const Dark: Story = { args: { error: true }, globals: { theme: 'dark' } };
