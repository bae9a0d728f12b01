import type { WithdrawAddress, WithdrawRules } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FIXED_NOW } from '../../lib/fixtures';
import {
  type PasskeyOutcome,
  WithdrawDialog,
  type WithdrawDialogProps,
  type WithdrawDialogRefusal,
  withdrawalParts,
} from './WithdrawDialog';

const rules: WithdrawRules = {
  coin: 'btc',
  min_amount: '0.001',
  fee: '0.0002',
  manual_audit_above: '2',
  max_single: '5',
  paused_until: null,
  enabled: true,
};

const addresses: WithdrawAddress[] = [
  {
    id: '11',
    coin: 'btc',
    alias: 'Cold wallet',
    address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    public_key: null,
    created_at: '2025-03-01T08:00:00Z',
  },
  {
    id: '12',
    coin: 'btc',
    alias: 'Exchange',
    address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    public_key: null,
    created_at: '2025-03-02T08:00:00Z',
  },
  {
    id: '13',
    coin: 'ltc',
    alias: 'Litecoin',
    address: 'ltc1qg82x0l8kq2vn7m5r3t0s4dwfjyz6hc2ep8ua7x',
    public_key: null,
    created_at: '2025-03-02T08:00:00Z',
  },
];

const trigger = (
  <button type="button" style={{ font: 'inherit' }}>
    Open withdraw
  </button>
);

const meta = {
  title: 'Widgets/WithdrawDialog',
  component: WithdrawDialog,
  args: {
    coin: 'btc',
    available: '12.5',
    rules,
    addresses,
    hasPayPassword: true,
    now: FIXED_NOW,
    trigger,
    onOpenChange: fn(),
    onSetPayPassword: fn(),
    onSendCode: fn(async () => {}),
    onAddAddress: fn(async (): Promise<WithdrawDialogRefusal | undefined> => undefined),
    onDeleteAddress: fn(async () => {}),
    onSubmit: fn(async (): Promise<WithdrawDialogRefusal | undefined> => undefined),
  },
} satisfies Meta<typeof WithdrawDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const open = { defaultOpen: true, trigger: undefined } as const;

async function dialogOf(canvasElement: HTMLElement) {
  return within(await within(canvasElement).findByRole('dialog', { name: 'Withdraw BTC' }));
}

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
    await userEvent.type(body.getByLabelText('Pay password'), 'Pay123456');
    await userEvent.click(body.getByRole('button', { name: 'Send code' }));
    await expect(args.onSendCode).toHaveBeenCalledWith('withdraw');
    await expect(await body.findByRole('status')).toHaveTextContent('Code sent');
    await expect(body.getByRole('button', { name: /Resend in/ })).toBeDisabled();
    await userEvent.type(body.getByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(body.getByRole('button', { name: 'Withdraw' }));
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

/** A host that saves the address and passes it back in `addresses`, as the site does. */
function WithAddressBook(props: WithdrawDialogProps) {
  const [book, setBook] = useState<WithdrawAddress[]>([]);
  return (
    <WithdrawDialog
      {...props}
      addresses={book}
      onAddAddress={async (values) => {
        const refusal = await props.onAddAddress?.(values);
        if (refusal !== undefined) return refusal;
        setBook((current) => [
          ...current,
          {
            id: String(current.length + 100),
            coin: values.coin,
            alias: values.alias,
            address: values.address,
            public_key: values.publicKey ?? null,
            created_at: '2025-03-03T08:00:00Z',
          },
        ]);
        return undefined;
      }}
    />
  );
}

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

/** A wrong address, a missing name and code: each under its field, nothing sent. */
export const AddressChecks: Story = {
  args: { ...open },
  play: async ({ args, canvasElement }) => {
    const body = await dialogOf(canvasElement);
    await userEvent.click(body.getByRole('button', { name: 'Add an address' }));
    await userEvent.type(body.getByRole('textbox', { name: 'Address' }), '0x1234');
    await userEvent.click(body.getByRole('button', { name: 'Save address' }));
    await expect(body.getByRole('textbox', { name: 'Address' })).toHaveAccessibleDescription(
      'The address is wrong',
    );
    await expect(body.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Please enter a name',
    );
    await expect(
      body.getByRole('textbox', { name: 'Verification code' }),
    ).toHaveAccessibleDescription('Please enter verification code');
    await expect(args.onAddAddress).not.toHaveBeenCalled();
  },
};

/** KDA: a public key field, checked for 64 hex digits. */
export const KadenaPublicKey: Story = {
  args: { ...open, coin: 'kda', rules: { ...rules, coin: 'kda', min_amount: '1', fee: '0.01' } },
  play: async ({ args, canvasElement }) => {
    const body = within(await within(canvasElement).findByRole('dialog', { name: 'Withdraw KDA' }));
    await userEvent.click(body.getByRole('button', { name: 'Add an address' }));
    await userEvent.type(body.getByRole('textbox', { name: 'Name' }), 'Chainweaver');
    await userEvent.type(body.getByRole('textbox', { name: 'Address' }), `k:${'ab'.repeat(32)}`);
    await userEvent.type(body.getByRole('textbox', { name: /Public key/ }), 'xyz');
    await userEvent.type(body.getByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(body.getByRole('button', { name: 'Save address' }));
    await expect(body.getByRole('textbox', { name: 'Public key' })).toHaveAccessibleDescription(
      'KDA only: the 64-character public key that guards the k: account. The publicKey is wrong',
    );
    await expect(args.onAddAddress).not.toHaveBeenCalled();
  },
};

/** The server refuses the address: its message goes under the field it names. */
export const AddressRefused: Story = {
  args: {
    ...open,
    coin: 'kda',
    rules: { ...rules, coin: 'kda' },
    onAddAddress: fn(
      async (): Promise<WithdrawDialogRefusal | undefined> => ({
        field: 'publicKey',
        message: 'The publicKey is wrong',
      }),
    ),
  },
  play: async ({ canvasElement }) => {
    const body = within(await within(canvasElement).findByRole('dialog', { name: 'Withdraw KDA' }));
    await userEvent.click(body.getByRole('button', { name: 'Add an address' }));
    await userEvent.type(body.getByRole('textbox', { name: 'Name' }), 'Chainweaver');
    await userEvent.type(body.getByRole('textbox', { name: 'Address' }), `k:${'ab'.repeat(32)}`);
    await userEvent.type(body.getByRole('textbox', { name: /Public key/ }), 'cd'.repeat(32));
    await userEvent.type(body.getByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(body.getByRole('button', { name: 'Save address' }));
    await expect(await body.findByText('The publicKey is wrong')).toBeInTheDocument();
    await expect(body.getByRole('textbox', { name: /Public key/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

async function toAmount(canvasElement: HTMLElement, typed: string) {
  const body = await dialogOf(canvasElement);
  await userEvent.click(body.getByRole('button', { name: 'Next' }));
  if (typed !== '') await userEvent.type(body.getByRole('textbox', { name: 'Amount' }), typed);
  return body;
}

export const AmountRequired: Story = {
  args: { ...open },
  play: async ({ canvasElement }) => {
    const body = await toAmount(canvasElement, '');
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await expect(body.getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription(
      'Please enter amount',
    );
  },
};

export const BelowMinimum: Story = {
  args: { ...open },
  play: async ({ canvasElement }) => {
    const body = await toAmount(canvasElement, '0.0005');
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await expect(body.getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription(
      'Amount must be at least 0.001',
    );
  },
};

/** The whole balance is too much: the fee comes on top of the amount. */
export const InsufficientBalance: Story = {
  args: { ...open },
  play: async ({ canvasElement }) => {
    const body = await toAmount(canvasElement, '12.5');
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await expect(body.getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription(
      'Insufficient balance',
    );
    await expect(body.getByRole('listitem', { current: 'step' })).toHaveTextContent('2. Amount');
  },
};

/** "All" fills the balance less the fee; above the audit limit and the largest single withdrawal, notes say so. */
export const AuditAndSplit: Story = {
  args: { ...open },
  play: async ({ canvasElement }) => {
    const body = await toAmount(canvasElement, '');
    await userEvent.click(body.getByRole('button', { name: 'All' }));
    await expect(body.getByRole('textbox', { name: 'Amount' })).toHaveValue('12.4998');
    await expect(
      body.getByText(
        'Withdrawals above 2.000000 BTC wait for a manual audit, done within 24 hours.',
      ),
    ).toBeInTheDocument();
    await expect(
      body.getByText(
        'Above 5.000000 BTC per transaction, this withdrawal is sent in 3 transactions.',
      ),
    ).toBeInTheDocument();
    await expect(withdrawalParts('10', '5')).toBe(2);
    await expect(withdrawalParts('10.00000001', '5')).toBe(3);
  },
};

/** Several accounts hold the coin: the one the coins leave is chosen, with its balance. */
export const FromAccount: Story = {
  args: {
    ...open,
    accounts: [
      { account: 'alice01', available: '0.5' },
      { account: 'aliceminer2', available: '3' },
    ],
  },
  play: async ({ args, canvasElement }) => {
    const body = await toAmount(canvasElement, '');
    await expect(body.getByText('Available').nextElementSibling).toHaveTextContent('0.500000 BTC');
    await userEvent.selectOptions(
      body.getByRole('combobox', { name: 'From account' }),
      'aliceminer2',
    );
    await userEvent.click(body.getByRole('button', { name: 'All' }));
    await expect(body.getByRole('textbox', { name: 'Amount' })).toHaveValue('2.9998');
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await userEvent.type(body.getByLabelText('Pay password'), 'Pay123456');
    await userEvent.type(body.getByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(body.getByRole('button', { name: 'Withdraw' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ fromAccount: 'aliceminer2', amount: '2.9998' }),
    );
  },
};

export const ConfirmChecks: Story = {
  args: { ...open },
  play: async ({ args, canvasElement }) => {
    const body = await toAmount(canvasElement, '1');
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await userEvent.type(body.getByRole('textbox', { name: 'Verification code' }), '12');
    await userEvent.click(body.getByRole('button', { name: 'Withdraw' }));
    await expect(body.getByLabelText('Pay password')).toHaveAccessibleDescription(
      'Please enter pay password',
    );
    await expect(
      body.getByRole('textbox', { name: 'Verification code' }),
    ).toHaveAccessibleDescription('Verification code must be 6 digits');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Each refusal of the server goes to its field's step. */
function refusedWith(refusal: WithdrawDialogRefusal, step: string): Story {
  return {
    args: { ...open, onSubmit: fn(async () => refusal) },
    play: async ({ canvasElement }) => {
      const body = await toAmount(canvasElement, '1');
      await userEvent.click(body.getByRole('button', { name: 'Next' }));
      await userEvent.type(body.getByLabelText('Pay password'), 'Pay123456');
      await userEvent.type(body.getByRole('textbox', { name: 'Verification code' }), '123456');
      await userEvent.click(body.getByRole('button', { name: 'Withdraw' }));
      await expect(await body.findByText(refusal.message)).toBeInTheDocument();
      await expect(body.getByRole('listitem', { current: 'step' })).toHaveTextContent(step);
    },
  };
}

export const WrongPayPassword = refusedWith(
  { field: 'payPassword', message: 'The pay password is wrong (4 tries left)' },
  '3. Confirm',
);
export const PayPasswordNotSetOnServer = refusedWith(
  { field: 'payPassword', message: 'Please set a pay password first' },
  '3. Confirm',
);
export const CodeInvalid = refusedWith(
  { field: 'code', message: 'The validation is not valid or has expired' },
  '3. Confirm',
);
export const BalanceChanged = refusedWith(
  { field: 'amount', message: 'Insufficient balance' },
  '2. Amount',
);
export const AddressGone = refusedWith(
  { field: 'addressId', message: 'The address is wrong' },
  '1. Address',
);
export const NetworkFailure = refusedWith({ message: 'Request failed' }, '3. Confirm');

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
export const Dark: Story = { args: { ...open }, globals: { theme: 'dark' } };
export const Narrow: Story = {
  args: { ...open },
  globals: { viewport: { value: 'phone', isRotated: false } },
};
export const Chinese: Story = { args: { ...open }, globals: { locale: 'zh-CN' } };
export const Russian: Story = { args: { ...open }, globals: { locale: 'ru' } };
export const Japanese: Story = { args: { ...open }, globals: { locale: 'ja' } };
export const Korean: Story = { args: { ...open }, globals: { locale: 'ko' } };
