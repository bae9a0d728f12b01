import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { CopyButton } from './CopyButton';

const address = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

const meta = {
  title: 'Base/CopyButton',
  component: CopyButton,
  args: { value: address, labels: { copy: 'Copy address' }, onCopy: fn(), onCopyError: fn() },
  beforeEach: () => {
    // The test browser has no clipboard permission; the spy stands in and records the text.
    const writeText = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => writeText.mockRestore();
  },
  render: (args) => (
    <p
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        marginTop: 40,
        overflowWrap: 'anywhere',
      }}
    >
      <code>{address}</code>
      <CopyButton {...args} />
    </p>
  ),
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Icon: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Copy address' });
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    await userEvent.click(button);
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(address);
    await expect(args.onCopy).toHaveBeenCalledWith(address);
    await expect(canvas.getByRole('status')).toHaveTextContent('Copied');
    await expect(button).toHaveAttribute('data-state', 'copied');
    // The name stays, so a screen reader user can copy again.
    await expect(button).toHaveAccessibleName('Copy address');
  },
};

export const FeedbackEnds: Story = {
  args: { feedbackDuration: 300 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button'));
    await expect(canvas.getByRole('status')).toHaveTextContent('Copied');
    await waitFor(() => expect(canvas.getByRole('status')).toBeEmptyDOMElement());
  },
};

export const WithText: Story = {
  args: { variant: 'button', size: 'md', labels: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Copy' });
    await userEvent.click(button);
    await expect(button).toHaveTextContent('Copied');
  },
};

export const Failure: Story = {
  play: async ({ args, canvasElement }) => {
    const refusal = new Error('NotAllowedError');
    spyOn(navigator.clipboard, 'writeText').mockRejectedValue(refusal);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy address' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Copy failed');
    await expect(args.onCopyError).toHaveBeenCalledWith(refusal);
    await expect(args.onCopy).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toBeDisabled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button'));
  },
};

export const Korean: Story = {
  args: { labels: undefined, variant: 'button' },
  globals: { locale: 'ko' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '복사' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('복사됨');
  },
};

export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
