import type { CoinId } from '../domain/coinIds';

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const BECH32 = '[02-9ac-hj-np-z]';

/**
 * Shape of a payout address per coin: prefix, alphabet and length only. These patterns catch
 * typos and addresses of the wrong coin; they do NOT verify checksums, so a shape match is not
 * proof that an address is valid — the server (or the chain) has the last word, and reports
 * "The address is wrong" otherwise. Where a coin has several address kinds, the ones miners are
 * paid to are accepted.
 */
const PATTERNS: Record<CoinId, RegExp> = {
  // Legacy P2PKH/P2SH (1…, 3…) or bech32/bech32m (bc1…).
  btc: new RegExp(`^(?:[13]${BASE58}{25,34}|bc1${BECH32}{11,71})$`),
  // L…, M…, 3… or ltc1….
  ltc: new RegExp(`^(?:[LM3]${BASE58}{25,33}|ltc1${BECH32}{11,71})$`),
  // D… (P2PKH), A… or 9… (P2SH).
  doge: new RegExp(`^[DA9]${BASE58}{25,33}$`),
  // Standard and subaddresses (95 chars, 4…/8…) and integrated addresses (106 chars, 4…).
  xmr: new RegExp(`^(?:[48]${BASE58}{94}|4${BASE58}{105})$`),
  // 0x and 40 hex digits (checksum casing not checked).
  eth: /^0x[0-9a-fA-F]{40}$/,
  etc: /^0x[0-9a-fA-F]{40}$/,
  // Bech32 with the hs prefix.
  hns: new RegExp(`^hs1${BECH32}{8,87}$`),
  // A k: account (k: and a 64-hex public key), the kind pools pay to.
  kda: /^k:[0-9a-f]{64}$/,
  // b… (P2PKH) or r… (P2SH).
  lbc: new RegExp(`^[br]${BASE58}{25,33}$`),
  // ckb1… (short or full format).
  ckb: new RegExp(`^ckb1${BECH32}{40,110}$`),
  // 0x and 32 hex digits (a 16-byte account address).
  stc: /^0x[0-9a-fA-F]{32}$/,
  // X… (P2PKH) or 7… (P2SH), 34 chars.
  dash: new RegExp(`^[X7]${BASE58}{33}$`),
  // 76 hex digits: a 32-byte hash and a 6-byte checksum.
  sc: /^[0-9a-f]{76}$/,
  scp: /^[0-9a-f]{76}$/,
  // CIP-37 base32, optionally with a type part: cfx:aa…, cfx:type.user:aa….
  cfx: /^cfx:(?:type\.[a-z]+:)?[a-z0-9]{42}$/i,
  // A slatepack address: grin1 and 58 bech32 characters.
  'grin-c32': new RegExp(`^grin1${BECH32}{58}$`),
  // Qitmeer base58 addresses start with Mm on mainnet; the EVM side uses 0x addresses.
  pmeer: new RegExp(`^(?:Mm${BASE58}{30,40}|0x[0-9a-fA-F]{40})$`),
  // R…, 34 chars.
  rvn: new RegExp(`^R${BASE58}{33}$`),
  // Transparent addresses t1…/t3…, 35 chars (pools pay to transparent addresses).
  zec: new RegExp(`^t[13]${BASE58}{33}$`),
  // Ds… (P2PKH) or Dc… (P2SH), 35 chars.
  dcr: new RegExp(`^D[sc]${BASE58}{33}$`),
  // P2PK addresses: 9 and 50 more base58 characters.
  erg: new RegExp(`^9${BASE58}{50}$`),
  // Base58; P2PKH addresses are about 45 characters, multisig ones longer.
  alph: new RegExp(`^${BASE58}{40,128}$`),
  // kaspa: and 61-63 bech32-alphabet characters.
  kas: new RegExp(`^kaspa:${BECH32}{61,63}$`),
  // Sumo… (standard, 99), Subo… (subaddress, 98), Sumi… (integrated, 110).
  sumo: new RegExp(`^(?:Sumo|Subo|Sumi)${BASE58}{94,106}$`),
  // ZEPH… CryptoNote addresses (standard, subaddress and integrated forms).
  zeph: new RegExp(`^ZEPH${BASE58}{90,110}$`),
  // aleo1 and 58 bech32 characters.
  aleo: new RegExp(`^aleo1${BECH32}{58}$`),
};

/**
 * The shape-only pattern of a coin's payout address (prefix, alphabet, length; no checksum).
 *
 * @example
 * miningAddressPattern('eth').test('0x52908400098527886E0F7030069857D2E4169EE7') // true
 */
export function miningAddressPattern(coin: CoinId): RegExp {
  return PATTERNS[coin];
}

/**
 * True when `address` has the shape of a payout address of `coin` (see
 * {@link miningAddressPattern}: shape only, no checksum). Surrounding spaces are ignored.
 */
export function isMiningAddressShape(coin: CoinId, address: string): boolean {
  return PATTERNS[coin].test(address.trim());
}
