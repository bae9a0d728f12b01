import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, within } from 'storybook/test';
import { FormField } from '../FormField/FormField';
import { DateRangePicker } from './DateRangePicker';

const meta = {
  title: 'Base/DateRangePicker',
  component: DateRangePicker,
  args: { onValueChange: fn(), min: '2023-01-01', max: '2024-12-31' },
  render: (args) => (
    <FormField label="Export range" hint="At most one year." required>
      <DateRangePicker {...args} />
    </FormField>
  ),
} satisfies Meta<typeof DateRangePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

// Native date fields take a value as a whole, as the browser's picker sets it.
const pick = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Export range' })).toBeInTheDocument();
    const start = canvas.getByLabelText('Start date');
    const end = canvas.getByLabelText('End date');
    await expect(start).toHaveAccessibleDescription('At most one year.');
    await expect(end).toHaveAccessibleDescription('At most one year.');
    await expect(start).toBeRequired();
    await expect(start).toHaveAttribute('min', '2023-01-01');
    await expect(end).toHaveAttribute('max', '2024-12-31');

    pick(start, '2024-03-01');
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ start: '2024-03-01', end: null });
    await expect(end).toHaveAttribute('min', '2024-03-01');
    pick(end, '2024-03-31');
    await expect(args.onValueChange).toHaveBeenLastCalledWith({
      start: '2024-03-01',
      end: '2024-03-31',
    });
    await expect(start).toHaveAttribute('max', '2024-03-31');
  },
};

export const StartNeverAfterEnd: Story = {
  args: { defaultValue: { start: '2024-03-01', end: '2024-03-31' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const start = canvas.getByLabelText('Start date');
    const end = canvas.getByLabelText('End date');
    // A start after the end pulls the end along…
    pick(start, '2024-04-10');
    await expect(args.onValueChange).toHaveBeenLastCalledWith({
      start: '2024-04-10',
      end: '2024-04-10',
    });
    await expect(end).toHaveValue('2024-04-10');
    // …and an end before the start pulls the start back.
    pick(end, '2024-02-01');
    await expect(args.onValueChange).toHaveBeenLastCalledWith({
      start: '2024-02-01',
      end: '2024-02-01',
    });
    await expect(start).toHaveValue('2024-02-01');
    pick(start, '');
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ start: null, end: '2024-02-01' });
  },
};

export const Standalone: Story = {
  render: (args) => <DateRangePicker {...args} />,
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('group', { name: 'Date range' }),
    ).toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: { start: '2024-01-01', end: '2024-01-31' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Start date')).toBeDisabled();
    await expect(canvas.getByLabelText('End date')).toBeDisabled();
  },
};

export const ErrorState: Story = {
  render: (args) => (
    <FormField label="Export range" error="Export requires a date range">
      <DateRangePicker {...args} />
    </FormField>
  ),
  play: async ({ canvasElement }) => {
    const start = within(canvasElement).getByLabelText('Start date');
    await expect(start).toHaveAttribute('aria-invalid', 'true');
    await expect(start).toHaveAccessibleDescription('Export requires a date range');
  },
};

export const Dark: Story = {
  args: { defaultValue: { start: '2024-01-01', end: '2024-01-31' } },
  globals: { theme: 'dark' },
};

export const Russian: Story = {
  render: (args) => <DateRangePicker {...args} />,
  globals: { locale: 'ru' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Период' })).toBeInTheDocument();
    await expect(canvas.getByLabelText('Дата начала')).toBeInTheDocument();
  },
};

export const Narrow: Story = {
  args: { defaultValue: { start: '2024-01-01', end: '2024-12-31' } },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group');
    await expect(group.getBoundingClientRect().right).toBeLessThanOrEqual(375);
  },
};
