import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { Tooltip } from './Tooltip';

const meta = {
  title: 'Base/Tooltip',
  component: Tooltip,
  args: {
    content: 'Shares rejected by the pool in the last 24 hours',
    children: <IconButton icon="info" label="About reject rate" />,
    onOpenChange: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: '64px 16px' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnFocus: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'About reject rate' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    const tooltip = await canvas.findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Shares rejected by the pool in the last 24 hours');
    await expect(button).toHaveAccessibleDescription(
      'Shares rejected by the pool in the last 24 hours',
    );
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('tooltip')).toBeNull());
    await expect(button).toHaveFocus();
  },
};

export const OnHover: Story = {
  args: { delay: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'About reject rate' });
    await userEvent.hover(button);
    await expect(await canvas.findByRole('tooltip')).toBeInTheDocument();
    await userEvent.unhover(button);
    await userEvent.hover(canvasElement.ownerDocument.body);
    await waitFor(() => expect(canvas.queryByRole('tooltip')).toBeNull());
  },
};

export const KeepsTriggerHandlers: Story = {
  args: { children: <Button onClick={fn()}>Export</Button>, content: 'CSV of the selected range' },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Export' });
    await userEvent.click(button);
    const child = args.children as { props: { onClick: () => void } };
    await expect(child.props.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Open: Story = { args: { defaultOpen: true } };

export const LongText: Story = {
  args: {
    defaultOpen: true,
    content:
      'A worker is inactive after 15 minutes without shares and dead after 24 hours. Dead workers are hidden from the default view.',
  },
};

export const Dark: Story = { args: { defaultOpen: true }, globals: { theme: 'dark' } };

export const Narrow: Story = {
  ...LongText,
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const tooltip = await within(canvasElement).findByRole('tooltip');
    await waitFor(() => expect(tooltip.getBoundingClientRect().right).toBeLessThanOrEqual(375));
  },
};
