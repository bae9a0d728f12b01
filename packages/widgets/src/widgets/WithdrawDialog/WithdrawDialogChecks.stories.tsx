import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { WithdrawDialog, type WithdrawDialogRefusal, withdrawalParts } from './WithdrawDialog';
import { dialogOf, open, rules, toAmount, withdrawArgs } from './withdrawStories';

const meta = {
  title: 'Widgets/WithdrawDialog checks',
  component: WithdrawDialog,
  args: withdrawArgs,
} satisfies Meta<typeof WithdrawDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

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

/**
 * A regtest Litecoin address, which core's LTC shape does not know: saved when the rules say the
 * coin's node judges addresses (its refusal then shows under the field, as `AddressRefused`
 * shows), refused in the dialog when core's shape does.
 */
function regtestAddress(check: 'node' | 'shape'): Story {
  return {
    args: { ...open, coin: 'ltc', rules: { ...rules, coin: 'ltc', address_check: check } },
    play: async ({ args, canvasElement }) => {
      const body = within(
        await within(canvasElement).findByRole('dialog', { name: 'Withdraw LTC' }),
      );
      const address = 'rltc1qg82x0l8kq2vn7m5r3t0s4dwfjyz6hc2ep8ua7x';
      await userEvent.click(body.getByRole('button', { name: 'Add an address' }));
      await userEvent.type(body.getByRole('textbox', { name: 'Name' }), 'Regtest');
      await userEvent.type(body.getByRole('textbox', { name: 'Address' }), address);
      await userEvent.type(body.getByRole('textbox', { name: 'Verification code' }), '123456');
      await userEvent.click(body.getByRole('button', { name: 'Save address' }));
      if (check === 'node') {
        await expect(args.onAddAddress).toHaveBeenCalledWith(
          expect.objectContaining({ coin: 'ltc', address }),
        );
      } else {
        await expect(body.getByRole('textbox', { name: 'Address' })).toHaveAccessibleDescription(
          'The address is wrong',
        );
        await expect(args.onAddAddress).not.toHaveBeenCalled();
      }
    },
  };
}

export const NodeJudgesAddress = regtestAddress('node');
export const ShapeJudgesAddress = regtestAddress('shape');

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

/** More decimals than the coin's chain has (BTC's 8): refused before it reaches the server. */
export const TooPrecise: Story = {
  args: { ...open },
  play: async ({ canvasElement }) => {
    const body = await toAmount(canvasElement, '0.123456789');
    await userEvent.click(body.getByRole('button', { name: 'Next' }));
    await expect(body.getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription(
      'Amount can have at most 8 decimal places',
    );
    await expect(body.getByRole('listitem', { current: 'step' })).toHaveTextContent('2. Amount');
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
