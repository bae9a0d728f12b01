import {
  COIN_DISPLAY,
  type CoinId,
  DEFAULT_TIMEZONE,
  type Deposit,
  type DepositAddress,
  formatDecimal,
} from '@poolkit/core';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import {
  type DataWidgetProps,
  ErrorBlock,
  LoadingBlock,
  MessageBlock,
} from '../../components/DataState/DataState';
import { encodeQr } from '../../components/QRCode/encodeQr';
import { cx } from '../../internal/cx';
import { Stat, StatusBadge } from '../../lib/parts';
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import { formatZoned } from '../../lib/zonedTime';
import * as styles from './DepositCard.css';

/** Keys of the texts of {@link DepositCard}; each defaults to `t('mining.<key>')`. */
export type DepositCardLabelKey =
  | 'depositTitle'
  | 'depositAddress'
  | 'depositQr'
  | 'depositCopy'
  | 'depositCopied'
  | 'copyFailed'
  | 'depositChain'
  | 'depositChainValue'
  | 'depositConfirmations'
  | 'depositMinimum'
  | 'depositAccount'
  | 'depositNote'
  | 'depositChainNote'
  | 'depositLoading'
  | 'depositError'
  | 'depositEmpty'
  | 'depositRecent'
  | 'depositStatusPending'
  | 'depositStatusCredited'
  | 'depositStatusBelowMinimum'
  | 'transferCoin'
  | 'retry';

/** Props of {@link DepositCard}. */
export interface DepositCardProps extends DataWidgetProps {
  /** The coin's deposit address (`GET /wallets/deposit-address`); `null` before a coin is chosen. */
  deposit: DepositAddress | null;
  /**
   * Coins to choose from: with more than one, a coin picker heads the card. The chosen one is
   * `coin` (controlled by the host, which loads its address).
   */
  coins?: readonly CoinId[];
  /** The chosen coin, for the picker. Default `deposit.coin`. */
  coin?: CoinId;
  /** Called when another coin is picked. */
  onCoinChange?: (coin: CoinId) => void;
  /**
   * The newest deposits of the coin (`GET /wallets/deposits`), listed under the address with
   * their state: confirming (seen / needed), credited, or below the minimum. None: no list.
   */
  deposits?: readonly Deposit[];
  /** The user's zone, `UTC±hh:mm`, for the deposits' times. Default `'UTC+00:00'`. */
  timezone?: string;
  /** Edge length of the QR code in pixels. Default `144`. */
  qrSize?: number;
  /** The card's title. Default `t('mining.depositTitle', { coin })`. */
  title?: string;
  /** Hides the visible title (a dialog's title already says it); the card keeps its name. */
  hideTitle?: boolean;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<DepositCardLabelKey, string>>;
}

function symbolOf(coin: string): string {
  return COIN_DISPLAY[coin as CoinId]?.symbol ?? coin.toUpperCase();
}

/** One SVG path of the dark modules, a rectangle per horizontal run (as the base `QRCode`). */
function qrPath(modules: readonly (readonly boolean[])[], quiet: number): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${start + quiet} ${y + quiet}h${x - start}v1h-${x - start}z`);
    }
  });
  return parts.join('');
}

function AddressQr({ value, size, label }: { value: string; size: number; label: string }) {
  const matrix = useMemo(() => encodeQr(value), [value]);
  const extent = matrix.size + 8;
  return (
    <svg
      role="img"
      aria-label={label}
      className={styles.qr}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
    >
      <rect width={extent} height={extent} className={styles.qrLight} />
      <path d={qrPath(matrix.modules, 4)} className={styles.qrDark} />
    </svg>
  );
}

/**
 * Where to send coins to top up the wallet (spec sections 1 and 9): the coin's deposit address
 * in full with a copy button and a QR code (the base kit's encoder, dark on light in both
 * themes), the chain of a multi-chain coin (KDA: chain 0, with a warning that other chains do
 * not arrive), the confirmations a deposit needs before it is credited (1), the smallest
 * amount credited and the mining account it credits, and the newest deposits with their state
 * (confirming, credited, below the minimum). Loading, error (with retry) and empty (no coin
 * chosen) states; an optional coin picker.
 */
export function DepositCard({
  deposit,
  coins,
  coin,
  onCoinChange,
  deposits = [],
  timezone = DEFAULT_TIMEZONE,
  loading = false,
  error,
  onRetry,
  qrSize = 144,
  title,
  hideTitle = false,
  headingLevel = 2,
  labels,
  className,
}: DepositCardProps) {
  const { label } = useLabels(labels);
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const chosen = coin ?? deposit?.coin;
  const symbol = chosen === undefined ? '' : symbolOf(chosen);
  const caption = title ?? label('depositTitle', { coin: symbol }).trim();
  const [copy, setCopy] = useState<'idle' | 'done' | 'failed'>('idle');
  const picker = coins !== undefined && coins.length > 1;

  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyAddress = async (address: string) => {
    try {
      await navigator.clipboard.writeText(address);
      setCopy('done');
    } catch {
      setCopy('failed');
    }
  };

  let body: ReactNode;
  if (loading) {
    body = <LoadingBlock label={label('depositLoading')} height={qrSize} />;
  } else if (error) {
    body = (
      <ErrorBlock
        error={error}
        fallback={label('depositError')}
        retryLabel={label('retry')}
        onRetry={onRetry}
      />
    );
  } else if (deposit === null) {
    body = <MessageBlock kind="empty" message={label('depositEmpty')} />;
  } else {
    const depositSymbol = symbolOf(deposit.coin);
    body = (
      <div className={styles.layout}>
        <div className={styles.details}>
          <p className={styles.label}>{label('depositAddress')}</p>
          <div className={styles.addressRow}>
            <p className={styles.address} data-testid="deposit-address">
              {deposit.address}
            </p>
            <button
              type="button"
              className={widget.button}
              data-variant="secondary"
              data-size="sm"
              onClick={() => void copyAddress(deposit.address)}
            >
              {label('depositCopy')}
            </button>
          </div>
          <p className={widget.srOnly} aria-live="polite">
            {copy === 'done'
              ? label('depositCopied')
              : copy === 'failed'
                ? label('copyFailed')
                : ''}
          </p>
          {deposit.chain === null ? null : (
            <p className={styles.warning}>{label('depositChainNote', { chain: deposit.chain })}</p>
          )}
          <dl className={widget.statGrid}>
            {deposit.chain === null ? null : (
              <Stat label={label('depositChain')}>
                {label('depositChainValue', { chain: deposit.chain })}
              </Stat>
            )}
            <Stat label={label('depositConfirmations')}>{deposit.confirmations}</Stat>
            <Stat label={label('depositMinimum')}>
              {deposit.min_amount}
              <span className={widget.unit}>{depositSymbol}</span>
            </Stat>
            <Stat label={label('depositAccount')}>{deposit.account}</Stat>
          </dl>
          <p className={widget.note}>
            {label('depositNote', { coin: depositSymbol, count: deposit.confirmations })}
          </p>
          {deposits.length > 0 ? (
            <div className={styles.recent}>
              <p className={styles.label}>{label('depositRecent')}</p>
              <ul className={styles.recentList} aria-label={label('depositRecent')}>
                {deposits.map((line) => (
                  <li key={`${line.tx_id}-${line.address}`} className={styles.recentLine}>
                    <span className={widget.numeric}>
                      {formatDecimal(line.amount, COIN_DISPLAY[line.coin]?.displayDecimals ?? 6, {
                        grouping: true,
                      })}
                      <span className={widget.unit}>{symbolOf(line.coin)}</span>
                    </span>
                    <span className={styles.recentTime}>
                      {formatZoned(line.seen_at, timezone, 'YYYY-MM-DD HH:mm')}
                    </span>
                    <StatusBadge
                      tone={
                        line.status === 'credited'
                          ? 'success'
                          : line.status === 'pending'
                            ? 'info'
                            : 'warning'
                      }
                    >
                      {line.status === 'credited'
                        ? label('depositStatusCredited')
                        : line.status === 'pending'
                          ? label('depositStatusPending', {
                              seen: line.confirmations,
                              needed: line.confirmations_needed,
                            })
                          : label('depositStatusBelowMinimum')}
                    </StatusBadge>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <AddressQr
          value={deposit.address}
          size={qrSize}
          label={label('depositQr', { coin: depositSymbol })}
        />
      </div>
    );
  }

  return (
    <section
      className={cx(widget.card, className)}
      aria-label={caption}
      data-state={loading ? 'loading' : error ? 'error' : deposit === null ? 'empty' : 'ready'}
    >
      {hideTitle && !picker ? null : (
        <div className={widget.header}>
          {hideTitle ? <span /> : <Heading className={widget.title}>{caption}</Heading>}
          {picker ? (
            <div className={styles.coinRow}>
              <label htmlFor={`${id}-coin`} className={styles.label}>
                {label('transferCoin')}
              </label>
              <select
                id={`${id}-coin`}
                className={widget.nativeSelect}
                value={chosen ?? ''}
                onChange={(event) => onCoinChange?.(event.target.value as CoinId)}
              >
                {chosen === undefined ? <option value="" disabled /> : null}
                {coins.map((option) => (
                  <option key={option} value={option}>
                    {symbolOf(option)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
      )}
      {body}
    </section>
  );
}
