import { describe, expect, it } from 'vitest';
import { coinMoney, money } from './format';

describe('coinMoney', () => {
  it("should show a coin amount at the coin's precision, grouped, with its unit", () => {
    expect(coinMoney('0.05247299', 'btc')).toBe('0.05247299 BTC');
    expect(coinMoney('12345.6', 'kas')).toBe('12,345.6000 KAS');
  });

  it('should cope with a missing amount, an unknown coin and a malformed amount', () => {
    expect(coinMoney(null, 'btc')).toBe('--');
    expect(coinMoney('1234.123456789', 'xyz')).toBe('1,234.12345678 XYZ');
    expect(coinMoney('n/a', 'btc')).toBe('n/a');
  });
});

describe('money', () => {
  it('should write every CNY amount the same way: symbol, grouping, two decimals', () => {
    expect(money('24900.00', 'CNY')).toBe('￥24,900.00');
    expect(money('691767.46', 'CNY')).toBe('￥691,767.46');
  });

  it("should give a price quoted in a coin the coin's precision, not two decimals", () => {
    expect(money('0.0015', 'BTC')).toBe('0.001500 BTC');
    expect(money('400', 'KDA')).toBe('400.0000 KDA');
  });

  it('should cope with a missing amount and a malformed one', () => {
    expect(money(null, 'CNY')).toBe('--');
    expect(money('soon', 'CNY')).toBe('soon CNY');
  });
});
