import type { CoinId } from '@poolkit/core/domain';
import { describe, expect, it } from 'vitest';
import { configExample } from './configExample';

const labels = { url: 'Pool URL', worker: 'Worker name', password: 'Password' };

function pool(coin: CoinId, algorithm: string, addressMining = false) {
  return {
    coin,
    algorithm,
    address_mining: addressMining,
    stratum: [{ region: 'Asia', url: `stratum+tcp://${coin}.poolkit.example:3333` }],
  };
}

describe('configExample', () => {
  it('should give a coin a CPU or GPU miner the command line with the pool and account.worker', () => {
    expect(configExample(pool('xmr', 'RandomX'), labels)).toBe(
      'xmrig -a rx/0 -o stratum+tcp://xmr.poolkit.example:3333 -u account.worker -p x',
    );
    expect(configExample(pool('rvn', 'KawPoW'), labels)).toBe(
      't-rex -a kawpow -o stratum+tcp://rvn.poolkit.example:3333 -u account.worker -p x',
    );
  });

  it('should sign address-mining workers in as address.worker', () => {
    expect(configExample(pool('zeph', 'RandomX', true), labels)).toContain('-u address.worker');
  });

  it("should give an ASIC coin the fields of the machine's pool settings", () => {
    expect(configExample(pool('btc', 'SHA-256d'), labels)).toBe(
      'Pool URL: stratum+tcp://btc.poolkit.example:3333\nWorker name: account.worker\nPassword: x',
    );
  });
});
