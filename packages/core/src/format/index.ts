// @poolkit/core/format: hashrates, exact decimals, coin amounts, currencies, time zones, durations.
export * from './currencySymbols';
export * from './decimal';
export * from './formatCoinAmount';
export * from './formatCurrency';
export * from './formatDuration';
export * from './formatHashrate';
export * from './formatInTimezone';
export * from './formatNumber';
export * from './formatPercent';
