import {
  COIN_DISPLAY,
  type CoinId,
  DEFAULT_TIMEZONE,
  formatCoinMoney,
  formatDecimal,
  isCoinId,
  STATUS_LABELS,
  type TransactionType,
  type WalletTransaction,
} from '@poolkit/core';
import type { MouseEvent, ReactNode } from 'react';
import {
  DataCard,
  type ListWidgetProps,
  scrollArea,
  stateTexts,
} from '../../components/DataState/DataState';
import { cx } from '../../internal/cx';
import { StatusBadge } from '../../lib/parts';
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import { formatZoned } from '../../lib/zonedTime';
import * as styles from './TransactionTable.css';

/**
 * A transaction line, as `GET /wallets/transactions` lists it. `fee` is the part of `amount`
 * charged as a fee (the contract's meaning: already included, never added again).
 */
export type TransactionTableRow = Pick<
  WalletTransaction,
  'id' | 'time' | 'account' | 'coin' | 'type' | 'amount' | 'counterparty' | 'status'
> &
  Partial<Pick<WalletTransaction, 'fee' | 'confirmations'>>;

const TYPE_KEYS = {
  mining: 'txTypeMining',
  deposit: 'txTypeDeposit',
  withdraw: 'txTypeWithdraw',
  withdraw_refund: 'txTypeWithdrawRefund',
  auto_withdraw: 'txTypeAutoWithdraw',
  transfer_in: 'txTypeTransferIn',
  transfer_out: 'txTypeTransferOut',
  exchange_in: 'txTypeExchangeIn',
  exchange_out: 'txTypeExchangeOut',
  contract: 'txTypeContract',
  red_packet: 'txTypeRedPacket',
  invite_reward: 'txTypeInviteReward',
} as const satisfies Record<TransactionType, string>;

/** Keys of the texts of {@link TransactionTable}; each defaults to `t('mining.<key>')`. */
export type TransactionTableLabelKey =
  | 'transactions'
  | 'txColumnTime'
  | 'txColumnType'
  | 'txColumnCoin'
  | 'txColumnAmount'
  | 'txFeeIncluded'
  | 'depositStatusPending'
  | 'txColumnAccount'
  | 'txColumnCounterparty'
  | 'txColumnStatus'
  | 'txDetails'
  | 'txDetailsOf'
  | 'txEmpty'
  | 'txLoading'
  | 'txError'
  | 'walletHidden'
  | 'retry'
  | (typeof TYPE_KEYS)[TransactionType];

/** Props of {@link TransactionTable}. */
export interface TransactionTableProps extends ListWidgetProps {
  /** One page of lines, newest first. */
  transactions: readonly TransactionTableRow[];
  /** The user's zone, `UTC±hh:mm`, for times. Default `'UTC+00:00'`. */
  timezone?: string;
  /** Hides the amounts ("****"), e.g. the session's hide-amount flag. Default `false`. */
  hidden?: boolean;
  /** Shows the account column (the user has several accounts). Default `true`. */
  showAccount?: boolean;
  /**
   * The page of one record (`/fund/:id`): adds a details link to every line it answers a page
   * for (`undefined`: no link, e.g. a deposit still waiting for confirmations has no record).
   */
  hrefOf?: (row: TransactionTableRow) => string | undefined;
  /** Called when a details link is clicked (a router can `preventDefault` and navigate). */
  onOpen?: (row: TransactionTableRow, event: MouseEvent<HTMLAnchorElement>) => void;
  /** What the empty state says, e.g. that filters match nothing. Default `t('mining.txEmpty')`. */
  emptyMessage?: ReactNode;
  /** The card's title (and the table's caption). Default `t('mining.transactions')`. */
  title?: string;
  /** Hides the visible title (the page's heading already says it); the caption stays. */
  hideTitle?: boolean;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<TransactionTableLabelKey, string>>;
}

/**
 * `+1.234567` for a credit, `−0.05247299` (a true minus sign) for a debit, at the coin's
 * precision (core's `formatCoinMoney`: the display decimals, more up to the chain's smallest
 * unit when the amount has them, so no satoshi is cut off).
 */
function signedAmount(amount: string, coin: string): string {
  const negative = amount.startsWith('-');
  const magnitude = negative ? amount.slice(1) : amount;
  const digits = isCoinId(coin)
    ? formatCoinMoney(magnitude, coin, { withSymbol: false })
    : formatDecimal(magnitude, 8, { grouping: true, rounding: 'down' });
  return `${negative ? '\u2212' : '+'}${digits}`;
}

/** The fee in the coin's display decimals, unsigned; `undefined` when there is none. */
function feeOf(row: TransactionTableRow): string | undefined {
  if (row.fee === undefined || /^0(\.0*)?$/.test(row.fee)) return undefined;
  const decimals = COIN_DISPLAY[row.coin as CoinId]?.displayDecimals ?? 6;
  return formatDecimal(row.fee, decimals, { grouping: true, rounding: 'half-up' });
}

/**
 * Wallet transaction lines (spec: wallet transaction outcomes successful, failed, pending):
 * time in the user's zone, kind, coin, signed amount in the coin's display decimals (cut
 * toward zero; what moved on the balance, a withdrawal's fee included, the fee named under it
 * as "incl. fee" rather than in a column of its own that would read as a second charge), the user's account, the other side of a transfer, the state as a tag with the
 * word, and a link to the record's page. One page at a time: pagination is the host's
 * (`footer`). On phones (under 768 px) each line is a block of labelled lines headed by its
 * time, instead of a table that scrolls sideways.
 */
export function TransactionTable({
  transactions,
  timezone = DEFAULT_TIMEZONE,
  hidden = false,
  showAccount = true,
  hrefOf,
  onOpen,
  emptyMessage,
  title,
  labels,
  ...card
}: TransactionTableProps) {
  const { label, t } = useLabels(labels);
  const caption = title ?? label('transactions');

  return (
    <DataCard
      {...card}
      title={caption}
      aria-label={caption}
      empty={transactions.length === 0}
      texts={stateTexts(label, 'txLoading', 'txError', 'txEmpty', 'retry', emptyMessage)}
    >
      {() => (
        <div className={styles.scroller} {...scrollArea(caption)}>
          <table className={styles.table}>
            <caption className={widget.srOnly}>{caption}</caption>
            <thead>
              <tr>
                <th scope="col" className={cx(styles.head, styles.pinned)}>
                  {label('txColumnTime')}
                </th>
                <th scope="col" className={styles.head}>
                  {label('txColumnType')}
                </th>
                <th scope="col" className={styles.head}>
                  {label('txColumnCoin')}
                </th>
                <th scope="col" className={cx(styles.head, styles.end)}>
                  {label('txColumnAmount')}
                </th>
                {showAccount ? (
                  <th scope="col" className={styles.head}>
                    {label('txColumnAccount')}
                  </th>
                ) : null}
                <th scope="col" className={styles.head}>
                  {label('txColumnCounterparty')}
                </th>
                <th scope="col" className={styles.head}>
                  {label('txColumnStatus')}
                </th>
                {hrefOf ? (
                  <th scope="col" className={styles.head}>
                    <span className={widget.srOnly}>{label('txDetails')}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {transactions.map((row) => {
                const status = STATUS_LABELS.wallet[row.status];
                // A deposit still confirming has no record yet, hence no page to link to.
                const href = row.confirmations === undefined ? hrefOf?.(row) : undefined;
                return (
                  <tr key={`${row.id}-${row.account}-${row.coin}`} data-type={row.type}>
                    <th scope="row" className={cx(styles.cell, styles.pinned)}>
                      {formatZoned(row.time, timezone)}
                    </th>
                    <td className={styles.cell} data-label={label('txColumnType')}>
                      {label(TYPE_KEYS[row.type])}
                    </td>
                    <td className={styles.cell} data-label={label('txColumnCoin')}>
                      {COIN_DISPLAY[row.coin as CoinId]?.symbol ?? row.coin.toUpperCase()}
                    </td>
                    <td
                      className={cx(styles.cell, styles.end, styles.amount)}
                      data-label={label('txColumnAmount')}
                    >
                      {hidden ? (
                        <>
                          <span aria-hidden="true">****</span>
                          <span className={widget.srOnly}>{label('walletHidden')}</span>
                        </>
                      ) : (
                        <>
                          {signedAmount(row.amount, row.coin)}
                          {feeOf(row) === undefined ? null : (
                            <span className={styles.fee}>
                              {label('txFeeIncluded', { fee: feeOf(row) ?? '' })}
                            </span>
                          )}
                        </>
                      )}
                    </td>
                    {showAccount ? (
                      <td className={styles.cell} data-label={label('txColumnAccount')}>
                        {row.account}
                      </td>
                    ) : null}
                    <td
                      className={cx(styles.cell, styles.counterparty)}
                      data-label={label('txColumnCounterparty')}
                      title={row.counterparty ?? undefined}
                    >
                      {row.counterparty ?? '--'}
                    </td>
                    <td className={styles.cell} data-label={label('txColumnStatus')}>
                      {row.confirmations === undefined ? (
                        <StatusBadge tone={status.tone}>{t(status.i18nKey)}</StatusBadge>
                      ) : (
                        // A deposit seen on the chain, not yet credited: the deposit dialog's words.
                        <StatusBadge tone="info">
                          {label('depositStatusPending', {
                            seen: row.confirmations.count,
                            needed: row.confirmations.needed,
                          })}
                        </StatusBadge>
                      )}
                    </td>
                    {hrefOf && href === undefined ? (
                      <td className={styles.cell} data-label="" />
                    ) : null}
                    {hrefOf && href !== undefined ? (
                      <td className={styles.cell} data-label="">
                        <a
                          className={styles.link}
                          href={href}
                          aria-label={label('txDetailsOf', { id: row.id })}
                          onClick={onOpen ? (event) => onOpen(row, event) : undefined}
                        >
                          {label('txDetails')}
                        </a>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </DataCard>
  );
}
