import type { AlertSettings } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AlertSettingsForm } from './AlertSettingsForm';

const off: AlertSettings = {
  enabled: false,
  hashrate_threshold: null,
  offline_workers_threshold: null,
  channels: [],
  types: ['hashrate_alert', 'miner_offline'],
  webhook_url: null,
  webhook_secret_set: false,
  quiet_minutes: 60,
};
const withWebhook: AlertSettings = {
  ...off,
  enabled: true,
  offline_workers_threshold: 1,
  hashrate_threshold: 100e12,
  channels: ['email', 'webhook'],
  webhook_url: 'https://hooks.example.com/poolkit',
  webhook_secret_set: true,
};

const meta = {
  title: 'Widgets/AlertSettingsForm',
  component: AlertSettingsForm,
  args: { value: off, onSubmit: fn(), onMakeSecret: fn(), onSendTest: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 720 }}>{Story()}</div>],
} satisfies Meta<typeof AlertSettingsForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('No signing secret yet: make one before the first webhook.'),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send test webhook' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Alerts on' }));
    await userEvent.type(canvas.getByLabelText('When at least this many workers are offline'), '2');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      enabled: true,
      types: ['hashrate_alert', 'miner_offline'],
      offline_workers_threshold: 2,
      hashrate_threshold: null,
      channels: [],
      webhook_url: null,
      quiet_minutes: 60,
    });
  },
};

export const WithWebhook: Story = {
  args: { value: withWebhook },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Webhook' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Send test webhook' }));
    await expect(args.onSendTest).toHaveBeenCalledTimes(1);
  },
};

export const InvalidInput: Story = {
  args: { value: withWebhook },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const url = canvas.getByLabelText('Webhook address');
    await userEvent.clear(url);
    await userEvent.type(url, 'ftp://nope');
    const offline = canvas.getByLabelText('When at least this many workers are offline');
    await userEvent.clear(offline);
    await userEvent.type(offline, '0');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(offline).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The host's second-validation field, as the site passes `SecondValidationField`. */
const codeField = (
  <label>
    Verification code
    <input name="code" />
  </label>
);

export const WebhookChangeAsksValidation: Story = {
  args: { value: withWebhook, webhookValidation: codeField },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const note =
      'A new webhook address receives your alerts and your account’s data: first confirm it is you with a code or a passkey.';
    // The saved address: no validation asked.
    await expect(canvas.queryByLabelText('Verification code')).toBeNull();
    const url = canvas.getByLabelText('Webhook address');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://hooks.example.com/other');
    await expect(canvas.getByLabelText('Verification code')).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: note })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ webhook_url: 'https://hooks.example.com/other' }),
    );
    // Back to the saved address, or none: no validation.
    await userEvent.clear(url);
    await expect(canvas.queryByLabelText('Verification code')).toBeNull();
    await userEvent.type(url, 'https://hooks.example.com/poolkit');
    await expect(canvas.queryByLabelText('Verification code')).toBeNull();
  },
};

export const NewWebhookAsksValidation: Story = {
  args: { value: off, webhookValidation: codeField },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByLabelText('Verification code')).toBeNull();
    await userEvent.type(canvas.getByLabelText('Webhook address'), 'https://hooks.example.com/new');
    await expect(canvas.getByLabelText('Verification code')).toBeInTheDocument();
  },
};

export const SecretShownOnce: Story = {
  args: { value: withWebhook, newSecret: `whsec_${'ab'.repeat(32)}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('webhook-secret')).toHaveTextContent(/^whsec_/);
    await expect(canvas.getByText('Copy it now: it is shown only once.')).toBeInTheDocument();
  },
};

export const TestDelivered: Story = {
  args: {
    value: withWebhook,
    testResult: { delivery_id: 'whd_1', delivered: true, status_code: 200, error: null },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Test webhook delivered (HTTP 200)')).toHaveAttribute(
      'data-state',
      'delivered',
    );
  },
};

export const TestFailed: Story = {
  args: {
    value: withWebhook,
    testResult: { delivery_id: 'whd_2', delivered: false, status_code: 500, error: 'HTTP 500' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/not delivered: HTTP 500/)).toHaveAttribute(
      'data-state',
      'failed',
    );
  },
};

export const Saving: Story = {
  args: { value: withWebhook, saving: true, testing: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Send test webhook' })).toBeDisabled();
  },
};
