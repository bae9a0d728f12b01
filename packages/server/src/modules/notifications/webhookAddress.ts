import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_PRIVATE_ADDRESS_MESSAGE, WEBHOOK_UNKNOWN_HOST_MESSAGE } from '@poolkit/core';

/**
 * Addresses an alert webhook may not reach (server-side request forgery): "this network",
 * loopback, RFC 1918 private ranges, CGNAT (RFC 6598), link-local (which holds the cloud
 * metadata address 169.254.169.254), benchmarking, documentation, multicast and reserved
 * ranges; for IPv6 the unspecified and loopback addresses, IPv4-mapped and NAT64 forms of the
 * above, unique-local (fc00::/7), link-local (fe80::/10), site-local and multicast.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** Host names that always mean this machine or its network, whatever DNS says. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa)$/i;

/**
 * Whether an IP address (v4 or v6, as `dns.lookup` or a URL gives it) is internal: see
 * {@link BLOCKED}. An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is judged as its IPv4 form.
 * Anything that is not an IP address counts as internal.
 *
 * @example
 * isInternalAddress('169.254.169.254'); // true
 * isInternalAddress('8.8.8.8'); // false
 */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1] !== undefined) return BLOCKED.check(mapped[1], 'ipv4');
  return BLOCKED.check(bare, 'ipv6');
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
  if (LOCAL_NAMES.test(host.replace(/\.$/, ''))) return INTERNAL_WEBHOOK_MESSAGE;
  let addresses: readonly string[];
  try {
    addresses = await (options.resolve ?? resolveHost)(host);
  } catch {
    return UNKNOWN_WEBHOOK_HOST_MESSAGE;
  }
  if (addresses.length === 0) return UNKNOWN_WEBHOOK_HOST_MESSAGE;
  return addresses.some(isInternalAddress) ? INTERNAL_WEBHOOK_MESSAGE : null;
}

/** Thrown (as a connection error) when a delivery's host resolves to an internal address. */
export class InternalAddressError extends Error {
  constructor(host: string, address: string) {
    super(`Refused: ${host} resolves to the internal address ${address}`);
    this.name = 'InternalAddressError';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that refuses internal addresses: the connection goes to the
 * address checked here, so a DNS answer that changes after the URL was saved (DNS rebinding)
 * cannot reach an internal service.
 */
export function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
): void {
  dnsLookup(
    hostname,
    { ...options, all: true, verbatim: true } as never,
    ((error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, []);
        return;
      }
      const internal = addresses.find((entry) => isInternalAddress(entry.address));
      if (internal !== undefined) {
        callback(
          Object.assign(new InternalAddressError(hostname, internal.address), {
            code: 'EINTERNAL',
          }),
          [],
        );
        return;
      }
      if (options.all === true) {
        callback(null, addresses);
        return;
      }
      const first = addresses[0];
      if (first === undefined) {
        callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
        return;
      }
      callback(null, first.address, first.family);
    }) as never,
  );
}
