import {
  addDecimal,
  COIN_DISPLAY,
  type CoinId,
  checkWithdrawalAmount,
  compareDecimal,
  DEFAULT_TIMEZONE,
  formatCoinMoney,
  isDecimalString,
  miningAddressPattern,
  subtractDecimal,
  type WithdrawAddress,
  type WithdrawRules,
  withdrawalPartCount,
} from '@poolkit/core';
import { type ReactElement, type ReactNode, useEffect, useId, useReducer, useRef } from 'react';
import { ErrorBlock, LoadingBlock } from '../../components/DataState/StateBlocks';
import { amountMessage } from '../../lib/moneyDialog/amount';
import { whileBusy } from '../../lib/moneyDialog/formReducer';
import {
  MoneyDialog,
  type MoneyDialogBaseProps,
  MoneyForm,
  PayPasswordNotice,
  useDialogOpen,
} from '../../lib/moneyDialog/MoneyDialog';
import {
  checkCode,
  type SecondValidationValues,
  useSecondValidation,
} from '../../lib/moneyDialog/SecondValidation';
import type { PasskeyOutcome } from '../../lib/passkeyValidation';
import { useLabels } from '../../lib/useMiningT';
import { formatZoned, isoToMs } from '../../lib/zonedTime';
import { AddressStep } from './AddressStep';
import { AmountStep } from './AmountStep';
import { ConfirmStep } from './ConfirmStep';
import * as styles from './WithdrawDialog.css';
import {
  type Errors,
  initialWithdrawForm,
  STEPS,
  type WithdrawDialogField,
  withdrawReducer,
} from './withdrawReducer';

export type { PasskeyOutcome } from '../../lib/passkeyValidation';
export type { WithdrawDialogField } from './withdrawReducer';

/** What the form holds when the withdrawal is sent (the code of scene `withdraw`). */
export interface WithdrawDialogValues extends SecondValidationValues {
  readonly coin: CoinId;
  /** The mining account the coins leave, when the host passed `accounts`. */
  readonly fromAccount?: string;
  /** The saved address chosen (`WithdrawAddress.id`). */
  readonly addressId: string;
  /** What the address receives, a decimal string as typed (trimmed); the fee comes on top. */
  readonly amount: string;
  /** In clear: the host encrypts it (core's `encryptPassword`) before it leaves. */
  readonly payPassword: string;
}

/** A new address for the address book. */
export interface WithdrawAddressValues {
  readonly coin: CoinId;
  readonly alias: string;
  readonly address: string;
  /** KDA only, when given: 64 hex characters. */
  readonly publicKey?: string;
  /** The second validation's 6-digit code (scene `withdraw_address`); empty after a passkey. */
  readonly code: string;
  /** The validation token the host's passkey check gave (`onPasskey`), instead of the code. */
  readonly passkeyToken?: string;
}

/** Why the host refused: shown under `field` (its step is shown), or above the buttons. */
export interface WithdrawDialogRefusal {
  readonly message: string;
  readonly field?: WithdrawDialogField;
}

/** Keys of the texts of {@link WithdrawDialog}; each defaults to `t('mining.<key>')`. */
export type WithdrawDialogLabelKey =
  | 'withdrawTitle'
  | 'withdrawDescription'
  | 'withdrawSteps'
  | 'withdrawStepAddress'
  | 'withdrawStepAmount'
  | 'withdrawStepConfirm'
  | 'withdrawSavedAddresses'
  | 'withdrawNoAddresses'
  | 'withdrawAddAddress'
  | 'withdrawAlias'
  | 'withdrawAliasPlaceholder'
  | 'withdrawAddress'
  | 'withdrawPublicKey'
  | 'withdrawPublicKeyHint'
  | 'withdrawPublicKeyInvalid'
  | 'withdrawAddressInvalid'
  | 'withdrawAliasRequired'
  | 'withdrawChooseAddress'
  | 'withdrawSaveAddress'
  | 'withdrawDeleteAddress'
  | 'withdrawAmount'
  | 'withdrawAll'
  | 'withdrawAvailable'
  | 'withdrawFee'
  | 'withdrawMinimum'
  | 'withdrawReceive'
  | 'withdrawTotal'
  | 'withdrawFrom'
  | 'withdrawInsufficient'
  | 'withdrawAuditNote'
  | 'withdrawSplitNote'
  | 'withdrawPaused'
  | 'withdrawClosed'
  | 'withdrawTo'
  | 'withdrawPayPassword'
  | 'withdrawCode'
  | 'withdrawSendCode'
  | 'withdrawCodeSent'
  | 'withdrawNext'
  | 'withdrawBack'
  | 'withdrawSubmit'
  | 'withdrawCancel'
  | 'withdrawNoPayPassword'
  | 'withdrawSetPayPassword'
  | 'withdrawNoFunds'
  | 'withdrawLoading'
  | 'withdrawError'
  | 'withdrawUsePasskey'
  | 'withdrawPasskeyVerified'
  | 'withdrawPasskeyFailedHint'
  | 'retry';

/** Props of {@link WithdrawDialog}. */
export interface WithdrawDialogProps extends MoneyDialogBaseProps {
  /** The coin withdrawn. */
  coin: CoinId;
  /** Its available balance, a decimal string (without `accounts`). */
  available: string;
  /**
   * The user's mining accounts holding the coin, with their available balances: with more than
   * one, a picker on the amount step chooses the account the coins leave (default the first),
   * sent as `fromAccount`.
   */
  accounts?: readonly { readonly account: string; readonly available: string }[];
  /** The coin's limits (`GET /wallets/withdraw-rules`); `null` while loading or failed. */
  rules: WithdrawRules | null;
  /** The rules (or addresses) are loading: a skeleton. Default `false`. */
  loading?: boolean;
  /** They failed to load; `true` shows the generic message. */
  error?: ReactNode;
  /** Shows a retry button in the error state. */
  onRetry?: () => void;
  /** The saved addresses (`GET /wallets/withdraw-addresses`); other coins' are left out. */
  addresses: readonly WithdrawAddress[];
  /**
   * Sends a second validation's code by email or SMS: scene `withdraw_address` to save an
   * address, `withdraw` to withdraw; a rejection shows its message. Leave it out when codes
   * come from an authenticator app: no send buttons. Resolving to a number of seconds says a
   * code went out recently and still works: the button counts down from it instead.
   */
  onSendCode?: (scene: 'withdraw' | 'withdraw_address') => Promise<unknown>;
  /**
   * Runs a second validation (scene `withdraw_address` to save an address, `withdraw` to
   * withdraw) with one of the user's passkeys instead of the code: the host does the WebAuthn
   * assertion and resolves a {@link PasskeyOutcome}; once verified, the code field gives way and
   * the token comes in `passkeyToken`. Pass it only when the user has a passkey: it shows "Use a
   * passkey instead".
   */
  onPasskey?: (scene: 'withdraw' | 'withdraw_address') => Promise<PasskeyOutcome>;
  /**
   * Saves a new address: resolves nothing when saved (the host then passes it in `addresses`,
   * and the dialog selects it), or a {@link WithdrawDialogRefusal}. Without it no address can be
   * added here.
   */
  onAddAddress?: (values: WithdrawAddressValues) => Promise<WithdrawDialogRefusal | undefined>;
  /** Deletes a saved address; shows a delete button per address. */
  onDeleteAddress?: (address: WithdrawAddress) => Promise<void>;
  /**
   * Carries out the withdrawal: resolves nothing when it went through (the dialog closes), or
   * a {@link WithdrawDialogRefusal}; a rejection shows its message.
   */
  onSubmit: (values: WithdrawDialogValues) => Promise<WithdrawDialogRefusal | undefined>;
  /** The time the pause is compared with, epoch ms. Default: the clock at render. */
  now?: number;
  /** The time zone of the pause's end. Default `UTC+00:00`. */
  timezone?: string;
  /** Seconds before another code may be asked for (spec section 9). Default `60`. */
  resendSeconds?: number;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<WithdrawDialogLabelKey, string>>;
}

/** The texts of a withdrawal dialog, with the partner's overrides. */
export type WithdrawLabel = (
  key: WithdrawDialogLabelKey,
  values?: Record<string, unknown>,
) => string;

type Scene = 'withdraw' | 'withdraw_address';

const STEP_LABEL = {
  address: 'withdrawStepAddress',
  amount: 'withdrawStepAmount',
  confirm: 'withdrawStepConfirm',
} as const;

/**
 * How many chain transactions a withdrawal of `amount` is split into at `maxSingle` each
 * (core's `withdrawalPartCount`); one without a usable limit.
 */
export function withdrawalParts(amount: string, maxSingle: string): number {
  return withdrawalPartCount(amount, maxSingle);
}

/**
 * A withdrawal to a saved address (spec sections 3, 5, 8 and 9), in three steps:
 *
 * 1. **Address**: one of the coin's saved addresses, or a new one (name, address, and for KDA
 *    the public key), saved with a second validation (scene `withdraw_address`); the address is
 *    checked against the coin's shape ("The address is wrong"), the key against 64 hex digits
 *    ("The publicKey is wrong").
 * 2. **Amount** (what the address receives; the fee comes on top, once per withdrawal): with
 *    the available balance, the network fee, the minimum, what arrives and what leaves the
 *    balance; "All" fills the balance less the fee; with several `accounts`, the one the coins
 *    leave. Checked: a positive decimal, at least the minimum, the amount plus the fee at most
 *    the balance ("Insufficient balance"). Above the audit limit a note says it waits for a manual
 *    audit within 24 hours; above the largest single withdrawal, into how many transactions it
 *    is split.
 * 3. **Confirm**: the summary, the pay password and the second validation's code (scene
 *    `withdraw`).
 *
 * With `onPasskey`, a passkey can pass either second validation instead of the code (section 8's
 * "Verification Failed" with "Verify another way" and "Try again" when it does not).
 *
 * A refusal of the host goes under the field it names, on that field's step. While withdrawals
 * are paused after a security change (the rules' `paused_until`), or closed for the coin, or
 * without a pay password, the dialog says so instead. The money dialogs' shell
 * (`MoneyDialog`): focus stays inside, Escape and the backdrop close it, `data-state`.
 */
export function WithdrawDialog({
  trigger,
  coin,
  available: availableProp,
  accounts,
  rules,
  loading = false,
  error,
  onRetry,
  addresses,
  hasPayPassword,
  onSetPayPassword,
  onSendCode,
  onPasskey,
  onAddAddress,
  onDeleteAddress,
  onSubmit,
  now,
  timezone = DEFAULT_TIMEZONE,
  resendSeconds = 60,
  labels,
  ...props
}: WithdrawDialogProps) {
  const { label, t } = useLabels(labels);
  const id = useId();
  const [isOpen, setOpen] = useDialogOpen(props);
  const own = addresses.filter((entry) => entry.coin === coin);
  const symbol = COIN_DISPLAY[coin]?.symbol ?? coin.toUpperCase();
  const [form, dispatch] = useReducer(withdrawReducer, undefined, () =>
    initialWithdrawForm('', accounts?.[0]?.account ?? ''),
  );
  const { step, addressId, adding, fromAccount, errors, busy } = form;
  const pendingAddress = useRef<string | null>(null);
  const validation = useSecondValidation<Scene>(
    onSendCode,
    onPasskey,
    resendSeconds,
    (scene, message) =>
      dispatch({ type: 'error', field: scene === 'withdraw' ? 'code' : 'addressCode', message }),
  );
  const addressToken = validation.token('withdraw_address');
  const withdrawToken = validation.token('withdraw');

  // A fresh form each time the dialog opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (!isOpen) return;
    dispatch({
      type: 'open',
      addressId: own[0]?.id ?? '',
      fromAccount: accounts?.[0]?.account ?? '',
    });
    validation.reset();
  }, [isOpen, coin]);

  // The addresses arrive after the dialog opened (or the chosen one was deleted): choose the first.
  const ownIds = own.map((entry) => entry.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list changes
  useEffect(() => {
    if (pendingAddress.current !== null) return;
    if (own.some((entry) => entry.id === addressId)) return;
    dispatch({ type: 'edit', field: 'addressId', value: own[0]?.id ?? '' });
  }, [ownIds]);

  // A saved address arrives in `addresses`: select it.
  useEffect(() => {
    const typed = pendingAddress.current;
    if (typed === null) return;
    const saved = own.find((entry) => entry.address === typed);
    if (saved === undefined) return;
    pendingAddress.current = null;
    dispatch({ type: 'edit', field: 'addressId', value: saved.id });
  });

  const nowMs = now ?? Date.now();
  const pausedMs = rules?.paused_until ? isoToMs(rules.paused_until) : 0;
  const paused = pausedMs > nowMs;
  const fee = rules?.fee ?? '0';
  const available =
    accounts === undefined
      ? availableProp
      : (accounts.find((entry) => entry.account === fromAccount)?.available ??
        accounts[0]?.available ??
        '0');
  // The fee comes on top of the amount: "All" leaves room for it.
  const most = compareDecimal(available, fee) > 0 ? subtractDecimal(available, fee) : '0';
  const value = form.amount.trim();
  const valueOk =
    isDecimalString(value) && !value.startsWith('-') && compareDecimal(value, '0') > 0;
  const figures = {
    available,
    fee,
    value,
    valueOk,
    receive: valueOk ? value : '0',
    total: valueOk ? addDecimal(value, fee) : '0',
    most,
  };
  const moneyOf = (figure: string) => formatCoinMoney(figure, coin);

  function checkAddress(): Errors {
    return own.some((entry) => entry.id === addressId)
      ? {}
      : { addressId: label('withdrawChooseAddress') };
  }

  function checkNewAddress(): Errors {
    const found: Errors = {};
    if (form.alias.trim() === '') found.alias = label('withdrawAliasRequired');
    const typed = form.newAddress.trim();
    if (typed === '') found.address = t('validation.addressRequired');
    // A coin's node knows addresses core's shape does not (a regtest `rltc1…`): it judges then.
    else if (rules?.address_check !== 'node' && !miningAddressPattern(coin).test(typed)) {
      found.address = label('withdrawAddressInvalid');
    }
    const key = form.publicKey.trim();
    if (coin === 'kda' && key !== '' && !/^[0-9a-fA-F]{64}$/.test(key)) {
      found.publicKey = label('withdrawPublicKeyInvalid');
    }
    const codeProblem = addressToken === null ? checkCode(form.addressCode, t) : undefined;
    if (codeProblem) found.addressCode = codeProblem;
    return found;
  }

  const amountProblem = amountMessage(
    checkWithdrawalAmount(value, { coin, minAmount: rules?.min_amount ?? '0', fee, available }),
    t,
    label('withdrawInsufficient'),
  );
  const checkAmount = (): Errors => (amountProblem ? { amount: amountProblem } : {});

  function checkConfirm(): Errors {
    const found: Errors = {};
    if (form.payPassword === '') found.payPassword = t('validation.payPasswordRequired');
    const codeProblem = withdrawToken === null ? checkCode(form.code, t) : undefined;
    if (codeProblem) found.code = codeProblem;
    return found;
  }

  async function saveAddress() {
    if (busy || !onAddAddress) return;
    const found = checkNewAddress();
    dispatch({ type: 'errors', errors: found });
    if (Object.keys(found).length > 0) return;
    await whileBusy(dispatch, async () => {
      const typed = form.newAddress.trim();
      const key = form.publicKey.trim();
      const refusal = await onAddAddress({
        coin,
        alias: form.alias.trim(),
        address: typed,
        ...(coin === 'kda' && key !== '' ? { publicKey: key } : {}),
        ...(addressToken === null
          ? { code: form.addressCode.trim() }
          : { code: '', passkeyToken: addressToken }),
      });
      if (refusal === undefined) {
        pendingAddress.current = typed;
        dispatch({ type: 'addressSaved' });
        validation.clearSent();
        // The validation is spent: another address needs another.
        validation.forget('withdraw_address');
      } else {
        // The validation itself was refused (expired, spent): the code field comes back.
        if (refusal.field === 'addressCode') validation.forget('withdraw_address');
        dispatch({ type: 'refused', errors: { [refusal.field ?? 'form']: refusal.message } });
      }
    });
  }

  async function next() {
    if (busy) return;
    if (step === 'address') {
      if (adding) {
        await saveAddress();
        return;
      }
      const found = checkAddress();
      if (Object.keys(found).length === 0) dispatch({ type: 'step', step: 'amount' });
      else dispatch({ type: 'errors', errors: found });
      return;
    }
    if (step === 'amount') {
      const found = checkAmount();
      if (Object.keys(found).length === 0) dispatch({ type: 'step', step: 'confirm' });
      else dispatch({ type: 'errors', errors: found });
      return;
    }
    const found = { ...checkAddress(), ...checkAmount(), ...checkConfirm() };
    if (Object.keys(found).length > 0) {
      dispatch({ type: 'refused', errors: found });
      return;
    }
    dispatch({ type: 'errors', errors: {} });
    await whileBusy(dispatch, async () => {
      const refusal = await onSubmit({
        coin,
        ...(accounts !== undefined && fromAccount !== '' ? { fromAccount } : {}),
        addressId,
        amount: value,
        payPassword: form.payPassword,
        ...(withdrawToken === null
          ? { code: form.code.trim() }
          : { code: '', passkeyToken: withdrawToken }),
      });
      if (refusal === undefined) setOpen(false);
      else {
        if (refusal.field === 'code') validation.forget('withdraw');
        dispatch({ type: 'refused', errors: { [refusal.field ?? 'form']: refusal.message } });
      }
    });
  }

  const chosen = own.find((entry) => entry.id === addressId);
  const index = STEPS.indexOf(step);
  let body: ReactElement;
  let ready = false;
  if (loading) {
    body = <LoadingBlock label={label('withdrawLoading')} height={160} />;
  } else if (error || rules === null) {
    body = (
      <ErrorBlock
        error={error ?? true}
        fallback={label('withdrawError')}
        retryLabel={label('retry')}
        onRetry={onRetry}
      />
    );
  } else if (!hasPayPassword) {
    body = (
      <PayPasswordNotice
        text={label('withdrawNoPayPassword')}
        setLabel={label('withdrawSetPayPassword')}
        onSet={onSetPayPassword}
      />
    );
  } else if (paused) {
    body = (
      <p className={styles.callout} role="status">
        {label('withdrawPaused', { time: formatZoned(pausedMs, timezone, 'YYYY-MM-DD HH:mm') })}
      </p>
    );
  } else if (!rules.enabled) {
    body = (
      <p className={styles.callout} role="status">
        {label('withdrawClosed', { coin: symbol })}
      </p>
    );
  } else {
    ready = true;
    const shared = { id, form, dispatch, label, coin, symbol, validation };
    let content: ReactNode;
    if (step === 'address') {
      content = (
        <AddressStep
          {...shared}
          own={own}
          onAddAddress={onAddAddress}
          onDeleteAddress={onDeleteAddress}
          onSave={() => void saveAddress()}
        />
      );
    } else if (step === 'amount') {
      content = (
        <AmountStep
          {...shared}
          rules={rules}
          accounts={accounts}
          figures={figures}
          money={moneyOf}
        />
      );
    } else {
      content = (
        <ConfirmStep {...shared} rules={rules} chosen={chosen} figures={figures} money={moneyOf} />
      );
    }
    body = (
      <MoneyForm id={id} step={step} error={errors.form} onSubmit={next}>
        <ol className={styles.steps} aria-label={label('withdrawSteps')}>
          {STEPS.map((name, position) => (
            <li
              key={name}
              className={styles.step}
              aria-current={name === step ? 'step' : undefined}
              data-state={position < index ? 'done' : position === index ? 'current' : 'next'}
            >
              {position + 1}. {label(STEP_LABEL[name])}
            </li>
          ))}
        </ol>
        {content}
      </MoneyForm>
    );
  }

  return (
    <MoneyDialog
      id={id}
      open={isOpen}
      onOpenChange={setOpen}
      trigger={trigger}
      title={label('withdrawTitle', { coin: symbol })}
      description={label('withdrawDescription', { coin: symbol })}
      cancel={
        ready && index > 0
          ? {
              label: label('withdrawBack'),
              onClick: () => dispatch({ type: 'step', step: STEPS[index - 1] ?? 'address' }),
            }
          : { label: label('withdrawCancel') }
      }
      submit={
        ready && !(step === 'address' && adding)
          ? {
              label: step === 'confirm' ? label('withdrawSubmit') : label('withdrawNext'),
              busy,
            }
          : undefined
      }
    >
      {body}
    </MoneyDialog>
  );
}
