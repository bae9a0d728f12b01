import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DataCard, stateTexts } from './DataState';

const TEXTS: Record<string, string> = {
  loading: 'Loading rewards…',
  error: 'Could not load the rewards.',
  empty: 'No reward yet.',
  retry: 'Retry',
};

const meta = {
  title: 'Base/DataCard',
  component: DataCard,
  args: {
    title: 'Invitation rewards',
    'aria-label': 'Invitation rewards',
    lead: <p>As of 09:50</p>,
    footer: <nav aria-label="Pages">1 2 3</nav>,
    empty: false,
    texts: stateTexts((key) => TEXTS[key] ?? key, 'loading', 'error', 'empty', 'retry'),
    onRetry: fn(),
    children: fn(() => <p>One page of rewards</p>),
  },
} satisfies Meta<typeof DataCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Invitation rewards' });
    await expect(within(region).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Invitation rewards',
    );
    // The lead, the data and the footer, in that order.
    const lead = canvas.getByText('As of 09:50');
    const content = canvas.getByText('One page of rewards');
    const footer = canvas.getByRole('navigation', { name: 'Pages' });
    await expect(lead.compareDocumentPosition(content)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await expect(content.compareDocumentPosition(footer)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading rewards…' })).toBeInTheDocument();
    // The lead stays in every state; the data's view is not built.
    await expect(canvas.getByText('As of 09:50')).toBeInTheDocument();
    await expect(args.children).not.toHaveBeenCalled();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not load the rewards.');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { empty: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No reward yet.')).toBeInTheDocument();
  },
};

export const EmptyMessageOfTheHost: Story = {
  args: {
    empty: true,
    texts: stateTexts(
      (key) => TEXTS[key] ?? key,
      'loading',
      'error',
      'empty',
      'retry',
      'No reward on this day.',
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The host's sentence replaces the widget's own.
    await expect(canvas.getByText('No reward on this day.')).toBeInTheDocument();
    await expect(canvas.queryByText('No reward yet.')).toBeNull();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
