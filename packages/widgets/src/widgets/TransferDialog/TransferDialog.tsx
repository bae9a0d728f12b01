import {
  type AccountBalance,
  COIN_DISPLAY,
  type CoinId,
  compareDecimal,
  formatCoinMoney,
  isDecimalString,
} from '@poolkit/core';
import {
  cloneElement,
  type FormEvent,
  type MouseEvent,
  type ReactElement,
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
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import * as styles from './TransferDialog.css';

export type { PasskeyOutcome } from '../../lib/passkeyValidation';

/** What the form holds when it is sent. */
export interface TransferDialogValues {
  readonly fromAccount: string;
  readonly coin: string;
  readonly toAccount: string;
  /** A decimal string, as typed (trimmed). */
  readonly amount: string;
  /** In clear: the host encrypts it (core's `encryptPassword`) before it leaves. */
  readonly payPassword: string;
  /** The second validation's 6-digit code; empty when a passkey passed it. */
  readonly code: string;
  /** The validation token the host's passkey check gave (`onPasskey`), instead of the code. */
  readonly passkeyToken?: string;
}

/** The fields a refusal can point at. */
export type TransferDialogField = 'toAccount' | 'amount' | 'payPassword' | 'code';

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
export interface TransferDialogProps {
  /** Whether the dialog is open (controlled). */
  open?: boolean;
  /** Whether the dialog starts open (uncontrolled). Default `false`. */
  defaultOpen?: boolean;
  /** Called when the dialog opens or closes (also after a transfer went through). */
  onOpenChange?: (open: boolean) => void;
  /** A button that opens the dialog (it gets `aria-haspopup` and `aria-expanded`). */
  trigger?: ReactElement<{
    onClick?: (event: MouseEvent<HTMLElement>) => void;
    'aria-haspopup'?: 'dialog';
    'aria-expanded'?: boolean;
  }>;
  /** The user's accounts and their balances (`accounts` of `GET /wallets/balances`). */
  balances: readonly AccountBalance[];
  /** The account and coin chosen first. Default: the first with a balance. */
  defaultFrom?: { account: string; coin: string };
  /** Whether a pay password is set; without one the dialog offers to set it instead. */
  hasPayPassword: boolean;
  /** Opens the host's pay-password form; shown when none is set. */
  onSetPayPassword?: () => void;
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

type Errors = Partial<Record<TransferDialogField | 'form', string>>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
 * A native `<dialog>` shown with `showModal()`: focus stays inside and returns on close, the
 * page behind is inert, Escape and a press on the backdrop close it; it carries
 * `data-state="open"`. (The base `Dialog` would carry floating-ui into this entry, five times
 * the widgets' size budget.)
 */
export function TransferDialog({
  open,
  defaultOpen = false,
  onOpenChange,
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
}: TransferDialogProps) {
  const { label, t } = useLabels(labels);
  const id = useId();
  const [isOpen, setOpen] = useControllableState({
    value: open,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const funded = balances.filter((row) => compareDecimal(row.available, '0') > 0);
  const first = funded.find(
    (row) => row.account === defaultFrom?.account && row.coin === defaultFrom.coin,
  ) ??
    funded[0] ?? { account: '', coin: '' };
  const [chosenFrom, setFrom] = useState(first.account);
  const [chosenCoin, setCoin] = useState<string>(first.coin);
  const [toAccount, setToAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);
  const [sent, setSent] = useState(false);
  const passkeys = usePasskeys<'transfer'>(
    onPasskey === undefined ? undefined : () => onPasskey(),
    (_scene, message) => setErrors((current) => ({ ...current, code: message })),
  );
  const passkey = passkeys.state('transfer');

  // A fresh form each time the dialog opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (!isOpen) return;
    setFrom(first.account);
    setCoin(first.coin);
    setToAccount('');
    setAmount('');
    setPayPassword('');
    setCode('');
    setErrors({});
    setSent(false);
    passkeys.forget();
  }, [isOpen]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const accounts = [...new Set(funded.map((row) => row.account))];
  // The balances may arrive, or change, after the dialog opened (a user who opens it as the page
  // loads): a choice no longer funded gives way to the first funded account and coin, so the
  // form never checks or sends a coin its selects do not show.
  const from = accounts.includes(chosenFrom) ? chosenFrom : first.account;
  const coins = funded.filter((row) => row.account === from);
  const coin = coins.some((row) => row.coin === chosenCoin)
    ? chosenCoin
    : ((coins.find((row) => row.coin === first.coin) ?? coins[0])?.coin ?? '');
  const available = coins.find((row) => row.coin === coin)?.available ?? '0';

  function check(): Errors {
    const found: Errors = {};
    const target = toAccount.trim();
    if (target === '') found.toAccount = t('validation.accountRequired');
    else if (target.toLowerCase() === from.toLowerCase()) {
      found.toAccount = label('transferSameAccount');
    }
    const value = amount.trim();
    if (value === '') found.amount = t('validation.amountRequired');
    else if (!isDecimalString(value) || value.startsWith('-')) {
      found.amount = t('validation.amountInvalid');
    } else if (compareDecimal(value, '0') <= 0) found.amount = t('validation.amountNotPositive');
    else if ((value.split('.')[1]?.length ?? 0) > 18) {
      found.amount = t('validation.amountTooPrecise', { decimals: 18 });
    } else if (compareDecimal(value, available) > 0) {
      found.amount = t('validation.amountAboveMaximum', { maximum: available });
    }
    if (payPassword === '') found.payPassword = t('validation.payPasswordRequired');
    if (passkey.token !== null) return found;
    if (code.trim() === '') found.code = t('validation.verificationCodeRequired');
    else if (!/^\d{6}$/.test(code.trim())) found.code = t('validation.verificationCodeInvalid');
    return found;
  }

  async function sendCode() {
    if (!onSendCode) return;
    setErrors((current) => ({ ...current, code: undefined }));
    try {
      const answer = await onSendCode();
      setSent(true);
      setWait(typeof answer === 'number' ? answer : resendSeconds);
    } catch (error) {
      setErrors((current) => ({ ...current, code: messageOf(error) }));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const refusal = await onSubmit({
        fromAccount: from,
        coin,
        toAccount: toAccount.trim(),
        amount: amount.trim(),
        payPassword,
        ...(passkey.token === null
          ? { code: code.trim() }
          : { code: '', passkeyToken: passkey.token }),
      });
      if (refusal === undefined) setOpen(false);
      else {
        // The validation itself was refused (expired, spent): the code field comes back.
        if (refusal.field === 'code') passkeys.forget('transfer');
        setErrors({ [refusal.field ?? 'form']: refusal.message });
      }
    } catch (error) {
      setErrors({ form: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  const field = (
    name: TransferDialogField,
    text: string,
    input: (props: {
      id: string;
      'aria-invalid'?: true;
      'aria-describedby'?: string;
    }) => ReactElement,
  ) => {
    const problem = errors[name];
    const inputId = `${id}-${name}`;
    return (
      <div className={widget.field}>
        <label htmlFor={inputId}>{text}</label>
        {input({
          id: inputId,
          ...(problem ? { 'aria-invalid': true, 'aria-describedby': `${inputId}-error` } : {}),
        })}
        {problem ? (
          <p id={`${inputId}-error`} className={styles.error}>
            {problem}
          </p>
        ) : null}
      </div>
    );
  };

  const formId = `${id}-form`;
  const ready = hasPayPassword && funded.length > 0;
  let body: ReactElement;
  if (!hasPayPassword) {
    body = (
      <div className={styles.notice}>
        <p className={widget.muted}>{label('transferNoPayPassword')}</p>
        {onSetPayPassword ? (
          <button type="button" className={widget.button} onClick={onSetPayPassword}>
            {label('transferSetPayPassword')}
          </button>
        ) : null}
      </div>
    );
  } else if (funded.length === 0) {
    body = <p className={widget.muted}>{label('transferNoFunds')}</p>;
  } else {
    body = (
      <form id={formId} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <div className={styles.pair}>
          <div className={widget.field}>
            <label htmlFor={`${id}-from`}>{label('transferFrom')}</label>
            <select
              id={`${id}-from`}
              className={widget.nativeSelect}
              value={from}
              onChange={(event) => {
                const next = event.target.value;
                setFrom(next);
                const nextCoins = funded.filter((row) => row.account === next);
                if (!nextCoins.some((row) => row.coin === coin)) {
                  setCoin(nextCoins[0]?.coin ?? '');
                }
              }}
            >
              {accounts.map((account) => (
                <option key={account} value={account}>
                  {account}
                </option>
              ))}
            </select>
          </div>
          <div className={widget.field}>
            <label htmlFor={`${id}-coin`}>{label('transferCoin')}</label>
            <select
              id={`${id}-coin`}
              className={widget.nativeSelect}
              value={coin}
              onChange={(event) => setCoin(event.target.value)}
            >
              {coins.map((row) => (
                <option key={row.coin} value={row.coin}>
                  {COIN_DISPLAY[row.coin as CoinId]?.symbol ?? row.coin.toUpperCase()}
                </option>
              ))}
            </select>
          </div>
        </div>
        {field('toAccount', label('transferTo'), (props) => (
          <input
            {...props}
            className={widget.textInput}
            placeholder={label('transferToPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            value={toAccount}
            onChange={(event) => setToAccount(event.target.value)}
          />
        ))}
        {field('amount', label('transferAmount'), (props) => (
          <div className={styles.withButton}>
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
              onClick={() => setAmount(available)}
            >
              {label('transferAll')}
            </button>
          </div>
        ))}
        <p className={styles.available}>
          {label('transferAvailable', { amount: formatCoinMoney(available, coin) })}
        </p>
        {field('payPassword', label('transferPayPassword'), (props) => (
          <input
            {...props}
            type="password"
            className={widget.textInput}
            autoComplete="off"
            value={payPassword}
            onChange={(event) => setPayPassword(event.target.value)}
          />
        ))}
        {passkey.token === null ? (
          field('code', label('transferCode'), (props) => (
            <div className={styles.withButton}>
              <input
                {...props}
                className={widget.textInput}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
              {onSendCode ? (
                <button
                  type="button"
                  className={widget.button}
                  data-variant="secondary"
                  disabled={wait > 0}
                  onClick={() => void sendCode()}
                >
                  {wait > 0 ? t('widgets.resendIn', { seconds: wait }) : label('transferSendCode')}
                </button>
              ) : null}
            </div>
          ))
        ) : (
          <PasskeyVerified text={label('transferPasskeyVerified')} />
        )}
        {onPasskey && passkey.token === null ? (
          <PasskeyChoice
            id={`${id}-passkey`}
            state={passkey}
            texts={{
              use: label('transferUsePasskey'),
              failedHint: label('transferPasskeyFailedHint'),
              failed: t('errors.verificationFailed'),
              anotherWay: t('errors.verifyAnotherWay'),
              tryAgain: t('errors.tryAgain'),
            }}
            onRun={() => void passkeys.run('transfer')}
            onAnotherWay={() => {
              passkeys.dismiss('transfer');
              document.getElementById(`${id}-code`)?.focus();
            }}
          />
        ) : null}
        {sent ? (
          <p className={styles.available} role="status">
            {label('transferCodeSent')}
          </p>
        ) : null}
        {errors.form ? (
          <p className={styles.error} role="alert">
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
      {/* Escape and a press on the backdrop close it, as the base Dialog does. */}
      <dialog
        ref={dialogRef}
        className={styles.dialog}
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
          <div className={styles.panel}>
            <h2 id={`${id}-title`} className={styles.title}>
              {label('transferTitle')}
            </h2>
            <p id={`${id}-description`} className={widget.note}>
              {label('transferDescription')}
            </p>
            {body}
            <div className={styles.footer}>
              <button
                type="button"
                className={widget.button}
                data-variant="secondary"
                onClick={() => setOpen(false)}
              >
                {label('transferCancel')}
              </button>
              {ready ? (
                <button
                  type="submit"
                  form={formId}
                  className={widget.button}
                  aria-busy={busy || undefined}
                >
                  {label('transferSubmit')}
                </button>
              ) : null}
            </div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
