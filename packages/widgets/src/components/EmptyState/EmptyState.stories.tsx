import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Base/EmptyState',
  component: EmptyState,
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data')).toBeInTheDocument();
  },
};

const onAdd = fn();

export const WithAction: Story = {
  args: {
    title: 'No workers yet',
    description:
      'Point a miner at the pool with your account name; it appears here in about a minute.',
    action: <Button onClick={onAdd}>Show connection guide</Button>,
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Show connection guide' }),
    );
    await expect(onAdd).toHaveBeenCalledTimes(1);
  },
};

export const ErrorState: Story = {
  args: {
    icon: 'errorCircle',
    title: 'Could not load the workers',
    description: 'Request failed',
    action: (
      <Button variant="secondary" size="sm">
        Retry
      </Button>
    ),
  },
};

export const Compact: Story = { args: { size: 'sm', icon: null } };

export const Dark: Story = { ...WithAction, globals: { theme: 'dark' } };

export const Russian: Story = {
  globals: { locale: 'ru' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Нет данных')).toBeInTheDocument();
  },
};

export const Narrow: Story = {
  ...WithAction,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
