import { type CatalogueMiner, formatCurrency, formatDecimal, formatNumber } from '@poolkit/core';
import type { ReactNode } from 'react';
import { cx } from '../../internal/cx';
import { currencySymbol, HashrateValue, Stat, StatusBadge } from '../../lib/parts';
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import * as styles from './MinerCard.css';

/** Keys of the texts of {@link MinerCard}; each defaults to `t('mining.<key>')`. */
export type MinerCardLabelKey =
  | 'released'
  | 'minerHashrate'
  | 'power'
  | 'unitPower'
  | 'dailyCost'
  | 'costRate'
  | 'coinPrice'
  | 'breakEven'
  | 'dailyProfit'
  | 'profitable'
  | 'unprofitable'
  | 'size'
  | 'weight'
  | 'noise'
  | 'fans'
  | 'voltage'
  | 'temperature'
  | 'humidity'
  | 'sellers'
  | 'store'
  | 'region'
  | 'sellerPrice'
  | 'stock'
  | 'onRequest'
  | 'unverifiedSpecs';

/** Props of {@link MinerCard}. */
export interface MinerCardProps {
  /** The machine, as the catalogue lists it (money in `miner.currency`). */
  miner: CatalogueMiner;
  /** Shows every specification and the sellers, for the detail page. Default `false`. */
  detailed?: boolean;
  /** Something to do with the machine, e.g. a link to its page or "Calculate". */
  action?: ReactNode;
  /** Heading level of the model's name. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<MinerCardLabelKey, string>>;
  /** Extra class on the card. */
  className?: string;
}

/**
 * A mining machine of the catalogue (spec section 3): vendor and model, release date,
 * algorithms, hashrate, power and power per unit of hashrate, the day's cost, cost rate, coin
 * price, break-even electricity price and profit (with the word: profitable or not). In detail
 * it adds size, weight, noise, fans, voltage, temperature and humidity ranges and the sellers.
 * Figures not checked against a vendor source say so.
 */
export function MinerCard({
  miner,
  detailed = false,
  action,
  headingLevel = 3,
  labels,
  className,
}: MinerCardProps) {
  const { label, language } = useLabels(labels);
  const Heading = `h${headingLevel}` as const;
  const symbol = currencySymbol(miner.currency);
  const money = (amount: string) => formatCurrency(amount, { symbol });
  const losing = miner.profit.trim().startsWith('-');
  const optional = (value: string | number | null, suffix = '') =>
    value === null
      ? '--'
      : `${typeof value === 'number' ? formatNumber(value, language) : value}${suffix}`;
  const specs: [MinerCardLabelKey, string][] = [
    ['size', optional(miner.size, ' mm')],
    ['weight', optional(miner.weight, ' kg')],
    ['noise', optional(miner.noise_level, ' dB')],
    ['fans', optional(miner.fans)],
    ['voltage', optional(miner.voltage)],
    ['temperature', optional(miner.temperature, ' °C')],
    ['humidity', optional(miner.humidity, ' %')],
  ];

  return (
    <article className={cx(widget.card, className)}>
      <div className={widget.header}>
        <div>
          <Heading className={widget.title}>
            {miner.vendor} {miner.model}
          </Heading>
          <p className={styles.subtitle}>
            {miner.algorithms.join(' / ')}
            {miner.release_date ? ` · ${label('released')} ${miner.release_date}` : ''}
          </p>
        </div>
        <StatusBadge tone={losing ? 'danger' : 'success'}>
          {label(losing ? 'unprofitable' : 'profitable')}
        </StatusBadge>
      </div>
      <dl className={widget.statGrid}>
        <Stat label={label('minerHashrate')}>
          <HashrateValue value={miner.hashrate} />
        </Stat>
        <Stat label={label('power')}>
          {formatNumber(miner.power, language)}
          <span className={widget.unit}>W</span>
        </Stat>
        <Stat label={label('unitPower')}>
          {miner.unit_power}
          <span className={widget.unit}>{miner.unit_power_unit}</span>
        </Stat>
        <Stat label={label('dailyProfit')}>
          <span className={cx(losing && styles.profitLoss)}>{money(miner.profit)}</span>
        </Stat>
        <Stat label={label('dailyCost')}>{money(miner.daily_cost)}</Stat>
        <Stat label={label('costRate')}>
          {miner.cost_rate === null ? '--' : `${miner.cost_rate}%`}
        </Stat>
        <Stat label={label('coinPrice')}>
          {miner.coin_price === null ? '--' : money(miner.coin_price)}
        </Stat>
        <Stat label={label('breakEven')}>
          {symbol}
          {formatDecimal(miner.break_even, 3, { rounding: 'half-up' })}
          <span className={widget.unit}>/kWh</span>
        </Stat>
      </dl>
      {detailed ? (
        <>
          <dl className={styles.specs}>
            {specs.map(([key, value]) => (
              <div key={key} className={styles.spec}>
                <dt className={styles.specLabel}>{label(key)}</dt>
                <dd className={styles.specValue}>{value}</dd>
              </div>
            ))}
          </dl>
          {miner.sellers.length > 0 ? (
            <table className={styles.sellers}>
              <caption className={widget.srOnly}>{label('sellers')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={styles.sellerHead}>
                    {label('store')}
                  </th>
                  <th scope="col" className={styles.sellerHead}>
                    {label('region')}
                  </th>
                  <th scope="col" className={styles.sellerHead}>
                    {label('sellerPrice')}
                  </th>
                  <th scope="col" className={styles.sellerHead}>
                    {label('stock')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {miner.sellers.map((seller) => (
                  <tr key={seller.store}>
                    <th scope="row" className={styles.sellerCell}>
                      {seller.url ? (
                        <a href={seller.url} target="_blank" rel="noreferrer">
                          {seller.store}
                        </a>
                      ) : (
                        seller.store
                      )}
                    </th>
                    <td className={styles.sellerCell}>{seller.country_region}</td>
                    <td className={styles.sellerCell}>
                      {seller.price === null ? label('onRequest') : money(seller.price)}
                    </td>
                    <td className={styles.sellerCell}>{optional(seller.stock)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      ) : null}
      {miner.specs_verified ? null : <p className={widget.note}>{label('unverifiedSpecs')}</p>}
      {action}
    </article>
  );
}
