import {
  buildRateList,
  convertCurrency,
  formatCurrency,
  formatDecimal,
  type RateEntry,
} from '@poolkit/core/format';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from './servicesContext';
import { SelectField } from './ui';
import { useApiData } from './useApiData';

/** The CNY entry the rate list always ends with (spec section 3). */
export const CNY_RATE: RateEntry = { currency: 'CNY', rate: '1.000000', symbol: '￥' };

/** The rate entry of `currency`, CNY when the list has none for it. */
export function rateOf(
  rates: readonly RateEntry[],
  currency: string | null | undefined,
): RateEntry {
  return rates.find((entry) => entry.currency === currency) ?? CNY_RATE;
}

/**
 * The currency values are shown in: the session's choice (`currency`, kept for the browser
 * session, spec section 3), else `fallback` (a signed-in user's setting), else CNY; with the
 * rate list (`GET /v2/wallets/currency/rates`, the CNY entry appended) and the switch's setter.
 * Re-renders when the choice changes, on any page that shows it.
 */
export function useDisplayCurrency(fallback?: string): {
  entry: RateEntry;
  rates: readonly RateEntry[];
  choose: (currency: string) => void;
} {
  const { api, session } = useServices();
  const chosen = useSyncExternalStore(
    (notify) => session.subscribe(notify),
    () => session.get('currency'),
    () => null,
  );
  const answer = useApiData(async (signal) => api.currencyRates({}, { signal }), [], {
    silent: true,
  });
  const rates = buildRateList(answer.data?.rates ?? []);
  return {
    entry: rateOf(rates, chosen ?? fallback),
    rates,
    choose: (currency) => session.set('currency', currency),
  };
}

/**
 * A price in CNY in the entry's currency with its symbol: two decimals from 1 up (`$97,990.12`),
 * four significant digits below (`$0.2100`, `$0.003012`), cut toward zero like every amount.
 */
export function fiatPrice(priceCny: string, entry: RateEntry): string {
  const value = convertCurrency(priceCny, entry);
  if (Number(value) >= 1) return formatCurrency(value, entry);
  const leadingZeros = /^0\.(0*)/.exec(value)?.[1]?.length ?? 0;
  const decimals = Math.min(12, leadingZeros + 4);
  return `${entry.symbol}${formatDecimal(value, decimals, { grouping: false, rounding: 'down' })}`;
}

/** The currency switch: a labelled select of the rate list; the choice lasts the session. */
export function CurrencySelect({
  value,
  rates,
  onChange,
}: {
  value: RateEntry;
  rates: readonly RateEntry[];
  onChange: (currency: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('site.currency.label')}
      value={value.currency}
      options={rates.map((entry) => ({
        value: entry.currency,
        label: `${entry.currency} (${entry.symbol})`,
      }))}
      onChange={onChange}
    />
  );
}
