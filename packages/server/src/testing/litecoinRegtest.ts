/**
 * A Litecoin Core node on regtest for one test file: its own data folder and free ports, a
 * `pool` wallet (PoolKit's) and an `outside` wallet (the rest of the world) holding mined coins,
 * stopped and removed again by `stop()`. Regtest has no network and mines blocks on command.
 * `npm run regtest` (`scripts/regtest.ts`) starts the same node on a data folder it keeps.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type BitcoinRpc,
  BitcoinRpcConnectionError,
  BitcoinRpcError,
  createBitcoinRpc,
  RPC_IN_WARMUP,
  rpcAmount,
} from '../modules/chain/bitcoinRpc';

/** Debian's `litecoind` package puts the binary here. */
const litecoindBinaries = ['/usr/bin/litecoind', '/usr/local/bin/litecoind'];

/** The `litecoind` binary when it is installed, else `undefined`. */
export function litecoindBinary(): string | undefined {
  return litecoindBinaries.find((candidate) => existsSync(candidate));
}

/**
 * Why the tests on a node skip: `litecoind` is missing on this machine. `undefined` when they
 * run, and always in CI (`CI=true`), where a missing node must fail the run, not hide it.
 */
export function litecoinSkipReason(): string | undefined {
  if (litecoindBinary() !== undefined || process.env.CI === 'true') return undefined;
  return 'litecoind is not installed (apt-get install litecoind): the tests on a Litecoin regtest node skip';
}

/** A running regtest node. */
export interface LitecoinRegtest {
  /** The RPC URL of a wallet, with credentials: `http://user:pass@127.0.0.1:PORT/wallet/NAME`. */
  walletUrl(wallet: string): string;
  /** The RPC URLs of the two wallets. */
  readonly poolUrl: string;
  readonly outsideUrl: string;
  /** The node's RPC port. */
  readonly rpcPort: number;
  /** The clients of the two wallets. */
  readonly pool: BitcoinRpc;
  readonly outside: BitcoinRpc;
  /** Mines `blocks` blocks (to the outside wallet); resolves their hashes. */
  mine(blocks?: number): Promise<string[]>;
  /** Sends `amount` (a decimal string) from the outside wallet; resolves the txid. */
  sendFromOutside(address: string, amount: string): Promise<string>;
  /** How long the start took, in milliseconds (the node, the wallets and the first blocks). */
  readonly startMs: number;
  /** Stops the node (`stop`, then SIGKILL after 15 s) and removes its data folder. */
  stop(): Promise<void>;
}

/** A port nothing listens on (free a moment ago). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForRpc(rpc: BitcoinRpc, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`litecoind exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    try {
      await rpc.call('getblockchaininfo');
      return;
    } catch (error) {
      const starting =
        (error instanceof BitcoinRpcConnectionError && error.reason === 'unreachable') ||
        (error instanceof BitcoinRpcError && error.code === RPC_IN_WARMUP);
      if (!starting || Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What `launchLitecoind` needs: the data folder, the RPC port and the RPC credentials. */
export interface LitecoindOptions {
  readonly dataDir: string;
  readonly rpcPort: number;
  readonly user: string;
  readonly password: string;
}

/** A `litecoind -regtest` process answering RPC, with the wallets `pool` and `outside`. */
export interface LitecoindProcess {
  /** Whether the `outside` wallet was created now (a new chain: no coins to spend yet). */
  readonly fresh: boolean;
  /** A client of the node itself (no wallet in the URL). */
  readonly node: BitcoinRpc;
  /** The RPC URL of a wallet, with credentials: `http://user:pass@127.0.0.1:PORT/wallet/NAME`. */
  walletUrl(wallet: string): string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<void>;
  /** Stops the node (`stop`, then SIGKILL after 15 s); keeps its data folder. */
  stop(): Promise<void>;
}

/**
 * Starts `litecoind -regtest` on `options.dataDir` with the wallets `pool` and `outside` (loaded
 * when the folder holds them, created otherwise) and resolves once it answers RPC; on a failed
 * start the process is stopped and the error carries the node's last output.
 */
export async function launchLitecoind(options: LitecoindOptions): Promise<LitecoindProcess> {
  const binary = litecoindBinary();
  if (binary === undefined) {
    throw new Error('litecoind is not installed (apt-get install litecoind; .ci/run installs it)');
  }
  const { dataDir, rpcPort, user, password } = options;
  const kept = ['pool', 'outside'].filter((name) =>
    existsSync(path.join(dataDir, 'regtest', 'wallets', name)),
  );
  const child = spawn(
    binary,
    [
      '-regtest',
      `-datadir=${dataDir}`,
      '-server',
      '-listen=0',
      '-dnsseed=0',
      '-discover=0',
      `-rpcport=${rpcPort}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      `-rpcuser=${user}`,
      `-rpcpassword=${password}`,
      '-fallbackfee=0.0001',
      '-printtoconsole',
      ...kept.map((name) => `-wallet=${name}`),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const node = createBitcoinRpc(`http://${user}:${password}@127.0.0.1:${rpcPort}/`);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await node.call('stop').catch(() => child.kill('SIGTERM'));
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
  };
  try {
    await waitForRpc(node, child, () => output);
    for (const name of ['pool', 'outside']) {
      if (!kept.includes(name)) await node.call('createwallet', name);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    fresh: !kept.includes('outside'),
    node,
    walletUrl: (wallet) =>
      `http://${user}:${password}@127.0.0.1:${rpcPort}/wallet/${encodeURIComponent(wallet)}`,
    exited,
    stop,
  };
}

/**
 * Starts `litecoind -regtest` with the two wallets and `blocks` mined to the outside wallet
 * (default 101: a coinbase matures after 100 blocks, so the outside wallet can spend 50 LTC).
 */
export async function startLitecoinRegtest(blocks = 101): Promise<LitecoinRegtest> {
  const started = Date.now();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'poolkit-litecoin-'));
  const rpcPort = await freePort();
  let litecoind: LitecoindProcess | undefined;
  const stop = async () => {
    await litecoind?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    litecoind = await launchLitecoind({
      dataDir,
      rpcPort,
      user: `poolkit${randomBytes(4).toString('hex')}`,
      password: randomBytes(16).toString('hex'),
    });
    const { walletUrl } = litecoind;
    const pool = createBitcoinRpc(walletUrl('pool'));
    const outside = createBitcoinRpc(walletUrl('outside'));
    const miner = await outside.call('getnewaddress', 'miner');
    const mine = (count = 1) => outside.call('generatetoaddress', count, miner);
    await mine(blocks);
    return {
      walletUrl,
      poolUrl: walletUrl('pool'),
      outsideUrl: walletUrl('outside'),
      rpcPort,
      pool,
      outside,
      mine,
      sendFromOutside: (address, amount) =>
        outside.call('sendtoaddress', address, rpcAmount(amount)),
      startMs: Date.now() - started,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
