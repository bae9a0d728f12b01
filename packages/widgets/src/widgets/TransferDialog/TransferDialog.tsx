import { type AccountBalance, COIN_DISPLAY, type CoinId, formatCoinMoney } from '@poolkit/core';
import { useEffect, useId, useReducer } from 'react';
import { FormField } from '../../components/FormField/FormField';
import { amountMessage, checkInPoolAmount } from '../../lib/moneyDialog/amount';
import { whileBusy } from '../../lib/moneyDialog/formReducer';
import {
  AmountInput,
  blockedBody,
  FieldInput,
  FieldSelect,
  fundedRows,
  MoneyDialog,
  type MoneyDialogBaseProps,
  MoneyForm,
  PayPasswordField,
  useDialogOpen,
} from '../../lib/moneyDialog/MoneyDialog';
import * as money from '../../lib/moneyDialog/moneyDialog.css';
import {
  CodeOrPasskey,
  checkCode,
  type SecondValidationValues,
  useSecondValidation,
} from '../../lib/moneyDialog/SecondValidation';
import type { PasskeyOutcome } from '../../lib/passkeyValidation';
import { useLabels } from '../../lib/useMiningT';
import {
  initialTransferForm,
  type TransferDialogField,
  type TransferErrors,
  transferReducer,
} from './transferReducer';

export type { PasskeyOutcome } from '../../lib/passkeyValidation';
export type { TransferDialogField } from './transferReducer';

/** What the form holds when it is sent. */
export interface TransferDialogValues extends SecondValidationValues {
  readonly fromAccount: string;
  readonly coin: string;
  readonly toAccount: string;
  /** A decimal string, as typed (trimmed). */
  readonly amount: string;
  /** In clear: the host encrypts it (core's `encryptPassword`) before it leaves. */
  readonly payPassword: string;
}

/** Why the host refused a transfer: shown under `field`, or above the buttons without one. */
export interface TransferDialogRefusal {
  readonly message: string;
  readonly field?: TransferDialogField;
}

/** Keys of the texts of {@link TransferDialog}; each defaults to `t('mining.<key>')`. */
export type TransferDialogLabelKey =
  | 'transferTitle'
  | 'transferDescription'
  | 'transferFrom'
  | 'transferCoin'
  | 'transferTo'
  | 'transferToPlaceholder'
  | 'transferAmount'
  | 'transferAvailable'
  | 'transferAll'
  | 'transferPayPassword'
  | 'transferCode'
  | 'transferSendCode'
  | 'transferCodeSent'
  | 'transferSubmit'
  | 'transferCancel'
  | 'transferNoPayPassword'
  | 'transferSetPayPassword'
  | 'transferNoFunds'
  | 'transferSameAccount'
  | 'transferUsePasskey'
  | 'transferPasskeyVerified'
  | 'transferPasskeyFailedHint';

/** Props of {@link TransferDialog}. */
export interface TransferDialogProps extends MoneyDialogBaseProps {
  /** The user's accounts and their balances (`accounts` of `GET /wallets/balances`). */
  balances: readonly AccountBalance[];
  /** The account and coin chosen first. Default: the first with a balance. */
  defaultFrom?: { account: string; coin: string };
  /**
   * Sends the second validation's code (scene `transfer`) by email or SMS; a rejection shows its
   * message. Leave it out when the code comes from an authenticator app: no send button.
   * Resolving to a number of seconds says a code went out recently and still works: the button
   * counts down from it instead.
   */
  onSendCode?: () => Promise<unknown>;
  /**
   * Runs the second validation (scene `transfer`) with one of the user's passkeys instead of the
   * code: the host does the WebAuthn assertion and resolves a {@link PasskeyOutcome}; once
   * verified, the code field gives way and the token comes in `passkeyToken`. Pass it only when
   * the user has a passkey: it shows "Use a passkey instead".
   */
  onPasskey?: () => Promise<PasskeyOutcome>;
  /**
   * Carries out the transfer: resolves nothing when it went through (the dialog closes), or a
   * {@link TransferDialogRefusal}; a rejection shows its message.
   */
  onSubmit: (values: TransferDialogValues) => Promise<TransferDialogRefusal | undefined>;
  /** Seconds before another code may be asked for (spec section 9). Default `60`. */
  resendSeconds?: number;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<TransferDialogLabelKey, string>>;
}

/**
 * An internal transfer (spec sections 1 and 5): from one of the user's accounts and coins, to
 * another account by name, with the amount (at most the available balance; "All" fills it),
 * the pay password and a second validation's code. Checks the fields before sending (account
 * not empty and not the same, a positive decimal within the balance, the pay password, a
 * 6-digit code) and shows each problem under its field (`aria-invalid`, `aria-describedby`);
 * the host's refusals go the same way. Without a pay password it offers to set one first. With
 * `onPasskey`, a passkey can pass the second validation instead of the code (section 8's
 * "Verification Failed" with "Verify another way" and "Try again" when it does not).
 *
 * In the money dialogs' shell (`MoneyDialog`): focus stays inside and returns on close, the
 * page behind is inert, Escape and a press on the backdrop close it; it carries
 * `data-state="open"`.
 */
export function TransferDialog({
  trigger,
  balances,
  defaultFrom,
  hasPayPassword,
  onSetPayPassword,
  onSendCode,
  onPasskey,
  onSubmit,
  resendSeconds = 60,
  labels,
  ...props
}: TransferDialogProps) {
  const { label, t } = useLabels(labels);
  const id = useId();
  const [isOpen, setOpen] = useDialogOpen(props);
  const funded = fundedRows(balances);
  const first = funded.find(
    (row) => row.account === defaultFrom?.account && row.coin === defaultFrom.coin,
  ) ??
    funded[0] ?? { account: '', coin: '' };
  const [form, dispatch] = useReducer(transferReducer, undefined, () =>
    initialTransferForm(first.account, first.coin),
  );
  const { errors, busy } = form;
  const validation = useSecondValidation<'transfer'>(
    onSendCode === undefined ? undefined : () => onSendCode(),
    onPasskey === undefined ? undefined : () => onPasskey(),
    resendSeconds,
    (_scene, message) => dispatch({ type: 'error', field: 'code', message }),
  );
  const token = validation.token('transfer');

  // A fresh form each time the dialog opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (!isOpen) return;
    dispatch({ type: 'open', from: first.account, coin: first.coin });
    validation.reset();
  }, [isOpen]);

  const accounts = [...new Set(funded.map((row) => row.account))];
  // The balances may arrive, or change, after the dialog opened (a user who opens it as the page
  // loads): a choice no longer funded gives way to the first funded account and coin, so the
  // form never checks or sends a coin its selects do not show.
  const from = accounts.includes(form.from) ? form.from : first.account;
  const coins = funded.filter((row) => row.account === from);
  const coin = coins.some((row) => row.coin === form.coin)
    ? form.coin
    : ((coins.find((row) => row.coin === first.coin) ?? coins[0])?.coin ?? '');
  const available = coins.find((row) => row.coin === coin)?.available ?? '0';

  function check(): TransferErrors {
    const found: TransferErrors = {};
    const target = form.toAccount.trim();
    if (target === '') found.toAccount = t('validation.accountRequired');
    else if (target.toLowerCase() === from.toLowerCase()) {
      found.toAccount = label('transferSameAccount');
    }
    const amount = amountMessage(
      checkInPoolAmount(form.amount.trim(), coin, available),
      t,
      t('validation.amountAboveMaximum', { maximum: available }),
    );
    if (amount) found.amount = amount;
    if (form.payPassword === '') found.payPassword = t('validation.payPasswordRequired');
    const code = token === null ? checkCode(form.code, t) : undefined;
    if (code) found.code = code;
    return found;
  }

  async function submit() {
    if (busy) return;
    const found = check();
    dispatch({ type: 'errors', errors: found });
    if (Object.keys(found).length > 0) return;
    await whileBusy(dispatch, async () => {
      const refusal = await onSubmit({
        fromAccount: from,
        coin,
        toAccount: form.toAccount.trim(),
        amount: form.amount.trim(),
        payPassword: form.payPassword,
        ...(token === null ? { code: form.code.trim() } : { code: '', passkeyToken: token }),
      });
      if (refusal === undefined) setOpen(false);
      else {
        // The validation itself was refused (expired, spent): the code field comes back.
        if (refusal.field === 'code') validation.forget('transfer');
        dispatch({ type: 'errors', errors: { [refusal.field ?? 'form']: refusal.message } });
      }
    });
  }

  const blocked = blockedBody({ hasPayPassword, onSetPayPassword }, funded.length > 0, {
    noPayPassword: label('transferNoPayPassword'),
    setPayPassword: label('transferSetPayPassword'),
    noFunds: label('transferNoFunds'),
  });
  const body = blocked ?? (
    <MoneyForm id={id} error={errors.form} onSubmit={submit}>
      <div className={money.pair}>
        <FormField id={`${id}-from`} label={label('transferFrom')}>
          <FieldSelect
            value={from}
            onChange={(event) => {
              const next = event.target.value;
              dispatch({ type: 'edit', field: 'from', value: next });
              const nextCoins = funded.filter((row) => row.account === next);
              if (!nextCoins.some((row) => row.coin === coin)) {
                dispatch({ type: 'edit', field: 'coin', value: nextCoins[0]?.coin ?? '' });
              }
            }}
          >
            {accounts.map((account) => (
              <option key={account} value={account}>
                {account}
              </option>
            ))}
          </FieldSelect>
        </FormField>
        <FormField id={`${id}-coin`} label={label('transferCoin')}>
          <FieldSelect
            value={coin}
            onChange={(event) =>
              dispatch({ type: 'edit', field: 'coin', value: event.target.value })
            }
          >
            {coins.map((row) => (
              <option key={row.coin} value={row.coin}>
                {COIN_DISPLAY[row.coin as CoinId]?.symbol ?? row.coin.toUpperCase()}
              </option>
            ))}
          </FieldSelect>
        </FormField>
      </div>
      <FormField id={`${id}-toAccount`} label={label('transferTo')} error={errors.toAccount}>
        <FieldInput
          placeholder={label('transferToPlaceholder')}
          spellCheck={false}
          value={form.toAccount}
          onChange={(event) =>
            dispatch({ type: 'edit', field: 'toAccount', value: event.target.value })
          }
        />
      </FormField>
      <FormField id={`${id}-amount`} label={label('transferAmount')} error={errors.amount}>
        <AmountInput
          value={form.amount}
          onChange={(value) => dispatch({ type: 'edit', field: 'amount', value })}
          allLabel={label('transferAll')}
          onAll={() => dispatch({ type: 'edit', field: 'amount', value: available })}
        />
      </FormField>
      <p className={money.hint}>
        {label('transferAvailable', { amount: formatCoinMoney(available, coin) })}
      </p>
      <PayPasswordField
        id={`${id}-payPassword`}
        label={label('transferPayPassword')}
        value={form.payPassword}
        error={errors.payPassword}
        onChange={(value) => dispatch({ type: 'edit', field: 'payPassword', value })}
      />
      <CodeOrPasskey
        id={`${id}-code`}
        scene="transfer"
        validation={validation}
        value={form.code}
        onChange={(value) => dispatch({ type: 'edit', field: 'code', value })}
        error={errors.code}
        texts={{
          code: label('transferCode'),
          send: label('transferSendCode'),
          sent: label('transferCodeSent'),
          usePasskey: label('transferUsePasskey'),
          verified: label('transferPasskeyVerified'),
          failedHint: label('transferPasskeyFailedHint'),
        }}
      />
    </MoneyForm>
  );

  return (
    <MoneyDialog
      id={id}
      open={isOpen}
      onOpenChange={setOpen}
      trigger={trigger}
      title={label('transferTitle')}
      description={label('transferDescription')}
      cancel={{ label: label('transferCancel') }}
      submit={blocked === null ? { label: label('transferSubmit'), busy } : undefined}
    >
      {body}
    </MoneyDialog>
  );
}
