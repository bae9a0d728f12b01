import {
  type CatalogueMiner,
  type CoinInfo,
  calculateProfit,
  type DecimalInput,
  formatCurrency,
  formatDecimal,
  hashrateUnits,
  type ProfitEstimate,
  type RateEntry,
  splitHashrate,
} from '@poolkit/core';
import { useState } from 'react';
import { cx } from '../../internal/cx';
import { useControllableState } from '../../internal/useControllableState';
import { useLabels } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import * as styles from './ProfitCalculator.css';

/** What the calculator needs to know about a coin: pass `COINS.btc` (core) or your own facts. */
export type ProfitCoin = Pick<CoinInfo, 'symbol' | 'blockTimeSec' | 'blockReward' | 'hashrateUnit'>;

/** A currency the user can quote prices in (an entry of the session's exchange-rate list). */
export type ProfitCurrency = Pick<RateEntry, 'currency' | 'symbol'>;

/** The calculator's inputs as typed (strings, so a half-typed number survives). */
export interface ProfitCalculatorValues {
  /** The miner's hashrate in `unit`. */
  hashrate: string;
  /** A unit of `hashrateUnits(coin.hashrateUnit)`, e.g. `'TH/s'`. */
  unit: string;
  /** Power draw, watts. */
  powerW: string;
  /** Electricity price per kWh, in `currency`. */
  electricityPrice: string;
  /** Price of one coin, in `currency`. */
  coinPrice: string;
  /** The currency code of both prices, e.g. `'CNY'`. */
  currency: string;
}

/** Keys of the texts of {@link ProfitCalculator}; each defaults to `t('mining.<key>')`. */
export type ProfitCalculatorLabelKey =
  | 'profitCalculator'
  | 'minerPreset'
  | 'customMiner'
  | 'hashrateInput'
  | 'hashrateUnit'
  | 'power'
  | 'electricityFee'
  | 'coinPrice'
  | 'currency'
  | 'period'
  | 'daily'
  | 'monthly'
  | 'coinsMined'
  | 'revenue'
  | 'electricityCost'
  | 'profit'
  | 'breakEvenPrice'
  | 'breakEvenElectricity'
  | 'profitable'
  | 'unprofitable'
  | 'profitInvalid'
  | 'profitNote';

/** Props of {@link ProfitCalculator}. */
export interface ProfitCalculatorProps {
  /** The coin mined, e.g. `COINS.btc` from `@poolkit/core`. */
  coin: ProfitCoin;
  /** The network's hashrate in the coin's base unit per second (`PoolStats.network_hashrate`). */
  networkHashrate: number;
  /** Coins per block paid to the pool. Default `coin.blockReward`. */
  blockReward?: string;
  /** The pool fee as a fraction (`0.02` for 2 %). Default `0`. */
  poolFeeRate?: DecimalInput;
  /** Currencies to quote prices in. Default CNY (￥) and USD ($). */
  currencies?: readonly ProfitCurrency[];
  /** Machines of the catalogue to fill hashrate and power from. Default none (no picker). */
  presets?: readonly CatalogueMiner[];
  /** The inputs (controlled). */
  values?: ProfitCalculatorValues;
  /** The first inputs (uncontrolled); missing fields take the defaults: 100 TH-scale, 3000 W, 0.35/kWh. */
  defaultValues?: Partial<ProfitCalculatorValues>;
  /** Called with every change, e.g. to keep the electricity fee and currency for the session. */
  onValuesChange?: (values: ProfitCalculatorValues) => void;
  /** The card's title. Default `t('mining.profitCalculator')`. */
  title?: string;
  /** Heading level of the title. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<ProfitCalculatorLabelKey, string>>;
  /** Extra class on the card. */
  className?: string;
}

const DEFAULT_CURRENCIES: readonly ProfitCurrency[] = [
  { currency: 'CNY', symbol: '￥' },
  { currency: 'USD', symbol: '$' },
];

/** A field value that `calculateProfit` can take: a non-negative decimal. */
const isAmount = (text: string) => /^\s*\d+(\.\d*)?\s*$|^\s*\.\d+\s*$/.test(text);

function estimate(
  coin: ProfitCoin,
  values: ProfitCalculatorValues,
  networkHashrate: number,
  blockReward: string | null,
  poolFeeRate: DecimalInput,
): ProfitEstimate | null {
  const units = hashrateUnits(coin.hashrateUnit);
  const power = units.indexOf(values.unit);
  const fields = [values.hashrate, values.powerW, values.electricityPrice, values.coinPrice];
  if (power < 0 || blockReward === null || coin.blockTimeSec === null || !fields.every(isAmount)) {
    return null;
  }
  try {
    return calculateProfit({
      hashrate: Number(values.hashrate) * 1000 ** power,
      networkHashrate,
      blockReward,
      blockTimeSec: coin.blockTimeSec,
      coinPrice: values.coinPrice.trim(),
      powerW: Number(values.powerW),
      electricityPricePerKwh: values.electricityPrice.trim(),
      poolFeeRate,
    });
  } catch {
    return null;
  }
}

/** The four typed-in numbers of the calculator. */
type NumberKey = 'hashrate' | 'powerW' | 'electricityPrice' | 'coinPrice';

/**
 * Estimates what a miner earns on a coin (core's `calculateProfit`, PPS at today's network
 * size): from hashrate and unit, power draw, electricity fee, coin price and currency it shows
 * daily and monthly (30 days) coins, revenue, electricity cost and profit, and the break-even
 * coin price and electricity fee. A preset from the miner catalogue fills hashrate and power.
 * Results update as the user types; invalid fields are marked and the table waits for them.
 */
export function ProfitCalculator({
  coin,
  networkHashrate,
  blockReward = coin.blockReward ?? undefined,
  poolFeeRate = 0,
  currencies = DEFAULT_CURRENCIES,
  presets,
  values,
  defaultValues,
  onValuesChange,
  title,
  headingLevel = 3,
  labels,
  className,
}: ProfitCalculatorProps) {
  const { label } = useLabels(labels);
  const units = hashrateUnits(coin.hashrateUnit);
  const [initial] = useState<ProfitCalculatorValues>(() => ({
    hashrate: '100',
    unit: units[4] ?? units[0] ?? 'H/s',
    powerW: '3000',
    electricityPrice: '0.35',
    coinPrice: '',
    currency: currencies[0]?.currency ?? 'CNY',
    ...defaultValues,
  }));
  const [current, setValues] = useControllableState({
    value: values,
    defaultValue: initial,
    onChange: onValuesChange,
  });
  const [preset, setPreset] = useState('');
  /**
   * Fields the user has left at least once: a field is marked invalid only then, so an empty
   * "Coin price" is not red before anyone typed. The calculator has no submit (it estimates as
   * you type, and Enter does not submit a form of several text fields), so leaving a field is
   * the only "done" signal; the result area already says when an input is missing.
   */
  const [touched, setTouched] = useState<ReadonlySet<NumberKey>>(() => new Set());
  const Heading = `h${headingLevel}` as const;
  const symbol = currencies.find((entry) => entry.currency === current.currency)?.symbol ?? '';
  const result = estimate(coin, current, networkHashrate, blockReward ?? null, poolFeeRate);
  const money = (amount: string) => formatCurrency(amount, { symbol });
  // Break-even prices: cents when above one unit, six places for cheap coins and fees.
  const price = (amount: string | null) =>
    amount === null
      ? '--'
      : `${symbol}${formatDecimal(amount, Math.abs(Number(amount)) >= 1 ? 2 : 6, { grouping: true, rounding: 'half-up' })}`;

  const update = (patch: Partial<ProfitCalculatorValues>, keepPreset = false) => {
    if (!keepPreset) setPreset('');
    setValues({ ...current, ...patch });
  };
  const choosePreset = (id: string) => {
    setPreset(id);
    const machine = presets?.find((entry) => entry.id === id);
    if (!machine) return;
    const split = splitHashrate(machine.hashrate, coin.hashrateUnit);
    update({ hashrate: split.value, unit: split.unit, powerW: String(machine.power) }, true);
  };

  const numberField = (key: NumberKey, text: string, suffix?: string) => (
    <label className={widget.field}>
      {suffix ? `${text} (${suffix})` : text}
      <input
        className={widget.textInput}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={current[key]}
        aria-invalid={(touched.has(key) && !isAmount(current[key])) || undefined}
        onChange={(event) => update({ [key]: event.target.value })}
        onBlur={() => setTouched((old) => (old.has(key) ? old : new Set(old).add(key)))}
      />
    </label>
  );

  const profitable = result
    ? !result.daily.profit.startsWith('-') && Number(result.daily.profit) > 0
    : false;
  const rows = result
    ? ([
        [
          'coinsMined',
          `${result.daily.coins} ${coin.symbol}`,
          `${result.monthly.coins} ${coin.symbol}`,
        ],
        ['revenue', money(result.daily.revenue), money(result.monthly.revenue)],
        [
          'electricityCost',
          money(result.daily.electricityCost),
          money(result.monthly.electricityCost),
        ],
        ['profit', money(result.daily.profit), money(result.monthly.profit)],
      ] as const)
    : [];

  return (
    <section className={cx(widget.card, className)}>
      <div className={widget.header}>
        <Heading className={widget.title}>{title ?? label('profitCalculator')}</Heading>
      </div>
      <form className={styles.form} onSubmit={(event) => event.preventDefault()}>
        {presets && presets.length > 0 ? (
          <label className={widget.field}>
            {label('minerPreset')}
            <select
              className={widget.nativeSelect}
              value={preset}
              onChange={(event) => choosePreset(event.target.value)}
            >
              <option value="">{label('customMiner')}</option>
              {presets.map((machine) => (
                <option key={machine.id} value={machine.id}>
                  {machine.vendor} {machine.model}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <div className={styles.pair}>
          {numberField('hashrate', label('hashrateInput'))}
          <label className={cx(widget.field, styles.pairUnit)}>
            {label('hashrateUnit')}
            <select
              className={widget.nativeSelect}
              value={current.unit}
              onChange={(event) => update({ unit: event.target.value })}
            >
              {units.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </select>
          </label>
        </div>
        {numberField('powerW', label('power'), 'W')}
        {numberField('electricityPrice', label('electricityFee'), `${symbol}/kWh`)}
        <div className={styles.pair}>
          {numberField('coinPrice', label('coinPrice'), symbol)}
          <label className={cx(widget.field, styles.pairUnit)}>
            {label('currency')}
            <select
              className={widget.nativeSelect}
              value={current.currency}
              onChange={(event) => update({ currency: event.target.value }, true)}
            >
              {currencies.map((entry) => (
                <option key={entry.currency} value={entry.currency}>
                  {entry.currency}
                </option>
              ))}
            </select>
          </label>
        </div>
      </form>
      <p className={widget.srOnly} aria-live="polite">
        {result ? `${label('profit')}, ${label('daily')}: ${money(result.daily.profit)}` : ''}
      </p>
      <div className={styles.output}>
        {result ? (
          <>
            <div className={styles.summary}>
              <span className={widget.statusTag} data-tone={profitable ? 'success' : 'danger'}>
                {label(profitable ? 'profitable' : 'unprofitable')}
              </span>
              <span className={widget.muted}>
                {label('breakEvenPrice')}:{' '}
                <strong className={widget.numeric}>{price(result.breakEvenCoinPrice)}</strong>
              </span>
              <span className={widget.muted}>
                {label('breakEvenElectricity')}:{' '}
                <strong className={widget.numeric}>
                  {`${price(result.breakEvenElectricityPrice)}/kWh`}
                </strong>
              </span>
            </div>
            <table className={styles.results}>
              <thead>
                <tr>
                  <th scope="col" className={styles.resultHead}>
                    {label('period')}
                  </th>
                  <th scope="col" className={styles.resultHead}>
                    {label('daily')}
                  </th>
                  <th scope="col" className={styles.resultHead}>
                    {label('monthly')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map(([key, daily, monthly]) => (
                  <tr key={key} className={cx(key === 'profit' && styles.profitRow)} data-row={key}>
                    <th scope="row" className={styles.resultLabel}>
                      {label(key)}
                    </th>
                    <td className={styles.resultCell}>{daily}</td>
                    <td className={styles.resultCell}>{monthly}</td>
                  </tr>
                ))}
              </tbody>
            </table>

            <p className={styles.hint}>{label('profitNote')}</p>
          </>
        ) : (
          <p className={styles.hint}>{label('profitInvalid')}</p>
        )}
      </div>
    </section>
  );
}
