import { buildResources, createI18n, LANGUAGES } from '@poolkit/core/i18n';
import { describe, expect, it } from 'vitest';
import { exchangeDoneText, transferDoneText, withdrawDoneText } from './doneMessages';

const resources = buildResources();

describe('transferDoneText', () => {
  it('should say the amount sent at the coin precision with its unit', () => {
    const { t } = createI18n({ resources });
    expect(transferDoneText(t, { amount: '0.05247299', coin: 'btc', to_account: 'bob' })).toBe(
      'Transferred 0.05247299 BTC to bob.',
    );
  });

  it('should name the unit once in every language', () => {
    for (const language of LANGUAGES) {
      const { t } = createI18n({ language, resources });
      const text = transferDoneText(t, { amount: '0.05247299', coin: 'btc', to_account: 'bob' });
      expect(text.match(/BTC/g), `${language}: ${text}`).toHaveLength(1);
      expect(text, language).toContain('0.05247299 BTC');
    }
  });
});

describe('withdrawDoneText', () => {
  it('should say the amount withdrawn at the coin precision with its unit', () => {
    const { t } = createI18n({ resources });
    const done = { amount: '0.05247299', coin: 'btc', manual_audit: false };
    expect(withdrawDoneText(t, done)).toBe('Withdrawal of 0.05247299 BTC submitted.');
    expect(withdrawDoneText(t, { ...done, manual_audit: true })).toBe(
      'Withdrawal of 0.05247299 BTC submitted. It waits for a manual audit, done within 24 hours.',
    );
  });

  it('should name the unit once in every language', () => {
    for (const language of LANGUAGES) {
      const { t } = createI18n({ language, resources });
      for (const manual_audit of [false, true]) {
        const text = withdrawDoneText(t, { amount: '0.05247299', coin: 'btc', manual_audit });
        expect(text.match(/BTC/g), `${language}: ${text}`).toHaveLength(1);
        expect(text, language).toContain('0.05247299 BTC');
      }
    }
  });
});

describe('exchangeDoneText', () => {
  const done = { amount_in: '0.05247299', from: 'btc', amount_out: '3.20612345', to: 'ltc' };

  it('should say both amounts at their coin precision with their units', () => {
    const { t } = createI18n({ resources });
    expect(exchangeDoneText(t, done)).toBe('Exchanged 0.05247299 BTC for 3.20612345 LTC.');
  });

  it('should name each unit once in every language', () => {
    for (const language of LANGUAGES) {
      const { t } = createI18n({ language, resources });
      const text = exchangeDoneText(t, done);
      expect(text.match(/BTC/g), `${language}: ${text}`).toHaveLength(1);
      expect(text.match(/LTC/g), `${language}: ${text}`).toHaveLength(1);
      expect(text, language).toContain('0.05247299 BTC');
      expect(text, language).toContain('3.20612345 LTC');
    }
  });
});
