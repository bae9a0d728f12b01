import { describe, expect, it } from 'vitest';
import { COIN_IDS } from './coinIds';
import { COINS } from './coins';
import {
  MINING_SOFTWARE,
  minerCommand,
  miningSoftwareFor,
  stratumUserFormat,
} from './miningSoftware';

describe('MINING_SOFTWARE', () => {
  it('should name only algorithms a coin mines, and link each project over https', () => {
    const algorithms = new Set(COIN_IDS.map((coin) => COINS[coin].algorithm));
    for (const software of MINING_SOFTWARE) {
      expect(software.releasesUrl, software.id).toMatch(/^https:\/\/\S+\/releases$/);
      for (const algorithm of Object.keys(software.algorithms)) {
        expect(algorithms.has(algorithm), `${software.id}: ${algorithm}`).toBe(true);
      }
    }
  });

  it('should find the software of an algorithm, and none for ASIC-only ones', () => {
    expect(miningSoftwareFor('RandomX').map((software) => software.name)).toEqual(['XMRig']);
    expect(miningSoftwareFor('KawPoW').map((software) => software.name)).toEqual([
      'T-Rex',
      'Rigel',
    ]);
    expect(miningSoftwareFor('SHA-256d')).toEqual([]);
  });

  it('should write a command line with the pool’s stratum URL and the worker’s user name', () => {
    const [xmrig] = miningSoftwareFor('RandomX');
    const [lolMiner] = miningSoftwareFor('Cuckatoo32');
    if (xmrig === undefined || lolMiner === undefined) throw new Error('missing software');
    const url = 'stratum+tcp://xmr.poolkit.example:3333';
    expect(minerCommand(xmrig, 'RandomX', url, stratumUserFormat(false))).toBe(
      'xmrig -a rx/0 -o stratum+tcp://xmr.poolkit.example:3333 -u account.worker -p x',
    );
    expect(
      minerCommand(lolMiner, 'Cuckatoo32', 'stratum+tcp://grin.poolkit.example:3333', 'a.w'),
    ).toBe('lolMiner --algo C32 --pool grin.poolkit.example:3333 --user a.w');
    expect(minerCommand(xmrig, 'SHA-256d', url, 'a.w')).toBeNull();
    expect(
      minerCommand(xmrig, 'CryptoNight-R', 'stratum+tcp://sumo.poolkit.example:3333', 'a.w'),
    ).toBe('xmrig -a cn/r -o stratum+tcp://sumo.poolkit.example:3333 -u a.w -p x');
    expect(stratumUserFormat(true)).toBe('address.worker');
  });

  it('should write each GPU miner’s line with the flags and algorithm names its documentation gives', () => {
    const [tRex, rigel] = miningSoftwareFor('KawPoW');
    const [lolMiner] = miningSoftwareFor('Blake3');
    if (tRex === undefined || rigel === undefined || lolMiner === undefined) {
      throw new Error('missing software');
    }
    const url = 'stratum+tcp://pool.poolkit.example:3333';
    expect(minerCommand(tRex, 'KawPoW', url, 'a.w')).toBe(
      't-rex -a kawpow -o stratum+tcp://pool.poolkit.example:3333 -u a.w -p x',
    );
    expect(minerCommand(tRex, 'Octopus', url, 'a.w')).toBe(
      't-rex -a octopus -o stratum+tcp://pool.poolkit.example:3333 -u a.w -p x',
    );
    // Rigel mines KawPoW only with the coin named.
    expect(minerCommand(rigel, 'KawPoW', url, 'a.w')).toBe(
      'rigel -a kawpow --coin rvn -o stratum+tcp://pool.poolkit.example:3333 -u a.w',
    );
    expect(minerCommand(rigel, 'Blake3', url, 'a.w')).toBe(
      'rigel -a alephium -o stratum+tcp://pool.poolkit.example:3333 -u a.w',
    );
    // lolMiner takes host:port without the scheme.
    expect(minerCommand(lolMiner, 'Blake3', url, 'a.w')).toBe(
      'lolMiner --algo ALEPH --pool pool.poolkit.example:3333 --user a.w',
    );
    expect(minerCommand(lolMiner, 'Autolykos v2', url, 'a.w')).toBe(
      'lolMiner --algo AUTOLYKOS2 --pool pool.poolkit.example:3333 --user a.w',
    );
    expect(minerCommand(lolMiner, 'Etchash', url, 'a.w')).toBe(
      'lolMiner --algo ETCHASH --pool pool.poolkit.example:3333 --user a.w',
    );
  });
});
