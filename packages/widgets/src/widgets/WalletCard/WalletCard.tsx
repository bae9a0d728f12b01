import {
  COIN_DISPLAY,
  type CoinId,
  convertCurrency,
  formatCoinMoney,
  formatCurrency,
  formatDecimal,
  isCoinId,
  type RateEntry,
  type WalletBalance,
} from '@poolkit/core';
import type { ReactNode } from 'react';
import {
  DataCard,
  type ListWidgetProps,
  scrollArea,
  stateTexts,
} from '../../components/DataState/DataState';
import { Icon } from '../../components/Icon/Icon';
import { cx } from '../../internal/cx';
import { useControllableState } from '../../internal/useControllableState';
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import * as styles from './WalletCard.css';

/** One coin's balance, as `GET /wallets/balances` lists it. */
export type WalletCardBalance = Pick<
  WalletBalance,
  'coin' | 'available' | 'frozen' | 'total' | 'value_cny'
>;

/** Keys of the texts of {@link WalletCard}; each defaults to `t('mining.<key>')`. */
export type WalletCardLabelKey =
  | 'walletTitle'
  | 'walletTotalValue'
  | 'walletHideAmounts'
  | 'walletHidden'
  | 'walletCoin'
  | 'walletAvailable'
  | 'walletFrozen'
  | 'walletTotal'
  | 'walletValue'
  | 'walletEmpty'
  | 'walletLoading'
  | 'walletError'
  | 'walletTransfer'
  | 'walletDeposit'
  | 'walletWithdraw'
  | 'walletActions'
  | 'walletDepositCoin'
  | 'walletWithdrawCoin'
  | 'walletExchange'
  | 'retry';

/** Props of {@link WalletCard}. */
export interface WalletCardProps extends ListWidgetProps {
  /** Balances per coin (summed over the user's accounts). */
  balances: readonly WalletCardBalance[];
  /** Their value in CNY (`total_value_cny`), a decimal string. */
  totalValueCny: string;
  /**
   * The currency values are shown in and its rate from CNY (an entry of the rate list).
   * Default CNY (`{ currency: 'CNY', rate: '1', symbol: '￥' }`).
   */
  currency?: RateEntry;
  /** Whether amounts are hidden (controlled), e.g. the session's hide-amount flag. */
  hidden?: boolean;
  /** Whether amounts start hidden (uncontrolled). Default `false`. */
  defaultHidden?: boolean;
  /** Called when the eye toggle is used. */
  onHiddenChange?: (hidden: boolean) => void;
  /** Shows the transfer button; called with no coin (the dialog picks one). */
  onTransfer?: () => void;
  /**
   * Shows a deposit button in the header (called with no coin: the host offers a choice) and
   * one on each coin's line (called with its coin).
   */
  onDeposit?: (coin?: CoinId) => void;
  /** Shows a withdraw button on each coin's line, called with its coin. */
  onWithdraw?: (coin: CoinId) => void;
  /** Shows the exchange button (between coins); called with no coin (the dialog picks one). */
  onExchange?: () => void;
  /** Under the table (a note, a link). */
  footer?: ReactNode;
  /** The card's title. Default `t('mining.walletTitle')`. */
  title?: string;
  /** Heading level of the title. Default `2`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<WalletCardLabelKey, string>>;
}

const CNY: RateEntry = { currency: 'CNY', rate: '1', symbol: '￥' };
const MASK = '****';

function coinFacts(coin: string) {
  return COIN_DISPLAY[coin as CoinId] ?? { symbol: coin.toUpperCase(), displayDecimals: 6 };
}

/**
 * The wallet (spec: wallet amount, hide-amount flag): the total value in the user's currency
 * and each coin's available, frozen and total balance with its value. The eye toggle
 * (`aria-pressed`) hides every amount behind "****" (screen readers hear "Amount hidden");
 * the card carries `data-state="visible" | "hidden"`. Amounts show the coin's display decimals,
 * cut toward zero; values the currency's two. A coin without a price has no value (`--`).
 * With `onDeposit` / `onWithdraw`, each coin's line ends with its deposit and withdraw buttons.
 */
export function WalletCard({
  balances,
  totalValueCny,
  currency = CNY,
  hidden,
  defaultHidden = false,
  onHiddenChange,
  onTransfer,
  onDeposit,
  onWithdraw,
  onExchange,
  title,
  headingLevel = 2,
  labels,
  ...card
}: WalletCardProps) {
  const { label } = useLabels(labels);
  const [isHidden, setHidden] = useControllableState({
    value: hidden,
    defaultValue: defaultHidden,
    onChange: onHiddenChange,
  });
  const caption = title ?? label('walletTitle');
  const money = (cny: string) => formatCurrency(convertCurrency(cny, currency), currency);
  const masked = (text: string): ReactNode =>
    isHidden ? (
      <>
        <span aria-hidden="true">{MASK}</span>
        <span className={widget.srOnly}>{label('walletHidden')}</span>
      </>
    ) : (
      text
    );
  const actions = onDeposit !== undefined || onWithdraw !== undefined;
  // Each row is named by its coin, so its figures carry no unit; they show the coin's precision
  // (core's formatCoinMoney: every satoshi of 0.05247299 BTC, not a cut 0.052472).
  const amount = (value: string, coin: string) =>
    masked(
      isCoinId(coin)
        ? formatCoinMoney(value, coin, { withSymbol: false })
        : formatDecimal(value, 8, { grouping: true, rounding: 'down' }),
    );

  return (
    <DataCard
      {...card}
      title={caption}
      headingLevel={headingLevel}
      actions={
        <div className={styles.actions}>
          <button
            type="button"
            className={cx(widget.button, styles.eye)}
            data-variant="ghost"
            aria-pressed={isHidden}
            aria-label={label('walletHideAmounts')}
            title={label('walletHideAmounts')}
            onClick={() => setHidden(!isHidden)}
          >
            <Icon name={isHidden ? 'eyeOff' : 'eye'} />
          </button>
          {onDeposit ? (
            <button
              type="button"
              className={widget.button}
              data-variant="secondary"
              onClick={() => onDeposit()}
            >
              {label('walletDeposit')}
            </button>
          ) : null}
          {onTransfer ? (
            <button type="button" className={widget.button} onClick={onTransfer}>
              {label('walletTransfer')}
            </button>
          ) : null}
          {onExchange ? (
            <button type="button" className={widget.button} onClick={onExchange}>
              {label('walletExchange')}
            </button>
          ) : null}
        </div>
      }
      aria-label={caption}
      data-state={isHidden ? 'hidden' : 'visible'}
      lead={
        <div className={styles.total}>
          <span className={widget.statLabel}>{label('walletTotalValue')}</span>
          <p className={styles.totalValue} data-testid="wallet-total">
            {card.loading ? '--' : masked(money(totalValueCny))}
          </p>
        </div>
      }
      empty={balances.length === 0}
      texts={stateTexts(label, 'walletLoading', 'walletError', 'walletEmpty', 'retry')}
      skeletonHeight={160}
    >
      {() => (
        <div className={styles.scroller} {...scrollArea(caption)}>
          <table className={cx(styles.table, actions && styles.withActions)}>
            <caption className={widget.srOnly}>{caption}</caption>
            <thead>
              <tr>
                <th scope="col" className={cx(styles.head, styles.pinned)}>
                  {label('walletCoin')}
                </th>
                <th scope="col" className={cx(styles.head, styles.end)}>
                  {label('walletAvailable')}
                </th>
                <th scope="col" className={cx(styles.head, styles.end)}>
                  {label('walletFrozen')}
                </th>
                <th scope="col" className={cx(styles.head, styles.end)}>
                  {label('walletTotal')}
                </th>
                <th scope="col" className={cx(styles.head, styles.end)}>
                  {label('walletValue')}
                </th>
                {actions ? (
                  <th scope="col" className={cx(styles.head, styles.end)}>
                    <span className={widget.srOnly}>{label('walletActions')}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {balances.map((balance) => (
                <tr key={balance.coin}>
                  <th scope="row" className={cx(styles.cell, styles.pinned)}>
                    {coinFacts(balance.coin).symbol}
                  </th>
                  <td className={cx(styles.cell, styles.end)} data-label={label('walletAvailable')}>
                    {amount(balance.available, balance.coin)}
                  </td>
                  <td className={cx(styles.cell, styles.end)} data-label={label('walletFrozen')}>
                    {amount(balance.frozen, balance.coin)}
                  </td>
                  <td className={cx(styles.cell, styles.end)} data-label={label('walletTotal')}>
                    {amount(balance.total, balance.coin)}
                  </td>
                  <td className={cx(styles.cell, styles.end)} data-label={label('walletValue')}>
                    {balance.value_cny === null ? '--' : masked(money(balance.value_cny))}
                  </td>
                  {actions ? (
                    <td className={cx(styles.cell, styles.end)} data-label="">
                      <span className={styles.rowActions}>
                        {onDeposit ? (
                          <button
                            type="button"
                            className={widget.button}
                            data-variant="secondary"
                            data-size="sm"
                            aria-label={label('walletDepositCoin', {
                              coin: coinFacts(balance.coin).symbol,
                            })}
                            onClick={() => onDeposit(balance.coin)}
                          >
                            {label('walletDeposit')}
                          </button>
                        ) : null}
                        {onWithdraw ? (
                          <button
                            type="button"
                            className={widget.button}
                            data-variant="secondary"
                            data-size="sm"
                            aria-label={label('walletWithdrawCoin', {
                              coin: coinFacts(balance.coin).symbol,
                            })}
                            onClick={() => onWithdraw(balance.coin)}
                          >
                            {label('walletWithdraw')}
                          </button>
                        ) : null}
                      </span>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DataCard>
  );
}
