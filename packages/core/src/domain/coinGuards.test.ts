import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MINING_COINS,
  canOpenAddressMiningPage,
  IP_STATISTICS_COINS,
  isPoolTypeOpen,
} from './coinGuards';

describe('ADDRESS_MINING_COINS', () => {
  it('should be alph, kas, sumo, zeph and aleo', () => {
    expect([...ADDRESS_MINING_COINS].sort()).toEqual(['aleo', 'alph', 'kas', 'sumo', 'zeph']);
  });

  it('should give IP statistics to aleo only', () => {
    expect(IP_STATISTICS_COINS).toEqual(['aleo']);
  });
});

describe('canOpenAddressMiningPage', () => {
  it('should open dashboard, stats and info for each address-mining coin', () => {
    for (const coin of ['alph', 'kas', 'sumo', 'zeph', 'aleo']) {
      expect(canOpenAddressMiningPage(coin, 'dashboard'), coin).toBe(true);
      expect(canOpenAddressMiningPage(coin, 'stats'), coin).toBe(true);
      expect(canOpenAddressMiningPage(coin, 'info'), coin).toBe(true);
    }
  });

  it('should refuse the non-IP pages for other coins', () => {
    expect(canOpenAddressMiningPage('btc', 'dashboard')).toBe(false);
    expect(canOpenAddressMiningPage('ltc', 'stats')).toBe(false);
    expect(canOpenAddressMiningPage('nope', 'info')).toBe(false);
  });

  it('should open ip-statistics for aleo only', () => {
    expect(canOpenAddressMiningPage('aleo', 'ip-statistics')).toBe(true);
    expect(canOpenAddressMiningPage('kas', 'ip-statistics')).toBe(false);
    expect(canOpenAddressMiningPage('btc', 'ip-statistics')).toBe(false);
  });

  it('should treat coin ids case-sensitively', () => {
    expect(canOpenAddressMiningPage('KAS', 'dashboard')).toBe(false);
    expect(canOpenAddressMiningPage('Aleo', 'ip-statistics')).toBe(false);
  });
});

describe('isPoolTypeOpen', () => {
  it('should close the pool pages of the five address-mining coins', () => {
    for (const coin of ['alph', 'kas', 'sumo', 'zeph', 'aleo']) {
      expect(isPoolTypeOpen(coin), coin).toBe(false);
    }
  });

  it('should open the pool pages of account-mined coins', () => {
    expect(isPoolTypeOpen('btc')).toBe(true);
    expect(isPoolTypeOpen('grin-c32')).toBe(true);
  });

  it('should close unknown coins and other letter cases', () => {
    expect(isPoolTypeOpen('unknowncoin')).toBe(false);
    expect(isPoolTypeOpen('BTC')).toBe(false);
    expect(isPoolTypeOpen('KAS')).toBe(false);
  });
});
