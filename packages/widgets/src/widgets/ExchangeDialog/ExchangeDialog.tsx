import {
  type AccountBalance,
  COIN_DISPLAY,
  type CoinId,
  type ExchangeQuote,
  formatCoinMoney,
  formatDecimal,
} from '@poolkit/core';
import { useEffect, useId, useReducer, useState } from 'react';
import { FormField } from '../../components/FormField/FormField';
import { amountMessage, checkInPoolAmount } from '../../lib/moneyDialog/amount';
import { whileBusy } from '../../lib/moneyDialog/formReducer';
import {
  AmountInput,
  blockedBody,
  ErrorLine,
  FieldSelect,
  fundedRows,
  MoneyDialog,
  type MoneyDialogBaseProps,
  MoneyForm,
  PayPasswordField,
  useDialogOpen,
} from '../../lib/moneyDialog/MoneyDialog';
import * as money from '../../lib/moneyDialog/moneyDialog.css';
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import * as styles from './ExchangeDialog.css';
import {
  type ExchangeDialogField,
  type ExchangeErrors,
  exchangeReducer,
  initialExchangeForm,
} from './exchangeReducer';

export type { ExchangeDialogField } from './exchangeReducer';

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
export interface ExchangeDialogProps extends MoneyDialogBaseProps {
  /** The user's accounts and their balances (`accounts` of `GET /wallets/balances`). */
  balances: readonly AccountBalance[];
  /** The coins that may be bought. Default: every coin PoolKit knows. */
  coins?: readonly CoinId[];
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
 * In the money dialogs' shell (`MoneyDialog`): focus stays inside and returns on close, Escape
 * and a press on the backdrop close it; it carries `data-state="open"`.
 */
export function ExchangeDialog({
  trigger,
  balances,
  coins,
  hasPayPassword,
  onSetPayPassword,
  onQuote,
  onSubmit,
  now = Date.now,
  labels,
  ...props
}: ExchangeDialogProps) {
  const { label, t } = useLabels(labels);
  const id = useId();
  const [isOpen, setOpen] = useDialogOpen(props);
  const funded = fundedRows(balances);
  const first = funded[0] ?? { account: '', coin: '' };
  const buyable = coins ?? (Object.keys(COIN_DISPLAY) as CoinId[]);
  const firstTarget = (sold: string) => buyable.find((coin) => coin !== sold) ?? '';
  const [form, dispatch] = useReducer(exchangeReducer, undefined, () =>
    initialExchangeForm(first.account, first.coin, firstTarget(first.coin)),
  );
  const { account, from, to, quote, errors, busy } = form;
  const [clock, setClock] = useState(now);

  // A fresh form each time the dialog opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (!isOpen) return;
    dispatch({
      type: 'open',
      account: first.account,
      from: first.coin,
      to: firstTarget(first.coin),
    });
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

  function checkRequest(): ExchangeErrors {
    const found: ExchangeErrors = {};
    if (to === from) found.to = label('exchangeSameCoin');
    const amount = amountMessage(
      checkInPoolAmount(form.amount.trim(), from, available),
      t,
      t('validation.amountAboveMaximum', { maximum: available }),
    );
    if (amount) found.amount = amount;
    return found;
  }

  async function askQuote() {
    const found = checkRequest();
    dispatch({ type: 'errors', errors: found });
    if (Object.keys(found).length > 0) return;
    await whileBusy(dispatch, async () => {
      const answer = await onQuote({ account, from, to, amount: form.amount.trim() });
      if (isQuote(answer)) {
        setClock(now());
        dispatch({ type: 'quote', quote: answer });
      } else {
        dispatch({ type: 'quote', quote: null });
        dispatch({ type: 'errors', errors: { [answer.field ?? 'form']: answer.message } });
      }
    });
  }

  async function accept(accepted: ExchangeQuote) {
    if (form.payPassword === '') {
      dispatch({ type: 'errors', errors: { payPassword: t('validation.payPasswordRequired') } });
      return;
    }
    dispatch({ type: 'errors', errors: {} });
    await whileBusy(dispatch, async () => {
      const refusal = await onSubmit({ quote: accepted, payPassword: form.payPassword });
      if (refusal === undefined) setOpen(false);
      else {
        if (refusal.field === 'quote') dispatch({ type: 'quote', quote: null });
        dispatch({ type: 'errors', errors: { [refusal.field ?? 'form']: refusal.message } });
      }
    });
  }

  async function submit() {
    if (busy) return;
    if (quote !== null && !expired) await accept(quote);
    else await askQuote();
  }

  const blocked = blockedBody({ hasPayPassword, onSetPayPassword }, funded.length > 0, {
    noPayPassword: label('exchangeNoPayPassword'),
    setPayPassword: label('exchangeSetPayPassword'),
    noFunds: label('exchangeNoFunds'),
  });
  const body = blocked ?? (
    <MoneyForm id={id} error={errors.form} onSubmit={submit}>
      {accounts.length > 1 ? (
        <FormField id={`${id}-account`} label={label('exchangeAccount')} error={errors.account}>
          <FieldSelect
            value={account}
            onChange={(event) => {
              const next = event.target.value;
              const nextCoins = funded.filter((row) => row.account === next);
              dispatch({
                type: 'request',
                changes: nextCoins.some((row) => row.coin === from)
                  ? { account: next }
                  : { account: next, from: nextCoins[0]?.coin ?? '' },
              });
            }}
          >
            {accounts.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </FieldSelect>
        </FormField>
      ) : null}
      <div className={money.pair}>
        <FormField id={`${id}-from`} label={label('exchangeFrom')} error={errors.from}>
          <FieldSelect
            value={from}
            onChange={(event) => {
              const next = event.target.value;
              dispatch({
                type: 'request',
                changes: next === to ? { from: next, to: firstTarget(next) } : { from: next },
              });
            }}
          >
            {sellable.map((row) => (
              <option key={row.coin} value={row.coin}>
                {symbolOf(row.coin)}
              </option>
            ))}
          </FieldSelect>
        </FormField>
        <FormField id={`${id}-to`} label={label('exchangeTo')} error={errors.to}>
          <FieldSelect
            value={to}
            onChange={(event) => dispatch({ type: 'request', changes: { to: event.target.value } })}
          >
            {buyable
              .filter((coin) => coin !== from)
              .map((coin) => (
                <option key={coin} value={coin}>
                  {symbolOf(coin)}
                </option>
              ))}
          </FieldSelect>
        </FormField>
      </div>
      <FormField id={`${id}-amount`} label={label('exchangeAmount')} error={errors.amount}>
        <AmountInput
          value={form.amount}
          onChange={(value) => dispatch({ type: 'request', changes: { amount: value } })}
          allLabel={label('exchangeAll')}
          onAll={() => dispatch({ type: 'request', changes: { amount: available } })}
        />
      </FormField>
      <p className={money.hint}>
        {label('exchangeAvailable', { amount: formatCoinMoney(available, from) })}
      </p>
      {quote === null ? null : (
        <section aria-labelledby={`${id}-quote-title`}>
          <h3 id={`${id}-quote-title`} className={widget.srOnly}>
            {label('exchangeQuoteTitle')}
          </h3>
          <dl
            className={`${money.figures} ${styles.quote}`}
            data-state={expired ? 'expired' : 'live'}
          >
            <dt>{label('exchangeRate')}</dt>
            <dd>
              {label('exchangeRateValue', {
                from: symbolOf(quote.from),
                rate: rateText(quote.rate),
                to: symbolOf(quote.to),
              })}
            </dd>
            <dt>{label('exchangeFee', { percent: quote.fee_percent })}</dt>
            <dd>{formatCoinMoney(quote.fee, quote.to)}</dd>
            <dt className={money.strong}>{label('exchangeReceive')}</dt>
            <dd className={money.strong} data-testid="exchange-receive">
              {formatCoinMoney(quote.amount_out, quote.to)}
            </dd>
          </dl>
        </section>
      )}
      {quote !== null && !expired ? (
        <p className={money.hint} role="timer" aria-live="off">
          {label('exchangeExpiresIn', { seconds: secondsLeft })}
        </p>
      ) : null}
      {expired ? (
        <p className={money.error} role="status">
          {label('exchangeExpired')}
        </p>
      ) : null}
      <ErrorLine message={errors.quote} />
      {quote === null ? null : (
        <PayPasswordField
          id={`${id}-payPassword`}
          label={label('exchangePayPassword')}
          value={form.payPassword}
          error={errors.payPassword}
          onChange={(value) => dispatch({ type: 'edit', field: 'payPassword', value })}
        />
      )}
    </MoneyForm>
  );

  let action = label('exchangeGetQuote');
  if (quote !== null) action = expired ? label('exchangeRequote') : label('exchangeSubmit');

  return (
    <MoneyDialog
      id={id}
      open={isOpen}
      onOpenChange={setOpen}
      trigger={trigger}
      title={label('exchangeTitle')}
      description={label('exchangeDescription')}
      cancel={{ label: label('exchangeCancel') }}
      submit={blocked === null ? { label: action, busy } : undefined}
    >
      {body}
    </MoneyDialog>
  );
}
