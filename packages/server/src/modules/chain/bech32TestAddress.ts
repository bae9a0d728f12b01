/**
 * Bech32 (BIP 173), enough to write a segwit address's program under another network's prefix:
 * the tests' way to a valid mainnet address (`ltc1…`) that a regtest node must refuse. For
 * tests only.
 */

const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function polymod(values: readonly number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let check = 1;
  for (const value of values) {
    const top = check >>> 25;
    check = ((check & 0x1ffffff) << 5) ^ value;
    for (const [bit, generator] of generators.entries()) {
      if ((top >>> bit) & 1) check ^= generator;
    }
  }
  return check;
}

/** `address` (bech32) with the same program under `prefix` (`ltc`, `rltc`), checksum valid. */
export function withPrefix(address: string, prefix: string): string {
  const data = [...address.slice(address.lastIndexOf('1') + 1, -6)].map((c) => charset.indexOf(c));
  const expanded = [...[...prefix].map((c) => c.charCodeAt(0) >> 5), 0];
  expanded.push(...[...prefix].map((c) => c.charCodeAt(0) & 31));
  const mod = polymod([...expanded, ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod >>> (5 * (5 - i))) & 31);
  return `${prefix}1${[...data, ...checksum].map((v) => charset[v]).join('')}`;
}
