import { createI18n } from '@poolkit/core/i18n';
import { describe, expect, it } from 'vitest';
import { earningFigures } from './sections';

describe('earningFigures', () => {
  it("should show an account's balance and profits at the coin precision with its unit", () => {
    const { t } = createI18n();
    const figures = earningFigures(
      t,
      { balance: '0.05247299', today_estimated: '0.00012345', yesterday_profit: '0.5' },
      'btc',
    );
    expect(figures).toEqual([
      { label: 'Balance', value: '0.05247299 BTC' },
      { label: t('site.mining.todayEstimated'), value: '0.00012345 BTC' },
      { label: t('site.mining.yesterdayProfit'), value: '0.500000 BTC' },
    ]);
  });
});
