import { describe, expect, it } from 'vitest';
import { COIN_IDS, type CoinId } from '../domain/coinIds';
import { isMiningAddressShape, miningAddressPattern } from './miningAddressPattern';

/** One address of the right shape per coin (shape only: checksums are not verified). */
const SAMPLES: Record<CoinId, string> = {
  btc: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  ltc: 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9',
  doge: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
  xmr: `4${'A'.repeat(94)}`,
  eth: '0x52908400098527886E0F7030069857D2E4169EE7',
  etc: '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae',
  hns: 'hs1qd42hrldu5yqee58se4uj6xctm7nk28r70e84vx',
  kda: `k:${'ab'.repeat(32)}`,
  lbc: 'bHW58d37s1hBjj3wPBkn5zpCX3F8ZW3uWf',
  ckb: 'ckb1qyqrdsefa43s6m882pcj53m4gdnj4k440axqdt9rtd',
  stc: `0x${'1f'.repeat(16)}`,
  dash: 'XpESxaUmonkq8RaLLp46Brx2K39ggQe226',
  sc: 'a'.repeat(76),
  scp: '0'.repeat(76),
  cfx: 'cfx:aak2rra2njvd77ezwjvx04kkds9fzagfe6ku8scz91',
  'grin-c32': `grin1${'q'.repeat(58)}`,
  pmeer: 'MmQitmeerMainNetGuardAddressXd7b76q',
  rvn: `R${'a'.repeat(33)}`,
  zec: `t1${'a'.repeat(33)}`,
  dcr: `Ds${'a'.repeat(33)}`,
  erg: `9${'f'.repeat(50)}`,
  alph: '1DrDyTr9RpRsQnDnXo2YRiPzPW4ooHX5LLoqXrqfMrpQH',
  kas: `kaspa:${'q'.repeat(61)}`,
  sumo: `Sumo${'a'.repeat(95)}`,
  zeph: `ZEPHYR${'a'.repeat(92)}`,
  aleo: `aleo1${'q'.repeat(58)}`,
};

describe('miningAddressPattern', () => {
  it('should have a pattern for every coin', () => {
    for (const coin of COIN_IDS) expect(miningAddressPattern(coin)).toBeInstanceOf(RegExp);
  });

  it('should accept an address of the right shape for every coin', () => {
    for (const coin of COIN_IDS) {
      expect(miningAddressPattern(coin).test(SAMPLES[coin]), coin).toBe(true);
    }
  });

  it('should refuse an empty address for every coin', () => {
    for (const coin of COIN_IDS) expect(miningAddressPattern(coin).test(''), coin).toBe(false);
  });
});

describe('isMiningAddressShape', () => {
  it('should ignore surrounding spaces', () => {
    expect(isMiningAddressShape('eth', ` ${SAMPLES.eth} `)).toBe(true);
  });

  it('should refuse an address of another coin', () => {
    expect(isMiningAddressShape('kas', SAMPLES.eth)).toBe(false);
    expect(isMiningAddressShape('btc', SAMPLES.ltc)).toBe(false);
    expect(isMiningAddressShape('xmr', SAMPLES.sumo)).toBe(false);
    expect(isMiningAddressShape('aleo', SAMPLES['grin-c32'])).toBe(false);
  });

  it('should refuse characters outside the alphabet and wrong lengths', () => {
    // 0, O, I and l are not base58.
    expect(isMiningAddressShape('rvn', `R${'0'.repeat(33)}`)).toBe(false);
    expect(isMiningAddressShape('rvn', `R${'a'.repeat(32)}`)).toBe(false);
    expect(isMiningAddressShape('eth', '0x1234')).toBe(false);
    expect(isMiningAddressShape('kda', 'k:xyz')).toBe(false);
    expect(isMiningAddressShape('kas', `kaspa:${'b'.repeat(61)}`)).toBe(false);
    expect(isMiningAddressShape('sumo', `Sumo${'a'.repeat(20)}`)).toBe(false);
  });

  it('should accept the other address kinds a coin has', () => {
    expect(isMiningAddressShape('btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(isMiningAddressShape('xmr', `4${'B'.repeat(105)}`)).toBe(true);
    expect(isMiningAddressShape('sumo', `Subo${'a'.repeat(94)}`)).toBe(true);
    expect(isMiningAddressShape('sumo', `Sumi${'a'.repeat(106)}`)).toBe(true);
    expect(isMiningAddressShape('pmeer', SAMPLES.eth)).toBe(true);
  });
});
