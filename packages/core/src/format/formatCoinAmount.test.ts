import { describe, expect, it } from 'vitest';
import { COIN_DISPLAY, MAX_AMOUNT_DECIMALS } from '../domain/coinDisplay';
import type { CoinId } from '../domain/coinIds';
import { COINS } from '../domain/coins';
import { coinDecimals, formatCoinAmount, formatCoinMoney } from './formatCoinAmount';

describe('coinDecimals', () => {
  it('should give each coin its display decimals', () => {
    expect(coinDecimals('btc')).toBe(6);
    expect(coinDecimals('xmr')).toBe(6);
    expect(coinDecimals('dcr')).toBe(6);
    expect(coinDecimals('kas')).toBe(4);
    expect(coinDecimals('grin-c32')).toBe(4);
    expect(coinDecimals('sumo')).toBe(4);
  });
});

describe('formatCoinAmount', () => {
  it('should truncate to the coin decimals instead of rounding up', () => {
    expect(formatCoinAmount('1.23456789', 'btc')).toBe('1.234567');
    expect(formatCoinAmount('0.99999999', 'kas')).toBe('0.9999');
    expect(formatCoinAmount('0.00009', 'kas')).toBe('0.0000');
  });

  it('should pad short amounts to the coin decimals', () => {
    expect(formatCoinAmount('0.5', 'btc')).toBe('0.500000');
    expect(formatCoinAmount('3', 'doge')).toBe('3.0000');
  });

  it('should group thousands by default and not when grouping is false', () => {
    expect(formatCoinAmount('12345.678901', 'kas')).toBe('12,345.6789');
    expect(formatCoinAmount('12345.678901', 'kas', { grouping: false })).toBe('12345.6789');
  });

  it('should append the ticker when withSymbol is set', () => {
    expect(formatCoinAmount('0.5', 'btc', { withSymbol: true })).toBe('0.500000 BTC');
    expect(formatCoinAmount('60', 'grin-c32', { withSymbol: true })).toBe('60.0000 GRIN');
    expect(formatCoinAmount('10', 'pmeer', { withSymbol: true })).toBe('10.0000 MEER');
  });

  it('should truncate negative amounts toward zero without showing -0', () => {
    expect(formatCoinAmount('-1.99999', 'kas')).toBe('-1.9999');
    expect(formatCoinAmount('-0.00001', 'kas')).toBe('0.0000');
  });

  it('should keep precision far beyond a float', () => {
    expect(formatCoinAmount('123456789012345678.123456789', 'eth', { grouping: false })).toBe(
      '123456789012345678.123456',
    );
  });

  it('should throw for an amount that is not a decimal string', () => {
    expect(() => formatCoinAmount('1e-8', 'btc')).toThrow(TypeError);
    expect(() => formatCoinAmount('1e-8', 'btc', { significantDigits: 3 })).toThrow(TypeError);
  });

  describe('with significantDigits', () => {
    it('should add decimals until a small amount shows three significant digits', () => {
      expect(formatCoinAmount('0.000065205598200592', 'etc', { significantDigits: 3 })).toBe(
        '0.0000652',
      );
      expect(formatCoinAmount('0.00017224', 'zec', { significantDigits: 3 })).toBe('0.000172');
      expect(formatCoinAmount('0.000081168942', 'xmr', { significantDigits: 3 })).toBe('0.0000811');
      expect(formatCoinAmount('0.002733720868', 'kda', { significantDigits: 3 })).toBe('0.00273');
    });

    it('should stop at the precision the amount has, so satoshis stay satoshis', () => {
      expect(formatCoinAmount('0.00000062', 'btc', { significantDigits: 3 })).toBe('0.00000062');
      expect(formatCoinAmount('0.00000001', 'btc', { significantDigits: 3 })).toBe('0.00000001');
    });

    it('should never show a non-zero amount as zero', () => {
      for (const amount of ['0.00000062', '0.000000000000000001', '0.00009']) {
        const text = formatCoinAmount(amount, 'etc', { significantDigits: 3 });
        expect(Number(text), amount).toBeGreaterThan(0);
      }
    });

    it('should keep the display decimals when they already show enough digits', () => {
      expect(formatCoinAmount('826.809827706894', 'sc', { significantDigits: 3 })).toBe('826.8098');
      expect(formatCoinAmount('0.00043672', 'dcr', { significantDigits: 3 })).toBe('0.000436');
      expect(formatCoinAmount('2.42395594', 'kas', { significantDigits: 3 })).toBe('2.4239');
      expect(formatCoinAmount('12345.6', 'kas', { significantDigits: 3 })).toBe('12,345.6000');
    });

    it('should show zero with the display decimals and keep the sign of a loss', () => {
      expect(formatCoinAmount('0', 'btc', { significantDigits: 3 })).toBe('0.000000');
      expect(formatCoinAmount('-0.000065209', 'etc', { significantDigits: 3 })).toBe('-0.0000652');
    });
  });
});

describe('formatCoinMoney', () => {
  it('should give a coin the catalogue does not know 8 decimals and its code upper-cased', () => {
    expect(formatCoinMoney('1234.123456789', 'xyz')).toBe('1,234.12345678 XYZ');
    expect(formatCoinMoney('2.5', 'xyz', { withSymbol: false })).toBe('2.50000000');
  });

  it("should show a BTC amount's every satoshi instead of cutting it to 6 decimals", () => {
    expect(formatCoinMoney('0.05247299', 'btc')).toBe('0.05247299 BTC');
    expect(formatCoinAmount('0.05247299', 'btc')).toBe('0.052472');
  });

  it('should keep the display decimals for an amount with fewer digits', () => {
    expect(formatCoinMoney('0.5', 'btc')).toBe('0.500000 BTC');
    expect(formatCoinMoney('1.50000000', 'btc')).toBe('1.500000 BTC');
    expect(formatCoinMoney('12345.6', 'kas')).toBe('12,345.6000 KAS');
  });

  it('should group thousands and name the coin by its ticker', () => {
    expect(formatCoinMoney('2020477.446168966430711455', 'eth')).toBe('2,020,477.44616896 ETH');
    expect(formatCoinMoney('1234.5', 'grin-c32')).toBe('1,234.5000 GRIN');
    expect(formatCoinMoney('1234.5', 'btc', { withSymbol: false })).toBe('1,234.500000');
  });

  it("should stop at the chain's smallest unit and cut the rest toward zero", () => {
    // HNS has 6 decimals on chain: a 7th digit is not a real amount.
    expect(formatCoinMoney('1.1234569', 'hns')).toBe('1.123456 HNS');
    expect(formatCoinMoney('0.999999999', 'btc')).toBe('0.99999999 BTC');
    expect(formatCoinMoney('-0.05247299', 'btc')).toBe('-0.05247299 BTC');
  });

  it('should reject what is not a decimal amount', () => {
    expect(() => formatCoinMoney('1e5', 'btc')).toThrow(TypeError);
  });

  it("should take each coin's precision from the coin data (its chain's decimals, at most 8)", () => {
    for (const [id, coin] of Object.entries(COINS)) {
      expect(COIN_DISPLAY[id as CoinId].amountDecimals, id).toBe(
        Math.min(coin.chainDecimals, MAX_AMOUNT_DECIMALS),
      );
      expect(COIN_DISPLAY[id as CoinId].amountDecimals, id).toBeGreaterThanOrEqual(
        coin.displayDecimals,
      );
    }
  });
});
