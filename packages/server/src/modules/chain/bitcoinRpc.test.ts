import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, type ConfigIssue } from '../../config';
import {
  freePort,
  type LitecoinRegtest,
  litecoinSkipReason,
  startLitecoinRegtest,
} from '../../testing/litecoinRegtest';
import {
  BitcoinRpcConnectionError,
  BitcoinRpcError,
  createBitcoinRpc,
  parseDecimalJson,
  RPC_WALLET_NOT_FOUND,
  redactRpcUrl,
  rpcAmount,
} from './bitcoinRpc';
import { connectNodeChains } from './connectNodes';

describe('redactRpcUrl', () => {
  it('should hide the password and keep the rest', () => {
    expect(redactRpcUrl('http://pool:s3cr%40t@127.0.0.1:9332/wallet/pool')).toBe(
      'http://pool:***@127.0.0.1:9332/wallet/pool',
    );
    // A password with an `@` in it, and a URL that does not parse, keep theirs hidden too.
    expect(redactRpcUrl('http://u:p@ss:word@host/wallet/w')).toBe('http://u:***@host/wallet/w');
    expect(redactRpcUrl('http://u:pass word@[bad/wallet/w')).toBe('http://u:***@[bad/wallet/w');
    expect(redactRpcUrl('http://127.0.0.1:9332/')).toBe('http://127.0.0.1:9332/');
  });
});

describe('rpcAmount', () => {
  it('should write the exact decimal literal with eight places', () => {
    expect(rpcAmount('1.5').rpcLiteral).toBe('1.50000000');
    expect(rpcAmount('0.00000001').rpcLiteral).toBe('0.00000001');
    expect(rpcAmount('0012').rpcLiteral).toBe('12.00000000');
    // 0.1 + 0.2 as floats is 0.30000000000000004: the literal never goes through a float.
    expect(rpcAmount('20999999.99999999').rpcLiteral).toBe('20999999.99999999');
  });

  it('should refuse what the chain cannot pay exactly', () => {
    for (const bad of ['0.000000001', '-1', '1e-8', 'abc', '', '1.', '.5']) {
      expect(() => rpcAmount(bad)).toThrow(/at most 8 decimals/);
    }
  });
});

describe('parseDecimalJson', () => {
  it('should read fractions as their decimal text and leave integers and strings alone', () => {
    expect(
      parseDecimalJson(
        '{"amount":-1.50000000,"fee":-0.00001410,"confirmations":3,"big":20999999.99999999,' +
          '"e":4.6e-10,"s":"1.5 \\"q\\" 2.5","list":[0.1,2],"ok":true,"none":null}',
      ),
    ).toEqual({
      amount: '-1.50000000',
      fee: '-0.00001410',
      confirmations: 3,
      big: '20999999.99999999',
      e: '4.6e-10',
      s: '1.5 "q" 2.5',
      list: ['0.1', 2],
      ok: true,
      none: null,
    });
  });
});

describe('createBitcoinRpc', () => {
  it('should refuse a URL that is not http, without showing its password', () => {
    expect(() => createBitcoinRpc('ftp://u:hunter2@host/wallet/w')).toThrow(
      'Not an http:// RPC URL: ftp://u:***@host/wallet/w',
    );
  });
});

const skip = litecoinSkipReason();

describe.skipIf(skip !== undefined)(`on a Litecoin regtest node${skip ? ` (${skip})` : ''}`, () => {
  let node: LitecoinRegtest;
  let closedPort = '';

  beforeAll(async () => {
    node = await startLitecoinRegtest();
    closedPort = String(await freePort());
    // The start time, for the test log: the node, two wallets and 101 blocks.
    process.stdout.write(`litecoind regtest started in ${node.startMs} ms\n`);
  });

  afterAll(async () => {
    await node?.stop();
  });

  /** The node's URL with one part changed. */
  const variant = (change: (url: URL) => void) => {
    const url = new URL(node.poolUrl);
    change(url);
    return url.toString();
  };

  it('should call a wallet and read amounts back exactly', async () => {
    const info = await node.pool.call('getblockchaininfo');
    expect(info.chain).toBe('regtest');
    expect(info.blocks).toBeGreaterThanOrEqual(101);
    const address = await node.pool.call('getnewaddress');
    const txId = await node.sendFromOutside(address, '0.30000001');
    const sent = await node.outside.call('gettransaction', txId);
    expect(sent.amount).toBe('-0.30000001');
    expect(sent.fee).toMatch(/^-0\.\d{8}$/);
    expect(await node.pool.call('getreceivedbyaddress', address, 0)).toBe('0.30000001');
  });

  it('should tell a refused password, a closed port and an RPC error apart, never showing the password', async () => {
    const password = new URL(node.poolUrl).password;
    const wrongPassword = createBitcoinRpc(variant((url) => (url.password = 'wrong')));
    const refused = await wrongPassword.call('getwalletinfo').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BitcoinRpcConnectionError);
    expect((refused as BitcoinRpcConnectionError).reason).toBe('credentials');

    const closed = createBitcoinRpc(variant((url) => (url.port = closedPort)));
    const unreachable = await closed.call('getwalletinfo').catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(BitcoinRpcConnectionError);
    expect((unreachable as BitcoinRpcConnectionError).reason).toBe('unreachable');
    expect((unreachable as Error).message).toContain(`:***@127.0.0.1:${closedPort}/wallet/pool`);

    const noWallet = createBitcoinRpc(node.walletUrl('nobody'));
    const missing = await noWallet.call('getwalletinfo').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(BitcoinRpcError);
    expect((missing as BitcoinRpcError).code).toBe(RPC_WALLET_NOT_FOUND);

    for (const error of [refused, unreachable, missing]) {
      expect(String((error as Error).message)).not.toContain(password);
    }
  });

  it('should pass the start check and read the network from the node', async () => {
    const [ltc] = await connectNodeChains([
      { coin: 'ltc', variable: 'LTC_RPC_URL', url: node.poolUrl },
    ]);
    expect(ltc?.network).toBe('regtest');
    expect(ltc?.name).toBe('node-ltc');
    expect(ltc?.redactedUrl).toMatch(
      /^http:\/\/poolkit[0-9a-f]+:\*\*\*@127\.0\.0\.1:\d+\/wallet\/pool$/,
    );
  });

  it('should fail the start check naming the variable, without the password', async () => {
    const password = new URL(node.poolUrl).password;
    const check = async (url: string): Promise<readonly ConfigIssue[]> => {
      const error = await connectNodeChains([{ coin: 'ltc', variable: 'LTC_RPC_URL', url }]).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).not.toContain(password);
      return (error as ConfigError).issues;
    };
    expect(await check(variant((url) => (url.password = 'wrong')))).toEqual([
      { variable: 'LTC_RPC_URL', message: 'the node refused the credentials' },
    ]);
    expect(await check(variant((url) => (url.port = closedPort)))).toEqual([
      {
        variable: 'LTC_RPC_URL',
        message: expect.stringMatching(
          new RegExp(
            `^the node at http://\\w+:\\*\\*\\*@127\\.0\\.0\\.1:${closedPort}/wallet/pool does not answer \\(ECONNREFUSED\\)$`,
          ),
        ),
      },
    ]);
    expect(await check(node.walletUrl('missing'))).toEqual([
      {
        variable: 'LTC_RPC_URL',
        message: expect.stringContaining('the node has no wallet "missing" loaded'),
      },
    ]);
  });
});
