import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_PRIVATE_ADDRESS_MESSAGE, WEBHOOK_UNKNOWN_HOST_MESSAGE } from '@poolkit/core';
import ipaddr from 'ipaddr.js';

function blockList(family: 'ipv4' | 'ipv6', subnets: readonly (readonly [string, number])[]) {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, family);
  return list;
}

/**
 * IPv4 addresses an alert webhook may not reach (server-side request forgery): "this network",
 * private (RFC 1918), CGNAT (RFC 6598), loopback, link-local (which holds the cloud metadata
 * address 169.254.169.254), IETF protocol assignments, documentation, the deprecated 6to4 relay
 * anycast, benchmarking, multicast, reserved and broadcast.
 */
const BLOCKED_IPV4 = blockList('ipv4', [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]);

/**
 * IPv6 forms that carry an IPv4 address in their last 32 bits: IPv4-compatible (`::a.b.c.d`,
 * deprecated, which also holds `::` and `::1`), IPv4-mapped (`::ffff:a.b.c.d`), IPv4-translated
 * (`::ffff:0:a.b.c.d`, RFC 6145) and the NAT64 well-known prefix (`64:ff9b::a.b.c.d`, RFC 6052).
 */
const EMBEDS_IPV4_LAST = blockList('ipv6', [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
]);
/** 6to4 (RFC 3056): `2002:AABB:CCDD::/48` routes to the IPv4 address `AA.BB.CC.DD`. */
const SIX_TO_FOUR = blockList('ipv6', [['2002::', 16]]);
/**
 * Teredo (RFC 4380): `2001:0:SSSS:SSSS:flags:port:CCCC:CCCC` holds the Teredo server's IPv4
 * address (`S`) and the client's, each bit inverted (`C`).
 */
const TEREDO = blockList('ipv6', [['2001::', 32]]);

/**
 * Global unicast (`2000::/3`): every other IPv6 address (unspecified, loopback, unique-local
 * `fc00::/7`, link-local `fe80::/10`, site-local `fec0::/10`, multicast `ff00::/8`, discard-only
 * `100::/64`, NAT64 local-use `64:ff9b:1::/48`, SRv6 `5f00::/16`, …) is not publicly routable,
 * apart from the forms that embed an IPv4 address, which are judged by it.
 */
const GLOBAL_UNICAST = blockList('ipv6', [['2000::', 3]]);
/**
 * Inside global unicast, still not public: the IETF protocol assignments (`2001::/23`, which
 * IANA lists as not globally reachable; Teredo, inside it, is judged by its IPv4 addresses) and
 * the documentation prefixes (`2001:db8::/32`, `3fff::/20`).
 */
const BLOCKED_IPV6 = blockList('ipv6', [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
]);

/**
 * The IPv4 addresses an IPv6 address carries in one of the forms above, so that `::127.0.0.1`,
 * `::ffff:10.0.0.1`, `64:ff9b::a9fe:a9fe`, `2002:7f00:1::` or a Teredo address of a private
 * server or client is judged by what it reaches. `undefined` when it carries none.
 */
function embeddedIpv4(address: string): string[] | undefined {
  // ipaddr.js reads `::a.b.c.d` as `::ffff:a.b.c.d` (its "deprecated transitional" form); both
  // put the IPv4 address in the last 32 bits, which is all that is read from them here.
  const bytes = ipaddr.IPv6.parse(address).toByteArray();
  const ipv4At = (offset: number, inverted = false) =>
    bytes
      .slice(offset, offset + 4)
      .map((byte) => (inverted ? 255 - byte : byte))
      .join('.');
  if (EMBEDS_IPV4_LAST.check(address, 'ipv6')) return [ipv4At(12)];
  if (SIX_TO_FOUR.check(address, 'ipv6')) return [ipv4At(2)];
  if (TEREDO.check(address, 'ipv6')) return [ipv4At(4), ipv4At(12, true)];
  return undefined;
}

/** Host names that always mean this machine or its network, whatever DNS says. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa)$/i;

/** Whether a host name is one of {@link LOCAL_NAMES} (a trailing dot ignored). */
export function isLocalName(host: string): boolean {
  return LOCAL_NAMES.test(host.replace(/\.$/, ''));
}

/**
 * Whether an IP address (v4 or v6, as `dns.lookup` or a URL gives it, brackets allowed) is not
 * public, so a webhook may not reach it: see {@link BLOCKED_IPV4}; an IPv6 address outside
 * global unicast ({@link GLOBAL_UNICAST}) or in {@link BLOCKED_IPV6}; and an IPv6 address that
 * embeds an IPv4 address (IPv4-compatible, IPv4-mapped, IPv4-translated, NAT64, 6to4, Teredo)
 * is judged by every IPv4 address it embeds. A scoped address (`fe80::1%eth0`) and anything
 * that is not an IP address count as internal.
 *
 * @example
 * isInternalAddress('169.254.169.254'); // true
 * isInternalAddress('::127.0.0.1'); // true: IPv4-compatible loopback
 * isInternalAddress('2002:7f00:1::'); // true: 6to4 of 127.0.0.1
 * isInternalAddress('8.8.8.8'); // false
 */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return BLOCKED_IPV4.check(bare, 'ipv4');
  if (family !== 6 || bare.includes('%')) return true;
  const embedded = embeddedIpv4(bare);
  if (embedded !== undefined) return embedded.some((ipv4) => BLOCKED_IPV4.check(ipv4, 'ipv4'));
  return !GLOBAL_UNICAST.check(bare, 'ipv6') || BLOCKED_IPV6.check(bare, 'ipv6');
}

/** The message a refused webhook address gets (the field is `webhook_url`). */
export const INTERNAL_WEBHOOK_MESSAGE = WEBHOOK_PRIVATE_ADDRESS_MESSAGE;
/** The message of a webhook host that DNS does not know. */
export const UNKNOWN_WEBHOOK_HOST_MESSAGE = WEBHOOK_UNKNOWN_HOST_MESSAGE;

/** Resolves a host name to all its addresses. */
export type HostResolver = (host: string) => Promise<readonly string[]>;

/** `dns.lookup` of every address of a host (what a connection would use). */
export const resolveHost: HostResolver = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) reject(error);
      else resolve(addresses.map((entry) => entry.address));
    });
  });

/**
 * Checks a webhook URL's host before it is saved: `null` when it may be used, else the reason.
 * An IP literal is judged as it is; a name is refused when it is a local name (`localhost`,
 * `*.local`, `*.internal`) or when any of its DNS addresses is internal
 * ({@link isInternalAddress}), or when it does not resolve. With `allowPrivate`
 * (`WEBHOOK_ALLOW_PRIVATE`), every host passes.
 */
export async function webhookUrlProblem(
  url: string,
  options: { readonly allowPrivate: boolean; readonly resolve?: HostResolver },
): Promise<string | null> {
  if (options.allowPrivate) return null;
  if (!URL.canParse(url)) return 'Expected an http:// or https:// URL';
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return isInternalAddress(host) ? INTERNAL_WEBHOOK_MESSAGE : null;
  if (isLocalName(host)) return INTERNAL_WEBHOOK_MESSAGE;
  let addresses: readonly string[];
  try {
    addresses = await (options.resolve ?? resolveHost)(host);
  } catch {
    return UNKNOWN_WEBHOOK_HOST_MESSAGE;
  }
  if (addresses.length === 0) return UNKNOWN_WEBHOOK_HOST_MESSAGE;
  return addresses.some(isInternalAddress) ? INTERNAL_WEBHOOK_MESSAGE : null;
}

/** Where a delivery connects: the addresses its host was checked at, or why it may not. */
export type DeliveryAddress =
  | { readonly ok: true; readonly addresses: readonly string[] }
  | {
      readonly ok: false;
      /** True when the address is internal: refused for good, a retry cannot make it public. */
      readonly refused: boolean;
      readonly error: string;
    };

/**
 * Resolves a delivery's host at send time and checks it again, since the URL was checked when
 * saved but DNS may answer differently now (DNS rebinding). An IP literal is judged as it is; a
 * local name ({@link isLocalName}) is refused; a name is resolved with `resolve` (default
 * {@link resolveHost}) and refused when any of its addresses is internal
 * ({@link isInternalAddress}). On success the answer is the checked addresses, which the sender
 * then connects to ({@link pinnedLookup}) instead of looking the name up a second time. A name
 * that does not resolve is a failure to retry, not a refusal. With `allowPrivate`
 * (`WEBHOOK_ALLOW_PRIVATE`) nothing is refused, but the connection is still pinned.
 */
export async function resolveDeliveryAddress(
  url: string,
  options: { readonly allowPrivate: boolean; readonly resolve?: HostResolver },
): Promise<DeliveryAddress> {
  if (!URL.canParse(url)) return { ok: false, refused: true, error: 'Refused: not a URL' };
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    return !options.allowPrivate && isInternalAddress(host)
      ? { ok: false, refused: true, error: `Refused: ${INTERNAL_WEBHOOK_MESSAGE}` }
      : { ok: true, addresses: [host] };
  }
  if (!options.allowPrivate && isLocalName(host)) {
    return { ok: false, refused: true, error: `Refused: ${host} is a local name` };
  }
  let addresses: readonly string[];
  try {
    addresses = await (options.resolve ?? resolveHost)(host);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      refused: false,
      error: `Could not resolve ${host}: ${reason}`.slice(0, 500),
    };
  }
  if (addresses.length === 0) {
    return { ok: false, refused: false, error: `Could not resolve ${host}: no address` };
  }
  const internal = options.allowPrivate ? undefined : addresses.find(isInternalAddress);
  if (internal !== undefined) {
    return {
      ok: false,
      refused: true,
      error: `Refused: ${host} resolves to the internal address ${internal}`,
    };
  }
  return { ok: true, addresses };
}

/**
 * A `lookup` for `http.request` that answers `addresses` (the first, or all of them when asked
 * for all, as Node's happy-eyeballs connect does) whatever name it is asked for: the connection
 * goes only to the addresses {@link resolveDeliveryAddress} checked, and the URL's host name
 * still goes in the `Host` header and, over TLS, in SNI and the certificate check.
 */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return (hostname, options, callback) => {
    const first = entries[0];
    if (first === undefined) {
      callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    } else if (options.all === true) {
      callback(null, entries);
    } else {
      callback(null, first.address, first.family);
    }
  };
}
