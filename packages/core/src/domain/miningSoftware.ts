/**
 * The mining software the download page (`/download`) recommends, per algorithm, in one place.
 *
 * Decision: PoolKit hosts no binaries; each entry links the project's own release page
 * (where its authors publish builds and checksums), so a miner never downloads a copy that could
 * be tampered with or out of date. Algorithms are spelt as core's `COINS[coin].algorithm` spells
 * them, so a coin finds its software by its algorithm. Algorithms no entry lists (SHA-256d,
 * Scrypt, kHeavyHash, …) are mined by ASIC machines whose own firmware connects to the pool; the
 * page says so rather than recommending a program. Ethash is absent: Ethereum is no longer mined.
 */
export interface MiningSoftware {
  /** Stable id (React keys, tests). */
  readonly id: string;
  /** The project's name. */
  readonly name: string;
  /** The project's official release page. */
  readonly releasesUrl: string;
  /** What it runs on. */
  readonly hardware: 'cpu' | 'gpu';
  /**
   * The algorithms it mines (as `COINS` spells them) → the software's own name for each, with any
   * flag its documentation requires beside it for that algorithm (Rigel's `--coin` on KawPoW).
   */
  readonly algorithms: Readonly<Record<string, string>>;
  /**
   * Its command line, with `{algo}` (the software's name of the algorithm), `{url}` (the
   * stratum URL), `{host}` (host:port without the scheme) and `{user}` (the worker's user name).
   */
  readonly command: string;
}

/**
 * The recommended mining software, CPU first, then GPU; see {@link MiningSoftware}.
 *
 * Each command line and algorithm name follows the software's own documentation:
 * - XMRig: `-a -o -u -p` from its `--help` text and the names `rx/0`, `cn/r` from its
 *   algorithm table (github.com/xmrig/xmrig, `doc/ALGORITHMS.md`).
 * - lolMiner: `--algo`, `--pool <host>:<port>` (no scheme), `--user` from its README's Mining
 *   Options table, `ALEPH` from its 1.62 notes, `ETCHASH`, `AUTOLYKOS2`, `C32` from
 *   `--list-algos` (github.com/Lolliedieb/lolMiner-releases, `README.md`).
 * - T-Rex: `-a -o -u -p` and `kawpow`, `etchash`, `autolykos2`, `octopus` from its README's
 *   usage (github.com/trexminer/T-Rex, `README.md`).
 * - Rigel: `-a -o -u` and `etchash`, `autolykos2`, `octopus`, `alephium`, `kawpow --coin rvn`
 *   (kawpow needs the coin) from the example scripts shipped in its releases
 *   (github.com/rigelminer/rigel, `README.md` and releases).
 */
export const MINING_SOFTWARE: readonly MiningSoftware[] = [
  {
    id: 'xmrig',
    name: 'XMRig',
    releasesUrl: 'https://github.com/xmrig/xmrig/releases',
    hardware: 'cpu',
    algorithms: { RandomX: 'rx/0', 'CryptoNight-R': 'cn/r' },
    command: 'xmrig -a {algo} -o {url} -u {user} -p x',
  },
  {
    id: 'lolminer',
    name: 'lolMiner',
    releasesUrl: 'https://github.com/Lolliedieb/lolMiner-releases/releases',
    hardware: 'gpu',
    algorithms: {
      Etchash: 'ETCHASH',
      'Autolykos v2': 'AUTOLYKOS2',
      Blake3: 'ALEPH',
      Cuckatoo32: 'C32',
    },
    command: 'lolMiner --algo {algo} --pool {host} --user {user}',
  },
  {
    id: 't-rex',
    name: 'T-Rex',
    releasesUrl: 'https://github.com/trexminer/T-Rex/releases',
    hardware: 'gpu',
    algorithms: {
      KawPoW: 'kawpow',
      Etchash: 'etchash',
      'Autolykos v2': 'autolykos2',
      Octopus: 'octopus',
    },
    command: 't-rex -a {algo} -o {url} -u {user} -p x',
  },
  {
    id: 'rigel',
    name: 'Rigel',
    releasesUrl: 'https://github.com/rigelminer/rigel/releases',
    hardware: 'gpu',
    algorithms: {
      KawPoW: 'kawpow --coin rvn',
      Etchash: 'etchash',
      'Autolykos v2': 'autolykos2',
      Octopus: 'octopus',
      Blake3: 'alephium',
    },
    command: 'rigel -a {algo} -o {url} -u {user}',
  },
];

/** The software of {@link MINING_SOFTWARE} that mines `algorithm`, in the list's order. */
export function miningSoftwareFor(algorithm: string): MiningSoftware[] {
  return MINING_SOFTWARE.filter((software) => algorithm in software.algorithms);
}

/**
 * The user name a worker signs in with: `account.worker` on account pools, `address.worker` on
 * address-mining pools (the stratum user name is the payout address there).
 */
export function stratumUserFormat(addressMining: boolean): string {
  return addressMining ? 'address.worker' : 'account.worker';
}

/**
 * `software`'s command line for `algorithm` on the stratum `url`, signing in as `user`; `null`
 * when it does not mine the algorithm.
 */
export function minerCommand(
  software: MiningSoftware,
  algorithm: string,
  url: string,
  user: string,
): string | null {
  const algo = software.algorithms[algorithm];
  if (algo === undefined) return null;
  const host = url.replace(/^stratum\+(tcp|ssl):\/\//, '');
  return software.command
    .replace('{algo}', algo)
    .replace('{url}', url)
    .replace('{host}', host)
    .replace('{user}', user);
}
