import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ResendCountdown } from './ResendCountdown';

const meta = {
  title: 'Base/ResendCountdown',
  component: ResendCountdown,
  args: { onResend: fn() },
} satisfies Meta<typeof ResendCountdown>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SixtySeconds: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Send code' });
    await expect(button).toHaveAttribute('data-state', 'idle');
    await userEvent.click(button);
    await expect(args.onResend).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(button).toHaveTextContent('Resend in 60 s'));
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('data-state', 'counting');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Code sent. You can request a new one in 60 seconds.',
    );
    // Inert but still focused: focus is not lost to the page.
    await expect(button).toHaveFocus();
    await userEvent.click(button);
    await expect(args.onResend).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(button).toHaveTextContent('Resend in 59 s'), { timeout: 2000 });
  },
};

export const CountsDownToReady: Story = {
  args: { seconds: 2 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Send code' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveTextContent('Resend in 2 s'));
    await waitFor(() => expect(button).toHaveTextContent('Resend in 1 s'), { timeout: 2000 });
    await waitFor(() => expect(button).toHaveTextContent('Resend code'), { timeout: 2000 });
    await expect(button).not.toHaveAttribute('aria-disabled');
    await expect(button).toHaveAttribute('data-state', 'ready');
    await expect(canvas.getByRole('status')).toHaveTextContent('You can request a new code now.');
    await userEvent.click(button);
    await expect(args.onResend).toHaveBeenCalledTimes(2);
  },
};

export const StartsOnMount: Story = {
  args: { startOnMount: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button');
    await expect(button).toHaveTextContent('Resend in 60 s');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
  },
};

export const FailedSendDoesNotCount: Story = {
  args: { onResend: fn(async () => false) },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Send code' });
    await userEvent.click(button);
    await expect(args.onResend).toHaveBeenCalledTimes(1);
    await expect(button).toHaveTextContent('Send code');
    await expect(button).not.toHaveAttribute('aria-disabled');
  },
};

export const Sending: Story = {
  args: { onResend: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Send code' });
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('data-state', 'sending');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    await expect(args.onResend).not.toHaveBeenCalled();
  },
};

export const Dark: Story = { args: { startOnMount: true }, globals: { theme: 'dark' } };

export const Chinese: Story = {
  args: { startOnMount: true },
  globals: { locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toHaveTextContent('60 秒后重新发送');
  },
};

export const Russian: Story = {
  globals: { locale: 'ru', viewport: { value: 'phone', isRotated: false } },
  args: { startOnMount: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toHaveTextContent(
      'Повторно через 60 с',
    );
  },
};
