/**
 * What the withdrawal dialog's stories share: a BTC balance with its rules and saved addresses,
 * the default args, and the steps to reach the amount. Stories only: no widget imports this.
 */
import type { WithdrawAddress, WithdrawRules } from '@poolkit/core';
import { useState } from 'react';
import { fn, userEvent, within } from 'storybook/test';
import { FIXED_NOW } from '../../lib/fixtures';
import {
  WithdrawDialog,
  type WithdrawDialogProps,
  type WithdrawDialogRefusal,
} from './WithdrawDialog';

export const rules: WithdrawRules = {
  coin: 'btc',
  min_amount: '0.001',
  fee: '0.0002',
  manual_audit_above: '2',
  max_single: '5',
  paused_until: null,
  enabled: true,
};

export const addresses: WithdrawAddress[] = [
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

/** The args of every withdrawal story: BTC, 12.5 available, a host that accepts everything. */
export const withdrawArgs = {
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
} satisfies WithdrawDialogProps;

/** Opened at once, without the trigger. */
export { opened as open } from '../../lib/moneyDialog/moneyDialogStories';

export async function dialogOf(canvasElement: HTMLElement) {
  return within(await within(canvasElement).findByRole('dialog', { name: 'Withdraw BTC' }));
}

/** A host that saves the address and passes it back in `addresses`, as the site does. */
export function WithAddressBook(props: WithdrawDialogProps) {
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

/** From the first step (a saved address chosen) to the amount, typing `typed` there. */
export async function toAmount(canvasElement: HTMLElement, typed: string) {
  const body = await dialogOf(canvasElement);
  await userEvent.click(body.getByRole('button', { name: 'Next' }));
  if (typed !== '') await userEvent.type(body.getByRole('textbox', { name: 'Amount' }), typed);
  return body;
}
