import {
  type AccountBalance,
  COIN_DISPLAY,
  type CoinId,
  compareDecimal,
  type ExchangeQuote,
  formatCoinMoney,
  formatDecimal,
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
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import * as styles from './ExchangeDialog.css';

/** What a quote is asked for with. */
export interface ExchangeDialogRequest {
  /** The mining account both coins stay in. */
  readonly account: string;
  /** The coin sold. */
  readonly from: string;
  /** The coin bought. */
  readonly to: string;
  /** A decimal string, as typed (trimmed). */
  readonly amount: string;
}

/** What the form holds when the exchange is sent. */
export interface ExchangeDialogValues {
  /** The quote accepted (its `quote_id` is what the exchange names). */
  readonly quote: ExchangeQuote;
  /** In clear: the host encrypts it (core's `encryptPassword`) before it leaves. */
  readonly payPassword: string;
}

/** The fields a refusal can point at; `quote` drops the quote (expired, used: quote again). */
export type ExchangeDialogField = 'account' | 'from' | 'to' | 'amount' | 'payPassword' | 'quote';

/** Why the host refused a quote or an exchange: under `field`, or above the buttons. */
export interface ExchangeDialogRefusal {
  readonly message: string;
  readonly field?: ExchangeDialogField;
}

/** Keys of the texts of {@link ExchangeDialog}; each defaults to `t('mining.<key>')`. */
export type ExchangeDialogLabelKey =
  | 'exchangeTitle'
  | 'exchangeDescription'
  | 'exchangeAccount'
  | 'exchangeFrom'
  | 'exchangeTo'
  | 'exchangeAmount'
  | 'exchangeAvailable'
  | 'exchangeAll'
  | 'exchangeGetQuote'
  | 'exchangeRequote'
  | 'exchangeQuoteTitle'
  | 'exchangeRate'
  | 'exchangeRateValue'
  | 'exchangeFee'
  | 'exchangeReceive'
  | 'exchangeExpiresIn'
  | 'exchangeExpired'
  | 'exchangePayPassword'
  | 'exchangeSubmit'
  | 'exchangeCancel'
  | 'exchangeNoPayPassword'
  | 'exchangeSetPayPassword'
  | 'exchangeNoFunds'
  | 'exchangeSameCoin';

/** Props of {@link ExchangeDialog}. */
export interface ExchangeDialogProps {
  /** Whether the dialog is open (controlled). */
  open?: boolean;
  /** Whether the dialog starts open (uncontrolled). Default `false`. */
  defaultOpen?: boolean;
  /** Called when the dialog opens or closes (also after an exchange went through). */
  onOpenChange?: (open: boolean) => void;
  /** A button that opens the dialog (it gets `aria-haspopup` and `aria-expanded`). */
  trigger?: ReactElement<{
    onClick?: (event: MouseEvent<HTMLElement>) => void;
    'aria-haspopup'?: 'dialog';
    'aria-expanded'?: boolean;
  }>;
  /** The user's accounts and their balances (`accounts` of `GET /wallets/balances`). */
  balances: readonly AccountBalance[];
  /** The coins that may be bought. Default: every coin PoolKit knows. */
  coins?: readonly CoinId[];
  /** Whether a pay password is set; without one the dialog offers to set it instead. */
  hasPayPassword: boolean;
  /** Opens the host's pay-password form; shown when none is set. */
  onSetPayPassword?: () => void;
  /**
   * Asks for a firm quote (`GET /wallets/exchanges/quote`): resolves the quote, or an
   * {@link ExchangeDialogRefusal}; a rejection shows its message.
   */
  onQuote: (request: ExchangeDialogRequest) => Promise<ExchangeQuote | ExchangeDialogRefusal>;
  /**
   * Carries out the quoted exchange: resolves nothing when it went through (the dialog closes),
   * or a refusal (`field: 'quote'` drops the quote, e.g. when it expired); a rejection shows its
   * message.
   */
  onSubmit: (values: ExchangeDialogValues) => Promise<ExchangeDialogRefusal | undefined>;
  /** The time the countdown is measured from, epoch milliseconds. Default `Date.now`. */
  now?: () => number;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<ExchangeDialogLabelKey, string>>;
}

type Errors = Partial<Record<ExchangeDialogField | 'form', string>>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isQuote(value: ExchangeQuote | ExchangeDialogRefusal): value is ExchangeQuote {
  return 'quote_id' in value;
}

const symbolOf = (coin: string) => COIN_DISPLAY[coin as CoinId]?.symbol ?? coin.toUpperCase();
/** A rate with 8 significant digits, cut toward zero, without trailing zeros (`997.45541`). */
function rateText(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const places =
    whole.replace(/^0+/, '') === ''
      ? (/^0*/.exec(fraction)?.[0].length ?? 0) + 8
      : Math.max(0, 8 - whole.replace(/^0+/, '').length);
  const text = formatDecimal(rate, Math.min(18, places), { grouping: true, rounding: 'down' });
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * Exchange between coins (spec section 1, wallet: exchange): within one of the user's mining
 * accounts, sell an amount of one coin (at most its available balance; "All" fills it) for
 * another. "Get quote" asks the host for a firm quote, shown with its rate, fee, the amount
 * received and a live countdown to its expiry (`role="timer"`); once it runs out the quote is
 * marked expired and the button asks for a new one. Changing a field drops the quote. The
 * exchange itself needs the pay password. Each problem shows under its field (`aria-invalid`,
 * `aria-describedby`); the host's refusals go the same way. Without a pay password it offers
 * to set one first.
 *
 * A native `<dialog>` shown with `showModal()` like {@link TransferDialog}'s: focus stays
 * inside and returns on close, Escape and a press on the backdrop close it; it carries
 * `data-state="open"`.
 */
export function ExchangeDialog({
  open,
  defaultOpen = false,
  onOpenChange,
  trigger,
  balances,
  coins,
  hasPayPassword,
  onSetPayPassword,
  onQuote,
  onSubmit,
  now = Date.now,
  labels,
}: ExchangeDialogProps) {
  const { label, t } = useLabels(labels);
  const id = useId();
  const [isOpen, setOpen] = useControllableState({
    value: open,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const funded = balances.filter((row) => compareDecimal(row.available, '0') > 0);
  const first = funded[0] ?? { account: '', coin: '' };
  const buyable = coins ?? (Object.keys(COIN_DISPLAY) as CoinId[]);
  const firstTarget = (sold: string) => buyable.find((coin) => coin !== sold) ?? '';
  const [account, setAccount] = useState(first.account);
  const [from, setFrom] = useState<string>(first.coin);
  const [to, setTo] = useState<string>(() => firstTarget(first.coin));
  const [amount, setAmount] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [quote, setQuote] = useState<ExchangeQuote | null>(null);
  const [clock, setClock] = useState(now);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  // A fresh form each time the dialog opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (!isOpen) return;
    setAccount(first.account);
    setFrom(first.coin);
    setTo(firstTarget(first.coin));
    setAmount('');
    setPayPassword('');
    setQuote(null);
    setErrors({});
  }, [isOpen]);

  const expiresAt = quote === null ? Number.NaN : Date.parse(quote.expires_at);
  const secondsLeft = quote === null ? 0 : Math.max(0, Math.ceil((expiresAt - clock) / 1000));
  const expired = quote !== null && secondsLeft === 0;

  // The countdown: ticks while a live quote is shown.
  useEffect(() => {
    if (quote === null) return;
    setClock(now());
    if (expired) return;
    const timer = setInterval(() => setClock(now()), 250);
    return () => clearInterval(timer);
  }, [quote, expired, now]);

  const accounts = [...new Set(funded.map((row) => row.account))];
  const sellable = funded.filter((row) => row.account === account);
  const available = sellable.find((row) => row.coin === from)?.available ?? '0';

  /** Any change of the request drops the quote: it no longer says what would happen. */
  function changed(update: () => void) {
    update();
    setQuote(null);
    setErrors({});
  }

  function checkRequest(): Errors {
    const found: Errors = {};
    if (to === from) found.to = label('exchangeSameCoin');
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
    return found;
  }

  async function askQuote() {
    const found = checkRequest();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await onQuote({ account, from, to, amount: amount.trim() });
      if (isQuote(answer)) {
        setClock(now());
        setQuote(answer);
      } else {
        setQuote(null);
        setErrors({ [answer.field ?? 'form']: answer.message });
      }
    } catch (error) {
      setErrors({ form: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  async function accept(accepted: ExchangeQuote) {
    if (payPassword === '') {
      setErrors({ payPassword: t('validation.payPasswordRequired') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const refusal = await onSubmit({ quote: accepted, payPassword });
      if (refusal === undefined) setOpen(false);
      else {
        if (refusal.field === 'quote') setQuote(null);
        setErrors({ [refusal.field ?? 'form']: refusal.message });
      }
    } catch (error) {
      setErrors({ form: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (quote !== null && !expired) await accept(quote);
    else await askQuote();
  }

  const field = (
    name: ExchangeDialogField,
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
        <p className={widget.muted}>{label('exchangeNoPayPassword')}</p>
        {onSetPayPassword ? (
          <button type="button" className={widget.button} onClick={onSetPayPassword}>
            {label('exchangeSetPayPassword')}
          </button>
        ) : null}
      </div>
    );
  } else if (funded.length === 0) {
    body = <p className={widget.muted}>{label('exchangeNoFunds')}</p>;
  } else {
    body = (
      <form id={formId} className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        {accounts.length > 1
          ? field('account', label('exchangeAccount'), (props) => (
              <select
                {...props}
                className={widget.nativeSelect}
                value={account}
                onChange={(event) =>
                  changed(() => {
                    const next = event.target.value;
                    setAccount(next);
                    const nextCoins = funded.filter((row) => row.account === next);
                    if (!nextCoins.some((row) => row.coin === from)) {
                      setFrom(nextCoins[0]?.coin ?? '');
                    }
                  })
                }
              >
                {accounts.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            ))
          : null}
        <div className={styles.pair}>
          {field('from', label('exchangeFrom'), (props) => (
            <select
              {...props}
              className={widget.nativeSelect}
              value={from}
              onChange={(event) =>
                changed(() => {
                  const next = event.target.value;
                  setFrom(next);
                  if (next === to) setTo(firstTarget(next));
                })
              }
            >
              {sellable.map((row) => (
                <option key={row.coin} value={row.coin}>
                  {symbolOf(row.coin)}
                </option>
              ))}
            </select>
          ))}
          {field('to', label('exchangeTo'), (props) => (
            <select
              {...props}
              className={widget.nativeSelect}
              value={to}
              onChange={(event) => changed(() => setTo(event.target.value))}
            >
              {buyable
                .filter((coin) => coin !== from)
                .map((coin) => (
                  <option key={coin} value={coin}>
                    {symbolOf(coin)}
                  </option>
                ))}
            </select>
          ))}
        </div>
        {field('amount', label('exchangeAmount'), (props) => (
          <div className={styles.withButton}>
            <input
              {...props}
              className={widget.textInput}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => changed(() => setAmount(event.target.value))}
            />
            <button
              type="button"
              className={widget.button}
              data-variant="secondary"
              onClick={() => changed(() => setAmount(available))}
            >
              {label('exchangeAll')}
            </button>
          </div>
        ))}
        <p className={styles.hint}>
          {label('exchangeAvailable', { amount: formatCoinMoney(available, from) })}
        </p>
        {quote === null ? null : (
          <section aria-labelledby={`${id}-quote-title`}>
            <h3 id={`${id}-quote-title`} className={widget.srOnly}>
              {label('exchangeQuoteTitle')}
            </h3>
            <dl className={styles.quote} data-state={expired ? 'expired' : 'live'}>
              <dt className={styles.term}>{label('exchangeRate')}</dt>
              <dd className={styles.value}>
                {label('exchangeRateValue', {
                  from: symbolOf(quote.from),
                  rate: rateText(quote.rate),
                  to: symbolOf(quote.to),
                })}
              </dd>
              <dt className={styles.term}>
                {label('exchangeFee', { percent: quote.fee_percent })}
              </dt>
              <dd className={styles.value}>{formatCoinMoney(quote.fee, quote.to)}</dd>
              <dt className={`${styles.term} ${styles.receive}`}>{label('exchangeReceive')}</dt>
              <dd className={`${styles.value} ${styles.receive}`} data-testid="exchange-receive">
                {formatCoinMoney(quote.amount_out, quote.to)}
              </dd>
            </dl>
          </section>
        )}
        {quote !== null && !expired ? (
          <p className={styles.hint} role="timer" aria-live="off">
            {label('exchangeExpiresIn', { seconds: secondsLeft })}
          </p>
        ) : null}
        {expired ? (
          <p className={styles.error} role="status">
            {label('exchangeExpired')}
          </p>
        ) : null}
        {errors.quote ? (
          <p className={styles.error} role="alert">
            {errors.quote}
          </p>
        ) : null}
        {quote === null
          ? null
          : field('payPassword', label('exchangePayPassword'), (props) => (
              <input
                {...props}
                type="password"
                className={widget.textInput}
                autoComplete="off"
                value={payPassword}
                onChange={(event) => setPayPassword(event.target.value)}
              />
            ))}
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

  let action = label('exchangeGetQuote');
  if (quote !== null) action = expired ? label('exchangeRequote') : label('exchangeSubmit');

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
              {label('exchangeTitle')}
            </h2>
            <p id={`${id}-description`} className={widget.note}>
              {label('exchangeDescription')}
            </p>
            {body}
            <div className={styles.footer}>
              <button
                type="button"
                className={widget.button}
                data-variant="secondary"
                onClick={() => setOpen(false)}
              >
                {label('exchangeCancel')}
              </button>
              {ready ? (
                <button
                  type="submit"
                  form={formId}
                  className={widget.button}
                  aria-busy={busy || undefined}
                >
                  {action}
                </button>
              ) : null}
            </div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
