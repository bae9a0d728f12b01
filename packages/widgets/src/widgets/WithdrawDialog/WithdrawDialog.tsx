import {
  addDecimal,
  COIN_DISPLAY,
  type CoinId,
  compareDecimal,
  DEFAULT_TIMEZONE,
  formatCoinMoney,
  isDecimalString,
  miningAddressPattern,
  subtractDecimal,
  type WithdrawAddress,
  type WithdrawRules,
} from '@poolkit/core';
import {
  cloneElement,
  type FormEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useControllableState } from '../../internal/useControllableState';
import {
  PasskeyChoice,
  type PasskeyOutcome,
  PasskeyVerified,
  usePasskeys,
} from '../../lib/passkeyValidation';
import { ErrorBlock, LoadingBlock } from '../../lib/StateView';
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import { formatZoned, isoToMs } from '../../lib/zonedTime';
import * as base from '../TransferDialog/TransferDialog.css';
import * as styles from './WithdrawDialog.css';

export type { PasskeyOutcome } from '../../lib/passkeyValidation';

/** What the form holds when the withdrawal is sent. */
export interface WithdrawDialogValues {
  readonly coin: CoinId;
  /** The mining account the coins leave, when the host passed `accounts`. */
  readonly fromAccount?: string;
  /** The saved address chosen (`WithdrawAddress.id`). */
  readonly addressId: string;
  /** What the address receives, a decimal string as typed (trimmed); the fee comes on top. */
  readonly amount: string;
  /** In clear: the host encrypts it (core's `encryptPassword`) before it leaves. */
  readonly payPassword: string;
  /** The second validation's 6-digit code (scene `withdraw`); empty when a passkey passed it. */
  readonly code: string;
  /** The validation token the host's passkey check gave (`onPasskey`), instead of the code. */
  readonly passkeyToken?: string;
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

/** The fields a refusal can point at. */
export type WithdrawDialogField =
  | 'addressId'
  | 'alias'
  | 'address'
  | 'publicKey'
  | 'addressCode'
  | 'amount'
  | 'payPassword'
  | 'code';

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
export interface WithdrawDialogProps {
  /** Whether the dialog is open (controlled). */
  open?: boolean;
  /** Whether the dialog starts open (uncontrolled). Default `false`. */
  defaultOpen?: boolean;
  /** Called when the dialog opens or closes (also after a withdrawal went through). */
  onOpenChange?: (open: boolean) => void;
  /** A button that opens the dialog (it gets `aria-haspopup` and `aria-expanded`). */
  trigger?: ReactElement<{
    onClick?: (event: MouseEvent<HTMLElement>) => void;
    'aria-haspopup'?: 'dialog';
    'aria-expanded'?: boolean;
  }>;
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
  /** Whether a pay password is set; without one the dialog offers to set it instead. */
  hasPayPassword: boolean;
  /** Opens the host's pay-password form; shown when none is set. */
  onSetPayPassword?: () => void;
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

type Step = 'address' | 'amount' | 'confirm';
const STEPS: readonly Step[] = ['address', 'amount', 'confirm'];
const STEP_LABEL = {
  address: 'withdrawStepAddress',
  amount: 'withdrawStepAmount',
  confirm: 'withdrawStepConfirm',
} as const;
const STEP_OF: Record<WithdrawDialogField, Step> = {
  addressId: 'address',
  alias: 'address',
  address: 'address',
  publicKey: 'address',
  addressCode: 'address',
  amount: 'amount',
  payPassword: 'confirm',
  code: 'confirm',
};
const ADD_FIELDS = new Set<WithdrawDialogField>(['alias', 'address', 'publicKey', 'addressCode']);
const SCALE = 18;

type Errors = Partial<Record<WithdrawDialogField | 'form', string>>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A non-negative decimal string as an integer of 10^-18 units. */
function units(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return (
    BigInt(whole || '0') * 10n ** BigInt(SCALE) +
    BigInt(fraction.padEnd(SCALE, '0').slice(0, SCALE) || '0')
  );
}

/** How many chain transactions a withdrawal of `amount` is split into at `maxSingle` each. */
export function withdrawalParts(amount: string, maxSingle: string): number {
  const max = units(maxSingle);
  if (max <= 0n) return 1;
  const total = units(amount);
  return Number((total + max - 1n) / max) || 1;
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
 * without a pay password, the dialog says so instead. A native `<dialog>` like
 * `TransferDialog`: focus stays inside, Escape and the backdrop close it, `data-state`.
 */
export function WithdrawDialog({
  open,
  defaultOpen = false,
  onOpenChange,
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
}: WithdrawDialogProps) {
  const { label, t } = useLabels(labels);
  const id = useId();
  const [isOpen, setOpen] = useControllableState({
    value: open,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const own = addresses.filter((entry) => entry.coin === coin);
  const symbol = COIN_DISPLAY[coin]?.symbol ?? coin.toUpperCase();
  const [step, setStep] = useState<Step>('address');
  const [addressId, setAddressId] = useState('');
  const [adding, setAdding] = useState(false);
  const [alias, setAlias] = useState('');
  const [newAddress, setNewAddress] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [addressCode, setAddressCode] = useState('');
  const [amount, setAmount] = useState('');
  const [fromAccount, setFromAccount] = useState(accounts?.[0]?.account ?? '');
  const [payPassword, setPayPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState<Record<'withdraw' | 'withdraw_address', number>>({
    withdraw: 0,
    withdraw_address: 0,
  });
  const [sent, setSent] = useState<'withdraw' | 'withdraw_address' | null>(null);
  const pendingAddress = useRef<string | null>(null);
  const passkeys = usePasskeys<'withdraw' | 'withdraw_address'>(onPasskey, (scene, message) =>
    setErrors((current) => ({
      ...current,
      [scene === 'withdraw' ? 'code' : 'addressCode']: message,
    })),
  );
  const addressPasskey = passkeys.state('withdraw_address');
  const withdrawPasskey = passkeys.state('withdraw');

  // A fresh form each time the dialog opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (!isOpen) return;
    setStep('address');
    setAddressId(own[0]?.id ?? '');
    setAdding(false);
    setAlias('');
    setNewAddress('');
    setPublicKey('');
    setAddressCode('');
    setAmount('');
    setFromAccount(accounts?.[0]?.account ?? '');
    setPayPassword('');
    setCode('');
    setErrors({});
    setSent(null);
    passkeys.forget();
  }, [isOpen, coin]);

  // The addresses arrive after the dialog opened (or the chosen one was deleted): choose the first.
  const ownIds = own.map((entry) => entry.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list changes
  useEffect(() => {
    if (pendingAddress.current !== null) return;
    if (own.some((entry) => entry.id === addressId)) return;
    setAddressId(own[0]?.id ?? '');
  }, [ownIds]);

  // A saved address arrives in `addresses`: select it.
  useEffect(() => {
    const typed = pendingAddress.current;
    if (typed === null) return;
    const saved = own.find((entry) => entry.address === typed);
    if (saved === undefined) return;
    pendingAddress.current = null;
    setAddressId(saved.id);
  });

  useEffect(() => {
    if (wait.withdraw <= 0 && wait.withdraw_address <= 0) return;
    const timer = setTimeout(
      () =>
        setWait((current) => ({
          withdraw: Math.max(0, current.withdraw - 1),
          withdraw_address: Math.max(0, current.withdraw_address - 1),
        })),
      1000,
    );
    return () => clearTimeout(timer);
  }, [wait]);

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
  const value = amount.trim();
  const valueOk =
    isDecimalString(value) && !value.startsWith('-') && compareDecimal(value, '0') > 0;
  const receive = valueOk ? value : '0';
  const total = valueOk ? addDecimal(value, fee) : '0';
  const money = (figure: string) => formatCoinMoney(figure, coin);

  function showErrors(found: Errors) {
    setErrors(found);
    const first = (Object.keys(found) as (WithdrawDialogField | 'form')[]).find(
      (key) => key !== 'form',
    );
    if (first !== undefined) {
      setStep(STEP_OF[first]);
      if (ADD_FIELDS.has(first)) setAdding(true);
    }
  }

  function checkAddress(): Errors {
    return own.some((entry) => entry.id === addressId)
      ? {}
      : { addressId: label('withdrawChooseAddress') };
  }

  function checkNewAddress(): Errors {
    const found: Errors = {};
    if (alias.trim() === '') found.alias = label('withdrawAliasRequired');
    const typed = newAddress.trim();
    if (typed === '') found.address = t('validation.addressRequired');
    else if (!miningAddressPattern(coin).test(typed)) {
      found.address = label('withdrawAddressInvalid');
    }
    if (coin === 'kda' && publicKey.trim() !== '' && !/^[0-9a-fA-F]{64}$/.test(publicKey.trim())) {
      found.publicKey = label('withdrawPublicKeyInvalid');
    }
    if (addressPasskey.token !== null) return found;
    if (addressCode.trim() === '') found.addressCode = t('validation.verificationCodeRequired');
    else if (!/^\d{6}$/.test(addressCode.trim())) {
      found.addressCode = t('validation.verificationCodeInvalid');
    }
    return found;
  }

  function checkAmount(): Errors {
    if (value === '') return { amount: t('validation.amountRequired') };
    if (!isDecimalString(value) || value.startsWith('-')) {
      return { amount: t('validation.amountInvalid') };
    }
    if (compareDecimal(value, '0') <= 0) return { amount: t('validation.amountNotPositive') };
    if ((value.split('.')[1]?.length ?? 0) > SCALE) {
      return { amount: t('validation.amountTooPrecise', { decimals: SCALE }) };
    }
    if (rules && compareDecimal(value, rules.min_amount) < 0) {
      return { amount: t('validation.amountBelowMinimum', { minimum: rules.min_amount }) };
    }
    if (compareDecimal(addDecimal(value, rules?.fee ?? '0'), available) > 0) {
      return { amount: label('withdrawInsufficient') };
    }
    return {};
  }

  function checkConfirm(): Errors {
    const found: Errors = {};
    if (payPassword === '') found.payPassword = t('validation.payPasswordRequired');
    if (withdrawPasskey.token !== null) return found;
    if (code.trim() === '') found.code = t('validation.verificationCodeRequired');
    else if (!/^\d{6}$/.test(code.trim())) found.code = t('validation.verificationCodeInvalid');
    return found;
  }

  async function sendCode(scene: 'withdraw' | 'withdraw_address') {
    if (!onSendCode) return;
    const field = scene === 'withdraw' ? 'code' : 'addressCode';
    setErrors((current) => ({ ...current, [field]: undefined }));
    try {
      const answer = await onSendCode(scene);
      setSent(scene);
      setWait((current) => ({
        ...current,
        [scene]: typeof answer === 'number' ? answer : resendSeconds,
      }));
    } catch (failure) {
      setErrors((current) => ({ ...current, [field]: messageOf(failure) }));
    }
  }

  async function saveAddress() {
    if (busy || !onAddAddress) return;
    const found = checkNewAddress();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const typed = newAddress.trim();
      const refusal = await onAddAddress({
        coin,
        alias: alias.trim(),
        address: typed,
        ...(coin === 'kda' && publicKey.trim() !== '' ? { publicKey: publicKey.trim() } : {}),
        ...(addressPasskey.token === null
          ? { code: addressCode.trim() }
          : { code: '', passkeyToken: addressPasskey.token }),
      });
      if (refusal === undefined) {
        pendingAddress.current = typed;
        setAdding(false);
        setAlias('');
        setNewAddress('');
        setPublicKey('');
        setAddressCode('');
        setSent(null);
        // The validation is spent: another address needs another.
        passkeys.forget('withdraw_address');
      } else {
        // The validation itself was refused (expired, spent): the code field comes back.
        if (refusal.field === 'addressCode') passkeys.forget('withdraw_address');
        showErrors({ [refusal.field ?? 'form']: refusal.message });
      }
    } catch (failure) {
      setErrors({ form: messageOf(failure) });
    } finally {
      setBusy(false);
    }
  }

  async function next(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (step === 'address') {
      if (adding) {
        await saveAddress();
        return;
      }
      const found = checkAddress();
      setErrors(found);
      if (Object.keys(found).length === 0) setStep('amount');
      return;
    }
    if (step === 'amount') {
      const found = checkAmount();
      setErrors(found);
      if (Object.keys(found).length === 0) setStep('confirm');
      return;
    }
    const found = { ...checkAddress(), ...checkAmount(), ...checkConfirm() };
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const refusal = await onSubmit({
        coin,
        ...(accounts !== undefined && fromAccount !== '' ? { fromAccount } : {}),
        addressId,
        amount: value,
        payPassword,
        ...(withdrawPasskey.token === null
          ? { code: code.trim() }
          : { code: '', passkeyToken: withdrawPasskey.token }),
      });
      if (refusal === undefined) setOpen(false);
      else {
        if (refusal.field === 'code') passkeys.forget('withdraw');
        showErrors({ [refusal.field ?? 'form']: refusal.message });
      }
    } catch (failure) {
      setErrors({ form: messageOf(failure) });
    } finally {
      setBusy(false);
    }
  }

  const field = (
    name: WithdrawDialogField,
    text: string,
    input: (props: {
      id: string;
      'aria-invalid'?: true;
      'aria-describedby'?: string;
    }) => ReactElement,
    hint?: string,
  ) => {
    const problem = errors[name];
    const inputId = `${id}-${name}`;
    const described = [hint ? `${inputId}-hint` : '', problem ? `${inputId}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className={widget.field}>
        <label htmlFor={inputId}>{text}</label>
        {input({
          id: inputId,
          ...(problem ? { 'aria-invalid': true } : {}),
          ...(described ? { 'aria-describedby': described } : {}),
        })}
        {hint ? (
          <p id={`${inputId}-hint`} className={styles.hint}>
            {hint}
          </p>
        ) : null}
        {problem ? (
          <p id={`${inputId}-error`} className={base.error}>
            {problem}
          </p>
        ) : null}
      </div>
    );
  };

  const passkeyChoice = (name: 'code' | 'addressCode', scene: 'withdraw' | 'withdraw_address') =>
    onPasskey ? (
      <PasskeyChoice
        id={`${id}-${scene}-passkey`}
        state={passkeys.state(scene)}
        texts={{
          use: label('withdrawUsePasskey'),
          failedHint: label('withdrawPasskeyFailedHint'),
          failed: t('errors.verificationFailed'),
          anotherWay: t('errors.verifyAnotherWay'),
          tryAgain: t('errors.tryAgain'),
        }}
        onRun={() => void passkeys.run(scene)}
        onAnotherWay={() => {
          passkeys.dismiss(scene);
          document.getElementById(`${id}-${name}`)?.focus();
        }}
      />
    ) : null;

  const codeField = (
    name: 'code' | 'addressCode',
    scene: 'withdraw' | 'withdraw_address',
    text: string,
    current: string,
    change: (next: string) => void,
  ) =>
    passkeys.state(scene).token !== null ? (
      <PasskeyVerified text={label('withdrawPasskeyVerified')} />
    ) : (
      <>
        {codeFieldInput(name, scene, text, current, change)}
        {passkeyChoice(name, scene)}
      </>
    );

  const codeFieldInput = (
    name: 'code' | 'addressCode',
    scene: 'withdraw' | 'withdraw_address',
    text: string,
    current: string,
    change: (next: string) => void,
  ) =>
    field(name, text, (props) => (
      <div className={base.withButton}>
        <input
          {...props}
          className={widget.textInput}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={current}
          onChange={(event) => change(event.target.value)}
        />
        {onSendCode ? (
          <button
            type="button"
            className={widget.button}
            data-variant="secondary"
            disabled={wait[scene] > 0}
            onClick={() => void sendCode(scene)}
          >
            {wait[scene] > 0
              ? t('widgets.resendIn', { seconds: wait[scene] })
              : label('withdrawSendCode')}
          </button>
        ) : null}
      </div>
    ));

  const chosen = own.find((entry) => entry.id === addressId);
  const formId = `${id}-form`;
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
      <div className={base.notice}>
        <p className={widget.muted}>{label('withdrawNoPayPassword')}</p>
        {onSetPayPassword ? (
          <button type="button" className={widget.button} onClick={onSetPayPassword}>
            {label('withdrawSetPayPassword')}
          </button>
        ) : null}
      </div>
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
    const index = STEPS.indexOf(step);
    let content: ReactNode;
    if (step === 'address') {
      content = (
        <>
          {own.length === 0 ? (
            <p className={widget.muted}>{label('withdrawNoAddresses', { coin: symbol })}</p>
          ) : (
            <fieldset
              className={styles.addressList}
              aria-describedby={errors.addressId ? `${id}-addressId-error` : undefined}
            >
              <legend className={styles.legend}>{label('withdrawSavedAddresses')}</legend>
              {own.map((entry) => (
                <div key={entry.id} className={styles.addressOption}>
                  <input
                    type="radio"
                    id={`${id}-address-${entry.id}`}
                    name={`${id}-address`}
                    value={entry.id}
                    checked={addressId === entry.id}
                    onChange={() => setAddressId(entry.id)}
                  />
                  <label htmlFor={`${id}-address-${entry.id}`} className={styles.addressLabel}>
                    <span className={styles.alias}>{entry.alias}</span>
                    <span className={styles.addressText}>{entry.address}</span>
                  </label>
                  {onDeleteAddress ? (
                    <button
                      type="button"
                      className={widget.button}
                      data-variant="ghost"
                      data-size="sm"
                      aria-label={label('withdrawDeleteAddress', { alias: entry.alias })}
                      onClick={() => {
                        setErrors({});
                        onDeleteAddress(entry).catch((failure: unknown) =>
                          setErrors({ form: messageOf(failure) }),
                        );
                      }}
                    >
                      ✕
                    </button>
                  ) : null}
                </div>
              ))}
            </fieldset>
          )}
          {errors.addressId ? (
            <p id={`${id}-addressId-error`} className={base.error}>
              {errors.addressId}
            </p>
          ) : null}
          {onAddAddress && !adding ? (
            <div>
              <button
                type="button"
                className={widget.button}
                data-variant="secondary"
                data-size="sm"
                onClick={() => {
                  setErrors({});
                  setAdding(true);
                }}
              >
                {label('withdrawAddAddress')}
              </button>
            </div>
          ) : null}
          {onAddAddress && adding ? (
            <div className={styles.addForm}>
              {field('alias', label('withdrawAlias'), (props) => (
                <input
                  {...props}
                  className={widget.textInput}
                  placeholder={label('withdrawAliasPlaceholder')}
                  autoComplete="off"
                  maxLength={64}
                  value={alias}
                  onChange={(event) => setAlias(event.target.value)}
                />
              ))}
              {field('address', label('withdrawAddress'), (props) => (
                <input
                  {...props}
                  className={widget.textInput}
                  autoComplete="off"
                  spellCheck={false}
                  value={newAddress}
                  onChange={(event) => setNewAddress(event.target.value)}
                />
              ))}
              {coin === 'kda'
                ? field(
                    'publicKey',
                    label('withdrawPublicKey'),
                    (props) => (
                      <input
                        {...props}
                        className={widget.textInput}
                        autoComplete="off"
                        spellCheck={false}
                        value={publicKey}
                        onChange={(event) => setPublicKey(event.target.value)}
                      />
                    ),
                    label('withdrawPublicKeyHint'),
                  )
                : null}
              {codeField(
                'addressCode',
                'withdraw_address',
                label('withdrawCode'),
                addressCode,
                setAddressCode,
              )}
              {sent === 'withdraw_address' ? (
                <p className={base.available} role="status">
                  {label('withdrawCodeSent')}
                </p>
              ) : null}
              <div className={base.footer}>
                <button
                  type="button"
                  className={widget.button}
                  data-variant="secondary"
                  onClick={() => {
                    setAdding(false);
                    setErrors({});
                  }}
                >
                  {label('withdrawCancel')}
                </button>
                <button
                  type="button"
                  className={widget.button}
                  aria-busy={busy || undefined}
                  onClick={() => void saveAddress()}
                >
                  {label('withdrawSaveAddress')}
                </button>
              </div>
            </div>
          ) : null}
        </>
      );
    } else if (step === 'amount') {
      content = (
        <>
          {accounts !== undefined && accounts.length > 1 ? (
            <div className={widget.field}>
              <label htmlFor={`${id}-from`}>{label('withdrawFrom')}</label>
              <select
                id={`${id}-from`}
                className={widget.nativeSelect}
                value={fromAccount}
                onChange={(event) => setFromAccount(event.target.value)}
              >
                {accounts.map((entry) => (
                  <option key={entry.account} value={entry.account}>
                    {entry.account}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {compareDecimal(available, '0') <= 0 ? (
            <p className={widget.muted}>{label('withdrawNoFunds', { coin: symbol })}</p>
          ) : null}
          {field('amount', label('withdrawAmount'), (props) => (
            <div className={base.withButton}>
              <input
                {...props}
                className={widget.textInput}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
              <button
                type="button"
                className={widget.button}
                data-variant="secondary"
                onClick={() => setAmount(most)}
              >
                {label('withdrawAll')}
              </button>
            </div>
          ))}
          <dl className={styles.figures}>
            <dt className={styles.figureLabel}>{label('withdrawAvailable')}</dt>
            <dd className={styles.figureValue}>{money(available)}</dd>
            <dt className={styles.figureLabel}>{label('withdrawFee')}</dt>
            <dd className={styles.figureValue}>{money(fee)}</dd>
            <dt className={styles.figureLabel}>{label('withdrawMinimum')}</dt>
            <dd className={styles.figureValue}>{money(rules.min_amount)}</dd>
            <dt className={styles.figureLabel}>{label('withdrawReceive')}</dt>
            <dd className={`${styles.figureValue} ${styles.strong}`} data-testid="withdraw-receive">
              {money(receive)}
            </dd>
            <dt className={styles.figureLabel}>{label('withdrawTotal')}</dt>
            <dd className={styles.figureValue} data-testid="withdraw-total">
              {money(total)}
            </dd>
          </dl>
          {valueOk && compareDecimal(value, rules.manual_audit_above) > 0 ? (
            <p className={styles.callout}>
              {label('withdrawAuditNote', { limit: money(rules.manual_audit_above) })}
            </p>
          ) : null}
          {valueOk && compareDecimal(value, rules.max_single) > 0 ? (
            <p className={styles.callout}>
              {label('withdrawSplitNote', {
                max: money(rules.max_single),
                parts: withdrawalParts(value, rules.max_single),
              })}
            </p>
          ) : null}
        </>
      );
    } else {
      content = (
        <>
          <dl className={styles.figures}>
            <dt className={styles.figureLabel}>{label('withdrawTo')}</dt>
            <dd className={styles.figureValue}>
              <span className={styles.alias}>{chosen?.alias}</span>
              <br />
              <span className={styles.addressText}>{chosen?.address}</span>
            </dd>
            <dt className={styles.figureLabel}>{label('withdrawAmount')}</dt>
            <dd className={styles.figureValue}>{valueOk ? money(value) : '--'}</dd>
            <dt className={styles.figureLabel}>{label('withdrawFee')}</dt>
            <dd className={styles.figureValue}>{money(fee)}</dd>
            <dt className={styles.figureLabel}>{label('withdrawReceive')}</dt>
            <dd className={`${styles.figureValue} ${styles.strong}`}>{money(receive)}</dd>
            <dt className={styles.figureLabel}>{label('withdrawTotal')}</dt>
            <dd className={styles.figureValue}>{money(total)}</dd>
          </dl>
          {valueOk && compareDecimal(value, rules.manual_audit_above) > 0 ? (
            <p className={styles.callout}>
              {label('withdrawAuditNote', { limit: money(rules.manual_audit_above) })}
            </p>
          ) : null}
          {field('payPassword', label('withdrawPayPassword'), (props) => (
            <input
              {...props}
              type="password"
              className={widget.textInput}
              autoComplete="off"
              value={payPassword}
              onChange={(event) => setPayPassword(event.target.value)}
            />
          ))}
          {codeField('code', 'withdraw', label('withdrawCode'), code, setCode)}
          {sent === 'withdraw' ? (
            <p className={base.available} role="status">
              {label('withdrawCodeSent')}
            </p>
          ) : null}
        </>
      );
    }
    body = (
      <form
        id={formId}
        className={base.form}
        noValidate
        onSubmit={(event) => void next(event)}
        data-step={step}
      >
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
        {errors.form ? (
          <p className={base.error} role="alert">
            {errors.form}
          </p>
        ) : null}
      </form>
    );
  }

  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialogRef.current;
    if (!element) return;
    if (isOpen && !element.open) element.showModal();
    if (!isOpen && element.open) element.close();
  }, [isOpen]);

  const index = STEPS.indexOf(step);
  const submitText =
    step === 'confirm'
      ? label('withdrawSubmit')
      : step === 'address' && adding
        ? label('withdrawSaveAddress')
        : label('withdrawNext');

  return (
    <>
      {trigger
        ? cloneElement(trigger, {
            'aria-haspopup': 'dialog',
            'aria-expanded': isOpen,
            onClick: (event: MouseEvent<HTMLElement>) => {
              trigger.props.onClick?.(event);
              setOpen(true);
            },
          })
        : null}
      <dialog
        ref={dialogRef}
        className={base.dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        data-state={isOpen ? 'open' : 'closed'}
        onCancel={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          setOpen(false);
        }}
        onClose={() => {
          if (isOpen) setOpen(false);
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) setOpen(false);
        }}
      >
        {isOpen ? (
          <div className={base.panel}>
            <h2 id={`${id}-title`} className={base.title}>
              {label('withdrawTitle', { coin: symbol })}
            </h2>
            <p id={`${id}-description`} className={widget.note}>
              {label('withdrawDescription', { coin: symbol })}
            </p>
            {body}
            <div className={base.footer}>
              {ready && index > 0 ? (
                <button
                  type="button"
                  className={widget.button}
                  data-variant="secondary"
                  onClick={() => {
                    setErrors({});
                    setStep(STEPS[index - 1] ?? 'address');
                  }}
                >
                  {label('withdrawBack')}
                </button>
              ) : (
                <button
                  type="button"
                  className={widget.button}
                  data-variant="secondary"
                  onClick={() => setOpen(false)}
                >
                  {label('withdrawCancel')}
                </button>
              )}
              {ready && !(step === 'address' && adding) ? (
                <button
                  type="submit"
                  form={formId}
                  className={widget.button}
                  aria-busy={busy || undefined}
                >
                  {submitText}
                </button>
              ) : null}
            </div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
