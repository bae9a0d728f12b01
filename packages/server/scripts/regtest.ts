/**
 * `npm run regtest`: a Litecoin regtest node with the wallets `pool` and `outside` in a data
 * folder kept between runs (`POOLKIT_REGTEST_DIR`, default `.poolkit-regtest/` at the repository's
 * root), 101 blocks mined to `outside` on the first start so it can spend, then PoolKit as
 * `npm start` runs it, with LTC on the node's `pool` wallet and its embedded database in the same
 * folder (a new chain must not meet a database that remembers another). Prints the
 * `litecoin-cli` lines that send a deposit and mine the block confirming it. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBitcoinRpc } from '../src/modules/chain/bitcoinRpc';
import { freePort, launchLitecoind } from '../src/testing/litecoinRegtest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = path.resolve(root, process.env.POOLKIT_REGTEST_DIR || '.poolkit-regtest');
const nodeDir = path.join(dataDir, 'litecoin');
const confFile = path.join(nodeDir, 'litecoin.conf');

/**
 * The RPC credentials, made on the first start and kept in the node's `litecoin.conf`, where
 * `litecoin-cli -datadir=…` finds them too, so the printed lines carry no password.
 */
function credentials(): { user: string; password: string } {
  if (!existsSync(confFile)) {
    mkdirSync(nodeDir, { recursive: true });
    const password = randomBytes(16).toString('hex');
    writeFileSync(confFile, `rpcuser=poolkit\nrpcpassword=${password}\n`, { mode: 0o600 });
  }
  const settings = new Map(
    readFileSync(confFile, 'utf8')
      .split('\n')
      .map((line) => line.split('=') as [string, string]),
  );
  const user = settings.get('rpcuser');
  const password = settings.get('rpcpassword');
  if (!user || !password) throw new Error(`${confFile}: rpcuser and rpcpassword are needed`);
  return { user, password };
}

const rpcPort = Number(process.env.POOLKIT_REGTEST_RPC_PORT) || (await freePort());
const litecoind = await launchLitecoind({ dataDir: nodeDir, rpcPort, ...credentials() });
let miner: string;
try {
  const outside = createBitcoinRpc(litecoind.walletUrl('outside'));
  miner = (await outside.call('getnewaddress', 'miner')) as string;
  // A coinbase matures after 100 blocks: 101 give the outside wallet 50 LTC to spend.
  if (litecoind.fresh) await outside.call('generatetoaddress', 101, miner);
} catch (error) {
  await litecoind.stop();
  throw error;
}

const cli = `litecoin-cli -regtest -datadir=${nodeDir} -rpcport=${rpcPort} -rpcwallet=outside`;
console.log(
  [
    `Litecoin regtest node on 127.0.0.1:${rpcPort}, data in ${nodeDir}`,
    'Send 1 LTC to a deposit address (copy yours from the site), then mine a block to confirm it:',
    `  ${cli} sendtoaddress <addr> 1`,
    `  ${cli} generatetoaddress 1 ${miner}`,
    'Starting PoolKit with LTC on the node (Ctrl-C stops PoolKit and the node)…',
  ].join('\n'),
);

// A group of its own: Ctrl-C reaches PoolKit once, from here, not also from the terminal (a
// second SIGINT would cut its shutdown short).
const poolkit = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
  env: {
    ...process.env,
    POOLKIT_DATA_DIR: path.join(dataDir, 'data'),
    LTC_RPC_URL: litecoind.walletUrl('pool'),
  },
});
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // npm passes the signal on too: forward only the first.
    if (stopping) return;
    stopping = true;
    poolkit.kill(signal);
  });
}
poolkit.on('exit', (code, signal) => {
  void litecoind.stop().then(() => {
    console.log('Litecoin regtest node stopped.');
    process.exit(code ?? (signal && !stopping ? 1 : 0));
  });
});
