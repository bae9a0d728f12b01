import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FIXED_NOW } from '../../lib/fixtures';
import { confirmWithCode, look } from '../../lib/moneyDialog/moneyDialogStories';
import { type PasskeyOutcome, WithdrawDialog } from './WithdrawDialog';
import {
  addresses,
  dialogOf,
  open,
  rules,
  toAmount,
  WithAddressBook,
  withdrawArgs,
} from './withdrawStories';

const meta = {
  title: 'Widgets/WithdrawDialog',
  component: WithdrawDialog,
  args: withdrawArgs,
} satisfies Meta<typeof WithdrawDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Address, amount, confirm: the whole journey with a saved address. */
export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Open withdraw' }));
    const body = await dialogOf(canvasElement);
    await expect(body.getByRole('listitem', { current: 'step' })).toHaveTextContent('1. Address');
    // Only the coin's addresses, the first chosen.
    await expect(body.getByRole('radio', { name: /Cold wallet/ })).toBeChecked();
    await expect(body.queryByRole('radio', { name: /Litecoin/ })).toBeNull();
    await userEvent.click(body.getByRole('radio', { name: /Exchange/ }));
    await userEvent.click(body.getByRole('button', { name: 'Next' }));

    await expect(body.getByRole('listitem', { current: 'step' })).toHaveTextContent('2. Amount');
    await userEvent.type(body.getByRole('textbox', { name: 'Amount' }), '1.05247299');
    // The fee comes on top: the address receives the amount, the balance pays both, each to
    // the satoshi (not cut to the display decimals, 1.052472).
    await expect(body.getByTestId('withdraw-receive')).toHaveTextContent('1.05247299 BTC');
    await expect(body.getByTestId('withdraw-total')).toHaveTextContent('1.05267299 BTC');
    await expect(body.getByText('Network fee').nextElementSibling).toHaveTextContent(
      '0.000200 BTC',
    );
    await expect(body.getByText('Minimum').nextElementSibling).toHaveTextContent('0.001000 BTC');
    await userEvent.click(body.getByRole('button', { name: 'Next' }));

    await expect(body.getByRole('listitem', { current: 'step' })).toHaveTextContent('3. Confirm');
    await expect(body.getByText('To').nextElementSibling).toHaveTextContent('Exchange');
    await confirmWithCode(body, 'Withdraw');
    await expect(args.onSendCode).toHaveBeenCalledWith('withdraw');
    await expect(args.onSubmit).toHaveBeenCalledWith({
      coin: 'btc',
      addressId: '12',
      amount: '1.05247299',
      payPassword: 'Pay123456',
      code: '123456',
    });
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

/** A modal: the trigger says so, Escape closes it and focus returns. */
export const Keyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Open withdraw' });
    await expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(opener);
    const dialog = await canvas.findByRole('dialog', { name: 'Withdraw BTC' });
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog).toHaveAttribute('data-state', 'open');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

/** No saved address yet: add one (with its own code), and it is chosen. */
export const AddAddress: Story = {
  args: { ...open, addresses: [] },
  render: (args) => <WithAddressBook {...args} />,
  play: async ({ args, canvasElement }) => {
    const body = await dialogOf(canvasElement);
    await expect(
      body.getByText('No saved BTC address yet. Add one to withdraw.'),
    ).toBeInTheDocument();
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await expect(body.getByText('Choose an address')).toBeInTheDocument();
    await userEvent.click(body.getByRole('button', { name: 'Add an address' }));
    // BTC takes no public key.
    await expect(body.queryByRole('textbox', { name: 'Public key' })).toBeNull();
    await userEvent.type(body.getByRole('textbox', { name: 'Name' }), 'Hardware');
    await userEvent.type(
      body.getByRole('textbox', { name: 'Address' }),
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    await userEvent.click(body.getByRole('button', { name: 'Send code' }));
    await expect(args.onSendCode).toHaveBeenCalledWith('withdraw_address');
    await userEvent.type(body.getByRole('textbox', { name: 'Verification code' }), '654321');
    await userEvent.click(body.getByRole('button', { name: 'Save address' }));
    await expect(args.onAddAddress).toHaveBeenCalledWith({
      coin: 'btc',
      alias: 'Hardware',
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      code: '654321',
    });
    await waitFor(() => expect(body.getByRole('radio', { name: /Hardware/ })).toBeChecked());
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await expect(body.getByRole('listitem', { current: 'step' })).toHaveTextContent('2. Amount');
  },
};

/** A passkey instead of the code for the withdrawal (scene `withdraw`). */
export const PasskeyWithdraw: Story = {
  args: {
    ...open,
    onPasskey: fn(
      async (): Promise<PasskeyOutcome> => ({ status: 'verified', token: 'vt_withdraw' }),
    ),
  },
  play: async ({ args, canvasElement }) => {
    const body = await toAmount(canvasElement, '1');
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await userEvent.type(body.getByLabelText('Pay password'), 'Pay123456');
    await userEvent.click(body.getByRole('button', { name: 'Use a passkey instead' }));
    await expect(args.onPasskey).toHaveBeenCalledWith('withdraw');
    await expect(await body.findByTestId('passkey-verified')).toHaveTextContent(
      'Verified with your passkey.',
    );
    await expect(body.queryByRole('textbox', { name: 'Verification code' })).toBeNull();
    await userEvent.click(body.getByRole('button', { name: 'Withdraw' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      coin: 'btc',
      addressId: '11',
      amount: '1',
      payPassword: 'Pay123456',
      code: '',
      passkeyToken: 'vt_withdraw',
    });
  },
};

/**
 * A passkey for a new address (scene `withdraw_address`): once the address is saved its token
 * is spent, so the withdrawal asks again.
 */
export const PasskeyAddAddress: Story = {
  args: {
    ...open,
    addresses: [],
    onPasskey: fn(
      async (scene: 'withdraw' | 'withdraw_address'): Promise<PasskeyOutcome> => ({
        status: 'verified',
        token: `vt_${scene}`,
      }),
    ),
  },
  render: (args) => <WithAddressBook {...args} />,
  play: async ({ args, canvasElement }) => {
    const body = await dialogOf(canvasElement);
    await userEvent.click(body.getByRole('button', { name: 'Add an address' }));
    await userEvent.type(body.getByRole('textbox', { name: 'Name' }), 'Hardware');
    await userEvent.type(
      body.getByRole('textbox', { name: 'Address' }),
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    await userEvent.click(body.getByRole('button', { name: 'Use a passkey instead' }));
    await expect(args.onPasskey).toHaveBeenCalledWith('withdraw_address');
    await body.findByTestId('passkey-verified');
    await userEvent.click(body.getByRole('button', { name: 'Save address' }));
    await expect(args.onAddAddress).toHaveBeenCalledWith({
      coin: 'btc',
      alias: 'Hardware',
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      code: '',
      passkeyToken: 'vt_withdraw_address',
    });
    await waitFor(() => expect(body.getByRole('radio', { name: /Hardware/ })).toBeChecked());
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await userEvent.type(body.getByRole('textbox', { name: 'Amount' }), '1');
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await expect(body.getByRole('textbox', { name: 'Verification code' })).toBeVisible();
    await expect(body.queryByTestId('passkey-verified')).toBeNull();
  },
};

let passkeyTries = 0;

/** The passkey does not pass: "Verification Failed", verify another way or try again. */
export const PasskeyFailed: Story = {
  args: {
    ...open,
    // Fails once, then passes.
    onPasskey: fn(
      async (): Promise<PasskeyOutcome> =>
        ++passkeyTries > 1 ? { status: 'verified', token: 'vt_again' } : { status: 'failed' },
    ),
  },
  play: async ({ canvasElement }) => {
    passkeyTries = 0;
    const body = await toAmount(canvasElement, '1');
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await userEvent.click(body.getByRole('button', { name: 'Use a passkey instead' }));
    const alert = await body.findByRole('alert', { name: 'Verification Failed' });
    await expect(within(alert).getByRole('button', { name: 'Verify another way' })).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await body.findByTestId('passkey-verified')).toBeInTheDocument();
    await expect(body.queryByRole('alert')).toBeNull();
  },
};

/** This browser has no WebAuthn: the message under the code field. */
export const PasskeyUnsupported: Story = {
  args: {
    ...open,
    onPasskey: fn(
      async (): Promise<PasskeyOutcome> => ({
        status: 'refused',
        message: 'Your browser does not support webauthn',
      }),
    ),
  },
  play: async ({ canvasElement }) => {
    const body = await toAmount(canvasElement, '1');
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await userEvent.click(body.getByRole('button', { name: 'Use a passkey instead' }));
    await waitFor(() =>
      expect(body.getByRole('textbox', { name: 'Verification code' })).toHaveAccessibleDescription(
        'Your browser does not support webauthn',
      ),
    );
  },
};

export const CodeNotSent: Story = {
  args: {
    ...open,
    onSendCode: fn(async () => {
      throw new Error('Verification code failed to send, please try again later');
    }),
  },
  play: async ({ canvasElement }) => {
    const body = await toAmount(canvasElement, '1');
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await userEvent.click(body.getByRole('button', { name: 'Send code' }));
    await expect(
      await body.findByText('Verification code failed to send, please try again later'),
    ).toBeInTheDocument();
  },
};

/** The code comes from an authenticator app: nothing to send. */
export const AuthenticatorCode: Story = {
  args: { ...open, onSendCode: undefined, labels: { withdrawCode: 'Authenticator code' } },
  play: async ({ canvasElement }) => {
    const body = await toAmount(canvasElement, '1');
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await expect(body.getByRole('textbox', { name: 'Authenticator code' })).toBeVisible();
    await expect(body.queryByRole('button', { name: 'Send code' })).toBeNull();
  },
};

export const DeleteAddress: Story = {
  args: { ...open },
  play: async ({ args, canvasElement }) => {
    const body = await dialogOf(canvasElement);
    await userEvent.click(body.getByRole('button', { name: 'Delete Exchange' }));
    await expect(args.onDeleteAddress).toHaveBeenCalledWith(addresses[1]);
  },
};

/** Paused for 24 h after a security change (the rules' `paused_until`). */
export const Paused: Story = {
  args: {
    ...open,
    timezone: 'UTC+08:00',
    rules: { ...rules, paused_until: new Date(FIXED_NOW + 20 * 3_600_000).toISOString() },
  },
  play: async ({ canvasElement }) => {
    const body = await dialogOf(canvasElement);
    await expect(body.getByRole('status')).toHaveTextContent(
      /^Withdrawals are paused until \d{4}-\d{2}-\d{2} \d{2}:\d{2} after a security change\.$/,
    );
    await expect(body.queryByRole('button', { name: 'Next' })).toBeNull();
  },
};

export const Closed: Story = {
  args: { ...open, rules: { ...rules, enabled: false } },
  play: async ({ canvasElement }) => {
    const body = await dialogOf(canvasElement);
    await expect(body.getByRole('status')).toHaveTextContent(
      'Withdrawals of BTC are closed for now.',
    );
  },
};

export const NoPayPassword: Story = {
  args: { ...open, hasPayPassword: false },
  play: async ({ args, canvasElement }) => {
    const body = await dialogOf(canvasElement);
    await expect(body.queryByRole('textbox')).toBeNull();
    await userEvent.click(body.getByRole('button', { name: 'Set pay password' }));
    await expect(args.onSetPayPassword).toHaveBeenCalledTimes(1);
  },
};

export const NoFunds: Story = {
  args: { ...open, available: '0' },
  play: async ({ canvasElement }) => {
    const body = await toAmount(canvasElement, '');
    await expect(body.getByText('Nothing to withdraw: no BTC balance.')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { ...open, rules: null, loading: true },
  play: async ({ canvasElement }) => {
    const body = await dialogOf(canvasElement);
    await expect(
      body.getByRole('status', { name: 'Loading the withdrawal rules…' }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

export const Failed: Story = {
  args: { ...open, rules: null, error: true, onRetry: fn() },
  play: async ({ args, canvasElement }) => {
    const body = await dialogOf(canvasElement);
    await expect(body.getByRole('alert')).toHaveTextContent(
      'The withdrawal rules could not be loaded.',
    );
    await userEvent.click(body.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Open: Story = { args: { ...open } };
export const Dark: Story = look('Dark');
export const Narrow: Story = look('Narrow');
export const Chinese: Story = look('Chinese');
export const Russian: Story = look('Russian');
export const Japanese: Story = look('Japanese');
export const Korean: Story = look('Korean');
