import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { type ToastOptions, ToastProvider, useToast } from './Toast';

function Trigger({ options, label = 'Save' }: { options: ToastOptions; label?: string }) {
  const toast = useToast();
  return <Button onClick={() => toast.show(options)}>{label}</Button>;
}

function ShowOnMount({ toasts }: { toasts: ToastOptions[] }) {
  const toast = useToast();
  return (
    <Button
      ref={(button) => {
        // Shows the examples once, when the story renders.
        if (button && !button.dataset.shown) {
          button.dataset.shown = 'yes';
          for (const options of toasts)
            toast.show({ duration: Number.POSITIVE_INFINITY, ...options });
        }
      }}
      variant="secondary"
    >
      Examples
    </Button>
  );
}

const meta = {
  title: 'Base/Toast',
  component: ToastProvider,
  args: { children: <Trigger options={{ tone: 'success', description: 'Settings saved' }} /> },
  globals: { viewport: { value: 'desktop', isRotated: false } },
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AutoDismissAfterThreeSeconds: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Notifications' });
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const toast = await within(region).findByRole('status');
    await expect(toast).toHaveTextContent('Settings saved');
    await expect(toast).toHaveAttribute('data-state', 'open');
    await expect(within(toast).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    // Still there after 2.5 s, gone by 3.5 s.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await expect(within(region).getByRole('status')).toBeInTheDocument();
    await waitFor(() => expect(within(region).queryByRole('status')).toBeNull(), {
      timeout: 1500,
    });
  },
};

export const CloseButton: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const save = canvas.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    await userEvent.click(save);
    const region = canvas.getByRole('region', { name: 'Notifications' });
    await expect(within(region).getAllByRole('status')).toHaveLength(2);
    await userEvent.click(
      within(region).getAllByRole('button', { name: 'Close' })[0] as HTMLElement,
    );
    await expect(within(region).getAllByRole('status')).toHaveLength(1);
  },
};

export const PausesWhileHovered: Story = {
  args: {
    duration: 800,
    children: <Trigger options={{ description: 'Worker rig07 is back online' }} />,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const toast = await canvas.findByRole('status');
    await userEvent.hover(toast);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await expect(canvas.getByRole('status')).toBeInTheDocument();
    await userEvent.unhover(toast);
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull(), { timeout: 1500 });
  },
};

const onRetry = fn();

export const ErrorWithAction: Story = {
  args: {
    children: (
      <Trigger
        label="Load"
        options={{
          tone: 'danger',
          title: 'Error',
          description: 'Request failed',
          action: { label: 'Retry', onClick: onRetry },
        }}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Load' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Request failed');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(onRetry).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

const examples: ToastOptions[] = [
  { tone: 'info', description: 'A new worker appears in about 1 minute.' },
  { tone: 'success', title: 'Saved', description: 'Settlement method changed.' },
  {
    tone: 'warning',
    description:
      'Withdrawals are paused for 24 hours after changing the auto-withdraw address, pay password, phone or email.',
  },
  {
    tone: 'danger',
    title: 'Error',
    description: 'Verification code failed to send, please try again later',
  },
];

export const AllTones: Story = { args: { children: <ShowOnMount toasts={examples} /> } };

export const Dark: Story = { ...AllTones, globals: { theme: 'dark' } };

export const Korean: Story = {
  args: { children: <ShowOnMount toasts={[{ tone: 'success', description: '저장되었습니다' }]} /> },
  globals: { locale: 'ko' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: '알림' });
    await expect(within(region).getByRole('button', { name: '닫기' })).toBeInTheDocument();
  },
};

export const Narrow: Story = {
  ...AllTones,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
